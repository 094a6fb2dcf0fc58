"""State-based actions (CR 704): :func:`mtgrules.rules.sba.perform` on boards a wrong
engine gets wrong, and version-1 questions asked of the board after them (117.5)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from mtgrules.bank.checking import evaluate
from mtgrules.caseio.case import Case, read_case
from mtgrules.model.state import GameState, Zone
from mtgrules.rules.sba import legend_key, perform
from mtgrules.rules.zones import move

CARDS = """
cards:
  - name: Test Stone Wall
    mana_cost: "{1}"
    types: [Artifact, Creature]
    subtypes: [Wall]
    power: 0
    toughness: 2
    abilities:
      - keyword: indestructible
  - name: Test Sac Bear
    mana_cost: "{1}"
    types: [Creature]
    subtypes: [Bear]
    power: 1
    toughness: 1
    abilities:
      - activated: {cost: "", also: [sacrifice_self], effect: {does: "You gain 1 life"}}
  - name: Test Withering Field
    mana_cost: "{2}{B}"
    types: [Enchantment]
    abilities:
      - boost: {to: {noun: creature, whose: opponents}, power: -1, toughness: -1}
  - name: Test Hound Captain
    mana_cost: "{W}"
    types: [Creature]
    supertypes: [Legendary]
    subtypes: [Dog]
    power: 1
    toughness: 1
  - name: Test Old World
    mana_cost: "{G}"
    types: [Enchantment]
    supertypes: [World]
  - name: Test Afterlife Ward
    mana_cost: "{W}"
    types: [Enchantment]
    abilities:
      - unmodeled: "If a creature you control would die, exile it instead."
  - name: Three Chapter Tale
    mana_cost: "{2}{W}"
    types: [Enchantment]
    subtypes: [Saga]
    abilities:
      - unmodeled: "I — You gain 2 life."
      - unmodeled: "II — You gain 2 life."
      - unmodeled: "III — Draw a card."
"""


def case_of(
    alice: str, bob: str = "[]", question: str = "", alice_extra: str = "", before: bool = False
) -> Case:
    """A case with Alice's and Bob's battlefields (YAML flow lists); the question defaults
    to the characteristics of Alice's first permanent. ``before``: the moment before
    state-based actions (``priority: null``), a board the case checks otherwise refuse."""
    question = question or "{characteristics: first}"
    priority = ", priority: null" if before else ""
    raw = f"""{CARDS}
game: {{turn: 3, active_player: Alice, phase: precombat_main{priority}}}
players:
  - name: Alice
    battlefield: {alice}
{alice_extra}
  - name: Bob
    battlefield: {bob}
