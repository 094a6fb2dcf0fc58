"""Unit tests of the rule functions behind ``can_activate``.

Each state is built the way a judge would describe it: a small YAML case read
through :func:`mtgrules.caseio.case.read_case`, so the tests exercise the same
load -> validate -> build path as the command line.
"""

from __future__ import annotations

from typing import Any

import pytest
import yaml

from mtgrules.caseio.case import Case, read_case
from mtgrules.model.state import GameObject, GameState
from mtgrules.rules.activation.abilities import activation_checks
from mtgrules.rules.activation.summoning_sickness import (
    controlled_since_latest_turn,
    tap_symbol_checks,
)
from mtgrules.rules.layers.characteristics import ALL_CREATURE_TYPES, characteristics
from mtgrules.rules.mana.abilities import is_mana_ability, mana_ability_criteria
from mtgrules.rules.turn.order import most_recent_turn
from mtgrules.rules.turn.timing import sorcery_timing


def case_of(
    *,
    turn: int = 3,
    active: str = "Alice",
    players: tuple[str, ...] = ("Alice", "Bob"),
    battlefield: dict[str, list[dict[str, Any]]] | None = None,
    effects: list[dict[str, Any]] | None = None,
    last_turn: dict[str, int] | None = None,
    **game: Any,
) -> Case:
    """A case from keyword arguments, written out as YAML and read like a case file."""
    battlefield = battlefield or {}
    last_turn = last_turn or {}
    people = []
    for name in players:
        person: dict[str, Any] = {"name": name}
        if name in last_turn:
            person["last_turn"] = last_turn[name]
        if battlefield.get(name):
            person["battlefield"] = battlefield[name]
        people.append(person)
    objects = [o for listed in battlefield.values() for o in listed]
    about = objects[0].get("id") or objects[0]["card"] if objects else None
    data: dict[str, Any] = {
        "game": {"turn": turn, "active_player": active, **game},
        "players": people,
        "question": {"characteristics": about or "nothing"},  # any question: only the board matters
    }
    if effects:
        data["effects"] = effects
    if about is None:  # a question needs an object: give the active player one to ask about
        people[0]["battlefield"] = [{"card": "Grizzly Bears", "id": "nothing"}]
    text = yaml.safe_dump(data, sort_keys=False)
    return read_case(text.encode("utf-8"), "x.yaml")


def state_of(**kwargs: Any) -> GameState:
    return case_of(**kwargs).state


def obj(state: GameState, ref: str) -> GameObject:
    return state.find(ref)


# --- rules/turn_order.most_recent_turn ------------------------------------------------


@pytest.mark.parametrize(
    ("turn", "active", "expected"),
    [
        (1, "Alice", {"Alice": 1, "Bob": None}),  # Bob hasn't had a turn yet
        (2, "Bob", {"Alice": 1, "Bob": 2}),
        (5, "Alice", {"Alice": 5, "Bob": 4}),
        (8, "Bob", {"Alice": 7, "Bob": 8}),
    ],
)
def test_most_recent_turn_two_players(turn, active, expected):
    state = state_of(turn=turn, active=active)
    assert {p: most_recent_turn(state, p) for p in ("Alice", "Bob")} == expected


@pytest.mark.parametrize(
    ("turn", "active", "expected"),
    [
        (1, "Alice", {"Alice": 1, "Bob": None, "Carol": None}),
        (2, "Bob", {"Alice": 1, "Bob": 2, "Carol": None}),
        (6, "Carol", {"Alice": 4, "Bob": 5, "Carol": 6}),
        (7, "Alice", {"Alice": 7, "Bob": 5, "Carol": 6}),
    ],
)
def test_most_recent_turn_three_players_follow_the_listed_order(turn, active, expected):
    state = state_of(turn=turn, active=active, players=("Alice", "Bob", "Carol"))
    assert {p: most_recent_turn(state, p) for p in expected} == expected


