"""The Oracle effect reader's hidden-zone sentences (docs/effects.md): the transformer methods for
hands revealed or looked at and a card chosen from them, the top cards of a library looked
at, revealed or exiled and where they go, a card played from exile for a while, shuffling
and copying a spell (vocabulary in :mod:`mtgrules.cards.effects_library`), mixed into the
reader's transformer (:mod:`mtgrules.cards.oracle.effects`) as the second round's are. A
tree these methods can't hold whole raises
:class:`~mtgrules.cards.oracle.effects_parts.Unread`, and its sentence stays unread.
"""

from __future__ import annotations

import re
from typing import Any

from mtgrules.cards.effects import YOU, Amount, Instruction, Subject
from mtgrules.cards.effects_library import (
    CHOSEN_CARD,
    TOP_CARDS,
    CardKinds,
    ChooseCard,
    DiscardCard,
    GraveyardAway,
    MayPlay,
    PutTopCards,
    RevealHand,
    ShuffleLibrary,
    TopCards,
)
from mtgrules.cards.oracle.card_filters import read_counted_cards
from mtgrules.cards.oracle.effects_parts import (
    Unread,
    VerbPhrase,
    player_only,
    third_person,
    you_only,
)

# how long a permission to play lasts (CR 611.2a): the words, and MayPlay's ``until``
PERMISSION_UNTIL = {
    "this turn": "end_of_turn",
    "until end of turn": "end_of_turn",
    "until the end of your next turn": "end_of_your_next_turn",
}


