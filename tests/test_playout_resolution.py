"""Resolution in the play-out (mtgrules/play/, rules/effects/): what each fix of the
cases/playout-resolution bank guards, on small boards a wrong engine gets wrong.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from mtgrules.bank.checking import evaluate
from mtgrules.cards.oracle.abilities import parse_lines
from mtgrules.cards.oracle.effects import read_effect
from mtgrules.cards.vocabulary import AbilityKind
from mtgrules.caseio.actions import ACTION_KINDS, Action
from mtgrules.caseio.case import read_case
from mtgrules.model.state import Zone
from mtgrules.play.engine import play_out
from mtgrules.play.game import Invalid, Refused

HEAD = """\
id: resolution
cards:
  - name: Test Double Slay
    mana_cost: "{B}"
    types: [Sorcery]
    abilities:
      - spell: {does: "Destroy two target creatures.", targets: [two target creatures]}
  - name: Test Call
    mana_cost: "{G}"
    types: [Sorcery]
    abilities:
      - spell: {does: "Create a 3/3 green Beast creature token."}
  - name: Test Loot
    mana_cost: "{R}"
    types: [Sorcery]
    abilities:
      - spell: {does: "Create a Treasure token."}
  - name: Test Shock
    mana_cost: "{R}"
    types: [Instant]
    abilities:
      - spell: {does: "This spell deals 2 damage to any target.", targets: [any target]}
  - name: Test Unsummon
    mana_cost: "{U}"
    types: [Instant]
    abilities:
      - spell: {does: "Return target creature to its owner's hand.", targets: [target creature]}
  - name: Test Sniper
    mana_cost: "{1}{B}"
    types: [Creature]
    subtypes: [Archer]
    power: 1
    toughness: 1
    abilities:
      - activated:
          cost: "{T}"
          targets: [target creature]
          effect: {does: "This creature deals 1 damage to target creature."}
  - name: Test Edict
    mana_cost: "{B}"
    types: [Sorcery]
    abilities:
      - spell: {does: "Each opponent sacrifices a creature."}
  - name: Test Leak
    mana_cost: "{U}"
    types: [Instant]
    abilities:
      - spell: {does: "Counter target spell unless its controller pays {3}.", targets: [target spell]}
  - name: Test Fanatic
    mana_cost: "{R}"
    types: [Creature]
    subtypes: [Goblin]
    power: 2
    toughness: 2
    abilities:
      - {keyword: lifelink}
      - activated:
          cost: "{0}"
          also: [sacrifice_self]
          targets: [any target]
          effect: {does: "This creature deals damage equal to its power to any target."}
  - name: Test Rip
    mana_cost: "{B}"
    types: [Sorcery]
    abilities:
      - spell: {does: "Target player discards a card.", targets: [target player]}
  - name: Test Hero
    mana_cost: "{W}"
    supertypes: [Legendary]
    types: [Creature]
    subtypes: [Human]
    power: 2
    toughness: 2
game: {turn: 3, active_player: Alice, phase: precombat_main}
players:
  - name: Alice
    battlefield:
      - {card: Swamp, id: s1}
      - {card: Forest, id: f1}
      - {card: Mountain, id: m1}
      - {card: Plains, id: p1}
      - {card: Test Sniper, id: sniper, controlled_since_turn: 1}
      - {card: Test Hero, id: old}
      - {card: Test Fanatic, id: fanatic, counters: {+1/+1: 1}}
    hand:
      - {card: Test Double Slay, id: slay}
      - {card: Test Call, id: call}
      - {card: Test Loot, id: loot}
      - {card: Test Shock, id: shock}
      - {card: Test Hero, id: new}
      - {card: Test Edict, id: edict}
      - {card: Test Rip, id: rip}
  - name: Bob
    life: 2
    battlefield:
      - {card: Island, id: i1}
      - {card: Grizzly Bears, id: bears}
      - {card: Llanowar Elves, id: elves}
    hand:
      - {card: Test Unsummon, id: unsummon}
      - {card: Test Leak, id: leak}