def test_last_turn_overrides_the_rotation_after_an_extra_turn():
    # Turns: 1 Alice, 2 Bob, 3 Alice, 4 Bob, 5 Bob (an extra turn). Arithmetic says 4 for Alice.
    plain = state_of(turn=5, active="Bob")
    assert most_recent_turn(plain, "Alice") == 4
    given = state_of(turn=5, active="Bob", last_turn={"Alice": 3})
    assert most_recent_turn(given, "Alice") == 3
    assert most_recent_turn(given, "Bob") == 5


# --- rules/summoning_sickness --------------------------------------------------------


def elves(**fields: Any) -> dict[str, Any]:
    return {"card": "Llanowar Elves", "id": "elves", **fields}


@pytest.mark.parametrize(
    ("turn", "active", "since", "ok"),
    [
        (5, "Alice", None, True),  # absent: since before the current turn
        (5, "Alice", 3, True),
        (5, "Alice", 4, True),  # arrived on Bob's turn 4, before Alice's turn 5 began
        (5, "Alice", 5, False),  # arrived this turn
        (6, "Bob", 5, False),  # arrived during Alice's most recent turn, after it began
        (6, "Bob", 6, False),  # arrived on Bob's turn, after Alice's most recent turn
        (6, "Bob", 4, True),
    ],
)
def test_controlled_since_latest_turn(turn, active, since, ok):
    fields = {} if since is None else {"controlled_since_turn": since}
    state = state_of(turn=turn, active=active, battlefield={"Alice": [elves(**fields)]})
    held, why = controlled_since_latest_turn(state, obj(state, "elves"))
    assert held is ok
    assert "Alice" in why


@pytest.mark.parametrize("since", [None, 1])
def test_a_player_who_has_not_had_a_turn_has_not_controlled_anything_since_it_began(since):
    fields = {} if since is None else {"controlled_since_turn": since}
    state = state_of(turn=1, active="Alice", battlefield={"Bob": [elves(**fields)]})
    held, why = controlled_since_latest_turn(state, obj(state, "elves"))
    assert held is False
    assert "not had a turn" in why


def test_last_turn_override_changes_summoning_sickness():
    # Alice got the Elves on turn 3. Bob then took turns 4 and 5 (an extra one).
    board = {"Alice": [elves(controlled_since_turn=3)]}
    by_rotation = state_of(turn=5, active="Bob", battlefield=board)
    assert controlled_since_latest_turn(by_rotation, obj(by_rotation, "elves"))[0] is True
    told = state_of(turn=5, active="Bob", battlefield=board, last_turn={"Alice": 3})
    assert controlled_since_latest_turn(told, obj(told, "elves"))[0] is False


def test_control_is_measured_for_the_controller_not_the_owner():
    board = {"Alice": [elves(owner="Bob", controlled_since_turn=4)]}
    state = state_of(turn=4, active="Bob", battlefield=board)
    held, why = controlled_since_latest_turn(state, obj(state, "elves"))
    assert held is False  # Alice's most recent turn is 3; she got them on Bob's turn 4
    assert "Alice" in why and "turn 3" in why


def tap_checks(state: GameState, ref: str, symbol: str = "{T}"):
    o = obj(state, ref)
    return tap_symbol_checks(state, o, characteristics(state, o), symbol)


def test_noncreature_permanents_are_never_summoning_sick():
    state = state_of(
        battlefield={"Alice": [{"card": "Mind Stone", "id": "stone", "controlled_since_turn": 3}]}
    )
    (reason,) = tap_checks(state, "stone")
    assert reason.holds is True
    assert set(reason.rules) == {"302.6", "602.5a"}


def test_a_sick_creature_fails_with_the_summoning_sickness_rules():
    state = state_of(battlefield={"Alice": [elves(controlled_since_turn=3)]})
    (reason,) = tap_checks(state, "elves", "{Q}")
    assert reason.holds is False
    assert set(reason.rules) == {"302.6", "602.5a"}
    assert "{Q}" in reason.text


def test_a_creature_controlled_since_an_earlier_turn_passes():
    state = state_of(battlefield={"Alice": [elves(controlled_since_turn=2)]})
    (reason,) = tap_checks(state, "elves")
    assert reason.holds is True


