"""The ``triggers`` question and triggered abilities going on the stack (CR 603.2, 603.3b,
603.3d, 603.4, 605.1b), on the bank's play-out boards (cases/playout-triggers/).

Each test asserts what a wrong engine gets wrong: the order the abilities go on the
stack, which player's come first, an order chosen by the sources' names, why something
didn't trigger, a targeted ability's targets (missing, illegal, none to choose), and a
triggered mana ability that must not be dropped or put on the stack.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mtgrules.bank.checking import evaluate
from mtgrules.caseio.case import read_case
from mtgrules.caseio.diagnostics import CaseError

BANK = Path(__file__).resolve().parent.parent / "cases" / "playout-triggers"


def text_of(name: str) -> str:
    return (BANK / f"{name}.yaml").read_text(encoding="utf-8")


def answer(text: str):
    return evaluate(read_case(text.encode(), "t.yaml"))


def test_the_answer_lists_the_abilities_in_the_order_chosen_first_at_the_bottom():
    text = text_of("two-watchers-ordered")
    first = answer(text)
    assert [e["object"] for e in first.value] == ["taxer", "warden"]
    flipped = answer(text.replace("order: [taxer, warden]", "order: [warden, taxer]"))
    assert [e["object"] for e in flipped.value] == ["warden", "taxer"]


def test_an_order_names_the_sources_by_their_ids_or_names():
    """Before the fix only the display labels ("Test Warden (warden)'s ability 1") were
    offered, so every ``choose: {order: [REF, ...]}`` was P003."""
    text = text_of("two-watchers-ordered")
    by_name = answer(text.replace("order: [taxer, warden]", "order: [Test Taxer, Test Warden]"))
    assert [e["object"] for e in by_name.value] == ["taxer", "warden"]
    by_ability = answer(
        text.replace("order: [taxer, warden]", 'order: ["warden\'s ability 1", taxer]')
    )
    assert [e["object"] for e in by_ability.value] == ["warden", "taxer"]


def test_two_abilities_of_one_player_need_an_order_listing_the_refs():
    text = text_of("two-watchers-ordered").replace("  - choose: {order: [taxer, warden]}\n", "")
    with pytest.raises(CaseError) as err:
        answer(text)
    (found,) = err.value.diagnostics
    assert found.code == "P002" and "warden" in found.message and "taxer" in found.message


def test_apnap_puts_the_active_players_ability_first():
    got = answer(text_of("apnap-both-players"))
    assert [(e["object"], e["controller"]) for e in got.value] == [
        ("warden", "Alice"),
        ("taxer", "Bob"),
    ]
    assert any("APNAP" in r.text and "101.4" in r.rules for r in got.reasons)


def test_nothing_triggered_is_an_empty_list_with_the_reason_it_did_not():
    got = answer(text_of("warden-ignores-a-land"))
    assert list(got.value) == []
    assert any("doesn't trigger" in r.text and "Forest" in r.text for r in got.reasons)


def test_a_false_intervening_if_is_a_note_citing_603_4_and_a_true_one_triggers():
    false = answer(text_of("mender-if-false"))
    assert list(false.value) == []
    assert any("603.4" in r.rules and "if" in r.text for r in false.reasons)
    true = answer(text_of("mender-if-true"))
    assert [e["object"] for e in true.value] == ["mender"]
    assert "603.4" in true.citations


def test_one_ability_triggering_twice_is_listed_twice_citing_603_2c():
    got = answer(text_of("scholar-draws-two"))
    assert len(got.value) == 2 and "603.2c" in got.citations


def test_the_question_asks_about_the_last_action_only():
    """A trigger of an earlier action is not "what triggered on the last action"."""
    text = text_of("warden-sees-bears-enter").replace("  - resolve\n", "  - resolve\n  - resolve\n")
    got = answer(text)
    assert list(got.value) == []  # the last entry resolved the Warden's ability


def test_the_triggers_question_without_actions_is_refused():
    text = text_of("warden-sees-bears-enter").split("actions:")[0] + ("question:\n  triggers: {}\n")
    got = answer(text)
    assert got.value is None and "no `actions:`" in (got.unsupported or "")


def test_a_delayed_ability_is_listed_as_delayed():
    got = answer(text_of("delayed-life-at-end-step"))
    assert list(got.value) == [{"object": "later", "delayed": True, "controller": "Alice"}]


# -- targeted triggered abilities (603.3d) ------------------------------------------------


def test_a_missing_target_choice_is_p002_listing_only_the_legal_targets():
    text = text_of("targeted-trigger-illegal-target-no").replace(
        "  - choose: {targets: [bears]}\n", ""
    )
    with pytest.raises(CaseError) as err:
        answer(text)
    (found,) = err.value.diagnostics
    assert found.code == "P002"
    options = found.message.split("the options:")[1]
    assert "trinket" in options and "bears" not in options


def test_an_illegal_target_is_no_for_that_choice():
    got = answer(text_of("targeted-trigger-illegal-target-no"))
    assert got.value == "no"
    assert got.question.startswith("Action 3 (choose)")
    assert "603.3d" in got.citations and "115.1d" in got.citations


def test_the_chosen_target_is_on_the_stack_and_the_ability_does_what_it_says():
    stacked = answer(text_of("targeted-trigger-on-the-stack"))
    assert list(stacked.value["stack"][0]["targets"]) == ["trinket"]
    done = answer(text_of("targeted-trigger-destroys-chosen"))
    assert done.value["zone"] == {"trinket": "graveyard", "other": "battlefield"}


def test_no_legal_target_removes_the_ability_without_asking():
    got = answer(text_of("targeted-trigger-no-target-removed"))
    assert list(got.value["stack"]) == []
    assert any("removed from the stack" in s.text and "603.3d" in s.rules for s in got.steps)
    listed = answer(
        text_of("targeted-trigger-no-target-removed").replace(
            "  state: [stack, {zone: wrecker}]", "  triggers: {}"
        )
    )
    assert [e["object"] for e in listed.value] == ["wrecker"]  # it did trigger
    assert any(r.holds is False and "603.3d" in r.rules for r in listed.reasons)


# -- what must be refused, not guessed ------------------------------------------------------


def test_a_triggered_mana_ability_read_from_its_words_is_refused_not_stacked():
    """Before the fix the ability went on the stack like any other (a wrong stack)."""
    got = answer(text_of("sprawl-mana-trigger-refused").replace("[life]", "[stack]"))
    assert got.value is None and "Test Sprawl" in (got.unsupported or "")


def test_a_triggered_mana_ability_with_a_structured_event_is_refused_not_dropped():
    """Before the fix settle dropped it silently ("resolved"), so the pool lacked its mana."""
    text = text_of("sprawl-mana-trigger-refused").replace(
        '      - triggered: {when: "Whenever you tap a Forest for mana", effect: {add_mana: "{G}"}}',
        '      - triggered: {when: "Whenever you tap a Forest for mana", '
        'event: {tapped_for_mana: Forest, whose: you}, effect: {add_mana: "{G}"}}',
    )
    assert "event:" in text
    got = answer(text)
    assert got.value is None and "triggered mana ability" in (got.unsupported or "")


def test_an_enters_trigger_on_the_battlefield_does_not_refuse_a_creature_entering():
    """Before the fix the Warden's unread-effect trigger, speaking of "enters", was taken
    for a replacement effect that could change how the Bears enter: unsupported."""
    got = answer(text_of("warden-sees-bears-enter"))
    assert got.value is not None, got.unsupported


def test_a_modal_trigger_takes_its_mode_as_it_goes_on_the_stack():
    text = text_of("modal-enters-mode-chosen")
    assert answer(text).value["life"] == {"Alice": 20, "Bob": 18}
    assert answer(text.replace("modes: [2]", "modes: [1]")).value["life"]["Alice"] == 22
    with pytest.raises(CaseError) as err:
        answer(text.replace("  - choose: {modes: [2]}\n", ""))
    assert err.value.diagnostics[0].code == "P002"
    with pytest.raises(CaseError) as err:
        answer(text.replace("modes: [2]", "modes: [3]"))
    assert err.value.diagnostics[0].code == "P003"


def test_the_list_is_in_stack_order_not_the_order_the_events_were_seen():
    """Before the fix the game kept the abilities in the order they triggered (the board's
    order: Alice's permanent first), not the order they went on the stack (Bob's first in
    his turn)."""
    got = answer(text_of("apnap-bob-active"))
    assert [e["controller"] for e in got.value] == ["Bob", "Alice"]


def test_up_to_one_target_with_none_around_asks_nothing_and_takes_no_target():
    text = text_of("up-to-one-none-to-choose")
    (item,) = answer(text).value["stack"]
    assert "targets" not in item
    with_one = text.replace(
        "  - name: Bob\n",
        "  - name: Bob\n    battlefield:\n      - {card: Mind Stone, id: stone}\n",
    )
    with pytest.raises(CaseError) as err:  # now there is a choice to make
        answer(with_one)
    assert "stone" in err.value.diagnostics[0].message.split("the options:")[1]
    none = answer(with_one.replace("  - resolve\n", "  - resolve\n  - choose: {targets: []}\n"))
    assert "targets" not in none.value["stack"][0]
    chosen = answer(
        with_one.replace("  - resolve\n", "  - resolve\n  - choose: {targets: [stone]}\n")
    )
    assert list(chosen.value["stack"][0]["targets"]) == ["stone"]


def test_a_leaves_ability_resolves_as_its_source_last_had_it():
    """Before, any ability whose source had left was refused on resolution (113.7a)."""
    got = answer(text_of("leaver-bounced-drains"))
    assert got.value["life"] == {"Alice": 20, "Bob": 18}
    assert any("113.7a" in s.rules for s in got.steps)
    # with a target to check again as the source last existed: still refused
    refused = answer(text_of("spark-dies-target-refused-on-resolution"))
    assert refused.value is None and "Test Spark" in (refused.unsupported or "")


# -- `triggers: {event: ...}`: what would trigger on a hypothetical event --------------


def objects(got) -> list[tuple[str, str]]:
    return [(e["object"], e["controller"]) for e in got.value]


def test_a_hypothetical_enters_is_apnap_and_follows_the_active_player():
    text = text_of("event-enters-both-wardens")
    assert objects(answer(text)) == [("warden_a", "Alice"), ("warden_b", "Bob")]
    bob_active = answer(text.replace("active_player: Alice", "active_player: Bob"))
    assert objects(bob_active) == [("warden_b", "Bob"), ("warden_a", "Alice")]


def test_a_permanent_already_on_the_battlefield_entering_does_not_trigger_its_own_another():
    text = text_of("event-enters-both-wardens").replace("enters: bears", "enters: warden_a")
    assert objects(answer(text)) == [("warden_b", "Bob")]


def test_a_hypothetical_death_looks_back_and_leaves_the_game_unchanged():
    case = read_case(text_of("event-dies-looks-back").encode(), "t.yaml")
    got = evaluate(case)
    assert objects(got) == [("martyr", "Bob")]
    assert "603.10a" in got.citations
    assert any("doesn't trigger" in r.text and "mourner" in r.text for r in got.reasons)
    assert case.state.find("martyr").zone.value == "battlefield"  # a hypothetical


def test_a_creature_of_your_own_dying_triggers_the_you_control_ability():
    text = text_of("event-dies-looks-back").replace(
        "  - name: Bob\n    battlefield:\n      - {card: Test Martyr, id: martyr}",
        "      - {card: Test Martyr, id: martyr}\n  - name: Bob",
    )
    got = answer(text)
    assert sorted(objects(got)) == [("martyr", "Alice"), ("mourner", "Alice")]
    assert any("Alice chooses the order" in r.text for r in got.reasons)


def test_a_hypothetical_cast_triggers_only_the_casters_ability():
    text = text_of("event-cast-adept")
    assert objects(answer(text)) == [("adept_a", "Alice")]
    bobs = text.replace(
        "    hand:\n      - {card: Test Shock, id: shock}\n  - name: Bob\n",
        "  - name: Bob\n    hand:\n      - {card: Test Shock, id: shock}\n",
    )
    assert objects(answer(bobs)) == [("adept_b", "Bob")]


def test_a_hypothetical_attack_triggers_the_attackers_own_ability_only():
    text = text_of("event-attacks-self")
    assert objects(answer(text)) == [("raider", "Alice")]
    assert objects(answer(text.replace("attacks: raider", "attacks: other"))) == [
        ("other", "Alice")
    ]


def test_tapped_for_mana_triggers_the_opponents_ability_and_a_tapped_land_cant_be():
    text = text_of("event-tapped-for-mana-barbs")
    assert objects(answer(text)) == [("barbs", "Bob")]
    tapped = answer(
        text.replace("{card: Forest, id: forest}", "{card: Forest, id: forest, tapped: true}")
    )
    assert tapped.unsupported and "tapped" in tapped.unsupported


def test_a_step_beginning_is_the_active_players():
    text = text_of("event-step-upkeep")
    assert objects(answer(text)) == [("keeper_b", "Bob")]
    alice = text.replace("turn: 4, active_player: Bob", "turn: 3, active_player: Alice")
    assert objects(answer(alice)) == [("keeper_a", "Alice")]
    assert list(answer(text.replace("step: upkeep", "step: draw")).value) == []


def test_an_unread_condition_that_could_match_refuses_naming_the_card():
    got = answer(text_of("event-unread-condition-refused"))
    assert got.value is None and "Test Echoer" in got.unsupported
    # a land entering isn't a cast: the unread cast condition can't match, so no refusal
    land = (
        text_of("event-unread-condition-refused")
        .replace("{card: Test Shock, id: shock}", "{card: Forest, id: shock}")
        .replace("cast: shock", "enters: shock")
    )
    assert list(answer(land).value) == []


def test_the_event_is_judged_on_the_board_after_the_actions():
    text = text_of("event-after-actions-dies")
    assert objects(answer(text)) == [("mourner", "Alice")]
    before = answer(text.replace("actions:\n  - cast: bears\n  - resolve\n", ""))
    assert before.unsupported and "isn't on the battlefield" in before.unsupported


def test_an_event_ref_naming_nothing_is_c002_at_its_path():
    text = text_of("event-cast-adept").replace("cast: shock", "cast: shcok")
    with pytest.raises(CaseError) as err:
        answer(text)
    (found,) = err.value.diagnostics
    assert found.code == "C002" and "event" in (found.path or "")


def test_an_event_has_exactly_one_known_key():
    for bad in ("{cast: shock, dies: adept_a}", "{}", "{explodes: shock}", "{step: lunch}"):
        text = text_of("event-cast-adept").replace("{cast: shock}", bad)
        with pytest.raises(CaseError):
            answer(text)


def test_an_event_that_cant_happen_is_refused_with_the_reason():
    text = text_of("event-cast-adept")
    instant_enters = answer(text.replace("cast: shock", "enters: shock"))
    assert instant_enters.value is None and "can't enter the battlefield" in (
        instant_enters.unsupported or ""
    )
    land = text.replace("{card: Test Shock, id: shock}", "{card: Forest, id: shock}")
    assert "played, not cast" in (answer(land).unsupported or "")
    assert "isn't a creature" in (
        answer(
            text_of("event-tapped-for-mana-barbs").replace(
                "tapped_for_mana: forest", "dies: forest"
            )
        ).unsupported
        or ""
    )


def test_a_triggered_mana_ability_is_listed_apart_from_the_stack_order():
    """CR 605.3b: it doesn't go on the stack, so it takes no place among those that do."""
    text = (
        text_of("event-tapped-for-mana-barbs")
        .replace(
            "      - {card: Forest, id: forest}\n",
            "      - {card: Forest, id: forest}\n      - {card: Test Sprawl, id: sprawl}\n",
        )
        .replace(
            "cards:\n",
            'cards:\n  - name: Test Sprawl\n    mana_cost: "{G}"\n    types: [Enchantment]\n'
            '    abilities:\n      - triggered: {when: "Whenever you tap a Forest for mana", '
            'effect: {add_mana: "{G}"}}\n',
        )
    )
    got = answer(text)
    assert objects(got) == [("sprawl", "Alice"), ("barbs", "Bob")]
    assert "605.3b" in got.citations
    barbs = next(r for r in got.reasons if r.text.startswith("Test Mana Barbs"))
    assert "goes on the stack" not in barbs.text  # the only one that uses the stack


