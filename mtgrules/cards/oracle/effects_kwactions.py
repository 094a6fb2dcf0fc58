"""The effect reader's fifth-round keyword actions (docs/effects.md, "Keyword actions"): more of
CR 701's actions as :class:`~mtgrules.cards.effects_actions.KeywordAction`, the two that
target what their words don't say (earthbend, 701.66a; support, 701.41a), a keyword action
repeated a number of times, and "If you win, ..." after a clash (701.30b, 701.30d).

Who does each is the rule's own: the ability's controller forages (701.61a), opens an
Attraction (701.51b), collects evidence (701.59a), cloaks the top card of their library
(701.58a), clashes with an opponent (701.30b), suspects, detains or converts an object
(701.60a, 701.35a, 701.28a), airbends objects (701.65a), abandons the scheme whose ability
it is (701.33b), earthbends (701.66a) and supports (701.41a); a player blights
(701.68a) and manifests dread (701.62a); a permanent endures (701.63a). The play-out carries
out none of them (its keyword actions' handler refuses them by name), nor a repeated
action or a clash's result (no handler: refused).
"""

from __future__ import annotations

from typing import Any

from mtgrules.cards.effects import SELF, YOU, May, Script, Subject
from mtgrules.cards.effects_actions import KeywordAction, RepeatAction
from mtgrules.cards.effects_conditions import If, WonClash
from mtgrules.cards.oracle.effects_parts import (
    Amend,
    Unread,
    VerbPhrase,
    is_player,
    object_only,
    player_only,
    third_person,
    you_only,
)
from mtgrules.cards.targets import NUMBER_WORDS

_CLASH = "clash with an opponent"
# actions that put a card onto the battlefield (CR 701.58a, 701.51b; 701.52a may make an
# Attraction's visit ability trigger)
_PUTS_ONTO_BATTLEFIELD = (
    "cloak the top card of your library",
    "open an attraction",
    "roll to visit your attractions",
)


class KwActionPhrases:
    """The transformer methods of the fifth round's keyword actions (see the module's
    docstring)."""

    state: Any  # the reader's sentence state (oracle/effects._State)

    def ka_plain(self, token):
        name = str(token).lower()
        if name == _CLASH:
            # the opponent chosen is named by no Subject: a "that player" after it is that
            # opponent, which the reader doesn't bind, so it is left unread (701.30b)
            self.state.last_player = None
            self.state.players_named = True
        if name in _PUTS_ONTO_BATTLEFIELD:
            # what it put onto the battlefield is named by no Subject: an "it" after it is
            # left unread, never bound to what was named before or to the trigger's event
            self.state.last_object = None
            self.state.event_named = False
        return VerbPhrase(False, lambda a: you_only(a) and KeywordAction(name))

    def ka_amount(self, token, amount):
        name = str(token).lower()
        return VerbPhrase(False, lambda a: you_only(a) and KeywordAction(name, amount=amount))

    def ka_blight(self, token, amount):
        # CR 701.68a: the player told to blight puts the counters on a creature they control
        players = self.state.players
        return VerbPhrase(
            third_person(token),
            lambda a: player_only(a, players) and KeywordAction("blight", who=a, amount=amount),
        )

    def ka_object(self, token, what):
        if is_player(what, self.state.players):
            raise Unread("a player suspected, detained or converted")
        group = what.group
        if self.state.kind == "spell" and group is not None and getattr(group, "other", False):
            # a spell is never a permanent (110.4): "all other creatures" is other than what
            # it named before, which a group other than the source doesn't say
            raise Unread("other")
        name = str(token).lower()
        return VerbPhrase(False, lambda a: you_only(a) and KeywordAction(name, what=what))

    def ka_abandon(self, _token):
        # CR 701.33b: the scheme whose ability it is (its source)
        return VerbPhrase(False, lambda a: you_only(a) and KeywordAction("abandon", what=SELF))

    def ka_endures(self, _token, amount):
        players = self.state.players
        return VerbPhrase(
            True,
            lambda a: object_only(a, players) and KeywordAction("endure", what=a, amount=amount),
        )

    def ka_manifests(self, _token):
        players = self.state.players
        return VerbPhrase(
            True,
            lambda a: player_only(a, players) and KeywordAction("manifest dread", who=a),
        )

    def ka_times(self, token, times):
        name = str(token).lower()
        words = str(times).removesuffix(" times")
        if words in NUMBER_WORDS:  # the action, then again: that many actions (701.16a)
            n = NUMBER_WORDS.index(words)
            return VerbPhrase(
                False, lambda a: you_only(a) and tuple(KeywordAction(name) for _ in range(n))
            )
        amount = self.count_event(words) if words == "that many" else self.count(words)  # type: ignore[attr-defined]
        return VerbPhrase(
            False, lambda a: you_only(a) and RepeatAction(KeywordAction(name), amount)
        )

    def ka_amount_times(self, token, amount, times):
        # CR 701.53a: each incubate makes its own token; "twice", "five times": that many
        if str(token).lower() != "incubate":
            raise Unread("a keyword action repeated")
        action = KeywordAction("incubate", amount=amount)
        words = "two" if str(times) == "twice" else str(times).removesuffix(" times")
        if words in NUMBER_WORDS:
            n = NUMBER_WORDS.index(words)
            return VerbPhrase(False, lambda a: you_only(a) and (action,) * n)
        amount = self.count_event(words) if words == "that many" else self.count(words)  # type: ignore[attr-defined]
        return VerbPhrase(False, lambda a: you_only(a) and RepeatAction(action, amount))

    def ka_again(self, token, _again):
        return self.kw_plain(token)  # type: ignore[attr-defined]

    def ka_again_by_object(self, token, _again):
        return self.kw_by_object(token)  # type: ignore[attr-defined]

    def ka_implied(self, token, target, amount):
        # CR 701.66a: target land you control; 701.41a: up to N (other) target creatures
        name = str(token).lower()
        what = Subject("target", index=int(str(target)[3:]))
        # no word names that target: a later "that land", "it", "that creature" is left
        # unread, never bound to it, to an object named before, or to the trigger's event
        self.state.last_object = None
        self.state.event_named = False
        return VerbPhrase(
            False, lambda a: you_only(a) and KeywordAction(name, what=what, amount=amount)
        )

    def ka_if_won(self, _token, body):
        then = Script(tuple(body))

        def apply(steps: list) -> list:
            # only right after the clash itself (or "you may clash"): whose clash "you win"
            # speaks of is the one just done (701.30b, 701.30d)
            if not steps or not _clash(steps[-1]):
                raise Unread("if you win")
            return [*steps, If(WonClash(), then)]

        return Amend(apply, whole=True)


def _clash(step: Any) -> bool:
    if isinstance(step, May):
        return len(step.then.steps) == 1 and _clash(step.then.steps[0])
    return isinstance(step, KeywordAction) and step.name == _CLASH and step.who == YOU
