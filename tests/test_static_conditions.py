"""Static abilities under a board condition (cards/static_conditions.py, cards/oracle/conditions.py,
rules/layers/conditions.py): read exactly from Oracle text, applied only while the condition
holds on the board the case gives (CR 611.3a), refused when the case doesn't give what it counts."""

from __future__ import annotations

import json

import pytest

from mtgrules.cards.oracle.abilities import parse_abilities
from mtgrules.cards.vocabulary import AbilityKind

from .conftest import run_cli


def _one(line: str, name: str = "Test Card"):
    (ability,) = parse_abilities(line, [], ["Creature"], name)
    return ability


@pytest.mark.parametrize(
    ("line", "kind", "zone", "at_least", "keywords"),
    [
        (
            "As long as you control a Giant, this creature gets +1/+1 and has first strike.",
            "control",
            "",
            1,
            ("first strike",),
        ),
        ("This creature has menace as long as you control an artifact.", "control", "", 1, ()),
        ("This creature has haste as long as an opponent controls a Human.", "control", "", 1, ()),
        (
            "As long as you control three or more Attractions, Test Card gets +2/+0 and has menace.",
            "control",
            "",
            3,
            ("menace",),
        ),
        (
            "Threshold — This creature gets +2/+2 as long as there are seven or more cards in "
            "your graveyard.",
            "cards",
            "graveyard",
            7,
            (),
        ),
        (
            "Threshold — As long as there are seven or more cards in your graveyard, this "
            "creature gets +1/+1 and has flying.",
            "cards",
            "graveyard",
            7,
            ("flying",),
        ),
        (
            "Hellbent — This creature gets +2/+1 as long as you have no cards in hand.",
            "cards",
            "hand",
            0,
            (),
        ),
    ],
)
def test_conditional_statics_are_read(line, kind, zone, at_least, keywords):
    ability = _one(line)
    assert ability.kind is AbilityKind.STATIC, line
    structured = ability.boost or ability.grant
    assert structured is not None and structured.condition is not None
    condition = structured.condition
    assert (condition.kind, condition.zone, condition.at_least) == (kind, zone, at_least)
    if ability.boost is not None:
        assert ability.boost.keywords == keywords
        assert (ability.grant is not None) == bool(keywords)  # the keywords, in layer 6 too
        if keywords:
            assert ability.grant.condition == condition


@pytest.mark.parametrize(
    "line",
    [
        # conditions mtgrules doesn't compute: stay not modeled
        "Delirium — This creature gets +2/+2 as long as there are four or more card types "
        "among cards in your graveyard.",
        "This creature gets +1/+1 as long as you have one or fewer cards in hand.",
        "This creature gets +2/+2 as long as an opponent has seven or more cards in their graveyard.",
        "As long as you've drawn two or more cards this turn, this creature gets +1/+0 and has menace.",
        "This creature gets +1/+1 as long as you control a Giant and an Elf.",
        'As long as you control a Giant, this creature has "{T}: Add {G}."',
        "As long as you control a Giant, this creature gets +1/+1 and has islandwalk.",
    ],
)
def test_conditions_not_computed_stay_not_modeled(line):
    assert _one(line).kind is AbilityKind.UNMODELED, line


ZEALOT = """\
id: probe
title: probe
cards:
  - name: Cellar Zealot
    mana_cost: "{1}{B}"
    types: [Creature]
    subtypes: [Human]
    power: 1
    toughness: 1
    abilities:
      - boost: {to: {noun: self}, power: 2, toughness: 2, keywords: [flying], condition: CONDITION}
game: {turn: 6, active_player: Alice, phase: precombat_main}
players:
  - name: Alice
    battlefield:
      - {card: Cellar Zealot, id: zealot}
ZONES
  - name: Bob
OPPONENT
question: {characteristics: zealot}
"""


def _zealot(write_case, condition: str, zones: str = "", opponent: str = "") -> dict:
    text = (
        ZEALOT.replace("CONDITION", condition).replace("ZONES", zones).replace("OPPONENT", opponent)
    )
    done = run_cli("check", str(write_case(text)), "--format", "json")
    (result,) = json.loads(done.stdout)["results"]
    return result


def _cards(zone: str, n: int, indent: str = "    ") -> str:
    rows = "".join(f"{indent}  - {{card: Grizzly Bears}}\n" for _ in range(n))
    return f"{indent}{zone}:\n{rows}" if n else f"{indent}{zone}: []\n"


@pytest.mark.parametrize(("n", "power", "flying"), [(6, 1, False), (7, 3, True), (9, 3, True)])
def test_threshold_counts_the_graveyard_the_case_lists(write_case, n, power, flying):
    result = _zealot(write_case, "{cards_in: graveyard, at_least: 7}", _cards("graveyard", n))
    assert result["status"] == "unchecked", result.get("unsupported")
    assert result["answer"]["power"] == power
    assert ("flying" in result["answer"]["abilities"]) is flying


