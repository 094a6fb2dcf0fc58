"""The effect reader's conditional instructions (docs/effects.md, "Conditions"): "If [condition],
[instructions]." (CR 608.2c), "Then if ...", an ability word before it ("Spell mastery — If
...", 207.2c: no rules meaning), "Otherwise, [instructions]." completing the "If" sentence
before it, and "When you do, [instructions]." after a "you may" (a reflexive trigger,
603.12).

A condition is read only where its meaning is exact (:func:`read_if_condition`); any other
leaves its sentence unread. The board conditions are the static abilities' own reader's
(:func:`mtgrules.cards.oracle.conditions.read_condition`). "It" in a condition is the object
the sentences before named, bound before the instructions after the comma are (the grammar's
``if_condition`` comes first in the tree, and a transformer works left to right).
"""

from __future__ import annotations

from dataclasses import fields, is_dataclass, replace
from typing import Any

from mtgrules import lazyre
from mtgrules.cards.effects import May, Script
from mtgrules.cards.effects_conditions import (
    CardsInGraveyard,
    CastInMainPhase,
    Condition,
    HasCounters,
    If,
    IsKind,
    Kicked,
    ManaSpent,
    OnBoard,
    WhenYouDo,
    XAtLeast,
    YourTurn,
)
from mtgrules.cards.mana import COLOR_CODES
from mtgrules.cards.oracle.conditions import read_condition
from mtgrules.cards.oracle.costs import number
from mtgrules.cards.oracle.effects_parts import Amend, Unread
from mtgrules.cards.statics import Group

_HEAD = lazyre.compile(r"^(?:[a-z][a-z' ]* — )?(?:then )?[Ii]f ")
_X = lazyre.compile(r"^X is (?P<n>\d+) or more$")
_GRAVEYARD_KINDS = lazyre.compile(
    r"^there are (?P<n>[a-z]+) or more instant and/or sorcery cards in your graveyard$"
)
_KIND = lazyre.compile(
    r"^it's (?:a|an) (?P<types>(?:(?:artifact|creature|enchantment|land|planeswalker|instant"
    r"|sorcery|battle) )*(?:artifact|creature|enchantment|land|planeswalker|instant|sorcery"
    r"|battle))(?P<card> card)?$"
)
_COUNTERS = lazyre.compile(
    r"^it has (?:(?P<n>[a-z]+) or more|(?P<no>no)) (?P<kind>[+-]\d+/[+-]\d+|[a-z]+) counters on it$"
)
_SUBTYPE = lazyre.compile(r"^it's (?:a|an) (?P<sub>[A-Z][a-z]+)$")
# CR 601.2h: the mana paid as this spell was cast; 505.1: cast in a main phase of one's turn
_SPENT_SYMBOL = lazyre.compile(r"^\{(?P<c>[WUBRGC])\} was spent to cast (?:this spell|SELF)$")
_SPENT_AT_LEAST = lazyre.compile(
    r"^at least (?P<n>[a-z]+) (?P<color>white|blue|black|red|green|colorless) mana was "
    r"spent to cast (?:this spell|SELF)$"
)
_CAST_IN_MAIN = lazyre.compile(r"^you cast (?:this spell|SELF) during your main phase$")
# the objects an "it" in a condition may be: named by the sentences before, one object
_IT_KINDS = ("target", "that", "top_cards", "chosen_card")
# the objects whose counters a condition counts: one permanent, the source too (its "it")
_COUNTED_KINDS = ("target", "that", "self")


