"""``mtgrules data repair``: a new database from what can still be read of the old one.

A damaged page (a disk fault, a copy cut short) makes SQLite refuse the tables
that live on it, while the rest still reads. Repair builds a new database that
carries over each kind of import (rules, editions, cards, rulings) whose tables
read whole, drops the kinds that don't (import them again), and swaps it in;
the damaged file is kept beside it. A file that is not an mtgrules database is
moved aside and an empty database started. Nothing is ever deleted.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from mtgrules.data.health import problem
from mtgrules.data.paths import db_path
from mtgrules.data.store import READABLE_VERSIONS, TABLES, current_imports, rebuild


@dataclass(frozen=True)
class Repair:
    """What ``data repair`` found and did."""

    problem: str | None  # None: nothing was wrong, nothing was done
    kept: tuple[str, ...] = ()
    lost: tuple[str, ...] = ()


def repair(target: Path | None = None) -> Repair:
    """Check the database page by page (``quick_check``) and rebuild it if it is damaged."""
    target = target or db_path()
    wrong = problem(target, READABLE_VERSIONS, deep=True)
    if wrong is None:
        return Repair(None)
    lost = rebuild((), lambda _con: [], target)
    kept = tuple(k for k in TABLES if k in current_imports(target))
    return Repair(wrong, kept, tuple(lost))
