"""The effect reader's amounts of one object a sentence names (docs/effects.md, "Amounts: how
much, how many"): "the power of target creature", "the mana value of the sacrificed
permanent", "draw cards equal to the toughness of this creature" (CR 208.3, 202.3; of an
object that left its zone, as it last existed, 608.2h), and "that card's mana value" said of
the card the sentences before revealed or chose (608.2c), not only of a trigger event's card.

The object is the one the same words name with a possessive ("target creature's power"), read
by the same methods (``power_of``, ``toughness_of``, ``mana_value_of``), so "its" and the
target mean here what they mean there.
"""

from __future__ import annotations

from typing import Any

from mtgrules.cards.effects import Amount
from mtgrules.cards.oracle.amount_counts import AmountCounts
from mtgrules.cards.oracle.effects_parts import Unread

# "that card" is the card named before only when the sentence before named one card that way
_CARD_KINDS = ("top_cards", "chosen_card")


class ReferentAmounts:
    """The transformer methods of amounts of one named object (see the module's
    docstring)."""

    state: Any  # the reader's sentence state (oracle/effects._State)

    # -- CR 208.3, 202.3: "the power of TGT0", "the mana value of the sacrificed permanent"
    def tc_trait_of(self, trait, whose):
        words = str(whose)
        if words.startswith("the sacrificed") and self.state.kind not in ("spell", "activated"):
            # the object sacrificed to pay a cost: a triggered ability has none, so its
            # "sacrificed permanent" is one its own effect sacrificed, which this isn't
            raise Unread("which sacrificed permanent")
        possessive = "SELF's" if words == "SELF" else f"{words}'s"
        kind = str(trait).split()[1]
        if kind == "power":
            return self.power_of(possessive)  # type: ignore[attr-defined]
        if kind == "toughness":
            return self.toughness_of(possessive)  # type: ignore[attr-defined]
        return self.mana_value_of(possessive)  # type: ignore[attr-defined]

    # -- CR 608.2c: "Reveal the top card of your library. You gain life equal to that card's
    # mana value.": the card the sentence before named, else (as before) the event's card
    def amt_of_event(self, token, trait):
        try:
            return AmountCounts.amt_of_event(self, token, trait)
        except Unread:
            last = self.state.last_object
            noun = str(token).split()[1].removesuffix("'s")
            if noun != "card" or last is None or last.kind not in _CARD_KINDS:
                raise
            count = {"power": "power_of", "toughness": "toughness_of"}.get(str(trait), "mana_value")
            return Amount(count=count, of=last)
