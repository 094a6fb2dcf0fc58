"""phase.rs card data for the cards one case names, made from the imported card data.

phase.rs reads MTGJSON-shaped card records (``phase.build_oracle_face``); the imported
faces (:class:`mtgrules.cards.importers.ImportedCard`) are put in that shape, one card at
a time, so a cross-check costs milliseconds, not the seconds a whole card database takes.
A card phase.rs would read from anything but the real card's Oracle text (an inline card,
a card that isn't imported, a face the data doesn't give) can't be compared.
"""

from __future__ import annotations

import functools
import re
from typing import Any

from mtgrules.cards.db import imported_cards
from mtgrules.cards.mana import ManaCost
from mtgrules.crosscheck.verdict import NotComparable
from mtgrules.model.state import GameObject

# A filler card for the libraries phase.rs insists on (a seat needs a nonempty library to
# start a game): a basic land, facts only (name, type), never on the case's board.
FILLER = "Wastes"
_FILLER_RECORD = {
    "name": FILLER,
    "manaCost": None,
    "type": "Basic Land",
    "types": ["Land"],
    "subtypes": [],
    "supertypes": ["Basic"],
    "keywords": [],
    "text": "",
    "layout": "normal",
}

_COLOR_LETTERS = {"W", "U", "B", "R", "G"}
_INDICATOR = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


def mtgjson_record(face: dict[str, Any], layout: str) -> dict[str, Any]:
    """An imported face in the MTGJSON atomic shape phase.rs reads."""
    cost = face.get("mana_cost") or None
    try:
        parsed = ManaCost.parse(cost) if cost else ManaCost()
        mana_value = float(parsed.mana_value())
    except ValueError as err:
        raise NotComparable(
            f"{face['name']}'s mana cost {cost} is one mtgrules can't read"
        ) from err
    letters = set(re.findall(r"[WUBRG]", cost or "")) & _COLOR_LETTERS
    letters |= {_INDICATOR.get(str(c).lower(), str(c)) for c in face.get("color_indicator") or ()}
    return {
        "name": face["name"],
        "manaCost": cost,
        "type": face.get("type_line") or "",
        "types": list(face.get("types") or ()),
        "subtypes": list(face.get("subtypes") or ()),
        "supertypes": list(face.get("supertypes") or ()),
        "keywords": list(face.get("keywords") or ()),
        "power": face.get("power"),
        "toughness": face.get("toughness"),
        "loyalty": face.get("loyalty"),
        "defense": face.get("defense"),
        "text": face.get("text") or "",
        "layout": layout,
        "colors": sorted(letters),
        "colorIdentity": sorted(letters),
        "manaValue": mana_value,
        "identifiers": {},
    }


def card_face(obj: GameObject) -> dict[str, Any]:
    """phase.rs's card face for the card of ``obj``, from the imported data."""
    card = obj.card
    if card.source == "inline":
        raise NotComparable(f"{card.name} is defined inline in the case, not from Oracle text")
    return _face(card.name)


@functools.lru_cache(maxsize=4096)
def _face(name: str) -> dict[str, Any]:
    """phase.rs's face of a card, once per name (read, never changed, by its callers)."""
    # lazy: the bindings load only when a cross-check is asked for (an optional extra)
    import phase

    if name == FILLER:
        return phase.build_oracle_face(_with_defaults(_FILLER_RECORD), None)
    cards = imported_cards()
    record = cards.record(name) if cards is not None else None
    if record is None:
        raise NotComparable(
            f"{name} has no imported card data (phase.rs needs its Oracle text: "
            "`mtgrules cards import`)"
        )
    if record.layout != "normal" or len(record.faces) != 1:
        raise NotComparable(
            f"{name} is a {record.layout} card; the translation takes one-faced cards"
        )
    face = record.faces[0]
    if face.get("missing_faces"):
        raise NotComparable(f"the imported data lacks a face of {name}")
    try:
        return phase.build_oracle_face(mtgjson_record(face, record.layout), None)
    except ValueError as err:
        raise NotComparable(f"phase.rs can't read {name}: {err}") from err


def _with_defaults(record: dict[str, Any]) -> dict[str, Any]:
    return {"colors": [], "colorIdentity": [], "manaValue": 0.0, "identifiers": {}, **record}


def card_data(objects: list[GameObject]) -> dict[str, dict[str, Any]]:
    """The card-data.json phase.rs loads: the case's cards and the filler, by lower name."""
    data = {FILLER.lower(): _face(FILLER)}
    for obj in objects:
        data[obj.card.name.lower()] = card_face(obj)
    return data
