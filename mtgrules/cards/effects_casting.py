"""The effect vocabulary of casting as an effect resolves: a copy of a card cast (CR 707.12)
and spells cast from a hand or from among the cards a sentence named (608.2g, 601.2), with
or without paying their mana costs (118.9) (docs/effects.md, "Casting and playing"); spells
a player casts this turn costing less (601.2f) and the next spell's keyword (611.2f)
(docs/effects.md, "Casting and playing permissions").

A permission to play or cast a card for a while is :class:`~mtgrules.cards.effects_library.MayPlay`
(611.2a); casting a card a sentence named is :class:`~mtgrules.cards.effects_game.CastCard`.
None of these is carried out by the play-out yet: resolving one is refused, naming it
(:func:`~mtgrules.rules.effects.resolution.carry_out` raises ``Unsupported`` for an
instruction it has no handler for).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from mtgrules.cards.effects import YOU, Amount, Instruction, Script, Subject
from mtgrules.cards.effects_library import CardKinds
from mtgrules.cards.wording import acts


@dataclass(frozen=True)
class CastCopy(Instruction):
    """``who`` casts a copy of ``of`` as the effect resolves: the copy is made in the zone
    ``of`` is in and cast there, following 601.2a-h (CR 707.12, 608.2g); ``free``: without
    paying its mana cost, an alternative cost (118.9). Said after "you may", a copy not cast
    is never made: one left outside the stack would cease to exist (707.10a)."""

    of: Subject
    free: bool = False
    who: Subject = YOU
    RULES: ClassVar[tuple[str, ...]] = ("707.12", "707.10a", "608.2g", "118.9")
    FAMILY: ClassVar[str] = "cast"

    def render(self) -> str:
        free = " without paying its mana cost" if self.free else ""
        return acts(self.who, f"casts a copy of {self.of.render()}{free}")


@dataclass(frozen=True)
class CastSpells(Instruction):
    """``who`` casts a spell of ``kinds`` (``any_number``: any number of them, each chosen on
    its own) with mana value ``max_value`` or less (any when None) from their hand
    (``among`` None) or from among the cards ``among`` names, as the effect resolves
    (CR 608.2g, following 601.2a-i); ``free``: without paying its mana cost, an
    alternative cost (118.9)."""

    kinds: CardKinds = CardKinds()  # noqa: RUF009 - a frozen (immutable) default
    among: Subject | None = None
    max_value: Amount | None = None
    any_number: bool = False
    free: bool = False
    who: Subject = YOU
    RULES: ClassVar[tuple[str, ...]] = ("608.2g", "601.2", "118.9")
    FAMILY: ClassVar[str] = "cast"

    def render(self) -> str:
        kinds = self.kinds.render().removesuffix("card").strip()
        count = "any number of" if self.any_number else "one"
        noun = " ".join(w for w in (kinds, "spells" if self.any_number else "spell") if w)
        value = f" with mana value {self.max_value.render()} or less" if self.max_value else ""
        where = f"from among {self.among.render()}" if self.among else "from their hand"
        free = (
            " without paying their mana costs"
            if self.any_number
            else " without paying its mana cost"
        )
        free = free if self.free else ""
        return acts(self.who, f"casts {count} {noun}{value} {where}{free}")


# how long a permission or a "can't" lasts (CR 611.2a), as the judge reads it
UNTIL_WORDS = {"end_of_turn": "this turn", "your_next_turn": "until your next turn"}


@dataclass(frozen=True)
class FlashPermission(Instruction):
    """The ability's controller may cast spells of ``kinds`` any time they could cast an
    instant, as though they had flash (CR 702.8a, 601.3b), ``until`` ``end_of_turn`` or
    ``your_next_turn`` (611.2a). A permission, not a choice made as it resolves."""

    kinds: CardKinds = CardKinds()  # noqa: RUF009 - a frozen (immutable) default
    until: str = "end_of_turn"
    RULES: ClassVar[tuple[str, ...]] = ("702.8a", "601.3b", "611.2a")
    FAMILY: ClassVar[str] = "cast"

    def render(self) -> str:
        kinds = self.kinds.render().removesuffix("card").strip()
        spells = f"{kinds} spells" if kinds else "spells"
        return f"you may cast {spells} {UNTIL_WORDS[self.until]} as though they had flash"


@dataclass(frozen=True)
class CantCast(Instruction):
    """``who`` can't cast spells of ``kinds`` (``spells``) and can't play lands (``lands``)
    this turn (CR 601.2, 305.1; 611.2a): a "can't" beats any effect that would let them
    (101.2)."""

    who: Subject
    kinds: CardKinds = CardKinds()  # noqa: RUF009 - a frozen (immutable) default
    spells: bool = True
    lands: bool = False
    RULES: ClassVar[tuple[str, ...]] = ("101.2", "601.2", "305.1", "611.2a")
    FAMILY: ClassVar[str] = "cast"

    def render(self) -> str:
        kinds = self.kinds.render().removesuffix("card").strip()
        what = [f"cast {kinds} spells" if kinds else "cast spells"] if self.spells else []
        what += ["play lands"] if self.lands else []
        return f"{self.who.render()} can't {' or '.join(what)} this turn"


@dataclass(frozen=True)
class WhenNextCast(Instruction):
    """A delayed triggered ability the effect creates (CR 603.7a): the next time this turn
    its controller casts a spell of ``kinds``, it does ``then``, whose "that spell" is the
    spell cast (603.2); it triggers once, that next time only (603.7b), and does nothing
    if no such spell is cast this turn. ``then`` is a copy of that spell (707.10)."""

    kinds: CardKinds
    then: Script
    RULES: ClassVar[tuple[str, ...]] = ("603.7a", "603.7b", "707.10")
    FAMILY: ClassVar[str] = "copy"

    def render(self) -> str:
        kinds = self.kinds.render().removesuffix("card").strip()
        spell = f"{kinds} spell" if kinds else "spell"
        return f"when you next cast {_article(spell)} this turn, {self.then.render()}"


def _article(words: str) -> str:
    return f"an {words}" if words[:1] in "aeiou" else f"a {words}"


@dataclass(frozen=True)
class SpellsCostLess(Instruction):
    """For the rest of the turn, spells of ``kinds`` the ability's controller casts (``next``:
    only the next such spell) cost {``amount``} less to cast: a reduction of generic mana
    applied as each one's total cost is determined (CR 601.2f, 118.7a), by an effect that
    changes the rules for the turn, so it applies to spells cast after it began (611.2a,
    611.2c)."""

    amount: int
    kinds: CardKinds = CardKinds()  # noqa: RUF009 - a frozen (immutable) default
    next: bool = False
    RULES: ClassVar[tuple[str, ...]] = ("601.2f", "118.7a", "611.2a", "611.2c")
    FAMILY: ClassVar[str] = "cast"

    def render(self) -> str:
        kinds = self.kinds.render().removesuffix("card").strip()
        if self.next:
            spell = f"{kinds} spell" if kinds else "spell"
            return f"the next {spell} you cast this turn costs {{{self.amount}}} less to cast"
        spells = f"{kinds} spells" if kinds else "spells"
        return f"{spells} you cast this turn cost {{{self.amount}}} less to cast"


@dataclass(frozen=True)
class NextSpellHas(Instruction):
    """The next spell of ``kinds`` the ability's controller casts this turn has ``keyword``
    (convoke, improvise, affinity for artifacts, storm, cascade): an effect that starts
    when that spell is put on the stack and applies to it, so the keyword works while it
    is cast, and a cast trigger triggers (CR 611.2f, 601.2a)."""

    keyword: str
    kinds: CardKinds = CardKinds()  # noqa: RUF009 - a frozen (immutable) default
    RULES: ClassVar[tuple[str, ...]] = ("611.2f", "601.2a")
    FAMILY: ClassVar[str] = "cast"

    def render(self) -> str:
        kinds = self.kinds.render().removesuffix("card").strip()
        spell = f"{kinds} spell" if kinds else "spell"
        return f"the next {spell} you cast this turn has {self.keyword}"
