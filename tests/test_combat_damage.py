"""Combat played out (mtgrules/play/combat_steps.py, mtgrules/rules/combat/damage.py).

Each test plays a combat from a small board and checks what a wrong engine gets wrong:
who strikes first, how much tramples over, what a division must be, what is tapped,
when a creature leaves combat, and when the engine must refuse or ask for a choice.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from mtgrules.bank.checking import evaluate
from mtgrules.caseio.actions import ACTION_KINDS, Action
from mtgrules.caseio.case import read_case
from mtgrules.model.state import Zone
from mtgrules.model.turn import Step
from mtgrules.play.combat_steps import remove_from_combat
from mtgrules.play.engine import play_out
from mtgrules.play.game import Game, Illegal, Invalid, Refused
from mtgrules.rules.combat.damage import Division

CARDS = """\
cards:
  - {name: Test Rhino, mana_cost: "{3}{G}", types: [Creature], subtypes: [Rhino], power: 4, toughness: 4, abilities: [{keyword: trample}]}
  - {name: Test Viper, mana_cost: "{2}{B}", types: [Creature], subtypes: [Snake], power: 3, toughness: 3, abilities: [{keyword: trample}, {keyword: deathtouch}]}
  - {name: Test Duelist, mana_cost: "{1}{W}", types: [Creature], subtypes: [Human], power: 2, toughness: 2, abilities: [{keyword: first strike}]}
  - {name: Test Paladin, mana_cost: "{2}{W}", types: [Creature], subtypes: [Knight], power: 2, toughness: 2, abilities: [{keyword: double strike}]}
  - {name: Test Sentry, mana_cost: "{1}{W}", types: [Creature], subtypes: [Soldier], power: 2, toughness: 2, abilities: [{keyword: vigilance}]}
  - {name: Test Plaguebearer, mana_cost: "{1}{G}", types: [Creature], subtypes: [Beast], power: 2, toughness: 2, abilities: [{keyword: infect}]}
  - {name: Test Wall, mana_cost: "{1}{W}", types: [Creature], subtypes: [Wall], power: 0, toughness: 5, abilities: [{keyword: defender}]}
  - {name: Test Squire, mana_cost: "{W}", types: [Creature], subtypes: [Human], power: 1, toughness: 1}
  - {name: Test Totem, mana_cost: "{2}", types: [Artifact], abilities: [{static: "Prevent all combat damage that would be dealt by creatures with power 2 or less."}]}
