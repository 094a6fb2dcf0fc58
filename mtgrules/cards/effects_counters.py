"""The effect vocabulary of counters and emblems beyond putting and removing N counters
(docs/effects.md, "Counters, tokens and emblems"): doubling counters (CR 701.10e), removing
all counters of a kind (122.1), putting a permanent's counters on another (122.8, 122.9),
counters distributed among targets (601.2d), a player getting an emblem (114.1, 114.2), and
counters moved from one object onto another (122.5).

Each is an :class:`~mtgrules.cards.effects.Instruction` naming the rules it carries out.
None of these is carried out by the play-out yet: resolving one is refused, naming it
(:func:`~mtgrules.rules.effects.resolution.carry_out` raises ``Unsupported`` for an
instruction it has no handler for), so reading them widens what the engine can show and
count, not what it answers.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from mtgrules.cards.effects import YOU, Amount, Instruction, Subject
from mtgrules.cards.wording import acts, counted

if TYPE_CHECKING:
    from mtgrules.cards.vocabulary import Ability


@dataclass(frozen=True)
class DoubleCounters(Instruction):
    """Double the number of ``kind`` counters on ``what`` (CR 701.10e: it is given as many
    of them as it already has); ``kind`` empty: each kind of counter on it."""

    what: Subject
    kind: str = ""
    RULES: ClassVar[tuple[str, ...]] = ("701.10e",)
    FAMILY: ClassVar[str] = "counters"

    def render(self) -> str:
        kind = f"{self.kind} counters" if self.kind else "each kind of counter"
        return f"double the number of {kind} on {self.what.render()}"


@dataclass(frozen=True)
class RemoveAllCounters(Instruction):
    """Remove every ``kind`` counter from ``what`` (CR 122.1); ``kind`` empty: every counter
    of every kind."""

    what: Subject
    kind: str = ""
    RULES: ClassVar[tuple[str, ...]] = ("122.1",)
    FAMILY: ClassVar[str] = "counters"

    def render(self) -> str:
        kind = f"{self.kind} counters" if self.kind else "counters"
        return f"remove all {kind} from {self.what.render()}"


@dataclass(frozen=True)
class PutCountersOf(Instruction):
    """Put ``source``'s counters on ``what``: in a triggered ability whose source has left
    the battlefield, as many of each kind as ``source`` had as it last existed; no counter is
    moved (CR 122.8, 122.9)."""

    source: Subject
    what: Subject
    RULES: ClassVar[tuple[str, ...]] = ("122.8", "122.9")
    FAMILY: ClassVar[str] = "counters"

    def render(self) -> str:
        return (
            f"put on {self.what.render()} as many of each kind of counter as "
            f"{self.source.render()} had"
        )


@dataclass(frozen=True)
class DistributeCounters(Instruction):
    """Put ``amount`` ``kind`` counters on ``among`` (a target phrase naming one or more
    targets), distributed as its controller announced while casting or activating it, each
    target getting at least one (CR 601.2d, 122.1)."""

    kind: str
    amount: Amount
    among: Subject
    RULES: ClassVar[tuple[str, ...]] = ("601.2d", "122.1")
    FAMILY: ClassVar[str] = "counters"

    def render(self) -> str:
        return (
            f"distribute {self.amount.render()} {self.kind} counters as announced among "
            f"{self.among.render()}"
        )


@dataclass(frozen=True)
class GetEmblem(Instruction):
    """``who`` gets an emblem with ``abilities`` (CR 114.1, 114.2): an emblem in the command
    zone, owned and controlled by ``who``, with no characteristics but those abilities
    (114.3), which function there (114.4). Each ability is read whole by the ability
    reader."""

    abilities: tuple[Ability, ...]
    who: Subject = YOU
    RULES: ClassVar[tuple[str, ...]] = ("114.1", "114.2", "114.3", "114.4")
    FAMILY: ClassVar[str] = "emblem"

    def render(self) -> str:
        quoted = " and ".join(f'"{a.render()}"' for a in self.abilities)
        return acts(self.who, f"gets an emblem with {quoted}")


@dataclass(frozen=True)
class MoveCounters(Instruction):
    """Move ``amount`` ``kind`` counters (``kind`` empty: of any one kind, chosen; ``every``:
    all of them) from ``source`` onto ``to`` (CR 122.5: each is removed from the first object
    and put onto the second; if either can't be done, including when the two are one object,
    no counter is moved)."""

    source: Subject
    to: Subject
    kind: str = ""
    amount: Amount = Amount(1)  # noqa: RUF009 - a frozen (immutable) default
    every: bool = False
    RULES: ClassVar[tuple[str, ...]] = ("122.5",)
    FAMILY: ClassVar[str] = "counters"

    def render(self) -> str:
        noun = f"{self.kind} counter" if self.kind else "counter"
        how = f"all {noun}s" if self.every else counted(self.amount, noun)
        return f"move {how} from {self.source.render()} onto {self.to.render()}"
