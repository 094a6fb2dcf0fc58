"""The Oracle effect reader's players named in the sentence, round 5 (docs/effects.md, "Players
named in the sentence"): "defending player" (CR 506.2, 508.5) and "each other player" (every
player but the ability's controller, 102.1) as the players who act or are acted on; a hand and
graveyard shuffled into their owner's library (701.24a: "Each player shuffles their hand and
graveyard into their library"); another player's library searched by the ability's controller
("Search target opponent's library for three cards and exile them", 701.23a); "You and
target opponent each draw a card" (101.4); "draws an additional card" (121.1); half a library
milled (107.1a, 701.17a); a next step, phase or turn skipped (500.11, 614.10); another
player becomes the monarch (725.1); another player's own hand discarded after their "may",
their own permanent returned and cards from their own hand put on their library (608.2d).

Transformer methods mixed into the reader's transformer (:mod:`mtgrules.cards.oracle.effects`)
like the other subjects' modules; a tree they can't hold whole raises
:class:`~mtgrules.cards.oracle.effects_parts.Unread`, and its sentence stays unread.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from mtgrules.cards.effect_subjects import (
    DEFENDING_PLAYER,
    EACH_OTHER_PLAYER,
    YOU,
    Amount,
    Subject,
)
from mtgrules.cards.effects import Discard
from mtgrules.cards.effects_actions import KeywordAction
from mtgrules.cards.effects_players import (
    ControlOwned,
    MillHalf,
    PutHandOnLibrary,
    ReturnOwnChosen,
    SearchLibraryOf,
    ShuffleZonesIntoLibrary,
    SkipNext,
)
from mtgrules.cards.oracle.card_filters import read_card_filter
from mtgrules.cards.oracle.effects_moves import named_a_choice
from mtgrules.cards.oracle.effects_parts import (
    Unread,
    VerbPhrase,
    amount_word,
    player_only,
    third_person,
    you_only,
)
from mtgrules.cards.oracle.statics import read_group


class PlayerPhrases:
    """The transformer methods of this subject (see the module's docstring)."""

    state: Any  # the reader's sentence state (oracle/effects._State)

    def pl_defending_player(self, _token):
        """ "Defending player": the player the attacking creature the ability refers to is
        attacking (CR 508.5), one player even in a multiplayer game (508.5a); "that player"
        and "they" after it are that player."""
        self.state.last_player = DEFENDING_PLAYER
        return DEFENDING_PLAYER

    def pl_each_other_player(self, _token):
        """ "Each other player": every player but the one the words compare them with. Read
        only where that is the ability's controller: in a spell's or an activated ability's
        effect that named no player before and followed no sentence left unread. A triggered
        ability's may be other than the player its event named ("Whenever a player casts a
        spell, each other player ..."): its trigger condition isn't read with its effect,
        so it stays unread."""
        state = self.state
        named = state.players or state.last_player is not None
        if state.kind not in ("spell", "activated") or named or state.unread_before:
            raise Unread("each other player")
        if getattr(state, "players_named", False):
            raise Unread("each other player")
        state.players_named = True  # "that player" after it: which of them is not said
        return EACH_OTHER_PLAYER

    def pl_you_and_each(self, _you_and, target, _each, vps):
        """ "You and target opponent each draw a card": the controller and the target player,
        each doing what the verbs say (in APNAP order, CR 101.4, 121.2c); the verbs in the
        base form. A target that isn't a player is not this reading."""
        index = int(str(target)[3:])
        if index not in self.state.players or any(vp.third for vp in vps):
            raise Unread("you and who")
        self.state.last_player = None  # "that player" after it: which of the two is not said
        self.state.players_named = True
        return ("subject", Subject("you_and_target", index=index), vps)

    def pl_choose_card_quality(self, verb, card, among, quality):
        """ "You choose a nonland card from it with mana value 3 or less": the card chosen
        from the hand revealed, with its quality said last; read as the same words with the
        quality before "from" (701.20a, 608.2d)."""
        if str(among) != "it":
            raise Unread("chosen from what")
        return self.choose_card(verb, f"{card} {quality}", among)

    # -- CR 701.24a, 400.3: "Each player shuffles their hand and graveyard into their library"
    def pl_shuffle_zones(self, verb, zones, library):
        """The acting player's own hand and graveyard, into their own library: "their" after
        another player, "your" after "you"."""
        third = third_person(verb)
        whose = "their" if third else "your"
        if str(zones).split()[0] != whose or str(library).split()[0] != whose:
            raise Unread("whose hand, graveyard or library")
        players = self.state.players
        return VerbPhrase(third, lambda a: player_only(a, players) and ShuffleZonesIntoLibrary(a))

    # -- CR 701.23a: "Search target opponent's library for three cards and exile them"
    def pl_search_library_of(self, verb, library, count, card, dest):
        """The controller searches another player's library: the player the words name (a
        target player, or "that player" named before), the count and kind of the cards
        (read exactly by card_filters.read_card_filter), and where the cards found go; "it"
        or "that card" after one card, "them" or "those cards" after more."""
        whose = self._player_named(str(library).removesuffix(" library"))
        words = str(count)
        up_to = words.startswith("up to")
        amount = amount_word(words.split()[-1])
        plural = amount != Amount(1)
        zone, found = dest
        if (found in ("them", "those cards")) != plural:
            raise Unread("what was found")
        spec = read_card_filter(str(card).strip(), plural)
        named_a_choice(self.state)  # "it", "that card" after it: one of the cards found
        step = SearchLibraryOf(whose, spec, zone, amount=amount, up_to=up_to)
        return VerbPhrase(third_person(verb), lambda a: you_only(a) and step)

    def pl_found_exiled(self, _verb, found):
        return ("exile", str(found))

    def pl_found_yours(self, _verb, found, _battlefield):
        return ("battlefield", str(found))

    def pl_found_graveyard(self, _verb, found, graveyard):
        if str(graveyard).split()[0] != "their":  # the owner's graveyard (400.3)
            raise Unread("whose graveyard")
        return ("graveyard", str(found))

    # -- CR 121.1: "That player draws an additional card."
    def pl_draw_additional(self, verb, amount, _additional, _noun):
        """A draw of that many cards (121.1, 121.2): "additional" says only that the player
        draws beyond another draw (the step's, one said before), not another instruction."""
        return self.draw(verb, amount)

    # -- CR 107.1a, 701.17a: "Target player mills half their library, rounded down."
    def pl_mill_half(self, verb, library, rounded):
        third = third_person(verb)
        if str(library).split()[0] != ("their" if third else "your"):
            raise Unread("whose library")
        round_up = str(rounded).endswith("up")
        players = self.state.players
        return VerbPhrase(third, lambda a: player_only(a, players) and MillHalf(a, round_up))

    # -- CR 500.11, 614.10: "That player skips their next untap step."
    def pl_skip_next(self, verb, words):
        """The acting player's own next step, phase or turn ("their" after another player,
        "your" after "you"); "your next two turns": two turns."""
        third = third_person(verb)
        whose, _next, *what = str(words).split()
        if whose != ("their" if third else "your"):
            raise Unread("whose step")
        times = {"two": 2, "three": 3}.get(what[0], 1)
        what = what[1:] if times > 1 else what
        step = " ".join(what).removesuffix("s") if times > 1 else " ".join(what)
        players = self.state.players
        return VerbPhrase(third, lambda a: player_only(a, players) and SkipNext(a, step, times))

    # -- CR 725.1: "Target opponent becomes the monarch."
    def pl_becomes_monarch(self, _words):
        """Another player becomes the monarch (the controller's own is "you become the
        monarch", a keyword action of effects_more's)."""
        players = self.state.players
        return VerbPhrase(
            True,
            lambda a: player_only(a, players) and KeywordAction("become the monarch", who=a),
        )

    # -- CR 701.9a: "Each player may discard their hand and draw seven cards."
    def discard_hand(self, verb, hand):
        """A whole hand discarded (effects_more's reading), whose hand decided by who
        discards it: "your hand" for you, "their hand" for another player, who may take
        the base form after their own "may" (608.2d)."""
        words = str(hand).split()[0]
        third = third_person(verb)
        players = self.state.players

        def make(actor: Subject) -> Discard:
            player_only(actor, players)
            if words != ("your" if actor == YOU else "their"):
                raise Unread("whose hand")
            return Discard(actor, Amount(count="hand"))

        return VerbPhrase(third, make)

    # -- CR 608.2d: "That player returns a land they control to its owner's hand."
    def pl_return_own(self, verb, amount, group, _they_control, dest):
        """Permanents of a kind the acting player controls, as many as said, chosen by
        them; "they control" after another player only (third person)."""
        if not third_person(verb) or dest.get("zone") != "hand" or group.whose != "any":
            raise Unread("whose permanents")
        if amount.x or amount.count or amount.fixed < 1:
            raise Unread("how many")
        chosen = Subject("chosen", group=replace(group, quantifier=""))
        players = self.state.players
        return VerbPhrase(
            True, lambda a: player_only(a, players) and ReturnOwnChosen(a, chosen, amount)
        )

    # -- CR 608.2d, 401.4: "Target opponent puts a card from their hand on top of their
    # library."
    def pl_hand_on_library(self, verb, cards, _on_top, *order):
        """One or more cards of the acting player's own hand, of their choice, or all of
        them ("the cards"); several in the order they choose: "in any order" may say so,
        never "in a random order"."""
        words = str(cards).split()
        if not third_person(verb) or (order and str(order[0]) != "in any order"):
            raise Unread("whose hand, in what order")
        amount = None if words[0] == "the" else amount_word(words[0])
        if order and amount == Amount(1):
            raise Unread("one card in an order")
        players = self.state.players
        return VerbPhrase(True, lambda a: player_only(a, players) and PutHandOnLibrary(a, amount))

    # -- CR 613.1b, 110.2: "Each player gains control of all creatures they own."
    def pl_control_owned(self, verb, words):
        """The permanents of the kind that the acting player owns, whoever controls them;
        "they own" after another player only (third person)."""
        group = read_group(str(words)[:1].upper() + str(words)[1:].removesuffix(" they own"))
        if group is None or group.whose != "any" or not third_person(verb):
            raise Unread(str(words))
        players = self.state.players
        return VerbPhrase(True, lambda a: player_only(a, players) and ControlOwned(a, group))