"""


def case_with(*entries: dict | str, question: str = "state: [life]"):
    actions = []
    for i, entry in enumerate(entries):
        if isinstance(entry, str):
            actions.append(Action(i + 1, entry, None, (), 200 + i, 5))
            continue
        kind = next(k for k in entry if k in ACTION_KINDS)
        options = tuple((k, v) for k, v in entry.items() if k != kind)
        actions.append(Action(i + 1, kind, entry[kind], options, 200 + i, 5))
    case = read_case(f"{HEAD}question: {{{question}}}\n".encode(), "resolution.yaml")
    return replace(case, actions=tuple(actions))


def test_a_phrase_that_took_two_targets_acts_on_both():
    game = play_out(case_with({"cast": "slay", "targets": ["bears", "elves"]}, "resolve"))
    assert game.state.obj("bears").zone is Zone.GRAVEYARD
    assert game.state.obj("elves").zone is Zone.GRAVEYARD  # only the first, before


def test_one_target_gone_the_other_is_still_acted_on():
    game = play_out(
        case_with(
            {"cast": "slay", "targets": ["bears", "elves"]},
            "pass",
            {"cast": "unsummon", "by": "Bob", "targets": ["bears"]},
            "resolve_all",
        )
    )
    assert game.state.obj("bears").zone is Zone.HAND
    assert game.state.obj("elves").zone is Zone.GRAVEYARD  # refused before
    assert any("400.7" in s.rules and "no longer a legal target" in s.text for s in game.steps)


def test_a_created_token_has_its_stated_color():
    text = f"{HEAD}actions: [{{cast: call}}, resolve]\nquestion: {{characteristics: Beast Token}}\n"
    answer = evaluate(read_case(text.encode(), "resolution.yaml"))
    # a ValueError before: the color was kept as a word, not a color code
    assert answer.value["colors"] == ["G"] and answer.value["power"] == 3


def test_a_treasure_token_carries_an_ability_not_no_ability():
    game = play_out(case_with({"cast": "loot"}, "resolve"))
    treasure = game.state.find("Treasure Token")
    assert treasure.card.abilities  # none before: it could be asked as having none


def test_an_activated_ability_takes_its_targets_inside_the_mapping():
    game = play_out(
        case_with({"activate": {"object": "sniper", "ability": 1, "targets": ["bears"]}}, "resolve")
    )
    assert game.state.obj("bears").damage == 1  # the targets were ignored before


def test_the_legend_rule_choice_accepts_the_id_of_the_one_kept():
    game = play_out(case_with({"cast": "new"}, "resolve", {"choose": {"object": "new"}}))
    assert game.state.obj("old").zone is Zone.GRAVEYARD  # P003 before
    assert game.state.obj("new").zone is Zone.BATTLEFIELD


def test_zero_life_ends_the_game_and_a_state_question_is_answered():
    case = case_with({"cast": "shock", "targets": ["Bob"]}, "resolve")
    answer = evaluate(case)
    assert answer.value == {"life": {"Alice": 20, "Bob": 0}}  # refused before
    assert any("704.5a" in s.rules for s in answer.steps)
    assert any("104.2a" in s.rules for s in answer.steps)


def test_nothing_is_played_after_the_game_ended():
    case = case_with({"cast": "shock", "targets": ["Bob"]}, "resolve", {"cast": "call"})
    with pytest.raises(Refused) as stop:
        play_out(case)
    assert "game is over" in stop.value.reason


def test_a_question_other_than_state_is_refused_after_the_game_ended():
    case = case_with(
        {"cast": "shock", "targets": ["Bob"]},
        "resolve",
        question="can_cast: call",
    )
    answer = evaluate(case)
    assert answer.value is None and "game is over" in (answer.unsupported or "")


def test_the_opponent_chooses_which_creature_to_sacrifice():
    game = play_out(case_with({"cast": "edict"}, "resolve", {"choose": {"object": "elves"}}))
    assert game.state.obj("elves").zone is Zone.GRAVEYARD  # refused before
    assert game.state.obj("bears").zone is Zone.BATTLEFIELD
    assert game.state.obj("sniper").zone is Zone.BATTLEFIELD  # the caster's own stays


def test_not_paying_for_counter_unless_counters_the_spell():
    game = play_out(
        case_with(
            {"cast": "shock", "targets": ["Bob"]},
            "pass",
            {"cast": "leak", "by": "Bob", "targets": ["shock"]},
            "resolve",
            {"choose": {"pay": "no"}},
        )
    )
    assert game.state.obj("shock").zone is Zone.GRAVEYARD and not game.state.stack
    assert game.state.player("Bob").life == 2  # refused before


def test_a_source_sacrificed_for_its_cost_acts_as_it_last_existed():
    case = case_with({"activate": {"object": "fanatic", "ability": 2, "targets": ["Bob"]}})
    game = play_out(case)
    assert game.state.obj("fanatic").zone is Zone.GRAVEYARD  # the cost is paid at once
    bob = replace(case.state.player("Bob"), life=20)
    case = replace(
        case,
        state=replace(case.state, players=(case.state.player("Alice"), bob)),
        actions=(*case.actions, Action(2, "resolve", None, (), 300, 5)),
    )
    state = play_out(case).state
    # its last known power (3, with its counter) and its lifelink: refused before
    assert state.player("Bob").life == 17 and state.player("Alice").life == 23


PROTECTED = """\
id: protected
cards:
  - name: Test Pyroclasm
    mana_cost: "{R}"
    types: [Sorcery]
    abilities:
      - spell: {does: "This spell deals 2 damage to each creature."}
  - name: Test Ward Off
    mana_cost: "{W}"
    types: [Instant]
    abilities:
      - spell:
          does: "Target creature gains protection from white until end of turn."
          targets: [target creature]
  - name: Test Knight
    mana_cost: "{W}{W}"
    types: [Creature]
    subtypes: [Knight]
    power: 2
    toughness: 2
    abilities: [{keyword: protection from red}]
