"""The local SQLite database: its schema, read access, and atomic rebuilds.

An import never writes into the database in use. :func:`rebuild` creates a new
file beside it, copies the tables the import does not replace, lets the
importer fill the rest, and swaps the file in with ``os.replace`` (atomic on
POSIX and Windows). A process killed mid-import leaves only a stray temporary
file, which the next import removes; the previous database stays as it was.
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import functools
import json
import os
import shutil
import sqlite3
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from mtgrules.data import health, rulings_index
from mtgrules.data.health import StoreError
from mtgrules.data.lock import import_lock
from mtgrules.data.paths import db_file, db_path

# 2: the rulings' full-text index (rulings_fts, data/rulings_index.py). A database of an
# older version is still read (its tables are the same); only its rulings are unranked.
SCHEMA_VERSION = 2
READABLE_VERSIONS = (1, 2)

# Which tables each kind of import owns; the others are carried over.
TABLES: dict[str, tuple[str, ...]] = {
    "rules": ("rules", "glossary"),
    "editions": ("editions", "edition_rules"),  # every imported edition of the rules
    "cards": (
        "cards",
        "card_names",
        "card_dates",
        "card_exact",
        "effect_readings",
        "effect_reader",
    ),
    "rulings": ("rulings",),
}

SCHEMA = """
CREATE TABLE meta (
    kind TEXT PRIMARY KEY,      -- rules | cards | rulings
    source TEXT NOT NULL,       -- the file or URL it came from
    sha256 TEXT NOT NULL,
    imported_at TEXT NOT NULL,  -- UTC, ISO 8601
    edition TEXT,               -- the CR's effective date, or the card data's date
    count INTEGER NOT NULL,
    detail TEXT                 -- JSON: format and other facts
);
CREATE TABLE rules (
    number TEXT PRIMARY KEY,    -- "702.170d", "702.170", "7"
    parent TEXT,                -- "702.170" for "702.170d"
    seq INTEGER NOT NULL,       -- document order
    title TEXT,                 -- for sections and numbered rules with a title
    text TEXT NOT NULL,
    examples TEXT NOT NULL      -- JSON list
);
CREATE INDEX rules_parent ON rules(parent, seq);
CREATE TABLE editions (
    edition TEXT PRIMARY KEY,   -- the CR's effective date
    source TEXT NOT NULL,
    sha256 TEXT NOT NULL,
    imported_at TEXT NOT NULL,
    count INTEGER NOT NULL
);
CREATE TABLE edition_rules (
    edition TEXT NOT NULL,
    number TEXT NOT NULL,
    text TEXT NOT NULL,
    examples TEXT NOT NULL,     -- JSON list
    PRIMARY KEY (edition, number)
);
CREATE TABLE glossary (
    key TEXT PRIMARY KEY,       -- the term, matched case-insensitively
    term TEXT NOT NULL,
    text TEXT NOT NULL
);
CREATE TABLE cards (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    key TEXT NOT NULL UNIQUE,
    oracle_id TEXT NOT NULL,
    layout TEXT NOT NULL,
    faces TEXT NOT NULL         -- JSON list of faces in a source-neutral shape
);
CREATE TABLE card_names (
    key TEXT PRIMARY KEY,       -- a name key of the full name or of one face
    card_id INTEGER NOT NULL
);
CREATE TABLE card_exact (
    name TEXT PRIMARY KEY,      -- the exact name of a card whose name key another card shares
    card_id INTEGER NOT NULL    -- (Wasteland and Waste Land): found by its name as written
);
CREATE TABLE card_dates (
    card_id INTEGER PRIMARY KEY, -- cards.id
    date TEXT                   -- the date of the data the card came from (for --merge)
);
CREATE TABLE effect_readings (
    key TEXT PRIMARY KEY,       -- an effect's kind, the card's name if the words name it, words
    script TEXT NOT NULL        -- JSON: what it does, as read (cards/effect_codec.py)
);
CREATE TABLE effect_reader (
    digest TEXT NOT NULL,       -- the reader's version and source digest (cards/readings.py)
    count INTEGER NOT NULL      -- one row: the reader that read effect_readings
);
CREATE TABLE rulings (
    oracle_id TEXT NOT NULL,
    date TEXT NOT NULL,
    text TEXT NOT NULL,
    source TEXT
);
CREATE INDEX rulings_card ON rulings(oracle_id, date);
"""

FTS_SCHEMA = """
CREATE VIRTUAL TABLE rules_fts USING fts5(
    number, title, text, examples, content='rules', content_rowid='rowid'
);
"""


def has_fts5() -> bool:
    """Whether this Python's SQLite has the FTS5 full-text extension."""
    try:
        con = sqlite3.connect(":memory:")
        con.execute("CREATE VIRTUAL TABLE t USING fts5(x)")
        con.close()
        return True
    except sqlite3.OperationalError:
        return False


