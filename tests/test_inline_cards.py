"""Inline card definitions built once per definition (caseio.case.inline_card): the same
definition gives the same card, and any difference gives the card its own words define."""

from __future__ import annotations

import copy

from mtgrules.cards.define import card_from_data
from mtgrules.caseio import case as case_module
from mtgrules.caseio.case import inline_card
from tests.helpers_cast import answer_of

BOLT = {
    "name": "Test Bolt",
    "mana_cost": "{R}",
    "types": ["Instant"],
    "abilities": [{"spell": {"does": "This spell deals 3 damage to any target."}}],
}

BOARD = """
cards:
  - name: Test Grower
    mana_cost: "{{G}}"
    types: [Creature]
    power: 2
    toughness: {toughness}
players:
  - {{name: Alice, battlefield: [Test Grower]}}
  - {{name: Bob}}
game: {{turn: 3, active_player: Alice, phase: precombat_main}}
question:
  characteristics: Test Grower
"""


def test_the_same_definition_is_built_once_and_another_one_anew():
    first = inline_card(copy.deepcopy(BOLT))
    assert inline_card(copy.deepcopy(BOLT)) is first
    assert first == card_from_data(BOLT, source="inline")
    other = copy.deepcopy(BOLT)
    other["abilities"][0]["spell"]["does"] = "This spell deals 4 damage to any target."
    built = inline_card(other)
    assert built is not first and built == card_from_data(other, source="inline")
    assert built.abilities != first.abilities


def test_a_value_of_another_type_or_a_key_json_would_blur_is_not_shared():
    whole = {"name": "Test Body", "types": ["Creature"], "power": 1, "toughness": 1}
    truth = dict(whole, power=True)  # JSON tells true from 1; the card must too
    assert inline_card(whole).power == 1 and inline_card(truth).power is True
    numbered = {"name": "Test Body", "types": ["Creature"], 1: "x"}  # JSON writes 1 as "1"
    size = len(case_module._INLINE)
    assert inline_card(numbered) == card_from_data(numbered, source="inline")
    assert len(case_module._INLINE) == size  # not remembered


def test_two_cases_defining_one_name_differently_each_get_their_own():
    # CR 208.1: the toughness printed on the card each case defines
    for toughness in (2, 5, 2):
        answer = answer_of(BOARD.format(toughness=toughness))
        assert answer.value["toughness"] == toughness
