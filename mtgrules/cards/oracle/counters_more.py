"""The effect reader's counters put on two things in one sentence, and on the other permanents
of a subtype (docs/effects.md, "Counters, tokens and emblems"): "put a +1/+1 counter on it and
a +1/+1 counter on up to one other target creature", "put five +1/+1 counters on each
creature you control and five loyalty counters on each other planeswalker you control", "put
a +1/+1 counter on each other Human you control" (CR 122.1, 122.6).

Each part is the instruction ``put_counters`` reads alone (two :class:`PutCounters`, in the
order written: 608.2c follows them in order). "Each other" is read only where there is a
source for "other" to exclude (an ability of a permanent, never a spell: 110.4).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from mtgrules.cards.effects import Subject
from mtgrules.cards.oracle.effects_parts import Unread, VerbPhrase


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
