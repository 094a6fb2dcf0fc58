"""The legend rule's exemptions ("The "legend rule" doesn't apply to ..."): read from Oracle
text, written by hand, and applied by the `enters` question (CR 704.5j, 101.1)."""

from __future__ import annotations

import pytest

from mtgrules.cards.define import ability_from_data
from mtgrules.cards.oracle.abilities import parse_abilities
from mtgrules.cards.vocabulary import AbilityKind, LegendRuleExemption

RULE = 'The "legend rule" doesn\'t apply'


@pytest.mark.parametrize(
    ("text", "what", "whose"),
    [
        (f"{RULE} to permanents you control.", "permanent", "you"),
        (f"{RULE}.", "permanent", "any"),
        (f"{RULE} to creature tokens you control.", "creature token", "you"),
        (f"{RULE} to tokens you control.", "token", "you"),
        (f"{RULE} to Slivers you control.", "Sliver", "you"),
    ],
)
def test_exemptions_are_read_and_render_back(text, what, whose):
    (ability,) = parse_abilities(text)
    assert ability.legend_rule_exempt == LegendRuleExemption(what, whose)
    assert ability.render() == text


@pytest.mark.parametrize(
    "text",
    [
        f"{RULE} to commanders you control.",  # commanders aren't a kind the engine knows
        "If there are exactly two permanents named Brothers Yamazaki on the battlefield, "
        'the "legend rule" doesn\'t apply to them.',
    ],
)
def test_other_forms_stay_not_modeled(text):
    (ability,) = parse_abilities(text, name="Brothers Yamazaki")
    assert ability.kind is AbilityKind.UNMODELED


def test_a_hand_written_exemption_reads_as_the_parsed_one():
    written = ability_from_data({"legend_rule_exempt": {"what": "creature"}})
    (parsed,) = parse_abilities(f"{RULE} to creatures you control.")
    assert written == parsed
