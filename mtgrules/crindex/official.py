"""The official rules text, when the user has imported it (``mtgrules rules import``).

Everything here reads the local database and returns None or nothing when no
rules have been imported; callers then fall back to the project's own
summaries (:mod:`mtgrules.crindex`).
"""

from __future__ import annotations

import contextlib
import functools
import json
import re
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from mtgrules import lazyre
from mtgrules.data.store import connect_holding, current_version

if TYPE_CHECKING:
    from mtgrules.crindex.importer import OfficialRule

_SEE_RULE = lazyre.compile(r"rule (\d{3}\.\d+[a-z]{0,2}|\d{3})")


@dataclass(frozen=True)
class Edition:
    effective: str
    source: str
    imported_at: str


@dataclass(frozen=True)
class Definition:
    term: str
    text: str
    rules: tuple[str, ...]  # rule numbers the entry refers to
    defining: OfficialRule | None  # the subrule that defines a keyword, e.g. 702.170a


@functools.cache
def _connection(path: str, mtime: int) -> sqlite3.Connection | None:
    return connect_holding("rules", Path(path))


_SET_ASIDE: list[bool] = []  # inside set_aside(): the official text is not read


def connection() -> sqlite3.Connection | None:
    """The local database when it holds imported rules (one connection per file version)."""
    version = None if _SET_ASIDE else current_version()
    return None if version is None else _connection(*version)


@contextlib.contextmanager
def set_aside() -> Iterator[None]:
    """Within the block, the official text is not read: everything here answers as if no
    rules were imported (a report the database failed under is made again this way)."""
    _SET_ASIDE.append(True)
    try:
        yield
    finally:
        _SET_ASIDE.pop()


def edition() -> Edition | None:
    con = connection()
    if con is None:
        return None
    row = con.execute(
        "SELECT edition, source, imported_at FROM meta WHERE kind = 'rules'"
    ).fetchone()
    return Edition(*row) if row else None


def _official_rule() -> type[OfficialRule]:
    # lazy: a check reads rules only when the official text is imported; the rules
    # importer (its patterns, its dataclasses) would be imported by every report otherwise
    from mtgrules.crindex.importer import OfficialRule

    return OfficialRule


def _rule(row: tuple) -> OfficialRule:
    return _official_rule()(row[0], row[2], row[1], tuple(json.loads(row[3])), row[4])


_COLUMNS = "number, title, text, examples, seq"


def rule(number: str) -> OfficialRule | None:
    con = connection()
    if con is None:
        return None
    row = con.execute(
        f"SELECT {_COLUMNS} FROM rules WHERE number = ?", (number.rstrip("."),)
    ).fetchone()
    return _rule(row) if row else None


def subrules(number: str) -> list[OfficialRule]:
    """The rules directly under ``number``, in document order."""
    con = connection()
    if con is None:
        return []
    rows = con.execute(
        f"SELECT {_COLUMNS} FROM rules WHERE parent = ? ORDER BY seq", (number,)
    ).fetchall()
    return [_rule(r) for r in rows]


def search(text: str, limit: int = 20) -> tuple[list[OfficialRule], bool]:
    """Rules containing every word of ``text``, best first; and whether FTS5 was used.

    With FTS5 (SQLite's full-text search) the words match as whole words in
    any form of case, ranked by relevance; without it, a plain substring scan.
    """
    con = connection()
    if con is None:
        return [], False
    words = re.findall(r"[\w’'+/-]+", text)
    if not words:
        return [], False
    has_fts = (
        con.execute("SELECT 1 FROM sqlite_master WHERE name = 'rules_fts'").fetchone() is not None
    )
    if has_fts:
        query = " AND ".join('"' + w.replace('"', '""') + '"' for w in words)
        rows = con.execute(
            f"SELECT {', '.join('r.' + c.strip() for c in _COLUMNS.split(','))} "
            "FROM rules_fts JOIN rules r ON r.rowid = rules_fts.rowid "
            "WHERE rules_fts MATCH ? ORDER BY rank LIMIT ?",
            (query, limit),
        ).fetchall()
        return [_rule(r) for r in rows], True
    where = " AND ".join("(text LIKE ? OR examples LIKE ?)" for _ in words)
    params = [p for w in words for p in (f"%{w}%", f"%{w}%")]
    rows = con.execute(
        f"SELECT {_COLUMNS} FROM rules WHERE {where} ORDER BY seq LIMIT ?", (*params, limit)
    ).fetchall()
    return [_rule(r) for r in rows], False


