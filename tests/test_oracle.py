"""The Oracle text parser: the templates it models, and everything else marked not modeled.

The texts here are minimal templates and sentences written for the tests, not card text.
"""

from __future__ import annotations

import pytest

from mtgrules.cards.oracle import parse_abilities, strip_reminder
from mtgrules.cards.vocabulary import AbilityKind
from mtgrules.rules.mana_abilities import is_mana_ability


def kinds(text, keywords=(), types=()):
    return [(a.kind.value, a.keyword, a.text) for a in parse_abilities(text, keywords, types)]


def test_each_keyword_of_a_keyword_line_is_one_ability():
    abilities = parse_abilities("Flying, first strike, haste", ("Flying", "First strike", "Haste"))
    assert [a.keyword for a in abilities] == ["flying", "first strike", "haste"]
    assert all(a.kind is AbilityKind.KEYWORD for a in abilities)


@pytest.mark.parametrize(
    ("line", "keyword", "cost"),
    [
        ("Plot {3}{R}", "plot", "{3}{R}"),
        ("Embalm {4}{W}{W}", "embalm", "{4}{W}{W}"),
        ("Outlast {G}", "outlast", "{G}"),
    ],
)
def test_keywords_with_a_mana_cost(line, keyword, cost):
    (ability,) = parse_abilities(
        f"{line} (reminder words that are not an ability)", (keyword.title(),)
    )
    assert ability.keyword == keyword and str(ability.keyword_cost) == cost


def test_reminder_text_is_not_an_ability():
    assert parse_abilities("(Some reminder of an intrinsic ability.)") == ()
    assert strip_reminder("Defender (it can't attack) and (nested (twice))") == "Defender and"


@pytest.mark.parametrize(
    ("line", "fixed", "any_color", "mana"),
    [
        ("{T}: Add {C}.", ("C",), 0, ""),
        ("{T}: Add {W}{U}.", ("W", "U"), 0, ""),
        ("{T}: Add one mana of any color.", (), 1, ""),
        ("{2}, {T}: Add {B}{B}{B}.", ("B", "B", "B"), 0, "{2}"),
    ],
)
def test_simple_mana_abilities(line, fixed, any_color, mana):
    (ability,) = parse_abilities(line)
    assert (
        ability.effect.adds_mana.fixed == fixed and ability.effect.adds_mana.any_color == any_color
    )
    assert ability.cost.tap and str(ability.cost.mana) == mana
    assert is_mana_ability(ability)  # CR 605.1a holds for the parsed form


@pytest.mark.parametrize(
    ("text", "types", "what"),
    [
        ("{T}: Add {R} or {G}.", (), "activated ability"),  # a choice of mana: not modeled
        ("{T}: Add {G}. Activate only as a sorcery.", (), "activated ability"),
        ("{1}, Sacrifice a creature: Draw a card.", (), "activated ability"),
        ("When this creature enters, draw a card.", (), "triggered ability"),
        ("Rally — Whenever an ally enters, you gain 1 life.", (), "triggered ability"),
        ("At the beginning of your upkeep, you lose 1 life.", (), "triggered ability"),
        ("+1: Draw a card.", (), "loyalty ability"),
        ("−2: You gain 2 life.", (), "loyalty ability"),
        ("Creatures you control get +1/+1.", (), "static ability"),
        ("Draw two cards.", ("Sorcery",), "spell effect"),
        ("You may have this creature enter as a copy of a creature.", (), "enters as a copy"),
    ],
)
def test_everything_else_is_listed_as_not_modeled(text, types, what):
    (ability,) = parse_abilities(text, (), types)
    assert ability.kind is AbilityKind.UNMODELED
    assert ability.text.startswith("not modeled: ") and what in ability.text
    assert text not in ability.text  # our own description, never the card's words


def test_unknown_keywords_are_not_modeled_and_a_sentence_is_not_a_keyword_line():
    equip = parse_abilities("Equip {2}", ("Equip",))
    assert equip[0].kind is AbilityKind.UNMODELED and "equip" in equip[0].text
    sentence = parse_abilities("Flying creatures you control can't be blocked.", ("Flying",))
    assert sentence[0].kind is AbilityKind.UNMODELED and "static" in sentence[0].text


def test_modes_stay_with_their_ability():
    text = "Choose one —\n• You gain 3 life.\n• Draw a card."
    assert len(parse_abilities(text, (), ("Instant",))) == 1
