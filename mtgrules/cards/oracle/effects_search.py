"""The Oracle effect reader's library searches (docs/effects.md): the transformer methods for
"search your library for a card, (reveal it,) put it into your hand / onto the
battlefield (tapped) / into your graveyard, then shuffle", "..., exile it, then shuffle"
and "..., then shuffle and put that card on top" (vocabulary:
:class:`~mtgrules.cards.effects_actions.Search`), mixed into the reader's transformer
(:mod:`mtgrules.cards.oracle.effects`) as the other subjects' are. The card looked for is
read by :func:`~mtgrules.cards.oracle.card_filters.read_card_filter`. A tree these
methods can't hold whole raises :class:`~mtgrules.cards.oracle.effects_parts.Unread`,
and its sentence stays unread.
"""

from __future__ import annotations

from typing import Any

from mtgrules.cards.effects import Amount, Instruction
from mtgrules.cards.effects_actions import Search
from mtgrules.cards.oracle.card_filters import read_card_filter
from mtgrules.cards.oracle.effects_parts import (
    Unread,
    VerbPhrase,
    amount_word,
    player_only,
    third_person,
)

_COUNT = {"a": 1, "an": 1}
_VERBS = ("REVEAL", "PUT", "SHUFFLE", "EXILE")


class SearchPhrases:
    """The library searches' transformer methods (see the module's docstring)."""

    state: Any  # the reader's sentence state (oracle_effects._State)

    # -- CR 701.23a, 701.24a: what is found, where it goes, then a shuffle
    def search(self, verb, library, count, card, *rest):
        return self._search(verb, library, count, card, rest, rest[-2])

    def search_exile(self, verb, library, count, card, *rest):
        # CR 701.13a: "exile it, then shuffle"
        return self._search(verb, library, count, card, rest, {"zone": "exile"})

    def search_top(self, verb, library, count, card, *rest):
        # CR 701.24a, 401.4: "then shuffle and put that card on top": the shuffle first
        return self._search(verb, library, count, card, rest, {"zone": "library_top"})

    def found_to_hand(self, hand):
        return {"zone": "hand", "whose": str(hand).split()[0]}

    def found_to_battlefield(self, _bf, *tapped):
        return {"zone": "battlefield", "tapped": bool(tapped)}

    def found_to_graveyard(self, graveyard):
        return {"zone": "graveyard", "whose": str(graveyard).split()[0]}

    def _search(self, verb, library, count, card, rest, dest) -> VerbPhrase:
        third = third_person(verb)
        verbs = [r for r in rest if getattr(r, "type", "") in _VERBS]
        if any(third_person(v) != third for v in verbs):
            raise Unread("mixed verb forms")
        whose = str(library).split()[0]
        if whose != ("their" if third else "your") or dest.get("whose", whose) != whose:
            raise Unread("whose library, hand or graveyard")
        words = str(count)
        up_to = words.startswith("up to")
        amount = amount_word(words.split()[-1]) if up_to or words not in _COUNT else Amount(1)
        plural = amount != Amount(1)
        found = [str(r) for r in rest if getattr(r, "type", "") == "FOUND"]
        if any((f in ("them", "those cards")) != plural for f in found):
            raise Unread("what was found")
        if plural and dest["zone"] == "library_top":  # in which order: not said
            raise Unread("the order of the cards put on top")
        spec = read_card_filter(str(card).strip(), plural)
        reveal = any(getattr(r, "type", "") == "REVEAL" for r in rest)
        players = self.state.players

        def make(actor: Any) -> Instruction:
            player_only(actor, players)
            return Search(
                actor,
                spec,
                dest["zone"],
                amount=amount,
                up_to=up_to,
                tapped=dest.get("tapped", False),
                reveal=reveal,
            )

        return VerbPhrase(third, make)
