"""The effect reader's counters put on two things in one sentence, and on the other permanents
of a subtype (docs/effects.md, "Counters, tokens and emblems"): "put a +1/+1 counter on it and
a +1/+1 counter on up to one other target creature", "put five +1/+1 counters on each
creature you control and five loyalty counters on each other planeswalker you control", "put
a +1/+1 counter on each other Human you control" (CR 122.1, 122.6); and counters moved from
one object onto another ("move a +1/+1 counter from this creature onto target creature",
122.5).

Each part is the instruction ``put_counters`` reads alone (two :class:`PutCounters`, in the
order written: 608.2c follows them in order). "Each other" is read only where there is a
source for "other" to exclude (an ability of a permanent, never a spell: 110.4).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from mtgrules.cards.effects import Amount, Subject
from mtgrules.cards.effects_counters import MoveCounters
from mtgrules.cards.oracle.effects_parts import Unread, VerbPhrase, is_player, you_only


class CounterMore:
    """The transformer methods of counters on two things and on "each other" of a subtype
    (see the module's docstring)."""

    state: Any  # the reader's sentence state (oracle/effects._State)

    # -- CR 122.1, 608.2c: "put N <kind> counters on X and M <kind> counters on Y"
    def tc_put_counters_two(self, verb, amount, kind, noun, what, amount2, kind2, noun2, what2):
        first = self.put_counters(verb, amount, kind, noun, what)  # type: ignore[attr-defined]
        second = self.put_counters(verb, amount2, kind2, noun2, what2)  # type: ignore[attr-defined]
        return VerbPhrase(first.third, lambda a: (first.make(a), second.make(a)))

    # -- CR 122.1: "put a +1/+1 counter on each other Human you control"
    def tc_put_counters_other(self, verb, amount, kind, noun, _each_other, group):
        if self.state.kind not in ("activated", "triggered"):
            raise Unread("other than what")
        what = Subject("each", group=replace(group, other=True, quantifier=""))
        return self.put_counters(verb, amount, kind, noun, what)  # type: ignore[attr-defined]

    # -- CR 122.5: "move a +1/+1 counter from this creature onto target creature", "move all
    # counters from target creature onto a second target creature"
    def tc_move_counters(self, _verb, how, *rest):
        rest = tuple(r for r in rest if getattr(r, "type", "") != "TC_A_SECOND")
        *kind, _noun, source, to = rest
        if is_player(source, self.state.players) or is_player(to, self.state.players):
            raise Unread("counters of a player")
        if source == to or to.kind == "each" or source.kind == "each":
            raise Unread("moved from or onto what")
        every = getattr(how, "type", "") == "TC_ALL"
        amount = Amount(1) if every else how
        if not every and (amount.count or (amount.fixed < 1 and not amount.x)):
            raise Unread("how many counters")
        kind_word = str(kind[0]) if kind else ""
        return VerbPhrase(
            False,
            lambda a: you_only(a) and MoveCounters(source, to, kind_word, amount, every),
        )
