"""A state remembers characteristics it computed (model.state.per_state), and never wrongly."""

from __future__ import annotations

from dataclasses import replace

import pytest

from mtgrules.model.events import Event
from mtgrules.model.state import evolve
from mtgrules.model.turn import Phase, Step
from mtgrules.rules.layers.characteristics import characteristics
from mtgrules.rules.scope.index import Scope
from mtgrules.rules.scope.query import _abilities, subject_of
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
    # not a plain game (a static ability): only the same objects, effects and players share
    state = board("- {card: Grizzly Bears, id: a}\n- {card: Glorious Anthem, id: g}\n")
    bears = state.obj("a")
    first = characteristics(state, bears)
    passed = replace(state, priority="Bob", stack=())
    assert characteristics(passed, passed.obj("a")) is first  # worked out once
    life = replace(state, players=tuple(replace(p, life=p.life - 1) for p in state.players))
    assert characteristics(life, life.obj("a")) is not first  # what it reads changed


def _without(state, oid: str):
    return state.with_objects(tuple(o for o in state.objects if o.oid != oid))


def test_in_a_plain_game_an_object_that_did_not_change_keeps_its_characteristics():
    state = board("- {card: Grizzly Bears, id: a}\n- {card: Forest, id: f}\n")
    first = characteristics(state, state.obj("a"))
    tapped = state.with_objects(
        tuple(replace(o, tapped=True) if o.oid == "f" else o for o in state.objects)
    )
    assert characteristics(tapped, tapped.obj("a")) is first  # the bears didn't change


def test_a_static_ability_makes_a_game_not_plain():
    """Glorious Anthem leaving changes the bears, which didn't change themselves: a board
    with a static ability shares nothing across a change of its objects."""
    state = board("- {card: Grizzly Bears, id: a}\n- {card: Glorious Anthem, id: g}\n")
    assert characteristics(state, state.obj("a")).power == 3
    gone = _without(state, "g")
    assert characteristics(gone, gone.obj("a")).power == 2


def test_a_plain_game_at_another_step_works_its_effects_out_again():
    fx = "effects:\n  - {source: a, affect: a, power_toughness: '+3/+3', until: end_of_turn, timestamp: 2}\n"
    state = board("- {card: Grizzly Bears, id: a}\n", fx)
    assert characteristics(state, state.obj("a")).power == 5
    cleanup = replace(state, phase=Phase.ENDING, step=Step.CLEANUP)  # the effect has ended
    assert characteristics(cleanup, cleanup.obj("a")).power == 2


def test_what_a_case_worked_out_goes_with_its_states():
    """The memories belong to the case's lineage of states, not to the module: once a
    case's states are gone, so is everything they remembered (a batch of thousands of
    cases holds none of the earlier ones' characteristics)."""
    import gc
    import weakref

    state = board("- {card: Grizzly Bears, id: a}\n- {card: Forest, id: f}\n")
    tapped = state.with_objects(
        tuple(replace(o, tapped=True) if o.oid == "f" else o for o in state.objects)
    )
    passed = replace(tapped, priority="Bob")
    remembered = weakref.ref(characteristics(passed, passed.obj("a")))
    assert remembered() is not None
    del state, tapped, passed
    gc.collect()
    assert remembered() is None


def test_a_play_out_s_states_share_one_lineage_and_cases_do_not():
    state = board("- {card: Grizzly Bears, id: a}\n- {card: Glorious Anthem, id: g}\n")
    other = board("- {card: Grizzly Bears, id: a}\n- {card: Glorious Anthem, id: g}\n")
    later = replace(_without(state, "g"), priority="Bob")
    assert later._lineage is state._lineage
    assert other._lineage is not state._lineage
    # the same board in another case: worked out for that case, not taken from this one
    first = characteristics(state, state.obj("a"))
    assert characteristics(other, other.obj("a")) is not first
    assert characteristics(other, other.obj("a")) == first


def _with_effects(state, *effects):
    return replace(state, effects=tuple(effects))


