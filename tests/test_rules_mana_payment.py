"""Paying the total cost (CR 601.2g-h, 107.4, 118.3, 302.6): the exact search and its limits."""

from __future__ import annotations

import pytest

from mtgrules.rules.mana_flow import Demand, solve
from tests.helpers_cast import answer_of


def test_colored_mana_pays_its_color_and_generic_anything():
    assert solve(Demand.of(("1", "G")), {"G": 1, "R": 1}, []) is not None
    assert solve(Demand.of(("1", "G")), {"R": 2}, []) is None
    assert solve(Demand.of(("C",)), {"G": 1}, []) is None  # {C} needs colorless mana specifically


def test_phyrexian_symbols_are_not_guessed():
    with pytest.raises(ValueError):
        Demand.of(("W/P",))
    answer = answer_of(
        board("{W}{W}", "{card: Plains}").replace("Mulldrifter", "Phyrexian Test")
        + """
    cards:
      - {name: Phyrexian Test, mana_cost: "{W/P}", types: [Sorcery]}
    """
    )
    assert answer.unsupported and "{W/P}" in answer.unsupported


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