def test_threshold_counts_only_its_controllers_graveyard(write_case):
    opponent = _cards("graveyard", 8)
    result = _zealot(
        write_case, "{cards_in: graveyard, at_least: 7}", _cards("graveyard", 0), opponent
    )
    assert result["answer"]["power"] == 1


def test_threshold_without_the_graveyard_listed_is_refused(write_case):
    result = _zealot(write_case, "{cards_in: graveyard, at_least: 7}")
    assert result["status"] == "unsupported" and "graveyard" in result["unsupported"]


@pytest.mark.parametrize(("n", "power"), [(0, 3), (1, 1)])
def test_hellbent_counts_the_hand(write_case, n, power):
    result = _zealot(write_case, "{cards_in: hand, at_most: 0}", _cards("hand", n))
    assert result["answer"]["power"] == power


@pytest.mark.parametrize(
    ("mine", "theirs", "power"),
    [("", "", 1), ("Bonecrusher Giant", "", 3), ("", "Bonecrusher Giant", 1)],
)
def test_control_a_giant_counts_its_controllers_permanents(write_case, mine, theirs, power):
    zones = f"      - {{card: {mine}}}\n" if mine else ""
    opponent = f"    battlefield:\n      - {{card: {theirs}}}\n" if theirs else ""
    result = _zealot(write_case, "{control: {noun: Giant}}", zones, opponent)
    assert result["status"] == "unchecked", result.get("unsupported")
    assert result["answer"]["power"] == power


def test_an_opponent_controls_counts_only_the_opponents(write_case):
    mine = "      - {card: Bonecrusher Giant}\n"
    result = _zealot(write_case, "{opponent_controls: {noun: Giant}}", mine)
    assert result["answer"]["power"] == 1
    theirs = "    battlefield:\n      - {card: Bonecrusher Giant}\n"
    result = _zealot(write_case, "{opponent_controls: {noun: Giant}}", "", theirs)
    assert result["answer"]["power"] == 3


def test_three_or_more(write_case):
    two = "      - {card: Grizzly Bears}\n" * 2
    result = _zealot(write_case, "{control: {noun: Bear}, at_least: 3}", two)
    assert result["answer"]["power"] == 1
    result = _zealot(write_case, "{control: {noun: Bear}, at_least: 3}", two * 2)
    assert result["answer"]["power"] == 3


def test_real_card_reads_back_in_mtgrules_card_words():
    ability = _one(
        "Threshold — Nimble Mongoose gets +2/+2 as long as there are seven or more cards in your "
        "graveyard.",
        "Nimble Mongoose",
    )
    assert ability.boost is not None and ability.ability_word == "Threshold"


@pytest.mark.parametrize(
    ("line", "kind"),
    [
        ("This creature gets +1/+1 for each age counter on it.", "counters"),
        ("Equipped creature gets +1/+1 for each +1/+1 counter on this Equipment.", "counters"),
        ("This creature gets +1/+1 for each creature card in your graveyard.", "cards"),
    ],
)
def test_for_each_counters_and_cards_are_read(line, kind):
    ability = _one(line)
    assert ability.boost is not None and ability.boost.for_each_counted is not None
    assert ability.boost.for_each_counted.kind == kind


@pytest.mark.parametrize(
    "line",
    [
        # "it" is the equipped creature here, not the Equipment: another object's counters
        "Equipped creature gets +1/+1 for each counter on it.",
        "Equipped creature gets +1/+1 for each +1/+1 counter on it.",
        "This creature gets +1/+1 for each creature card in all graveyards.",
    ],
)
def test_for_each_of_another_objects_counters_stays_not_modeled(line):
    assert _one(line).kind is AbilityKind.UNMODELED, line


def _feeder(write_case, counted: str, zones: str = "", counters: str = "") -> dict:
    text = (
        ZEALOT.replace("keywords: [flying], condition: CONDITION", f"for_each_counted: {counted}")
        .replace(
            "{card: Cellar Zealot, id: zealot}", "{card: Cellar Zealot, id: zealot" + counters + "}"
        )
        .replace("ZONES", zones)
        .replace("OPPONENT", "")
    )
    done = run_cli("check", str(write_case(text)), "--format", "json")
    (result,) = json.loads(done.stdout)["results"]
    return result


def test_for_each_counter_counts_that_kind_on_itself(write_case):
    result = _feeder(write_case, "{counters: age}", counters=", counters: {age: 2, +1/+1: 1}")
    # 1/1, +2/+2 per age counter (2), and its own +1/+1 counter: 6/6
    assert (result["answer"]["power"], result["answer"]["toughness"]) == (6, 6)


def test_for_each_creature_card_counts_only_creature_cards_of_a_listed_graveyard(write_case):
    zones = "    graveyard:\n      - {card: Grizzly Bears}\n      - {card: Lightning Bolt}\n"
    result = _feeder(write_case, "{cards_in: graveyard, card_type: creature}", zones)
    assert result["answer"]["power"] == 3  # 1 + 2 x one creature card
    result = _feeder(write_case, "{cards_in: graveyard, card_type: creature}")
    assert result["status"] == "unsupported"
