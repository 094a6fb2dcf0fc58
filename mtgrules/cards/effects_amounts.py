"""The effect vocabulary of payments made as an effect resolves, "unless" and durations other
than "until end of turn" (docs/effects.md, "Payments, unless, durations").

- "You may pay {2}. If you do, ..." is a :class:`~mtgrules.cards.effects.May` whose
  instruction is a :class:`PayMana` (or :class:`PayLife`), followed by an
  :class:`~mtgrules.cards.effects.IfYouDo` (CR 608.2d: a choice made as it resolves;
  118.3a-b: how mana and life are paid).
- "Sacrifice this creature unless you pay {1}" is :class:`Unless` (118.12a: "do A unless a
  player does B" is "that player may do B; if they don't, do A").
- "~ deals 3 damage divided as you choose among one, two, or three targets" is
  :class:`DivideDamage` (601.2d: the division is announced as the spell is cast).
- "Exile target creature until this permanent leaves the battlefield" is
  :class:`ExileUntil` (610.3: the exiled card returns to the battlefield when that event
  happens, under its owner's control, 610.3c).

Each is an :class:`~mtgrules.cards.effects.Instruction` naming the rules it carries out.
None of these is carried out by the play-out yet: resolving one is refused, naming it
(:func:`~mtgrules.rules.effects.resolution.carry_out` raises ``Unsupported`` for an
instruction it has no handler for); a "you may pay" that is declined does nothing
(608.2d), which the play-out follows without paying anything.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from mtgrules.cards.effects import SELF, YOU, Amount, Instruction, Script, Subject
from mtgrules.cards.wording import acts


@dataclass(frozen=True)
class PayMana(Instruction):
    """``who`` pays ``mana`` (mana symbols, CR 118.3a) as the effect resolves, the action of a
    "you may pay" (608.2d) or of an "unless" (118.12a)."""

    mana: str
    who: Subject = YOU
    RULES: ClassVar[tuple[str, ...]] = ("118.3a", "608.2d")
    FAMILY: ClassVar[str] = "payment"

    def render(self) -> str:
        return acts(self.who, f"pays {self.mana}")


@dataclass(frozen=True)
class PayLife(Instruction):
    """``who`` pays ``amount`` life (CR 118.3b), possible only with at least that much life
    (119.4), the action of a "you may pay N life" (608.2d) or of an "unless" (118.12a)."""

    amount: Amount
    who: Subject = YOU
    RULES: ClassVar[tuple[str, ...]] = ("118.3b", "119.4", "608.2d")
    FAMILY: ClassVar[str] = "payment"

    def render(self) -> str:
        return acts(self.who, f"pays {self.amount.render()} life")


@dataclass(frozen=True)
class PayEnergy(Instruction):
    """``who`` pays ``amount`` energy, removing that many energy counters from themselves
    (CR 107.14), possible only with that many (118.3); the action of a "you may pay {E}"
    (608.2d)."""

    amount: Amount
    who: Subject = YOU
    RULES: ClassVar[tuple[str, ...]] = ("107.14", "118.3", "608.2d")
    FAMILY: ClassVar[str] = "payment"

    def render(self) -> str:
        return acts(self.who, f"pays {self.amount.render()} energy")


@dataclass(frozen=True)
class Unless(Instruction):
    """``then`` is done unless its controller does ``pay`` (a :class:`PayMana`, a
    :class:`PayLife`, or another instruction: "unless you discard a card") as the effect
    resolves (CR 118.12a): they choose whether to; if they don't, ``then`` happens."""

    then: Script
    pay: Instruction
    RULES: ClassVar[tuple[str, ...]] = ("118.12a",)
    FAMILY: ClassVar[str] = "payment"

    def render(self) -> str:
        return f"{self.then.render()} unless {self.pay.render()}"


@dataclass(frozen=True)
class LoseHalfLife(Instruction):
    """``who`` loses half their life, rounded up (``round_up``) or down (CR 107.1a: the
    text says which way a fraction goes; 119.3)."""

    who: Subject
    round_up: bool = True
    RULES: ClassVar[tuple[str, ...]] = ("107.1a", "119.3")
    FAMILY: ClassVar[str] = "life"

    def render(self) -> str:
        way = "up" if self.round_up else "down"
        return acts(self.who, f"loses half their life, rounded {way}")


@dataclass(frozen=True)
class DivideDamage(Instruction):
    """``source`` deals ``amount`` damage divided among ``among`` (a target phrase naming
    one or more targets) as its controller announced while casting it, each target getting
    at least 1 (CR 601.2d, 120.3)."""

    amount: Amount
    among: Subject
    source: Subject = SELF
    RULES: ClassVar[tuple[str, ...]] = ("601.2d", "120.3")
    FAMILY: ClassVar[str] = "damage"

    def render(self) -> str:
        return (
            f"{self.source.render()} deals {self.amount.render()} damage divided as announced "
            f"among {self.among.render()}"
        )


# how long an exile lasts: the event that returns the card (CR 610.3)
UNTIL_EVENTS = {"self_leaves": "this permanent leaves the battlefield"}


@dataclass(frozen=True)
class ExileUntil(Instruction):
    """Exile ``what`` until ``until`` happens (one of :data:`UNTIL_EVENTS`; CR 610.3): then
    the exiled card returns to the battlefield under its owner's control (610.3c); if the
    event already happened before the exile, the card isn't exiled at all (610.3a-b)."""

    what: Subject
    until: str = "self_leaves"
    RULES: ClassVar[tuple[str, ...]] = ("701.13a", "610.3", "610.3a", "610.3b", "610.3c")
    FAMILY: ClassVar[str] = "exile"

    def render(self) -> str:
        return f"exile {self.what.render()} until {UNTIL_EVENTS[self.until]}"