def test_printed_haste_overrides_summoning_sickness():
    board = {
        "Alice": [{"card": "Kiki-Jiki, Mirror Breaker", "id": "kiki", "entered_this_turn": True}]
    }
    state = state_of(battlefield=board)
    reasons = tap_checks(state, "kiki")
    assert [r.holds for r in reasons] == [None, True]
    assert reasons[1].rules == ("702.10c",)


def test_haste_granted_by_an_effect_overrides_summoning_sickness():
    board = {"Alice": [elves(entered_this_turn=True)]}
    granted = [{"source": "Concordant Crossroads", "affect": "elves", "add_abilities": ["haste"]}]
    state = state_of(battlefield=board, effects=granted)
    assert [r.holds for r in tap_checks(state, "elves")] == [None, True]


def test_a_creature_that_lost_haste_is_summoning_sick_again():
    board = {
        "Alice": [{"card": "Kiki-Jiki, Mirror Breaker", "id": "kiki", "entered_this_turn": True}]
    }
    state = state_of(battlefield=board, effects=[{"affect": "kiki", "remove_all_abilities": True}])
    (reason,) = tap_checks(state, "kiki")
    assert reason.holds is False


def test_a_land_that_became_a_creature_is_judged_as_a_creature():
    animate = [
        {
            "source": "vault",
            "affect": "vault",
            "becomes": {"types": ["Creature"], "power": 2, "toughness": 2},
        }
    ]
    fresh = state_of(
        battlefield={"Alice": [{"card": "Mutavault", "id": "vault", "controlled_since_turn": 3}]},
        effects=animate,
    )
    assert [r.holds for r in tap_checks(fresh, "vault")] == [False]
    old = state_of(
        battlefield={"Alice": [{"card": "Mutavault", "id": "vault", "controlled_since_turn": 1}]},
        effects=animate,
    )
    assert [r.holds for r in tap_checks(old, "vault")] == [True]
    unanimated = state_of(
        battlefield={"Alice": [{"card": "Mutavault", "id": "vault", "controlled_since_turn": 3}]}
    )
    assert [r.holds for r in tap_checks(unanimated, "vault")] == [True]


# --- rules/activation: other cost parts ---------------------------------------------


def drum_checks(state: GameState):
    drum = obj(state, "drum")
    chars = characteristics(state, drum)
    return activation_checks(state, drum, chars, chars.abilities[0], "Alice")


def test_springleaf_drum_may_tap_a_summoning_sick_creature():
    board = {
        "Alice": [
            {"card": "Springleaf Drum", "id": "drum"},
            {"card": "Grizzly Bears", "id": "bears", "entered_this_turn": True},
        ]
    }
    reasons = drum_checks(state_of(battlefield=board))
    assert all(r.holds is not False for r in reasons)
    assert any("Grizzly Bears" in r.text and r.holds for r in reasons)


@pytest.mark.parametrize(
    "others",
    [
        [],
        [{"card": "Grizzly Bears", "tapped": True}],
        [{"card": "Mind Stone"}],  # not a creature
    ],
)
def test_springleaf_drum_needs_another_untapped_creature(others):
    board = {"Alice": [{"card": "Springleaf Drum", "id": "drum"}, *others]}
    failed = [r for r in drum_checks(state_of(battlefield=board)) if r.holds is False]
    assert len(failed) == 1
    assert "no untapped creature" in failed[0].text


def test_springleaf_drum_that_is_a_creature_cannot_tap_itself_twice():
    board = {"Alice": [{"card": "Springleaf Drum", "id": "drum", "controlled_since_turn": 1}]}
    made_creature = [{"affect": "drum", "add_types": ["Creature"]}]
    failed = [
        r
        for r in drum_checks(state_of(battlefield=board, effects=made_creature))
        if r.holds is False
    ]
    assert [("no untapped creature" in r.text and "not itself" in r.text) for r in failed] == [True]


def test_an_opponents_creature_does_not_pay_springleaf_drums_cost():
    board = {
        "Alice": [{"card": "Springleaf Drum", "id": "drum"}],
        "Bob": [{"card": "Grizzly Bears"}],
    }
    assert any(r.holds is False for r in drum_checks(state_of(battlefield=board)))