class LibraryPhrases:
    """The third round's hidden-zone transformer methods (see the module's docstring)."""

    state: Any  # the reader's sentence state (oracle_effects._State)

    # -- a hand (CR 701.20a, 701.20e)
    def reveal_hand(self, verb, hand):
        third = third_person(verb)
        if str(hand).split()[0] != ("their" if third else "your"):
            raise Unread("whose hand")
        players = self.state.players
        return VerbPhrase(third, lambda a: player_only(a, players) and _revealed(self.state, a))

    def look_hand(self, verb, hand_of):
        whose = self._player_named(str(hand_of).removesuffix(" hand"))
        state = self.state

        def make(actor: Subject) -> Instruction:
            you_only(actor)
            state.revealed_hand = whose  # "choose a card from it" after it (701.20e)
            return RevealHand(whose, True)

        return VerbPhrase(third_person(verb), make)

    def choose_card(self, verb, card, among):
        return self._choose(verb, card, among, reveal=False)

    def reveal_among(self, verb, card, among):
        return self._choose(verb, card, among, reveal=True)

    def discard_card(self, verb, what):
        # only the card chosen from the hand of the player who discards it
        hand = self.state.revealed_hand
        if what != CHOSEN_CARD or hand is None:
            raise Unread("which card is discarded")

        def make(actor: Subject) -> Instruction:
            if actor != hand:
                raise Unread("a card from another player's hand")
            return DiscardCard(actor, what)

        return VerbPhrase(third_person(verb), make)

    # -- the top cards of a library (CR 701.20a, 701.20e, 701.13a)
    def top_cards(self, verb, *rest):
        how = {"look": "look", "reveal": "reveal", "exile": "exile"}[
            str(verb).lower().removesuffix("s")
        ]
        counts = [r for r in rest if isinstance(r, Amount)]
        noun = next(str(r) for r in rest if getattr(r, "type", "") == "CARD_NOUN")
        amount = counts[0] if counts else Amount(1)
        if (noun == "cards") == (amount == Amount(1)) and not amount.x:
            raise Unread("how many cards")
        library = next(str(r) for r in rest if getattr(r, "type", "") == "LIBRARY_OF")
        down = any(getattr(r, "type", "") == "FACE_DOWN" for r in rest)
        if down and how != "exile":
            raise Unread("face down")
        whose_words = library.removesuffix(" library")
        third = third_person(verb)
        if whose_words == "their" and not third:
            raise Unread("whose library")
        state = self.state
        whose = None if whose_words in ("your", "their") else self._player_named(whose_words)
        state.last_object = TOP_CARDS  # "them", "that card" in what follows

        def make(actor: Subject) -> Instruction:
            player_only(actor, state.players)
            if whose_words == "your" and actor != YOU:
                raise Unread("whose library")
            return TopCards(how, amount, whose or actor, actor, down)

        return VerbPhrase(third, make)

    def put_some(self, verb, amount, _of_them, dest, *rest):
        self._top_cards_named()
        others = [r for r in rest if isinstance(r, dict)]
        order = _order(rest)
        if order and not ({dest["zone"], *(o["zone"] for o in others)} & _LIBRARY):
            raise Unread("an order outside a library")
        put = PutTopCards(dest["zone"], amount, others[0]["zone"] if others else "", order)
        self.state.chosen = True  # "Put the rest ..." after it: the cards not put (608.2c)
        return VerbPhrase(third_person(verb), lambda a: you_only(a) and put)

    def put_among(self, verb, card, among, dest, *rest):
        # "put a creature card from among them onto the battlefield (and the rest ...)": a
        # choice of the cards the filter lets through, if any (608.2c)
        if str(among) not in ("among them", "among those cards"):
            raise Unread("from among what")
        self._top_cards_named()
        amount, spec = read_counted_cards(str(card))
        others = [r for r in rest if isinstance(r, dict)]
        order = _order(rest)
        if order and not ({o["zone"] for o in others} & _LIBRARY):
            raise Unread("an order outside a library")
        if dest.get("under", "you") != "you":
            raise Unread("under whose control")
        self.state.chosen = True
        self.state.last_object = CHOSEN_CARD
        put = PutTopCards(
            dest["zone"],
            amount,
            others[0]["zone"] if others else "",
            order,
            card=spec,
            tapped=dest.get("tapped", False),
        )
        return VerbPhrase(third_person(verb), lambda a: you_only(a) and put)

    def put_rest(self, verb, _rest, dest, *order):
        self._top_cards_named()
        how = _order(order)
        if how and dest["zone"] not in _LIBRARY:
            raise Unread("an order outside a library")
        # "put the rest": the cards not chosen; "the rest" after nothing was chosen is unread
        if not self.state.chosen:
            raise Unread("the rest of what")
        put = PutTopCards(dest["zone"], None, "", how, remaining=True)
        return VerbPhrase(third_person(verb), lambda a: you_only(a) and put)

    def put_back(self, verb, _them, order):
        if self.state.last_object != TOP_CARDS:
            raise Unread("put back what")
        put = PutTopCards("library_top", None, "", _order((order,)))
        return VerbPhrase(third_person(verb), lambda a: you_only(a) and put)

    # -- playing a card for a while (CR 611.2a)
    def may_play(self, verb, what, until):
        whole_target(self.state, what)
        return [_may_play(verb, what, str(until))]

    def may_play_prefix(self, until, verb, what):
        whole_target(self.state, what)
        return [_may_play(verb, what, str(until))]

    # -- CR 701.24a
    def shuffle_library(self, verb, *library):
        third = third_person(verb)
        if library and str(library[0]).split()[0] != ("their" if third else "your"):
            raise Unread("whose library")
        players = self.state.players
        return VerbPhrase(third, lambda a: player_only(a, players) and ShuffleLibrary(a))

    # -- CR 404.1, 701.13a, 701.24a
    def exile_graveyard(self, verb, whose):
        words = str(whose)
        if words == "all graveyards":
            owner = Subject("each_player")
        elif words == "each opponent's graveyard":
            owner = Subject("each_opponent")
        else:
            owner = self._player_named(words.removesuffix(" graveyard"))
        return VerbPhrase(
            third_person(verb), lambda a: you_only(a) and GraveyardAway(owner, "exile")
        )

    def shuffle_graveyard(self, verb, graveyard, library):
        third = third_person(verb)
        whose = "their" if third else "your"
        if str(graveyard).split()[0] != whose or str(library).split()[0] != whose:
            raise Unread("whose graveyard")
        players = self.state.players
        return VerbPhrase(third, lambda a: player_only(a, players) and GraveyardAway(a, "library"))

    # -- helpers
    def _choose(self, verb, card, among, reveal: bool):
        words = str(among)
        if words in ("among them", "among those cards"):
            self._top_cards_named()
            pool = TOP_CARDS
        else:
            pool = None  # the hand revealed or looked at: known once that clause is made
        count, spec = read_counted_cards(str(card))
        state = self.state
        state.last_object = CHOSEN_CARD
        state.chosen = True

        def make(actor: Subject) -> Instruction:
            you_only(actor)
            # the clauses of a sentence are made in order: "Target opponent reveals their
            # hand and you choose a nonland card from it" (608.2c)
            among = pool or state.revealed_hand
            if among is None:
                raise Unread("whose hand")
            return ChooseCard(among, spec, YOU, count, reveal)

        return VerbPhrase(third_person(verb), make)

    def _top_cards_named(self) -> None:
        if self.state.last_object not in (TOP_CARDS, CHOSEN_CARD):
            raise Unread("them")

    def _player_named(self, words: str) -> Subject:
        if words == "that player's":
            if self.state.last_player is None:
                raise Unread("that player")
            return self.state.last_player
        found = re.fullmatch(r"TGT(\d+)'s", words)
        if found is None or int(found.group(1)) not in self.state.players:
            raise Unread(words)
        subject = Subject("target", index=int(found.group(1)))
        self.state.last_player = subject
        return subject