@dataclass(frozen=True)
class ImportInfo:
    """One row of ``meta``: what was imported, from where and when."""

    kind: str
    source: str
    sha256: str
    imported_at: str
    edition: str | None
    count: int
    detail: dict


def connect(path: Path | None = None) -> sqlite3.Connection | None:
    """The database, read-only; None when nothing has been imported (or it isn't ours)."""
    path = path or db_path()
    if not path.is_file():
        return None
    wrong = health.problem(path, READABLE_VERSIONS, open_it=False)
    if wrong is not None:  # told once, then read as if nothing were imported
        _warn_unusable(str(path), wrong)
        return None
    try:
        con = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True, check_same_thread=False)
        version = con.execute("PRAGMA user_version").fetchone()[0]
    except sqlite3.DatabaseError as err:
        _warn_unusable(str(path), f"{path} can't be read ({err})")
        return None
    if version not in READABLE_VERSIONS:
        con.close()
        _warn_unusable(str(path), health.not_ours(path))
        return None
    try:  # the tables and columns mtgrules reads, checked once before any is read
        wrong = health.schema_problem(con, path)
    except sqlite3.DatabaseError as err:
        wrong = f"{path} can't be read ({err})"
    if wrong is not None:
        con.close()
        _warn_unusable(str(path), wrong)
        return None
    return con


@functools.cache
def _warn_unusable(path: str, wrong: str) -> None:
    notice(f"{wrong}: it is not used ({health.WAY_OUT})")


def current_version() -> tuple[str, int] | None:
    """The database file and its modification time (a key for per-version caches); None if absent."""
    path = db_file()  # a stat per call: an import replaces the file (os.replace) at any time
    try:
        return path, os.stat(path).st_mtime_ns
    except OSError:
        return None


def connect_holding(kind: str, path: Path) -> sqlite3.Connection | None:
    """The database read-only, if it holds an import of ``kind`` (rules, cards, rulings)."""
    con = connect(path)
    if con is not None and kind not in imports(con):
        con.close()
        return None
    return con


def imports(con: sqlite3.Connection) -> dict[str, ImportInfo]:
    """Every import recorded in the database, by kind."""
    rows = con.execute(
        "SELECT kind, source, sha256, imported_at, edition, count, detail FROM meta"
    ).fetchall()
    return {
        r[0]: ImportInfo(r[0], r[1], r[2], r[3], r[4], r[5], json.loads(r[6] or "{}")) for r in rows
    }


def current_imports(path: Path | None = None) -> dict[str, ImportInfo]:
    """What the database holds now, by kind (empty when nothing is imported)."""
    con = connect(path or db_path())
    if con is None:
        return {}
    try:
        return imports(con)
    finally:
        con.close()


def exact_record(con: sqlite3.Connection, name: str) -> tuple | None:
    """(name, layout, oracle id, faces) of the card named exactly ``name`` when its name key
    is shared with another card's (Wasteland and Waste Land); None otherwise, or in a
    database imported before ``card_exact`` existed."""
    try:
        return con.execute(
            "SELECT c.name, c.layout, c.oracle_id, c.faces FROM card_exact e "
            "JOIN cards c ON c.id = e.card_id WHERE e.name = ?",
            (name,),
        ).fetchone()
    except sqlite3.OperationalError:  # no such table
        return None


def has_table_rows(con: sqlite3.Connection, table: str) -> bool:
    return con.execute(f"SELECT 1 FROM {table} LIMIT 1").fetchone() is not None


