"""Validate: the face a case names a card by must be able to be up where the card is.

A permanent or a spell may be named by its back face (it has that face up, CR 712.8d-f)
or a flip card's permanent by its flipped half (710.2); in every other zone a double-faced
card has only its front face's characteristics (712.8a) and a flip card only its normal
ones (710.2), so naming it there by the other face is an error, C020, with the name to use.
``flipped: true`` on a card that isn't a flip card is C017 (a fact its card can't have), and
off the battlefield C009 (a fact of another zone); ``transformed: true`` on a flip or meld
card is C017 too.
"""

from __future__ import annotations

from collections.abc import Callable

from mtgrules.cards.faces import FLIP, back_face_word, full_name, named_face
from mtgrules.cards.library import CardLibrary
from mtgrules.model.walk import RawObject

ONLY_FRONT = {
    "hand": "a hand",
    "library": "a library",
    "graveyard": "a graveyard",
    "exile": "exile",
}

Add = Callable[..., None]


def check_face_names(add: Add, objects: list[RawObject], library: CardLibrary) -> None:
    """C020 for a card named by a face that can't be up in its zone; C017 for ``flipped``
    on a card that isn't a flip card."""
    for obj in objects:
        name = obj.card_name
        if not name or isinstance(obj.fields.get("token"), dict):
            continue
        card = library.get(name)
        if card is None:
            continue  # C001
        if obj.fields.get("flipped") and card.layout != FLIP:
            add(
                "C017",
                (*obj.path, "flipped"),
                f"{card.name} is not a flip card, so it can't be flipped (CR 710.2)",
            )
        elif obj.fields.get("transformed") and card.layout in (FLIP, "meld"):
            add(
                "C017",
                (*obj.path, "transformed"),
                f"{card.name} is a {card.layout} card, which can't transform (CR 712.9, 712.4c)"
                + ("; a flipped flip card is `flipped: true`" if card.layout == FLIP else ""),
            )
        elif obj.fields.get("flipped") and obj.zone != "battlefield":
            add(
                "C009",
                (*obj.path, "flipped"),
                f"only a permanent can be flipped; {card.name} is in the {obj.zone} (CR 710.1b)",
            )
        if named_face(card, name) != "back" or obj.zone not in ONLY_FRONT:
            continue
        word = back_face_word(card)
        front, rule = (
            ("only its normal characteristics", "710.2")
            if card.layout == FLIP
            else ("only its front face's characteristics", "712.8a")
        )
        add(
            "C020",
            (*obj.path, "card"),
            f"{name!r} is the {word} of {full_name(card)}: a card in {ONLY_FRONT[obj.zone]} "
            f"has {front} (CR {rule}); name it {full_name(card)!r}",
        )
