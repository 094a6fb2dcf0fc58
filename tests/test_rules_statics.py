"""Static abilities of other permanents, applied by the rules: layer-6 keyword grants
(rules/layers/grants.py, CR 613.1f), "as though" permissions (rules/casting/permissions.py, 702.8a,
702.10c), restrictions and split second (rules/casting/restrictions.py, 101.2, 601.3, 602.5,
702.61a-b). Each test asks a real case in-process and checks what a wrong engine
(one that ignores the static, or applies it too widely) would get wrong.
"""

from __future__ import annotations

import json

import pytest

from tests.conftest import run_cli
from tests.helpers_cast import answer_of, failed

SAMPLE = """
    - name: Sample Lord
      mana_cost: "{{2}}"
      types: [Creature]
      subtypes: [Elf]
      power: 1
      toughness: 1
      abilities:
        - {ability}
    - name: Mana Thing
      mana_cost: "{{1}}"
      types: [Artifact, Creature]
      subtypes: [Elf]
      power: 1
      toughness: 1
      abilities:
        - activated: {{cost: "{{T}}", effect: {{add_mana: "{{C}}"}}}}
"""


def lord_board(
    ability: str,
    thing: str = "{card: Mana Thing, id: thing, entered_this_turn: true}",
    active: str = "Alice",
    lord_owner: str = "Alice",
    extra: str = "",
) -> str:
    """Alice's Mana Thing (an Elf artifact creature) entered this turn; can she tap it?"""
    alice = (
        "[{card: Sample Lord, id: lord}, " + thing + "]" if lord_owner == "Alice" else f"[{thing}]"
    )
    bob = "[{card: Sample Lord, id: lord}]" if lord_owner == "Bob" else "[]"
    return f"""
    cards:{SAMPLE.format(ability=ability)}
    game: {{turn: 5, active_player: {active}, phase: precombat_main, priority: Alice}}
    players:
      - name: Alice
        battlefield: {alice}
      - name: Bob
        battlefield: {bob}
    {extra}
    question:
      can_activate: {{object: thing, ability: 1}}
    """


@pytest.mark.parametrize(
    ("grant", "expected"),
    [
        ("{keywords: [haste]}", "yes"),
        ("{keywords: [haste], to: {other: true}}", "yes"),
        ("{keywords: [haste], to: {noun: Elf}}", "yes"),
        ("{keywords: [haste], to: {noun: Goblin}}", "no"),
        ("{keywords: [haste], to: {adjectives: [artifact]}}", "yes"),
        ("{keywords: [haste], to: {adjectives: [land]}}", "no"),
        ("{keywords: [haste], to: {token: true}}", "no"),
        ("{keywords: [haste], to: {token: false}}", "yes"),
        ("{keywords: [haste], to: {whose: opponents}}", "no"),
        ("{keywords: [haste], to: {status: attacking}}", "no"),
        ("{keywords: [flying]}", "no"),
        ("{keywords: [haste], to: {noun: self}, during: your_turn}", "no"),
    ],
)
def test_a_haste_grant_covers_exactly_its_group(grant, expected):
    answer = answer_of(lord_board(f"grant: {grant}"))
    assert answer.value == expected, [r.text for r in answer.reasons]
    if expected == "yes":
        assert {"702.10c", "613.1f"} <= set(answer.citations)


def test_other_excludes_the_source_itself():
    """ "Other creatures you control have haste" doesn't give the creature with it haste."""
    text = """
    cards:
      - name: Proud Thing
        mana_cost: "{1}"
        types: [Creature]
        power: 1
        toughness: 1
        abilities:
          - activated: {cost: "{T}", effect: {add_mana: "{C}"}}
          - grant: {keywords: [haste], to: {other: true}}
    game: {turn: 5, active_player: Alice}
    players:
      - name: Alice
        battlefield: [{card: Proud Thing, id: proud, entered_this_turn: true}]
      - name: Bob
    question:
      can_activate: {object: proud, ability: 1}
    """
    assert answer_of(text).value == "no"
    assert answer_of(text.replace("to: {other: true}", "to: {}")).value == "yes"