def define(term: str) -> Definition | None:
    """The glossary entry for ``term`` and, for a keyword, the subrule defining it.

    The jump: the entry's first "See rule N"; when N is a keyword's rule
    (702.x, 701.x) with subrules, its first subrule is the definition
    (``plot`` -> 702.170a).
    """
    con = connection()
    if con is None:
        return None
    row = con.execute(
        "SELECT term, text FROM glossary WHERE key = ?", (term.casefold(),)
    ).fetchone()
    if row is None:
        return None
    numbers = tuple(dict.fromkeys(_SEE_RULE.findall(row[1])))
    defining = None
    if numbers and numbers[0].startswith(("701.", "702.")):
        under = subrules(numbers[0])
        defining = under[0] if under else rule(numbers[0])
    return Definition(row[0], row[1], numbers, defining)


def glossary_terms() -> list[str]:
    con = connection()
    if con is None:
        return []
    return [r[0] for r in con.execute("SELECT term FROM glossary ORDER BY key")]


def edition_differences(numbers: list[str]) -> tuple[list[str], list[str]]:
    """Of the cited ``numbers``, those the imported edition words differently from the
    edition the engine follows, and those it doesn't have (by fingerprint, see
    :mod:`mtgrules.crindex.fingerprints`). Numbers the index doesn't fingerprint are skipped."""
    # lazy: only with another edition's text imported (the fingerprints import the importer)
    from mtgrules.crindex.fingerprints import fingerprint, recorded

    known = recorded()
    changed: list[str] = []
    absent: list[str] = []
    for number in numbers:
        if number not in known:
            continue
        official = rule(number)
        if official is None:
            absent.append(number)
        elif fingerprint(official) != known[number]:
            changed.append(number)
    return changed, absent


# -- editions side by side --------------------------------------------------------------


@dataclass(frozen=True)
class StoredEdition:
    """An edition of the rules in the local database (``mtgrules rules editions``)."""

    effective: str
    count: int
    source: str
    imported_at: str
    current: bool


def editions() -> list[StoredEdition]:
    """Every imported edition, newest first; the current one is marked."""
    con = connection()
    if con is None:
        return []
    now = edition()
    try:
        rows = con.execute(
            "SELECT edition, count, source, imported_at FROM editions ORDER BY edition DESC"
        ).fetchall()
    except sqlite3.OperationalError:  # a database from before editions were kept
        rows = []
    found = [
        StoredEdition(*row, current=now is not None and row[0] == now.effective) for row in rows
    ]
    if now is not None and not any(e.current for e in found):
        count = con.execute("SELECT count(*) FROM rules").fetchone()[0]
        found.append(StoredEdition(now.effective, count, now.source, now.imported_at, True))
        found.sort(key=lambda e: e.effective, reverse=True)
    return found


def edition_rules(effective: str) -> list[OfficialRule] | None:
    """All rules of an imported edition in document order, or None if it isn't imported."""
    con = connection()
    if con is None:
        return None
    now = edition()
    if now is not None and now.effective == effective:
        rows = con.execute(f"SELECT {_COLUMNS} FROM rules ORDER BY seq").fetchall()
        return [_rule(r) for r in rows]
    try:
        rows = con.execute(
            "SELECT number, text, examples FROM edition_rules WHERE edition = ? ORDER BY rowid",
            (effective,),
        ).fetchall()
    except sqlite3.OperationalError:
        return None
    if not rows:
        return None
    official_rule = _official_rule()
    return [
        official_rule(n, text, examples=tuple(json.loads(ex)), seq=i)
        for i, (n, text, ex) in enumerate(rows)
    ]


def rule_in(effective: str, number: str) -> OfficialRule | bool | None:
    """A rule as an imported edition words it; None when that edition has no such rule,
    False when the edition isn't imported."""
    con = connection()
    if con is None:
        return False
    now = edition()
    if now is not None and now.effective == effective:
        return rule(number)
    try:
        imported = con.execute("SELECT 1 FROM editions WHERE edition = ?", (effective,)).fetchone()
        row = con.execute(
            "SELECT number, text, examples FROM edition_rules WHERE edition = ? AND number = ?",
            (effective, number.rstrip(".")),
        ).fetchone()
    except sqlite3.OperationalError:
        return False
    if imported is None:
        return False
    return _official_rule()(row[0], row[1], examples=tuple(json.loads(row[2]))) if row else None