SAGA = """cards:
  - name: Three Chapter Tale
    mana_cost: "{2}{W}"
    types: [Enchantment]
    subtypes: [Saga]
    abilities:
      - unmodeled: "I — You gain 2 life."
      - unmodeled: "II — You gain 2 life."
      - unmodeled: "III — Draw a card."
"""


def test_a_saga_entering_is_refused_not_answered_without_its_lore_counter():
    """CR 714.3a, 122.6: chapter I triggers on the counter it enters with, which the
    hypothetical doesn't build; an empty answer would be wrong."""
    text = (
        text_of("event-enters-both-wardens")
        .replace(
            "      - {card: Grizzly Bears, id: bears}",
            "      - {card: Three Chapter Tale, id: tale}",
        )
        .replace("enters: bears", "enters: tale")
        .replace("cards:\n", SAGA, 1)
    )
    got = answer(text)
    assert got.value is None and "Three Chapter Tale" in (got.unsupported or "")


def test_an_attack_beside_a_becomes_tapped_ability_is_refused():
    """CR 508.1f: attacking taps the creature, an event the hypothetical leaves out."""
    text = (
        text_of("event-attacks-self")
        .replace(
            "      - {card: Test Raider, id: other}",
            "      - {card: Test Raider, id: other}\n      - {card: Test Sentry, id: sentry}",
        )
        .replace(
            "cards:\n",
            'cards:\n  - name: Test Sentry\n    mana_cost: "{1}{G}"\n    types: [Creature]\n'
            '    power: 1\n    toughness: 1\n    abilities:\n      - triggered: {when: "Whenever '
            'a creature you control becomes tapped", effect: {does: "You gain 1 life."}}\n',
        )
    )
    got = answer(text)
    assert got.value is None and "Test Sentry" in (got.unsupported or "")
