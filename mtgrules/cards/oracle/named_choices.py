"""The Oracle effect reader's values chosen as an effect resolves (docs/effects.md, "Values
chosen as it resolves"), vocabulary in :mod:`mtgrules.cards.effects_named`:

- "Choose a creature type [other than Wall].", "Choose a color.", "Choose a basic land
  type.", "Choose a card type.": the effect's controller chooses as it resolves (CR 608.2d),
  a :class:`~mtgrules.cards.effects_named.ChooseValue` step;
- the effect's later words that use it: a group "of the chosen type", "of that color",
  "that aren't of the chosen type" (a quality of the group), "becomes that type [until end
  of turn]" (205.1a), "gain protection from the chosen color until end of turn" (702.16a);
- "Add one mana of that color [for each ...]", "... equal to your devotion to that color"
  (106.1, 700.5);
- "You may choose new targets for target spell." (or "for it", the target spell named
  before): new targets chosen for a spell or ability on the stack (115.7d).

"The chosen type" with no choice before it in the same effect is a choice made elsewhere (as
the permanent entered, its linked ability's, 607.2d): those words stay unread, as do a
second choice in one effect and a reference to a kind of value that wasn't chosen ("that
color" after a creature type). These are transformer methods mixed into the reader's
transformer (:mod:`mtgrules.cards.oracle.effects`).
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from mtgrules.cards.effects import SELF, YOU, Amount, May, Script
from mtgrules.cards.effects_named import (
    CHOSEN_PLAYER,
    AddChosenColorMana,
    BecomesChosenValue,
    ChooseNewTargets,
    ChooseValue,
    ProtectionFromChosenValue,
    chosen_quality,
)
from mtgrules.cards.oracle.effects_parts import (
    Unread,
    VerbPhrase,
    object_only,
    third_person,
    you_only,
)

_CHOOSE = re.compile(r"^choose an? (?P<what>[a-z ]+?)(?: other than (?P<other>[A-Z][a-z]+))?$")
# the choices whose value a later "that type" may name (CR 205.1a: a subtype it becomes)
_BECOMES_KINDS = ("creature type", "basic land type", "land type")


class NamedChoices:
    """The transformer methods of values chosen as the effect resolves (see the module's
    docstring)."""

    state: Any  # the reader's sentence state (oracle/effects._State)

    def nc_choose_value(self, token):
        """ "Choose a creature type.": the controller's choice as it resolves (608.2d)."""
        found = _CHOOSE.match(str(token))
        if found is None or self.state.nc_choice is not None:
            raise Unread("a second choice")
        choice = ChooseValue(found.group("what"), found.group("other") or "")
        if choice.other_than and choice.what != "creature type":
            raise Unread("other than")
        self.state.nc_choice = choice
        if choice.what in ("opponent", "player"):  # "that player" after it: the one chosen
            self.state.last_player = CHOSEN_PLAYER
        return [choice]

    def _nc_chosen(self, word: str) -> ChooseValue:
        """The value chosen before in this effect that "that ``word``" names."""
        choice = self.state.nc_choice
        if choice is None:  # chosen elsewhere (607.2d), or unread words came after it
            raise Unread("a value chosen elsewhere")
        if not choice.what.endswith(word):  # "that type" after a type, "that color" a color
            raise Unread(f"that {word} after a {choice.what}")
        return choice

    def nc_group_chosen(self, *tokens):
        """A group of permanents "of the chosen type" or "that aren't of the chosen type"."""
        chosen = next(t for t in tokens if getattr(t, "type", "") == "NC_OF_CHOSEN")
        rest = [t for t in tokens if t is not chosen]
        if sum(getattr(t, "type", "") == "WHOSE" for t in rest) > 1:
            raise Unread("whose twice")
        words = str(chosen)
        choice = self._nc_chosen(words.split()[-1])
        group = self.group_words(*rest)
        quality = chosen_quality(choice.what, negated=words.startswith("that"))
        return replace(group, qualities=(*group.qualities, quality))

    def nc_becomes_chosen(self, verb, _words, *until):
        """ "becomes that type [until end of turn]" (205.1a, 613.1d, 611.2a)."""
        choice = self._nc_chosen("type")
        if choice.what not in _BECOMES_KINDS:
            raise Unread(f"becomes a {choice.what}")
        duration = "end_of_turn" if until else ""
        players = self.state.players
        return VerbPhrase(
            third_person(verb),
            lambda a: object_only(a, players) and BecomesChosenValue(a, choice.what, duration),
        )

    def nc_protection_chosen(self, verb, _words, _until):
        """ "gains protection from the chosen color until end of turn" (702.16a)."""
        self._nc_chosen("color")
        players = self.state.players
        return VerbPhrase(
            third_person(verb),
            lambda a: object_only(a, players) and ProtectionFromChosenValue(a),
        )

    def nc_new_targets(self, _token, what):
        """ "You may choose new targets for target spell." (for "it": the target spell named
        before, or the spell that is the ability's source): CR 115.7d."""
        specs = self.state.specs
        if what.kind == "target":
            if what.index >= len(specs) or specs[what.index].zone != "stack":
                raise Unread("new targets for what")
        elif what != SELF or self.state.kind != "activated":
            raise Unread("new targets for what")
        return [May(Script((ChooseNewTargets(what),)))]

    # -- mana of the chosen color (CR 106.1, 105.4; devotion 700.5)
    def nc_add_chosen(self, verb, amount, _words):
        return self._nc_add(verb, amount)

    def nc_add_chosen_each(self, verb, amount, _words, each):
        if amount != Amount(1) or not isinstance(each, Amount):  # "one mana ... for each"
            raise Unread("mana for each")
        return self._nc_add(verb, each)

    def nc_add_chosen_equal(self, verb, _words, amount):
        return self._nc_add(verb, amount)

    def _nc_add(self, verb, amount):
        self._nc_chosen("color")
        if amount.x:
            raise Unread("X mana")
        return VerbPhrase(third_person(verb), lambda a: you_only(a) and AddChosenColorMana(amount))

    def nc_devotion_that(self, _token):
        """ "your devotion to that color": to the color chosen before (700.5)."""
        self._nc_chosen("color")
        return Amount(count="devotion", of=YOU, color="the chosen color")
