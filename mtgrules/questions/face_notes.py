"""A note for each card the case named by a face other than its front face.

A judge who writes ``card: Insectile Aberration`` on the battlefield means Delver of
Secrets with its back face up; the answer says that it read the case so (CR 712.8e-f),
so a misreading can't pass unseen.
"""

from __future__ import annotations

from dataclasses import replace

from mtgrules.answer import Answer, Reason
from mtgrules.cards.faces import FLIP, full_name
from mtgrules.model.state import GameObject, GameState, Zone


def face_note(obj: GameObject) -> Reason | None:
    """CR 712.8d-f, 710.2, 709.3b, 715.3b: what naming ``obj`` by that face made it."""
    card, face = obj.card, obj.face_name
    if face is None:
        return None
    where = "on the battlefield" if obj.zone is Zone.BATTLEFIELD else "on the stack"
    whole = full_name(card)
    if obj.flipped and card.layout == FLIP:
        return Reason(
            None,
            f"{face} is the flipped half of {whole}: named so {where}, it is that permanent, flipped.",
            ("710.2",),
        )
    if obj.transformed:
        rule = "712.8f" if card.layout == "modal_dfc" else "712.8e"
        return Reason(
            None,
            f"{face} is the back face of {whole}: named so {where}, it is that card with its "
            "back face up.",
            (rule,),
        )
    rule = "715.3b" if card.layout == "adventure" else "709.3b"
    return Reason(
        None,
        f"{face} is one half of {whole}: named so {where}, it is the spell cast as {face}.",
        (rule,),
    )


def with_face_notes(state: GameState, answer: Answer) -> Answer:
    """The answer with a note for each object the case named by a face (see the module)."""
    notes = tuple(n for n in (face_note(o) for o in state.objects) if n is not None)
    return replace(answer, reasons=(*answer.reasons, *notes)) if notes else answer
