"""The effect vocabulary of zone changes the first rounds' :class:`~mtgrules.cards.effects.Move`
can't say (docs/effects.md, "Zone changes, linked exiles, control"): a card put onto the
battlefield transformed (CR 712.14a), put into its owner's library Nth from the top (401.7),
put on top or the bottom of its library as its owner chooses (608.2d), and control of two
permanents exchanged (701.12a-b, 613.1b), and a player exiling cards of their choice from
their own hand or graveyard (701.13a, 608.2d), an object put onto the battlefield with
counters on it (122.6, 614.1c) or attached to another (303.4i, 301.5e), a permanent of
one of several card types sacrificed (701.21a, 608.2d), and players' own cards put from their
graveyards onto the battlefield (101.4, 110.2a), and the cards with one name searched
for in a player's graveyard, hand and library and exiled (701.23a-c, 201.2a); and the condition "{U} was spent to cast it"
(400.7d) of "sacrifice it unless ...". Each is an
:class:`~mtgrules.cards.effects.Instruction` naming the rules it carries out; the play-out
has no handler for any of them, so resolving one is refused, naming it
(:func:`mtgrules.rules.effects.resolution.carry_out`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from mtgrules.cards.effects import Instruction, Subject
from mtgrules.cards.effects_conditions import Condition
from mtgrules.cards.wording import acts, counted

if TYPE_CHECKING:
    from mtgrules.cards.effects import Amount
    from mtgrules.cards.effects_actions import CardFilter
    from mtgrules.cards.effects_groups import Selection
    from mtgrules.cards.effects_library import CardKinds

ORDINALS = {2: "second", 3: "third", 4: "fourth", 5: "fifth"}


@dataclass(frozen=True)
class MoveTransformed(Instruction):
    """Put ``what`` onto the battlefield with its back face up ("return it to the battlefield
    transformed", CR 712.14a), under ``under``'s control (``owner`` or ``you``, 110.2a),
    ``tapped`` or not. "It" after the same effect exiled it is the card it became in exile
    (400.7j)."""

    what: Subject
    under: str = "owner"
    tapped: bool = False
    RULES: ClassVar[tuple[str, ...]] = ("712.14a", "110.2a", "400.7j")
    FAMILY: ClassVar[str] = "move"

    def render(self) -> str:
        tapped = " tapped and" if self.tapped else ""
        control = "your" if self.under == "you" else "its owner's"
        return (
            f"put {self.what.render()} onto the battlefield{tapped} transformed"
            f" under {control} control"
        )


@dataclass(frozen=True)
class PutNthFromTop(Instruction):
    """Put ``what`` into its owner's library ``position``-th from the top (2: second); a
    library with fewer cards than that takes it at the bottom (CR 401.7, 400.3)."""

    what: Subject
    position: int
    RULES: ClassVar[tuple[str, ...]] = ("401.7", "400.3")
    FAMILY: ClassVar[str] = "move"

    def render(self) -> str:
        nth = ORDINALS.get(self.position, f"{self.position}th")
        return f"put {self.what.render()} into its owner's library {nth} from the top"


@dataclass(frozen=True)
class OwnerTopOrBottom(Instruction):
    """``what``'s owner puts it on top or the bottom of their library, which of the two they
    choose as the instruction is carried out (CR 608.2d; a card goes to its owner's
    library, 400.3)."""

    what: Subject
    RULES: ClassVar[tuple[str, ...]] = ("608.2d", "400.3")
    FAMILY: ClassVar[str] = "move"

    def render(self) -> str:
        return (
            f"the owner of {self.what.render()} puts it on the top or the bottom of their "
            "library, as they choose"
        )


@dataclass(frozen=True)
class ExchangeControl(Instruction):
    """Control of ``first`` and ``second`` is exchanged: each of their controllers gains
    control of the other's (a layer 2 effect with no stated duration); if the exchange
    can't be completed, none of it happens (CR 701.12a-b, 613.1b, 611.2a)."""

    first: Subject
    second: Subject
    RULES: ClassVar[tuple[str, ...]] = ("701.12a", "701.12b", "613.1b", "611.2a")
    FAMILY: ClassVar[str] = "control"

    def render(self) -> str:
        return f"exchange control of {self.first.render()} and {self.second.render()}"


@dataclass(frozen=True)
class ExileOwnCards(Instruction):
    """``who`` exiles ``amount`` cards of ``cards``' kinds from their own ``zone`` (``hand``
    or ``graveyard``), chosen by them as the instruction is carried out ("Target opponent
    exiles a card from their hand", CR 701.13a, 608.2d); each player of a group in APNAP
    order (101.4)."""

    who: Subject
    zone: str
    cards: CardKinds
    amount: Amount
    RULES: ClassVar[tuple[str, ...]] = ("701.13a", "608.2d", "101.4")
    FAMILY: ClassVar[str] = "exile"

    def render(self) -> str:
        n = self.amount.fixed if self.amount.fixed and not self.amount.x else "X"
        what = self.cards.render() + ("" if n == 1 else "s")
        return acts(self.who, f"exiles {n} {what} of their choice from their {self.zone}")


@dataclass(frozen=True)
class MoveWithCounters(Instruction):
    """Put ``what`` onto the battlefield under ``under``'s control (``owner`` or ``you``,
    110.2a), ``tapped`` or not, with ``amount`` counters of ``kind`` on it: it enters with
    them, a replacement of how it enters (CR 614.1c): it is never on the battlefield
    without them, and they are counters put on it (122.6); its controller puts them on it
    (122.6a)."""

    what: Subject
    kind: str
    amount: Amount
    under: str = "you"
    tapped: bool = False
    RULES: ClassVar[tuple[str, ...]] = ("122.6", "122.6a", "614.1c", "110.2a")
    FAMILY: ClassVar[str] = "move"

    def render(self) -> str:
        tapped = " tapped" if self.tapped else ""
        control = "your" if self.under == "you" else "its owner's"
        counters = counted(self.amount, self.kind + " counter")
        return (
            f"put {self.what.render()} onto the battlefield{tapped} under {control} control"
            f" with {counters} on it"
        )


@dataclass(frozen=True)
class MoveAttached(Instruction):
    """Put ``what`` onto the battlefield under ``under``'s control (``owner`` or ``you``,
    110.2a), ``tapped`` or not, attached to ``to``: an Aura that can't legally enchant it
    stays in the zone it was in (CR 303.4i); an Equipment that can't equip it, and any
    other permanent, enters unattached (301.5e, 303.4h)."""

    what: Subject
    to: Subject
    under: str = "you"
    tapped: bool = False
    RULES: ClassVar[tuple[str, ...]] = ("303.4i", "301.5e", "303.4h", "110.2a")
    FAMILY: ClassVar[str] = "move"

    def render(self) -> str:
        tapped = " tapped" if self.tapped else ""
        control = "your" if self.under == "you" else "its owner's"
        return (
            f"put {self.what.render()} onto the battlefield{tapped} under {control} control"
            f" attached to {self.to.render()}"
        )


@dataclass(frozen=True)
class SacrificeOneOf(Instruction):
    """``who`` sacrifices ``amount`` permanents they control, each of one of the card types
    of ``kinds`` (``any_types``: "a creature or planeswalker"), chosen by them as the
    instruction is carried out (CR 701.21a, 608.2d); ``other``: never the object with the
    ability ("another creature or artifact"). Each player of a group in APNAP order
    (101.4)."""

    who: Subject
    kinds: CardFilter
    amount: Amount
    other: bool = False
    RULES: ClassVar[tuple[str, ...]] = ("701.21a", "608.2d", "101.4")
    FAMILY: ClassVar[str] = "sacrifice"

    def render(self) -> str:
        types = " or ".join(t.lower() for t in self.kinds.any_types)
        other = "other " if self.other else ""
        what = counted(self.amount, f"{other}{types} permanent")
        return acts(self.who, f"sacrifices {what} of their choice")


@dataclass(frozen=True)
class OwnCardsOntoBattlefield(Instruction):
    """``who`` (each player of a group) puts cards from their own graveyard onto the
    battlefield under their own control (CR 110.2a), ``tapped`` or not: ``cards``' kinds and
    count as a :class:`~mtgrules.cards.effects_groups.Selection` holds them (``count`` 0:
    every one; otherwise that many, chosen by that player), its zone and owner being the
    acting player's graveyard. The players choose in APNAP order, then the cards move at
    once (101.4)."""

    who: Subject
    cards: Selection
    tapped: bool = False
    RULES: ClassVar[tuple[str, ...]] = ("110.2a", "101.4", "608.2d")
    FAMILY: ClassVar[str] = "move"

    def render(self) -> str:
        tapped = " tapped" if self.tapped else ""
        what = self.cards.render().replace("your graveyard", "their graveyard")
        what = what.replace("of your choice", "of their choice")
        return acts(self.who, f"puts {what} onto the battlefield{tapped}")


@dataclass(frozen=True)
class ColorSpent(Condition):
    """Mana of ``color`` (``W``, ``U``, ``B``, ``R``, ``G``) was spent to cast ``what``, the
    spell the permanent was (CR 400.7d, 601.2h): "sacrifice it unless {U} was spent to cast
    it" is an :class:`~mtgrules.cards.effects_conditions.If` of it whose ``otherwise`` is
    the sacrifice."""

    what: Subject
    color: str
    RULES: ClassVar[tuple[str, ...]] = ("400.7d", "601.2h")

    def render(self) -> str:
        return f"{{{self.color}}} was spent to cast {self.what.render()}"


# how many cards with the name :class:`ExileSameName` looks for
SAME_NAME_HOW = ("all", "any", "up_to")


@dataclass(frozen=True)
class ExileSameName(Instruction):
    """The ability's controller searches the graveyard, hand and library of ``whose`` for
    cards with the same name as ``name_of`` (as it is, or as it last existed, 608.2h), or,
    when ``name_of`` is None, with the card name chosen before in the same effect, and
    exiles them (CR 701.23a, 701.13a, 201.2a). ``how``: ``all`` (each such card in the
    graveyard, a public zone, must be found; in the hand and library, hidden zones, some or
    all may be left, 701.23b), ``any`` (any number of them) or ``up_to`` ``most`` of them.
    An object with no name has the same name as nothing: no card is found (201.2a,
    701.23c). The library is shuffled only by an instruction of its own ("Then that player
    shuffles.", 701.24a)."""

    whose: Subject
    name_of: Subject | None = None
    how: str = "all"
    most: int = 0
    RULES: ClassVar[tuple[str, ...]] = ("701.23a", "701.23b", "701.23c", "701.13a", "201.2a")
    FAMILY: ClassVar[str] = "exile"

    def render(self) -> str:
        many = {"all": "all", "any": "any number of"}.get(self.how, f"up to {self.most}")
        name = "the chosen card name"
        if self.name_of is not None:
            name = f"the same name as {self.name_of.render()}"
        return (
            f"search the graveyard, hand and library of {self.whose.render()} for {many}"
            f" cards with {name} and exile them"
        )
