"""The Oracle effect reader's colors and subtypes an object becomes (docs/effects.md, "Colors
and subtypes set"): the transformer methods of an object that becomes a color ("becomes blue",
"becomes colorless", "becomes green in addition to its other colors"), alone or beside a grant
or a pump that share its duration, and of an object whose subtypes of one kind are set
("becomes an Island", "becomes a Coward", "becomes a blue Serpent with base power and
toughness 5/5"), its card types kept. Both are :class:`~mtgrules.cards.effects_changes.Becomes`
with no card type; "loses all abilities" said with no duration beside them is a
:class:`~mtgrules.cards.effects_continuous.LoseAllAbilities` whose duration the sentence's
leading "Until end of turn," gives (oracle/effects_changes.py, ``until_end_of_turn``).

Mixed into the reader's transformer (:mod:`mtgrules.cards.oracle.effects`); a tree these
methods can't hold whole raises :class:`~mtgrules.cards.oracle.effects_parts.Unread`, and its
sentence stays unread.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from mtgrules.cards.creature_types import CREATURE_TYPES
from mtgrules.cards.effects import SELF, Instruction, Modify, Move, PutCounters, Subject
from mtgrules.cards.effects_changes import Becomes
from mtgrules.cards.effects_conditions import IsKind
from mtgrules.cards.effects_continuous import LoseAllAbilities
from mtgrules.cards.effects_moves import MoveWithCounters
from mtgrules.cards.oracle.continuous import WHILE_OF
from mtgrules.cards.oracle.effects_parts import (
    Amend,
    Unread,
    VerbPhrase,
    object_only,
    third_person,
)

# the basic land types (CR 305.6): setting a land's subtype to them is 305.7's change
_BASIC_LAND_TYPES = frozenset({"Plains", "Island", "Swamp", "Mountain", "Forest"})
_COLOR_JOINS = re.compile(r",? and |, ")


def _colors(token: Any) -> tuple[str, ...]:
    """The colors an object becomes ("blue", "blue and red"), or ``("colorless",)``: it
    has no color (CR 105.2c, 105.3)."""
    return tuple(_COLOR_JOINS.split(str(token)))


def _colors_beside_a_type(token: Any) -> tuple[str, ...]:
    """The colors said beside a subtype or card type ("a blue Serpent"); "colorless" there
    is unread (:class:`Unread`)."""
    if "colorless" in str(token):
        raise Unread("colorless")
    return _colors(token)


def _subtypes(token: Any) -> tuple[str, ...]:
    """The subtypes an object becomes, all of one kind: creature types (205.3m) or basic
    land types (305.6). Another word (an artifact or enchantment type, a name, a word of no
    kind), or the two kinds together, is unread: which set of subtypes it replaces (205.1a)
    would be a guess."""
    words = tuple(str(token).split())
    if set(words) <= _BASIC_LAND_TYPES or set(words) <= CREATURE_TYPES:
        return words
    raise Unread(f"subtypes {token}")


def _same_form(*verbs: Any) -> bool:
    return len({third_person(v) for v in verbs}) == 1


def _pt(token: Any) -> tuple[int, int]:
    """A base power and toughness stated as two numbers ("4/4"): "X/X" and a signed change
    aren't one (CR 613.4b)."""
    found = re.fullmatch(r"(\d+)/(\d+)", str(token))
    if found is None:
        raise Unread(f"base power and toughness {token}")
    return int(found.group(1)), int(found.group(2))


def _change(token: Any) -> tuple[int, int]:
    """A signed power/toughness change ("+1/+0"; CR 613.4c); X is not read here."""
    found = re.fullmatch(r"([+-]\d+)/([+-]\d+)", str(token))
    if found is None:
        raise Unread(f"a change {token}")
    return int(found.group(1)), int(found.group(2))


