"""The faces of a card: which layouts have which faces, and which face a name denotes.

A :class:`~mtgrules.cards.vocabulary.CardDef` holds its front face's (or, for a split
card, its combined) characteristics; the other faces hang off it:

- ``back_face``: the back face of a double-faced card (layouts ``transform``,
  ``modal_dfc``, CR 712) or the flipped half of a flip card (``flip``, CR 710);
- ``halves``: the two halves of a split or aftermath card (CR 709), or an adventurer's
  normal and Adventure characteristics (``adventure``, CR 715);
- ``melds_from``: a meld result's two front faces (CR 712.8g).

A name a case uses may be the card's full name (``A // B``) or the name of one face.
:func:`named_face` says which: the rules that apply to the object depend on it (a
permanent named by its back face has its back face up; a card in a hand can't be).
"""

from __future__ import annotations

from mtgrules.cards.library import name_key
from mtgrules.cards.vocabulary import CardDef

DOUBLE_FACED = frozenset({"transform", "modal_dfc"})  # a back face the card can have up
SPLIT = frozenset({"split", "aftermath"})  # combined halves outside the stack (709.4)
ADVENTURE = "adventure"
FLIP = "flip"
MELD = "meld"

# The rules for which face a layout shows where, for reasons and docs.
FACE_RULES = {
    "transform": ("712.8a", "712.8d", "712.8e"),
    "modal_dfc": ("712.8a", "712.8d", "712.8f"),
    "flip": ("710.1b", "710.2"),
    "split": ("709.4",),
    "aftermath": ("709.4",),
    "adventure": ("715.4",),
    "meld": ("712.8g",),
}


def named_face(card: CardDef, name: str) -> str:
    """Which face ``name`` denotes: ``card`` (the full name or the face that is up
    normally), ``back`` (a double-faced card's back face or a flip card's flipped half)
    or ``half`` (a split card's half or an adventurer's Adventure)."""
    key = name_key(name)
    if key in (name_key(card.name), *(name_key(a) for a in card.aliases if " // " in a)):
        return "card"
    back = card.back_face
    if back is not None and key == name_key(back.name) and key != name_key(card.name):
        return "back"
    if card.layout == ADVENTURE and len(card.halves) > 1 and key == name_key(card.halves[1].name):
        return "half"
    if card.layout in SPLIT and key in {name_key(h.name) for h in card.halves}:
        return "half"
    if key in {name_key(m) for m in card.missing_faces}:  # a face the imported data lacks
        return "half" if card.layout in (*SPLIT, ADVENTURE) else "back"
    return "card"


def full_name(card: CardDef) -> str:
    """The card's whole name: ``Delver of Secrets // Insectile Aberration``."""
    whole = next((a for a in card.aliases if " // " in a), None)
    if whole is not None:
        return whole
    if card.back_face is not None:
        return f"{card.name} // {card.back_face.name}"
    if card.layout == ADVENTURE and len(card.halves) > 1:
        return f"{card.name} // {card.halves[1].name}"
    return card.name


def back_face_word(card: CardDef) -> str:
    """How a judge calls the other side: "back face", or "flipped half" for a flip card."""
    return "flipped half" if card.layout == FLIP else "back face"


def named_face_of(card: CardDef, name: str) -> tuple[CardDef, str]:
    """The face ``name`` denotes, for `mtgrules card NAME`, and a line saying where that
    face is the one that counts (empty for the card itself)."""
    face = named_face(card, name)
    whole = full_name(card)
    if face == "back" and card.back_face is not None:
        if card.layout == FLIP:
            where = "a permanent named so is flipped (CR 710.2)"
        else:
            where = (
                "a permanent or spell named so has its back face up (CR 712.8d-f); "
                "elsewhere the card has only its front face (712.8a)"
            )
        return card.back_face, f"The {back_face_word(card)} of {whole}: {where}."
    key = name_key(name)
    half = next((h for h in card.halves if name_key(h.name) == key), None)
    if face == "half" and half is not None:
        return (
            half,
            f"One half of {whole}: its characteristics on the stack when cast as {half.name}.",
        )
    if face != "card" or card.missing_faces:
        lacks = " and ".join(card.missing_faces)
        return card, f"The imported card data holds one face of {whole}; it lacks {lacks}."
    return card, ""
