"""More amounts the Oracle effect reader reads (docs/effects.md, "More amounts"): the
transformer methods for mana added by a count "of any one color" or "in any combination of
{R} and/or {G}", and damage an object deals to itself, mixed into the reader's
transformer (:mod:`mtgrules.cards.oracle.effects`). A tree these methods can't hold whole
raises :class:`~mtgrules.cards.oracle.effects_parts.Unread`, and its sentence stays
unread.
"""

from __future__ import annotations

from typing import Any

from mtgrules.cards.effects import SELF, Amount, DealDamage, Instruction, Subject
from mtgrules.cards.effects_changes import AddManaOf
from mtgrules.cards.oracle.effects_damage import DamagePhrases
from mtgrules.cards.oracle.effects_nouns import Nouns
from mtgrules.cards.oracle.effects_parts import (
    Unread,
    VerbPhrase,
    object_only,
    third_person,
    you_only,
)

# "Add two mana of any one color": the mana reader's own (oracle/effects_nouns.py)
_FIXED_ONE_COLOR = Nouns.mana_any_one_color
# the subjects that are one object: "itself" is that object (a group's is each member's)
_ONE_OBJECT = ("self", "target", "that")


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

    # -- damage an object deals to itself (CR 120.1, 120.3)
    def ga_deal_itself(self, verb, amount, _itself):
        return self._ga_to_itself(verb, (), amount)

    def ga_deal_itself_equal(self, verb, _itself, amount):
        return self._ga_to_itself(verb, (), amount)

    def ga_deal_and_itself(self, verb, amount, to, own, _itself):
        return self._ga_to_itself(verb, ((amount, to),), own)

    def _ga_to_itself(self, verb, before: tuple, own: Amount) -> VerbPhrase:
        """ "[It] deals N damage to itself": the dealing object is the one dealt the damage
        (after the damage to another, in the words' order: 608.2c). Only one object: each
        of a group dealing damage to itself is not the vocabulary's "each to each"."""
        players = self.state.players

        def make(actor: Subject) -> tuple[Instruction, ...]:
            object_only(actor, players)
            if actor.kind not in _ONE_OBJECT or actor.group is not None:
                raise Unread("itself: not one object")
            parts = (*before, (own, actor))
            return tuple(DealDamage(amount, to, actor) for amount, to in parts)

        return VerbPhrase(third_person(verb), make)

    # -- "that creature's power" is never the source's own (it calls itself "this")
    def power_of(self, possessive):
        """As the damage reader reads it (oracle/effects_damage.py), except that "that
        creature's" bound to the source is left unread: a card names itself "this
        creature" or by name (201.5), so "You may put X +1/+1 counters on this creature,
        where X is that creature's power" (its "that creature" bound after the words that
        named the source) counts another creature, which the words before don't name."""
        amount = DamagePhrases.power_of(self, possessive)
        if str(possessive).startswith("that creature") and amount.of == SELF:
            raise Unread("that creature: not the source")
        return amount