class TypeColorPhrases:
    """The transformer's methods for colors and subtypes set (see the module's docstring)."""

    state: Any  # the reader's sentence state (oracle_effects._State)

    # -- CR 105.3, 105.2c, 613.1e, 611.2a: "becomes blue [in addition to its other colors]
    # [until end of turn]"
    def bk_becomes_color(self, verb, color, *rest):
        also = any(getattr(t, "type", "") == "BK_ALSO_COLORS" for t in rest)
        duration = "end_of_turn" if any(getattr(t, "type", "") == "UNTIL_EOT" for t in rest) else ""
        colors = _colors(color)
        if also and colors == ("colorless",):
            raise Unread("colorless in addition")  # no such color to add (105.2c)
        players = self.state.players
        return VerbPhrase(
            third_person(verb),
            lambda a: (
                object_only(a, players)
                and Becomes(
                    a, colors=colors, duration=duration, additional="colors" if also else ""
                )
            ),
        )

    def _color_and(
        self,
        verbs: tuple[Any, ...],
        color: Any,
        power: int,
        toughness: int,
        keywords: tuple[str, ...],
    ) -> VerbPhrase:
        """A color change and a pump or grant, both until end of turn (611.2a): two effects,
        layers 5 and 6 or 7c (613.1e-f, 613.4c)."""
        if not _same_form(*verbs):
            raise Unread("verb forms")
        colors = _colors(color)
        players = self.state.players

        def make(a: Subject) -> Any:
            object_only(a, players)
            return (
                Becomes(a, colors=colors, duration="end_of_turn"),
                Modify(a, power, toughness, keywords, "end_of_turn"),
            )

        return VerbPhrase(third_person(verbs[0]), make)

    # -- CR 613.1e-f, 611.2a: "becomes red and gains haste until end of turn"
    def bk_color_gain(self, become, color, gain, keywords, _until):
        return self._color_and((become, gain), color, 0, 0, keywords)

    # -- CR 613.1e-f, 611.2a: "gains flying and becomes blue until end of turn"
    def bk_gain_color(self, gain, keywords, become, color, _until):
        return self._color_and((gain, become), color, 0, 0, keywords)

    # -- CR 613.1e, 613.4c, 611.2a: "becomes green and gets +1/+0 until end of turn"
    def bk_color_pump(self, become, color, get, pt, _until):
        return self._color_and((become, get), color, *_change(pt), ())

    # -- CR 613.1e-f, 613.4c, 611.2a: "gets +1/+0, becomes black, and gains shadow until
    # end of turn"
    def bk_pump_color_gain(self, get, pt, become, color, gain, keywords, _until):
        return self._color_and((get, become, gain), color, *_change(pt), keywords)

    # -- CR 205.1a, 305.7, 613.1d-e, 613.4b, 611.2a: "becomes a blue Serpent with base power
    # and toughness 5/5 [and flying] [until end of turn]"
    def bk_becomes_sub(self, verb, _article, *parts):
        colors: tuple[str, ...] = ()
        subtypes: tuple[str, ...] = ()
        power = toughness = None
        keywords: tuple[str, ...] = ()
        duration = ""
        for part in parts:
            kind = getattr(part, "type", "")
            if kind == "COLORS":
                colors = _colors_beside_a_type(part)
            elif kind == "BK_SUBTYPES":
                subtypes = _subtypes(part)
            elif kind == "PT":
                power, toughness = _pt(part)
            elif kind == "UNTIL_EOT":
                duration = "end_of_turn"
            elif isinstance(part, tuple):
                keywords = part
        if (power is not None or keywords) and not set(subtypes) <= CREATURE_TYPES:
            raise Unread("a land type with a power or keywords")  # a creature's change only
        players = self.state.players
        return VerbPhrase(
            third_person(verb),
            lambda a: (
                object_only(a, players)
                and Becomes(
                    a,
                    subtypes=subtypes,
                    colors=colors,
                    power=power,
                    toughness=toughness,
                    keywords=keywords,
                    duration=duration,
                )
            ),
        )

    # -- CR 613.1f, 611.2a: "loses all abilities" with no duration said (the sentence's
    # leading duration gives it one; with none it is unread beside another change)
    def bk_lose_all(self, lose):
        players = self.state.players
        return VerbPhrase(
            third_person(str(lose).split()[0]),
            lambda a: object_only(a, players) and LoseAllAbilities(a, ""),
        )

    # -- CR 613.4c, 611.2a: "gets +1/+0" with no duration said (the sentence's leading
    # duration gives it one; with none it is unread beside another change)
    def bk_pump_bare(self, get, pt):
        power, toughness = _change(pt)
        players = self.state.players
        return VerbPhrase(
            third_person(get),
            lambda a: object_only(a, players) and Modify(a, power, toughness, (), ""),
        )

    # -- CR 608.2c, 608.2h, 205.3m: "If this creature is a Spirit, ..." (its body read by
    # effects_conditions' if_sentence); "it" in the body is the source
    def bk_if_self_is(self, token):
        subtype = str(token).split()[-1]
        if subtype not in CREATURE_TYPES:
            raise Unread(f"is a {subtype}")
        self.state.last_object = SELF
        return IsKind(SELF, subtypes=(subtype,))

    # -- CR 205.1b, 105.3, 613.1d-e, 611.2a: "That creature is a [color] [creature type] in
    # addition to its other colors and types" after the sentence that put it onto the battlefield (no
    # duration said: the rest of the game)
    def bk_is_also(self, what, _verb, _article, *parts):
        colors: tuple[str, ...] = ()
        subtypes: tuple[str, ...] = ()
        types: tuple[str, ...] = ()
        also = ""
        for part in parts:
            kind = getattr(part, "type", "")
            if kind == "COLORS":
                colors = _colors_beside_a_type(part)
            elif kind == "SUBTYPES":
                subtypes = tuple(str(part).split())
            elif kind == "CT_TYPES":
                types = tuple(w.capitalize() for w in str(part).split())
            elif kind == "CT_IN_ADDITION":
                also = str(part).removeprefix("in addition to its other ")
        if subtypes and not set(subtypes) <= CREATURE_TYPES:
            raise Unread(f"subtypes {subtypes}")
        if colors and "colors" not in also:  # a color said to be added to no colors kept
            raise Unread("colors replaced or added")
        if not (subtypes or types):
            raise Unread("nothing added")
        object_only(what, self.state.players)
        change = Becomes(what, types, subtypes, colors, additional=also)
        return Amend(lambda steps: [*steps, change] if _just_entered(steps, what) else [], True)

    # -- CR 611.2a, 611.2b, 205.1a, 613.1d, 613.4b: "becomes a 3/3 Elemental creature with
    # haste until your next turn", "... for as long as this creature remains on the
    # battlefield": the type change the words before the duration say (the third round's
    # reader, effects_changes.becomes), lasting that long
    def bk_becomes_until(self, verb, article, *parts):
        until = str(parts[-1])
        if until == "until your next turn":
            duration = "your_next_turn"
        else:
            duration = WHILE_OF[until.removeprefix("for as long as ")]
        change = self.becomes(verb, article, *parts[:-1])  # type: ignore[attr-defined]
        return VerbPhrase(change.third, lambda a: replace(change.make(a), duration=duration))


def _just_entered(steps: list[Instruction], what: Subject) -> bool:
    """Whether the instructions before put ``what`` onto the battlefield as they end (counters
    put on it after that aside): "That creature is ..." is then the object that entered
    (608.2c). After anything else (a return at the next end step, a choice) what the words
    describe, and when, would be a guess: unread."""
    for step in reversed(steps):
        if isinstance(step, PutCounters) and step.what == what:
            continue
        entered = isinstance(step, MoveWithCounters) or (
            isinstance(step, Move) and step.zone == "battlefield"
        )
        if entered and step.what == what:
            return True
        raise Unread("is what")
    raise Unread("is what")
