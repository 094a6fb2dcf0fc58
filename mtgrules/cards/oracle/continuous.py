"""The Oracle effect reader's continuous effects made for a duration (docs/effects.md, "Base
power and toughness, all abilities lost"): the transformer methods of keywords granted beyond
the grammar's first list, "gains trample and gets +2/+0 until end of turn" (one duration for
both changes, CR 611.2a, 613.4c, 613.1f), base power and toughness set until end of turn
(613.4b) and all abilities lost (613.1f), alone, together or with keywords gained
(vocabulary in :mod:`mtgrules.cards.effects_continuous`).

Mixed into the reader's transformer (:mod:`mtgrules.cards.oracle.effects`); a tree these
methods can't hold whole raises :class:`~mtgrules.cards.oracle.effects_parts.Unread`, and its
sentence stays unread.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from mtgrules.cards.effects import Modify
from mtgrules.cards.effects_changes import LoseKeywords
from mtgrules.cards.effects_continuous import LoseAllAbilities, SetBasePT
from mtgrules.cards.oracle.effects_changes import ChangePhrases
from mtgrules.cards.oracle.effects_parts import (
    Unread,
    VerbPhrase,
    object_only,
    signed_pt,
    third_person,
)

# how a list of keywords is joined ("shadow, flying, and haste"); "protection from black
# and from red" is kept whole, as the play-out's protection reader reads it (CR 702.16a)
_KEYWORD_JOINS = re.compile(r",? and (?!from\b)|, ")


def _third(words: Any) -> bool:
    """The third-person form of the verb opening ``words`` ("loses all abilities", "has base
    power and toughness": their last word isn't the verb)."""
    return third_person(str(words).split()[0])


def _same_form(*verbs: Any) -> bool:
    """Whether the verbs of one subject are all in the same form ("gains ... and gets",
    never "gains ... and get")."""
    return len({_third(v) for v in verbs}) == 1


def _base_pt(pt: Any) -> tuple[int, int]:
    """A base power and toughness stated as two numbers ("4/4"); "X/X" and a signed change
    aren't one."""
    found = re.fullmatch(r"(\d+)/(\d+)", str(pt))
    if found is None:
        raise Unread(f"base power and toughness {pt}")
    return int(found.group(1)), int(found.group(2))


# "for as long as ..." (CR 611.2b): the durations the vocabulary names them by
WHILE_OF = {
    "SELF remains tapped": "while_self_tapped",
    "you control SELF": "while_you_control_self",
    "SELF remains on the battlefield": "while_self_on_battlefield",
}


def _while(token: Any) -> str:
    return WHILE_OF[str(token).removeprefix("for as long as ")]


class ContinuousPhrases:
    """The round-5 continuous effects' transformer methods (see the module's docstring)."""

    state: Any  # the reader's sentence state (oracle_effects._State)

    # -- keywords beyond KEYWORD's, one terminal for the list (CR 702.1)
    def ct_keywords(self, token):
        return tuple(_KEYWORD_JOINS.split(str(token)))

    # -- CR 611.2a, 613.4c, 613.1f: "gains trample and gets +X/+X until end of turn"
    def ct_gain_pump(self, gain, keywords, get, pt, _until):
        if not _same_form(gain, get):
            raise Unread("verb forms")
        power, toughness, x_power, x_toughness = signed_pt(str(pt))
        players = self.state.players
        return VerbPhrase(
            third_person(gain),
            lambda a: (
                object_only(a, players)
                and Modify(a, power, toughness, keywords, x_power=x_power, x_toughness=x_toughness)
            ),
        )

    # -- CR 613.4b, 611.2a: "has base power and toughness 4/4 until end of turn"
    def ct_base_pt(self, has, pt, _until):
        power, toughness = _base_pt(pt)
        players = self.state.players
        return VerbPhrase(
            _third(has), lambda a: object_only(a, players) and SetBasePT(a, power, toughness)
        )

    # -- "... and gains flying until end of turn": two effects, one duration (611.2a)
    def ct_base_gain(self, has, pt, gain, keywords, _until):
        if not _same_form(has, gain):
            raise Unread("verb forms")
        power, toughness = _base_pt(pt)
        players = self.state.players
        return VerbPhrase(
            _third(has),
            lambda a: (
                object_only(a, players)
                and (SetBasePT(a, power, toughness), Modify(a, keywords=keywords))
            ),
        )

    # -- CR 613.1f, 611.2a: "loses all abilities until end of turn"
    def ct_lose_all(self, lose, _until):
        players = self.state.players
        return VerbPhrase(_third(lose), lambda a: object_only(a, players) and LoseAllAbilities(a))

    # -- "loses all abilities and has base power and toughness 0/1 until end of turn"
    def ct_lose_all_base(self, lose, has, pt, _until):
        if not _same_form(lose, has):
            raise Unread("verb forms")
        power, toughness = _base_pt(pt)
        players = self.state.players
        return VerbPhrase(
            _third(lose),
            lambda a: (
                object_only(a, players) and (LoseAllAbilities(a), SetBasePT(a, power, toughness))
            ),
        )

    # -- CR 613.1f, 611.2a: "loses defender and gains flying until end of turn"
    def ct_lose_gain(self, lose, lost, gain, gained, _until):
        if not _same_form(lose, gain):
            raise Unread("verb forms")
        players = self.state.players
        return VerbPhrase(
            third_person(lose),
            lambda a: (
                object_only(a, players)
                and (LoseKeywords(a, lost), Modify(a, keywords=gained, duration="end_of_turn"))
            ),
        )

    # -- CR 205.1b, 613.1d, 611.2a: "becomes a Vampire in addition to its other types"
    def ct_becomes_also(self, verb, article, *parts):
        kinds = [p for p in parts if getattr(p, "type", "") == "CT_TYPES"]
        also = next(p for p in parts if getattr(p, "type", "") == "CT_IN_ADDITION")
        rest = [p for p in parts if getattr(p, "type", "") not in ("CT_TYPES", "CT_IN_ADDITION")]
        made = ChangePhrases.becomes(self, verb, article, *rest)
        types = tuple(w.capitalize() for k in kinds for w in str(k).split())
        subtypes = any(getattr(p, "type", "") == "SUBTYPES" for p in rest)
        if not types and not subtypes:
            raise Unread("becomes what")
        additional = str(also).removeprefix("in addition to its other ")
        return VerbPhrase(
            made.third,
            lambda a: replace(made.make(a), types=types, additional=additional),
        )

    # -- CR 205.1b: "... creature that's still a land"
    def ct_becomes_still(self, verb, article, *parts):
        still = next(p for p in parts if getattr(p, "type", "") == "CT_STILL_A")
        rest = [p for p in parts if getattr(p, "type", "") != "CT_STILL_A"]
        made = ChangePhrases.becomes(self, verb, article, *rest)
        kept = (str(still).split()[-1].capitalize(),)
        return VerbPhrase(made.third, lambda a: replace(made.make(a), retains=kept))

    # -- CR 611.2b, 613.4c: "gets +1/+1 (and has vigilance) for as long as this artifact
    # remains tapped"
    def ct_pump_while(self, get, pt, *rest):
        power, toughness, x_power, x_toughness = signed_pt(str(pt))
        if x_power or x_toughness:
            raise Unread("X in a change for as long as")
        keywords = next((r for r in rest if isinstance(r, tuple)), ())
        duration = _while(rest[-1])
        players = self.state.players
        return VerbPhrase(
            third_person(get),
            lambda a: object_only(a, players) and Modify(a, power, toughness, keywords, duration),
        )

    # -- CR 611.2b, 613.1f: "gains indestructible for as long as you control this creature"
    def ct_grant_while(self, gain, keywords, how):
        duration = _while(how)
        players = self.state.players
        return VerbPhrase(
            third_person(gain),
            lambda a: object_only(a, players) and Modify(a, keywords=keywords, duration=duration),
        )