def test_a_grant_during_your_turn_applies_only_then():
    text = """
    cards:
      - name: Turn Thing
        mana_cost: "{1}"
        types: [Creature]
        power: 1
        toughness: 1
        abilities:
          - activated: {cost: "{T}", effect: {add_mana: "{C}"}}
          - grant: {keywords: [haste], to: {noun: self}, during: your_turn}
    game: {turn: 6, active_player: ACTIVE, priority: Alice}
    players:
      - name: Alice
        battlefield: [{card: Turn Thing, id: it, controlled_since_turn: 6}]
      - name: Bob
    question:
      can_activate: {object: it, ability: 1}
    """
    assert answer_of(text.replace("ACTIVE", "Alice")).value == "yes"
    # on Bob's turn 6, Alice's most recent turn is 5: she took control after it began
    assert answer_of(text.replace("ACTIVE", "Bob")).value == "no"


def test_a_grant_from_a_source_that_lost_its_abilities_is_gone():
    text = """
    game: {turn: 3, active_player: Alice}
    players:
      - name: Alice
        battlefield:
          - {card: Fires of Yavimaya, id: fires}
          - {card: Llanowar Elves, id: elves, entered_this_turn: true}
      - name: Bob
    effects:
      - {affect: fires, remove_all_abilities: true}
    question:
      can_activate: {object: elves, ability: 1}
    """
    assert answer_of(text).value == "no"


def test_a_granted_keyword_against_losing_all_abilities_is_unsupported():
    text = """
    game: {turn: 3, active_player: Alice}
    players:
      - name: Alice
        battlefield:
          - Fires of Yavimaya
          - {card: Grizzly Bears, id: bears}
      - name: Bob
    effects:
      - {affect: bears, remove_all_abilities: true}
    question:
      characteristics: bears
    """
    answer = answer_of(text)
    assert answer.unsupported and "Fires of Yavimaya" in answer.unsupported


def test_a_face_down_creature_is_not_in_a_creature_type_group():
    text = """
    game: {turn: 5, active_player: Alice}
    players:
      - name: Alice
        battlefield:
          - {card: Blur Sliver, controlled_since_turn: 3}
          - {card: Blur Sliver, id: hidden, face_down: true}
      - name: Bob
    question:
      characteristics: hidden
    """
    abilities = answer_of(text).value["abilities"]
    assert "haste" not in abilities  # a face-down 2/2 has no creature types (CR 708.2)


def test_the_layer_breakdown_names_the_grant():
    text = """
    game: {turn: 3, active_player: Alice}
    players:
      - name: Alice
        battlefield: [Fires of Yavimaya, {card: Grizzly Bears, id: bears}]
      - name: Bob
    question:
      characteristics: bears
    """
    answer = answer_of(text)
    assert "haste" in answer.value["abilities"]
    assert any("Fires of Yavimaya" in r.text and "613.1f" in r.rules for r in answer.reasons)


FLASH = """
    cards:
      - name: Creature Flasher
        mana_cost: "{{2}}"
        types: [Enchantment]
        abilities:
          - permission: {permission}
    game: {{turn: 6, active_player: Bob, phase: ending, step: end, priority: Alice}}
    players:
      - name: Alice
        battlefield: [Creature Flasher]
        hand: [Grizzly Bears]
        graveyard: [Faithless Looting]
      - name: Bob
    question: {{can_cast: {card}{method}}}
"""


@pytest.mark.parametrize(
    ("permission", "card", "method", "expected"),
    [
        ("{}", "Grizzly Bears", "", "yes"),
        ("{spells: [creature]}", "Grizzly Bears", "", "yes"),
        ("{spells: [sorcery]}", "Grizzly Bears", "", "no"),
        ("{spells: [noncreature]}", "Grizzly Bears", "", "no"),
        ("{spells: [green creature]}", "Grizzly Bears", "", "yes"),
        ("{spells: [blue creature]}", "Grizzly Bears", "", "no"),
        ("{spells: [Bear]}", "Grizzly Bears", "", "yes"),
        ("{spells: [sorcery]}", "Faithless Looting", ", method: flashback", "yes"),
        ("{spells: [creature]}", "Faithless Looting", ", method: flashback", "no"),
        ("{during: your_turn}", "Grizzly Bears", "", "no"),
        ("{during: opponents_end_step}", "Grizzly Bears", "", "yes"),
    ],
)
def test_a_flash_permission_covers_its_kinds_of_spells(permission, card, method, expected):
    answer = answer_of(FLASH.format(permission=permission, card=card, method=method))
    assert answer.value == expected, [r.text for r in answer.reasons]
    if expected == "yes":
        assert "702.8a" in answer.citations


