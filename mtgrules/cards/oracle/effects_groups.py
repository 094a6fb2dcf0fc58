"""The Oracle effect reader's groups of cards and objects chosen on resolution (docs/effects.md,
"Groups and objects chosen on resolution"): "Return a land you control to its owner's hand",
"Exile all creature cards from your graveyard", "Return a creature card at random from your
graveyard to your hand". Each is a :class:`~mtgrules.cards.effects_groups.Selection`, never a
target (CR 115.1, 608.2c-d). These are transformer methods mixed into the reader's
transformer (:mod:`mtgrules.cards.oracle.effects`); a tree they can't hold whole raises
:class:`~mtgrules.cards.oracle.effects_parts.Unread`, and its sentence stays unread.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from mtgrules.cards.effects import Exile, Move, Subject
from mtgrules.cards.effects_groups import Selection
from mtgrules.cards.oracle.effects_library import card_choice
from mtgrules.cards.oracle.effects_parts import Unread, VerbPhrase, third_person, you_only

_CARDS_IN = re.compile(
    r"(?P<n>all|a|an|one|two|three) (?P<kinds>.*?)(?P<noun>cards?)(?P<r1> at random)?"
    r" from (?P<where>your graveyard|a graveyard|all graveyards|your hand)(?P<r2> at random)?"
)
_WHERE = {
    "your graveyard": ("graveyard", "you"),
    "a graveyard": ("graveyard", "any"),
    "all graveyards": ("graveyard", "all"),
    "your hand": ("hand", "you"),
}
_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3}


def read_cards_in(words: str) -> Selection:
    """ "all land cards from your graveyard", "a creature card at random from your graveyard":
    the cards, where they are, and how many (every one, or some chosen on resolution,
    608.2d)."""
    found = _CARDS_IN.fullmatch(words.strip())
    if found is None:
        raise Unread(words)
    n, noun = found.group("n"), found.group("noun")
    zone, whose = _WHERE[found.group("where")]
    at_random = bool(found.group("r1") or found.group("r2"))
    if n == "all":
        # every card of the kinds: "all cards" is plural, as a count of two is
        if noun != "cards" or at_random:
            raise Unread(words)
        # "all instant and sorcery cards": each card that is one of them (a plural list
        # joins the groups); "all artifact creature cards": those with both types
        listed = found.group("kinds").replace(", and ", " or ").replace(" and ", " or ")
        _amount, kinds = card_choice(f"two {listed.replace(',', ' or')}cards")
        return Selection(zone=zone, whose=whose, cards=kinds)
    if whose == "all" or " and " in found.group("kinds"):  # not a shape the corpus uses
        raise Unread(words)
    _amount, kinds = card_choice(f"{n} {found.group('kinds')}{noun}")
    return Selection(zone=zone, whose=whose, cards=kinds, count=_NUMBERS[n], at_random=at_random)


class GroupPhrases:
    """The transformer methods of groups and chosen objects (see the module's docstring)."""

    state: Any  # the reader's sentence state (oracle_effects._State)

    def return_chosen(self, verb, amount, group, dest):
        """ "Return a land you control to its owner's hand": the controller chooses that
        many permanents of the group as it resolves (608.2d); not a target (115.1)."""
        if amount.x or amount.count or amount.fixed < 1 or group.quantifier == "all":
            raise Unread("how many are chosen")
        if dest["zone"] != "hand":
            raise Unread("a chosen permanent put elsewhere than a hand")
        chosen = Selection(group=replace(group, quantifier=""), count=amount.fixed)
        what = Subject("selection", selection=chosen)
        self.state.last_object = None  # "it" after it: see _cards
        return VerbPhrase(third_person(verb), lambda a: you_only(a) and Move(what, **dest))

    def return_cards(self, verb, cards, dest):
        what = self._cards(cards)
        if dest["zone"] == "battlefield" and what.selection.zone == "hand":
            raise Unread("from a hand onto the battlefield")
        return VerbPhrase(third_person(verb), lambda a: you_only(a) and Move(what, **dest))

    def put_cards(self, verb, cards, dest):
        what = self._cards(cards)
        if dest["zone"] == "battlefield" and what.selection.zone == "hand":
            raise Unread("from a hand onto the battlefield")
        return VerbPhrase(third_person(verb), lambda a: you_only(a) and Move(what, **dest))

    def exile_cards(self, verb, cards):
        what = self._cards(cards)
        return VerbPhrase(third_person(verb), lambda a: you_only(a) and Exile(what))

    def _cards(self, words: Any) -> Subject:
        # "it" after a chosen object is left unread: the subject names a choice, and a
        # pronoun read as it would choose again
        self.state.last_object = None
        return Subject("selection", selection=read_cards_in(str(words)))
