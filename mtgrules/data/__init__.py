"""Local data: the user's imported Comprehensive Rules, cards and rulings.

The project ships none of that text. ``mtgrules rules import`` and ``mtgrules
cards import`` (or ``mtgrules data update``) read the user's official files
into one SQLite database in the user's data directory; every import builds a
new database file beside the old one and swaps it in with ``os.replace``, so an
interrupted import leaves the previous database usable.
"""