def test_a_choice_that_could_change_the_spells_kind_is_unsupported():
    text = """
    cards:
      - name: Morph Thing
        mana_cost: "{2}{W}"
        types: [Creature]
        power: 2
        toughness: 2
        abilities:
          - {keyword: morph, cost: "{4}{W}"}
    game: {turn: 5, active_player: Alice}
    players:
      - name: Alice
        battlefield: [Steel Golem]
        hand: [Morph Thing]
      - name: Bob
    question: {can_cast: Morph Thing}
    cards_more: []
    """.replace("    cards_more: []\n", "")
    steel = """
      - name: Steel Golem
        mana_cost: "{3}"
        types: [Artifact, Creature]
        subtypes: [Golem]
        power: 3
        toughness: 4
        abilities:
          - restriction: {kind: cast, who: you, spells: [white]}
    game:"""
    # cast face down (morph, 702.37c) it would be a colorless spell: the choice made while
    # proposing it (601.3a) decides whether the restriction applies
    answer = answer_of(text.replace("\n    game:", steel, 1))
    assert answer.unsupported and "601.3a" in answer.unsupported


ABOLISHER = """
    game: {{turn: {turn}, active_player: {active}, phase: combat, step: declare_attackers, priority: Bob}}
    players:
      - name: Alice
        battlefield: [Grand Abolisher]
      - name: Bob
        battlefield:
          - {{card: Llanowar Elves, id: elves, controlled_since_turn: 2}}
          - {{card: Forest, id: forest}}
          - {{card: Mind Stone, id: stone, controlled_since_turn: 2}}
        hand: [Lightning Bolt]
    question: {question}
"""


@pytest.mark.parametrize(
    ("question", "on_alices_turn", "on_bobs_turn"),
    [
        ("{can_cast: Lightning Bolt}", "no", "yes"),
        ("{can_activate: {object: elves, ability: 1}}", "no", "yes"),
        ("{can_activate: {object: stone, ability: 1}}", "no", "yes"),
        ("{can_activate: {object: forest, ability: 1}}", "yes", "yes"),
    ],
)
def test_grand_abolisher_only_during_its_controllers_turn(question, on_alices_turn, on_bobs_turn):
    alice = answer_of(ABOLISHER.format(turn=5, active="Alice", question=question))
    bob = answer_of(ABOLISHER.format(turn=6, active="Bob", question=question))
    assert (alice.value, bob.value) == (on_alices_turn, on_bobs_turn)
    if on_alices_turn == "no":
        assert "101.2" in failed(alice)
    # the restriction was read either way: the answer names it
    assert any("Grand Abolisher" in r.text for r in bob.reasons) or "forest" in question


def test_teferi_beats_leyline_of_anticipation():
    """A flash permission meets a "can't": the restriction wins (CR 101.2)."""
    text = """
    game: {turn: 5, active_player: Alice, phase: ending, step: end, priority: Bob}
    players:
      - name: Alice
        battlefield: ["Teferi, Mage of Zhalfir"]
      - name: Bob
        battlefield: [Leyline of Anticipation]
        hand: [Grizzly Bears]
    question: {can_cast: Grizzly Bears}
    """
    answer = answer_of(text)
    assert answer.value == "no"
    assert {"101.2", "307.5"} <= set(failed(answer))
    assert any("Leyline of Anticipation" in r.text and r.holds is None for r in answer.reasons)


@pytest.mark.parametrize(("cast", "expected"), [(0, "yes"), (1, "no"), (3, "no")])
def test_rule_of_law_counts_the_spells_cast_this_turn(cast, expected):
    text = f"""
    game: {{turn: 5, active_player: Alice}}
    players:
      - name: Alice
        spells_cast_this_turn: {cast}
        hand: [Lightning Bolt]
      - name: Bob
        battlefield: [Rule of Law]
    question: {{can_cast: Lightning Bolt}}
    """
    assert answer_of(text).value == expected


def test_a_restriction_on_noncreature_spells_with_an_unknown_mix_is_unsupported():
    text = """
    cards:
      - name: Quiet Thing
        mana_cost: "{W}"
        types: [Enchantment]
        abilities:
          - restriction: {kind: cast_count, who: each_player, per_turn: 1, spells: [noncreature]}
    game: {turn: 5, active_player: Alice}
    players:
      - name: Alice
        spells_cast_this_turn: 1
        battlefield: [Quiet Thing]
        hand: [Divination, Grizzly Bears]
      - name: Bob
    question: {can_cast: CARD}
    """
    assert answer_of(text.replace("CARD", "Divination")).unsupported
    assert answer_of(text.replace("CARD", "Grizzly Bears")).value == "yes"


