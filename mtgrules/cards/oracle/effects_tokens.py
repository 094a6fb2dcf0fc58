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

import re
from dataclasses import dataclass, replace
from typing import Any

from mtgrules import lazyre
from mtgrules.cards.effects import CreateToken, Instruction, Subject
from mtgrules.cards.effects_game import CastCard, CreateTokenCopy, GameEnds
from mtgrules.cards.effects_library import CREATED, CopySpell
from mtgrules.cards.oracle.abilities import parse_abilities
from mtgrules.cards.oracle.effects_parts import (
    Amend,
    Unread,
    VerbPhrase,
    is_player,
    player_only,
)
from mtgrules.cards.oracle.effects_parts import third_person as _third
from mtgrules.cards.oracle.effects_parts import you_only as _you
from mtgrules.cards.vocabulary import AbilityKind

# what a token copy may be of, and what may be cast: one object a sentence names (a target,
# "this creature", "it", "that creature"), never a group or a player
_ONE_OBJECT = ("target", "self", "that", "created", "top_cards", "chosen_card")

# a quoted ability: straight or curly quotes, paired, with no quote inside
# a quote whose words end with a period ends its sentence too, unless the sentence goes on
# in lowercase ('gains "{T}: ..." until end of turn')
_QUOTED = lazyre.compile(r"[\"“](?P<words>[^\"“”]*)[\"”](?P<end>(?=\s+[^a-z\s]|\s*$))?")
_QUOTE_WORD = lazyre.compile(r"QUOTE(?P<i>\d+)(?P<period>\.)?")
# what a token's ability calls the token ("this token"), and how the ability reader's
# rendering calls the object it is on
_THIS_TOKEN = lazyre.compile(r"\b([Tt])his token\b")


def hide_quotes(text: str) -> tuple[str, tuple[str, ...]]:
    """``text`` with each quoted ability replaced by the word ``QUOTE<i>`` (followed by the
    sentence's period when the quote ended with it: '... with "Flying."' ends its sentence
    too), and the quoted words in order. A quote left unpaired stays in the text (and the
    text is not read)."""
    quotes: list[str] = []

    def hide(found: re.Match[str]) -> str:
        quotes.append(found.group("words"))
        ends = found.group("end") is not None and _ends_sentence(found.group("words"))
        return f"QUOTE{len(quotes) - 1}" + ("." if ends else "")

    return _QUOTED.sub(hide, text), tuple(quotes)


def _ends_sentence(words: str) -> bool:
    """Whether quoted words end with a period, perhaps inside a quote of their own
    ('"Islands you control have '{T}: Draw a card.'"')."""
    return words.rstrip("'").endswith(".")


def show_quotes(text: str, quotes: tuple[str, ...]) -> str:
    """The words :func:`hide_quotes` hid put back (in unread sentences)."""

    def show(found: re.Match[str]) -> str:
        words = quotes[int(found.group("i"))]
        ends = found.group("period") is not None and _ends_sentence(words)
        return f'"{words}"' + ("" if ends else found.group("period") or "")

    return _QUOTE_WORD.sub(show, text) if quotes else text


@dataclass(frozen=True)
class TokenText:
    """What follows "with" in a token's definition (CR 111.3): keywords and abilities."""

    keywords: tuple[str, ...] = ()
    abilities: tuple[Any, ...] = ()  # vocabulary.Ability


def token_ability(words: str, name: str = "") -> Any:
    """A quoted ability of a token, read whole by the ability reader (an activated or
    triggered ability whose "this token" is the token itself, rendered back to the same
    words), else :class:`Unread`: a token made without an ability it has would answer
    wrong."""
    if name and name in words:  # the card's own name: it speaks of the card, not the token
        raise Unread("a card's name in a token's ability")
    found = parse_abilities(words, (), ("Creature",), name="this token", short="This token")
    if len(found) != 1 or found[0].kind not in (AbilityKind.ACTIVATED, AbilityKind.TRIGGERED):
        raise Unread("a token's ability")
    (ability,) = found
    forms = {words} | {_THIS_TOKEN.sub(rf"\1his {n}", words) for n in ("permanent", "creature")}
    if ability.render() not in forms:
        raise Unread("a token's ability read otherwise")
    return ability


class TokenPhrases:
    """The transformer methods of tokens, copies, casting and the game (see the module's
    docstring)."""

    state: Any  # the reader's sentence state (oracle_effects._State)

    def token_keywords(self, *tokens):
        words = tuple(str(t) for t in tokens if getattr(t, "type", "") != "QUOTED")
        quoted = [self.state.quotes[int(str(t)[5:])] for t in tokens if t.type == "QUOTED"]
        return TokenText(words, tuple(token_ability(q, self.state.name) for q in quoted))

    # -- CR 111.3: "It has "..."" after a token is made: the ability is the token's
    def token_has(self, has, quote):
        if self.state.last_object != CREATED:
            raise Unread("whose ability")
        ability = token_ability(self.state.quotes[int(str(quote)[5:])], self.state.name)
        plural = str(has).lower().startswith("they")

        def amend(step: Instruction) -> Instruction:
            if not isinstance(step, CreateToken):
                raise Unread("an ability of what")
            if plural == (step.amount.fixed == 1 and not step.amount.x):
                raise Unread("how many tokens")
            token = replace(step.token, abilities=(*step.token.abilities, ability))
            return replace(step, token=token)

        return Amend(amend)

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
        # "enchanted creature", "equipped creature": the one permanent the source is
        # attached to (CR 301.5, 303.4) is one object too
        attached = of.kind == "each" and of.group is not None and bool(of.group.attached)
        if (of.kind not in _ONE_OBJECT and not attached) or is_player(of, self.state.players):
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
