"""The effect vocabulary of a value chosen as an effect resolves and used by its later words
(docs/effects.md, "Values chosen as it resolves"): "Choose a creature type." and then "creatures
of the chosen type", "becomes that type"; "Choose a color." and then "protection from the
chosen color".

The choice is an instruction of its own, :class:`ChooseValue` (CR 608.2d: the player announces
it while the effect is applied); the later words that refer to it are readings of their own:

- a group of permanents "of the chosen type" / "that aren't of the chosen type" keeps the
  quality :func:`chosen_quality` (:attr:`~mtgrules.cards.statics.Group.qualities`), which no
  check of a group's qualities knows, so a play-out that reached it would refuse it
  (rules/layers/qualities.fits_quality raises ``Unsupported``);
- :class:`BecomesChosenValue` and :class:`ProtectionFromChosenValue`.

None of these is carried out by the play-out: resolving one is refused, naming it
(:func:`~mtgrules.rules.effects.resolution.carry_out` has no handler for them), and the
choice comes first in its effect, so an effect that uses it is refused before anything is done.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from mtgrules.cards.effects import Instruction, Subject

# what a player may be told to choose, and the rule that says what may be chosen
CHOICE_RULES = {
    "creature type": "205.3m",
    "basic land type": "205.3i",
    "land type": "205.3i",
    "color": "105.4",
    "card type": "205.2a",
}
_DURATION = {"end_of_turn": " until end of turn", "": ""}


@dataclass(frozen=True)
class ChooseValue(Instruction):
    """The effect's controller chooses a ``what`` (a key of :data:`CHOICE_RULES`: a creature
    type, CR 205.3m; a land type or basic land type, 205.3i; a color, 105.4; a card type,
    205.2a) as the effect resolves (608.2d); ``other_than``: a value it may not be ("other
    than Wall"). The effect's later words "the chosen type", "that color" mean this choice."""

    what: str
    other_than: str = ""
    RULES: ClassVar[tuple[str, ...]] = ("608.2d", "205.3m", "205.3i", "105.4", "205.2a")
    FAMILY: ClassVar[str] = "glue"

    def render(self) -> str:
        other = f" other than {self.other_than}" if self.other_than else ""
        return f"you choose a {self.what}{other}"


def chosen_quality(what: str, negated: bool = False) -> str:
    """The group quality "of the chosen ``what``" (or "not of ..."), as a group keeps it
    (:attr:`~mtgrules.cards.statics.Group.qualities`)."""
    return f"{'not ' if negated else ''}of the chosen {what}"


@dataclass(frozen=True)
class BecomesChosenValue(Instruction):
    """``what`` becomes the ``choice`` (a creature type or land type) chosen before in the
    same effect (:class:`ChooseValue`), for ``duration``: a type-changing effect whose new
    subtype replaces the object's subtypes of that kind (CR 205.1a, 613.1d; 611.2a); a land
    given a basic land type loses its old land types and the abilities of its rules text, and
    has that type's mana ability (305.7)."""

    what: Subject
    choice: str
    duration: str = ""
    RULES: ClassVar[tuple[str, ...]] = ("205.1a", "305.7", "613.1d", "611.2a")
    FAMILY: ClassVar[str] = "becomes"

    def render(self) -> str:
        kind = "creature types" if self.choice == "creature type" else "land types"
        return (
            f"{self.what.render()} becomes the chosen {self.choice}, instead of its other "
            f"{kind}{_DURATION[self.duration]}"
        )


@dataclass(frozen=True)
class ProtectionFromChosenValue(Instruction):
    """``what`` gains protection from the color chosen before in the same effect
    (:class:`ChooseValue`; CR 702.16a) for ``duration`` (611.2a)."""

    what: Subject
    duration: str = "end_of_turn"
    RULES: ClassVar[tuple[str, ...]] = ("702.16a", "611.2a")
    FAMILY: ClassVar[str] = "pump"

    def render(self) -> str:
        return (
            f"{self.what.render()} gains protection from the chosen color{_DURATION[self.duration]}"
        )