SPLIT = """
    game:
      turn: 5
      active_player: Alice
      priority: Bob
      stack: [{{card: {top}, controller: Alice}}]
    players:
      - name: Alice
      - name: Bob
        battlefield:
          - {{card: Llanowar Elves, id: elves, controlled_since_turn: 2}}
          - {{card: Icy Manipulator, id: icy, controlled_since_turn: 2}}
        hand: [{{card: Lightning Bolt, id: bolt}}]
    question: {question}
"""


@pytest.mark.parametrize(
    ("question", "under_split_second", "otherwise"),
    [
        ("{can_cast: bolt}", "no", "yes"),
        ("{can_activate: {object: icy, ability: 1}}", "no", "yes"),
        ("{can_activate: {object: elves, ability: 1}}", "yes", "yes"),
    ],
)
def test_split_second_on_the_stack(question, under_split_second, otherwise):
    shock = answer_of(SPLIT.format(top="Sudden Shock", question=question))
    bolt = answer_of(SPLIT.format(top="Lightning Bolt", question=question))
    assert (shock.value, bolt.value) == (under_split_second, otherwise)
    if under_split_second == "no":
        assert "702.61a" in failed(shock)
    else:
        assert "702.61b" in shock.citations


def test_split_second_doesnt_stop_special_actions_but_the_stack_does():
    text = """
    game:
      turn: 5
      active_player: Alice
      stack: [{card: Sudden Shock, controller: Alice}]
    players:
      - name: Alice
        hand: [Forest]
      - name: Bob
    question: {can_take_special_action: {action: play_land, object: Forest}}
    """
    answer = answer_of(text)
    assert answer.value == "no"
    assert "702.61b" in answer.citations
    assert "702.61a" not in failed(answer)  # the stack, not split second, stops it


def test_cli_shows_the_static_and_answers_with_it(tmp_path):
    shown = run_cli("card", "Grand Abolisher")
    assert shown.returncode == 0
    assert "can't cast spells" in shown.stdout and "CR 101.2" in shown.stdout
    case = tmp_path / "case.yaml"
    case.write_text(
        "game: {turn: 5, active_player: Alice, priority: Bob}\n"
        "players:\n"
        "  - {name: Alice, battlefield: [Grand Abolisher]}\n"
        "  - {name: Bob, hand: [Lightning Bolt]}\n"
        "question: {can_cast: Lightning Bolt}\n"
        "expect: {answer: no, rules: [101.2, 601.3]}\n",
        encoding="utf-8",
    )
    done = run_cli("check", "-f", "json", str(case))
    assert done.returncode == 0, done.stdout
    (result,) = json.loads(done.stdout)["results"]
    assert result["status"] == "pass" and result["answer"] == "no"


def test_paying_a_cost_respects_restrictions_and_haste_permissions():
    """With `pay: true`, a mana source a restriction forbids can't pay (602.5, 101.2), and a
    sick creature an "as though it had haste" permission covers can (702.10c)."""
    text = """
    game: {turn: 5, active_player: Alice, priority: Bob}
    players:
      - name: Alice
        battlefield: [STATIC]
      - name: Bob
        battlefield:
          - {card: Mind Stone, id: stone}
          - {card: Llanowar Elves, id: elves, entered_this_turn: true}
          - Thousand-Year Elixir
        hand: [Divination]
    question: {can_cast: Divination, pay: true}
    """
    game = "game: {turn: 6, active_player: Bob}"
    mine = text.replace("game: {turn: 5, active_player: Alice, priority: Bob}", game)
    # {2}{U}: Mind Stone's {C} and the Elves' {G} make no blue; with Bob's Island they pay it
    assert answer_of(mine.replace("STATIC", "Island")).value == "no"
    with_island = mine.replace("Thousand-Year Elixir", "Thousand-Year Elixir\n          - Island")
    assert answer_of(with_island.replace("STATIC", "Island")).value == "yes"
    silenced = answer_of(with_island.replace("STATIC", "Stony Silence"))
    assert silenced.value == "no"  # Mind Stone can't pay: {G} and {U} leave one generic
    assert any("Stony Silence" in r.text and "101.2" in r.rules for r in silenced.reasons)
    no_elixir = with_island.replace("          - Thousand-Year Elixir\n", "")
    assert answer_of(no_elixir.replace("STATIC", "Island")).value == "no"  # sick Elves can't pay
