"""Special actions: plot from hand (702.170a-b, 116.2k) and playing a land (116.2a, 305.1-305.3)."""

from __future__ import annotations

import pytest

from mtgrules.cards.vocabulary import AbilityKind, CostPart
from mtgrules.rules.keywords import KEYWORDS, activated_form
from tests.helpers_cast import answer_of, failed


def action(
    kind: str,
    card: str,
    *,
    active: str = "Alice",
    phase: str = "precombat_main",
    step: str | None = None,
    priority: str | None = None,
    played: int = 0,
    zone: str = "hand",
    battlefield: str = "",
) -> str:
    extras = "".join(f"\n      {k}: {v}" for k, v in (("step", step), ("priority", priority)) if v)
    return f"""
    game:
      turn: 3
      active_player: {active}
      phase: {phase}{extras}
    players:
      - name: Alice
        lands_played_this_turn: {played}
        battlefield: [{battlefield}]
        {zone}: [{{card: {card}, id: it}}]
      - name: Bob
    question:
      can_take_special_action: {{action: {kind}, object: it}}
    """


def test_plot_in_own_main_phase():
    assert answer_of(action("plot", "Visage Bandit")).value == "yes"


def test_plot_follows_702_170a_not_only_116_2k_in_own_combat():
    """116.2k alone would allow plotting in the player's own combat; 702.170a doesn't."""
    answer = answer_of(action("plot", "Visage Bandit", phase="combat", step="declare_attackers"))
    assert answer.value == "no"
    assert {"702.170a", "116.2k"} <= set(failed(answer))


@pytest.mark.parametrize(
    ("kwargs", "rule"),
    [
        ({"active": "Bob", "priority": "Alice"}, "702.170a"),
        ({"zone": "exile"}, "702.170a"),
        ({"zone": "graveyard"}, "702.170a"),
    ],
)
def test_plot_refused(kwargs, rule):
    answer = answer_of(action("plot", "Visage Bandit", **kwargs))
    assert answer.value == "no" and rule in failed(answer)


def test_a_card_without_plot_cant_be_plotted():
    assert answer_of(action("plot", "Grizzly Bears")).value == "no"


def test_plotting_says_it_doesnt_use_the_stack():
    answer = answer_of(action("plot", "Visage Bandit"))
    note = next(r for r in answer.reasons if "702.170b" in r.rules)
    assert note.holds is None and note.rulings


@pytest.mark.parametrize(
    ("kwargs", "expected"),
    [
        ({}, "yes"),
        ({"played": 1}, "no"),
        ({"active": "Bob", "priority": "Alice"}, "no"),
        ({"phase": "ending", "step": "end"}, "no"),
        ({"zone": "graveyard"}, "no"),
    ],
)
def test_play_land(kwargs, expected):
    assert answer_of(action("play_land", "Forest", **kwargs)).value == expected


def test_a_nonland_cant_be_played_as_a_land():
    assert answer_of(action("play_land", "Grizzly Bears")).value == "no"


def test_second_land_with_an_unrelated_described_static_ability_around_is_no():
    # Aven Interrupter's described ability makes some spells cost more: it can't let anyone
    # play more lands (305.2), so the scope index lets the answer stand. An ability whose
    # words could is a refusal: cases/soundness/land-extra-unread.yaml.
    text = action("play_land", "Forest", played=1, battlefield="{card: Aven Interrupter}")
    answer = answer_of(text)
    assert answer.value == "no" and "305.2" in [n for r in answer.reasons for n in r.rules]


def test_embalm_stands_for_a_graveyard_sorcery_speed_ability_that_exiles_the_card():
    from mtgrules.cards.library import builtin_library

    vizier = builtin_library().get("Vizier of Many Faces")
    keyword = next(a for a in vizier.abilities if a.keyword == "embalm")
    form = activated_form(keyword)
    assert form is not None
    ability, rules = form
    assert rules == ("702.128a",) and KEYWORDS["embalm"].rules == rules
    assert ability.kind is AbilityKind.ACTIVATED and ability.zone == "graveyard"
    assert ability.timing == "sorcery" and CostPart("exile_self") in ability.cost.parts
    assert str(ability.cost.mana) == "{3}{U}{U}"


@pytest.mark.parametrize(
    ("zone", "phase", "expected"),
    [
        ("graveyard", "precombat_main", "yes"),
        ("battlefield", "precombat_main", "no"),
        ("graveyard", "combat", "no"),
    ],
)
def test_can_activate_embalm(zone, phase, expected):
    step = "\n      step: beginning_of_combat" if phase == "combat" else ""
    answer = answer_of(f"""
    game:
      turn: 3
      active_player: Alice
      phase: {phase}{step}
    players:
      - name: Alice
        {zone}: [{{card: Anointer Priest, id: priest}}]
      - name: Bob
    question:
      can_activate: {{object: priest, ability: embalm}}
    """)
    assert answer.value == expected
