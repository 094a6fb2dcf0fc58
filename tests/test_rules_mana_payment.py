"""Paying the total cost (CR 601.2g-h, 107.4, 118.3, 302.6): the exact search and its limits."""

from __future__ import annotations

import re

import pytest

from mtgrules.rules.mana.flow import Demand, solve
from tests.helpers_cast import answer_of


def test_colored_mana_pays_its_color_and_generic_anything():
    assert solve(Demand.of(("1", "G")), {"G": 1, "R": 1}, []) is not None
    assert solve(Demand.of(("1", "G")), {"R": 2}, []) is None
    assert solve(Demand.of(("C",)), {"G": 1}, []) is None  # {C} needs colorless mana specifically


@pytest.mark.parametrize(
    ("life", "permanents", "value", "paid_with_life"),
    [
        (20, "{card: Forest}", "yes", True),  # no white mana: 2 life pay it (CR 107.4f)
        (1, "{card: Forest}", "no", False),  # 119.4: not with less life than the payment
        (2, "{card: Forest}", "yes", True),  # paying down to 0 life is allowed
        (1, "{card: Plains}, {card: Forest}", "yes", False),  # white mana pays it, no life
    ],
)
def test_phyrexian_symbols_are_paid_with_their_mana_or_two_life(
    life, permanents, value, paid_with_life
):
    with pytest.raises(ValueError):  # the flow itself pays mana only
        Demand.of(("W/P",))
    answer = answer_of(
        board(
            "",
            permanents,
            extra='cards: [{name: Phyrexian Test, mana_cost: "{1}{W/P}", types: [Sorcery]}]',
        )
        .replace("Mulldrifter", "Phyrexian Test")
        .replace("- name: Alice", f"- name: Alice\n        life: {life}")
    )
    assert answer.value == value, answer
    paying = next(r for r in answer.reasons if "pay the total cost" in r.text)
    assert (re.search(r"paying \d+ life for \{", paying.text) is not None) is paid_with_life
    assert "107.4f" in paying.rules


def board(pool: str, permanents: str, card: str = "Mulldrifter", extra: str = "") -> str:
    """A board asking whether ``card`` can be cast and paid for by its mana cost alone (not
    Mulldrifter's evoke cost)."""
    return f"""
    game: {{turn: 5, active_player: Alice}}
    players:
      - name: Alice
        mana_pool: "{pool}"
        battlefield: [{permanents}]
        hand: [{{card: {card}}}]
      - name: Bob
    {extra}
    question: {{can_cast: {card}, pay: true, alternative_cost: false}}
    """


@pytest.mark.parametrize(
    ("pool", "permanents", "expected"),
    [
        ("{U}", "{card: Forest}, {card: Forest}, {card: Forest}, {card: Forest}", "yes"),
        ("{G}", "{card: Forest}, {card: Forest}, {card: Forest}, {card: Forest}", "no"),
        ("", "{card: Island}, {card: Forest}, {card: Forest}, {card: Forest}", "no"),
        (
            "",
            "{card: Island}, {card: Forest}, {card: Forest}, {card: Forest}, {card: Forest}",
            "yes",
        ),
        (
            "",
            "{card: Island, tapped: true}, {card: Forest}, {card: Forest}, {card: Forest}, {card: Forest}",
            "no",
        ),
        ("{C}{C}", "{card: Island}, {card: Forest}, {card: Forest}", "yes"),
    ],
)
def test_pool_and_lands(pool, permanents, expected):
    assert answer_of(board(pool, permanents)).value == expected


def test_elves_under_summoning_sickness_dont_pay_but_haste_lets_them():
    sick = "{card: Forest}, {card: Llanowar Elves, id: elves, entered_this_turn: true}"
    answer = answer_of(board("", sick, card="Grizzly Bears"))
    assert answer.value == "no"
    assert any("302.6" in r.rules for r in answer.reasons)
    hasty = board(
        "",
        sick,
        card="Grizzly Bears",
        extra="effects: [{source: elves, affect: elves, add_abilities: [haste], until: end_of_turn}]",
    )
    assert answer_of(hasty).value == "yes"


def test_a_mana_source_with_a_cost_beyond_tap_is_unsupported():
    drum = "{card: Springleaf Drum}, {card: Llanowar Elves}, {card: Island}"
    assert answer_of(board("", drum, card="Grizzly Bears")).unsupported


def test_a_permanent_with_an_unread_static_ability_makes_payment_unsupported():
    answer = answer_of(board("{U}{U}{U}{U}{U}", "{card: Aven Interrupter}"))
    assert answer.value is None and "Aven Interrupter" in (answer.unsupported or "")
