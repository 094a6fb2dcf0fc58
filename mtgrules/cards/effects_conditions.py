"""Instructions followed only if a condition holds as they resolve (CR 608.2c), and the
reflexive trigger "When you do, ..." (603.12), in the effect vocabulary (docs/effects.md,
"Conditions").

A condition is a frozen dataclass naming the rules that decide it (``RULES``) and its words
(``render``); :class:`If` carries one out on the board as the instruction applies (608.2h:
information is determined then). The play-out decides only the conditions it can compute
from the board with every input known (:mod:`mtgrules.rules.effects.conditions`) and
refuses the rest, naming the instruction.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, ClassVar

from mtgrules.cards.effects import Instruction, Script, Subject
from mtgrules.cards.mana import COLOR_NAMES
from mtgrules.cards.static_conditions import StaticCondition
from mtgrules.cards.vocabulary import count_word


@dataclass(frozen=True)
class Condition:
    """What an :class:`If` asks of the game as it resolves (CR 608.2c, 608.2h)."""

    RULES: ClassVar[tuple[str, ...]] = ("608.2c", "608.2h")

    def render(self) -> str:  # pragma: no cover - every subclass renders itself
        raise NotImplementedError


@dataclass(frozen=True)
class OnBoard(Condition):
    """A board count the static abilities' conditions also read: "you control a Wizard",
    "an opponent controls three or more creatures", "there are seven or more cards in your
    graveyard", "you have no cards in hand" (:class:`StaticCondition`, its ``kind``
    ``control`` or ``cards``), checked once, as the instruction applies (608.2h)."""

    condition: StaticCondition
    RULES: ClassVar[tuple[str, ...]] = ("608.2c", "608.2h", "109.5")

    def render(self) -> str:
        return self.condition.clause()


@dataclass(frozen=True)
class CardsInGraveyard(Condition):
    """ "There are N or more instant and/or sorcery cards in your graveyard": the cards of
    the controller's graveyard (404.1) with any of ``types`` (205.2a) number ``at_least``
    or more."""

    at_least: int
    types: tuple[str, ...]
    RULES: ClassVar[tuple[str, ...]] = ("608.2h", "404.1", "205.2a")

    def render(self) -> str:
        kinds = " and/or ".join(t.lower() for t in self.types)
        return f"there are {count_word(self.at_least)} or more {kinds} cards in your graveyard"


@dataclass(frozen=True)
class Kicked(Condition):
    """ "This spell was kicked": its controller declared the intention to pay a kicker cost
    as it was cast (702.33d); the instruction is linked to that kicker ability (702.33e)."""

    RULES: ClassVar[tuple[str, ...]] = ("702.33d", "702.33e")

    def render(self) -> str:
        return "this spell was kicked"


@dataclass(frozen=True)
class XAtLeast(Condition):
    """ "X is N or more": the X announced as it was cast or activated (107.3a)."""

    at_least: int
    RULES: ClassVar[tuple[str, ...]] = ("107.3a", "608.2c")

    def render(self) -> str:
        return f"X is {self.at_least} or more"


@dataclass(frozen=True)
class IsKind(Condition):
    """ "It's a land card", "it's an artifact creature", "it's a Vampire": the object
    ``what`` (the one named before, as the instruction applies, 608.2h) has every card type
    of ``types`` (205.2a) and every subtype of ``subtypes`` (205.3a); ``card``: the words say
    "card" (an object off the battlefield, 108.1)."""

    what: Subject
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    card: bool = False
    # round 5: its supertypes too ("it's legendary", "a snow land", 205.4a), and "was": the
    # words ask of an object that has left, as it last existed (608.2h: the same rule)
    supertypes: tuple[str, ...] = ()
    was: bool = False
    RULES: ClassVar[tuple[str, ...]] = ("608.2h", "205.2a", "205.3a", "205.4a")

    def render(self) -> str:
        words = " ".join(
            (
                *(t.lower() for t in self.supertypes),
                *self.subtypes,
                *(t.lower() for t in self.types),
            )
        )
        card = " card" if self.card else ""
        verb = "was" if self.was else "is"
        if not self.types and not self.subtypes and not self.card:  # "is legendary"
            return f"{self.what.render()} {verb} {words}"
        article = "an" if words[:1].lower() in "aeiou" else "a"
        return f"{self.what.render()} {verb} {article} {words}{card}"


@dataclass(frozen=True)
class YourTurn(Condition):
    """ "It's your turn" (``mine``) or "it's not your turn": whether the instruction's
    controller is the active player (102.1)."""

    mine: bool = True
    RULES: ClassVar[tuple[str, ...]] = ("102.1", "109.5")

    def render(self) -> str:
        return "it's your turn" if self.mine else "it's not your turn"


@dataclass(frozen=True)
class WonClash(Condition):
    """ "If you win": the instruction's controller won the clash the instruction before
    had them do (CR 701.30b: you and an opponent each clash; 701.30d: the one whose card
    has the greater mana value than every other revealed card wins)."""

    RULES: ClassVar[tuple[str, ...]] = ("701.30b", "701.30d")

    def render(self) -> str:
        return "you won the clash"


@dataclass(frozen=True)
class HasCounters(Condition):
    """ "It has three or more +1/+1 counters on it", "it has no omen counters on it": the
    object ``what`` (named before) has at least ``at_least`` and at most ``at_most`` (None:
    no limit) counters of the kind ``counter`` on it as the instruction applies (122.1,
    608.2h)."""

    what: Subject
    counter: str
    at_least: int = 0
    at_most: int | None = None
    # round 5: "that creature had a +1/+1 counter on it": as it last existed (608.2h)
    was: bool = False
    RULES: ClassVar[tuple[str, ...]] = ("122.1", "608.2h")

    def render(self) -> str:
        many = "no" if self.at_most == 0 else f"{count_word(self.at_least)} or more"
        many = "one or more" if many == "a or more" else many
        verb = "had" if self.was else "has"
        return f"{self.what.render()} {verb} {many} {self.counter} counters on it"


@dataclass(frozen=True)
class IsToken(Condition):
    """ "That creature is a token", "it was a token": the object ``what`` (named before) is
    a token (111.1), as the instruction applies or as it last existed (608.2h)."""

    what: Subject
    was: bool = False
    RULES: ClassVar[tuple[str, ...]] = ("608.2h", "111.1")

    def render(self) -> str:
        return f"{self.what.render()} {'was' if self.was else 'is'} a token"


@dataclass(frozen=True)
class HasValue(Condition):
    """ "That creature has power 4 or greater", "its toughness is 1 or greater", "that
    spell has mana value 5 or greater", "the sacrificed creature's toughness was 4 or
    greater": the ``stat`` (``power``, ``toughness``, ``mana value``; 208.1, 202.3) of the
    object ``what`` (named before) is at least ``at_least`` / at most ``at_most``, as the
    instruction applies or, ``was``, as it last existed (608.2h)."""

    what: Subject
    stat: str
    at_least: int | None = None
    at_most: int | None = None
    was: bool = False
    RULES: ClassVar[tuple[str, ...]] = ("608.2h", "208.1", "202.3")

    def render(self) -> str:
        bound = (
            f"{self.at_most} or less" if self.at_most is not None else f"{self.at_least} or greater"
        )
        verb = "was" if self.was else "is"
        return f"the {self.stat} of {self.what.render()} {verb} {bound}"


@dataclass(frozen=True)
class LifeTotal(Condition):
    """ "You have 5 or less life", "you have 10 or more life": the life total of the
    instruction's controller (109.5, 119.1) is at least ``at_least`` and at most ``at_most``
    (None: no limit) as the instruction applies (608.2h)."""

    at_least: int | None = None
    at_most: int | None = None
    RULES: ClassVar[tuple[str, ...]] = ("608.2h", "119.1", "109.5")

    def render(self) -> str:
        if self.at_most is not None:
            return f"you have {self.at_most} or less life"
        return f"you have {self.at_least} or more life"


@dataclass(frozen=True)
class LifeComparedToOpponent(Condition):
    """ "You have more life than an opponent" (``more``) or "less life than an opponent": the
    controller's life total (109.5, 119.1) is greater (smaller) than that of at least one of
    their opponents (102.2) as the instruction applies (608.2h)."""

    more: bool
    RULES: ClassVar[tuple[str, ...]] = ("608.2h", "119.1", "102.2")

    def render(self) -> str:
        return f"you have {'more' if self.more else 'less'} life than an opponent"


@dataclass(frozen=True)
class OpponentControlsMore(Condition):
    """ "An opponent controls more lands than you" ("you control fewer lands than an
    opponent"): at least one opponent (102.2, 102.3) controls more permanents of ``group``
    (its ``whose`` ``you``, counted for each player alike) than the instruction's controller
    (109.5), as the instruction applies (608.2h)."""

    group: Any  # a mtgrules.cards.statics.Group
    RULES: ClassVar[tuple[str, ...]] = ("608.2h", "109.5", "102.3")

    def render(self) -> str:
        words = replace(self.group, quantifier="").phrase().removesuffix(" you control")
        return f"an opponent controls more {words} than you"


@dataclass(frozen=True)
class ControlsNone(Condition):
    """ "You control no artifacts": no permanent of ``group`` (its ``whose`` ``you``) is
    controlled by the instruction's controller (109.5) as the instruction applies (608.2h)."""

    group: Any  # a mtgrules.cards.statics.Group
    RULES: ClassVar[tuple[str, ...]] = ("608.2h", "109.5")

    def render(self) -> str:
        words = replace(self.group, quantifier="").phrase()
        return f"you control no {words.removesuffix(' you control')}"


@dataclass(frozen=True)
class ManaSpent(Condition):
    """ "{U} was spent to cast this spell", "at least three blue mana was spent to cast this
    spell" (the ability word adamant, 207.2c): at least ``at_least`` mana of ``color`` (a
    mana symbol's letter, 105.1, 106.1b) was among the mana paid as this spell was cast
    (601.2h), whoever controls it now."""

    color: str
    at_least: int = 1
    symbol: bool = True  # the words give the mana symbol ("{U}"), not the color's name
    RULES: ClassVar[tuple[str, ...]] = ("601.2h", "608.2h")

    def render(self) -> str:
        if self.symbol:
            return f"{{{self.color}}} was spent to cast this spell"
        n = count_word(self.at_least)
        color = COLOR_NAMES.get(self.color, "colorless")
        return f"at least {n} {color} mana was spent to cast this spell"


@dataclass(frozen=True)
class CastInMainPhase(Condition):
    """ "You cast this spell during your main phase" (the ability word addendum, 207.2c): it
    was cast in a main phase (505.1) of its caster's own turn (102.1), whenever it
    resolves."""

    RULES: ClassVar[tuple[str, ...]] = ("505.1", "601.2", "608.2h")

    def render(self) -> str:
        return "you cast this spell during your main phase"


@dataclass(frozen=True)
class CastFrom(Condition):
    """ "This spell was cast from your hand" (``zone`` ``your hand``), "... from a
    graveyard", "... from exile", and with ``other_than`` "... from anywhere other than your
    hand": the zone the spell's card was moved to the stack from as it was cast (601.2a),
    asked of the spell itself as its instruction applies (608.2c)."""

    zone: str  # "your hand", "a graveyard", "exile"
    other_than: bool = False
    RULES: ClassVar[tuple[str, ...]] = ("601.2a", "608.2c")

    def render(self) -> str:
        where = f"anywhere other than {self.zone}" if self.other_than else self.zone
        return f"this spell was cast from {where}"


@dataclass(frozen=True)
class If(Instruction):
    """ "If [condition], [instructions]" (CR 608.2c): ``then`` is followed only if the
    condition holds as it applies; "Otherwise, ..." after it is ``otherwise``, followed
    only if it doesn't (``None``: nothing)."""

    condition: Condition
    then: Script
    otherwise: Script | None = None
    RULES: ClassVar[tuple[str, ...]] = ("608.2c",)
    FAMILY: ClassVar[str] = "condition"

    def render(self) -> str:
        if not self.then.steps and self.otherwise is not None:  # "A unless [condition]"
            return f"unless {self.condition.render()}, {self.otherwise.render()}"
        text = f"if {self.condition.render()}, {self.then.render()}"
        if self.otherwise is not None:
            text += f"; otherwise, {self.otherwise.render()}"
        return text


@dataclass(frozen=True)
class WhenYouDo(Instruction):
    """ "When you do, [instructions]": a reflexive triggered ability the resolving effect
    creates, which triggers when the action before it is taken (603.12, 603.12a): inside a
    "you may", the optional action; after an instruction the player must follow, that
    instruction, if they could and did (oracle/reflexive.py). It is put on the stack the
    next time a player would receive priority (603.3), its targets chosen then (603.3d):
    ``then`` numbers its own targets from 0."""

    then: Script
    RULES: ClassVar[tuple[str, ...]] = ("603.12", "603.12a")
    FAMILY: ClassVar[str] = "glue"

    def render(self) -> str:
        return f"when you do, a reflexive triggered ability: {self.then.render()}"
