"""More amounts the Oracle effect reader reads (docs/effects.md, "More amounts"): the
transformer methods for mana added by a count "of any one color" or "in any combination of
{R} and/or {G}", mixed into the reader's
transformer (:mod:`mtgrules.cards.oracle.effects`). A tree these methods can't hold whole
raises :class:`~mtgrules.cards.oracle.effects_parts.Unread`, and its sentence stays
unread.
"""

from __future__ import annotations

from typing import Any

from mtgrules.cards.effects import Amount
from mtgrules.cards.effects_changes import AddManaOf
from mtgrules.cards.oracle.effects_nouns import Nouns
from mtgrules.cards.oracle.effects_parts import VerbPhrase, third_person, you_only

# "Add two mana of any one color": the mana reader's own (oracle/effects_nouns.py)
_FIXED_ONE_COLOR = Nouns.mana_any_one_color


class MoreAmounts:
    """See the module's docstring."""

    state: Any  # the reader's sentence state (oracle_effects._State)

    def mana_any_one_color(self, count):
        """ "Add X mana of any one color" (X as announced, 107.3a, or as "where X is"
        defines it, 107.3c): that much mana, all of one color the player chooses as it is
        added (106.1a, 106.4), an :class:`AddManaOf`; a number stays the mana reader's."""
        if str(count) == "X":
            return AddManaOf(Amount(x=True), "any one color")
        return _FIXED_ONE_COLOR(self, count)

    def ga_add_combination(self, verb, count, kind):
        """ "Add X mana in any combination of {R} and/or {G}": that much mana, each one of
        the two colors as the player chooses while adding it (106.1, 106.4)."""
        words = str(kind).removeprefix("in ")
        return VerbPhrase(third_person(verb), lambda a: you_only(a) and AddManaOf(count, words))
