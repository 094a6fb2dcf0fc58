"""The Oracle effect reader's cards chosen from a hand, or from among the cards an effect just
looked at or revealed (docs/effects.md, "Cards chosen from a hand or from among the top
cards"):

- more than one card of a kind put from your hand onto the battlefield ("any number of",
  "up to two"; CR 305.4, 107.1c, 110.2a), a card from your hand or graveyard, and a
  multicolored or historic card from your hand (105.2, 700.6); "that creature" after one
  card put: that card (608.2c);
- cards of kinds joined by "and/or" chosen from among the top cards (each card of one of
  the kinds; 608.2c), "up to two of them", a creature card from among them put onto the
  battlefield tapped and attacking (508.4), "the rest of the cards", and "the rest" after
  spells cast from among them (601.2a);
- the one top card looked at, revealed and put into your hand (701.20a-b), or put into a
  target player's graveyard or library when it is that player's (400.3), a card of a kind
  revealed from your hand (701.20a), and "If you don't put the card onto the battlefield,
  ..." after a conditional "you may put it" (608.2c-d);
- two or more cards from your hand put on top of your library in any order (401.4).

Transformer methods mixed into the reader's transformer
(:mod:`mtgrules.cards.oracle.effects`); most hand the words on to the readers of the same
shapes with one card (``put_from_hand``, ``put_among``, ``put_some``, ``put_rest``,
``lk_put_among_*``, ``lk_reveal_*``) and change only what the longer words add. A tree they
can't hold whole raises :class:`~mtgrules.cards.oracle.effects_parts.Unread`, and its
sentence stays unread.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from mtgrules.cards.effects import YOU, Amount, Instruction, May, Move, Script, Subject
from mtgrules.cards.effects_actions import PutFromHand
from mtgrules.cards.effects_choices import IfYouDont
from mtgrules.cards.effects_conditions import If
from mtgrules.cards.effects_library import (
    CHOSEN_CARD,
    TOP_CARDS,
    ChooseCard,
    PutTopCards,
    RevealCard,
)
from mtgrules.cards.effects_players import PutHandOnLibrary
from mtgrules.cards.oracle.card_filters import read_card_filter, read_counted_cards
from mtgrules.cards.oracle.effects_casting import CastingPhrases
from mtgrules.cards.oracle.effects_hidden import HiddenPhrases
from mtgrules.cards.oracle.effects_more import SecondRound
from mtgrules.cards.oracle.effects_parts import (
    Amend,
    Unread,
    VerbPhrase,
    amount_word,
    third_person,
    you_only,
)

# "any number of creature cards", "up to two land cards": the count, then the kind's words
_MANY = re.compile(r"(?:(?P<any>any number of)|up to (?P<most>[a-z]+)) (?P<words>.+)")


def _many(token: Any) -> tuple[Amount | None, str]:
    """How many cards the words say (None: any number, CR 107.1c) and the words of their
    kind, "and/or" read as "or": each card chosen is of one of the kinds (a card of two of
    them too), which is what an "or" filter lets through."""
    found = _MANY.fullmatch(str(token).strip())
    if found is None:
        raise Unread(str(token))
    words = found.group("words").replace(" and/or ", " or ")
    if found.group("any"):
        return None, words
    amount = amount_word(found.group("most"))
    if amount.x:  # "up to X": X is whatever the effect says it is, not read here
        raise Unread(str(token))
    return amount, words


class HandSelections:
    """The transformer methods of this subject (see the module's docstring)."""

    state: Any  # the reader's sentence state (oracle/effects._State)

    # -- CR 305.4, 110.2a, 107.1c
    def hs_put_many_from_hand(self, verb, words, _bf, *tapped):
        """ "Put any number of creature cards (up to two land cards) from your hand onto the
        battlefield (tapped)": the player chooses that many cards of the kind in their hand
        and puts them onto the battlefield at once; a land put there isn't played (305.4)."""
        amount, kind = _many(words)
        spec = read_card_filter(kind, True)
        # "it", "that creature" after it: no card the effect names (the cards were chosen)
        self.state.last_object = None
        self.state.event_named = False

        def make(actor: Any) -> Instruction:
            you_only(actor)
            return PutFromHand(actor, spec, tapped=bool(tapped), amount=amount, up_to=True)

        return VerbPhrase(third_person(verb), make)

    def hs_read(self, read):
        """The one child of a rule that only gives its words a priority: what it read."""
        return read

    # -- CR 305.4, 110.2a, 608.2c: the card put from a hand is the chosen card after it
    def put_from_hand(self, verb, count, card, bf, *tapped):
        """SecondRound.put_from_hand (an intended override): "that creature", "it" after
        "You may put a creature card from your hand onto the battlefield." are the card put,
        the permanent it became (as after a card put from among the top cards)."""
        read = SecondRound.put_from_hand(self, verb, count, card, bf, *tapped)
        self.state.last_object = CHOSEN_CARD
        return read

    # -- CR 105.2, 700.6, 305.4
    def hs_put_quality_from_hand(self, verb, count, card, bf, *tapped):
        """ "You may put a multicolored creature card (a historic permanent card) from your
        hand onto the battlefield": the one-card reader's, whose filter reads these words
        (multicolored: two or more colors, 105.2; historic: artifact, legendary or Saga,
        700.6)."""
        return self.put_from_hand(verb, count, card, bf, *tapped)

    # -- CR 305.4, 110.2a
    def hs_put_from_hand_or_graveyard(self, verb, count, card, _zones, bf, *tapped):
        """ "You may put an artifact card from your hand or graveyard onto the battlefield":
        the one-card reader's, the card chosen from either zone."""
        read = self.put_from_hand(verb, count, card, bf, *tapped)
        return VerbPhrase(read.third, lambda actor: replace(read.make(actor), graveyard=True))

    # -- CR 608.2c, 107.1c
    def hs_put_among_and_or(self, verb, words, among, dest, *rest):
        """ "Put any number of creature and/or land cards (up to two instant and/or sorcery
        cards) from among them into your hand (and the rest ...)": the top cards' reader for
        "any number of" / "up to N" with the kinds joined by "or"."""
        amount, kind = _many(words)
        if amount is None:
            return self.lk_put_among_any(verb, None, kind, among, dest, *rest)
        return self.lk_put_among_up_to(verb, None, f"{_word(amount)} {kind}", among, dest, *rest)

    # -- CR 701.20a, 608.2c, 107.1c
    def hs_reveal_and_or(self, verb, words, among):
        """ "You may reveal up to two instant and/or sorcery cards from among them": the top
        cards' reader of a reveal of "up to N" / "any number of" cards, kinds joined by "or";
        "the revealed cards" after it are these (608.2c)."""
        amount, kind = _many(words)
        if amount is None:
            return self.lk_reveal_any(verb, None, kind, among)
        return self.lk_reveal_up_to(verb, None, f"{_word(amount)} {kind}", among)

    # -- CR 701.20a
    def hs_reveal_from_your_hand(self, verb, card, _hand):
        """ "You may reveal a Dinosaur card from your hand.": a card of that kind of your
        choice shown to all players (it stays in your hand, 701.20b); "If you do" after it
        asks whether you did. "It", "that card" after it are left unread (the card is
        named by nothing the effect holds after the sentence)."""
        count, spec = read_counted_cards(str(card))
        self.state.last_object = None
        self.state.event_named = False
        choose = ChooseCard(YOU, spec, YOU, count, reveal=True)
        return VerbPhrase(third_person(verb), lambda actor: you_only(actor) and choose)

    # -- CR 508.4, 608.2c
    def hs_put_among_attacking(self, verb, card, among, bf, _tapped_attacking):
        """ "You may put a creature card from among them onto the battlefield tapped and
        attacking": the top cards' one-card reader, the card entering attacking (its
        controller chooses what it attacks, 508.4; it was never declared as an attacker).
        Only a creature card: what a noncreature card would do is not read here."""
        read = self.put_among(verb, card, among, {"zone": "battlefield", "tapped": True})

        def make(actor: Any) -> Instruction:
            step = read.make(actor)
            if not isinstance(step, PutTopCards) or step.card is None:
                raise Unread("tapped and attacking from where")
            if "Creature" not in step.card.types:
                raise Unread("a noncreature card put onto the battlefield attacking")
            return replace(step, attacking=True)

        return VerbPhrase(read.third, make)

    # -- CR 608.2c, 401.4
    def hs_put_rest_of(self, verb, rest_of, dest, *order):
        """ "Put the rest of the cards (of those cards) on the bottom of your library in a
        random order": the top cards not chosen, read as "the rest"."""
        self._hs_rest_of(rest_of)
        return self.put_rest(verb, rest_of, dest, *order)

    def hs_put_among_up_to_rest_of(self, verb, up_to, card, among, dest, rest_of, *tail):
        """ "Put up to three enchantment cards from among them into your hand and the rest of
        the revealed cards into your graveyard": the reader of "... and the rest ..."."""
        self._hs_rest_of(rest_of)
        return self.lk_put_among_up_to(verb, up_to, card, among, dest, rest_of, *tail)

    # -- CR 608.2c, 401.4
    def hs_put_some_up_to(self, verb, _up_to, amount, of_them, dest, *rest):
        """ "Put up to two of them into your hand and the rest on the bottom of your library
        in a random order": the top cards' reader of "two of them", made "or fewer"."""
        read = self.put_some(verb, amount, of_them, dest, *rest)
        return VerbPhrase(read.third, lambda actor: replace(read.make(actor), up_to=True))

    # -- CR 400.3
    def hs_put_top_card_theirs(self, verb, what, zone):
        """ "Look at the top card of target player's library. You may put that card into
        their graveyard (on the bottom of that player's library)": "their", "that player"
        are the player whose library it is, its owner (a card is in its owner's library,
        400.3), so it goes to its owner's graveyard (library). Read only when the top card
        is the one object named and the player named last is that target player."""
        state = self.state
        library = str(getattr(state, "top_library", "") or "")
        if what != TOP_CARDS or state.last_object != TOP_CARDS:
            raise Unread("put what")
        found = re.fullmatch(r"TGT(\d+)'s library", library)
        if found is None or state.last_player != Subject("target", index=int(found.group(1))):
            raise Unread("whose zone")
        words = str(zone)
        where = "graveyard"
        if words.endswith("library"):
            where = "library_bottom" if words.startswith("on the bottom") else "library_top"
        move = Move(TOP_CARDS, where)
        return VerbPhrase(third_person(verb), lambda actor: you_only(actor) and move)

    # -- CR 701.20e, 701.20a: the top cards looked at, noted when they are one card
    def top_cards(self, verb, *rest):
        """HiddenPhrases.top_cards (an intended override), noting whether the top cards
        are one card: "it" is then that card, which may be revealed."""
        read = HiddenPhrases.top_cards(self, verb, *rest)
        counts = [r for r in rest if isinstance(r, Amount)]
        self.state.hs_top_one = not counts or counts[0] == Amount(1)
        return read

    # -- CR 701.20a, 701.20b
    def hs_reveal_top_card(self, verb, _it):
        """ "You may reveal it and put it into your hand" after "Look at the top card of
        your library.": that card shown to all players, still in the library until the
        move after it (701.20b). Only the one top card the effect looked at."""
        state = self.state
        if state.last_object != TOP_CARDS or not getattr(state, "hs_top_one", False):
            raise Unread("reveal what")
        reveal = RevealCard(TOP_CARDS)
        return VerbPhrase(third_person(verb), lambda actor: you_only(actor) and reveal)

    # -- CR 608.2d, 401.4
    def hs_hand_on_library(self, verb, cards, _on_top, *order):
        """ "Put two cards from your hand on top of your library in any order": cards of
        your own hand, of your choice, in the order you choose (several put at once, 401.4);
        "in a random order" stays unread (one card, "a card from your hand", is the move
        of a card chosen from the hand, another rule's)."""
        if third_person(verb) or (order and str(order[0]) != "in any order"):
            raise Unread("whose hand, in what order")
        put = PutHandOnLibrary(YOU, amount_word(str(cards).split()[0]))
        return VerbPhrase(False, lambda actor: you_only(actor) and put)

    # -- CR 608.2g, 608.2c
    def cast_spells(self, verb, spells, source, free=None):
        """CastingPhrases.cast_spells (an intended override): after spells cast from among
        the top cards, "the rest" are the top cards not cast (a spell cast is on the stack,
        601.2a)."""
        read = CastingPhrases.cast_spells(self, verb, spells, source, free)
        if str(source) != "from your hand":
            self.state.chosen = True
        return read

    # -- CR 608.2c, 608.2d
    def hs_if_not_put(self, token, body):
        """The card put into a hand "if you don't put" it onto the battlefield, after a
        conditional "you may put it onto the battlefield" (a land card, say): the card was not put
        there either because it wasn't of the kind or because the player chose not to, and
        either way the rest is done. Read as the "If" before it completed: under its
        condition, "if you don't" after the "you may", and the same as its "otherwise".
        Only when the "If" holds one "you may put" of that card into that zone, and the rest
        acts on that card alone (a "put it" or a "you may put it")."""
        words = str(token)
        zone = "battlefield" if words.endswith("onto the battlefield") else "hand"
        rest = Script(tuple(body))

        def apply(previous: Any) -> Any:
            if not isinstance(previous, If) or previous.otherwise is not None:
                raise Unread(words)
            steps = previous.then.steps
            may = steps[0] if len(steps) == 1 else None
            moves = may.then.steps if isinstance(may, May) else ()
            last = moves[-1] if moves else None
            if not isinstance(last, Move) or last.zone != zone:
                raise Unread(words)
            # "you may reveal it and put it into your hand": the reveal of that card first
            if any(step != RevealCard(last.what) for step in moves[:-1]):
                raise Unread(words)
            if not all(_moves_only(step, last.what) for step in rest.steps):
                raise Unread("the rest acts on another object")
            then = Script((may, IfYouDont(rest)))
            return replace(previous, then=then, otherwise=rest)

        return Amend(apply)

    def _hs_rest_of(self, rest_of: Any) -> None:
        """ "The revealed cards" are the top cards only when the effect revealed them."""
        if "revealed" in str(rest_of) and not getattr(self.state, "top_revealed", False):
            raise Unread(str(rest_of))


def _moves_only(step: Instruction, what: Subject) -> bool:
    """``step`` is a move of ``what`` into a zone, or a "you may" of one."""
    if isinstance(step, May):
        return all(_moves_only(inner, what) for inner in step.then.steps)
    return isinstance(step, Move) and step.what == what and step.under == "owner"


_WORDS = {1: "one", 2: "two", 3: "three"}


def _word(amount: Amount) -> str:
    """The number word the one-card readers read ("two"): they take words, not amounts."""
    if amount.fixed not in _WORDS or amount.x or amount.count:
        raise Unread(amount.render())
    return _WORDS[amount.fixed]