question: {question}
"""
    return read_case(raw.encode(), "t.yaml")


def board(alice: str, bob: str = "[]", **kw) -> GameState:
    return case_of(alice, bob, **kw).state


def zone(state: GameState, oid: str) -> Zone:
    return state.obj(oid).zone


def test_a_board_where_nothing_applies_comes_back_unchanged():
    state = board("[{card: Grizzly Bears, id: first, damage: 1}, Forest]")
    result = perform(state)
    assert result.state is state  # the very state: what questions remember on it is kept
    assert (result.steps, result.events, result.unsupported, result.needs) == ((), (), None, ())


def test_lethal_damage_destroys_and_the_event_carries_last_known_information():
    state = board("[{card: Grizzly Bears, id: first, damage: 2, counters: {+1/+1: 1}}]")
    assert perform(state).state is state  # 2 damage on a 3/3: not lethal
    state = board("[{card: Grizzly Bears, id: first, damage: 3, counters: {+1/+1: 1}}]")
    result = perform(state)
    assert zone(result.state, "first") is Zone.GRAVEYARD
    (event,) = result.events
    assert (event.kind, event.from_zone, event.to_zone) == (
        "moves",
        "battlefield",
        "graveyard",
    )
    assert event.lki is not None and event.lki.damage == 3 and event.lki.counter("+1/+1") == 1
    assert result.state.obj("first").damage == 0  # a new object (CR 400.7)
    (step,) = result.steps
    assert "704.5g" in step.rules and "lethal damage" in step.text and step.action is None


def test_indestructible_with_lethal_damage_stays():
    result = perform(board("[{card: Test Stone Wall, id: first, damage: 5}]"))
    assert zone(result.state, "first") is Zone.BATTLEFIELD
    assert not result.events
    assert any("702.12b" in s.rules and "indestructible" in s.text for s in result.steps)


def test_indestructible_at_zero_toughness_dies():
    result = perform(board("[{card: Test Stone Wall, id: first, counters: {-1/-1: 2}}]"))
    assert zone(result.state, "first") is Zone.GRAVEYARD
    assert [s.rules[0] for s in result.steps] == ["704.5f"]  # put into the graveyard, not destroyed


def test_deathtouch_damage_of_one_kills_a_big_creature():
    state = board("[{card: Grizzly Bears, id: first, damage: 1, counters: {+1/+1: 4}}]")
    assert perform(state).state is state
    result = perform(
        board(
            "[{card: Grizzly Bears, id: first, damage: 1, deathtouch_damage: true,"
            " counters: {+1/+1: 4}}]"
        )
    )
    assert zone(result.state, "first") is Zone.GRAVEYARD
    assert "704.5h" in result.steps[0].rules


def test_deathtouch_damage_is_seen_once_by_an_indestructible_creature():
    result = perform(
        board("[{card: Test Stone Wall, id: first, damage: 1, deathtouch_damage: true}]")
    )
    assert zone(result.state, "first") is Zone.BATTLEFIELD
    assert result.state.obj("first").deathtouch_damage is False  # "since the last check"


@pytest.mark.parametrize(("plus", "minus"), [(3, 1), (1, 3), (2, 2)])
def test_counters_annihilate_to_the_difference(plus, minus):
    # Hangarback Walker has X = 0 and is 0/0: what is left of the counters decides it
    state = board(
        f"[{{card: Hangarback Walker, id: first, counters: {{+1/+1: {plus}, -1/-1: {minus}}}}}]"
    )
    result = perform(state)
    if plus > minus:
        assert result.state.obj("first").counters == (("+1/+1", plus - minus),)
        assert [s.rules for s in result.steps] == [("704.5q",)]
    else:  # toughness 0 or less: it goes, whatever its counters (704.5f, one event)
        assert zone(result.state, "first") is Zone.GRAVEYARD
        assert result.events[0].lki.counters == (("+1/+1", plus), ("-1/-1", minus))


def test_the_legend_rule_needs_a_choice_and_takes_it():
    state = board("[{card: Test Hound Captain, id: first}, {card: Test Hound Captain, id: second}]")
    result = perform(state)
    (choice,) = result.needs
    assert choice.player == "Alice" and set(choice.options) == {"first", "second"}
    assert result.state is state and not result.steps  # nothing performed without it
    kept = perform(state, {legend_key("Alice", "Test Hound Captain"): "second"})
    assert zone(kept.state, "first") is Zone.GRAVEYARD
    assert zone(kept.state, "second") is Zone.BATTLEFIELD
    assert kept.settled and "704.5j" in kept.steps[0].rules


def test_the_legend_rule_leaves_two_players_one_each():
    state = board("[{card: Test Hound Captain, id: first}]", "[{card: Test Hound Captain, id: b}]")
    assert perform(state).state is state


def test_an_unread_replacement_of_dying_refuses():
    alice = "[{card: Grizzly Bears, id: first, damage: 2}, Test Afterlife Ward]"
    result = perform(board(alice))
    assert result.unsupported is not None
    assert "Test Afterlife Ward" in result.unsupported and "would die" in result.unsupported
    # the same ward with nothing dying changes nothing
    calm = board("[{card: Grizzly Bears, id: first}, Test Afterlife Ward]")
    assert perform(calm).unsupported is None


def test_a_lost_anthem_kills_in_the_second_pass():
    # Goblin Chieftain (2/2) gives other Goblins +1/+1; Raging Goblin with a -1/-1 counter
    # is 1/1 only by it. Lethal damage takes the Chieftain; the next check, the Goblin.
    state = board(
        "[{card: Goblin Chieftain, id: first, damage: 2},"
        " {card: Raging Goblin, id: goblin, counters: {-1/-1: 1}}]"
    )
    result = perform(state)
    assert zone(result.state, "first") is Zone.GRAVEYARD
    assert zone(result.state, "goblin") is Zone.GRAVEYARD
    assert [s.rules[0] for s in result.steps] == ["704.5g", "704.5f"]
    # the Goblin's event looks back to the state after the first pass (704.8)
    assert result.moved("goblin") is not state and result.moved("first") is state


def test_players_lose_at_zero_life_ten_poison_and_an_empty_draw():
    base = board("[{card: Grizzly Bears, id: first}]")
    for change, rule in (
        ({"life": 0}, "704.5a"),
        ({"poison": 10}, "704.5c"),
        ({"drew_from_empty": True}, "704.5b"),
    ):
        players = tuple(replace(p, **change) if p.name == "Bob" else p for p in base.players)
        result = perform(replace(base, players=players))
        assert result.state.player("Bob").lost and not result.state.player("Alice").lost
        assert result.steps[0].rules == (rule,)
    players = tuple(replace(p, poison=9, life=1) for p in base.players)
    assert perform(replace(base, players=players)).steps == ()


def test_a_token_off_the_battlefield_ceases_to_exist():
    state = board("[{card: Grizzly Bears, id: first, token: true}]")
    died, _ = move(state, "first", Zone.GRAVEYARD)
    result = perform(died)
    assert "first" not in {o.oid for o in result.state.objects}
    assert "704.5d" in result.steps[0].rules


def test_planeswalker_auras_equipment_and_sagas():
    state = board(
        "[{card: Pacifism, id: first}, {card: Leonin Scimitar, id: sword, attached_to: forest},"
        " {card: Forest, id: forest}, {card: Three Chapter Tale, id: tale, counters: {lore: 3}},"
        " {card: Gideon Jura, id: gideon}]",
        before=True,
    )
    result = perform(state)
    assert zone(result.state, "first") is Zone.GRAVEYARD  # an Aura attached to nothing (704.5m)
    assert zone(result.state, "tale") is Zone.GRAVEYARD  # sacrificed (704.5s)
    assert zone(result.state, "gideon") is Zone.GRAVEYARD  # no loyalty counters (704.5i)
    sword = result.state.obj("sword")
    assert sword.zone is Zone.BATTLEFIELD and sword.attached_to is None  # unattached (704.5n)
    cited = {r for s in result.steps for r in s.rules}
    assert {"704.5m", "704.5s", "704.5i", "704.5n"} <= cited


def test_two_worlds_are_refused():
    result = perform(board("[{card: Test Old World, id: first}, {card: Test Old World, id: w2}]"))
    assert result.unsupported is not None and "704.5k" in result.unsupported


# -- version-1 questions see the board after state-based actions (CR 117.5) ----------


def test_can_activate_a_creature_at_zero_toughness_is_no():
    case = case_of(
        "[{card: Test Sac Bear, id: first}]",
        "[Test Withering Field]",
        question="{can_activate: {object: first, ability: 1}}",
    )
    answer = evaluate(case)
    assert answer.value == "no"
    assert "704.5f" in answer.decisive
    assert any("704.5f" in s.rules for s in answer.steps)
    # without the -1/-1 static it stays and may be sacrificed
    calm = case_of(
        "[{card: Test Sac Bear, id: first}]", question=case.question.as_json().__repr__()
    )
    assert evaluate(calm).value == "yes" and evaluate(calm).steps == ()


def test_a_question_mid_casting_is_not_settled():
    case = case_of(
        "[{card: Test Sac Bear, id: first}]",
        "[Test Withering Field]",
        question="{can_activate: {object: first, ability: 1}}",
    )
    paying = replace(case, state=replace(case.state, paying_mana="Alice"))
    assert not evaluate(paying).steps


def test_an_unread_replacement_makes_the_answer_unsupported():
    case = case_of(
        "[{card: Test Sac Bear, id: first}, {card: Grizzly Bears, id: bears, damage: 5},"
        " Test Afterlife Ward]",
        question="{can_activate: {object: first, ability: 1}}",
    )
    answer = evaluate(case)
    assert answer.value is None and "Test Afterlife Ward" in (answer.unsupported or "")


def test_characteristics_of_an_object_that_dies_describe_it_as_it_last_existed():
    case = case_of("[{card: Grizzly Bears, id: first, counters: {-1/-1: 2}}]")
    answer = evaluate(case)
    assert answer.value["toughness"] == 0 and answer.value["survives_sba"] is False
    assert any("704.5f" in s.rules for s in answer.steps)