# --- rules/timing.sorcery_timing -----------------------------------------------------

RULES = ("602.5d", "307.5")


def timing(**game: Any):
    return sorcery_timing(state_of(**game), "Alice", RULES)


def test_sorcery_timing_in_own_main_phase_with_empty_stack_and_priority():
    for phase in ("precombat_main", "postcombat_main"):
        reasons = timing(phase=phase)
        assert [r.holds for r in reasons] == [True, True, True]
        assert all(r.rules == RULES for r in reasons)


def test_sorcery_timing_fails_on_an_opponents_turn_even_in_their_main_phase():
    phase, stack, priority = timing(turn=4, active="Bob", priority="Alice")
    assert (phase.holds, stack.holds, priority.holds) == (False, True, True)
    assert "Bob" in phase.text


@pytest.mark.parametrize(
    ("phase", "step"),
    [("combat", "declare_attackers"), ("beginning", "upkeep"), ("ending", "end")],
)
def test_sorcery_timing_fails_outside_a_main_phase(phase, step):
    reasons = timing(phase=phase, step=step)
    assert reasons[0].holds is False
    assert step.replace("_", " ") in reasons[0].text


def test_sorcery_timing_fails_with_objects_on_the_stack():
    stack = [
        {"ability_of": "nothing", "ability": 1, "controller": "Bob"},
        {"ability_of": "nothing", "ability": 1, "controller": "Bob"},
    ]
    reasons = timing(stack=stack)
    assert [r.holds for r in reasons] == [True, False, True]
    assert "2 objects" in reasons[1].text


@pytest.mark.parametrize(("priority", "word"), [("Bob", "Bob has priority"), (None, "Nobody")])
def test_sorcery_timing_needs_priority(priority, word):
    reasons = timing(priority=priority)
    assert reasons[2].holds is False
    assert word in reasons[2].text


# --- rules/mana_abilities.mana_ability_criteria --------------------------------------


def criteria(card: str, number: int = 1):
    loyal = {"counters": {"loyalty": 6}} if card == "Gideon Jura" else {}  # C021
    state = state_of(battlefield={"Alice": [{"card": card, "id": "it", **loyal}]})
    ability = characteristics(state, obj(state, "it")).abilities[number - 1]
    return ability, [r.holds for r in mana_ability_criteria(ability)]


@pytest.mark.parametrize(
    ("card", "number", "holds", "mana"),
    [
        ("Llanowar Elves", 1, [True, True, True, True], True),
        ("Springleaf Drum", 1, [True, True, True, True], True),
        ("Forest", 1, [True, True, True, True], True),  # intrinsic, CR 305.6
        ("Icy Manipulator", 1, [False, False, True, True], False),  # targets, adds no mana
        ("Millikin", 1, [True, True, True, False], False),  # mills as part of its cost
        ("Mind Stone", 2, [True, False, True, False], False),  # draws a card
        ("Gideon Jura", 3, [True, False, False, True], False),  # a loyalty ability
    ],
)
def test_mana_ability_criteria(card, number, holds, mana):
    ability, found = criteria(card, number)
    assert found == holds
    assert is_mana_ability(ability) is mana
    # 605.5a decides the failed target criterion: a target makes it no mana ability
    for r in mana_ability_criteria(ability):
        targeted = r.holds is False and "target" in r.text
        assert r.rules == (("605.1a", "605.5a") if targeted else ("605.1a",)), r


# --- rules/layers.characteristics ----------------------------------------------------


def chars(card: str, effects: list[dict[str, Any]] | None = None, **fields: Any):
    state = state_of(battlefield={"Alice": [{"card": card, "id": "it", **fields}]}, effects=effects)
    return characteristics(state, obj(state, "it"))


