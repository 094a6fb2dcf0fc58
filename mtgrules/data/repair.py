"""``mtgrules data repair``: a new database from what can still be read of the old one.

A damaged page (a disk fault, a copy cut short) makes SQLite refuse the tables
that live on it, while the rest still reads. Repair builds a new database that
carries over each kind of import (rules, editions, cards, rulings) whose tables
read whole, drops the kinds that don't (import them again), and swaps it in;
the damaged file is kept beside it. A file that is not an mtgrules database is
moved aside and an empty database started. Nothing is ever deleted.

The imported cards' effects, read at import with the effect reader of the time
(docs/effects.md, "Read once"), are read again when another reader (a new version of
mtgrules) stored them, or none did (an older mtgrules imported the cards): the card layer
gives the test and the reading (:class:`Rereading`), in a rebuild like an import's.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from mtgrules.data.health import problem
from mtgrules.data.paths import db_path
from mtgrules.data.store import READABLE_VERSIONS, TABLES, current_imports, rebuild


@dataclass(frozen=True)
class Rereading:
    """How the card layer reads the imported cards' effects again: ``stale(path)`` says
    why the stored readings can't be used (None: they can, or no cards are imported) and
    ``fill(con)`` reads them into the new database, returning how many it read."""

    stale: Callable[[Path], str | None]
    fill: Callable[[sqlite3.Connection], int]


@dataclass(frozen=True)
class Repair:
    """What ``data repair`` found and did."""

    problem: str | None  # None: nothing was damaged
    kept: tuple[str, ...] = ()
    lost: tuple[str, ...] = ()
    reread: str | None = None  # why the effects were read again (None: they weren't)
    effects: int = 0  # how many effect texts were read again


def repair(target: Path | None = None, rereading: Rereading | None = None) -> Repair:
    """Check the database page by page (``quick_check``) and rebuild it if it is damaged;
    then read the imported cards' effects again if their readings are another reader's."""
    target = target or db_path()
    wrong = problem(target, READABLE_VERSIONS, deep=True)
    lost: list[str] = []
    if wrong is not None:
        lost = rebuild((), lambda _con: [], target)
    stale = rereading.stale(target) if rereading is not None else None
    read = 0
    if stale is not None and rereading is not None:
        counted: list[int] = []

        def fill(con: sqlite3.Connection) -> list:
            counted.append(rereading.fill(con))
            return []  # every import's record is carried over as it was

        rebuild(("cards",), fill, target, keep=("cards",))
        read = counted[0]
    if wrong is None and stale is None:
        return Repair(None)
    kept = tuple(k for k in TABLES if k in current_imports(target))
    return Repair(wrong, kept, tuple(lost), stale, read)