game: {turn: 3, active_player: Alice, phase: precombat_main}
players:
  - name: Alice
    battlefield: [{card: Mountain, id: m1}, {card: Plains, id: p1}]
    hand: [{card: Test Pyroclasm, id: clasm}, {card: Test Ward Off, id: ward}]
  - name: Bob
    battlefield:
      - {card: Test Knight, id: knight}
      - {card: Grizzly Bears, id: bears}
      - {card: Pacifism, id: pacifism, attached_to: bears}
question: {state: [life]}
"""


def protected_case(*entries: dict | str):
    case = read_case(PROTECTED.encode(), "protected.yaml")
    actions = []
    for i, entry in enumerate(entries):
        if isinstance(entry, str):
            actions.append(Action(i + 1, entry, None, (), 100 + i, 5))
            continue
        kind = next(k for k in entry if k in ACTION_KINDS)
        options = tuple((k, v) for k, v in entry.items() if k != kind)
        actions.append(Action(i + 1, kind, entry[kind], options, 100 + i, 5))
    return replace(case, actions=tuple(actions))


def test_damage_from_a_quality_protected_from_is_prevented():
    state = play_out(protected_case({"cast": "clasm", "pay": ["m1"]}, "resolve")).state
    knight = state.obj("knight")
    assert knight.zone is Zone.BATTLEFIELD and knight.damage == 0  # refused before
    assert state.obj("bears").zone is Zone.GRAVEYARD


def test_an_aura_falls_off_a_creature_given_protection_from_its_color():
    game = play_out(
        protected_case({"cast": "ward", "targets": ["bears"], "pay": ["p1"]}, "resolve")
    )
    assert game.state.obj("pacifism").zone is Zone.GRAVEYARD  # refused before
    assert any("702.16c" in s.rules for s in game.steps)


SAGA = """\
id: saga
cards:
  - name: Three Chapter Tale
    mana_cost: "{2}{W}"
    types: [Enchantment]
    subtypes: [Saga]
    abilities:
      - unmodeled: "I — You gain 2 life."
      - unmodeled: "II — You gain 2 life."
      - unmodeled: "III — Draw a card."
  - name: Test Lore
    mana_cost: "{U}"
    types: [Instant]
    abilities:
      - spell: {does: "Put a lore counter on target enchantment.", targets: [target enchantment]}
