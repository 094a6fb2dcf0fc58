"""The effect vocabulary of "instead" within one ability's text and of combat damage a creature
doesn't assign (docs/effects.md, "Instead, unless and optional payments").

- "~ deals 3 damage to any target. If this spell was kicked, it deals 5 damage instead." is
  one :class:`Instead`: the later sentence changes what the earlier instruction does (CR
  608.2c: the whole text is read, later text may modify earlier text; 614.1a: "instead"
  replaces one event with another). The reading names the instruction replaced and what
  replaces it, and the condition under which it is replaced.
- "If you do, this creature assigns no combat damage this turn." is
  :class:`NoCombatDamage` (510.1a: each attacking or blocking creature assigns combat damage
  equal to its power, unless an effect says otherwise).

The play-out carries out neither yet: resolving one is refused, naming it
(:func:`~mtgrules.rules.effects.resolution.carry_out` has no handler for them).
"""

from __future__ import annotations

from dataclasses import dataclass, fields, is_dataclass
from typing import ClassVar

from mtgrules.cards.effects import (
    SELF,
    YOU,
    Amount,
    DealDamage,
    Discard,
    Exile,
    Instruction,
    Move,
    PutCounters,
    Sacrifice,
    Script,
    Subject,
    Tap,
)
from mtgrules.cards.effects_actions import CardFilter
from mtgrules.cards.effects_amounts import PayLife, PayMana
from mtgrules.cards.effects_conditions import Condition
from mtgrules.cards.vocabulary import count_word
from mtgrules.cards.wording import acts


@dataclass(frozen=True)
class Instead(Instruction):
    """``otherwise`` (the instruction replaced) is done, unless ``condition`` holds as it
    would be done, in which case ``then`` is done instead of it (CR 608.2c, 614.1a):
    "[instruction]. If [condition], [another instruction] instead." The condition is
    checked where the replaced instruction stands in the text (608.2h: as the instruction
    applies). The fields are named as :class:`~mtgrules.cards.effects_conditions.If`'s, so
    that a Script's families and completeness look inside both."""

    condition: Condition
    then: Script
    otherwise: Script
    RULES: ClassVar[tuple[str, ...]] = ("608.2c", "614.1a")
    FAMILY: ClassVar[str] = "condition"

    def render(self) -> str:
        return (
            f"{self.otherwise.render()}; if {self.condition.render()}, {self.then.render()} instead"
        )


@dataclass(frozen=True)
class NoCombatDamage(Instruction):
    """``what`` assigns no combat damage this turn (CR 510.1a: an effect saying it assigns
    none overrides the damage equal to its power it would otherwise assign)."""

    what: Subject
    RULES: ClassVar[tuple[str, ...]] = ("510.1a",)
    FAMILY: ClassVar[str] = "combat"

    def render(self) -> str:
        return f"{self.what.render()} assigns no combat damage this turn"


@dataclass(frozen=True)
class IfDid(Instruction):
    """ "[Do something]. If you do, [more]." after an instruction the controller must follow
    (not a "you may"): the instruction is a cost paid as it resolves, and ``then`` is done
    only if the player did it, which may be impossible ("Sacrifice it" when it is gone;
    CR 118.12: the clause checks whether the cost was paid, not what happened after)."""

    then: Script
    RULES: ClassVar[tuple[str, ...]] = ("118.12", "608.2c")
    FAMILY: ClassVar[str] = "glue"

    def render(self) -> str:
        return f"if you did, {self.then.render()}"


def if_did(action: Instruction, steps: tuple[Instruction, ...]) -> IfDid | None:
    """ "If you do, [steps]" after ``action``, an instruction the controller must follow
    (CR 118.12), or None where it is not read: ``action`` is no cost paid as it resolves,
    or it took the source away (sacrificed, exiled, returned) and ``steps`` act on the
    source again (a new object if it came back, 400.7: "Sacrifice this enchantment. If you
    do, destroy that creature." had bound "that creature" to the enchantment); the
    source dealing damage, as it last existed (608.2h), is read."""
    if not paid_on_resolution(action):
        return None
    gone = isinstance(action, Sacrifice | Exile | Move) and action.what == SELF
    if gone and any(_acts_on_self(step) for step in steps):
        return None
    return IfDid(Script(steps))


