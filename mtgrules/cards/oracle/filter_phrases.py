"""The Oracle effect reader's filters: which permanents a group names (docs/effects.md,
"Filters"). A group as the effect grammar's ``group_words`` reads it ("each creature you
control", "all other creatures") may say more than its types and controller:

- qualities before the noun: "legendary", "nonlegendary", "snow", "basic" (CR 205.4),
  "monocolored", "multicolored" (105.2): "Tap all legendary creatures.";
- tokens (CR 111.1): "all tokens", "each creature token you control", "artifact tokens";
- one quality after it: a power, toughness or mana value compared with a number ("each
  creature with power 4 or greater", CR 208.1, 202.3; X: the value announced, 107.3a),
  a name ("named ...", 201.2; the card's own name, 201.4), or a counter on it ("each creature
  you control with a +1/+1 counter on it", "all permanents with doom counters on them",
  122.1; "on it" after a single noun, "on them" after a plural one);
- a player the effect names who controls them ("all lands target player controls",
  "each creature that player controls", CR 109.5): a player target, or the one player
  "that player" names; the play-out finds the player as it resolves.

The qualities are kept in the target reader's words (:attr:`~mtgrules.cards.statics.Group.
qualities`, as :attr:`~mtgrules.cards.targets.TargetSpec.qualifiers` has them), and the
play-out checks them with the one check of both (rules/layers/qualities.fits_quality). These
are transformer methods mixed into the reader's transformer
(:mod:`mtgrules.cards.oracle.effects`); a group they can't hold whole raises
:class:`~mtgrules.cards.oracle.effects_parts.Unread`, and its sentence stays unread.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from mtgrules.cards.effects import Subject
from mtgrules.cards.oracle.effects_nouns import Nouns
from mtgrules.cards.oracle.effects_parts import Unread

# qualities written before a group's noun (CR 205.4a, 105.2), in the target reader's words
LEADING_QUALITIES = ("legendary", "nonlegendary", "snow", "nonsnow", "basic")
LEADING_QUALITIES += ("monocolored", "multicolored")
_STAT = re.compile(r"with (power|toughness|mana value) (\d+|X) or (less|greater)")
_COUNTER = re.compile(r"with (?:an? (?P<one>\S+) counter on it|(?P<many>\S+) counters on them)")
# words that aren't a kind of counter (CR 122.1): "with no counters on them" is no filter here
_NOT_A_KIND = ("no", "any", "one", "two", "three", "four", "five", "more")


def _token(kind: str, value: str) -> Any:
    from lark import Token  # lazy: lark loads only to read effects

    return Token(kind, value)


class FilterPhrases:
    """The transformer methods of a group's qualities (see the module's docstring)."""

    state: Any  # the reader's sentence state (oracle_effects._State)

    def _group_words(self, *tokens):
        qualities: list[str] = []
        counter, tokens_only, kept, player, named = "", False, [], "", ""
        plural = False
        for t in tokens:
            kind, word = getattr(t, "type", ""), str(t)
            if kind in ("ADJECTIVE", "FLT_ADJECTIVE") and word in LEADING_QUALITIES:
                qualities.append(word)
            elif kind == "FLT_QUALITY":
                if stat := _STAT.fullmatch(word):
                    op = "<=" if stat.group(3) == "less" else ">="
                    qualities.append(f"{stat.group(1)}{op}{stat.group(2)}")
                elif word.startswith("named "):  # CR 201.2; SELF: its own name (201.4)
                    named = word.removeprefix("named ")
                    named = self.state.name if named == "SELF" else named
                    if not named or "," in named:  # a list of names, or no name known
                        raise Unread(word)
                elif found := _COUNTER.fullmatch(word):
                    counter = found.group("one") or found.group("many")
                    if counter in _NOT_A_KIND:
                        raise Unread(word)
                    plural = bool(found.group("many"))
                else:
                    raise Unread(word)
            elif kind == "FLT_PLAYER_CONTROLS":
                player = self._controlling_player(word.removesuffix(" controls"))
            elif kind == "FLT_TOKENS":  # "tokens": permanents that are tokens (CR 111.1)
                tokens_only = True
                many = word.endswith("s")
                noun = next((k for k in kept if getattr(k, "type", "") == "FLT_TOKEN_TYPE"), None)
                kept = [k for k in kept if k is not noun]
                base = str(noun) if noun is not None else "permanent"
                kept.append(_token("GROUP_NOUN", base + ("s" if many else "")))
            else:
                kept.append(t)
        group = Nouns._group_words(self, *kept)
        if counter and plural == group.singular:  # "each creature ... on them"
            raise Unread("a counter's pronoun")
        if tokens_only and group.token is False:  # "nontoken ... tokens"
            raise Unread("nontoken tokens")
        if counter and group.with_counter:
            raise Unread("two counters")
        return replace(
            group,
            qualities=tuple(dict.fromkeys(qualities)),
            with_counter=counter or group.with_counter,
            token=True if tokens_only else group.token,
            whose="player" if player else group.whose,
            player=player,
            named=named or group.named,
        )

    def _controlling_player(self, words: str) -> str:
        """The player of "TGT0 controls" / "that player controls", as Group.player keeps
        it: a player target, or the one player "that player" names (a target, the player
        the trigger event named, a target's controller); others are not read."""
        state = self.state
        if words.startswith("TGT"):
            index = int(words[3:])
            if index not in state.players:  # a target that is no player
                raise Unread(words)
            state.last_player = Subject("target", index=index)
            return f"target:{index}"
        last = self.obj_that_player(words)  # as "that player" is bound anywhere (Nouns)
        if last.kind not in ("target", "that", "its_controller"):
            raise Unread(words)
        if last.kind == "that" and last.noun != "player":
            raise Unread(words)
        return f"{last.kind}:{last.index}"
