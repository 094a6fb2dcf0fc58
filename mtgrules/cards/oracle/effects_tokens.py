"""The Oracle effect reader's phrases for tokens, copies, casting and the game (docs/effects.md,
"Tokens, copies, casting, the game"): a token's keywords (CR 111.3), tokens put onto the
battlefield attacking (508.4), tokens that are copies (707.2), a card cast as the effect
resolves without paying its mana cost (608.2g, 118.9), the spell a triggered ability's
event named copied (707.10), and a player winning or losing the game (104.2b, 104.3e).

These are transformer methods mixed into the reader's transformer
(:mod:`mtgrules.cards.oracle.effects`); a tree they can't hold whole raises
:class:`~mtgrules.cards.oracle.effects_parts.Unread`, and its sentence stays unread.
"""

from __future__ import annotations

from typing import Any

from mtgrules.cards.effects import CreateToken, Subject
from mtgrules.cards.effects_game import CastCard, CreateTokenCopy, GameEnds
from mtgrules.cards.effects_library import CREATED, CopySpell
from mtgrules.cards.oracle.effects_parts import Unread, VerbPhrase, is_player, player_only
from mtgrules.cards.oracle.effects_parts import third_person as _third
from mtgrules.cards.oracle.effects_parts import you_only as _you

# what a token copy may be of, and what may be cast: one object a sentence names (a target,
# "this creature", "it", "that creature"), never a group or a player
_ONE_OBJECT = ("target", "self", "that", "created", "top_cards", "chosen_card")


class TokenPhrases:
    """The transformer methods of tokens, copies, casting and the game (see the module's
    docstring)."""

    state: Any  # the reader's sentence state (oracle_effects._State)

    def token_keywords(self, *tokens):
        return tuple(str(t) for t in tokens)

    # -- CR 508.4: "create a 1/1 ... token that's tapped and attacking"
    def create_attacking(self, verb, amount, token, _attacking):
        self.state.last_object = CREATED
        players = self.state.players
        return VerbPhrase(
            _third(verb),
            lambda a: player_only(a, players) and CreateToken(token, amount, a, attacking=True),
        )

    # -- CR 707.2, 111.12: "create a token that's a copy of target creature you control"
    def create_copy(self, verb, amount, *rest):
        tapped = any(getattr(r, "type", "") == "TAPPED" for r in rest)
        attacking = any(getattr(r, "type", "") == "ATTACKING" for r in rest)
        of = next(r for r in rest if isinstance(r, Subject))
        if of.kind not in _ONE_OBJECT or is_player(of, self.state.players):
            raise Unread("a copy of what")
        plural = str(next(r for r in rest if getattr(r, "type", "") == "COPY_TOKENS"))
        if plural.startswith("tokens") == (amount.fixed == 1 and not amount.x):
            raise Unread("how many copies")
        self.state.last_object = CREATED
        players = self.state.players
        return VerbPhrase(
            _third(verb),
            lambda a: (
                player_only(a, players)
                and CreateTokenCopy(of, amount, a, tapped or attacking, attacking)
            ),
        )

    # -- CR 104.2b, 104.3e
    def game_ends(self, verb, _the_game):
        win = str(verb).lower().startswith("win")
        players = self.state.players
        return VerbPhrase(_third(verb), lambda a: player_only(a, players) and GameEnds(a, win))

    # -- CR 608.2g, 118.9: "you may cast that card without paying its mana cost"
    def cast_card(self, verb, what, _free):
        if what.kind not in _ONE_OBJECT or what.kind == "self":
            raise Unread("cast what")
        if is_player(what, self.state.players):
            raise Unread("a player cast")
        return VerbPhrase(_third(verb), lambda a: _you(a) and CastCard(what, free=True))

    # -- CR 603.7c, 707.10: "copy that spell", the spell the trigger event named
    def copy_that_spell(self, verb, _that_spell):
        if self.state.kind != "triggered" or self.state.last_object is not None:
            raise Unread("that spell")
        that = Subject("that")
        self.state.last_object = that
        return VerbPhrase(_third(verb), lambda a: _you(a) and CopySpell(that))
