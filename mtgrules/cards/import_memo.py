"""What earlier imports on this machine read, kept in the user cache for the next ones.

Reading the effects of a whole corpus costs minutes of CPU (:mod:`mtgrules.cards.import_readings`);
importing the same cards again into another data directory (a test session's, the bench's,
``data update``'s staging one, a bank's pinned data) would pay it again for the same
answers. This cache keeps, per reader build (the file is named by
:func:`~mtgrules.cards.readings.reader_digest`, and the files of other builds are removed
when it is made), each card's effect keys (by a digest of the card's stored row) and
each key's reading. It is never needed: a file that is missing, damaged, locked by another
process or can't be written is simply not used (``sqlite3.Error`` is caught, and the
effects are read), and what it gives is exactly what reading them would give, since the
reader build is the same.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
from collections.abc import Iterable, Iterator
from pathlib import Path

from mtgrules.cards.builtin_cache import cache_dir, sha256
from mtgrules.cards.readings import reader_digest

SCHEMA = """
CREATE TABLE IF NOT EXISTS card_keys (card TEXT PRIMARY KEY, keys TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS readings (key TEXT PRIMARY KEY, script TEXT NOT NULL);
"""


def memo_file() -> Path:
    return cache_dir() / f"import-readings-{reader_digest()}.sqlite"


def card_digest(row: tuple[str, str, str, str]) -> str:
    """A stored card's row (name, oracle id, layout, faces) as a short digest."""
    return sha256("\0".join(row).encode()).hexdigest()[:32]


class ImportMemo:
    """The cache file, opened for one import (see the module's docstring)."""

    def __init__(self) -> None:
        self.con: sqlite3.Connection | None = None
        path = memo_file()
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            for other in path.parent.glob("import-readings-*.sqlite"):
                if other != path:  # another reader build's: never used again
                    with contextlib.suppress(OSError):
                        other.unlink()
            con = sqlite3.connect(path, timeout=2)
            con.executescript(SCHEMA)
            self.con = con
        except (OSError, sqlite3.Error):
            self.con = None

    def card_keys(self, digests: list[str]) -> dict[str, list[str]]:
        """The keys found before for these cards (by :func:`card_digest`)."""
        return {d: json.loads(k) for d, k in self._get("card_keys", "card", "keys", digests)}

    def readings(self, keys: list[str]) -> dict[str, str]:
        return dict(self._get("readings", "key", "script", keys))

    def add_card_keys(self, found: Iterable[tuple[str, list[str]]]) -> None:
        self._put("card_keys", ((d, json.dumps(k)) for d, k in found))

    def add_readings(self, readings: dict[str, str]) -> None:
        self._put("readings", readings.items())

    def _get(self, table: str, key: str, value: str, wanted: list[str]) -> Iterator[tuple]:
        if self.con is None:
            return iter(())
        out: list[tuple] = []
        try:
            for start in range(0, len(wanted), 500):
                chunk = wanted[start : start + 500]
                marks = ",".join("?" * len(chunk))
                out += self.con.execute(
                    f"SELECT {key}, {value} FROM {table} WHERE {key} IN ({marks})", chunk
                ).fetchall()
        except sqlite3.Error:
            return iter(())
        return iter(out)

    def _put(self, table: str, rows: Iterable[tuple[str, str]]) -> None:
        if self.con is None:
            return
        try:
            self.con.executemany(f"INSERT OR REPLACE INTO {table} VALUES (?, ?)", rows)
            self.con.commit()
        except sqlite3.Error:
            with contextlib.suppress(sqlite3.Error):
                self.con.rollback()

    def close(self) -> None:
        if self.con is not None:
            with contextlib.suppress(sqlite3.Error):
                self.con.close()
            self.con = None