def _acts_on_self(value: object) -> bool:
    if isinstance(value, Subject):
        return value == SELF
    if isinstance(value, DealDamage):
        return any(
            _acts_on_self(getattr(value, f.name)) for f in fields(value) if f.name != "source"
        )
    if isinstance(value, tuple | list):
        return any(_acts_on_self(v) for v in value)
    if is_dataclass(value) and not isinstance(value, type):
        return any(_acts_on_self(getattr(value, f.name)) for f in fields(value))
    return False


def paid_on_resolution(step: Instruction) -> bool:
    """Whether ``step``, an instruction the controller must follow, is one an "If you do"
    after it checks as a cost paid as it resolves (CR 118.12): a sacrifice, discard or
    payment of their own, an exile, a return to a zone, a tap, counters removed."""
    if isinstance(step, Sacrifice | Discard | PayMana | PayLife):
        return step.who == YOU
    if isinstance(step, PutCounters):
        return step.remove
    return isinstance(step, Exile | Move | Tap)


@dataclass(frozen=True)
class IsColor(Condition):
    """ "That creature is white", "that creature is blue or black": the object ``what``
    (named before, as the instruction applies, 608.2h) is one of ``colors`` (105.2)."""

    what: Subject
    colors: tuple[str, ...]
    was: bool = False  # "that creature was blue": as it last existed (608.2h, the same rule)
    RULES: ClassVar[tuple[str, ...]] = ("608.2h", "105.2")

    def render(self) -> str:
        verb = "was" if self.was else "is"
        return f"{self.what.render()} {verb} {' or '.join(self.colors)}"


@dataclass(frozen=True)
class DiscardKind(Instruction):
    """``who`` discards ``amount`` cards of the kind ``card`` says, chosen by them from their
    hand (CR 701.9a: "discard a creature card"; impossible without one, 609.3); the action of
    an "unless" (118.12a)."""

    who: Subject
    amount: Amount
    card: CardFilter
    RULES: ClassVar[tuple[str, ...]] = ("701.9a", "609.3")
    FAMILY: ClassVar[str] = "discard"

    def render(self) -> str:
        kind = self.card.render()
        many = count_word(self.amount.fixed)
        if many == "a" and kind[:1] in "aeiou":
            many = "an"
        return acts(self.who, f"discards {many} {kind}")


@dataclass(frozen=True)
class CreatureDied(Condition):
    """ "A creature died this turn": a creature was put into a graveyard from the
    battlefield this turn (CR 700.4), any player's."""

    RULES: ClassVar[tuple[str, ...]] = ("608.2h", "700.4")

    def render(self) -> str:
        return "a creature died this turn"


@dataclass(frozen=True)
class CitysBlessing(Condition):
    """ "You have the city's blessing": the designation ascend gives (CR 702.131b-c)."""

    RULES: ClassVar[tuple[str, ...]] = ("608.2h", "702.131c")

    def render(self) -> str:
        return "you have the city's blessing"


@dataclass(frozen=True)
class FullParty(Condition):
    """ "You have a full party": four creatures in your party (CR 700.8, 700.8c)."""

    RULES: ClassVar[tuple[str, ...]] = ("608.2h", "700.8c")

    def render(self) -> str:
        return "you have a full party"


@dataclass(frozen=True)
class ManaSpent(Condition):
    """ "Five or more mana was spent to cast that spell": the mana paid for the spell a
    triggered ability's event named (``what``), as it was cast (601.2h), at least
    ``at_least``."""

    what: Subject
    at_least: int
    RULES: ClassVar[tuple[str, ...]] = ("608.2h", "601.2h")

    def render(self) -> str:
        return f"{count_word(self.at_least)} or more mana was spent to cast {self.what.render()}"


@dataclass(frozen=True)
class ReturnAttacking(Instruction):
    """Return ``what`` (a card in its owner's graveyard) to the battlefield tapped and
    attacking (CR 400.6; 508.4: its controller chooses what it attacks as it enters, and it
    was never declared as an attacker)."""

    what: Subject
    RULES: ClassVar[tuple[str, ...]] = ("400.6", "508.4")
    FAMILY: ClassVar[str] = "move"

    def render(self) -> str:
        return f"return {self.what.render()} to the battlefield tapped and attacking"