def _clean_stale(target: Path) -> None:
    """Remove temporary files of imports that died (their process is gone)."""
    for stale in target.parent.glob(f"{target.name}.tmp-*"):
        pid = stale.name.rsplit("-", 1)[-1]
        alive = False
        if pid.isdigit():
            try:
                os.kill(int(pid), 0)
                alive = int(pid) != os.getpid()
            except OSError:
                alive = False
        if not alive:
            with contextlib.suppress(OSError):
                stale.unlink()


def notice(message: str) -> None:
    """Tell the user something an import did besides importing (a file moved aside, a wait)."""
    sys.stderr.write(f"mtgrules: {printable(message)}\n")
    sys.stderr.flush()


def printable(text: str) -> str:
    """``text`` with control characters shown as escapes (a path can hold any)."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


def rebuild(
    kinds: tuple[str, ...],
    fill: Callable[[sqlite3.Connection], ImportInfo | list[ImportInfo]],
    target: Path | None = None,
    keep: tuple[str, ...] = (),
) -> list[str]:
    """Build a new database whose ``kinds`` tables come from ``fill``; swap it in atomically.

    Tables of other kinds, and their ``meta`` rows, are copied from the current
    database; so are the tables of the ``keep`` kinds (a merging import adds to them).
    ``fill`` returns the ``meta`` row(s) of what it imported. One import at a time
    (:mod:`mtgrules.data.lock`). A file at the database path that mtgrules can't use
    (:mod:`mtgrules.data.health`) is moved aside, with what could be read of it carried
    over; filesystem faults (read-only, full, the data directory a file) are a
    :class:`StoreError` with the previous database untouched. Returns the kinds that
    could not be carried over from a damaged database (the user is told).
    """
    target = target or db_path()
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise StoreError(
            f"can't create the data directory {target.parent}: {_why(err)}; {health.DIR_WAY_OUT}"
        ) from None
    try:
        with import_lock(target.parent, lambda: notice("waiting for another import to finish")):
            return _rebuild_locked(kinds, fill, target, keep)
    except sqlite3.DatabaseError as err:
        raise StoreError(f"can't write the database in {target.parent}: {_why(err)}") from None
    except OSError as err:
        raise StoreError(f"can't write the database in {target.parent}: {_why(err)}") from None


def _why(err: BaseException) -> str:
    """An error's reason in a few words: "read-only file system", "no space left on device"."""
    if isinstance(err, OSError) and err.strerror:
        return err.strerror.lower()
    said = str(err)
    if "disk is full" in said or "full" in said:
        return "no space left on the disk"
    if "readonly" in said or "read-only" in said:
        return "the file system is read-only"
    return said or type(err).__name__


def _rebuild_locked(
    kinds: tuple[str, ...],
    fill: Callable[[sqlite3.Connection], ImportInfo | list[ImportInfo]],
    target: Path,
    keep: tuple[str, ...],
) -> list[str]:
    _clean_stale(target)
    wrong = health.problem(target, READABLE_VERSIONS)
    if wrong is not None:  # not ours or damaged: moved aside, never overwritten
        aside = target.with_name(f"{target.name}.unusable-{_stamp()}")
        os.replace(target, aside)
        notice(f"{wrong}; it was moved to {aside} and a new database started")
    carried = tuple(k for k in kinds if k not in keep)
    try:
        _build(target, carried, fill)
        return []
    except _Unreadable:  # a damaged page: keep the kinds that read whole
        lost = [k for k in TABLES if k not in carried and not _reads_whole(target, k)]
        aside = target.with_name(f"{target.name}.damaged-{_stamp()}")
        shutil.copy2(target, aside)
        notice(
            f"{target} is damaged: its {', '.join(lost) or 'tables'} couldn't be read and are "
            f"not kept (import them again); the damaged file was copied to {aside}"
        )
        _build(target, (*carried, *lost), fill)
        return lost


class _Unreadable(Exception):
    """The old database's tables can't be read (a damaged page)."""


