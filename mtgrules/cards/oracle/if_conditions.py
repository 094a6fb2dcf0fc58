"""Round 5: more conditions of "If [condition], [instructions]." (docs/effects.md,
"Conditions"; CR 608.2c: checked as the instructions apply, 608.2h), read into the
conditions of :mod:`mtgrules.cards.effects_conditions`:

- what kind of object one named before is or was: "if that creature is a Zombie", "if it
  was a creature card", "if that land was a snow land", "if the sacrificed creature was
  legendary", "if that permanent was blue or black", "if it was a token" (205.2a, 205.3a,
  205.4a, 105.2, 111.1; of an object that left, as it last existed: 608.2h);
- counters on this object or the one named before: "if there are no depletion counters on
  this land", "then if there are three or more soul counters on it", "if that creature has
  a +1/+1 counter on it" (122.1);
- cards of one card type in the controller's graveyard: "then if there are three or more
  creature cards in your graveyard" (404.1, 205.2a);
- the controller's life: "if you have 5 or less life", "if you have more life than an
  opponent" (119.1, 102.2);
- "if you control no artifacts" (109.5).

The object a condition asks about is the one the words name, checked against what the
sentences before named: "that creature" only for one target that is a creature on the
battlefield (or the creature a trigger's event named), "that card" for a card off the
battlefield, "the sacrificed creature" only in a spell or an activated ability (the object
its cost sacrificed). A noun naming something else ("Tap target creature. If that land is
an Island, ...": the land of the trigger, not the creature) leaves the sentence unread, as
does a kind with "or" ("a Goblin or Orc") or words this reader doesn't know.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from mtgrules import lazyre
from mtgrules.cards.effects import Subject
from mtgrules.cards.effects_conditions import (
    CardsInGraveyard,
    Condition,
    ControlsNone,
    HasCounters,
    HasValue,
    If,
    IsKind,
    IsToken,
    LifeComparedToOpponent,
    LifeTotal,
    OpponentControlsMore,
)
from mtgrules.cards.effects_instead import Instead, IsColor
from mtgrules.cards.oracle.costs import number
from mtgrules.cards.oracle.effects_conditions import ConditionPhrases, read_if_condition
from mtgrules.cards.oracle.effects_more import SACRIFICED
from mtgrules.cards.oracle.effects_parts import Amend, Unread
from mtgrules.cards.oracle.statics import read_group
from mtgrules.cards.oracle.trailing_conditions import TrailingConditions
from mtgrules.cards.oracle.trigger_referents import TriggerReferents

_HEAD = lazyre.compile(r"^(?:[a-z][a-z' ]* — )?(?:then )?[Ii]f ")
_OBJECT_IS = lazyre.compile(
    r"^(?P<who>that (?:creature|permanent|land|card)|it|the sacrificed "
    r"(?:creature|artifact|permanent)) (?P<verb>is|was) (?P<what>.+)$"
)
_COLORS = ("white", "blue", "black", "red", "green")
_SUPERTYPES = {"legendary": "Legendary", "snow": "Snow", "basic": "Basic"}
_TYPES = ("artifact", "creature", "enchantment", "land", "planeswalker", "instant", "sorcery")
_SUBTYPE = lazyre.compile(r"^(?!SELF$|TGT)[A-Z][a-z]+$")
_THERE_ARE_COUNTERS = lazyre.compile(
    r"^there are (?:(?P<n>[a-z]+) or more|(?P<no>no)) (?P<kind>[+-]\d+/[+-]\d+|[a-z]+) "
    r"counters on (?P<on>it|SELF)$"
)
_HAS_COUNTERS = lazyre.compile(
    r"^(?P<on>SELF|that creature|that permanent) (?P<verb>has|had) (?:(?P<n>[a-z]+) or more|"
    r"(?P<no>no)|(?P<a>an?)) (?P<kind>[+-]\d+/[+-]\d+|[a-z]+) counters? on it$"
)
# "it has a +1/+1 counter on it" (the other counts of "it has" are effects_conditions')
_IT_HAS_A_COUNTER = lazyre.compile(
    r"^it has (?P<a>an?) (?P<kind>[+-]\d+/[+-]\d+|[a-z]+) counter on it$"
)
# "that creature has power 4 or greater", "that creature's toughness is 1 or greater", "its
# power is 10 or greater", "the sacrificed creature's toughness was 4 or greater"
_VALUE = lazyre.compile(
    r"^(?:(?P<who>that (?:creature|permanent|card|spell)|it|the sacrificed (?:creature|artifact|"
    r"permanent)) (?P<has>has|had) (?P<stat>power|toughness|mana value)|(?P<whose>that "
    r"(?:creature|permanent|card|spell)'s|its|the sacrificed (?:creature|artifact|permanent)'s) "
    r"(?P<stat2>power|toughness|mana value) (?P<is>is|was)) (?P<n>\d+) or (?P<dir>greater|more|less)$"
)
_TYPE_CARDS = lazyre.compile(
    r"^there are (?P<n>[a-z]+) or more (?P<type>artifact|creature|enchantment|land|instant"
    r"|sorcery|planeswalker) cards in your graveyard$"
)
_LIFE = lazyre.compile(r"^you have (?P<n>\d+) or (?P<dir>less|more) life$")
_LIFE_THAN = lazyre.compile(r"^you have (?P<dir>less|more) life than an opponent$")
_CONTROL_NONE = lazyre.compile(r"^you control no (?P<g>[a-z][a-z ]*s)$")
_CONTROL_MORE = lazyre.compile(
    r"^(?:an opponent controls more (?P<g>[a-z][a-z ]*s) than you|you control fewer "
    r"(?P<g2>[a-z][a-z ]*s) than an opponent)$"
)
# the objects "that <noun>" may name, by the target phrase's card types (CR 110.4)
_PERMANENT_TYPES = {"creature", "artifact", "enchantment", "land", "planeswalker", "battle"}
_OFF_BATTLEFIELD = ("graveyard", "hand", "library", "exile")
_CARD_KINDS = ("top_cards", "chosen_card")  # a card named before, off the battlefield


def _kind_of(what: Subject, words: str, was: bool) -> Condition:
    """ "a Zombie", "a creature card", "a snow land", "legendary", "blue or black", "a
    token" (CR 205.2a, 205.3a, 205.4a, 105.2, 111.1), or :class:`Unread`."""
    colors = words.split(" or ")
    if all(c in _COLORS for c in colors) and len(set(colors)) == len(colors):
        return IsColor(what, tuple(colors), was=was)
    if words in _SUPERTYPES:  # "is legendary", "was snow"
        return IsKind(what, supertypes=(_SUPERTYPES[words],), was=was)
    article, _, rest = words.partition(" ")
    if article not in ("a", "an") or not rest:
        raise Unread(words)
    if rest == "token":
        return IsToken(what, was=was)
    parts = rest.split()
    card = parts[-1] == "card"
    if card:
        parts = parts[:-1]
    supertypes, types, subtypes = [], [], []
    for word in parts:
        if word in _SUPERTYPES:
            supertypes.append(_SUPERTYPES[word])
        elif word in _TYPES:
            types.append(word.capitalize())
        elif _SUBTYPE.match(word):
            subtypes.append(word)
        else:  # "or", "permanent", "nonland", ...: not read
            raise Unread(words)
    found = (*supertypes, *types, *subtypes)
    if (not types and not subtypes) or len(set(found)) != len(found):
        raise Unread(words)
    return IsKind(
        what, types=tuple(types), subtypes=tuple(subtypes), card=card,
        supertypes=tuple(supertypes), was=was,
    )  # fmt: skip


