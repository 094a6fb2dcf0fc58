"""The effect vocabulary of continuous effects an effect creates for a duration beyond a
power/toughness change or a keyword granted (docs/effects.md, "Base power and toughness,
all abilities lost"): a permanent whose base power and toughness become a number (CR 613.4b),
and one that loses all its abilities (613.1f), until end of turn (611.2a, 514.2).

Each is an :class:`~mtgrules.cards.effects.Instruction` naming the rules it carries out.
None of these is carried out by the play-out yet: resolving one is refused, naming it
(:func:`~mtgrules.rules.effects.resolution.carry_out` raises ``Unsupported`` for an
instruction it has no handler for). They are kept apart from
:class:`~mtgrules.cards.effects.Modify`, whose handler adds to power and toughness in
layer 7c: a base set in layer 7b, or abilities removed in layer 6, given to it would be
another effect than the card's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from mtgrules.cards.effects import WHILE_DURATIONS, Instruction, Subject

# "": no duration said, the rest of the game (CR 611.2a)
DURATIONS = {"end_of_turn": " until end of turn", "": ""}


@dataclass(frozen=True)
class SetBasePT(Instruction):
    """``what`` has base power ``power`` and base toughness ``toughness`` for ``duration``:
    an effect that sets them, applied in layer 7b (CR 613.4b), for a while (611.2a)."""

    what: Subject
    power: int
    toughness: int
    duration: str = "end_of_turn"
    RULES: ClassVar[tuple[str, ...]] = ("613.4b", "611.2a")
    FAMILY: ClassVar[str] = "pump"

    def render(self) -> str:
        return (
            f"{self.what.render()} has base power and toughness "
            f"{self.power}/{self.toughness}{DURATIONS[self.duration]}"
        )


@dataclass(frozen=True)
class LoseAllAbilities(Instruction):
    """``what`` loses all its abilities for ``duration``: an ability-removing effect,
    applied in layer 6 (CR 613.1f), for a while (611.2a)."""

    what: Subject
    duration: str = "end_of_turn"
    RULES: ClassVar[tuple[str, ...]] = ("613.1f", "611.2a")
    FAMILY: ClassVar[str] = "pump"

    def render(self) -> str:
        return f"{self.what.render()} loses all abilities{DURATIONS[self.duration]}"


@dataclass(frozen=True)
class NoUntapWhile(Instruction):
    """``what`` doesn't untap during its controller's untap steps for as long as
    ``duration`` holds (a key of :data:`~mtgrules.cards.effects.WHILE_DURATIONS`: the source
    remains tapped, on the battlefield, or under your control): effects can keep a
    permanent from untapping (CR 502.3), for a duration worded "for as long as" (611.2b: if
    it has ended before the effect would first apply, it does nothing). Not
    :class:`~mtgrules.cards.effects_actions.NoUntap`, which is the next untap step only."""

    what: Subject
    duration: str
    RULES: ClassVar[tuple[str, ...]] = ("502.3", "611.2b")
    FAMILY: ClassVar[str] = "restriction"

    def render(self) -> str:
        return (
            f"{self.what.render()} doesn't untap during its controller's untap steps"
            f"{WHILE_DURATIONS[self.duration]}"
        )