def read_if_condition(words: str, state: Any, it: Any) -> Condition:
    """The condition of "If [words], ..." (CR 608.2c), or :class:`Unread`. ``it``: binds
    the condition's "it" as the instructions' pronouns are bound."""
    if words in ("this spell was kicked", "SELF was kicked"):  # CR 702.33d: its own kicker
        if state.kind != "spell":
            raise Unread(words)
        return Kicked()
    if found := _X.match(words):
        return _x_at_least(int(found.group("n")), state)
    if found := _GRAVEYARD_KINDS.match(words):
        n = number(found.group("n"))
        if not n or n < 1:
            raise Unread(words)
        return CardsInGraveyard(n, ("Instant", "Sorcery"))
    if found := _KIND.match(words):
        types = tuple(t.capitalize() for t in found.group("types").split())
        if len(set(types)) != len(types):
            raise Unread(words)
        return IsKind(_it(state, it), types=types, card=bool(found.group("card")))
    if (spent := _mana_spent(words, state)) is not None:
        return spent
    if words in ("it's your turn", "it's not your turn"):  # CR 102.1
        return YourTurn(mine=words == "it's your turn")
    if found := _COUNTERS.match(words):  # CR 122.1
        what = _it(state, it, _COUNTED_KINDS)
        if found.group("no"):
            return HasCounters(what, found.group("kind"), at_most=0)
        n = number(found.group("n"))
        if not n or n < 1:
            raise Unread(words)
        return HasCounters(what, found.group("kind"), at_least=n)
    if found := _SUBTYPE.match(words):
        return IsKind(_it(state, it), subtypes=(found.group("sub"),))
    condition = read_condition(words)
    if condition is None or condition.kind not in ("control", "cards"):
        raise Unread(words)
    if condition.clause() != words:  # the static reader's own words, or not read
        raise Unread(words)
    return OnBoard(condition)


def _mana_spent(words: str, state: Any) -> Condition | None:
    """CR 601.2h, 505.1: what was paid as this spell was cast, or when it was cast; a
    spell's own words only (an ability isn't cast)."""
    symbol = _SPENT_SYMBOL.match(words)
    at_least = _SPENT_AT_LEAST.match(words)
    main = _CAST_IN_MAIN.match(words)
    if not (symbol or at_least or main):
        return None
    if state.kind != "spell":
        raise Unread(words)
    if symbol:
        return ManaSpent(symbol.group("c"))
    if main:
        return CastInMainPhase()
    assert at_least is not None
    n = number(at_least.group("n"))
    if not n or n < 1:
        raise Unread(words)
    color = COLOR_CODES.get(at_least.group("color"), "C")
    return ManaSpent(color, at_least=n, symbol=False)


def _x_at_least(n: int, state: Any) -> Condition:
    if state.kind not in ("spell", "activated"):  # a trigger's X is its event's, not announced
        raise Unread("X")
    return XAtLeast(n)


def _it(state: Any, it: Any, kinds: tuple[str, ...] = _IT_KINDS) -> Any:
    if state.last_object is None:  # never the spell or the source: a card named before
        raise Unread("it")
    subject = it("it")
    if subject.kind not in kinds:
        raise Unread("it")
    return subject


def no_other_in_a_spell(body: list, state: Any) -> None:
    """A spell's "all other creatures" after it created tokens means other than those
    tokens (an instant or sorcery is never a permanent, 110.4), which a group "other" than the source
    doesn't say: such a sentence under a condition is left unread, never read as
    destroying the tokens too."""
    if state.kind == "spell" and any(_names_other(step) for step in body):
        raise Unread("other")


def _names_other(value: Any) -> bool:
    if isinstance(value, Group):
        return value.other
    if isinstance(value, tuple | list):
        return any(_names_other(v) for v in value)
    if is_dataclass(value) and not isinstance(value, type):
        return any(_names_other(getattr(value, f.name)) for f in fields(value))
    return False


class ConditionPhrases:
    """The transformer methods for conditions (see the module's docstring)."""

    state: Any  # the reader's sentence state (oracle/effects._State)

    def if_condition(self, token):
        words = _HEAD.sub("", str(token), count=1)
        return read_if_condition(words, self.state, self.obj_it)  # type: ignore[attr-defined]

    def if_sentence(self, condition, body):
        no_other_in_a_spell(body, self.state)
        return [If(condition, Script(tuple(body)))]

    def otherwise_sentence(self, _token, body):
        no_other_in_a_spell(body, self.state)
        otherwise = Script(tuple(body))

        def apply(previous):
            if not isinstance(previous, If) or previous.otherwise is not None:
                raise Unread("otherwise")
            return replace(previous, otherwise=otherwise)

        return Amend(apply)

    def when_you_do(self, _token, body):
        then = Script(tuple(body))

        def apply(previous):
            # CR 603.12a: it triggers when the optional action is taken, so it is part of
            # what is done if the controller chooses to
            if not isinstance(previous, May) or any(
                isinstance(s, WhenYouDo) for s in previous.then.steps
            ):
                raise Unread("when you do")
            return May(Script((*previous.then.steps, WhenYouDo(then))))

        return Amend(apply)
