"""Facts a case states about one permanent that :class:`~mtgrules.model.state.GameObject`
has no field for: the choices made as it entered and its timestamp.

- ``chosen: {color: green}``: the color chosen as it entered ("As this Aura enters, choose a
  color", CR 614.12), which its abilities that speak of "the chosen color" refer to (the two
  abilities are linked, 607.2d). A color is one of the five (105.4).
- ``timestamp: 3``: its timestamp (CR 613.7d: an object receives one as it enters a zone),
  which a continuous effect of its static abilities has (613.7a). Larger is later.

Both are carried on the object's card, a :class:`StatedCard` that remembers which object it
was stated for. They hold only for that object as the case gives it: another object made
from it (a token copy, or the same card after a zone change, which is a new object, CR
400.7) has neither, so answers that need them refuse as when the case doesn't say.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from mtgrules.cards.vocabulary import CardDef
from mtgrules.model.state import GameObject

COLOR_LETTERS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


@dataclass(frozen=True)
class StatedCard(CardDef):
    """A card with what the case states about the one object ``stated_for`` that has it."""

    stated_for: str = ""
    chosen: tuple[tuple[str, str], ...] = ()  # (kind, value): ("color", "G")
    stated_timestamp: int | None = None


def with_stated(card: CardDef, oid: str, facts: Mapping[str, Any]) -> CardDef:
    """``card`` carrying the ``chosen`` and ``timestamp`` a case gives for object ``oid``;
    ``card`` itself when it gives neither (a version-1 case means what it meant)."""
    chosen = facts.get("chosen") or {}
    stamp = facts.get("timestamp")
    if not chosen and stamp is None:
        return card
    values = {f.name: getattr(card, f.name) for f in fields(CardDef)}
    picked = tuple(
        (kind, COLOR_LETTERS.get(str(value).lower(), str(value)))
        for kind, value in sorted(chosen.items())
    )
    return StatedCard(**values, stated_for=oid, chosen=picked, stated_timestamp=stamp)


def _stated(obj: GameObject) -> StatedCard | None:
    card = obj.card
    if isinstance(card, StatedCard) and card.stated_for == obj.oid and obj.moves == 0:
        return card
    return None


def chosen(obj: GameObject, kind: str) -> str | None:
    """The ``kind`` of value chosen as ``obj`` entered (CR 614.12, 607.2d), as the case states
    it; None when it doesn't."""
    card = _stated(obj)
    return dict(card.chosen).get(kind) if card is not None else None


def timestamp(obj: GameObject) -> int | None:
    """``obj``'s timestamp as the case states it (CR 613.7d); None when it doesn't."""
    card = _stated(obj)
    return card.stated_timestamp if card is not None else None
