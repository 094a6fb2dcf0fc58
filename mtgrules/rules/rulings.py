"""Card rulings attached to reasons: a card's rulings carry a ``topic`` tag,
and a rule function asks for the rulings of the cards involved on its topic.
"""

from __future__ import annotations

from mtgrules.answer import RulingRef
from mtgrules.cards.vocabulary import CardDef
from mtgrules.model.state import GameObject, GameState


def rulings_on(card: CardDef, topic: str) -> tuple[RulingRef, ...]:
    """The card's rulings tagged ``topic``, as references an answer prints."""
    return tuple(RulingRef(card.name, r.date, r.summary) for r in card.rulings if r.topic == topic)


def case_rulings(state: GameState, obj: GameObject, topic: str) -> tuple[RulingRef, ...]:
    """Rulings on ``topic`` of ``obj``'s card, then of the other cards in the case.

    A ruling can sit on another card than the one it bears on (Aven Interrupter's
    rulings are about the spells it plots); the same ruling printed on several
    cards is shown once, from the first card that has it.
    """
    seen: dict[tuple[str, str], RulingRef] = {}
    for card in (obj.card, *(o.card for o in state.objects)):
        for ref in rulings_on(card, topic):
            seen.setdefault((ref.date, ref.summary), ref)
    return tuple(seen.values())
