"""The effect vocabulary of damage prevented from a chosen source and of a life total set to a
number (docs/effects.md, "Damage, life, prevention and pumps").

- "The next time a red source of your choice would deal damage to you this turn, prevent
  that damage" and "Prevent all damage a source of your choice would deal this turn" are a
  :class:`PreventFromChosenSource`: the player chooses the source as the effect resolves
  (CR 609.7a), the shield rechecks the source's quality when it would deal damage (609.7b,
  615.9) and, for "the next time", prevents that one instance of damage, however much
  it is (615.8).
- "Your life total becomes 10" is a :class:`SetLifeTotal` (119.5: the player gains or loses
  the life needed to end up with that total).

Each is an :class:`~mtgrules.cards.effects.Instruction` naming the rules it carries out.
The play-out carries out neither yet: resolving one is refused, naming it
(:func:`~mtgrules.rules.effects.resolution.carry_out` raises ``Unsupported`` for an
instruction it has no handler for).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from mtgrules.cards.effects import Amount, Instruction, Subject
from mtgrules.cards.wording import acts


@dataclass(frozen=True)
class PreventFromChosenSource(Instruction):
    """Damage a source chosen as the effect resolves would deal this turn is prevented
    (CR 609.7a): only to ``to`` (to anything when None); ``next_time``: only the next
    instance of it, however much (615.8), else all of it; ``quality``: what the source must
    be when it would deal damage ("red", "artifact"; any source when empty), rechecked then
    (609.7b, 615.9)."""

    to: Subject | None = None
    next_time: bool = True
    quality: str = ""
    RULES: ClassVar[tuple[str, ...]] = ("615.1a", "609.7a", "609.7b", "615.8", "615.9")
    FAMILY: ClassVar[str] = "prevent"

    def render(self) -> str:
        source = f"a {self.quality} source" if self.quality else "a source"
        to = f" to {self.to.render()}" if self.to is not None else ""
        if self.next_time:
            return (
                f"the next time {source} chosen as it resolves would deal damage{to} this "
                "turn, prevent that damage"
            )
        return f"prevent all damage {source} chosen as it resolves would deal{to} this turn"


@dataclass(frozen=True)
class SetLifeTotal(Instruction):
    """``who``'s life total becomes ``amount``: they gain or lose the life needed to end up
    with it (CR 119.5, 119.3)."""

    who: Subject
    amount: Amount
    RULES: ClassVar[tuple[str, ...]] = ("119.5", "119.3")
    FAMILY: ClassVar[str] = "life"

    def render(self) -> str:
        return acts(
            self.who, f"ends up with {self.amount.render()} life, gaining or losing the difference"
        )