game: {turn: 3, active_player: Alice, phase: precombat_main}
players:
  - name: Alice
    battlefield:
      - {card: Island, id: i1}
      - {card: Three Chapter Tale, id: tale, counters: {lore: 2}}
    hand: [{card: Test Lore, id: lore}]
    library: [{card: Forest, id: top}]
  - name: Bob
actions:
  - cast: lore
    targets: [tale]
  - resolve
question: {state: [stack]}
"""


def test_a_saga_at_its_final_chapter_waits_for_that_chapter_to_resolve():
    game = play_out(read_case(SAGA.encode(), "saga.yaml"))
    # before: no chapter triggered and the Saga was sacrificed at once (a wrong answer)
    assert game.state.obj("tale").zone is Zone.BATTLEFIELD
    assert [i.ability_of for i in game.state.stack] == ["tale"]
    case = read_case(SAGA.replace("  - resolve\n", "  - resolve_all\n").encode(), "saga.yaml")
    state = play_out(case).state
    assert state.obj("top").zone is Zone.HAND and state.obj("tale").zone is Zone.GRAVEYARD


def test_next_cleanup_stops_in_the_cleanup_step_after_its_turn_based_actions():
    case = case_with({"cast": "shock", "targets": ["fanatic"]}, "resolve", {"next": "cleanup"})
    bob = replace(case.state.player("Bob"), life=20)
    case = replace(case, state=replace(case.state, players=(case.state.player("Alice"), bob)))
    game = play_out(case)  # before: it ran on into the next turn (and refused its draw)
    assert (game.state.turn, game.state.active_player) == (3, "Alice")
    assert game.state.step.value == "cleanup"
    fanatic = game.state.obj("fanatic")  # a 3/3 with 2 damage marked this turn
    assert fanatic.zone is Zone.BATTLEFIELD and fanatic.damage == 0
    assert any("514.2" in s.rules for s in game.steps)


def test_the_player_who_discards_chooses_the_card():
    case = case_with(
        {"cast": "rip", "targets": ["Bob"], "pay": ["s1"]},
        "resolve",
        {"choose": {"object": "leak"}},
    )
    state = play_out(case).state  # refused before: "a choice not played out yet"
    assert state.obj("leak").zone is Zone.GRAVEYARD
    assert state.obj("unsummon").zone is Zone.HAND


# -- handlers: reanimation, fight, scry and surveil, proliferate ---------------------

BANK = Path(__file__).resolve().parent.parent / "cases" / "playout-resolution"


def bank_case(name: str, **changes: str):
    """A bank case, with words of it replaced (``{old: new}`` given as changes)."""
    text = (BANK / f"{name}.yaml").read_text()
    for old, new in changes.items():
        assert old in text
        text = text.replace(old, new)
    return read_case(text.encode(), f"{name}.yaml")


def test_a_target_phrase_from_a_graveyard_leaves_the_paragraph_a_spell_ability():
    line = "Return target creature card from your graveyard to the battlefield."
    [(_, [ability])] = parse_lines(line, types=["Sorcery"], name="Zombify")
    assert ability.kind is AbilityKind.SPELL  # unmodeled before: Zombify refused to resolve
    [(_, [static])] = parse_lines(
        "You may cast this card from your graveyard.", types=["Sorcery"], name="Test"
    )
    assert static.kind is AbilityKind.UNMODELED  # words outside a target phrase still count


def test_a_reanimated_creature_is_a_new_object_whose_enters_ability_triggers():
    state = play_out(bank_case("reanimate-enters-trigger")).state
    assert state.obj("wrecker").zone is Zone.BATTLEFIELD and state.obj("wrecker").moves == 1
    assert state.obj("trinket").zone is Zone.GRAVEYARD


def test_two_creatures_fight_each_dealing_its_power():
    state = play_out(bank_case("fight-each-deals-damage")).state  # refused before
    assert state.obj("mine").damage == 1  # the Elves' power
    assert state.obj("elves").zone is Zone.GRAVEYARD


def test_a_fight_with_one_fighter_gone_deals_no_damage_to_the_other():
    state = play_out(bank_case("fight-one-target-gone")).state
    assert state.obj("elves").zone is Zone.BATTLEFIELD and state.obj("elves").damage == 0


def test_a_creature_fighting_itself_deals_itself_twice_its_power():
    case = bank_case(
        "fight-each-deals-damage",
        **{"target creature you don't control]": "target creature you control]"},
        **{"targets: [mine, elves]": "targets: [mine, mine]"},
    )
    game = play_out(case)
    assert game.state.obj("mine").zone is Zone.GRAVEYARD  # 4 damage to a 2/2
    assert any("701.14c" in s.rules and "fights itself" in s.text for s in game.steps)


def library(state, player: str) -> list[str]:
    return [o.oid for o in state.objects if o.zone is Zone.LIBRARY and o.owner == player]


def test_scry_puts_the_chosen_card_at_the_bottom():
    state = play_out(bank_case("scry-bottom-then-draw")).state
    assert library(state, "Alice") == ["c", "a"]  # b was drawn, a went to the bottom
    assert state.obj("b").zone is Zone.HAND


def test_surveil_puts_the_chosen_card_into_the_graveyard_and_keeps_the_rest_on_top():
    state = play_out(bank_case("surveil-one-to-graveyard")).state
    assert state.obj("b").zone is Zone.GRAVEYARD
    assert library(state, "Alice") == ["a", "c"]


def test_scry_of_a_library_not_listed_is_refused():
    with pytest.raises(Refused) as stop:
        play_out(bank_case("scry-unlisted-library-refused"))
    assert "library" in stop.value.reason and "Test Look" in stop.value.reason


def test_proliferate_gives_each_chosen_one_more_counter_of_each_kind_it_has():
    state = play_out(bank_case("proliferate-both")).state
    assert state.obj("mine").counter("+1/+1") == 2
    assert state.obj("theirs").zone is Zone.GRAVEYARD  # two -1/-1 counters on a 2/2
    assert state.player("Bob").poison == 4
    state = play_out(bank_case("proliferate-one")).state
    assert state.obj("theirs").counter("-1/-1") == 1 and state.player("Bob").poison == 3


def test_proliferate_cannot_choose_a_permanent_without_counters():
    with pytest.raises(Invalid) as stop:
        play_out(bank_case("proliferate-one", **{"objects: [mine]": "objects: [plain]"}))
    assert stop.value.code == "P003" and "Llanowar Elves (plain)" not in stop.value.options


def test_investigating_creates_a_clue_token_that_carries_its_unbuilt_ability():
    state = play_out(bank_case("investigate-creates-clue")).state  # refused before
    clue = state.find("Clue Token")
    assert clue.token and clue.controller == "Alice" and clue.card.subtypes == ("Clue",)
    assert clue.card.abilities  # the Clue's own ability (111.10), unread: never "none"


def test_that_creatures_controller_is_its_controller_as_it_last_existed():
    state = play_out(bank_case("that-creatures-controller-stolen")).state  # unread before
    assert state.obj("bears").owner == "Alice"  # in its owner's graveyard now
    assert (state.player("Alice").life, state.player("Bob").life) == (20, 18)


def test_that_creatures_controller_is_read_only_in_a_triggered_ability():
    words = "That creature's controller loses 2 life."
    assert read_effect(words, kind="triggered").complete
    assert not read_effect(words, kind="spell").complete  # no event names "that creature"


def test_a_keyword_action_not_played_out_is_refused_naming_the_card():
    with pytest.raises(Refused) as stop:
        play_out(bank_case("proliferate-one", **{'"Proliferate."': '"Populate."'}))
    assert "Test Spread" in stop.value.reason and "populate" in stop.value.reason


def test_an_unread_ability_that_might_trigger_on_scrying_refuses():
    case = bank_case(
        "scry-keep-then-draw",
        **{
            "game: {": "  - name: Test Seer\n    types: [Enchantment]\n    abilities:\n"
            "      - unmodeled: Whenever you scry, you gain 1 life.\ngame: {",
            "battlefield: [{card: Island, id: i1}]": "battlefield: [{card: Island, id: i1},"
            " {card: Test Seer, id: seer}]",
        },
    )
    with pytest.raises(Refused) as stop:  # refused, never passed over (it refuses at the cast)
        play_out(case)
    assert "Test Seer" in stop.value.reason
