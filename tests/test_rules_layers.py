"""The layer system (CR 613) with copy effects in layer 1, on boards built by the real pipeline."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest

from mtgrules.crindex import is_known
from mtgrules.model.turn import Phase, Step
from mtgrules.rules import Unsupported
from mtgrules.rules.layers.characteristics import characteristics
from tests.conftest import CR_TEXT, ROOT
from tests.test_rules_copy import board


def test_copy_effect_applies_in_layer_1_even_with_a_later_timestamp():
    state = board(
        "- {card: Identity Thief, id: a}\n- {card: Grizzly Bears, id: bears}\n",
        "effects:\n"
        "  - {source: Woodcutter's Grit, affect: a, power_toughness: '+3/+3', add_abilities: [hexproof], timestamp: 1}\n"
        "  - {source: a, affect: a, copy_of: bears, timestamp: 2}\n",
    )
    c = characteristics(state, state.obj("a"))
    assert (c.name, c.power, c.toughness) == ("Grizzly Bears", 5, 5)
    assert c.has_keyword("hexproof")
    layers = [a.layer for a in c.applied]
    assert layers.index("1a") < layers.index("6") < layers.index("7c")


def test_setting_effects_apply_in_timestamp_order_and_counters_after_them():
    state = board(
        "- {card: Grizzly Bears, id: a, counters: {+1/+1: 1}}\n",
        "effects:\n"
        "  - {source: late, affect: a, power_toughness: '=4/4', timestamp: 9}\n"
        "  - {source: early, affect: a, power_toughness: '=0/1', timestamp: 2}\n",
    )
    c = characteristics(state, state.obj("a"))
    assert (c.power, c.toughness) == (5, 5)
    sevens = [(a.layer, a.source, a.timestamp) for a in c.applied if a.layer.startswith("7")]
    assert sevens[:2] == [("7b", "early", 2), ("7b", "late", 9)]
    assert sevens[2][0] == "7c" and "counters" in c.applied[-1].what


def test_until_end_of_turn_ends_in_cleanup_not_in_the_end_step():
    bf = "- {card: Identity Thief, id: a}\n- {card: Grizzly Bears, id: bears}\n"
    fx = "effects:\n  - {source: a, affect: a, copy_of: bears, until: end_of_turn, timestamp: 2}\n"
    state = board(bf, fx)
    in_end = replace(state, phase=Phase.ENDING, step=Step.END, _by_id={})
    in_cleanup = replace(state, phase=Phase.ENDING, step=Step.CLEANUP, _by_id={})
    assert characteristics(in_end, in_end.obj("a")).name == "Grizzly Bears"
    after = characteristics(in_cleanup, in_cleanup.obj("a"))
    assert after.name == "Identity Thief" and any("514.2" in n.rules for n in after.notes)


def test_changeling_applies_in_layer_4_before_abilities_are_removed():
    state = board(
        "- {card: Changeling Outcast, id: a}\n",
        "effects:\n  - {source: x, affect: a, remove_all_abilities: true, timestamp: 1}\n",
    )
    c = characteristics(state, state.obj("a"))
    assert "all creature types" in c.subtypes and c.abilities == ()


def test_possible_dependency_on_a_static_ability_is_unsupported():
    state = board(
        "- {card: Grizzly Bears, id: a}\n- {card: Wall of Omens, id: lord}\n",
        "effects:\n"
        "  - {source: lord, affect: a, add_abilities: [flying], timestamp: 1}\n"
        "  - {source: y, affect: lord, remove_all_abilities: true, timestamp: 2}\n",
    )
    with pytest.raises(Unsupported):
        characteristics(state, state.obj("a"))


def test_noncreature_copy_has_no_power_and_planeswalker_loyalty_is_its_counters():
    state = board(
        "- {card: Identity Thief, id: a, counters: {+1/+1: 2}}\n- {card: Gideon Jura, id: g, counters: {loyalty: 3}}\n",
        "effects:\n"
        "  - {source: g, affect: g, becomes: {types: [Creature], power: 6, toughness: 6}, timestamp: 1}\n"
        "  - {source: a, affect: a, copy_of: g, timestamp: 2}\n",
    )
    thief = characteristics(state, state.obj("a"))
    assert thief.types == ("Planeswalker",) and thief.power is None and thief.loyalty == 0
    assert characteristics(state, state.obj("g")).loyalty == 3


CODE = [
    ROOT / "mtgrules" / "rules" / name
    for name in ("copy/values.py", "layers/characteristics.py", "layers/durations.py")
] + [ROOT / "mtgrules" / "questions" / name for name in ("characteristics.py", "enters.py")]


@pytest.mark.shared_data("MagicCompRules.txt")
@pytest.mark.parametrize("path", CODE, ids=lambda p: p.name)
def test_every_rule_number_in_the_copy_code_is_indexed_and_real(path: Path):
    official = CR_TEXT.read_text(encoding="utf-8-sig")
    numbers = set(re.findall(r'"(\d{3}\.\d+[a-z]?)"', path.read_text(encoding="utf-8")))
    assert numbers
    for number in numbers:
        assert is_known(number), number
        assert re.search(rf"^{re.escape(number)}[. ]", official, re.M), number
