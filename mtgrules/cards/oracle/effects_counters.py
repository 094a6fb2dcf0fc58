"""The Oracle effect reader's phrases for counters, tokens and emblems (docs/effects.md,
"Counters, tokens and emblems"): counters put on each of several targets or on a subtype's
group, by a count (CR 122.1, 122.6); counters a player gets (122.1f, 122.1i; energy, 107.14);
doubling counters (701.10e); removing all counters (122.1); a dead permanent's counters put
on another (122.8); an emblem and its abilities (114.1, 114.2); tokens by "that many" or "a
number of", named tokens (111.4), changeling tokens (702.73a) and Vibranium (111.10w).

These are transformer methods mixed into the reader's transformer
(:mod:`mtgrules.cards.oracle.effects`); a tree they can't hold whole raises
:class:`~mtgrules.cards.oracle.effects_parts.Unread`, and its sentence stays unread.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from mtgrules.cards.effects import SELF, Amount, PutCounters, Subject, TokenSpec
from mtgrules.cards.effects_actions import Attach
from mtgrules.cards.effects_counters import (
    DistributeCounters,
    DoubleCounters,
    GetEmblem,
    PutCountersOf,
    RemoveAllCounters,
)
from mtgrules.cards.oracle.abilities import parse_abilities
from mtgrules.cards.oracle.effects_parts import (
    Unread,
    VerbPhrase,
    is_player,
    player_only,
    third_person,
    you_only,
)
from mtgrules.cards.vocabulary import AbilityKind

# the static abilities of an emblem the ability reader holds whole (a group's boost, keywords
# granted to a group, a restriction)
_STATIC_PARTS = ("boost", "grant", "restriction")


def emblem_ability(words: str, name: str = "") -> Any:
    """An emblem's ability (CR 114.1, 114.3), read whole by the ability reader: an activated
    or triggered ability ("this emblem" is the emblem, 114.4), or a static ability the
    reader holds in its parts, each rendered back to the same words; else :class:`Unread`
    (an emblem made without an ability it has would answer wrong)."""
    if name and name in words:  # the card's own name: it speaks of the card, not the emblem
        raise Unread("a card's name in an emblem's ability")
    # an ability quoted before "and" has no period of its own ('"... +1/+1" and "..."')
    words = words if words.endswith(".") else words + "."
    found = parse_abilities(words, (), (), name="this emblem", short="This emblem")
    if len(found) != 1:
        raise Unread("an emblem's ability")
    (ability,) = found
    if ability.kind is AbilityKind.STATIC:
        if not any(getattr(ability, part) is not None for part in _STATIC_PARTS):
            raise Unread("an emblem's static ability")
    elif ability.kind not in (AbilityKind.ACTIVATED, AbilityKind.TRIGGERED):
        raise Unread("an emblem's ability")
    if ability.render() != words:
        raise Unread("an emblem's ability read otherwise")
    return ability


class CounterPhrases:
    """The transformer methods of counters, tokens and emblems (see the module's
    docstring)."""

    state: Any  # the reader's sentence state (oracle_effects._State)

    def _put(self, verb, what: Subject, kind: str, amount: Amount) -> VerbPhrase:
        if is_player(what, self.state.players):
            raise Unread("counters on a player")
        return VerbPhrase(
            third_person(verb), lambda a: you_only(a) and PutCounters(what, kind, amount)
        )

    # -- CR 122.1, 122.6: "on each of up to two target creatures", "on each of them"
    def put_counters_each(self, verb, amount, kind, _noun, _each_of, what):
        if what.kind not in ("target", "that", "created", "selection"):
            raise Unread("each of what")
        return self._put(verb, what, str(kind), amount)

    # -- "put a +1/+1 counter on each Vampire you control"
    def put_counters_group(self, verb, amount, kind, _noun, quantifier, group):
        if str(quantifier).lower() != "each":
            raise Unread("all of a group")
        return self._put(
            verb, Subject("each", group=replace(group, quantifier="")), str(kind), amount
        )

    # -- "put a +1/+1 counter on this creature for each ...": the count as it resolves
    def put_counters_for_each(self, verb, amount, kind, _noun, what, group):
        if amount.x or amount.count or amount.fixed < 1:
            raise Unread("N for each")
        each = Amount(count="group", group=replace(group, quantifier=""), times=amount.fixed)
        return self._put(verb, what, str(kind), each)

    # -- "put a number of +1/+1 counters on it equal to ..."
    def put_counters_equal(self, verb, _a_number_of, kind, _noun, what, amount):
        return self._put(verb, what, str(kind), amount)

    # -- CR 601.2d: "distribute three +1/+1 counters among one, two, or three target creatures"
    def distribute_counters(self, _verb, amount, kind, _noun, among):
        if among.kind != "target" or is_player(among, self.state.players):
            raise Unread("distributed among what no target phrase names")
        if amount.count:  # a number or X, as announced (107.3a) before the division
            raise Unread("distributed how many")
        return VerbPhrase(
            False, lambda a: you_only(a) and DistributeCounters(str(kind), amount, among)
        )

    # -- CR 122.1f, 122.1i: counters a player gets
    def get_counters(self, verb, amount, kind, _noun):
        players = self.state.players
        return VerbPhrase(
            third_person(verb),
            lambda a: player_only(a, players) and PutCounters(a, str(kind), amount),
        )

    # -- CR 107.14: "you get that many {E}" (the count of energy symbols is one "that many")
    def get_energy_event(self, verb, that_many, symbols):
        if str(symbols) != "{E}":
            raise Unread("that many times several energy")
        amount = self.count_event(that_many)
        players = self.state.players
        return VerbPhrase(
            third_person(verb),
            lambda a: player_only(a, players) and PutCounters(a, "energy", amount),
        )

    # -- CR 701.10e
    def double_counters(self, verb, kind, _noun, what):
        return self._double(verb, what, str(kind))

    def double_each_kind(self, verb, _each_kind, what):
        return self._double(verb, what, "")

    def _double(self, verb, what: Subject, kind: str) -> VerbPhrase:
        if is_player(what, self.state.players):
            raise Unread("a player's counters doubled")
        return VerbPhrase(third_person(verb), lambda a: you_only(a) and DoubleCounters(what, kind))

    # -- CR 122.1: "remove all counters from ...", "remove all study counters from it"
    def remove_all_counters(self, verb, all_counters, what):
        if is_player(what, self.state.players):
            raise Unread("a player's counters removed")
        words = str(all_counters).split()
        kind = words[1] if len(words) == 4 else ""
        return VerbPhrase(
            third_person(verb), lambda a: you_only(a) and RemoveAllCounters(what, kind)
        )

    # -- CR 122.8: "put its counters on target creature you control", said by a triggered
    # ability of the permanent that left the battlefield: "its" is the object its event
    # named, only before anything else is named (resolved before the object after it)
    def its_counters(self, _words):
        state = self.state
        if state.kind != "triggered" or not getattr(state, "event_named", False):
            raise Unread("whose counters")
        if state.last_object is not None or state.sentences_read:
            raise Unread("whose counters")
        return Subject("that", noun="object")

    def put_counters_of(self, verb, source, what):
        if is_player(what, self.state.players):
            raise Unread("counters on a player")
        return VerbPhrase(third_person(verb), lambda a: you_only(a) and PutCountersOf(source, what))

    # -- CR 114.1, 114.2: "you get an emblem with "..."" (and "...")
    def get_emblem(self, verb, _emblem_with, *quotes):
        abilities = tuple(
            emblem_ability(self.state.quotes[int(str(q)[5:])], self.state.name) for q in quotes
        )
        players = self.state.players
        return VerbPhrase(
            third_person(verb), lambda a: player_only(a, players) and GetEmblem(abilities, a)
        )

    # -- CR 701.3a: "attach this Equipment to it", "it" being what was named before (the
    # token just created), never the Equipment itself
    def attach_self_to_it(self, _words):
        what = self.state.last_object
        state = self.state
        event = state.kind == "triggered" and getattr(state, "event_named", False)
        if what is None and event and not state.sentences_read:
            what = state.last_object = Subject("that", noun="object")  # its event's (603.7c)
        if what is None or what.kind in ("self", "each") or is_player(what, self.state.players):
            raise Unread("attached to what")
        return VerbPhrase(False, lambda a: you_only(a) and Attach(SELF, what))

    # -- tokens: "create a number of 1/1 ... tokens equal to ..."
    def create_equal(self, verb, _a_number_of, *rest):
        *token, amount = rest
        return self.create(verb, amount, *token)

    # -- CR 111.4: "... token named Kobolds of Kher Keep": the name the effect gives it
    def named_token(self, *parts):
        *others, named = parts
        name = re.sub(r"^named ", "", str(named))
        if re.search(r"\b(SELF|TGT\d+)\b", name):  # the card's own name was marked in it
            raise Unread("a token's name")
        return replace(self.creature_token(*others), name=name)

    # -- CR 111.10w: a Vibranium token (its keyword is its rule's; its ability, too)
    def vibranium_token(self, _kind, _noun):
        return TokenSpec(
            name="Vibranium Token",
            types=("Artifact",),
            subtypes=("Vibranium",),
            keywords=("indestructible",),
            predefined="Vibranium",
        )