_LIBRARY = {"library_top", "library_bottom"}


def _revealed(state: Any, who: Subject) -> Instruction:
    state.revealed_hand = who
    return RevealHand(who)


def whole_target(state: Any, what: Subject) -> None:
    """Unread when ``what`` is a target whose phrase the target reader read with words after
    it ("target card from your graveyard without paying its mana cost"): those words are in
    the target's spec (its ``rest``), not in the sentence the grammar reads, so a reading
    without them would leave them out (CR 608.2c)."""
    specs = getattr(state, "specs", ())
    if what.kind == "target" and what.index < len(specs) and specs[what.index].rest:
        raise Unread("words after the target phrase")


def _order(parts: Any) -> str:
    for part in parts:
        if getattr(part, "type", "") == "ORDER":
            return "random" if "random" in str(part) else "any"
    return ""


def _may_play(verb: Any, what: Subject, until: str) -> MayPlay:
    if what not in (TOP_CARDS, CHOSEN_CARD) and what.kind != "target":
        raise Unread("play what")
    if until.startswith("for as long as"):
        duration = "exiled"
    elif until in PERMISSION_UNTIL:
        duration = PERMISSION_UNTIL[until]
    else:
        raise Unread(until)
    return MayPlay(what, duration, cast=str(verb) == "cast")


def card_choice(words: str) -> tuple[Amount, CardKinds]:
    """ "a nonland card", "an instant or sorcery card", "two cards": how many, and what, as
    the groups of cards hold it (:class:`CardKinds`); read by the one filter reader
    (:func:`~mtgrules.cards.oracle.card_filters.read_counted_cards`), and unread when it
    says more than card types and qualities (a subtype, a color, a mana value)."""
    # the groups' reader joins a list of kinds with "or" alone ("artifact or enchantment or
    # planeswalker"): the list's own form ("artifact, enchantment, or planeswalker") here
    listed = words.split(" or ")
    if len(listed) > 2 and not any("," in part for part in listed):
        words = ", ".join(listed[:-1]) + ", or " + listed[-1]
    amount, spec = read_counted_cards(words)
    if spec.subtypes or spec.basic or spec.colors or spec.max_mana_value is not None:
        raise Unread(words)
    if spec.min_mana_value is not None or set(spec.supertypes) - {"Legendary"}:
        raise Unread(words)
    if spec.qualities or spec.named:  # CardKinds holds neither (oracle/card_filters.py)
        raise Unread(words)
    qualities = ("legendary",) * bool(spec.supertypes) + ("historic",) * spec.historic
    qualities += ("multicolored",) * spec.multicolored + ("colorless",) * spec.colorless
    if len(spec.types) == 1:  # one type: CardKinds holds it as the one of its any_types
        return amount, CardKinds((), spec.types, spec.not_types, qualities)
    return amount, CardKinds(spec.types, spec.any_types, spec.not_types, qualities)
