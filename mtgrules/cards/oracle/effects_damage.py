"""The Oracle effect reader's damage, life, prevention and pump phrases (docs/effects.md,
"Damage, life, prevention and pumps"): transformer methods mixed into the reader's
transformer (:mod:`mtgrules.cards.oracle.effects`) after
:class:`~mtgrules.cards.oracle.trigger_referents.TriggerReferents`, whose pronouns some of
them extend.

- Who is dealt damage or loses life: "that creature's controller" right after the source
  named itself ("Destroy target land. This spell deals 3 damage to that land's
  controller": the target named before the source, CR 608.2c), "its controller" in a
  triggered ability before anything is named (the controller of what its event named,
  603.2, 608.2h).
- Amounts: "its power", "its toughness" in a triggered ability before anything is named
  (what its event named, 608.2h).
- Distributive "each": "up to two target creatures each get +2/+2", "they each get",
  "deals 1 damage to each of two target creatures" (each object the words name, 608.2c).
- A group at the head of a sentence by its creature type ("Zombies you control get
  +1/+1 until end of turn", 205.3m, 613.4c).
- Prevention: "to and dealt by" (two shields, 615.1a), "all damage X would deal",
  "that would be dealt this turn to X", a source of the player's choice (609.7a, 615.8).
- A life total set to a number (119.5).

A tree these methods can't hold whole raises
:class:`~mtgrules.cards.oracle.effects_parts.Unread`, and its sentence stays unread.
"""

from __future__ import annotations

import re
from typing import Any

from mtgrules.cards.creature_types import CREATURE_TYPES
from mtgrules.cards.effects import SELF, YOU, Amount, Subject
from mtgrules.cards.effects_actions import PreventDamage
from mtgrules.cards.effects_damage import PreventFromChosenSource, SetLifeTotal
from mtgrules.cards.oracle.effects_nouns import Nouns
from mtgrules.cards.oracle.effects_parts import (
    Unread,
    VerbPhrase,
    is_player,
    third_person,
    you_only,
)
from mtgrules.cards.oracle.statics import read_group

# what "each" may distribute over: several targets, a group, the tokens just created
_PLURAL_KINDS = ("target", "each", "created")


def _event_named(state: Any) -> bool:
    """A triggered ability's first sentence, before anything in it was named: a pronoun
    is what its event named (oracle/trigger_referents.py). Never after a sentence: one that
    exiled or sacrificed a card ("Sacrifice a creature. You gain life equal to that
    creature's toughness") named it without the reader keeping it."""
    return (
        state.kind == "triggered"
        and getattr(state, "event_named", False)
        and not state.sentences_read
    )


def _plural(name: str) -> str | None:
    """The creature type a plural word names ("zombies", "elves", "samurai"), or None."""
    word = name[:1].upper() + name[1:]
    for singular in (word, word.removesuffix("s"), re.sub(r"ves$", "f", word)):
        if singular in CREATURE_TYPES:
            return singular
    if word.endswith("ies") and word[:-3] + "y" in CREATURE_TYPES:
        return word[:-3] + "y"
    return None


