"""The effect vocabulary of the first two layers, for a while (docs/effects.md): a permanent
that becomes a copy of another (a copy effect, layer 1, CR 613.1a, 707.2) and a player who
gains control of a permanent (layer 2, 613.1b). Each is an
:class:`~mtgrules.cards.effects.Instruction` naming the rules it carries out; the play-out
carries out a copy (rules/effects/copies.py) and refuses a change of control, naming it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from mtgrules.cards.effects import YOU, Instruction, Subject
from mtgrules.cards.wording import acts


@dataclass(frozen=True)
class GainControl(Instruction):
    """``who`` gains control of ``what`` (a layer 2 effect, CR 613.1b), for ``duration``:
    ``end_of_turn`` (until end of turn, 514.2), ``""``, as long as the effect lasts
    with no stated duration (611.2a), ``while_you_control_self`` ("for as long as you
    control this creature") or ``while_self_on_battlefield`` ("for as long as this
    creature remains on the battlefield"), 611.2b."""

    what: Subject
    who: Subject = YOU
    duration: str = ""
    RULES: ClassVar[tuple[str, ...]] = ("613.1b", "611.2a")
    FAMILY: ClassVar[str] = "control"

    def render(self) -> str:
        until = CONTROL_DURATIONS.get(self.duration, f" {self.duration}")
        return acts(self.who, f"gains control of {self.what.render()}{until}")


CONTROL_DURATIONS = {
    "": "",
    "end_of_turn": " until end of turn",
    "while_you_control_self": " for as long as you control this object",
    "while_self_on_battlefield": " for as long as this object remains on the battlefield",
}


@dataclass(frozen=True)
class BecomeCopy(Instruction):
    """``what`` becomes a copy of ``of`` for ``duration`` (``end_of_turn``): a copy effect
    made on the battlefield (CR 707.2, 613.2a) that ends in the cleanup step (611.2a, 514.2).
    It copies ``of`` as it last existed when ``of`` has just left the battlefield."""

    what: Subject
    of: Subject
    duration: str = "end_of_turn"
    RULES: ClassVar[tuple[str, ...]] = ("707.2", "611.2a")
    FAMILY: ClassVar[str] = "copy"

    def render(self) -> str:
        until = " until end of turn" if self.duration == "end_of_turn" else ""
        return f"{self.what.render()} becomes a copy of {self.of.render()}{until}"
