"""The Oracle effect reader's objects acted on together (docs/effects.md, "Objects acted on
together"): transformer methods mixed into the reader's transformer
(:mod:`mtgrules.cards.oracle.effects`).

- Several objects named apart, one action on all of them at once (CR 608.2f): "Destroy
  target artifact and target enchantment", "Exile all artifacts and enchantments", "Untap
  all Forests and all green creatures", "Return target creature and target land to their
  owners' hands" (:mod:`mtgrules.cards.effects_objects`). A list of groups is read only
  where no word could qualify more than one noun: each part a single plural noun ("all
  artifacts, creatures, and lands"), or each part with its own "all" ("all Forests and all
  green creatures"); "all tapped artifacts and creatures", "all artifacts and creatures
  you control" stay unread (is the first artifact tapped, yours?), as does any "or" (a
  choice, not a list).
- A target and every other permanent of a group with the same name as it (CR 201.2a):
  "Destroy target nonland permanent and all other permanents with the same name as that
  permanent", "Exile target creature and all other creatures with the same name as that
  creature"; a controller in the words ("all other creatures that player controls with
  the same name") stays unread.
- A target and the Auras or Equipment attached to it: "Return target creature and all
  Auras attached to it to their owners' hands", "Exile target attacking creature and all
  Equipment attached to it" (CR 303.4, 301.5).
- "They can't be regenerated." after such a destruction: none of those objects can be
  (CR 701.19c), as after "Destroy all creatures."
- Every permanent of a subtype: "Destroy all Islands", "Tap all Goblins" (CR 205.3, the
  group a static ability's reader reads); every creature of none of some subtypes: "all
  non-Dinosaur creatures", "each non-Dragon creature" (the group's qualities, as a
  target's "non-Vampire").

- Damage to "each opponent and each creature they control" (and "... creature and
  planeswalker they control"): one instruction for each recipient, in the order named, as
  "to X and Y" is (oracle/effects_more.py; CR 120.3): "they" are the opponents.
- "That spell's controller" after a target spell, as a damage recipient: "Counter target
  spell. This spell deals 2 damage to that spell's controller." is the target's controller
  as it last existed (CR 608.2h), as "that creature's controller" is.

- "Exile all opponents' graveyards": each opponent's graveyard, as "each opponent's
  graveyard" is read (oracle/effects_library.py).

A tree these methods can't hold whole raises
:class:`~mtgrules.cards.oracle.effects_parts.Unread`, and its sentence stays unread.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from mtgrules.cards.effects import SELF, DealDamage, Subject
from mtgrules.cards.effects_actions import CantRegenerate
from mtgrules.cards.effects_objects import (
    DestroyTogether,
    ExileTogether,
    ReturnTogether,
    TapTogether,
)
from mtgrules.cards.oracle.effects_more import SecondRound
from mtgrules.cards.oracle.effects_parts import (
    Amend,
    Unread,
    VerbPhrase,
    is_player,
    object_only,
    third_person,
    you_only,
)
from mtgrules.cards.oracle.statics import read_group
from mtgrules.cards.statics import SUBTYPES

# the parts of a list: "a, b, and c", "a and b", "a, b and c"
_PARTS = re.compile(r",? and |, ")


def _group(words: str) -> Any:
    """The group "all <words>" names, or Unread: permanents of a type or subtype (an
    attached one, the source itself, cards elsewhere are no such group)."""
    group = read_group("All " + words)
    if group is None or group.noun == "self" or group.attached or group.cards_not_on_battlefield:
        raise Unread(words)
    return replace(group, quantifier="")


class ObjectPhrases:
    """Objects acted on together (see the module's docstring)."""

    state: Any  # the reader's sentence state (oracle_effects._State)

    # -- what: several targets, several groups, a subtype's group
    def ob_targets(self, token):
        indexes = [int(i) for i in re.findall(r"TGT(\d+)", str(token))]
        what = tuple(Subject("target", index=i) for i in indexes)
        if len(set(indexes)) != len(indexes) or any(is_player(s, self.state.players) for s in what):
            raise Unread("a player among the objects")
        self._forget_one()
        return {"what": what}

    def ob_all_list(self, token):
        parts = _PARTS.split(str(token).removeprefix("all "))
        quantified = all(p.startswith("all ") for p in parts[1:])
        if not quantified and any(" " in p or p.startswith("all ") for p in parts):
            # "all tapped artifacts and creatures": is the creature tapped too? unread
            raise Unread("a word that may qualify several nouns")
        what = tuple(Subject("each", group=_group(p.removeprefix("all "))) for p in parts)
        self._forget_one()
        return {"what": what}

    def ob_same_name(self, target, words):
        """ "TGT0 and all other creatures with the same name as that creature": the target,
        and the other permanents of the group named as it is (CR 201.2a)."""
        (first,) = self.ob_targets(str(target))["what"]
        kind = str(words).removeprefix("and all other ").split(" with the same name")[0]
        return {"what": (first,), "same_name": _group(kind)}

    def ob_with_attached(self, target, words):
        """ "TGT0 and all Auras attached to it": the target, and the permanents of the group
        attached to it as the action is taken (CR 303.4, 301.5)."""
        (first,) = self.ob_targets(str(target))["what"]
        kind = str(words).removeprefix("and ").split(" attached to ")[0]
        kind = re.sub(r"^(?:all|each) (?:Auras?|(Equipment))", lambda m: m[1] or "Auras", kind)
        return {"what": (first,), "attached": _group(kind)}

    def ob_non_subtype_group(self, token):
        """ "all non-Dinosaur creatures", "each non-Dragon creature you control": the group
        of creatures with none of those subtypes, as a target's "non-Vampire" is checked
        (rules/layers/qualities.fits_quality, CR 205.3)."""
        words = str(token)
        nons = re.findall(r"non-([A-Z][a-z]+)", words)
        if any(n not in SUBTYPES for n in nons):
            raise Unread(words)
        rest = re.sub(r"non-[A-Z][a-z]+(?:, non-[A-Z][a-z]+)* ", "", words)
        group = read_group(rest[:1].upper() + rest[1:])
        if group is None or group.noun != "creature" or group.adjectives or group.attached:
            raise Unread(words)
        return self.obj_group(replace(group, qualities=tuple(f"non-{n}" for n in nons)))

    def ob_all_subtype(self, token):
        group = _group(str(token).removeprefix("all "))
        return self.obj_group(group)

    def _forget_one(self) -> None:
        # "it" after several objects names none of them: a pronoun after it stays unread
        self.state.last_object = None
        self.state.self_it = False

    # -- the actions (CR 608.2f)
    # (``what``: the objects and the group of the same name, ob_several's)
    def ob_destroy(self, verb, what):
        return VerbPhrase(third_person(verb), lambda a: you_only(a) and DestroyTogether(**what))

    def ob_exile(self, verb, what):
        return VerbPhrase(third_person(verb), lambda a: you_only(a) and ExileTogether(**what))

    def ob_tap(self, verb, what):
        return VerbPhrase(third_person(verb), lambda a: you_only(a) and TapTogether(**what))

    def ob_untap(self, verb, what):
        return VerbPhrase(
            third_person(verb), lambda a: you_only(a) and TapTogether(**what, untap=True)
        )

    def ob_return(self, verb, what, _hands):
        return VerbPhrase(third_person(verb), lambda a: you_only(a) and ReturnTogether(**what))

    # -- "They can't be regenerated." (CR 701.19c): said of every object destroyed together
    # by the sentence before (overrides SecondRound's, which reads it after one group)
    def they_cant_be_regenerated(self, token):
        if self.state.last_object is not None:
            return SecondRound.they_cant_be_regenerated(self, token)

        def apply(steps: list) -> list:
            last = steps[-1] if steps else None
            if not isinstance(last, DestroyTogether) or last.same_name or last.attached:
                raise Unread("they")  # the others of the same name aren't subjects
            return [*steps, *(CantRegenerate(s) for s in steps[-1].what)]

        return Amend(apply, whole=True)

    # -- "deals 2 damage to each opponent and each creature they control" (CR 120.3)
    def ob_deal_opponents(self, verb, amount, _each_opponent, theirs):
        kinds = str(theirs).removeprefix("each ").removesuffix(" they control").split(" and ")
        groups = [_group(k.removeprefix("each ") + "s your opponents control") for k in kinds]
        to = (Subject("each_opponent"), *(Subject("each", group=g) for g in groups))
        self.state.players_named = True  # "that player" after them names none of them
        players = self.state.players
        return VerbPhrase(
            third_person(verb),
            lambda a: object_only(a, players) and tuple(DealDamage(amount, t, a) for t in to),
        )

    # -- "that spell's controller" (CR 608.2h)
    def ob_that_spells_controller(self, _token):
        before = getattr(self, "before_self", None)
        if self.state.last_object != SELF or before is None or before.kind != "target":
            # only right after the source named itself, the spell a target named before
            raise Unread("whose controller")
        if before.index in self.state.players:
            raise Unread("a player's controller")
        subject = Subject("its_controller", index=before.index)
        self.state.last_player = subject
        return subject

    # -- "Exile all opponents' graveyards": each opponent's (CR 404.1, 701.13a)
    def ob_exile_opponents_graveyards(self, verb, _words):
        return self.exile_graveyard(verb, "each opponent's graveyard")
