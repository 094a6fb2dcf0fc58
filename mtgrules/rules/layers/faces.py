"""Which face of a card is up, and what that face's characteristics are (CR 709, 710,
712, 715).

:func:`face_up` is asked by :func:`mtgrules.rules.copy.values.printed_values` before anything
else: it returns the face an object shows when that is not simply its card's front face
(a modal double-faced permanent with its back face up, a flipped flip card, one half of
a split card or an adventurer cast as an Adventure on the stack), and refuses when the
imported data lacks the face that is up. A nonmodal double-faced permanent with its
back face up and a melded permanent stay with :mod:`mtgrules.rules.copy.values`.

:func:`casting_faces` is asked before a spell is cast: casting a card with more than
one castable face means choosing one (709.3, 712.11b, 715.3), which mtgrules doesn't
model yet.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from mtgrules.cards.faces import ADVENTURE, FLIP, SPLIT, back_face_word, full_name
from mtgrules.cards.library import name_key
from mtgrules.cards.vocabulary import CardDef
from mtgrules.model.state import GameObject, Zone
from mtgrules.rules import Unsupported


@dataclass(frozen=True)
class FaceUp:
    """The characteristics an object has from the face that is up, and why."""

    card: CardDef
    face: str  # how rules.copy's mana value reads it: "front", "flipped", "modal_back", "half"
    what: str  # for the layer breakdown
    rules: tuple[str, ...]


def _missing(card: CardDef, why: str) -> Unsupported:
    names = " and ".join(card.missing_faces) or "its other face"
    return Unsupported(
        f"{full_name(card)}: the imported card data lacks {names} (it holds only "
        f"{card.name.split(' // ')[0]}), and {why}"
    )


def face_up(obj: GameObject, copying: bool = False) -> FaceUp | None:
    """CR 709.3b-709.4, 710.1b-710.2, 712.8a-f, 715.3b-715.4: the face up when it isn't the
    card's front face (None: the front face, or a case :mod:`mtgrules.rules.copy.values` handles).
    ``copying``: the values are read for a copy of the object (CR 707.2, 707.8)."""
    card = obj.card
    on_stack = obj.zone is Zone.STACK
    in_play = obj.zone in (Zone.BATTLEFIELD, Zone.STACK) or copying
    if card.layout in SPLIT:
        return _split_face(obj, card, on_stack)
    if card.layout == ADVENTURE and on_stack and obj.face_name not in (None, card.name):
        if len(card.halves) < 2:
            raise _missing(card, "it is on the stack as an Adventure")
        return FaceUp(
            card.halves[1],
            "half",
            f"cast as an Adventure: it has only the Adventure's characteristics ({card.halves[1].name})",
            ("715.3b",),
        )
    if obj.flipped and obj.zone is Zone.BATTLEFIELD and card.layout == FLIP:
        if card.back_face is None:
            raise _missing(card, "it is flipped")
        if obj.copy_of is not None:
            raise Unsupported(f"{obj.label} is flipped and a copy: mtgrules doesn't model that")
        # 710.1c: its color and mana cost stay the card's own
        flipped = replace(
            card.back_face, mana_cost=card.mana_cost, color_indicator=card.color_indicator
        )
        return FaceUp(
            flipped,
            "flipped",
            f"flipped: it has the flipped half's name, text, types and P/T ({flipped.name}); "
            "its mana cost and color stay the card's",
            ("710.2", "710.1c"),
        )
    if obj.transformed and in_play:
        if card.back_face is None and card.missing_faces:
            raise _missing(card, f"its {back_face_word(card)} is up")
        if card.layout == "modal_dfc" and card.back_face is not None:
            back = card.back_face
            return FaceUp(
                back,
                "modal_back",
                f"back face up: a modal double-faced card has only the characteristics of "
                f"the face that's up ({back.name}), its mana value from that face's mana cost",
                ("712.8f",),
            )
    return None


def _split_face(obj: GameObject, card: CardDef, on_stack: bool) -> FaceUp | None:
    """CR 709.3b, 709.4: one half on the stack, both combined elsewhere."""
    if card.missing_faces:
        held = card.name.split(" // ")[0]
        if on_stack and obj.face_name is not None and name_key(obj.face_name) == name_key(held):
            # CR 709.3b: cast as the half the data holds, it has only that half's values
            return FaceUp(
                replace(card, name=held),
                "half",
                f"on the stack as {held}: only that half's characteristics (those the "
                "imported data holds)",
                ("709.3b",),
            )
        raise _missing(
            card,
            "on the stack a split card has the characteristics of the half cast (CR 709.3b): "
            "name the half"
            if on_stack
            else "a split card has both halves' characteristics (CR 709.4)",
        )
    permanent_half = any(t not in ("Instant", "Sorcery") for h in card.halves for t in h.types)
    if obj.zone is Zone.BATTLEFIELD and permanent_half:
        raise Unsupported(
            f"{card.name} is a split permanent (a Room): which of its halves are unlocked "
            "decides its name, mana cost and text (CR 709.5), which mtgrules doesn't model"
        )
    if not on_stack:
        return FaceUp(
            card,
            "front",
            "a split card off the stack: both halves' characteristics combined",
            ("709.4",),
        )
    half = next((h for h in card.halves if obj.face_name and h.name == obj.face_name), None)
    if half is None:
        raise Unsupported(
            f"{card.name} is a split card on the stack, which has only the characteristics of "
            "the half cast (CR 709.3b): name that half in the case (`card: "
            f"{card.halves[0].name if card.halves else 'HALF'}`)"
        )
    return FaceUp(
        half, "half", f"on the stack as {half.name}: only that half's characteristics", ("709.3b",)
    )


def casting_faces(obj: GameObject) -> None:
    """CR 709.3, 712.11b, 715.3: a card with two castable faces is cast as one of them,
    chosen before it goes on the stack; mtgrules doesn't model that choice yet, so a
    question about casting such a card is unsupported rather than answered for one face."""
    card = obj.card
    if obj.zone is Zone.STACK:
        return
    if card.missing_faces:
        raise _missing(card, "casting it could mean casting the face the data lacks")
    if card.layout in SPLIT:
        raise Unsupported(
            f"{card.name} is a split card: casting it means choosing a half (CR 709.3), "
            "which mtgrules doesn't model yet"
        )
    if card.layout == ADVENTURE and len(card.halves) > 1:
        raise Unsupported(
            f"{full_name(card)} is an adventurer card: it may be cast as its Adventure "
            f"{card.halves[1].name} (CR 715.3), which mtgrules doesn't model yet"
        )
    back = card.back_face
    if card.layout == "modal_dfc" and back is not None and "Land" not in back.types:
        raise Unsupported(
            f"{full_name(card)} is a modal double-faced card: it may be cast as its back face "
            f"{back.name} (CR 712.11b), which mtgrules doesn't model yet"
        )


def land_face(obj: GameObject, front_is_land: bool) -> str | None:
    """CR 712.12: a modal double-faced card whose back face is a land may be played as that
    face; its name, or None. Refuses when the data lacks the back face of a card whose
    front face isn't a land (the back face could be one)."""
    card = obj.card
    if front_is_land or card.layout != "modal_dfc":
        return None
    if card.back_face is None:
        if card.missing_faces:
            raise _missing(card, "its back face could be a land it may be played as (CR 712.12)")
        return None
    return card.back_face.name if "Land" in card.back_face.types else None
