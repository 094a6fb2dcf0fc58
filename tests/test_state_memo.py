"""A state remembers characteristics it computed (model.state.per_state), and never wrongly."""

from __future__ import annotations

from dataclasses import replace

from mtgrules.model.turn import Phase, Step
from mtgrules.rules.layers import characteristics
from tests.test_rules_copy import board


def test_an_object_as_it_would_be_is_not_mistaken_for_the_one_in_the_state():
    state = board("- {card: Grizzly Bears, id: a}\n")
    now = state.obj("a")
    assert characteristics(state, now).power == 2
    pumped = replace(now, counters=(("+1/+1", 3),))  # same id "a", another object
    assert characteristics(state, pumped).power == 5
    assert characteristics(state, now).power == 2


def test_a_state_made_by_replace_starts_with_its_own_memory():
    fx = "effects:\n  - {source: a, affect: a, copy_of: bears, until: end_of_turn, timestamp: 2}\n"
    state = board("- {card: Identity Thief, id: a}\n- {card: Grizzly Bears, id: bears}\n", fx)
    assert characteristics(state, state.obj("a")).name == "Grizzly Bears"
    later = replace(state, phase=Phase.ENDING, step=Step.CLEANUP)  # the copy effect has ended
    assert characteristics(later, later.obj("a")).name == "Identity Thief"


def test_the_options_are_part_of_what_is_remembered():
    state = board("- {card: Grizzly Bears, id: a}\n- {card: Leyline of Anticipation, id: l}\n")
    bears = state.obj("a")
    through_4 = characteristics(state, bears, through="4")
    full = characteristics(state, bears)
    assert through_4 is not full and characteristics(state, bears) is full


def test_a_state_that_only_passed_priority_or_grew_its_stack_shares_the_memory():
    state = board("- {card: Grizzly Bears, id: a}\n")
    bears = state.obj("a")
    first = characteristics(state, bears)
    passed = replace(state, priority="Bob", stack=())
    assert characteristics(passed, passed.obj("a")) is first  # worked out once
    life = replace(state, players=tuple(replace(p, life=p.life - 1) for p in state.players))
    assert characteristics(life, life.obj("a")) is not first  # what it reads changed
