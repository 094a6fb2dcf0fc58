"""The effect vocabulary of characteristics changed for a while (docs/effects.md): a
permanent that becomes a creature or another type ("This land becomes a 3/3 Elemental
creature with haste until end of turn. It's still a land."), that becomes a type or color
of its controller's choice, or gains protection from a color of their choice.

Each is an :class:`~mtgrules.cards.effects.Instruction` naming the rules it carries out.
None of these is carried out by the play-out yet: resolving one is refused, naming it
(:func:`~mtgrules.rules.effects.resolution.carry_out` raises ``Unsupported`` for an
instruction it has no handler for). They are kept apart from
:class:`~mtgrules.cards.effects.Modify`, whose handler grants keywords by name: a chosen
protection given to it as a keyword would be a quality no rule checks.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from mtgrules.cards.effects import (
    WHILE_DURATIONS,
    AddMana,
    Amount,
    Instruction,
    Subject,
    quoted_ability,
)

if TYPE_CHECKING:
    from mtgrules.cards.vocabulary import Ability

# how long a change lasts (CR 611.2a), or "for as long as" the source is in a state (611.2b)
DURATION_WORDS = {
    "end_of_turn": " until end of turn",
    "your_next_turn": " until your next turn",
    "": "",
    **WHILE_DURATIONS,
}


@dataclass(frozen=True)
class Becomes(Instruction):
    """``what`` becomes a ``power``/``toughness`` (when stated, CR 613.4b) ``colors``
    (105.3, 613.1e; ``("colorless",)``: it has no color, 105.2c) ``subtypes`` ``types``
    (205.1a, 613.1d; no ``types``: its card types are kept, only the subtypes of the kind
    given set, 205.1a, 305.7) with ``keywords`` (613.1f) for ``duration`` (611.2a);
    ``retains``: the types it keeps ("It's still a land", 205.1b); ``additional``: what it
    keeps all of, in the words "in addition to its other ..." say (``types``, ``creature
    types``, ``colors and types``; 205.1b; ``colors``, 105.3), or nothing."""

    what: Subject
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    colors: tuple[str, ...] = ()
    power: int | None = None
    toughness: int | None = None
    keywords: tuple[str, ...] = ()
    duration: str = ""
    retains: tuple[str, ...] = ()
    # abilities it has, written in quotes (CR 113.1a, 613.1f): each read whole by the
    # ability reader (oracle/effects_quoted.py)
    abilities: tuple[Ability, ...] = ()
    additional: str = ""
    RULES: ClassVar[tuple[str, ...]] = ("205.1a", "205.1b", "613.1d", "613.4b", "611.2a")
    FAMILY: ClassVar[str] = "becomes"

    def render(self) -> str:
        pt = f"{self.power}/{self.toughness} " if self.power is not None else ""
        colors = " ".join(self.colors) + " " if self.colors else ""
        kinds = " ".join((*self.subtypes, *(t.lower() for t in self.types)))
        gained = [*self.keywords, *(quoted_ability(a) for a in self.abilities)]
        with_kw = f" with {', '.join(gained)}" if gained else ""
        still = f" that's still a {', '.join(self.retains).lower()}" if self.retains else ""
        if self.additional:
            still += f" in addition to its other {self.additional}"
        # a color alone ("becomes blue", 105.3) takes no article
        words = f"{pt}{colors}{kinds}"
        article = "an" if words[:1] in ("A", "E", "I", "O", "U", "a", "e", "i", "o", "u") else "a"
        head = f"{article} {words}" if pt or kinds else colors.strip()
        return f"{self.what.render()} becomes {head}{with_kw}{still}{DURATION_WORDS[self.duration]}"


# what a player may choose for an object to become (CR 205.3, 105.1)
CHOICES = ("creature type", "basic land type", "color", "color or colors")


@dataclass(frozen=True)
class BecomesChosen(Instruction):
    """``what`` becomes the ``choice`` (one of :data:`CHOICES`) of its ability's
    controller's choice, for ``duration``: a type-changing (CR 613.1d; subtypes, 205.3) or
    color-changing (613.1e, 105.3) effect; 611.2a."""

    what: Subject
    choice: str
    duration: str = ""
    RULES: ClassVar[tuple[str, ...]] = ("613.1d", "613.1e", "205.3", "105.3", "611.2a")
    FAMILY: ClassVar[str] = "becomes"

    def render(self) -> str:
        return (
            f"{self.what.render()} becomes the {self.choice} of your choice"
            f"{DURATION_WORDS[self.duration]}"
        )


@dataclass(frozen=True)
class GainChosenProtection(Instruction):
    """``what`` gains protection from the color of its ability's controller's choice (CR
    702.16a, chosen as it resolves, 608.2d) for ``duration`` (611.2a)."""

    what: Subject
    duration: str = "end_of_turn"
    RULES: ClassVar[tuple[str, ...]] = ("702.16a", "608.2d", "611.2a")
    FAMILY: ClassVar[str] = "pump"

    def render(self) -> str:
        return (
            f"{self.what.render()} gains protection from the color of your choice"
            f"{DURATION_WORDS[self.duration]}"
        )


@dataclass(frozen=True)
class LoseKeywords(Instruction):
    """``what`` loses ``keywords`` until end of turn: an ability-removing effect (CR
    613.1f, 611.2a)."""

    what: Subject
    keywords: tuple[str, ...]
    RULES: ClassVar[tuple[str, ...]] = ("613.1f", "611.2a")
    FAMILY: ClassVar[str] = "pump"

    def render(self) -> str:
        return f"{self.what.render()} loses {', '.join(self.keywords)} until end of turn"


@dataclass(frozen=True)
class AttackDespiteDefender(Instruction):
    """``what`` can attack this turn as though it didn't have defender (CR 702.3b: a
    creature with defender can't attack; this effect lifts that for the turn, 611.2a)."""

    what: Subject
    RULES: ClassVar[tuple[str, ...]] = ("702.3b", "611.2a")
    FAMILY: ClassVar[str] = "restriction"

    def render(self) -> str:
        return f"{self.what.render()} can attack this turn as though it didn't have defender"


