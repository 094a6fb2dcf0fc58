"""The effect reader's token copies of each object of a group, and counters of two kinds put on
one object (docs/effects.md, "Tokens, copies, casting, the game" and "Counters, tokens and
emblems"): "For each creature token you control, create a token that's a copy of that
creature", "For each artifact you control, create a token that's a copy of it"; "Put a +1/+1
counter and a lifelink counter on target creature".

One token is made for each object of the group, each a copy of its object (CR 707.2: the
copiable values of that object; 111.1), all at once as the instruction is followed (608.2c):
a :class:`~mtgrules.cards.effects_game.CreateTokenCopy` of ``Subject("each", group)``, whose
amount, one, is the number of copies of each object. The word the copy is "of" must name
the group's own objects ("that creature" after a group of creatures, "that token" after
tokens, "it" or "that permanent" after any group); else the sentence stays unread. "It",
"them" and "those tokens" after the sentence are the tokens it made.

Counters of two kinds on one object are two :class:`~mtgrules.cards.effects.PutCounters`, in
the order written (CR 122.1, 122.6), as counters on two objects are read
(oracle/counters_more.py); the same kind twice, or a player, stays unread.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from mtgrules.cards.effects import Amount, Subject
from mtgrules.cards.effects_game import CreateTokenCopy
from mtgrules.cards.effects_library import CREATED
from mtgrules.cards.oracle.effects_parts import Unread, VerbPhrase, is_player
from mtgrules.cards.oracle.effects_parts import third_person as _third

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
