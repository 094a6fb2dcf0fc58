"""Telling a damaged or foreign database from one that isn't there.

:func:`mtgrules.data.store.connect` answers None both when nothing was imported and
when the file at the database path can't be used, and readers fall back to the
built-in rules summaries and cards. :func:`problem` says which: a file that is not
SQLite, an SQLite file that is not mtgrules' (another program's, or another schema
version), a file shorter than its own header says (truncated), a data directory
that is a file. Each has the same way out, given in :data:`WAY_OUT`: an import
moves such a file aside (it is never overwritten) and builds a new database, and
``mtgrules data repair`` keeps what can still be read of a damaged one.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

SQLITE_MAGIC = b"SQLite format 3\x00"
WAY_OUT = (
    "`mtgrules data repair` keeps what can still be read, or importing again "
    "(`mtgrules rules import`, `mtgrules cards import`) starts a new database; "
    "either moves this file aside, never deleting it"
)

DIR_WAY_OUT = (
    "move that file away, or choose another data directory "
    "(`mtgrules --data-dir DIR`, or MTGRULES_DATA_DIR)"
)


def not_ours(path: Path) -> str:
    return f"{path} is an SQLite database, but not one mtgrules wrote"


# The tables every mtgrules database has had since its first schema version, with the
# columns mtgrules reads of each; and the tables later versions added, checked when there.
# Another program's database, or one with a table dropped, is told up front instead of
# failing a query in the middle of a command (after its answers, losing the report).
CORE_COLUMNS: dict[str, tuple[str, ...]] = {
    "meta": ("kind", "source", "sha256", "imported_at", "edition", "count", "detail"),
    "rules": ("number", "parent", "seq", "title", "text", "examples"),
    "glossary": ("key", "term", "text"),
    "cards": ("id", "name", "key", "oracle_id", "layout", "faces"),
    "card_names": ("key", "card_id"),
    "rulings": ("oracle_id", "date", "text", "source"),
}
LATER_COLUMNS: dict[str, tuple[str, ...]] = {
    "editions": ("edition", "source", "sha256", "imported_at", "count"),
    "edition_rules": ("edition", "number", "text", "examples"),
    "card_exact": ("name", "card_id"),
    "card_dates": ("card_id", "date"),
    "effect_readings": ("key", "script"),
    "effect_reader": ("digest", "count"),
}


def schema_problem(con: sqlite3.Connection, path: Path) -> str | None:
    """What the open database at ``path`` lacks of the tables and columns mtgrules reads
    (None: it has them all)."""
    tables = {
        r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type IN ('table', 'view')")
    }
    for table, columns in (*CORE_COLUMNS.items(), *LATER_COLUMNS.items()):
        if table not in tables:
            if table == "meta":  # what every database mtgrules wrote has
                return not_ours(path)
            if table in CORE_COLUMNS:
                return (
                    f"{path} is an SQLite database without the `{table}` table mtgrules reads "
                    "(another program's, or one with a table removed)"
                )
            continue
        have = {r[1] for r in con.execute(f"PRAGMA table_info({table})")}
        missing = [c for c in columns if c not in have]
        if missing:
            return (
                f"{path} is an SQLite database whose `{table}` table lacks the columns "
                f"mtgrules reads ({', '.join(missing)}): another program's, or altered"
            )
    return None


class StoreError(Exception):
    """The database can't be written or read as it should; the message says why and what to do."""


def problem(
    path: Path, versions: tuple[int, ...], deep: bool = False, open_it: bool = True
) -> str | None:
    """What is wrong with the database file at ``path`` (None: it is fine, or absent);
    ``versions`` are the schema versions mtgrules reads.

    Cheap checks only (the header, the size, the schema version), unless ``deep``:
    then SQLite's ``quick_check`` reads every page (for `data status` and `data repair`).
    ``open_it=False``: the file's header and size only (the caller opens it itself)."""
    folder = path.parent
    if folder.exists() and not folder.is_dir():
        return f"the data directory {folder} is a file, not a directory"
    if not path.exists():
        return None
    if not path.is_file():
        return f"{path} is not a regular file"
    try:
        with open(path, "rb") as handle:
            header = handle.read(100)
        size = path.stat().st_size
    except OSError as err:
        return f"{path} can't be read ({err.strerror or err})"
    if not header.startswith(SQLITE_MAGIC):
        return f"{path} is not an SQLite database (not one mtgrules wrote)"
    if len(header) < 100:
        return f"{path} is truncated ({size} bytes)"
    page_size = int.from_bytes(header[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    pages = int.from_bytes(header[28:32], "big")
    if pages and size < pages * page_size:
        return f"{path} is truncated ({size:,} bytes of the {pages * page_size:,} it should have)"
    if not open_it:
        return None
    try:
        con = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
        try:
            version = con.execute("PRAGMA user_version").fetchone()[0]
            if version not in versions:
                return not_ours(path)
            wrong = schema_problem(con, path)
            if wrong is not None:
                return wrong
            if deep:
                said = [r[0] for r in con.execute("PRAGMA quick_check(5)")]
                if said != ["ok"]:
                    return f"{path} is damaged ({said[0]})"
        finally:
            con.close()
    except sqlite3.DatabaseError as err:
        return f"{path} is damaged ({err})"
    return None
