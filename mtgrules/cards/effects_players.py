"""The effect vocabulary of what players named in the sentence do with their own cards or have
done to them, round 5 (docs/effects.md, "Players named in the sentence"): a hand and a
graveyard shuffled into their owner's library ("Each player shuffles their hand and
graveyard into their library"), another player's library searched by the ability's
controller ("Search target opponent's library for three cards and exile them"), half a
library milled ("Target player mills half their library, rounded down"), a player's next
step, phase or turn skipped ("Each opponent skips their next untap step"), a player's own
permanent returned to its owner's hand and cards from their own hand put on their library,
and each player gaining control of the permanents they own.

Each is an :class:`~mtgrules.cards.effects.Instruction` naming the rules it carries out.
None is carried out by the play-out yet: resolving one is refused, naming it
(:func:`~mtgrules.rules.effects.resolution.carry_out` raises ``Unsupported`` for an
instruction it has no handler for).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from mtgrules.cards.effects import Amount, Instruction, Subject
from mtgrules.cards.effects_actions import CardFilter
from mtgrules.cards.wording import acts, counted

if TYPE_CHECKING:
    from mtgrules.cards.statics import Group


@dataclass(frozen=True)
class ShuffleZonesIntoLibrary(Instruction):
    """``who`` puts every card of their ``zones`` (``hand``, ``graveyard``) into their
    library, then shuffles it (CR 701.24a; a card goes to its owner's library, 400.3): one
    shuffle, whatever was in the zones (701.24d)."""

    who: Subject
    zones: tuple[str, ...] = ("hand", "graveyard")
    RULES: ClassVar[tuple[str, ...]] = ("701.24a", "701.24d", "400.3")
    FAMILY: ClassVar[str] = "library"

    def render(self) -> str:
        return acts(self.who, f"shuffles their {' and '.join(self.zones)} into their library")


# where the cards found in another player's library go: exiled, into their owner's
# graveyard (400.3), or onto the battlefield under the searcher's control (110.2a)
FOUND_GOES = {
    "exile": "exile them",
    "graveyard": "put them into their owner's graveyard",
    "battlefield": "put them onto the battlefield under your control",
}


@dataclass(frozen=True)
class SearchLibraryOf(Instruction):
    """The ability's controller searches ``whose`` library for ``amount`` cards matching
    ``card`` (``up_to``: that many or fewer; CR 701.23a; a stated quality may be left
    unfound, 701.23b; a number of cards alone must be found, 701.23d) and puts them where
    ``zone`` says (:data:`FOUND_GOES`). The library's owner shuffles it only when the
    effect says so, in its own instruction ("Then that player shuffles.", 701.24a). The
    cards found are not revealed unless the effect says so (701.23e)."""

    whose: Subject
    card: CardFilter
    zone: str
    amount: Amount = Amount(1)  # noqa: RUF009 - a frozen (immutable) default
    up_to: bool = False
    RULES: ClassVar[tuple[str, ...]] = ("701.23a", "701.23b", "701.23d", "701.23e")
    FAMILY: ClassVar[str] = "search"

    def render(self) -> str:
        n = ("up to " if self.up_to else "") + counted(self.amount, self.card.render())
        return f"search the library of {self.whose.render()} for {n} and {FOUND_GOES[self.zone]}"


@dataclass(frozen=True)
class MillHalf(Instruction):
    """``who`` mills half the cards in their library, rounded up (``round_up``) or down as
    the text says (CR 107.1a, 701.17a), counted as the instruction is carried out."""

    who: Subject
    round_up: bool = False
    RULES: ClassVar[tuple[str, ...]] = ("107.1a", "701.17a")
    FAMILY: ClassVar[str] = "mill"

    def render(self) -> str:
        way = "up" if self.round_up else "down"
        return acts(self.who, f"mills half their library, rounded {way}")


@dataclass(frozen=True)
class SkipNext(Instruction):
    """``who`` skips their next ``times`` ``what`` (``untap step``, ``draw step``, ``combat
    phase``, ``turn``): a replacement effect, "instead of doing it, do nothing" (CR 500.11,
    614.10); what was scheduled for it waits for the next one not skipped (614.10a)."""

    who: Subject
    what: str
    times: int = 1
    RULES: ClassVar[tuple[str, ...]] = ("500.11", "614.10", "614.10a")
    FAMILY: ClassVar[str] = "turn"

    def render(self) -> str:
        many = f"{self.times} " if self.times != 1 else ""
        plural = "s" if self.times != 1 else ""
        return acts(self.who, f"skips their next {many}{self.what}{plural}")


@dataclass(frozen=True)
class ReturnOwnChosen(Instruction):
    """``who`` chooses ``amount`` permanents of ``what``'s group among those they control
    and returns them to their owners' hands ("That player returns a land they control to
    its owner's hand"): the player instructed makes the choice as it resolves (CR 608.2d),
    and a card goes to its owner's hand (400.3)."""

    who: Subject
    what: Subject
    amount: Amount = Amount(1)  # noqa: RUF009 - a frozen (immutable) default
    RULES: ClassVar[tuple[str, ...]] = ("608.2d", "400.3")
    FAMILY: ClassVar[str] = "move"

    def render(self) -> str:
        kind = self.what.group.render().lower() if self.what.group is not None else "?"
        return acts(
            self.who,
            f"returns {self.amount.render()} of {kind} they control, of their choice, to its "
            "owner's hand",
        )


@dataclass(frozen=True)
class PutHandOnLibrary(Instruction):
    """``who`` puts ``amount`` cards of their choice from their hand (every card of it when
    ``amount`` is None) on top of their library (CR 608.2d; several at once in the order
    they choose, 401.4)."""

    who: Subject
    amount: Amount | None = Amount(1)  # noqa: RUF009 - a frozen (immutable) default
    RULES: ClassVar[tuple[str, ...]] = ("608.2d", "401.4")
    FAMILY: ClassVar[str] = "library"

    def render(self) -> str:
        what = "all the cards" if self.amount is None else counted(self.amount, "card")
        return acts(self.who, f"puts {what} from their hand on top of their library")


@dataclass(frozen=True)
class ControlOwned(Instruction):
    """``who`` gains control of every permanent of ``group`` they own ("Each player gains
    control of all creatures they own"): a control-changing effect (layer 2, CR 613.1b) on
    the permanents each player owns (110.2), lasting with no stated end (611.2a)."""

    who: Subject
    group: Group
    RULES: ClassVar[tuple[str, ...]] = ("613.1b", "110.2", "611.2a")
    FAMILY: ClassVar[str] = "control"

    def render(self) -> str:
        return acts(self.who, f"gains control of {self.group.render().lower()} they own")


@dataclass(frozen=True)
class PlayerAddsMana(Instruction):
    """``who``, a player other than the ability's controller, adds the mana ``mana`` says
    (an :class:`~mtgrules.cards.effects.AddMana` or ``AddManaOf`` read as if the
    controller's) to their own mana pool (CR 106.4): "Its controller adds an additional
    {G}{G}", the triggered mana ability of an Aura on a land tapped for mana (605.1b,
    106.12a), where "its controller" is the land's and "additional" only says the mana
    comes on top of what the land made."""

    who: Subject
    mana: Instruction
    RULES: ClassVar[tuple[str, ...]] = ("106.4", "605.1b")
    FAMILY: ClassVar[str] = "mana"

    def render(self) -> str:
        return acts(self.who, "adds " + self.mana.render().removeprefix("add "))