def test_in_a_plain_game_a_new_effect_works_out_again_only_what_it_lists():
    from mtgrules.model.state import ContinuousEffect

    state = board("- {card: Grizzly Bears, id: a}\n- {card: Grizzly Bears, id: b}\n")
    a_first = characteristics(state, state.obj("a"))
    b_first = characteristics(state, state.obj("b"))
    shrink = ContinuousEffect(affects=("a",), timestamp=5, power_toughness="-3/-3")
    shrunk = _with_effects(state, shrink)
    assert characteristics(shrunk, shrunk.obj("a")).power == -1  # listed: worked out again
    assert characteristics(shrunk, shrunk.obj("b")) is b_first  # not listed: kept
    grown = _with_effects(shrunk, shrink, ContinuousEffect(("b",), 6, power_toughness="+1/+1"))
    assert characteristics(grown, grown.obj("b")).power == 3
    assert characteristics(grown, grown.obj("a")).power == -1
    ended = _with_effects(grown)  # both effects ended: both objects worked out again
    assert characteristics(ended, ended.obj("a")) == a_first
    assert characteristics(ended, ended.obj("b")) == b_first


def test_equal_effects_in_another_order_are_worked_out_again():
    """Two 'becomes' effects with one timestamp apply in the case's order (CR 613.7)."""
    from mtgrules.model.state import ContinuousEffect

    state = board("- {card: Grizzly Bears, id: a}\n")
    one = ContinuousEffect(affects=("a",), timestamp=5, power_toughness="=1/1")
    five = ContinuousEffect(affects=("a",), timestamp=5, power_toughness="=5/5")
    first = _with_effects(state, one, five)
    last = characteristics(first, first.obj("a")).power
    swapped = _with_effects(first, five, one)
    assert characteristics(swapped, swapped.obj("a")).power != last


def test_the_scope_pass_sees_what_a_new_effect_made_of_an_object_it_remembered():
    # rules.scope.query remembers an object's subject (how words name it) and abilities per
    # state, as characteristics are: a state whose effects changed its types (CR 613.1d) or
    # took its abilities away (613.1f) is worked out anew, never given the earlier ones
    state = board("- {card: Llanowar Elves, id: a}\n")
    elves = state.obj("a")
    assert subject_of(state, elves).types == ("Creature",)
    assert len(_abilities(state, elves)[0]) == 1
    fx = board(
        "- {card: Llanowar Elves, id: a}\n",
        "effects:\n"
        "  - {source: a, affect: a, add_types: [Artifact], timestamp: 2}\n"
        "  - {source: a, affect: a, remove_all_abilities: true, timestamp: 3}\n",
    ).effects
    later = state.with_objects(state.objects, effects=fx)  # the very same object
    assert later.obj("a") is elves
    assert set(subject_of(later, elves).types) == {"Artifact", "Creature"}
    assert _abilities(later, elves)[0] == ()
    assert subject_of(state, elves).types == ("Creature",)  # the first state's, still
    assert subject_of(state, elves, entering=True).zone == "battlefield"


def test_a_state_that_keeps_its_objects_keeps_their_index():
    # a state change copies what changed: passing priority keeps the objects, so their
    # index by id too; a change of objects makes a new one of the new objects
    state = board("- {card: Grizzly Bears, id: a}\n- {card: Forest, id: f}\n")
    passed = replace(state, priority="Bob")
    assert passed._by_id is state._by_id
    fewer = replace(state, objects=tuple(o for o in state.objects if o.oid != "f"))
    assert fewer._by_id is not state._by_id and "f" not in fewer._by_id
    assert fewer.obj("a") is state.obj("a")


def test_evolve_makes_what_replace_makes():
    state = board("- {card: Grizzly Bears, id: a}\n- {card: Forest, id: f}\n")
    bears = state.obj("a")
    assert evolve(bears, tapped=True) == replace(bears, tapped=True)
    assert evolve(bears, tapped=True) is not bears and not bears.tapped
    alice = state.players[0]
    assert evolve(alice, life=3) == replace(alice, life=3)
    characteristics(state, bears)
    tapped = evolve(state, objects=(evolve(bears, tapped=True), state.obj("f")))
    assert tapped == replace(state, objects=tapped.objects)
    assert tapped.obj("a").tapped and tapped._memo is None and tapped._index == {}
    with pytest.raises(TypeError):
        evolve(bears, no_such_field=1)