@dataclass(frozen=True)
class TapOrUntap(Instruction):
    """Tap or untap ``what``, as the ability's controller chooses as it resolves (CR
    701.26a-b, 608.2d)."""

    what: Subject
    RULES: ClassVar[tuple[str, ...]] = ("701.26a", "701.26b", "608.2d")
    FAMILY: ClassVar[str] = "tap"

    def render(self) -> str:
        return f"tap or untap {self.what.render()}"


@dataclass(frozen=True)
class RestrictedMana(Instruction):
    """The mana ``mana`` adds, which can be spent only as ``spend_only`` says ("to cast
    creature spells", in the card's words): a restriction on spending it (CR 106.6). Kept
    apart from :class:`~mtgrules.cards.effects.AddMana`, whose handler adds mana anyone
    may spend as they like."""

    mana: AddMana | AddManaOf
    spend_only: str
    RULES: ClassVar[tuple[str, ...]] = ("106.4", "106.6")
    FAMILY: ClassVar[str] = "mana"

    def render(self) -> str:
        return f"{self.mana.render()}; spend this mana only {self.spend_only}"


@dataclass(frozen=True)
class AddManaOf(Instruction):
    """Add ``amount`` mana of ``kind``: a mana symbol ("{G}", once per counted object or
    as much as a power), or ``chosen color``, ``any combination of colors``, ``different
    colors``, ``any one color`` (all of one color) or ``commander's colors`` (CR 106.4,
    106.1). ``chosen color`` is the choice a linked ability of the same object made (as it
    entered, 607.2d), not one made as this effect resolves (that is
    :class:`~mtgrules.cards.effects_named.AddChosenColorMana`). Kept apart from
    :class:`~mtgrules.cards.effects.AddMana`, whose handler adds fixed symbols."""

    amount: Amount
    kind: str
    RULES: ClassVar[tuple[str, ...]] = ("106.4", "106.1")
    FAMILY: ClassVar[str] = "mana"

    def render(self) -> str:
        if self.kind.startswith("{"):
            return f"add {self.kind} {self.amount.render()} time(s)"
        return f"add {self.amount.render()} mana of {self.kind}"
