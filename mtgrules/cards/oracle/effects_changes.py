"""The Oracle effect reader's changed characteristics (docs/effects.md): the transformer methods for
characteristics changed for a while, a permanent that becomes a creature or the type or
color of its controller's choice, or gains protection from a chosen color (vocabulary in
:mod:`mtgrules.cards.effects_changes`), mixed into the reader's transformer
(:mod:`mtgrules.cards.oracle.effects`). A tree these methods can't hold whole raises
:class:`~mtgrules.cards.oracle.effects_parts.Unread`, and its sentence stays unread.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from mtgrules.cards.effects import AddMana, Amount, Instruction, Modify
from mtgrules.cards.effects_changes import (
    AddManaOf,
    AttackDespiteDefender,
    Becomes,
    BecomesChosen,
    GainChosenProtection,
    LoseKeywords,
    RestrictedMana,
    TapOrUntap,
)
from mtgrules.cards.effects_continuous import LoseAllAbilities
from mtgrules.cards.oracle.effects_parts import (
    Amend,
    Unread,
    VerbPhrase,
    is_player,
    object_only,
    third_person,
    you_only,
)


class ChangePhrases:
    """The third round's characteristic-changing transformer methods."""

    state: Any  # the reader's sentence state (oracle_effects._State)

    # -- "becomes a 3/3 red Elemental creature with haste until end of turn" (CR 205.1a,
    # 613.1d, 613.4b)
    def becomes(self, verb, _article, *parts):
        power = toughness = None
        colors: tuple[str, ...] = ()
        subtypes: tuple[str, ...] = ()
        types: tuple[str, ...] = ()
        keywords: tuple[str, ...] = ()
        duration = ""
        for part in parts:
            kind = getattr(part, "type", "")
            if kind == "PT":
                found = re.fullmatch(r"(\d+)/(\d+)", str(part))
                if found is None:
                    raise Unread("P/T")
                power, toughness = int(found.group(1)), int(found.group(2))
            elif kind == "COLORS":
                colors = tuple(c for c in re.split(r",? and |, ", str(part)) if c != "colorless")
                if "colorless" in str(part):
                    raise Unread("colorless")
            elif kind == "SUBTYPES":
                subtypes = tuple(str(part).split())
            elif kind == "TOKEN_TYPES":
                types = tuple(w.capitalize() for w in str(part).split())
            elif kind == "UNTIL_EOT":
                duration = "end_of_turn"
            elif isinstance(part, tuple):
                keywords = part
        players = self.state.players
        return VerbPhrase(
            third_person(verb),
            lambda a: (
                object_only(a, players)
                and Becomes(a, types, subtypes, colors, power, toughness, keywords, duration)
            ),
        )

    # -- CR 613.1d-e, 205.3, 105.3
    def becomes_chosen(self, verb, choice, *until):
        duration = "end_of_turn" if until else ""
        players = self.state.players
        return VerbPhrase(
            third_person(verb),
            lambda a: object_only(a, players) and BecomesChosen(a, str(choice), duration),
        )

    # -- CR 702.16a
    def chosen_protection(self, verb, _words, _until):
        players = self.state.players
        return VerbPhrase(
            third_person(verb),
            lambda a: object_only(a, players) and GainChosenProtection(a),
        )

    # -- "It's still a land." (CR 205.1b): said of what the sentence before changed
    def still_a(self, token):
        kept = str(token).split()[-1].capitalize()
        it = self.state.last_object

        def amend(step: Instruction) -> Instruction:
            if not isinstance(step, Becomes) or step.what != it or step.retains:
                raise Unread("still what")
            return replace(step, retains=(kept,))

        return Amend(amend)

    # -- CR 613.1f
    def lose_keywords(self, verb, keywords, _until):
        players = self.state.players
        return VerbPhrase(
            third_person(verb), lambda a: object_only(a, players) and LoseKeywords(a, keywords)
        )

    # -- CR 702.3b
    def despite_defender(self, _token):
        players = self.state.players
        return VerbPhrase(True, lambda a: object_only(a, players) and AttackDespiteDefender(a))

    # -- CR 701.26a-b
    def tap_or_untap(self, _token, what):
        if is_player(what, self.state.players):
            raise Unread("a player tapped")
        return VerbPhrase(False, lambda a: you_only(a) and TapOrUntap(what))

    # -- CR 106.6: "Spend this mana only to cast creature spells." after "Add {G}."
    def spend_only(self, token):
        words = str(token).removeprefix("spend this mana only ").strip()

        def amend(step: Instruction) -> Instruction:
            if not isinstance(step, AddMana | AddManaOf):  # mana by a count too (106.6)
                raise Unread("spend what mana")
            return RestrictedMana(step, words)

        return Amend(amend)

    # -- CR 106.4, 106.1
    def add_mana_of(self, verb, amount, kind):
        words = str(kind)
        kind_words = {
            "of the chosen color": "the chosen color",
            "in any combination of colors": "any combination of colors",
            "of different colors": "different colors",
        }.get(words, "commander's colors")
        if kind_words == "different colors" and (amount.x or amount.fixed < 2):
            raise Unread("different colors")
        return VerbPhrase(
            third_person(verb), lambda a: you_only(a) and AddManaOf(amount, kind_words)
        )

    def add_mana_each(self, verb, symbol, group):
        amount = Amount(count="group", group=replace(group, quantifier=""))
        return VerbPhrase(
            third_person(verb), lambda a: you_only(a) and AddManaOf(amount, str(symbol))
        )

    def add_mana_equal(self, verb, symbol, amount):
        return VerbPhrase(
            third_person(verb), lambda a: you_only(a) and AddManaOf(amount, str(symbol))
        )

    def until_prefix(self, _token):
        return ("until_eot",)


def until_end_of_turn(steps: tuple[Instruction, ...]) -> tuple[Instruction, ...]:
    """ "Until end of turn, X becomes ...": the changes the sentence makes, lasting until
    end of turn (CR 611.2a, 514.2); a sentence with anything else is unread."""
    out = []
    for step in steps:
        # all abilities lost with no duration said (oracle/type_color_changes.py) too
        lasting = Becomes | BecomesChosen | Modify | LoseAllAbilities
        if not isinstance(step, lasting) or step.duration:
            raise Unread("until end of turn")
        out.append(replace(step, duration="end_of_turn"))
    return tuple(out)