class IfConditions:
    """The transformer methods of the round-5 conditions (see the module's docstring)."""

    state: Any  # the reader's sentence state (oracle/effects._State)

    def cd_if_after(self, token):
        """ "[instruction] if its power is 10 or greater." (CR 608.2c), as
        TrailingConditions' tc_if_after reads its conditions."""
        return self.cd_condition(_HEAD.sub("", str(token).strip(), count=1))

    def cd_if_condition(self, token):
        condition = self.cd_condition(_HEAD.sub("", str(token), count=1))
        # what the sentences before (and the condition) named: the instructions after the
        # comma are followed only if it holds, so what they name is no referent after them
        self.cd_named = (self.state.last_object, self.state.last_player)
        # a card off the battlefield the condition asks about is never "that creature" in
        # the instructions after it ("If that card is a land card, destroy that creature":
        # the creature is another object)
        what = getattr(condition, "what", None)
        if isinstance(what, Subject) and (what.kind in _CARD_KINDS or self._cd_card(what)):
            self.cd_card = what
        return condition

    def if_sentence(self, condition, body):
        """CR 608.2c: "If [condition], [instructions]." (ConditionPhrases.if_sentence, an
        intended override), after which an object or player only its instructions named is
        no referent: "If you have 5 or less life, tap all attacking creatures. Those
        creatures don't untap ..." would otherwise bind "those creatures" whether or not
        the condition held."""
        steps = ConditionPhrases.if_sentence(self, condition, body)
        named = getattr(self, "cd_named", None)
        if named is not None and (self.state.last_object, self.state.last_player) != named:
            # what was named before the condition is again what "it" means ("If it was a
            # creature card, ... If it was a land card, ..."); nothing else is, not even a
            # trigger's event object when nothing was named before
            self.state.last_object, self.state.last_player = named
            self.state.event_named = False
        return steps

    def otherwise_sentence(self, token, body):
        """ConditionPhrases.otherwise_sentence (an intended override), only where one "If"
        was read before it: after "If it was a creature card, ... If it was a land card,
        ..." an "Otherwise" means neither, not "not a land card" (608.2c)."""
        amend = ConditionPhrases.otherwise_sentence(self, token, body)

        def apply(steps):
            if any(isinstance(step, If | Instead) for step in steps[:-1]):
                raise Unread("otherwise: after which condition")
            return [*steps[:-1], amend.apply(steps[-1])]

        return Amend(apply, whole=True)

    def obj_it(self, token):
        """TriggerReferents.obj_it (an intended override), refusing "that creature" (an
        object on the battlefield) for the card a condition of this sentence asked about."""
        subject = TriggerReferents.obj_it(self, token)
        words = str(token).lower()
        card = getattr(self, "cd_card", None)
        first, _, noun = words.partition(" ")
        named = first in ("that", "those") and noun.removesuffix("s") != "card"
        if card is not None and subject == card and named:
            raise Unread(words)
        return subject

    # the conditions the grammar's earlier rules derive are read here too, so that a
    # sentence two rules derive means the same by either (intended overrides of
    # ConditionPhrases.if_condition, InsteadPhrases.ins_if_that_is, TrailingConditions.
    # tc_if_words, whose conditions this reader reads as they did)
    def if_condition(self, token):
        return self.cd_if_condition(token)

    def ins_if_that_is(self, token):
        return self.cd_if_condition(token)

    def tc_if_words(self, token):
        try:
            return self.cd_condition(_HEAD.sub("", str(token).strip(), count=1))
        except Unread:  # the game so far, as "instead"'s (CR 700.4, 702.131c), or unread
            return TrailingConditions.tc_if_words(self, token)

    def cd_condition(self, words: str) -> Condition:
        """The condition ``words`` say (after "if"), or :class:`Unread`."""
        if found := _OBJECT_IS.match(words):
            what = self._cd_object(found.group("who"))
            return _kind_of(what, found.group("what"), found.group("verb") == "was")
        if found := _THERE_ARE_COUNTERS.match(words):  # CR 122.1
            on = self._cd_self() if found.group("on") == "SELF" else self._cd_counted()
            return _counters(on, found)
        if found := _HAS_COUNTERS.match(words):
            who = found.group("on")
            on = self._cd_self() if who == "SELF" else self._cd_object(who)
            counters = _counters(on, found)
            return replace(counters, was=found.group("verb") == "had")
        if found := _IT_HAS_A_COUNTER.match(words):
            return _counters(self._cd_counted(), found)
        if found := _VALUE.match(words):  # CR 208.1, 202.3
            return self._cd_value(found)
        if found := _TYPE_CARDS.match(words):  # CR 404.1, 205.2a
            n = number(found.group("n"))
            if not n or n < 1:
                raise Unread(words)
            return CardsInGraveyard(n, (found.group("type").capitalize(),))
        if found := _LIFE.match(words):  # CR 119.1
            n = int(found.group("n"))
            if found.group("dir") == "less":
                return LifeTotal(at_most=n)
            return LifeTotal(at_least=n)
        if found := _LIFE_THAN.match(words):
            return LifeComparedToOpponent(more=found.group("dir") == "more")
        if words == "an opponent has more life than you":  # the same as "you have less"
            return LifeComparedToOpponent(more=False)
        if found := _CONTROL_MORE.match(words):  # CR 102.3: one opponent's count
            counted = found.group("g") or found.group("g2")
            condition = OpponentControlsMore(self._cd_group(counted, words))
            if condition.render() != f"an opponent controls more {counted} than you":
                raise Unread(words)  # the group's own words, or not read
            return condition
        if found := _CONTROL_NONE.match(words):
            condition = ControlsNone(self._cd_group(found.group("g"), words))
            if condition.render() != words:  # the group's own words, or not read
                raise Unread(words)
            return condition
        return read_if_condition(words, self.state, self.obj_it)  # type: ignore[attr-defined]

    def _cd_group(self, words: str, condition: str) -> Any:
        """ "artifacts", "lands": a group of permanents the static reader reads whole."""
        group = read_group(f"{words} you control")
        if group is None or group.attached or group.cards_not_on_battlefield:
            raise Unread(condition)
        return group

    def _cd_value(self, found: Any) -> HasValue:
        """ "that creature has power 4 or greater", "its power is 10 or greater"."""
        who = found.group("who") or found.group("whose").removesuffix("'s")
        who = "it" if who == "its" else who
        what = self._cd_object(who)
        n = int(found.group("n"))
        stat = found.group("stat") or found.group("stat2")
        was = (found.group("has") or found.group("is")) in ("had", "was")
        if found.group("dir") == "less":
            return HasValue(what, stat, at_most=n, was=was)
        return HasValue(what, stat, at_least=n, was=was)

    def _cd_self(self) -> Subject:
        """ "this land": the source, named (an "it" after it is the source too)."""
        return self.obj_self("SELF")  # type: ignore[attr-defined]

    def _cd_counted(self) -> Subject:
        """ "on it": the one permanent named before (the source too, as "this land")."""
        last = self.state.last_object
        if last is None or last.kind not in ("target", "that", "self"):
            raise Unread("it")
        if last.kind == "target" and not self._cd_one_target(last, "permanent"):
            raise Unread("it")
        return last

    def _cd_object(self, who: str) -> Subject:
        """The object "that creature", "it" or "the sacrificed creature" names, or
        :class:`Unread` when it isn't one object of that noun named before."""
        if who.startswith("the sacrificed"):
            if self.state.kind not in ("spell", "activated"):  # a trigger has no such cost
                raise Unread(who)
            return SACRIFICED
        if self.state.last_object is None and self.state.kind != "triggered":
            raise Unread(who)  # never the spell or the source itself
        noun = who.split()[1] if who != "it" else "it"
        subject = self.obj_it(who)  # type: ignore[attr-defined]
        if subject.kind == "target":
            if not self._cd_one_target(subject, noun):
                raise Unread(who)
        elif subject.kind == "that":  # what the trigger's event named (CR 603.7c)
            if noun != "it" and subject.noun != noun:
                raise Unread(who)
        elif subject.kind in ("top_cards", "chosen_card"):
            if noun not in ("it", "card"):
                raise Unread(who)
        else:
            raise Unread(who)
        return subject

    def _cd_card(self, subject: Subject) -> bool:
        """Whether ``subject`` is a target card off the battlefield (CR 115.1)."""
        specs = self.state.specs
        if subject.kind != "target" or subject.index >= len(specs):
            return False
        return specs[subject.index].zone in _OFF_BATTLEFIELD

    def _cd_one_target(self, subject: Subject, noun: str) -> bool:
        """Whether the target ``subject`` is one object that ``noun`` ("creature", "land",
        "permanent", "card", "it") can name: its phrase's kinds say so (CR 115.1)."""
        specs = self.state.specs
        if subject.index >= len(specs):
            return False
        spec = specs[subject.index]
        if spec.maximum != 1 or spec.x or spec.players:
            return False
        what = set(spec.what)
        if noun == "it":
            return True
        if noun == "card":
            return spec.zone in _OFF_BATTLEFIELD
        if noun == "spell":
            return spec.zone == "stack"
        if spec.zone != "battlefield":
            return False
        if noun == "permanent":
            return what <= _PERMANENT_TYPES | {"permanent"}
        return what == {noun}


def _counters(on: Subject, found: Any) -> HasCounters:
    kind, groups = found.group("kind"), found.groupdict()
    if groups.get("no"):
        return HasCounters(on, kind, at_most=0)
    n = 1 if groups.get("a") else number(found.group("n"))
    if not n or n < 1:
        raise Unread(found.group(0))
    return HasCounters(on, kind, at_least=n)
