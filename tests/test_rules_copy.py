"""Copiable values (CR 707.2, 707.3, 707.9, 708.2, 712.8e/g) on boards built by the real pipeline."""

from __future__ import annotations

import textwrap

import pytest

from mtgrules.caseio.case import read_case
from mtgrules.rules import Unsupported
from mtgrules.rules.copy.values import copiable_values
from mtgrules.rules.layers.characteristics import characteristics


def board(battlefield: str, effects: str = ""):
    """The state of a case whose Alice controls ``battlefield`` (YAML list items)."""
    text = (
        "game: {turn: 3, active_player: Alice}\n"
        "players:\n"
        "  - name: Alice\n"
        "    battlefield:\n"
        + textwrap.indent(textwrap.dedent(battlefield), "      ")
        + "  - name: Bob\n"
        + textwrap.dedent(effects)
        + "question: {characteristics: a}\n"
    )
    return read_case(text.encode(), "test.yaml").state


def test_counters_status_and_noncopy_effects_are_not_copied():
    state = board(
        """\
        - {card: Grizzly Bears, id: a, tapped: true, counters: {+1/+1: 2}}
        - {card: Clone, id: clone, copy_of: a}
        """,
        """\
        effects:
          - {source: x, affect: a, power_toughness: "+3/+3", add_abilities: [flying], colors: [red], timestamp: 1}
        """,
    )
    original = characteristics(state, state.obj("a"))
    assert (original.power, original.colors) == (7, frozenset("R"))
    clone = characteristics(state, state.obj("clone"))
    assert (clone.name, clone.power, clone.toughness) == ("Grizzly Bears", 2, 2)
    assert clone.colors == frozenset("G") and not clone.has_keyword("flying")
    assert not state.obj("clone").tapped


def test_copy_of_a_copy_gets_what_the_first_copied_plus_its_exceptions():
    state = board(
        """\
        - {card: Wall of Omens, id: wall}
        - {card: Visage Bandit, id: a, copy_of: {object: wall, except: {additional_types: [Shapeshifter, Rogue]}}}
        - {card: Clone, id: clone, copy_of: a}
        """
    )
    values = copiable_values(state, state.obj("clone"))
    assert values.name == "Wall of Omens"
    assert set(values.subtypes) == {"Wall", "Shapeshifter", "Rogue"}
    assert values.is_copy and "707.9b" in values.exception_rules


def test_copy_of_a_token_uses_its_stated_values_and_is_not_a_token():
    state = board(
        """\
        - id: a
          token: {name: Thopter, types: [Artifact, Creature], subtypes: [Thopter], power: 1, toughness: 1, abilities: [flying]}
        - {card: Clone, id: clone, copy_of: a}
        """
    )
    c = characteristics(state, state.obj("clone"))
    assert (c.name, c.types, c.power) == ("Thopter", ("Artifact", "Creature"), 1)
    assert c.has_keyword("flying") and not c.is_token
    assert characteristics(state, state.obj("a")).is_token


def test_face_down_values_are_copied_but_the_copy_is_face_up():
    state = board(
        """\
        - {card: Grinning Demon, id: a, face_down: true}
        - {card: Clone, id: clone, copy_of: a}
        """
    )
    values = copiable_values(state, state.obj("clone"))
    assert (values.name, values.power, values.types, values.abilities) == ("", 2, ("Creature",), ())
    assert not values.face_down


def test_back_face_and_melded_copies_have_mana_value_zero_but_originals_do_not():
    state = board(
        """\
        - {card: Delver of Secrets, id: a, transformed: true}
        - {card: "Brisela, Voice of Nightmares", id: brisela}
        - {card: Clone, id: c1, copy_of: a}
        - {card: Clone, id: c2, copy_of: brisela}
        """
    )
    assert characteristics(state, state.obj("a")).mana_value == 1
    assert characteristics(state, state.obj("brisela")).mana_value == 11
    assert characteristics(state, state.obj("c1")).mana_value == 0
    assert characteristics(state, state.obj("c2")).mana_value == 0
    assert characteristics(state, state.obj("c1")).name == "Insectile Aberration"


def test_exception_setting_pt_drops_the_pt_defining_ability_but_additional_types_keep_changeling():
    state = board(
        """\
        - {card: Dungrove Elder, id: a}
        - {card: Changeling Outcast, id: b}
        - {card: Forest}
        - {card: Clone, id: big, copy_of: {object: a, except: {power: 7, toughness: 7}}}
        - {card: Clone, id: mimic, copy_of: {object: b, except: {additional_types: [Shapeshifter, Rogue]}}}
        """
    )
    big = characteristics(state, state.obj("big"))
    assert (big.power, big.toughness) == (7, 7)
    assert all(a.defines_pt is None for a in big.abilities)
    assert characteristics(state, state.obj("a")).power == 1
    mimic = characteristics(state, state.obj("mimic"))
    assert mimic.has_keyword("changeling") and "all creature types" in mimic.subtypes


def test_embalmed_token_is_white_zombie_with_no_mana_cost():
    state = board("- {card: Wall of Omens, id: a, token: true, embalmed: true}\n")
    c = characteristics(state, state.obj("a"))
    assert (c.colors, str(c.mana_cost), c.mana_value) == (frozenset("W"), "", 0)
    assert "Zombie" in c.subtypes and "Wall" in c.subtypes


def test_copy_loop_is_unsupported_not_a_guess():
    state = board(
        """\
        - {card: Clone, id: a, copy_of: b}
        - {card: Clone, id: b, copy_of: a}
        """
    )
    with pytest.raises(Unsupported):
        characteristics(state, state.obj("a"))


def test_entering_with_an_ability_the_engine_cant_read_is_unsupported_not_triggerless():
    """An unread ability might be a trigger this entering fires: no "no triggers" guess."""
    from mtgrules.api import evaluate
    from mtgrules.caseio.case import read_case

    answer = evaluate(read_case(UNREAD.encode(), "unread.yaml"))
    assert answer.unsupported and "Whenever a creature enters" in answer.unsupported


UNREAD = """\
game: {turn: 3, active_player: Alice}
players:
  - name: Alice
    hand: [{card: Watcher, id: w}]
cards:
  - name: Watcher
    types: [Creature]
    power: 1
    toughness: 1
    abilities: [{unmodeled: "Whenever a creature enters, something happens."}]
question:
  enters: {object: w, as_copy_of: null}
"""
