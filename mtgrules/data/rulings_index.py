"""The full-text index of the imported rulings (``rulings_fts``), built at every import.

Answers rank a card's rulings by their relevance to each reason with SQLite FTS5's
``bm25`` (:mod:`mtgrules.cards.ruling_search`). The index holds no text of its own: it is
an external-content FTS5 table over ``rulings``, so it is rebuilt whole after each import
(the rulings are carried over into a new database file, and their rowids with them).

Words are stemmed (Porter), so "copy", "copies" and "copied" are one term; braces are part
of a word, so a mana symbol such as ``{T}`` is a term of its own and never the stray ``t``
of "don't".
"""

from __future__ import annotations

import sqlite3

TABLE = "rulings_fts"

SCHEMA = f"""
CREATE VIRTUAL TABLE {TABLE} USING fts5(
    text, content='rulings', content_rowid='rowid',
    tokenize="porter unicode61 tokenchars '{{}}'"
);
"""


def create(con: sqlite3.Connection) -> None:
    """Create the (empty) index in a new database."""
    con.executescript(SCHEMA)


def fill(con: sqlite3.Connection) -> None:
    """Index every row of ``rulings`` (after the import has filled it)."""
    con.execute(f"INSERT INTO {TABLE}({TABLE}) VALUES ('rebuild')")


def has_index(con: sqlite3.Connection) -> bool:
    """Whether the database has the index (one imported before it existed has not)."""
    row = con.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (TABLE,)
    ).fetchone()
    return row is not None
