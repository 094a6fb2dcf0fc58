"""More "for each" counts and the zone a spell was cast from (docs/effects.md, "More "for
each" counts, the zone a spell was cast from"): transformer methods mixed into the effect
reader's transformer (:mod:`mtgrules.cards.oracle.effects`).

- "for each card in your hand" after a counter, a token or mana ("Put a +1/+1 counter on
  it for each card in your hand", "Add {R} for each card in your hand"): the player's count
  of cards in that zone, as damage, life and cards already read it (107.3c);
- "for each other Goblin you control": a subtype's group without the object with the
  ability (an ability of a permanent only: a spell is never one of its own group);
- "for each Elf card in your graveyard": cards of a subtype in a player's zone (205.3a,
  107.3c), wherever "for each" counts cards of a type;
- "for each color of mana spent to cast this spell", as "the number of colors of mana
  spent" (601.2h); the ability words domain and converge before a sentence, which have no
  rules meaning (207.2c): the sentence after them is read alone;
- a counter-unless payment of a mana amount "for each" object counted:
  the payment once per object counted, counted as it resolves (118.12a, 107.3c, 608.2h);
- "that spell's mana value" after a counterspell's own instruction (tokens made as many): in
  an instant's or sorcery's effect whose one target is one spell, "that spell" is that
  target (by last known information once it has left the stack, 608.2h);
- "If this spell was cast from your hand / a graveyard / exile / anywhere other than your
  hand, ...": a spell's question about the zone its card was cast from (601.2a, 608.2c),
  read only in an instant's or sorcery's own effect, where "this spell" is the spell.

A tree these methods can't hold whole raises
:class:`~mtgrules.cards.oracle.effects_parts.Unread`, and its sentence stays unread.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from mtgrules.cards.effects import Amount, CounterUnlessPays, Subject
from mtgrules.cards.effects_conditions import CastFrom, Condition
from mtgrules.cards.oracle.card_filters import read_card_filter
from mtgrules.cards.oracle.effects_amounts import AmountPhrases, define_x
from mtgrules.cards.oracle.effects_parts import Unread, VerbPhrase, third_person, you_only
from mtgrules.cards.oracle.referent_amounts import ReferentAmounts
from mtgrules.cards.oracle.statics import read_group
from mtgrules.cards.statics import Group

# the zones "this spell was cast from" names, after the words that open the condition
_CAST_FROM = ("your hand", "a graveyard", "exile")
_OTHER_THAN = "anywhere other than "


class CountsCastFrom:
    """See the module's docstring."""

    state: Any  # the reader's sentence state (oracle_effects._State)

    # -- "for each card in your hand" after counters, tokens and mana (CR 107.3c, 122.1,
    # 111.1, 106.4): the player's count of cards in that zone, times the number before
    def cf_put_counters_each_card(self, verb, amount, kind, noun, what, zone):
        return self.amt_put_counters_each(verb, amount, kind, noun, what, self._each(zone))  # type: ignore[attr-defined]

    def cf_create_each_card(self, verb, amount, *rest):
        each = self._each(rest[-1])  # type: ignore[attr-defined]
        return self.amt_create_each(verb, amount, *rest[:-1], each)  # type: ignore[attr-defined]

    def cf_add_mana_each_card(self, verb, symbol, zone):
        return self.amt_add_mana_each(verb, symbol, self._each(zone))  # type: ignore[attr-defined]

    # -- "for each other Goblin you control" (CR 205.3a, 109.5): the subtype's permanents
    # the controller controls, the object with the ability left out
    def cf_other_subtype(self, token) -> Group:
        words = str(token)
        if self.state.kind not in ("activated", "triggered"):  # a spell is in no group
            raise Unread(words)
        group = read_group("Each " + words)
        if group is None or not group.other or group.noun == "self" or group.attached:
            raise Unread(words)
        return replace(group, quantifier="")

    # -- "for each Elf card in your graveyard" (CR 205.3a, 107.3c): the cards of that
    # subtype in the player's zone
    def cf_subtype_card_in(self, token) -> Amount:
        kind, _, where = str(token).partition(" in ")
        cards = read_card_filter(kind.removesuffix("s"), False)  # "Elf cards": "Elf card"
        if cards is None or not cards.subtypes or cards.types:
            raise Unread(str(token))
        counted = self.cards_in_zone("cards in " + where)  # type: ignore[attr-defined]
        return replace(counted, cards=cards)

    # -- "for each color of mana spent to cast this spell" (CR 601.2h): the colors counted
    # as "the number of colors of mana spent" counts them
    def cf_color_spent(self, _token) -> Amount:
        return self.amt_colors_spent(_token)  # type: ignore[attr-defined]

    # -- "Domain — ...", "Converge — ...": an ability word, no rules meaning (CR 207.2c)
    def cf_ability_word(self, _word, sentence):
        return sentence

    # -- "Counter target spell unless its controller pays {1} for each card in your
    # graveyard" (CR 118.12a, 701.6a, 107.3c): the payment once per object counted
    def cf_counter_unless_each(self, verb, what, _its_controller, mana, each):
        if what.kind != "target":  # the target's controller, as counter_unless reads it
            raise Unread("unless another player pays")
        per = self._each(each)  # type: ignore[attr-defined]
        if per.x or not per.count:
            raise Unread("pays for each what")
        return VerbPhrase(
            third_person(verb),
            lambda a: you_only(a) and CounterUnlessPays(what, str(mana), per),
        )

    # -- "that spell's mana value" in a spell whose one target is a spell (CR 115.1,
    # 608.2h): that target, as it last existed once countered; otherwise as before
    def amt_of_event(self, token, trait):
        try:
            return ReferentAmounts.amt_of_event(self, token, trait)
        except Unread:
            if not str(token).startswith("that spell") or not self._cf_one_spell_target():
                raise
        count = {"power": "power_of", "toughness": "toughness_of"}.get(str(trait), "mana_value")
        self.cf_that_spell = Amount(count=count, of=Subject("target", index=0))
        return self.cf_that_spell

    # -- "..., where X is that spell's mana value" (CR 107.3c) with "that spell" the one
    # target spell: bound whatever else the sentence names (tokens it creates are no spell)
    def where_x(self, body, amount):
        if amount is not getattr(self, "cf_that_spell", None):
            return AmountPhrases.where_x(self, body, amount)
        found: list[Any] = []
        steps = [define_x(step, amount, found) for step in body]
        if not found:
            raise Unread("where X is, with no X")
        return steps

    def _cf_one_spell_target(self) -> bool:
        """An instant's or sorcery's effect (it calls itself "this spell", never "that
        spell") with one target phrase, of exactly one spell and no ability, and no
        sentence before left unread."""
        specs = self.state.specs
        if self.state.kind != "spell" or self.state.unread_before or len(specs) != 1:
            return False
        (spec,) = specs
        return (
            spec.zone == "stack"
            and spec.minimum == spec.maximum == 1
            and not any("ability" in what for what in spec.what)
        )

    # -- "If this spell was cast from your hand, ..." (CR 601.2a, 608.2c)
    def cf_if_cast_from(self, token) -> Condition:
        words = str(token).split(" cast from ", 1)[1]
        if self.state.kind != "spell":  # only an instant's or sorcery's own effect
            raise Unread("cast from")
        other_than = words.startswith(_OTHER_THAN)
        zone = words.removeprefix(_OTHER_THAN)
        if zone not in _CAST_FROM or (other_than and zone != "your hand"):
            raise Unread(words)
        return CastFrom(zone, other_than)
