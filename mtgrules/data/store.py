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
import hashlib
import json
import os
import sqlite3
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from mtgrules.data import rulings_index
from mtgrules.data.paths import db_path

# 2: the rulings' full-text index (rulings_fts, data/rulings_index.py). A database of an
# older version is still read (its tables are the same); only its rulings are unranked.
SCHEMA_VERSION = 2
READABLE_VERSIONS = (1, 2)

# Which tables each kind of import owns; the others are carried over.
TABLES: dict[str, tuple[str, ...]] = {
    "rules": ("rules", "glossary"),
    "editions": ("editions", "edition_rules"),  # every imported edition of the rules
    "cards": ("cards", "card_names", "card_dates"),
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
CREATE TABLE card_dates (
    card_id INTEGER PRIMARY KEY, -- cards.id
    date TEXT                   -- the date of the data the card came from (for --merge)
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
    try:
        con = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True, check_same_thread=False)
        version = con.execute("PRAGMA user_version").fetchone()[0]
    except sqlite3.DatabaseError:
        return None
    if version not in READABLE_VERSIONS:
        con.close()
        return None
    return con


def current_version() -> tuple[str, int] | None:
    """The database file and its modification time (a key for per-version caches); None if absent."""
    path = db_path()
    try:
        return str(path), path.stat().st_mtime_ns
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


def rebuild(
    kinds: tuple[str, ...],
    fill: Callable[[sqlite3.Connection], ImportInfo | list[ImportInfo]],
    target: Path | None = None,
    keep: tuple[str, ...] = (),
) -> None:
    """Build a new database whose ``kinds`` tables come from ``fill``; swap it in atomically.

    Tables of other kinds, and their ``meta`` rows, are copied from the current
    database; so are the tables of the ``keep`` kinds (a merging import adds to them).
    ``fill`` returns the ``meta`` row(s) of what it imported.
    """
    target = target or db_path()
    target.parent.mkdir(parents=True, exist_ok=True)
    _clean_stale(target)
    tmp = target.with_name(f"{target.name}.tmp-{os.getpid()}").resolve()
    con = sqlite3.connect(tmp.as_uri(), uri=True)
    try:
        con.execute("PRAGMA journal_mode=OFF")
        con.execute("PRAGMA synchronous=OFF")
        con.executescript(SCHEMA)
        if has_fts5():
            con.executescript(FTS_SCHEMA)
            rulings_index.create(con)
        _carry_over(con, target, tuple(k for k in kinds if k not in keep))
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
    with open(tmp, "rb+") as handle:
        os.fsync(handle.fileno())
    os.replace(tmp, target)
    with contextlib.suppress(OSError):  # make the rename itself durable where possible
        fd = os.open(target.parent, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def _carry_over(con: sqlite3.Connection, old: Path, kinds: tuple[str, ...]) -> None:
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
    finally:
        con.execute("DETACH DATABASE old")


def file_sha256(path: Path) -> str:
    """The SHA-256 of a file's bytes, read in blocks."""
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
