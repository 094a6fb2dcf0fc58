"""Casting (CR 601.3, 117.1a, 305.9, 702.8a, 107.3, 118.8-118.9, 601.2b-h) and plot casting (702.170d)."""

from __future__ import annotations

import pytest

from tests.helpers_cast import answer_of, failed


def single_card(
    card: str, *, zone: str = "hand", game: str = "turn: 3, active_player: Alice", options: str = ""
) -> str:
    """Alice has one card in ``zone``; can she cast it?"""
    return f"""
    game: {{{game}}}
    players:
      - name: Alice
        {zone}: [{{card: {card}}}]
      - name: Bob
    question: {{can_cast: {card}{options}}}
    """


def plotted(
    turn: int,
    plotted_on: int,
    *,
    card: str = "Visage Bandit",
    active: str = "Alice",
    phase: str = "precombat_main",
    step: str | None = None,
    priority: str | None = None,
    options: str = "",
    stack: str = "",
) -> str:
    step_line = f"step: {step}" if step else ""
    prio = f"priority: {priority}" if priority else ""
    return f"""
    game:
      turn: {turn}
      active_player: {active}
      phase: {phase}
      {step_line}
      {prio}
      {stack}
    players:
      - name: Alice
        exile:
          - {{card: {card}, id: it, plotted_on_turn: {plotted_on}}}
      - name: Bob
    question: {{can_cast: it{options}}}
    """


@pytest.mark.parametrize(
    ("turn", "plotted_on", "expected"), [(4, 4, "no"), (5, 4, "yes"), (9, 1, "yes")]
)
def test_plotted_card_only_on_a_later_turn(turn, plotted_on, expected):
    answer = answer_of(plotted(turn, plotted_on))
    assert answer.value == expected
    if expected == "no":
        assert failed(answer) == ["702.170d"]


def test_the_same_turn_reason_carries_the_visage_bandit_ruling():
    answer = answer_of(plotted(4, 4))
    decisive = next(r for r in answer.reasons if r.holds is False)
    assert [(r.card, r.date) for r in decisive.rulings] == [("Visage Bandit", "2024-04-12")]


def test_plotted_card_needs_owners_main_phase_even_with_priority():
    answer = answer_of(plotted(6, 3, active="Bob", priority="Alice"))
    assert answer.value == "no"
    assert "702.170d" in failed(answer)


def test_plotted_instant_keeps_sorcery_timing_while_an_instant_in_hand_does_not():
    plotted_bolt = answer_of(
        plotted(
            6, 3, card="Lightning Bolt", active="Bob", priority="Alice", phase="ending", step="end"
        )
    )
    assert plotted_bolt.value == "no"
    game = "turn: 6, active_player: Bob, phase: ending, step: end, priority: Alice"
    in_hand = answer_of(single_card("Lightning Bolt", game=game))
    assert in_hand.value == "yes"


def test_plotted_card_cast_only_by_its_owner():
    text = plotted(6, 3, active="Bob", options=", by: Bob")
    answer = answer_of(text)
    assert answer.value == "no"
    assert any("Alice owns it" in r.text for r in answer.reasons if r.holds is False)


def test_a_plotted_card_in_exile_has_no_normal_permission():
    answer = answer_of(plotted(5, 3, options=", method: normal"))
    assert answer.value == "no" and "601.3" in failed(answer)


@pytest.mark.parametrize(("x", "expected"), [(0, "yes"), (1, "no"), (5, "no")])
def test_x_is_zero_when_cast_from_plot(x, expected):
    answer = answer_of(plotted(5, 3, card="Hangarback Walker", options=f", x: {x}"))
    assert answer.value == expected


def test_x_is_free_in_a_normal_cast():
    assert answer_of(single_card("Hangarback Walker", options=", x: 3")).value == "yes"


def test_plot_refuses_a_second_alternative_cost_but_a_hand_cast_accepts_it():
    assert (
        answer_of(plotted(5, 3, card="Mulldrifter", options=", alternative_cost: evoke")).value
        == "no"
    )
    from_hand = answer_of(single_card("Mulldrifter", options=", alternative_cost: evoke"))
    assert from_hand.value == "yes"


def test_kicker_on_a_card_without_kicker_is_refused():
    answer = answer_of(plotted(5, 3, options=", kicked: true"))
    assert answer.value == "no" and "702.33a" in failed(answer)


@pytest.mark.parametrize(
    ("creatures", "expected"), [("", "no"), ("battlefield: [{card: Grizzly Bears}]", "yes")]
)
def test_mandatory_additional_cost_is_still_owed_from_plot(creatures, expected):
    answer = answer_of(f"""
    game: {{turn: 5, active_player: Alice}}
    players:
      - name: Alice
        {creatures}
        exile: [{{card: Village Rites, plotted_on_turn: 3}}]
      - name: Bob
        battlefield: [{{card: Grizzly Bears}}]
    question: {{can_cast: Village Rites}}
    """)
    assert answer.value == expected


def test_the_spell_being_cast_cant_pay_its_own_discard_cost():
    base = """
    game: {turn: 3, active_player: Alice}
    players:
      - name: Alice
        hand: [{card: Thrill of Possibility}%s]
      - name: Bob
    question: {can_cast: Thrill of Possibility}
    """
    assert answer_of(base % "").value == "no"
    assert answer_of(base % ", {card: Forest}").value == "yes"


@pytest.mark.parametrize("card", ["Forest", "Dryad Arbor"])
def test_lands_are_never_cast(card):
    answer = answer_of(single_card(card))
    assert answer.value == "no" and failed(answer) == ["305.9"]


@pytest.mark.parametrize(
    ("card", "expected"), [("Aven Interrupter", "yes"), ("Grizzly Bears", "no")]
)
def test_flash_allows_instant_timing(card, expected):
    game = "turn: 4, active_player: Bob, phase: combat, step: declare_attackers, priority: Alice"
    assert answer_of(single_card(card, game=game)).value == expected


def test_a_card_whose_only_unread_ability_is_its_effect_cant_be_cast_from_a_graveyard():
    # Divination's unread ability is what it does as it resolves (CR 113.3a, 608.2): it can't
    # give a permission to cast it, so nothing in the case does (601.3). The old refusal
    # (any unread ability anywhere) is now the scope index's, which knows this one can't
    # matter; tests/test_scope.py has the refusal for words that could.
    answer = answer_of(single_card("Divination", zone="graveyard"))
    assert answer.value == "no" and failed(answer) == ["601.3"]