def test_the_scope_scan_is_made_once_per_state(monkeypatch):
    # questions and the mana payment they check ask the scope index of the same board
    # several times: each object's abilities are looked at once per state
    import mtgrules.rules.scope.query as query

    state = board("- {card: Grizzly Bears, id: a}\n- {card: Forest, id: f}\n")
    looked: list[str] = []
    real = query._abilities
    monkeypatch.setattr(query, "_abilities", lambda s, o: looked.append(o.oid) or real(s, o))
    bears = state.obj("a")
    first = query.require(state, query.Depends((bears,), (Scope.PT,), "its power"))
    again = query.require(state, query.Depends((bears,), (Scope.TYPES,), "its types"))
    assert sorted(looked) == ["a", "f"]
    assert "Read 1 other ability" in first.text and "Read 1 other ability" in again.text


def test_the_trigger_watchers_are_found_once_per_state(monkeypatch):
    import mtgrules.rules.triggers.detect as detect

    state = board("- {card: Grizzly Bears, id: a}\n- {card: Forest, id: f}\n")
    looked: list[str] = []
    real = detect.trigger_abilities
    monkeypatch.setattr(
        detect, "trigger_abilities", lambda s, o: looked.append(o.oid) or real(s, o)
    )
    event = Event("cast", obj="a", player="Alice")
    detect.triggered(state, state, [event])
    detect.triggered(state, state, [event])
    assert sorted(looked) == ["a", "f"]


def test_a_move_no_effect_names_keeps_the_very_effects():
    # a state change copies what changed: moving an object no effect lists keeps the tuple
    # of effects (what remembers a state's facts compares it by identity); moving one an
    # effect lists makes that effect stop naming it (CR 400.7)
    from mtgrules.model.state import Zone
    from mtgrules.rules.zones import move

    fx = "effects:\n  - {source: a, affect: a, power_toughness: +1/+1, timestamp: 2}\n"
    state = board("- {card: Grizzly Bears, id: a}\n- {card: Forest, id: f}\n", fx)
    moved, _ = move(state, "f", Zone.GRAVEYARD)
    assert moved.effects is state.effects
    died, _ = move(state, "a", Zone.GRAVEYARD)
    assert died.effects != state.effects and died.effects[0].affects == ()


def test_a_new_state_scans_again_only_the_objects_that_changed(monkeypatch):
    # the scope scan of a play-out's next state looks again at the objects that changed
    # (a plain game: the others keep what was worked out for them), not at every one
    import mtgrules.rules.scope.query as query

    state = board("- {card: Grizzly Bears, id: a}\n- {card: Forest, id: f}\n")
    looked: list[str] = []
    real = query._abilities
    monkeypatch.setattr(query, "_abilities", lambda s, o: looked.append(o.oid) or real(s, o))
    bears = state.obj("a")
    query.require(state, query.Depends((bears,), (Scope.PT,), "its power"))
    tapped = state.with_objects(
        tuple(replace(o, tapped=True) if o.oid == "f" else o for o in state.objects)
    )
    again = query.require(tapped, query.Depends((bears,), (Scope.PT,), "its power"))
    assert looked == ["a", "f", "f"]
    assert "Read 1 other ability" in again.text


def test_a_field_registered_after_a_scan_is_read_in_the_next(monkeypatch):
    # a field registered as read (rules.scope.index.register_read_field, as a module
    # loads) counts from then on, even for an object whose scan a shared memory kept
    import mtgrules.rules.scope.index as index
    import mtgrules.rules.scope.query as query

    state = board("- {card: Grizzly Bears, id: a}\n- {card: Glorious Anthem, id: g}\n")
    boost = index.READ_FIELDS["boost"]
    monkeypatch.delitem(index.READ_FIELDS, "boost")
    unread = [o.oid for o, _, _ in query._scan(state)[1]]
    assert unread == ["g"]  # its boost, unregistered, is unread
    monkeypatch.setitem(index.READ_FIELDS, "boost", boost)
    passed = replace(state, priority="Bob")  # the same objects: the same memory
    assert passed.memory() is state.memory()
    assert query._scan(passed)[1] == ()
