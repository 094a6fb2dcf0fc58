"""More of the Oracle effect reader's library searches (docs/effects.md, "More library
searches"): the transformer methods for the search shapes
:mod:`~mtgrules.cards.oracle.effects_search` leaves to others, mixed into the reader's
transformer (:mod:`mtgrules.cards.oracle.effects`) as the other subjects' are:

- cards put on top after the shuffle "in any order" (CR 401.4), or "the card" found;
- "..., then shuffle your library": the shuffle said with the library it shuffles;
- X defined in the search's sentence, "where X is <a count>" (CR 107.3c): the count of
  cards, or a mana value's bound in the card's words;
- a card's mana value compared with a count (CR 202.3), a card of one of several kinds,
  one card of each of several kinds (CR 701.23h);
- another player's library searched for X cards, X defined in the sentence;
- a search and where its cards go said in two sentences, read as one
  (:func:`join_search_sentences`, called as the reader cuts an effect into sentences).

"Any number of" cards and more number words are read by
:meth:`~mtgrules.cards.oracle.effects_search.SearchPhrases._search` (the count terminal
is this module's grammar section). What is found is
:class:`~mtgrules.cards.effects_actions.Search`'s cards in every shape: the pronouns "it",
"them", "that card", "those cards" after the search are the cards found, checked against
the count (one card or more). A tree these methods can't hold whole raises
:class:`~mtgrules.cards.oracle.effects_parts.Unread`.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from mtgrules import lazyre
from mtgrules.cards.effects import Amount, Instruction
from mtgrules.cards.effects_actions import CardFilter, Search
from mtgrules.cards.effects_players import SearchLibraryOf
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
# "and/or": the same search, each card's kind a stated quality the searcher may leave
# unfound anyway (701.23b)
_EACH_SPLIT = lazyre.compile(r"(?<=\bcard)(?:,? and(?:/or)?|,) an? ")
# a search whose sentence ends with what it looks for ("Search your library for <cards>."),
# and the next sentence saying only where the cards go ("Put those cards <somewhere>, then
# shuffle.")
_SEARCH_ALONE = lazyre.compile(
    r"^(?:You may s|S)earch your library for "
    r"(?![^.]*\b(?:put|reveal|exile|shuffle|then|if|instead|and put|named)\b)[^.]*\.$"
)
_WHERE_THEY_GO = lazyre.compile(
    r"^(?:Reveal (?:those cards|them|that card|it), p|P)ut (?:those cards|them|that card|it) "
    r"(?:onto the battlefield(?: tapped)?|into your hand|into your graveyard), then shuffle\.$"
)


def join_search_sentences(sentences: list[str], original: bool = False) -> list[str]:
    """``sentences`` with each search that ends its sentence joined to the next when that
    one only says where the found cards go ("Put those cards onto the battlefield, then
    shuffle."): the same instructions in the same order, read as one sentence (608.2c), so
    its pronouns are the found cards as they are in the one-sentence form. ``original``:
    the two joined as written (the words shown when they stay unread)."""
    out: list[str] = []
    for sentence in sentences:
        if out and _SEARCH_ALONE.match(out[-1]) and _WHERE_THEY_GO.match(sentence):
            joined = f"{out[-1][:-1]}, {sentence[0].lower()}{sentence[1:]}"
            out[-1] = f"{out[-1]} {sentence}" if original else joined
        else:
            out.append(sentence)
    return out


class LibrarySearches:
    """More library searches' transformer methods (see the module's docstring)."""

    state: Any  # the reader's sentence state (oracle_effects._State)
    _search: Any  # oracle/effects_search.py's SearchPhrases._search
    pl_search_library_of: Any  # oracle/player_phrases.py's

    # -- CR 701.23a, 701.24a, 401.4: "then shuffle and put those cards on top in any order"
    def hs_search_top_any_order(self, verb, library, count, card, *rest):
        dest = {"zone": "library_top", "any_order": True}
        return self._search(verb, library, count, card, rest[:-1], dest)

    # -- CR 701.24a, 401.4: "..., then shuffle and put the card on top": the one found
    def hs_search_top_the_card(self, verb, library, count, card, *rest):
        if str(count) not in ("a", "an"):
            raise Unread("which card")
        return self._search(verb, library, count, card, rest[:-1], {"zone": "library_top"})

    # -- CR 701.24a: "..., then shuffle your library": the library searched, no other
    def hs_search_shuffle_library(self, verb, library, count, card, *rest):
        if str(rest[-1]).split()[0] != str(library).split()[0]:
            raise Unread("which library is shuffled")
        return self._search(verb, library, count, card, rest[:-1], rest[-3])

    # -- CR 107.3c: "for up to X basic land cards, where X is <a count>, put them ...";
    # "for a creature card with mana value X or less, where X is <a count>, put it ..."
    def hs_search_where_x(self, verb, library, count, card, amount, *rest):
        if not isinstance(amount, Amount) or amount.x:
            raise Unread("what X is")
        self._hs_count_owner(amount)
        read = self._search(verb, library, count, card, rest, rest[-2])
        in_count = str(count) in ("X", "up to X")

        def make(actor: Any) -> Instruction:
            step = read.make(actor)
            if not isinstance(step, Search) or step.amount.x != in_count:
                raise Unread("where X is")
            if in_count:  # the count's X: then none in the card's words
                if "X" in step.card.render():
                    raise Unread("where X is")
                return replace(step, amount=amount)
            # the card's one X, a mana value's bound: compared with the count (202.3)
            xs = [q for q in step.card.qualities if "X" in q]
            compare = xs[0].removeprefix("mana value") if len(xs) == 1 else ""
            if compare not in ("<=X", "=X") or "X" in replace(step.card, qualities=()).render():
                raise Unread("where X is")
            qualities = tuple(q for q in step.card.qualities if q != xs[0])
            card = replace(
                step.card, qualities=qualities, mv_amount=amount, mv_compare=compare[:-1]
            )
            return replace(step, card=card)

        return VerbPhrase(read.third, make)

    # -- CR 107.3c: "search target player's library for up to X cards, where X is <a
    # count>, and exile them": the other player's library (player_phrases.py's reading)
    def hs_pl_search_where_x(self, verb, library, count, card, amount, dest):
        if str(count) not in ("X", "up to X") or not isinstance(amount, Amount) or amount.x:
            raise Unread("where X is")
        self._hs_count_owner(amount)
        read = self.pl_search_library_of(verb, library, count, card, dest)

        def make(actor: Any) -> Instruction:
            step = read.make(actor)
            if not isinstance(step, SearchLibraryOf) or "X" in step.card.render():
                raise Unread("where X is")
            return replace(step, amount=amount)

        return VerbPhrase(read.third, make)

    def _hs_count_owner(self, amount: Amount) -> None:
        """Unread unless ``amount`` counts what no found card can be: the controller's, the
        source's, or the object a spell's or an activated ability's cost sacrificed, in its
        first sentence (608.2h: no sentence before could have sacrificed another)."""
        of = amount.of.kind if amount.of is not None else "you"
        state = self.state
        if of == "sacrificed" and (state.kind not in _COST_SACRIFICES or state.sentences_read):
            raise Unread("which sacrificed object")
        if of not in _X_OF:
            raise Unread("whose count")

    # -- CR 701.23a, 701.23h: "for a <kind> card and a <kind> card": one card of each
    def hs_search_each(self, verb, library, count, words, *rest):
        if str(count) not in ("a", "an"):
            raise Unread("how many cards")
        text = str(words)
        found = _EACH_SPLIT.findall(text)
        ands = [bool({"and", "and/or"} & set(j.split())) for j in found]
        # "A and B", "A, B, and C": commas between three or more, "and" before the last
        if (
            not ands[-1]
            or any(ands[:-1])
            or (len(found) > 1 and not all(j.startswith(",") for j in found))
        ):
            raise Unread("a list of kinds")
        cards = tuple(read_card_filter(p, False) for p in _EACH_SPLIT.split(text))
        n = ("two", "three", "four", "five")[len(cards) - 2] if len(cards) <= 5 else ""
        if not n:
            raise Unread("how many cards")
        # the count of cards found (plural: "them", "those cards"), one of each kind
        read = self._search(verb, library, n, "", rest, rest[-2], spec=CardFilter())
        return VerbPhrase(read.third, lambda actor: replace(read.make(actor), cards=cards))

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
        # "the sacrificed creature's": its cost's (608.2h), so only a spell's or an
        # activated ability's, and only before any sentence that could sacrifice another
        self._hs_count_owner(amount)
        spec = read_card_filter(kinds, False)
        if spec.max_mana_value is not None or spec.min_mana_value is not None:
            raise Unread("two mana values")
        return replace(spec, mv_amount=amount, mv_compare=_COMPARE[compare])

    # -- CR 701.23a: "a <kind> card or a <kind> card", "a <kind> card or a card with
    # <keyword>", "A, B, or C": one of the kinds
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
