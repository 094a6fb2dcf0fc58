"""The Oracle effect reader's moves between public zones, round 4 (docs/effects.md, "Zone
changes, linked exiles, control"): an object put onto the battlefield with counters on it
("Return target creature card from your graveyard to the battlefield with a +1/+1 counter
on it", CR 122.6, 614.1c), "another" permanent of a group returned to its owner's hand
(608.2d), "a creature other than this creature" sacrificed (701.21a), and "the owner of
target ..." putting it on the top or bottom of their library (608.2d) or shuffling it into
their library (701.24a). Transformer methods mixed into the reader's transformer
(:mod:`mtgrules.cards.oracle.effects`); a tree they can't hold whole raises
:class:`~mtgrules.cards.oracle.effects_parts.Unread`, and its sentence stays unread.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from mtgrules.cards.effects import SELF, Amount
from mtgrules.cards.effects_moves import MoveAttached, MoveWithCounters
from mtgrules.cards.oracle.effects_parts import Unread, VerbPhrase, third_person, you_only


class ZonePhrases:
    """The transformer methods of this subject (see the module's docstring)."""

    state: Any  # the reader's sentence state (oracle_effects._State)

    # -- onto the battlefield with counters (CR 122.6, 614.1c)
    def mv_with_counters(self, amount, *words):
        kind = words[-3]
        if not (amount.x or amount.count) and amount.fixed < 1:
            raise Unread("no counters")
        return {"kind": str(kind), "amount": amount}

    def mv_return_counters(self, verb, what, *rest):
        # "from your graveyard" after a target's phrase, "it": a card that may be elsewhere
        # by then, which the words don't say what happens to (as return_ refuses it)
        if getattr(rest[0], "type", "") == "FROM_GRAVEYARD" and what != SELF:
            raise Unread("from a graveyard")
        return self._entering_with_counters(verb, what, rest[-1], rest[:-1])

    def mv_put_counters(self, verb, what, *rest):
        return self._entering_with_counters(verb, what, rest[-1], rest[:-1])

    def _entering_with_counters(self, verb, what, counters, words):
        where = self.to_battlefield(
            *[w for w in words if getattr(w, "type", "") != "FROM_GRAVEYARD"]
        )
        step = MoveWithCounters(
            what, counters["kind"], counters["amount"], where["under"], where["tapped"]
        )
        return VerbPhrase(third_person(verb), lambda a: you_only(a) and step)

    # -- onto the battlefield attached to an object or player (CR 303.4i, 301.5e)
    def mv_return_attached(self, verb, what, *rest):
        if getattr(rest[0], "type", "") == "FROM_GRAVEYARD" and what != SELF:
            raise Unread("from a graveyard")
        return self._entering_attached(verb, what, rest[-1], rest[:-2])

    def mv_put_attached(self, verb, what, *rest):
        return self._entering_attached(verb, what, rest[-1], rest[:-2])

    def _entering_attached(self, verb, what, to, words):
        if to.kind not in _ATTACHED_TO or to == what:
            raise Unread("attached to a group, or to itself")
        where = self.to_battlefield(*_battlefield_words(words))
        step = MoveAttached(what, to, where["under"], where["tapped"])
        return VerbPhrase(third_person(verb), lambda a: you_only(a) and step)

    # -- a permanent chosen as the effect resolves (CR 608.2d, 701.21a)
    def mv_return_another(self, verb, _another, group, dest):
        """ "Return another creature you control to its owner's hand": one of the group
        other than the object with the ability, chosen as it resolves."""
        if group.other:
            raise Unread("another other")
        return self.return_chosen(verb, Amount(1), replace(group, other=True), dest)

    def mv_sacrifice_other(self, verb, amount, group, _other_than_self):
        """ "Sacrifice a creature other than this creature": "another creature" (one
        permanent of the group other than the source, CR 701.21a)."""
        if amount.x or amount.count or amount.fixed != 1:
            raise Unread("how many are sacrificed")
        return self.sacrifice_another(verb, None, group)

    # -- "the owner of target ..." acts on it (CR 108.3)
    def mv_owner_of(self, _words, what):
        if what.kind != "target" or what.index in self.state.players:
            raise Unread("the owner of another object than a target")
        return what


# what a permanent may be put onto the battlefield attached to: one object or player
_ATTACHED_TO = ("target", "self", "that", "you")


def _battlefield_words(words: tuple) -> list:
    """The words of "the battlefield [tapped] [under ... control]" (to_battlefield's)."""
    return [w for w in words if getattr(w, "type", "") != "FROM_GRAVEYARD"]
