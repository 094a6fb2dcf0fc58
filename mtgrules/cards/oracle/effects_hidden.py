"""The Oracle effect reader's fourth-round hidden-zone sentences (docs/effects.md, "Hidden
zones, fourth round"): the transformer methods for a search of several of a player's zones
("search your library and/or graveyard for a card named ...") and the shuffles completing a
search ("If you search your library this way, shuffle.", "Then each player who searched
their library this way shuffles."), two cards found and put in two places, a search with no
shuffle of its own, cards exiled until one of a kind is, a card put from among the cards just
milled, "up to two", "any number of" and "a ... card and/or a ... card" from among the top
cards, all the revealed cards of a kind, "that many cards from the top", "on the bottom",
"the revealed cards", and a card from outside the game (vocabulary in
:mod:`mtgrules.cards.effects_library` and :mod:`mtgrules.cards.effects_actions`), mixed into
the reader's transformer (:mod:`mtgrules.cards.oracle.effects`) as the other rounds' are,
last: its ``mill``, ``put_among`` and ``top_cards`` override the verbs' and the third
round's on purpose, reading the same words the same way and noting what later sentences
name. A tree these methods can't hold whole raises
:class:`~mtgrules.cards.oracle.effects_parts.Unread`, and its sentence stays unread.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from mtgrules.cards.effects import YOU, Amount, Instruction, May
from mtgrules.cards.effects_actions import Search
from mtgrules.cards.effects_choices import TheyMay
from mtgrules.cards.effects_library import (
    CHOSEN_CARD,
    TOP_CARDS,
    FromOutside,
    PutMilled,
    PutTopCards,
    SearchZones,
)
from mtgrules.cards.oracle.card_filters import read_card_filter, read_counted_cards
from mtgrules.cards.oracle.effects_library import LibraryPhrases
from mtgrules.cards.oracle.effects_parts import (
    Amend,
    Unread,
    VerbPhrase,
    player_only,
    third_person,
    you_only,
)
from mtgrules.cards.oracle.effects_verbs import VerbPhrases


class HiddenPhrases:
    """The fourth round's hidden-zone transformer methods (see the module's docstring)."""

    state: Any  # the reader's sentence state (oracle_effects._State)
    # SearchPhrases' methods (oracle/effects_search.py), in the same transformer
    reveal_until: Any
    _search: Any  # also the one reading of a search's words

    # -- CR 701.23a, 701.23b: a search of the zones the player chooses among those named
    def lk_search_zones(self, verb, zones, count, card, *rest):
        third = third_person(verb)
        words = str(zones)
        whose = words.split()[0]
        names = tuple(re.findall(r"\b(?:library|graveyard|hand)\b", words))
        if len(set(names)) != len(names) or (third and whose != "their"):
            raise Unread("which zones")
        if str(count) not in ("a", "an"):
            raise Unread("how many cards")
        verbs = [r for r in rest if getattr(r, "type", "") in ("REVEAL", "PUT")]
        if any(third_person(v) != third for v in verbs):
            raise Unread("mixed verb forms")
        found = [str(r) for r in rest if getattr(r, "type", "") == "FOUND"]
        if any(f not in ("it", "that card") for f in found):
            raise Unread("what was found")
        dest = rest[-1]
        if dest["zone"] not in ("hand", "battlefield") or dest.get("tapped"):
            raise Unread("where the card goes")
        if dest.get("whose", whose) != whose:
            raise Unread("whose hand")
        spec = read_card_filter(str(card).strip(), False)
        reveal = any(getattr(r, "type", "") == "REVEAL" for r in rest)
        players = self.state.players

        def make(actor: Any) -> Instruction:
            player_only(actor, players)
            if whose != ("your" if actor == YOU else "their"):
                raise Unread("whose zones")
            return SearchZones(actor, names, spec, dest["zone"], reveal=reveal)

        return VerbPhrase(third, make)

    # -- CR 701.23a, 608.2c: two cards found, one put here and the other there
    def lk_search_split(self, verb, library, count, card, reveal, found, put, _one, dest, *rest):
        _other, other, shuffle = rest
        if str(count) != "up to two" or other["zone"] == dest["zone"] or other.get("tapped"):
            raise Unread("where the other card goes")
        whose = str(library).split()[0]
        if other.get("whose", whose) != whose:
            raise Unread("whose hand")
        read = self._search(verb, library, count, card, (reveal, found, put, shuffle), dest)
        return VerbPhrase(read.third, lambda actor: replace(read.make(actor), rest=other["zone"]))

    # -- CR 701.13a, 608.2c: cards exiled one at a time from the top of a library until one
    # of a kind is: read as the cards revealed until one of a kind is, but exiled
    def lk_exile_until(self, verb, cards, library, who, verb2, card):
        if third_person(verb2):  # "until you exile", "until they exile"
            raise Unread("verb form after 'until'")
        read = self.reveal_until(verb, cards, library, who, verb2, card)

        def make(actor: Any) -> Instruction:
            if actor.kind in ("each_player", "each_opponent"):  # "that card": one of several
                raise Unread("whose card")
            return replace(read.make(actor), exile=True)

        return VerbPhrase(read.third, make)

    # -- CR 701.17a, 608.2c: "Mill three cards. You may put a land card from among them into
    # your hand." The mill is VerbPhrases' (an override, on purpose): it notes, for the
    # sentence after it, that cards were milled and by whom
    def mill(self, verb, amount):
        read = VerbPhrases.mill(self, verb, amount)
        by: dict[str, Any] = {}
        self.state.milled = (self.state.sentences_read, by)

        def make(actor: Any) -> Instruction:
            step = read.make(actor)
            by["who"] = actor
            return step

        return VerbPhrase(read.third, make)

    def put_among(self, verb, card, among, dest, *rest):
        # "from among them" after a mill: the milled cards; else the top cards' (third round)
        if str(among) == "among them" and _milled(self.state) is not None:
            if rest:
                raise Unread("the rest of the milled cards")
            return self.lk_put_milled(verb, card, among, dest)
        return LibraryPhrases.put_among(self, verb, card, among, dest, *rest)

    # -- CR 608.2c: "up to two" / "any number of" cards of a kind from among the top cards,
    # read as the third round's "two creature cards from among them", then made "or fewer"
    def lk_put_among_up_to(self, verb, _up_to, card, among, dest, *rest):
        read = LibraryPhrases.put_among(self, verb, card, among, dest, *rest)
        return VerbPhrase(read.third, lambda actor: replace(read.make(actor), up_to=True))

    def lk_put_among_any(self, verb, _any, card, among, dest, *rest):
        # the count "two" stands in for "any number of" so that the one reader reads the
        # plural words of the filter ("artifact cards with mana value X or less")
        words = f"two {str(card).strip()}"
        read = LibraryPhrases.put_among(self, verb, words, among, dest, *rest)
        return VerbPhrase(
            read.third, lambda actor: replace(read.make(actor), amount=None, up_to=True)
        )

    # -- CR 401.4: "put the rest on the bottom in a random order": of the library the cards
    # came from, read only when that is your own (the top cards' library words are noted by
    # this override of the third round's top_cards, which reads them the same)
    def top_cards(self, verb, *rest):
        read = LibraryPhrases.top_cards(self, verb, *rest)
        library = next(str(r) for r in rest if getattr(r, "type", "") == "LIBRARY_OF")
        self.state.top_library = library
        self.state.top_revealed = str(verb).lower().startswith("reveal")
        return read

    def lk_top_from(self, verb, amount, _cards_from_top, library):
        # the same top cards as "the top N cards of": the noun is "cards" (plural) here
        return self.top_cards(verb, amount, _CardsNoun("cards"), library)

    # -- CR 701.20a, 608.2c: "put all land cards revealed this way into your hand (and the
    # rest ...)": every revealed card the filter lets through (none is chosen)
    def lk_put_all_revealed(self, verb, words, dest, *rest):
        state = self.state
        if state.last_object != TOP_CARDS or not getattr(state, "top_revealed", False):
            raise Unread("revealed which way")
        kinds = str(words).removeprefix("all ").removesuffix(" revealed this way")
        spec = read_card_filter(kinds, True) if kinds != "cards" else None
        others = [r for r in rest if isinstance(r, dict)]
        order = next((str(r) for r in rest if getattr(r, "type", "") == "ORDER"), "")
        if order and not (others and others[0]["zone"] in ("library_top", "library_bottom")):
            raise Unread("an order outside a library")
        if dest.get("under", "you") != "you":
            raise Unread("under whose control")
        state.chosen = True  # "the rest" after it: the cards the filter left
        put = PutTopCards(
            dest["zone"],
            None,
            others[0]["zone"] if others else "",
            ("random" if "random" in order else "any") if order else "",
            card=spec,
            tapped=dest.get("tapped", False),
        )
        return VerbPhrase(third_person(verb), lambda actor: you_only(actor) and put)

    def lk_bottom(self, _words):
        state = self.state
        if getattr(state, "top_library", None) != "your library":
            raise Unread("the bottom of which library")
        if state.last_object not in (TOP_CARDS, CHOSEN_CARD):
            raise Unread("the bottom of which library")
        return {"zone": "library_bottom"}

    # -- CR 401.4: "put one of those cards back on top of your library": where it was
    def lk_put_some_back(self, verb, amount, of_them, _back, dest, *order):
        return LibraryPhrases.put_some(self, verb, amount, of_them, dest, *order)

    # -- CR 701.20a, 608.2c: "up to two" / "any number of" cards revealed from among them
    # -- CR 608.2c: "a creature card and/or a land card": one card of each kind at most
    def lk_put_among_and_or(self, verb, words, among, dest, *rest):
        kinds = re.findall(r"\b(?:a|an) ((?:[\w-]+ )+?card)\b", str(words))
        filters = tuple(read_card_filter(kind, False) for kind in kinds)
        if len(filters) < 2 or len(set(filters)) != len(filters):
            raise Unread(str(words))
        read = LibraryPhrases.put_among(self, verb, f"a {kinds[0]}", among, dest, *rest)

        def make(actor: Any) -> Instruction:
            step = read.make(actor)
            return replace(step, amount=None, card=None, up_to=True, cards=filters)

        return VerbPhrase(read.third, make)

    def lk_reveal_up_to(self, verb, _up_to, card, among):
        return self._lk_reveal_some(verb, str(card), among, any_number=False)

    def lk_reveal_any(self, verb, _any, card, among):
        # "two" stands in for "any number of" so that the one reader reads the plural words
        return self._lk_reveal_some(verb, f"two {str(card).strip()}", among, any_number=True)

    def _lk_reveal_some(self, verb, words, among, any_number):
        if str(among) not in ("among them", "among those cards"):
            raise Unread("from among what")
        read = LibraryPhrases.reveal_among(self, verb, words, among)
        # "the revealed cards" after it, in this sentence or the next
        self.state.revealed_choice = self.state.sentences_read

        def make(actor: Any) -> Instruction:
            step = read.make(actor)
            return replace(step, up_to=True, amount=None if any_number else step.amount)

        return VerbPhrase(read.third, make)

    def lk_revealed_cards(self, _words):
        # the cards just revealed from among the top cards, none other (608.2c)
        state = self.state
        at = getattr(state, "revealed_choice", None)
        if state.last_object != CHOSEN_CARD or at is None or state.sentences_read - at > 1:
            raise Unread("the revealed cards")
        return CHOSEN_CARD

    def lk_put_milled(self, verb, card, _among, dest):
        by = _milled(self.state)
        if by is None:
            raise Unread("milled by what")
        if dest["zone"] not in ("hand", "battlefield") or dest.get("under", "you") != "you":
            raise Unread("where the milled card goes")
        amount, spec = read_counted_cards(str(card))
        put = PutMilled(spec, dest["zone"], amount, dest.get("tapped", False))

        def make(actor: Any) -> Instruction:
            you_only(actor)
            if by.get("who") != YOU:  # only a card of your own graveyard into your hand
                raise Unread("whose milled cards")
            return put

        return VerbPhrase(third_person(verb), make)

    # -- CR 400.11, 400.11b: a card you own from outside the game, into your hand
    def lk_wish(self, verb, card, _outside, put, it, _hand):
        if str(it) != "it" or third_person(put) != third_person(verb):
            raise Unread("what is put into your hand")
        return self._lk_from_outside(verb, card, reveal=True)

    def lk_wish_put(self, verb, card, _outside, _hand):
        return self._lk_from_outside(verb, card, reveal=False)

    def _lk_from_outside(self, verb, card, reveal):
        amount, spec = read_counted_cards(str(card))
        if amount != Amount(1):
            raise Unread(str(card))
        wish = FromOutside(spec, reveal)
        return VerbPhrase(third_person(verb), lambda actor: you_only(actor) and wish)

    # -- CR 701.23a: a search "and put it onto the battlefield." with no shuffle after it
    def lk_search_no_shuffle(self, verb, library, count, card, put, found, dest):
        read = self._search(verb, library, count, card, (put, found), dest)
        return VerbPhrase(read.third, lambda actor: replace(read.make(actor), shuffle=False))

    # -- CR 701.24a: "Then each player who searched their library this way shuffles."
    def lk_each_searched_shuffles(self, _words):
        return Amend(_each_searcher_shuffles)

    # -- CR 701.24a: "If you search your library this way, shuffle." after such a search
    def lk_searched_shuffle(self, *_tokens):
        return Amend(_shuffle_after)


def _shuffle_after(step: Instruction) -> Instruction:
    """The search before, by you, of zones with your library among them, now followed by
    the shuffle (inside "you may" when it was optional, 608.2d); anything else: unread."""
    if isinstance(step, May) and len(step.then.steps) == 1:
        return replace(step, then=replace(step.then, steps=(_shuffle_after(step.then.steps[0]),)))
    if (
        not isinstance(step, SearchZones)
        or step.who != YOU
        or "library" not in step.zones
        or step.shuffle
    ):
        raise Unread("shuffle after what")
    return replace(step, shuffle=True)


def _each_searcher_shuffles(step: Instruction) -> Instruction:
    """The players' optional searches before, each then shuffling their library if they
    searched it: "Each opponent may search their library for a creature card and put it onto
    the battlefield." (608.2d, 701.24a); anything else: unread."""
    if not isinstance(step, TheyMay) or len(step.then.steps) != 1:
        raise Unread("shuffles after what")
    search = step.then.steps[0]
    if not isinstance(search, Search) or search.shuffle or search.who != step.who:
        raise Unread("shuffles after what")
    if step.who.kind not in ("each_player", "each_opponent"):
        raise Unread("which players searched")
    done = replace(search, shuffle=True)
    return replace(step, then=replace(step.then, steps=(done,)))


class _CardsNoun(str):
    """The word "cards" as the grammar's CARD_NOUN token would be (its type and words)."""

    type = "CARD_NOUN"


def _milled(state: Any) -> dict[str, Any] | None:
    """Who milled (filled in as that sentence's instructions are made), when a mill was read
    in this sentence or the one just before it, and no object was named since; else None."""
    milled = getattr(state, "milled", None)
    if milled is None or state.sentences_read - milled[0] not in (0, 1):
        return None
    if state.last_object is not None:
        return None
    return milled[1]
