"""The effect reader's token copies of each object of a group, named artifact tokens, and
counters of two kinds put on one object (docs/effects.md, "Tokens, copies, casting, the game"
and "Counters, tokens and emblems"): "For each creature token you control, create a token
that's a copy of that creature", "Create a colorless artifact token named Etherium Cell with
"..."", "Put a +1/+1 counter and a lifelink counter on target creature".

One token is made for each object of the group, each a copy of its object (CR 707.2: the
copiable values of that object; 111.1), all at once as the instruction is followed (608.2c):
a :class:`~mtgrules.cards.effects_game.CreateTokenCopy` of ``Subject("each", group)``, whose
amount, one, is the number of copies of each object. The word the copy is "of" must name
the group's own objects ("that creature" after a group of creatures, "that token" after
tokens, "it" or "that permanent" after any group); else the sentence stays unread. "It",
"them" and "those tokens" after the sentence are the tokens it made.

A noncreature artifact token the effect names ("Create a colorless artifact token named
Etherium Cell with "..."") has that name (CR 111.4: it has no subtype to be named after), its
color and the card type artifact (111.3); one said "tapped and attacking" before its words is
put onto the battlefield attacking (508.4).

Counters of two kinds on one object are two :class:`~mtgrules.cards.effects.PutCounters`, in
the order written (CR 122.1, 122.6), as counters on two objects are read
(oracle/counters_more.py); the same kind twice, or a player, stays unread.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from mtgrules.cards.effects import Amount, Subject, TokenSpec
from mtgrules.cards.effects_game import CreateTokenCopy
from mtgrules.cards.effects_library import CREATED
from mtgrules.cards.oracle.effects_parts import Unread, VerbPhrase, is_player
from mtgrules.cards.oracle.effects_parts import third_person as _third

_NAMED_ARTIFACT = re.compile(r"(?P<color>\w+) (?P<snow>snow )?artifact tokens? named (?P<name>.+)$")
# the card types "that <noun>" may name after a group of that type's objects
_TYPE_NOUNS = ("creature", "artifact", "enchantment", "land")


def _names_the_group(noun: str, group: Any) -> bool:
    """Whether "that ``noun``" ("it" when ``noun`` is empty) names an object of ``group``."""
    if noun in ("", "permanent"):
        return True
    if noun == "token":
        return group.token is True
    return noun in _TYPE_NOUNS and group.noun == noun


class CopyCounterPhrases:
    """The transformer methods of token copies of each object of a group and of counters of
    two kinds on one object (see the module's docstring)."""

    state: Any  # the reader's sentence state (oracle/effects._State)

    # -- CR 707.2, 111.1, 608.2c: "For each token you control, create a token that's a copy
    # of that permanent"
    def gc_copy_each(self, _for_each, group, verb, amount, *rest):
        if _third(verb) or amount != Amount(1):
            raise Unread("how many copies of each")
        if group.attached or group.noun == "self" or group.cards_not_on_battlefield:
            raise Unread("each of what")
        tapped = next((str(r) for r in rest if getattr(r, "type", "") == "GC_TAPPED"), "")
        words = str(rest[-1])
        noun = "" if words.endswith(" it") else words.rsplit(" ", 1)[1]
        if not _names_the_group(noun, group):
            raise Unread("a copy of what")
        of = Subject("each", group=replace(group, quantifier=""))
        self.state.last_object = CREATED
        attacking = tapped.endswith("attacking")
        return [CreateTokenCopy(of, Amount(1), tapped=bool(tapped), attacking=attacking)]

    # -- CR 122.1, 122.6: "put a +1/+1 counter and a lifelink counter on target creature":
    # one instruction per kind, on the one object (as counters on two objects are read)
    def gc_put_two_kinds(self, verb, amount, kind, noun, _and, amount2, kind2, noun2, what):
        if str(kind) == str(kind2) or is_player(what, self.state.players):
            raise Unread("which counters on what")
        first = self.put_counters(verb, amount, kind, noun, what)  # type: ignore[attr-defined]
        second = self.put_counters(verb, amount2, kind2, noun2, what)  # type: ignore[attr-defined]
        return VerbPhrase(first.third, lambda a: (first.make(a), second.make(a)))

    # -- CR 111.4, 111.3: "a colorless artifact token named Etherium Cell with "..."": the
    # name its effect gives it, its color, the card type artifact, and its abilities
    def gc_named_artifact(self, words, text=None):
        found = _NAMED_ARTIFACT.match(str(words))
        if found is None:
            raise Unread("a named artifact token")
        color = found.group("color")
        return TokenSpec(
            name=found.group("name"),
            colors=() if color == "colorless" else (color,),
            types=("Artifact",),
            supertypes=("Snow",) if found.group("snow") else (),
            keywords=text.keywords if text is not None else (),
            abilities=text.abilities if text is not None else (),
        )

    # -- CR 508.4: "create a tapped and attacking 1/1 red Devil creature token"
    def gc_create_attacking(self, verb, amount, _tapped_attacking, token):
        return self.create_attacking(verb, amount, token, None)  # type: ignore[attr-defined]
