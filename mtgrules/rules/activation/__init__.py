"""Activating abilities (CR 602, 605.3, 606, 118.3, 302.6): the conditions and
costs of one activated ability, how abilities are numbered, what an unread ability's
words say of its form, and summoning sickness."""
