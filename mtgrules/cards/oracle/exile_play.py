"""The Oracle effect reader's cards exiled to be played later (docs/effects.md, "Cards exiled
to be played later"): the top card of each player's library exiled, "that many cards from
the top", cards exiled from the top until one of a kind is, the top card of the library of the player a trigger event named (CR 701.13a,
603.2, 608.2h), one of them chosen (608.2c), and a permission to play them for a while
(611.2a) with mana spent as though it were mana of any color or type (609.4b).

These are transformer methods mixed into the reader's transformer
(:mod:`mtgrules.cards.oracle.effects`) after
:class:`~mtgrules.cards.oracle.effects_library.LibraryPhrases`, whose ``_player_named``
they extend; a tree they can't hold whole raises
:class:`~mtgrules.cards.oracle.effects_parts.Unread`, and its sentence stays unread.
"""

from __future__ import annotations

from typing import Any

from mtgrules.cards.effects import YOU, Amount, Subject
from mtgrules.cards.effects_actions import CardFilter
from mtgrules.cards.effects_library import CHOSEN_CARD, TOP_CARDS, ChooseCard, TopCards
from mtgrules.cards.oracle.effects_library import LibraryPhrases
from mtgrules.cards.oracle.effects_parts import (
    Unread,
    VerbPhrase,
    third_person,
    you_only,
)

# "that player" a triggered ability's event named (oracle/trigger_referents.py)
_EVENT_PLAYER = Subject("that", noun="player")


class ExilePlayPhrases:
    """The transformer methods of cards exiled to be played (see the module's docstring)."""

    state: Any  # the reader's sentence state (oracle_effects._State)
    top_cards: Any  # LibraryPhrases.top_cards, on the same transformer
    may_play_spend: Any  # CastingPhrases.may_play_spend, on the same transformer

    # -- CR 603.2, 608.2h: "that player's library" in a triggered ability before any
    # sentence named a player or an object: the player its event named ("Whenever this
    # creature deals combat damage to a player, exile the top card of that player's
    # library"), bound by the play-out only when the event named exactly one player
    def _player_named(self, words: str) -> Subject:
        state = self.state
        last = state.last_object
        named = state.last_player is not None or getattr(state, "players_named", False)
        event = state.kind == "triggered" and getattr(state, "event_named", False)
        if words == "that player's" and not named and event and last is None:
            state.last_player = _EVENT_PLAYER
            return _EVENT_PLAYER
        return LibraryPhrases._player_named(self, words)

    # -- CR 701.13a: "Exile the top card of each player's library": one card from each
    # library, together the top cards named after it
    def xc_top_each(self, verb, words, *down):
        whose = Subject("each_opponent" if "opponent" in str(words) else "each_player")
        self.state.last_object = TOP_CARDS
        self.state.players_named = True  # a "that player" after it isn't the event's
        exile = TopCards("exile", Amount(1), whose, YOU, face_down=bool(down))
        return VerbPhrase(third_person(verb), lambda a: you_only(a) and exile)

    # -- CR 701.13a: "Exile that many cards from the top of your library" (the same as
    # "the top N cards of")
    def xc_exile_from_top(self, verb, *rest):
        return self.top_cards(verb, *rest)

    # -- CR 608.2c: "Choose one of them." after cards were taken from the top of a library:
    # "that card" is then the one chosen
    def xc_choose_one(self, verb, _one_of_them):
        if self.state.last_object != TOP_CARDS:
            raise Unread("one of what")
        self.state.last_object = CHOSEN_CARD
        self.state.chosen = True
        choose = ChooseCard(TOP_CARDS, CardFilter(), YOU, Amount(1))
        return VerbPhrase(third_person(verb), lambda a: you_only(a) and choose)

    # -- CR 611.2a, 609.4b, 118.14: "Until end of turn, you may cast that card and you may
    # spend mana as though it were mana of any color to cast that spell"
    def xc_play_spend_prefix(self, until, verb, what, spend):
        return self.may_play_spend(verb, what, until, spend)
