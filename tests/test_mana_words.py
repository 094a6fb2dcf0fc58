"""rules/mana/words.py: the mana types an unread ability names by its symbols (CR 106.7)."""

from __future__ import annotations

import pytest

from mtgrules.cards.vocabulary import Ability, AbilityKind
from mtgrules.rules.mana.words import types_named


def unread(words: str) -> Ability:
    return Ability(AbilityKind.UNMODELED, text="not modeled: mana ability", oracle=words)


@pytest.mark.parametrize(
    ("words", "types"),
    [
        ("{T}: Add {R} or {G}. You gain 2 life.", {"R", "G"}),
        (
            "{1}: Add {W}. If this ability has been activated four times this turn, sacrifice it.",
            {"W"},
        ),
        (
            "{T}: Add one mana of any color. When you next cast a creature spell, draw a card.",
            set("WUBRG"),
        ),
        ("II, III — Add {R}.", {"R"}),
    ],
)
def test_symbols_settle_the_types(words, types):
    assert types_named(unread(words)) == frozenset(types)


@pytest.mark.parametrize(
    "words",
    [
        "{T}: Add one mana of the chosen color.",
        "{T}: Add one mana of any type that a land you control could produce.",
        "{T}: Add one mana of any color among permanents you control.",
        "{T}: Add two mana of any one color that your commander has.",
        '{T}: Create a token with "{T}: Add {G}."',  # another object's ability
        "{T}: Add an amount of mana of that type equal to its power.",
        "{T}: Add {W/U}.",  # a hybrid symbol is no type of mana
        "{T}: Draw a card.",  # adds no mana at all: not this reader's to say
        # CR 106.7: an amount that may be zero now, or mana added only under a condition
        "{T}: Add {B} for each Swamp you control.",
        "II, III, IV — Add {R} for each lore counter on this Saga.",
        "{T}: Add X mana in any combination of {R} and/or {G}, where X is its power.",
        "{T}: Add {C}. If you control a Desert, add {R} instead.",
        "{T}: Add {C}. If it has a luck counter on it, instead add one mana of any color.",
    ],
)
def test_other_ways_of_naming_mana_stay_unread(words):
    assert types_named(unread(words)) is None
