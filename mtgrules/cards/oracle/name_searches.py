"""The Oracle effect reader's searches for cards with one name (docs/effects.md, "Cards with
one name exiled"): every card with a target's name (or a name chosen just before) searched
for in a player's graveyard, hand and library and exiled, all of them, any number or up to N
(CR 701.23a-c, 201.2a, 608.2h). The player searched is
the one a later "Then that player shuffles." names (701.24a). Transformer methods mixed into
the reader's transformer (:mod:`mtgrules.cards.oracle.effects`); a tree they can't hold whole
raises :class:`~mtgrules.cards.oracle.effects_parts.Unread`, and its sentence stays unread.
"""

from __future__ import annotations

import re
from typing import Any

from mtgrules.cards.effects import Subject
from mtgrules.cards.effects_library import CHOSEN_CARD
from mtgrules.cards.effects_moves import ExileSameName
from mtgrules.cards.oracle.effects_parts import Unread, VerbPhrase, you_only

_WORDS = re.compile(
    r"search (?P<whose>its controller's|that player's|TGT(?P<player>\d+)'s) graveyard, hand,"
    r" and library for (?P<how>all|any number of|up to (?P<most>two|three|four)) cards with"
    r" (?:the same name as (?P<as>that (?P<noun>[a-z]+)|the chosen card)|that name|the chosen"
    r" name) and exile them"
)
_MOST = {"two": 2, "three": 3, "four": 4}


class NameSearches:
    """The transformer methods of this subject (see the module's docstring)."""

    state: Any  # the reader's sentence state (oracle/effects._State)

    def ns_exile_same_name(self, token):
        """The search and exile, read from the one terminal's words (see the module's
        docstring); the player and the object whose name is used must be ones the effect
        named before, as the words refer back to them."""
        found = _WORDS.fullmatch(str(token))
        if found is None:
            raise Unread(str(token))
        state = self.state
        name_of = self._ns_name_of(found)
        whose = self._ns_whose(found, name_of)
        how = {"all": "all", "any number of": "any"}.get(found.group("how"), "up_to")
        most = _MOST.get(found.group("most") or "", 0)
        step = ExileSameName(whose, name_of, how, most)
        # "them" are the cards found: "it", "that card" after it is unread; "that player" is
        # the player searched (the one a later "Then that player shuffles." names)
        state.last_object = None
        state.event_named = False
        state.last_player = whose
        return VerbPhrase(False, lambda a: you_only(a) and step)

    def _ns_name_of(self, found: re.Match) -> Subject | None:
        """Whose name the cards have: the target named last ("that land" after "Exile target
        nonbasic land"), the card chosen from a hand ("that card", "the chosen card"), or the
        card name chosen before (None)."""
        state = self.state
        if found.group("as") is None:  # "that name", "the chosen name"
            choice = state.nc_choice
            if choice is None or not choice.what.endswith("card name"):
                raise Unread("a name chosen elsewhere")
            return None
        last = state.last_object
        if last == CHOSEN_CARD and found.group("noun") in (None, "card"):
            return last
        if found.group("as") == "the chosen card" or last is None:
            raise Unread("the chosen card")
        if last.kind != "target" or last.index in state.players:
            raise Unread("whose name")
        return last

    def _ns_whose(self, found: re.Match, name_of: Subject | None) -> Subject:
        """The player whose zones are searched: a target player, "that player" named before,
        or "its controller" of the target whose name is used (as it last existed, 608.2h)."""
        state = self.state
        words = found.group("whose")
        if found.group("player") is not None:
            index = int(found.group("player"))
            if index not in state.players:
                raise Unread("a target that isn't a player")
            return Subject("target", index=index)
        if words == "that player's":
            if state.last_player is None:
                raise Unread("that player")
            if name_of == CHOSEN_CARD and state.revealed_hand != state.last_player:
                raise Unread("the chosen card from another player's hand")
            return state.last_player
        if name_of is None or name_of.kind != "target":  # "its controller's": the target's
            raise Unread("its controller")
        return Subject("its_controller", index=name_of.index)
