"""Triggered abilities on the beginning of a step (CR 603.2b), on a spell being cast
(601.2i), on combat events (508-510), life gain (119.9), drawing (121.1) or damage (120.3)
are read with their event, so they are known not to trigger on what a question
asks about (entering, tapping for mana), and can be written by hand."""

from __future__ import annotations

import pytest

from mtgrules.cards.define import event_from_data
from mtgrules.cards.oracle.abilities import parse_abilities
from mtgrules.cards.vocabulary import AbilityKind, TriggerEvent


@pytest.mark.parametrize(
    ("line", "event"),
    [
        (
            "At the beginning of combat on your turn, untap target land.",
            TriggerEvent("beginning_of", what="combat", whose="you"),
        ),
        (
            "At the beginning of each opponent's upkeep, you gain 1 life.",
            TriggerEvent("beginning_of", what="upkeep", whose="opponent"),
        ),
        (
            "At the beginning of each end step, if a creature died this turn, draw a card.",
            TriggerEvent("beginning_of", what="end_step", whose="each"),
        ),
        (
            "At the beginning of your second main phase, scry 1.",
            TriggerEvent("beginning_of", what="second_main_phase", whose="you"),
        ),
        (
            "Whenever you cast an instant or sorcery spell, Spark Hound gets +1/+0 until end of turn.",
            TriggerEvent("cast", what="spell", whose="you"),
        ),
        (
            "Whenever an opponent casts a creature spell, you gain 1 life.",
            TriggerEvent("cast", what="spell", whose="opponent"),
        ),
        (
            "At the beginning of the end step, sacrifice Spark Hound.",
            TriggerEvent("beginning_of", what="end_step", whose="each"),
        ),
        (
            "Whenever Spark Hound becomes blocked, it gets +2/+2 until end of turn.",
            TriggerEvent("combat", what="becomes_blocked"),
        ),
        ("Whenever you attack, scry 1.", TriggerEvent("combat", what="you_attack")),
        (
            "Whenever equipped creature attacks, it gets +1/+0 until end of turn.",
            TriggerEvent("combat", what="equipped_attacks"),
        ),
        ("Whenever you gain life, scry 1.", TriggerEvent("life_gain", what="you")),
        (
            "Whenever you draw your second card each turn, scry 1.",
            TriggerEvent("draw", what="second_card", whose="you"),
        ),
        (
            "Whenever Spark Hound is dealt damage, put a +1/+1 counter on it.",
            TriggerEvent("damage", what="dealt_to_self"),
        ),
        (
            "Heroic — Whenever you cast a spell that targets Spark Hound, scry 1.",
            TriggerEvent("cast", what="spell", whose="you"),
        ),
        (
            "Whenever you cast your second spell each turn, scry 1.",
            TriggerEvent("cast", what="spell", whose="you"),
        ),
        ("When you set this scheme in motion, scry 2.", TriggerEvent("set_in_motion")),
        ("Whenever chaos ensues, scry 2.", TriggerEvent("chaos_ensues")),
    ],
)
def test_read_with_its_event(line: str, event: TriggerEvent) -> None:
    (ability,) = parse_abilities(line, name="Spark Hound")
    assert ability.kind is AbilityKind.TRIGGERED
    assert ability.event == event
    assert ability.trigger == line.split(",")[0].split(" — ")[-1]


@pytest.mark.parametrize(
    "line",
    [
        # the controller's own upkeep keeps its event
        "At the beginning of your upkeep, draw a card.",
    ],
)
def test_own_upkeep_unchanged(line: str) -> None:
    (ability,) = parse_abilities(line, name="Spark Hound")
    assert ability.event == TriggerEvent("upkeep")


@pytest.mark.parametrize(
    "line",
    [
        # a spell that targets another object: what it targets is not read
        "Whenever you cast a spell that targets a creature, scry 1.",
        # mana added by a triggered ability is another reading (605.1b), not this one
        "At the beginning of your precombat main phase, add {R}.",
        # a step mtgrules doesn't list
        "At the beginning of each of your postcombat main phases, draw a card.",
        # dying is read only for the object itself (it matters to the legend rule, 704.5j)
        "Whenever another creature you control dies, scry 1.",
    ],
)
def test_not_read(line: str) -> None:
    (ability,) = parse_abilities(line, name="Spark Hound")
    assert ability.kind is AbilityKind.UNMODELED


def test_hand_written() -> None:
    assert event_from_data({"beginning_of": "combat", "whose": "you"}) == TriggerEvent(
        "beginning_of", what="combat", whose="you"
    )
    assert event_from_data({"cast": "spell", "whose": "opponent"}) == TriggerEvent(
        "cast", what="spell", whose="opponent"
    )
    assert event_from_data({"combat": "becomes_blocked"}) == TriggerEvent(
        "combat", what="becomes_blocked"
    )
    assert event_from_data({"draw": "card", "whose": "you"}) == TriggerEvent(
        "draw", what="card", whose="you"
    )