def _build(
    target: Path,
    skip: tuple[str, ...],
    fill: Callable[[sqlite3.Connection], ImportInfo | list[ImportInfo]],
) -> None:
    """A new database with the tables of every kind but ``skip`` carried over from
    ``target``, then ``fill``'s; swapped in."""
    tmp = target.with_name(f"{target.name}.tmp-{os.getpid()}").resolve()
    con = sqlite3.connect(tmp.as_uri(), uri=True)
    try:
        con.execute("PRAGMA journal_mode=OFF")
        con.execute("PRAGMA synchronous=OFF")
        con.executescript(SCHEMA)
        if has_fts5():
            con.executescript(FTS_SCHEMA)
            rulings_index.create(con)
        _carry_over(con, target, skip)
        infos = fill(con)
        for info in infos if isinstance(infos, list) else [infos]:
            con.execute(
                "INSERT OR REPLACE INTO meta VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    info.kind,
                    info.source,
                    info.sha256,
                    info.imported_at,
                    info.edition,
                    info.count,
                    json.dumps(info.detail),
                ),
            )
        if has_fts5():
            con.execute("INSERT INTO rules_fts(rules_fts) VALUES ('rebuild')")
            rulings_index.fill(con)
        con.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        con.commit()
    except BaseException:
        con.close()
        tmp.unlink(missing_ok=True)
        raise
    con.close()
    swap_in(tmp, target)


def _reads_whole(path: Path, kind: str) -> bool:
    """Whether every row of ``kind``'s tables (and its ``meta`` row) can be read."""
    try:
        con = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    except sqlite3.DatabaseError:
        return False
    try:
        present = {r[0] for r in con.execute("SELECT name FROM sqlite_master")}
        for table in TABLES[kind]:
            if table in present:
                for _row in con.execute(f"SELECT * FROM {table}"):
                    pass
        con.execute("SELECT * FROM meta WHERE kind = ?", (kind,)).fetchall()
        return True
    except sqlite3.DatabaseError:
        return False
    finally:
        con.close()


def swap_in(tmp: Path, target: Path) -> None:
    """Make ``tmp`` durable and rename it over ``target`` (atomic on POSIX and Windows)."""
    try:
        with open(tmp, "rb+") as handle:
            os.fsync(handle.fileno())
        os.replace(tmp, target)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    with contextlib.suppress(OSError):  # make the rename itself durable where possible
        fd = os.open(target.parent, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def _stamp() -> str:
    return _dt.datetime.now(_dt.UTC).strftime("%Y%m%dT%H%M%S")


def _carry_over(con: sqlite3.Connection, old: Path, kinds: tuple[str, ...]) -> None:
    """Copy the tables of every kind but ``kinds`` from the database at ``old``;
    :class:`_Unreadable` if they can't be read (a damaged page)."""
    old_con = connect(old)
    if old_con is None:
        return
    old_con.close()
    con.execute("ATTACH DATABASE ? AS old", (f"{old.resolve().as_uri()}?mode=ro",))
    try:
        present = {r[0] for r in con.execute("SELECT name FROM old.sqlite_master")}
        for kind, tables in TABLES.items():
            if kind in kinds:
                continue
            for table in tables:
                if table in present:  # card_dates is newer than some databases
                    con.execute(f"INSERT INTO main.{table} SELECT * FROM old.{table}")
            con.execute("INSERT INTO main.meta SELECT * FROM old.meta WHERE kind = ?", (kind,))
        con.commit()
    except sqlite3.DatabaseError as err:
        if "malformed" in str(err) or "corrupt" in str(err) or "not a database" in str(err):
            raise _Unreadable(str(err)) from None
        raise
    finally:
        with contextlib.suppress(sqlite3.DatabaseError):
            con.rollback()
            con.execute("DETACH DATABASE old")


def file_sha256(path: Path) -> str:
    """The SHA-256 of a file's bytes, read in blocks."""
    import hashlib  # lazy: only imports hash files; a check would load OpenSSL's libcrypto

    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def now_utc() -> str:
    return _dt.datetime.now(_dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def iter_chunks(items: Iterator, size: int = 2000) -> Iterator[list]:
    chunk: list = []
    for item in items:
        chunk.append(item)
        if len(chunk) >= size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk
