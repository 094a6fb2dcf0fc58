"""The Oracle effect reader's phases added to a turn (cards/effects_actions.py
AdditionalPhases; docs/effects.md, "Phases added to the turn"): real Oracle text read from
the corpus (../shared/data/cards, skipped when absent) and texts written here.

The guards fail on a misreading: a beginning phase read as a combat phase, the main phase
that follows left out, "after this main phase" read as after any phase (500.8 adds the
phases after the one named), and a count of phases other than one of each."""

from __future__ import annotations

from mtgrules.cards.effects import Script, Tap
from mtgrules.cards.effects_actions import AdditionalPhases
from mtgrules.cards.oracle.effects import read_effect
from tests.test_oracle_effects import effect_of


def card(corpus, name: str, kind: str) -> Script:
    return read_effect(effect_of(corpus, name, kind), name, kind)


def own(text: str) -> Script:
    return read_effect(text, "Test Card", "spell")


def test_a_combat_phase_after_this_one(corpus):
    """Port Razer untaps each creature its controller controls, then adds a combat phase
    after the current phase (CR 500.8)."""
    read = card(corpus, "Port Razer", "triggered")
    assert read.steps[-1] == AdditionalPhases(("combat",)) and not read.unread
    assert isinstance(read.steps[0], Tap) and read.steps[0].untap


def test_a_combat_and_a_main_phase_after_this_main_phase(corpus):
    """Seize the Day: a combat phase, then a main phase (a postcombat one, 505.1a), after
    this main phase."""
    read = card(corpus, "Seize the Day", "spell")
    assert read.steps[-1] == AdditionalPhases(("combat", "main"), after_main=True)
    assert not read.unread


def test_a_beginning_phase_with_the_words_the_other_way_round(corpus):
    """Sphinx of the Second Sun names the phase first and "after this phase" last."""
    assert card(corpus, "Sphinx of the Second Sun", "triggered") == Script(
        (AdditionalPhases(("beginning",)),)
    )
    assert own("There is an additional combat phase after this phase.") == Script(
        (AdditionalPhases(("combat",)),)
    )


def test_what_the_reading_says():
    assert AdditionalPhases(("combat", "main"), after_main=True).render() == (
        "after this main phase, an additional combat phase followed by an additional main phase"
    )


def test_other_counts_and_conditions_stay_unread():
    """Two combat phases at once, and a phase added only under a condition, aren't read."""
    for text in (
        "After this main phase, there are two additional combat phases.",
        "If it's your main phase, there is an additional combat phase after this phase.",
        "After this phase, there is an additional upkeep step.",
    ):
        assert own(text).unread, text
