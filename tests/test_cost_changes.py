"""Cost increases and reductions (CR 601.2f, 118.7): reading, the data form, the arithmetic."""

from __future__ import annotations

import pytest

from mtgrules.cards.cost_changes import CostChange, cost_change_from_data
from mtgrules.cards.oracle.cost_changes import read_cost_change
from mtgrules.cards.oracle.costs import SelfRefs
from mtgrules.rules import Unsupported
from mtgrules.rules.casting.cost_changes import apply_changes


def _change(line: str) -> CostChange | None:
    ability = read_cost_change(SelfRefs(line, "Test Card"))
    return None if ability is None else ability.cost_change


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        (
            "Creature spells you cast cost {2} less to cast.",
            CostChange(("2",), False, spells=("creature",)),
        ),
        (
            "Noncreature spells cost {1} more to cast.",
            CostChange(("1",), True, who="players", spells=("noncreature",)),
        ),
        (
            "White spells you cast cost {W} more to cast.",
            CostChange(("W",), True, spells=("white",)),
        ),
        (
            "Kithkin spells and Soldier spells you cast cost {1} less to cast.",
            CostChange(("1",), False, spells=("Kithkin", "Soldier"), each_noun=True),
        ),
        (
            "During your turn, spells your opponents cast cost {1} more to cast.",
            CostChange(("1",), True, who="opponents", during="your_turn"),
        ),
    ],
)
def test_the_templates_are_read_exactly(line, expected):
    assert _change(line) == expected
    assert expected.render() == line


@pytest.mark.parametrize(
    "line",
    [
        "This spell costs {1} less to cast for each creature card in your graveyard.",
        "This spell costs {3} less to cast if it targets a tapped creature.",
        "Spells your opponents cast with the chosen name cost {2} more to cast.",
        "Spells you cast that target a creature cost {2} less to cast.",
        "Creature spells you cast cost {1} less to cast and have flying.",
        "Activated abilities of creatures you control cost {2} less to activate.",
    ],
)
def test_other_wordings_stay_unread(line):
    assert _change(line) is None


def test_the_spells_own_change_reads_its_group():
    zombie = _change("This spell costs {1} less to cast if you control a Zombie.")
    artifacts = _change("This spell costs {1} less to cast for each artifact you control.")
    assert zombie is not None and zombie.this_spell and zombie.if_control.noun == "Zombie"
    assert artifacts is not None and artifacts.for_each.noun == "artifact"
    # the hand-written form is the same ability
    assert artifacts == cost_change_from_data(
        {"change": "less", "amount": "{1}", "this_spell": True, "for_each": {"noun": "artifact"}}
    )


def _total(cost, *changes):
    return apply_changes(cost, [(symbols, more, None) for symbols, more in changes])


def test_a_generic_reduction_takes_generic_mana_only():  # CR 118.7a
    assert _total(("1", "G"), (("2",), False)) == ("G",)
    assert _total(("G", "G"), (("2",), False)) == ("G", "G")


def test_a_colored_reduction_takes_its_symbol_or_else_generic():  # CR 118.7b-c
    assert _total(("2", "W"), (("W",), False)) == ("2",)
    assert _total(("2", "U"), (("W",), False)) == ("1", "U")
    assert _total(("W",), (("W", "W"), False)) == ()


def test_increases_come_before_reductions_and_nothing_goes_below_zero():  # CR 601.2f
    assert _total(("R",), (("3",), False), (("1",), True)) == ("R",)
    assert _total(("1", "R"), (("1",), True)) == ("2", "R")
    assert _total(("1",), (("5",), False)) == ()


def test_a_colored_reduction_on_a_hybrid_symbol_is_refused():  # CR 118.7c, 118.7e
    with pytest.raises(Unsupported):
        _total(("W/U", "1"), (("W",), False))


def test_a_generic_reduction_beyond_the_generic_part_beside_monocolored_hybrid_is_refused():
    """CR 601.2b, 118.7a: {2/W} may be announced as {2}, which a generic reduction then
    takes off too, so {2/W}{2/W} less {1} isn't {2/W}{2/W}; within the plain generic part
    the announcement can't change the result."""
    with pytest.raises(Unsupported):
        _total(("2/W", "2/W"), (("1",), False))
    with pytest.raises(Unsupported):
        _total(("2/W",), (("U",), False))  # 118.7b: a color it lacks reduces generic
    assert _total(("3", "2/W"), (("1",), False)) == ("2", "2/W")
    assert _total(("W/P",), (("1",), False)) == ("W/P",)  # Phyrexian: no generic half