class DamagePhrases:
    """Damage, life, prevention and pump phrases (see the module's docstring)."""

    state: Any  # the reader's sentence state (oracle_effects._State)

    # -- who: "that creature's controller", "its controller" (CR 608.2c, 608.2h, 603.2)
    def obj_its_controller(self, token):
        last = self.state.last_object
        before = getattr(self, "before_self", None)
        if token.type == "THAT_CONTROLLER" and last == SELF and hasattr(self, "before_self"):
            # "This spell deals 3 damage to that land's controller": never the source this
            # sentence just named, but the one target named before it
            if before is not None and before.kind == "target":
                subject = Subject("its_controller", index=before.index)
                self.state.last_player = subject
                return subject
            if before is None and _event_named(self.state):
                subject = Subject("that_controller")
                self.state.last_player = subject
                return subject
            raise Unread("whose controller")
        if token.type == "ITS_CONTROLLER" and last is None and _event_named(self.state):
            # a triggered ability's "its controller" before anything is named: the
            # controller of the object its event named, as it last existed (608.2h)
            subject = Subject("that_controller")
            self.state.last_player = subject
            return subject
        return Nouns.obj_its_controller(self, token)

    # -- "its power", "its toughness" (CR 208.3, 608.2h)
    def power_of(self, possessive):
        word = str(possessive)
        if self.state.last_object is None and _event_named(self.state):
            if word == "its":
                self.state.last_object = Subject("that", noun="object")
            elif word == "that creature's":
                self.state.last_object = Subject("that", noun="creature")
        return Nouns.power_of(self, possessive)

    # -- distributive "each" (CR 608.2c)
    def each_subject_clause(self, subject, _each, vps):
        if subject.kind not in _PLURAL_KINDS or is_player(subject, self.state.players):
            raise Unread("each of what")
        return self.subject_clause(subject, vps)

    def they_each_clause(self, _they, vps):
        last = self.state.last_object
        if self.state.last_player is not None or last is None or last.kind not in _PLURAL_KINDS:
            raise Unread("they each")
        return self.subject_clause(last, vps)

    def deal_each_of(self, verb, amount, _each_of, to):
        if to.kind != "target":
            raise Unread("each of what")
        return self.deal(verb, amount, to)

    # -- "Zombies you control get +1/+1 until end of turn" (CR 205.3m, 613.4c)
    def lead_group_clause(self, token, vps):
        words = str(token).split()
        at = 1 if words[0] == "other" else 0
        if _plural(words[at]) is not None:  # a creature type: its capital again
            words[at] = words[at][:1].upper() + words[at][1:]
        text = " ".join(words)
        group = read_group(text[:1].upper() + text[1:])
        if group is None or group.noun == "self" or group.attached:
            raise Unread(text)
        return self.subject_clause(self.obj_group(group), vps)

    # -- prevention (CR 615.1a, 609.7a-b, 615.8, 615.9)
    def prevent_to_and_by(self, verb, *rest):
        combat = any(getattr(r, "type", "") == "COMBAT" for r in rest)
        what = rest[-1]
        return VerbPhrase(
            third_person(verb),
            lambda a: (
                you_only(a)
                and (
                    PreventDamage(to=what, combat=combat),
                    PreventDamage(by=what, combat=combat),
                )
            ),
        )

    def prevent_would_deal(self, verb, *rest):
        combat = any(getattr(r, "type", "") == "COMBAT" for r in rest)
        by = next(r for r in rest if isinstance(r, Subject))
        if is_player(by, self.state.players):
            raise Unread("damage a player would deal")
        return VerbPhrase(
            third_person(verb), lambda a: you_only(a) and PreventDamage(by=by, combat=combat)
        )

    def prevent_to_by(self, verb, *rest):
        combat = any(getattr(r, "type", "") == "COMBAT" for r in rest)
        to, by = (r for r in rest if isinstance(r, Subject))
        if is_player(by, self.state.players):
            raise Unread("damage a player would deal")
        return VerbPhrase(
            third_person(verb),
            lambda a: you_only(a) and PreventDamage(to=to, by=by, combat=combat),
        )

    def prevent_chosen_all(self, verb, source, *rest):
        to = next((r for r in rest if isinstance(r, Subject)), None)
        quality = _quality(source)
        return VerbPhrase(
            third_person(verb),
            lambda a: you_only(a) and PreventFromChosenSource(to, next_time=False, quality=quality),
        )

    def prevent_next_time(self, source, to, *_):
        if to not in (YOU,) and to.kind != "target":
            raise Unread("the next time, to what")
        return [PreventFromChosenSource(to, next_time=True, quality=_quality(source))]

    # -- "the life lost this way", "the damage dealt this way": the sum of what the
    # instruction before did (CR 119.3, 120.3); the play-out refuses a count it doesn't take
    def this_way(self, token):
        what = "life_lost" if "life" in str(token) else "damage_dealt"
        return Amount(count=what)

    # -- "Your life total becomes 10" (CR 119.5)
    def set_life(self, whose, amount):
        words = str(whose).split()[0]
        if words == "your":
            who = YOU
        elif words.startswith("TGT") and int(words[3:].removesuffix("'s")) in self.state.players:
            who = Subject("target", index=int(words[3:].removesuffix("'s")))
        else:
            raise Unread("whose life total")
        if amount.count:
            raise Unread("a life total counted")
        return VerbPhrase(False, lambda a: you_only(a) and SetLifeTotal(who, amount))


def _quality(source: Any) -> str:
    """What a chosen source must be ("a red source of your choice": "red")."""
    words = str(source).split()
    end = words.index("source")
    start = max(i for i, w in enumerate(words[:end]) if w in ("a", "an")) + 1
    return " ".join(words[start:end])
