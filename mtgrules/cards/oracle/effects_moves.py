"""The Oracle effect reader's zone changes, linked exiles, delayed zone changes and control
(docs/effects.md, "Zone changes, linked exiles, control"): "Exile this Saga, then return it
to the battlefield transformed under your control" (CR 712.14a), "Put target creature into
its owner's library second from the top" (401.7), "Its owner shuffles it into their library"
(701.24a), "Target creature's owner puts it on their choice of the top or bottom of their
library" (608.2d), "Return the exiled card to the battlefield under its owner's control"
(the card its linked ability exiled, 607.2a), "Sacrifice it at end of combat" and "... at the
beginning of your next end step" (delayed triggers, 603.7a, 511.2, 513.1), "Gain control of
target creature for as long as you control this creature" (611.2b) and "Exchange control of
target artifact and target creature" (701.12a-b). Transformer methods mixed into the
reader's transformer (:mod:`mtgrules.cards.oracle.effects`); a tree they can't hold whole
raises :class:`~mtgrules.cards.oracle.effects_parts.Unread`, and its sentence stays unread.
"""

from __future__ import annotations

from typing import Any

from mtgrules.cards.effects import Delayed, Modify, Move, Script, Subject
from mtgrules.cards.effects_control import GainControl
from mtgrules.cards.effects_moves import (
    ORDINALS,
    ExchangeControl,
    ExileOwnCards,
    MoveTransformed,
    OwnerTopOrBottom,
    PutNthFromTop,
)
from mtgrules.cards.oracle.effects_library import card_choice
from mtgrules.cards.oracle.effects_parts import Unread, VerbPhrase, player_only, you_only
from mtgrules.cards.oracle.effects_parts import third_person as _third

EXILED_WITH = Subject("exiled_with")
_POSITIONS = {words: n for n, words in ORDINALS.items()}


class MovePhrases:
    """The transformer methods of this subject (see the module's docstring)."""

    state: Any  # the reader's sentence state (oracle_effects._State)

    def return_transformed(self, verb, what, _bf, transformed, *under):
        # 712.14a: only a card put onto the battlefield can be "transformed" as it enters;
        # the permanent it was, exiled or returned, is a new object found by 400.7j
        tapped = str(transformed).startswith("tapped")
        whose = under[0] if under else "you"  # 110.2a: the player who puts it there
        return VerbPhrase(
            _third(verb),
            lambda a: you_only(a) and MoveTransformed(what, whose, tapped),
        )

    def put_nth(self, verb, what, _library, nth):
        position = _POSITIONS[str(nth).split()[0]]
        return VerbPhrase(_third(verb), lambda a: you_only(a) and PutNthFromTop(what, position))

    def owner_of(self, token):
        """ "its owner", "target creature's owner", "this creature's owner": the object whose
        owner acts (CR 108.3), named here so that the "it" after it is that object."""
        words = str(token)
        if words == "its":
            return self.obj_it("it")
        if words.startswith("TGT"):
            return self.obj_target(words.removesuffix("'s"))
        if words == "SELF's":
            return self.obj_self(words)
        raise Unread(words)  # "that creature's", "the sacrificed creature's"

    def owner_top_or_bottom(self, owner, verb, what, _words):
        if what != owner or not _third(verb):
            raise Unread("another object than the owner's")
        # the owner acts, so the vp is the sentence's whole clause: made with "you" as an
        # imperative's actor, as a bare clause is (its verb's form is checked here)
        return VerbPhrase(False, lambda a: you_only(a) and OwnerTopOrBottom(what))

    def owner_shuffles(self, owner, verb, what, _their_library):
        if what != owner or not _third(verb):
            raise Unread("another object than the owner's")
        # CR 701.24a, 400.3: into its owner's library, which is shuffled; who shuffles it
        # (its owner) is the library's owner, as Move's "library_shuffled" says
        return VerbPhrase(
            False, lambda a: you_only(a) and Move(what, zone="library_shuffled", under="owner")
        )

    def exchange_control(self, verb, first, second):
        if first == second or first.kind not in ("target", "self"):
            raise Unread("an exchange of one object")
        if second.kind not in ("target", "self"):
            raise Unread("an exchange with a group")
        return VerbPhrase(_third(verb), lambda a: you_only(a) and ExchangeControl(first, second))

    def gain_control_while(self, verb, what, how):
        duration = (
            "while_you_control_self"
            if str(how).endswith("you control SELF")
            else "while_self_on_battlefield"
        )
        return VerbPhrase(
            _third(verb),
            lambda a: player_only(a, self.state.players) and GainControl(what, a, duration),
        )

    def exile_own_cards(self, verb, cards, zone):
        """ "Target opponent exiles a card from their hand": the player who exiles chooses
        among their own cards (701.13a, 608.2d); "you" would say "your hand"."""
        amount, kinds = card_choice(str(cards))
        where = str(zone).split()[-1]
        if not _third(verb):
            raise Unread("their own zone after a base form")
        named_a_choice(self.state)
        return VerbPhrase(
            True,
            lambda a: player_only(a, self.state.players) and ExileOwnCards(a, where, kinds, amount),
        )

    # -- the cards a linked ability exiled (607.2a)
    def obj_exiled_linked(self, _token):
        """ "The exiled card(s)" in the first words of a triggered ability: the cards its
        linked ability exiled (CR 607.2a). After anything was named (a sentence before, or
        "Exile it, then return the exiled card"), it may be the card this effect exiled:
        unread."""
        state = self.state
        first = state.sentences_read == 0 and state.kind == "triggered" and state.event_named
        if not first or state.last_object is not None or state.last_player is not None:
            raise Unread("the exiled card")
        named_a_choice(state)
        return EXILED_WITH

    def obj_exiled_with(self, _token):
        """ "All cards exiled with this artifact": the cards exiled by its linked ability
        (CR 607.2a), whatever was named before."""
        named_a_choice(self.state)
        return EXILED_WITH

    # -- delayed zone changes (603.7a)
    def at_end_of_combat(self, body, _words):
        return _delayed("end_of_combat", body)

    def at_your_next_end_step(self, body, _words):
        return _delayed("your_next_end_step", body)


def named_a_choice(state: Any) -> None:
    """After cards a player chooses, or the linked ability's cards: "it", "that card" may
    be one of them, which the words don't say, and is never what the trigger named (the
    event's object, 603.7c) nor an object named before: what comes after is unread."""
    state.last_object = None
    state.event_named = False


def _delayed(when: str, body: list) -> list:
    steps = tuple(body)
    if any(isinstance(s, Modify) and not s.duration for s in steps):
        raise Unread("a duration")  # as the reader's own delayed sentences refuse it
    return [Delayed(when, Script(steps))]
