"""More of the Oracle effect reader's library searches (docs/effects.md, "More library
searches"): the transformer methods for the search shapes
:mod:`~mtgrules.cards.oracle.effects_search` leaves to others, mixed into the reader's
transformer (:mod:`mtgrules.cards.oracle.effects`) as the other subjects' are:

- "..., then shuffle and put those cards on top in any order": two or more cards put on
  top of the library after the shuffle, in the order their owner chooses (CR 401.4);
- "..., then shuffle your library": the shuffle said with the library it shuffles;
- "search your library for up to X ... cards, where X is <a count>, put them ...": the
  text defining X (CR 107.3c), in the middle of the search's sentence.

"Any number of" cards and more number words are read by
:meth:`~mtgrules.cards.oracle.effects_search.SearchPhrases._search` (the count terminal
is this module's grammar section). What is found is :class:`~mtgrules.cards.effects_actions.Search`'s
cards in every shape: the pronouns "it", "them", "that card", "those cards" after the
search are the cards found, checked against the count (one card or more). A tree these
methods can't hold whole raises :class:`~mtgrules.cards.oracle.effects_parts.Unread`.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from mtgrules import lazyre
from mtgrules.cards.effects import Amount, Instruction
from mtgrules.cards.effects_actions import CardFilter, Search
from mtgrules.cards.oracle.card_filters import read_card_filter
from mtgrules.cards.oracle.effects_parts import Unread, VerbPhrase

# whose count X may be: the controller's, the source's, a cost's sacrificed object's
# (CR 107.3c); a pronoun's ("its power") could be a card the search finds: left unread
_X_OF = ("you", "self", "sacrificed")
# the effects whose words can say "the sacrificed creature" of their cost (CR 601.2h, 602.2b)
_COST_SACRIFICES = ("spell", "activated")
_COMPARE = {"equal to": "=", "less than or equal to": "<=", "less than": "<"}
# where one kind ends and the next begins: "card or a", "card, a", "card, or an"
_EITHER_SPLIT = lazyre.compile(r"(?<=\bcard)(?:,? or|,) (?:an? )?")


class LibrarySearches:
    """More library searches' transformer methods (see the module's docstring)."""

    state: Any  # the reader's sentence state (oracle_effects._State)
    _search: Any  # oracle/effects_search.py's SearchPhrases._search

    # -- CR 701.23a, 701.24a, 401.4: "then shuffle and put those cards on top in any order"
    def hs_search_top_any_order(self, verb, library, count, card, *rest):
        dest = {"zone": "library_top", "any_order": True}
        return self._search(verb, library, count, card, rest[:-1], dest)

    # -- CR 701.24a: "..., then shuffle your library": the library searched, no other
    def hs_search_shuffle_library(self, verb, library, count, card, *rest):
        if str(rest[-1]).split()[0] != str(library).split()[0]:
            raise Unread("which library is shuffled")
        return self._search(verb, library, count, card, rest[:-1], rest[-3])

    # -- CR 107.3c: "for up to X basic land cards, where X is <a count>, put them ..."
    def hs_search_where_x(self, verb, library, count, card, amount, *rest):
        if str(count) not in ("X", "up to X"):
            raise Unread("where X is, with no X counted")
        if not isinstance(amount, Amount) or amount.x:
            raise Unread("what X is")
        if amount.of is not None and amount.of.kind not in _X_OF:
            raise Unread("whose count X is")
        read = self._search(verb, library, count, card, rest, rest[-2])

        def make(actor: Any) -> Instruction:
            step = read.make(actor)
            # the X of the count only: an X in the card's words ("mana value X or less")
            # would be the same X, which the filter holds as words (left unread)
            if not isinstance(step, Search) or not step.amount.x or "X" in step.card.render():
                raise Unread("where X is")
            return replace(step, amount=amount)

        return VerbPhrase(read.third, make)

    # -- CR 701.23a: a search whose card's words hs_card_mv or hs_card_either read
    def hs_search_card(self, verb, library, count, spec, *rest):
        if str(count) not in ("a", "an"):  # the words read are one card's
            raise Unread("how many cards")
        return self._search(verb, library, count, "", rest, rest[-2], spec=spec)

    def hs_search_card_exile(self, verb, library, count, spec, *rest):
        # CR 701.13a: "exile it, then shuffle"
        if str(count) not in ("a", "an"):
            raise Unread("how many cards")
        return self._search(verb, library, count, "", rest, {"zone": "exile"}, spec=spec)

    # -- CR 202.3, 107.3c: "a creature card with mana value equal to <a count>"
    def hs_card_mv(self, words, amount) -> CardFilter:
        kinds, _, compare = str(words).partition(" with mana value ")
        if not isinstance(amount, Amount) or amount.x:
            raise Unread("what the mana value is compared with")
        of = amount.of.kind if amount.of is not None else "you"
        # "the sacrificed creature's": its cost's (608.2h), so only a spell's or an
        # activated ability's, and only before any sentence that could sacrifice another
        state = self.state
        if of == "sacrificed" and (state.kind not in _COST_SACRIFICES or state.sentences_read):
            raise Unread("which sacrificed object")
        if of not in _X_OF:
            raise Unread("whose count the mana value is compared with")
        spec = read_card_filter(kinds, False)
        if spec.max_mana_value is not None or spec.min_mana_value is not None:
            raise Unread("two mana values")
        return replace(spec, mv_amount=amount, mv_compare=_COMPARE[compare])

    # -- CR 701.23a: "a basic land card or a Desert card", "an instant card or a card with
    # flash", "a snow permanent card, a legendary card, or a Saga card": one of the kinds
    def hs_card_either(self, words) -> CardFilter:
        text = str(words)
        parts = _EITHER_SPLIT.split(text)
        found = _EITHER_SPLIT.findall(text)
        ors = ["or" in j.split() for j in found]
        # "A or B", "A, B, or C": commas between three or more, "or" before the last only
        if not ors or not ors[-1] or any(ors[:-1]):
            raise Unread("a list of kinds")
        if len(parts) > 2 and not all(j.startswith(",") for j in found):  # "A or B or C"
            raise Unread("a list of kinds")
        return CardFilter(either=tuple(read_card_filter(p, False) for p in parts))