def test_becomes_animates_a_land_and_keeps_it_a_land():
    c = chars(
        "Mutavault",
        [
            {
                "source": "it",
                "affect": "it",
                "becomes": {
                    "types": ["Creature"],
                    "all_creature_types": True,
                    "power": 2,
                    "toughness": 2,
                },
            }
        ],
    )
    assert c.is_a("Creature") and c.is_a("Land")
    assert (c.power, c.toughness) == (2, 2)
    assert ALL_CREATURE_TYPES in c.subtypes
    assert len(c.abilities) == 2  # it keeps its abilities
    assert [a.layer for a in c.applied] == ["4", "7b"]


def test_printed_characteristics_without_effects():
    c = chars("Mutavault")
    assert not c.is_a("Creature")
    assert c.power is None
    assert c.applied == ()


def test_add_types_makes_an_artifact_a_creature():
    c = chars(
        "Mind Stone", [{"affect": "it", "add_types": ["Creature"], "add_subtypes": ["Golem"]}]
    )
    assert c.types == ("Artifact", "Creature")
    assert "Golem" in c.subtypes
    assert [a.rules for a in c.applied] == [("613.1d", "205.1b")]  # it stays an artifact


def test_set_types_replaces_the_card_types():
    c = chars("Mind Stone", [{"affect": "it", "set_types": ["Land"]}])
    assert c.types == ("Land",)


def test_remove_all_abilities_removes_printed_and_intrinsic_abilities():
    assert chars("Llanowar Elves", [{"affect": "it", "remove_all_abilities": True}]).abilities == ()
    assert len(chars("Forest").abilities) == 1
    assert chars("Forest", [{"affect": "it", "remove_all_abilities": True}]).abilities == ()


def test_layer_6_effects_apply_in_timestamp_order():
    lose = {"affect": "it", "remove_all_abilities": True}
    gain = {"affect": "it", "add_abilities": ["haste"]}
    later_gain = chars("Grizzly Bears", [{**lose, "timestamp": 1}, {**gain, "timestamp": 2}])
    assert later_gain.has_keyword("haste")
    later_loss = chars("Grizzly Bears", [{**gain, "timestamp": 1}, {**lose, "timestamp": 2}])
    assert not later_loss.has_keyword("haste")
    listed_first_but_later = chars(
        "Grizzly Bears", [{**gain, "timestamp": 2}, {**lose, "timestamp": 1}]
    )
    assert listed_first_but_later.has_keyword("haste")


@pytest.mark.parametrize(
    ("counters", "effects", "pt"),
    [
        ({"+1/+1": 2}, None, (2, 2)),
        ({"+1/+1": 2, "-1/-1": 1}, None, (1, 1)),
        ({"+1/+1": 1}, [{"affect": "it", "power_toughness": "+1/+2"}], (2, 3)),
        ({"+1/+1": 1}, [{"affect": "it", "power_toughness": "=0/1"}], (1, 2)),  # 7b, then counters
    ],
)
def test_counters_and_power_toughness_effects(counters, effects, pt):
    c = chars("Hangarback Walker", effects, counters=counters)
    assert (c.power, c.toughness) == pt


def test_a_copy_effect_gives_the_copied_characteristics():
    state = state_of(
        battlefield={
            "Alice": [
                {"card": "Grizzly Bears", "id": "it"},
                {"card": "Llanowar Elves", "id": "other"},
            ]
        },
        effects=[{"affect": "it", "copy_of": "other"}],
    )
    copied = characteristics(state, obj(state, "it"))
    assert (copied.name, copied.power, copied.toughness) == ("Llanowar Elves", 1, 1)


# --- the question's ability is looked up on the object as it is now -------------------


def test_an_ability_granted_by_an_effect_can_be_named_by_its_keyword():
    from mtgrules.api import evaluate

    text = yaml.safe_dump(
        {
            "game": {"turn": 3, "active_player": "Alice"},
            "players": [
                {"name": "Alice", "battlefield": [{"card": "Grizzly Bears", "id": "bears"}]}
            ],
            "effects": [{"affect": "bears", "add_abilities": ["haste"]}],
            "question": {"can_activate": {"object": "bears", "ability": "haste"}},
        }
    )
    asked = read_case(text.encode(), "x.yaml")  # validation found ability "haste": no C008
    answer = evaluate(asked)
    assert answer.value == "no"
    assert answer.citations == ("602.1c",)
