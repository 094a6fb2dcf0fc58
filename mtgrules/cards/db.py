"""Imported cards: the local database as a card source, looked up on demand.

:class:`ImportedCards` answers the same questions as
:class:`~mtgrules.cards.library.CardLibrary` (``get``, ``suggest``, ``in``)
from SQLite, one name at a time, so a case naming three cards reads three
rows, not twenty thousand. Names match case- and punctuation-insensitively,
and a split, adventure or double-faced card answers to its full name and to
either face's name.

Its characteristics come from the data; its abilities from parsing its Oracle
text (:mod:`mtgrules.cards.oracle`). A card's characteristics follow the
rules for the zones outside the stack: the front face of a double-faced card
(CR 712.8a), the creature half of an adventurer card (CR 715.4), both halves
of a split card combined (CR 709.4).
"""

from __future__ import annotations

import functools
import json
import sqlite3
from pathlib import Path
from typing import Any

from mtgrules.cards.close_matches import CloseMatches
from mtgrules.cards.importers import ImportedCard as CardRecord
from mtgrules.cards.library import CardLibrary, builtin_library, name_key
from mtgrules.cards.mana import ManaCost
from mtgrules.cards.oracle import parse_abilities
from mtgrules.cards.vocabulary import Ability, AbilityKind, CardDef, Ruling
from mtgrules.data.store import connect, connect_holding, current_version

COMBINED_LAYOUTS = frozenset({"split", "aftermath"})


def _number(value: Any) -> int | str | None:
    if value is None:
        return None
    text = str(value)
    return int(text) if text.lstrip("-").isdigit() else text


def _mana_cost(text: str | None) -> tuple[ManaCost, tuple[Ability, ...]]:
    try:
        return ManaCost.parse(text), ()
    except ValueError:
        return ManaCost(), (Ability(AbilityKind.UNMODELED, text="not modeled: a mana cost symbol"),)


def card_def(record: CardRecord) -> CardDef:
    """The engine's view of an imported card (see the module docstring for faces)."""
    faces = record.faces if record.layout in COMBINED_LAYOUTS else record.faces[:1]
    first = faces[0]
    symbols: list[str] = []
    extra: list[Ability] = []
    abilities: list[Ability] = []
    for face in faces:
        cost, odd = _mana_cost(face.get("mana_cost"))
        symbols += cost.symbols
        extra += odd
        abilities += parse_abilities(
            face.get("text"),
            face.get("keywords") or (),
            face.get("types") or (),
            face.get("name", ""),
        )

    def union(field: str) -> tuple[str, ...]:
        return tuple(dict.fromkeys(t for f in faces for t in f.get(field) or ()))

    loyalty = _number(first.get("loyalty"))
    indicator = first.get("color_indicator")
    return CardDef(
        name=record.name if len(faces) > 1 else first["name"],
        mana_cost=ManaCost(tuple(symbols)),
        types=union("types"),
        subtypes=union("subtypes"),
        supertypes=union("supertypes"),
        color_indicator=tuple(indicator) if indicator else None,
        power=_number(first.get("power")),
        toughness=_number(first.get("toughness")),
        loyalty=loyalty if isinstance(loyalty, int) else None,
        abilities=tuple(abilities + extra),
        rulings=tuple(Ruling(date, "", "", text) for date, text, _ in record.rulings),
        source="imported",
        aliases=(record.name, *(f["name"] for f in record.faces)),
    )


class ImportedCards:
    """Cards in the local database, read by name when asked."""

    def __init__(self, path: Path):
        self.path = path
        self._con: sqlite3.Connection | None = None
        self._defs: dict[str, CardDef | None] = {}
        self._keys: CloseMatches | None = None

    @property
    def con(self) -> sqlite3.Connection:
        if self._con is None:
            con = connect(self.path)
            if con is None:
                raise FileNotFoundError(self.path)
            self._con = con
        return self._con

    def record(self, name: str) -> CardRecord | None:
        row = self.con.execute(
            "SELECT c.name, c.layout, c.oracle_id, c.faces FROM card_names n "
            "JOIN cards c ON c.id = n.card_id WHERE n.key = ?",
            (name_key(name),),
        ).fetchone()
        if row is None:
            return None
        rulings = self.con.execute(
            "SELECT date, text, source FROM rulings WHERE oracle_id = ? ORDER BY date, rowid",
            (row[2],),
        ).fetchall()
        return CardRecord(row[0], row[2], row[1], tuple(json.loads(row[3])), tuple(rulings))

    def get(self, name: str) -> CardDef | None:
        key = name_key(name)
        if key not in self._defs:
            record = self.record(name)
            self._defs[key] = card_def(record) if record else None
        return self._defs[key]

    def __contains__(self, name: str) -> bool:
        return self.get(name) is not None

    def suggest(self, name: str, n: int = 3) -> list[str]:
        """The closest imported names (full names and face names), for "did you mean"."""
        if self._keys is None:  # difflib's answers through an index (cards/close_matches.py)
            self._keys = CloseMatches(r[0] for r in self.con.execute("SELECT key FROM card_names"))
        keys = self._keys.get(name_key(name), n, 0.6)
        out = []
        for key in keys:
            row = self.con.execute(
                "SELECT c.name FROM card_names n JOIN cards c ON c.id = n.card_id WHERE n.key = ?",
                (key,),
            ).fetchone()
            if row and row[0] not in out:
                out.append(row[0])
        return out


def imported_cards() -> ImportedCards | None:
    """The imported cards, or None when no card data has been imported.

    One instance per database file version, so a bank of cases shares its look-ups.
    """
    version = current_version()
    return None if version is None else _imported_cards(*version)


@functools.cache
def _imported_cards(path: str, mtime: int) -> ImportedCards | None:
    con = connect_holding("cards", Path(path))
    if con is None:
        return None
    con.close()
    return ImportedCards(Path(path))


def default_library() -> CardLibrary:
    """Built-in cards overlaid on the imported ones: the built-in definition wins."""
    imported = imported_cards()
    base = builtin_library()
    return base if imported is None else base.on_top_of(imported)
