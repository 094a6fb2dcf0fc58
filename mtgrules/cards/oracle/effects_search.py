"""The Oracle effect reader's library searches (docs/effects.md): the transformer methods for
"search your library for a card, (reveal it,) put it into your hand / onto the
battlefield (tapped) / into your graveyard, then shuffle", "..., exile it, then shuffle"
and "..., then shuffle and put that card on top" (vocabulary:
:class:`~mtgrules.cards.effects_actions.Search`), and "reveal cards from the top of your
library until you reveal a creature card" with where that card and the rest go
(:class:`~mtgrules.cards.effects_library.RevealUntil`), mixed into the reader's transformer
(:mod:`mtgrules.cards.oracle.effects`) as the other subjects' are. The card looked for is
read by :func:`~mtgrules.cards.oracle.card_filters.read_card_filter`. A tree these
methods can't hold whole raises :class:`~mtgrules.cards.oracle.effects_parts.Unread`,
and its sentence stays unread.
"""

from __future__ import annotations

from typing import Any

from mtgrules.cards.effects import YOU, Amount, Instruction, Move
from mtgrules.cards.effects_actions import Search
from mtgrules.cards.effects_library import CHOSEN_CARD, PutTopCards, RevealUntil
from mtgrules.cards.oracle.card_filters import read_card_filter, read_counted_cards
from mtgrules.cards.oracle.effects_parts import (
    Unread,
    VerbPhrase,
    amount_word,
    player_only,
    third_person,
    you_only,
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

    # -- CR 701.20a, 608.2c: cards revealed one by one until one of a kind is
    def reveal_until(self, verb, _cards, library, who, _verb, card):
        third = third_person(verb)
        if (str(library).split()[0], str(who)) != (("their", "they") if third else ("your", "you")):
            raise Unread("whose library")
        amount, spec = read_counted_cards(str(card))
        if amount != Amount(1):
            raise Unread(str(card))
        state = self.state
        state.last_object, state.chosen = CHOSEN_CARD, not third  # "the rest": see below
        # "that card" and "the rest" after it (put_that_card): only from the player's own
        # library, where "your hand", "your library" are the revealed cards' owner's (400.3)
        state.revealed_until = not third
        players = state.players

        def make(actor: Any) -> Instruction:
            player_only(actor, players)
            if not third and actor != YOU:
                raise Unread("whose library")
            return RevealUntil(actor, spec)

        return VerbPhrase(third, make)

    def put_that_card(self, verb, that, dest, _rest, rest_dest, *order):
        # "put that card into your hand and the rest on the bottom of your library in a
        # random order": the card found, then every other card revealed (608.2c, 401.4)
        state = self.state
        if str(that) != "that card" or state.last_object != CHOSEN_CARD:
            raise Unread("that card")
        if not getattr(state, "revealed_until", False):
            raise Unread("the rest of what")
        how = next((str(o) for o in order), "")
        if how and rest_dest["zone"] not in ("library_top", "library_bottom"):
            raise Unread("an order outside a library")
        how = "random" if "random" in how else ("any" if how else "")
        rest = PutTopCards(rest_dest["zone"], None, "", how, remaining=True)
        move = Move(CHOSEN_CARD, **dest)
        return VerbPhrase(third_person(verb), lambda a: you_only(a) and (move, rest))

    def _search(self, verb, library, count, card, rest, dest, spec=None) -> VerbPhrase:
        # ``spec``: the card's filter when the caller read it (oracle/library_searches.py)
        third = third_person(verb)
        verbs = [r for r in rest if getattr(r, "type", "") in _VERBS]
        if any(third_person(v) != third for v in verbs):
            raise Unread("mixed verb forms")
        whose = str(library).split()[0]
        if dest.get("whose", whose) != whose or (third and whose != "their"):
            raise Unread("whose library, hand or graveyard")
        words = str(count)
        # "any number of" (oracle/library_searches.py): as many as the player finds (701.23b)
        any_number = words == "any number of"
        up_to = words.startswith("up to") or any_number
        if any_number:
            amount = Amount(1)  # unused: Search.any_number
        elif up_to or words not in _COUNT:
            amount = amount_word(words.split()[-1])
        else:
            amount = Amount(1)
        plural = any_number or amount != Amount(1)
        found = [str(r) for r in rest if getattr(r, "type", "") == "FOUND"]
        if any((f in ("them", "those cards")) != plural for f in found):
            raise Unread("what was found")
        # two or more cards put on top: in the order their owner chooses (CR 401.4), read
        # only where the words say so ("... on top in any order", oracle/library_searches.py)
        if plural and dest["zone"] == "library_top" and not dest.get("any_order"):
            raise Unread("the order of the cards put on top")
        if spec is None:
            spec = read_card_filter(str(card).strip(), plural)
        reveal = any(getattr(r, "type", "") == "REVEAL" for r in rest)
        players = self.state.players

        def make(actor: Any) -> Instruction:
            player_only(actor, players)
            # the base form after "you" or after another player's "may" ("Its controller
            # may search their library", CR 608.2d): the library is the actor's own
            if whose != ("your" if actor == YOU else "their"):
                raise Unread("whose library, hand or graveyard")
            return Search(
                actor,
                spec,
                dest["zone"],
                amount=amount,
                up_to=up_to,
                tapped=dest.get("tapped", False),
                reveal=reveal,
                any_number=any_number,
            )

        return VerbPhrase(third, make)
