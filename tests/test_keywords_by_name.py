"""Keywords read by name (CR 702): what each one is, and that an unknown one is never read."""

from __future__ import annotations

import pytest

from mtgrules.cards.oracle.abilities import parse_abilities
from mtgrules.cards.oracle.keywords import defined_keyword
from mtgrules.cards.vocabulary import AbilityKind
from mtgrules.rules.keywords.entering import (
    ENTERS_TRIGGERS,
    ENTERS_UNKNOWN,
    enters_trigger_keywords,
    keyword_name,
)


@pytest.mark.parametrize(
    ("line", "keywords", "name"),
    [
        ("Exploit", ["Exploit"], "exploit"),
        ("Living weapon", ["Living weapon"], "living weapon"),
        ("Hideaway 4", ["Hideaway"], "hideaway"),
        ("For Mirrodin!", ["For Mirrodin!"], "for mirrodin!"),
        ("Job select", ["Job select"], "job select"),
        ("Partner with Bruse Tarl", ["Partner with"], "partner with"),
        ("Soulbond", ["Soulbond"], "soulbond"),
    ],
)
def test_enters_trigger_keywords_are_listed_as_triggers(line, keywords, name):
    (ability,) = parse_abilities(line, keywords, ["Creature"], "Test Card")
    assert ability.kind is AbilityKind.KEYWORD
    assert keyword_name(ability) == name and name in ENTERS_TRIGGERS
    assert enters_trigger_keywords((ability,)) == [ability]


@pytest.mark.parametrize(
    ("line", "keywords"),
    [
        ("Offspring {2}", ["Offspring"]),
        ("Squad {1}{W}", ["Squad"]),
        ("Ravenous", ["Ravenous"]),
        ("Read ahead", ["Read ahead"]),
        ("Compleated", ["Compleated"]),
    ],
)
def test_keywords_whose_entering_depends_on_how_it_was_cast_are_known_as_such(line, keywords):
    (ability,) = parse_abilities(line, keywords, ["Creature"], "Test Card")
    assert ability.kind is AbilityKind.KEYWORD and keyword_name(ability) in ENTERS_UNKNOWN


@pytest.mark.parametrize(
    ("line", "keywords", "types"),
    [
        ("Overload {2}{U}", ["Overload"], ["Instant"]),
        ("Casualty 2", ["Casualty"], ["Sorcery"]),
        ("Gift a card", ["Gift"], ["Instant"]),
        ("Bargain", ["Bargain"], ["Sorcery"]),
        ("Entwine {2}", ["Entwine"], ["Sorcery"]),
        ("Disturb {1}{U}", ["Disturb"], ["Creature"]),
        ("Start your engines!", ["Start your engines!"], ["Creature"]),
        ("Umbra armor", ["Umbra armor"], ["Enchantment"]),
    ],
)
def test_casting_and_other_keywords_read_by_name(line, keywords, types):
    (ability,) = parse_abilities(line, keywords, types, "Test Card")
    assert ability.kind is AbilityKind.KEYWORD


@pytest.mark.parametrize(
    ("line", "keywords"),
    [("Spree", ["Spree"]), ("Blitz {2}{B}", ["Blitz"]), ("Bestow {3}{W}", ["Bestow"])],
)
def test_keywords_that_could_change_answers_stay_unread(line, keywords):
    """Spree requires choosing a mode and paying its cost; a blitzed creature has haste;
    a bestowed permanent is an Aura: none is read by name."""
    (ability,) = parse_abilities(line, keywords, ["Creature"], "Test Card")
    assert ability.kind is AbilityKind.UNMODELED


def test_a_case_defined_keyword_the_engine_does_not_know_is_not_read():
    assert defined_keyword("frobnicate", None).kind is AbilityKind.UNMODELED
    assert defined_keyword("exploit", None).kind is AbilityKind.KEYWORD
    assert defined_keyword("outlast", "{1}{W}").keyword_cost is not None
    assert defined_keyword("exploit", "{1}").kind is AbilityKind.UNMODELED  # no such cost