"""


def board(alice: list[str], bob: list[str], where: str = "phase: precombat_main") -> str:
    def listed(items: list[str]) -> str:
        return "".join(f"      - {item}\n" for item in items) or "      []\n"

    return (
        "id: combat\n"
        + CARDS
        + f"game: {{turn: 4, active_player: Alice, {where}}}\n"
        + "players:\n  - name: Alice\n    battlefield:\n"
        + listed(alice)
        + "  - name: Bob\n    battlefield:\n"
        + listed(bob)
        + "question:\n  state: [life]\n"
    )


def case_with(text: str, *entries: dict | str):
    actions = []
    for i, entry in enumerate(entries):
        if isinstance(entry, str):
            actions.append(Action(i + 1, entry, None, (), 30 + i, 5))
            continue
        kind = next(k for k in entry if k in ACTION_KINDS)
        options = tuple((k, v) for k, v in entry.items() if k != kind)
        actions.append(Action(i + 1, kind, entry[kind], options, 30 + i, 5))
    return replace(read_case(text.encode(), "combat.yaml"), actions=tuple(actions))


def play(alice, bob, *entries, where="phase: precombat_main") -> Game:
    return play_out(case_with(board(alice, bob, where), *entries))


BEARS = "{card: Grizzly Bears, id: bears}"


def test_first_strike_kills_the_blocker_before_it_deals_damage():
    game = play(
        ["{card: Test Duelist, id: duelist}"],
        [BEARS],
        {"attack": {"duelist": "Bob"}},
        {"block": {"bears": "duelist"}},
        {"next": "end_of_combat"},
    )
    assert game.state.obj("bears").zone is Zone.GRAVEYARD
    assert game.state.obj("duelist").damage == 0  # simultaneous damage would mark 2
    assert any("510.4" in s.rules for s in game.steps)


def test_double_strike_deals_damage_in_two_steps():
    game = play(
        ["{card: Test Paladin, id: paladin}"],
        [],
        {"attack": {"paladin": "Bob"}},
        {"next": "end_of_combat"},
    )
    assert game.state.player("Bob").life == 16
    assert game.state.step is Step.END_OF_COMBAT


def test_vigilance_keeps_the_attacker_untapped_and_the_others_tap():
    game = play(
        ["{card: Test Sentry, id: sentry}", BEARS],
        [],
        {"attack": {"sentry": "Bob", "bears": "Bob"}},
    )
    assert not game.state.obj("sentry").tapped
    assert game.state.obj("bears").tapped
    assert game.state.obj("sentry").attacking == "Bob"


def test_trample_needs_a_division_and_lists_the_legal_ones():
    with pytest.raises(Invalid) as stop:
        play(
            ["{card: Test Rhino, id: rhino}"],
            ["{card: Test Squire, id: squire}"],
            {"attack": {"rhino": "Bob"}},
            {"block": {"squire": "rhino"}},
            {"next": "combat_damage"},
        )
    assert stop.value.code == "P002"
    assert "{squire: 1, Bob: 3}" in stop.value.options
    assert not any("squire: 0" in o for o in stop.value.options)


def test_trample_to_the_player_before_lethal_to_the_blocker_is_not_offered():
    with pytest.raises(Invalid) as stop:
        play(
            ["{card: Test Rhino, id: rhino}"],
            ["{card: Test Squire, id: squire}"],
            {"attack": {"rhino": "Bob"}},
            {"block": {"squire": "rhino"}},
            {"next": "combat_damage"},
            {"choose": {"damage": {"squire": 0, "Bob": 4}}},
        )
    assert stop.value.code == "P003" and "702.19b" in stop.value.reason


def test_a_single_legal_assignment_asks_nothing():
    # 4 power, 5 toughness to get through: trample has nowhere else to go
    game = play(
        ["{card: Test Rhino, id: rhino}"],
        ["{card: Test Wall, id: wall}"],
        {"attack": {"rhino": "Bob"}},
        {"block": {"wall": "rhino"}},
        {"next": "combat_damage"},
    )
    assert game.state.obj("wall").damage == 4
    assert game.state.player("Bob").life == 20


def test_deathtouch_makes_one_damage_lethal_for_trample():
    division = Division("viper", "Alice", 3, ("wall",), (1,), "Bob")
    assert division.problem({"wall": 1, "Bob": 2}) is None
    assert division.problem({"wall": 0, "Bob": 3}) is not None
    without = Division("rhino", "Alice", 3, ("wall",), (5,), "Bob")
    assert without.problem({"wall": 1, "Bob": 2}) is not None
    assert without.options() == [{"wall": 3, "Bob": 0}]


def test_two_blockers_divide_as_chosen_and_must_use_all_the_damage():
    division = Division("bears", "Alice", 2, ("a", "b"))
    assert division.problem({"a": 2}) is None  # no damage assignment order any more
    assert division.problem({"a": 1}) is not None
    assert len(division.options()) == 3


def test_passing_through_the_declare_blockers_step_declares_none():
    game = play(
        [BEARS],
        ["{card: Test Squire, id: squire}"],
        {"attack": {"bears": "Bob"}},
        {"next": "combat_damage"},
    )
    assert game.state.obj("bears").blocked is False
    assert game.state.player("Bob").life == 18


def test_a_board_past_the_declaration_without_blockers_recorded_refuses():
    with pytest.raises(Refused) as stop:
        play(
            ["{card: Grizzly Bears, id: bears, attacking: Bob, tapped: true}"],
            ["{card: Test Squire, id: squire}"],
            "pass",
            "pass",
            where="phase: combat, step: declare_blockers",
        )
    assert "blocked" in stop.value.reason


def test_attackers_are_not_declared_again_after_the_step_began():
    with pytest.raises(Illegal) as stop:
        play([BEARS], [], {"next": "declare_attackers"}, {"attack": {"bears": "Bob"}})
    assert any("508.1" in r.rules for r in stop.value.answer.reasons)


def test_attacking_your_own_self_is_illegal():
    with pytest.raises(Illegal):
        play([BEARS], [], {"attack": {"bears": "Alice"}})


def test_an_illegal_block_is_no_with_the_blocking_reasons():
    with pytest.raises(Illegal) as stop:
        play(
            [BEARS],
            ["{card: Test Squire, id: squire, tapped: true}"],
            {"attack": {"bears": "Bob"}},
            {"block": {"squire": "bears"}},
        )
    assert stop.value.answer.value == "no"
    assert any("509.1a" in r.rules for r in stop.value.answer.reasons if r.holds is False)
    # the NO follows the play-out that led to it: the passes that ended the declare
    # attackers step and the declare blockers step beginning (they were left out)
    texts = [step.text for step in stop.value.steps]
    assert any("declare blockers step begins" in t for t in texts), texts


def test_infect_gives_poison_instead_of_life_loss():
    game = play(
        ["{card: Test Plaguebearer, id: plague}"],
        [],
        {"attack": {"plague": "Bob"}},
        {"next": "combat_damage"},
    )
    bob = game.state.player("Bob")
    assert (bob.life, bob.poison) == (20, 2)


def test_an_unread_prevention_effect_refuses_naming_it():
    with pytest.raises(Refused) as stop:
        play(
            [BEARS],
            ["{card: Test Totem, id: totem}"],
            {"attack": {"bears": "Bob"}},
            {"next": "combat_damage"},
        )
    assert "Test Totem" in stop.value.reason


def test_a_creature_whose_controller_changed_is_removed_from_combat():
    game = play([BEARS], [], {"attack": {"bears": "Bob"}})
    state = game.state
    stolen = replace(state.obj("bears"), controller="Bob")
    moved = replace(state, objects=tuple(stolen if o.oid == "bears" else o for o in state.objects))
    after = remove_from_combat(replace(game, state=moved))
    assert not after.state.obj("bears").attacking
    assert any("506.4" in s.rules for s in after.steps)


def test_combat_ends_with_nothing_in_combat():
    game = play(
        [BEARS],
        ["{card: Test Squire, id: squire}"],
        {"attack": {"bears": "Bob"}},
        {"block": {}},
        {"next": "postcombat_main"},
    )
    assert not any(o.attacking or o.blocking or o.blocked is not None for o in game.state.objects)
    assert not game.state.combat.blockers_declared


def test_an_attacker_destroyed_before_blockers_still_leaves_a_combat_with_blockers_step():
    # 508.8 skips the blockers and damage steps only when no creature was declared
    text = board([BEARS, "{card: Mountain, id: m1}"], []).replace(
        "  - name: Bob\n", "    hand:\n      - {card: Test Blast, id: blast}\n  - name: Bob\n"
    )
    text = text.replace(
        "cards:\n",
        'cards:\n  - {name: Test Blast, mana_cost: "{R}", types: [Instant], abilities: '
        '[{spell: {does: "This spell deals 4 damage to any target.", targets: [any target]}}]}\n',
    )
    game = play_out(
        case_with(
            text,
            {"attack": {"bears": "Bob"}},
            {"cast": "blast", "targets": ["bears"]},
            "resolve",
            {"next": "combat_damage"},
        )
    )
    assert game.state.step is Step.COMBAT_DAMAGE
    assert any("506.4" in s.rules for s in game.steps)
    assert game.state.player("Bob").life == 20


def test_can_block_after_the_play_out_declared_blockers_is_no():
    text = board([BEARS], ["{card: Test Squire, id: squire}"]).replace(
        "question:\n  state: [life]\n",
        "question:\n  can_block: {object: squire, attacker: bears}\n",
    )
    case = case_with(text, {"attack": {"bears": "Bob"}}, {"block": {}})
    answer = evaluate(case)
    assert answer.value == "no"
    assert any("509.1" in r.rules for r in answer.reasons if r.holds is False)
