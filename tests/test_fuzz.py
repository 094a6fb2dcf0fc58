"""Fuzzing the loader, the builder and the engine (docs/hostile-inputs.md, fuzzing).

Two sources of input, both derandomized so CI sees the same examples every run, and
bounded (about a minute in all on the CI machine):

- boards generated from ``schemas/case.schema.json`` itself: every object, enum,
  pattern and ``oneOf`` of the schema, with strings biased towards the names a case
  refers to (players, built-in cards, ids), so that many boards get past validation;
- structural mutations of the bundled cases: a value anywhere replaced by a hostile
  one (a huge number, a symbol the schema's pattern admits, a mapping where text is
  expected, a name of another card), a key dropped or added.

Each is checked in-process by :func:`mtgrules.api.check_file`, which never raises; the
properties are: no E001 (an internal error is a bug: a file must be answered or refused
with diagnostics), and bounded time per case. `HYPOTHESIS_PROFILE=long` runs many more.
"""

from __future__ import annotations

import copy
import json
import os
import tempfile
import time
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mtgrules.api import check_file
from mtgrules.cards.library import builtin_library
from tests.conftest import CASES, ROOT

SCHEMA = json.loads((ROOT / "schemas" / "case.schema.json").read_text(encoding="utf-8"))
CASE_FILES = sorted(Path(CASES).rglob("*.yaml"))
LONG = os.environ.get("HYPOTHESIS_PROFILE") == "long"
FUZZ = settings(
    max_examples=3000 if LONG else 150,
    deadline=None,
    derandomize=not LONG,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
PER_CASE_SECONDS = 15.0  # far above any case's time; a runaway search passes it
CARDS = sorted(builtin_library().names())
NAMES = ["Alice", "Bob", "Cleo", "a", "b", "x1", *CARDS[:40]]
WORK = Path(tempfile.mkdtemp(prefix="mtgrules-fuzz-"))

HOSTILE: list[Any] = [
    None,
    True,
    False,
    0,
    -1,
    10**18,
    10**30,
    "",
    " ",
    "0",
    "9" * 40,
    "{//}",
    "{W/U/B/R/G}",
    "{99999999999999999999}",
    "{X}{X}{X}",
    "*",
    "1+*",
    "purple",
    "equip",
    "Alice",
    "Bob",
    "Forest",
    "Llanowar Elves",
    "\u202e",
    "a" * 300,
    [],
    [None],
    ["equip"],
    [{"card": "Forest"}],
    {},
    {"card": "Forest"},
    {"token": {"name": "Soldier"}},
    {"card": "Forest", "token": {"name": "Forest"}},
    [[[[]]]],
]


def _resolve(node: dict) -> dict:
    while "$ref" in node:
        target: Any = SCHEMA
        for part in node["$ref"].lstrip("#/").split("/"):
            target = target[part]
        node = {**target, **{k: v for k, v in node.items() if k != "$ref"}}
    return node


PLAYER_KEYS = {"controller", "owner", "active_player", "priority", "player", "by", "name", "paying"}
CARD_KEYS = {"card", "object", "can_cast", "characteristics", "could_produce", "copy_of"}


def _string(node: dict, key: str) -> st.SearchStrategy[str]:
    if "pattern" in node:
        return st.from_regex(node["pattern"], fullmatch=True)
    if key in PLAYER_KEYS:
        return st.sampled_from(["Alice", "Bob"])
    if key in CARD_KEYS:
        return st.sampled_from(CARDS)
    return st.one_of(
        st.sampled_from(NAMES), st.text(min_size=node.get("minLength", 0), max_size=12)
    )


def from_schema(node: dict, depth: int = 0, key: str = "") -> st.SearchStrategy[Any]:
    """Values the schema node admits (mostly: ``uniqueItems`` and ``propertyNames`` are
    not enforced, so some values are refused by validation: refusals are fine too)."""
    node, name = _resolve(node), key
    for key in ("oneOf", "anyOf"):
        if key in node:
            rest = {k: v for k, v in node.items() if k != key}
            return st.one_of([from_schema({**rest, **b}, depth, name) for b in node[key]])
    if "const" in node:
        return st.just(node["const"])
    if "enum" in node:
        return st.sampled_from(node["enum"])
    kind = node.get("type")
    if isinstance(kind, list):
        return st.one_of([from_schema({**node, "type": k}, depth, name) for k in kind])
    if kind == "object" or "properties" in node:
        return _object(node, depth)
    if kind == "array":
        items = node.get("items", {"type": "string"})
        most = 0 if depth > 5 else 3
        least = node.get("minItems", 0)
        return st.lists(
            from_schema(items, depth + 1, name), min_size=least, max_size=max(least, most)
        )
    if kind == "string":
        return _string(node, name)
    if kind == "integer":
        low, high = node.get("minimum", -3), node.get("maximum", 25)
        return st.one_of(st.integers(low, high), st.sampled_from([low, high]))
    if kind == "number":
        return st.floats(allow_nan=False, allow_infinity=False, width=32)
    if kind == "boolean":
        return st.booleans()
    if kind == "null":
        return st.none()
    return st.sampled_from(HOSTILE)


def _object(node: dict, depth: int) -> st.SearchStrategy[dict]:
    props = node.get("properties", {})
    required = [k for k in node.get("required", []) if k in props]
    optional = sorted(k for k in props if k not in required)

    @st.composite
    def build(draw: st.DrawFn) -> dict:
        chosen = list(required)
        if depth <= 5 and optional:
            chosen += draw(st.lists(st.sampled_from(optional), max_size=4, unique=True))
        return {k: draw(from_schema(props[k], depth + 1, k)) for k in chosen}

    return build()


def _check(data: Any, name: str) -> None:
    """Write the case, check it; no internal error, bounded time."""
    path = WORK / name
    path.write_text(
        "# a fuzzed case\n" + yaml.safe_dump(data, sort_keys=False, allow_unicode=True),
        encoding="utf-8",
    )
    started = time.perf_counter()
    result = check_file(path)
    took = time.perf_counter() - started
    assert not result.internal_error, (
        [str(d) for d in result.diagnostics],
        path.read_text(encoding="utf-8"),
    )
    assert took < PER_CASE_SECONDS, (took, path.read_text(encoding="utf-8"))


QUESTION = SCHEMA["properties"]["question"]["properties"]
KINDS = sorted(
    k
    for k, v in QUESTION.items()
    if k.startswith(("can_", "is_", "could_")) or (v.get("type") == "object")
)


@st.composite
def questions(draw: st.DrawFn) -> dict:
    """Exactly one question key, with some of the options."""
    kind = draw(st.sampled_from(KINDS))
    out = {kind: draw(from_schema(QUESTION[kind], 1, kind))}
    options = sorted(k for k in QUESTION if k not in KINDS)
    for option in draw(st.lists(st.sampled_from(options), max_size=2, unique=True)):
        out[option] = draw(from_schema(QUESTION[option], 1, option))
    return out


@st.composite
def boards(draw: st.DrawFn) -> dict:
    """A board from the schema, with its players named as its references expect (Alice,
    Bob, Cleo) and exactly one question, so that most boards reach the engine."""
    board = draw(from_schema(SCHEMA))
    players = board.get("players") or []
    names = ["Alice", "Bob", "Cleo"][: max(2, min(3, len(players)))]
    while len(players) < len(names):
        players.append({})
    board["players"] = players[: len(names)]
    for player, name in zip(board["players"], names, strict=True):
        if isinstance(player, dict):
            player["name"] = name
    game = board.setdefault("game", {"turn": 3})
    game["active_player"] = draw(st.sampled_from(names))
    if draw(st.booleans()):  # a main phase with an empty stack: most questions' setting
        game.update(phase="precombat_main", priority=game["active_player"])
        for key in ("step", "stack"):
            game.pop(key, None)
    board["question"] = draw(questions())
    board.pop("expect", None)
    if isinstance(board["players"][0], dict):  # the cards the question names are on the board
        zone = board["players"][0].setdefault("battlefield", [])
        if isinstance(zone, list):
            zone += [n for n in _card_names(board["question"]) if n in CARDS][:3]
    for key in ("turn",):
        if isinstance(game.get(key), int):
            game[key] = max(game[key], 25)  # no turn number in the board is after it
    return board


def _card_names(value: Any) -> list[str]:
    """Every string in ``value`` (a question)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [n for v in value.values() for n in _card_names(v)]
    if isinstance(value, list):
        return [n for v in value for n in _card_names(v)]
    return []


@pytest.mark.slow
@FUZZ
@given(boards())
def test_schema_generated_boards_never_give_an_internal_error(board):
    _check(board, "generated.yaml")


def _paths(value: Any, prefix: tuple = ()) -> list[tuple]:
    """Every path (keys and indexes) into a loaded case."""
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, (*prefix, i))
    return out


def _parent(root: Any, path: tuple) -> Any:
    for part in path[:-1]:
        root = root[part]
    return root


def _schema_at(path: tuple) -> dict | None:
    """The schema of the value at ``path`` in a case, for the parts worth regenerating."""
    defs = SCHEMA["$defs"]
    if path == ("question",):
        return None
    if len(path) == 4 and path[0] == "players" and isinstance(path[3], int):
        return defs["object"]  # an object in a zone
    if len(path) == 3 and path[:2] == ("game", "stack"):
        return defs["stack_item"]
    if len(path) == 2 and path[0] == "players":
        return defs["player"]
    if len(path) == 1 and path[0] in SCHEMA["properties"]:
        return SCHEMA["properties"][path[0]]
    return None


def _like(old: Any) -> st.SearchStrategy[Any]:
    """A value of the same type as ``old``: it gets past the schema's types more often."""
    if isinstance(old, bool):
        return st.booleans()
    if isinstance(old, int):
        return st.sampled_from([0, 1, -1, 7, 99, 10**9, 10**18])
    if isinstance(old, str):
        return st.sampled_from([*NAMES, "{//}", "{2/W}", "{C}", "{S}", "{X}", "*", "0", "ward"])
    if isinstance(old, list):
        return st.lists(st.sampled_from(NAMES), max_size=3)
    return st.sampled_from(HOSTILE)


@st.composite
def mutated_cases(draw: st.DrawFn) -> Any:
    """A bundled case with one to three of its values replaced, dropped or added."""
    source = draw(st.sampled_from(CASE_FILES))
    data = yaml.safe_load(source.read_text(encoding="utf-8"))
    for _ in range(draw(st.integers(1, 3))):
        paths = [p for p in _paths(data) if p]
        if not paths:
            break
        path = draw(st.sampled_from(paths))
        parent = _parent(data, path)
        action = draw(st.sampled_from(["replace", "replace", "drop", "add", "schema"]))
        node = _schema_at(path)
        if action == "schema" and node is not None:  # a part made anew from the schema
            parent[path[-1]] = draw(from_schema(node, 2, str(path[-1])))
            continue
        like = _like(parent[path[-1]])
        # a copy: a value drawn from HOSTILE is one shared object, which a later mutation could
        # put inside itself (a structure that contains itself, which no YAML file loads to here)
        value = copy.deepcopy(draw(st.one_of(like, like, like, st.sampled_from(HOSTILE))))
        if action == "replace":
            parent[path[-1]] = value
        elif action == "drop":
            del parent[path[-1]]
        elif isinstance(parent, dict):
            parent[draw(st.sampled_from(["card", "token", "id", "tapped", "x", "copy_of"]))] = value
        else:
            parent.append(value)
    return data


@FUZZ
@given(mutated_cases())
def test_mutated_bundled_cases_never_give_an_internal_error(case):
    _check(case, "mutated.yaml")


def test_an_expected_list_holding_a_list_is_refused_not_a_crash():
    """Found by the mutation fuzz: `expect.answer: [[]]` (the schema admits it) made the
    comparison raise out of `check_file`, which must never raise. Validation refuses it."""
    case = yaml.safe_load((CASES / "mana" / "contamination-replacement.yaml").read_text())
    case["expect"]["answer"] = [[]]
    path = WORK / "nested-answer.yaml"
    path.write_text(yaml.safe_dump(case, sort_keys=False), encoding="utf-8")
    result = check_file(path)
    assert result.status == "error" and [d.code for d in result.diagnostics] == ["C013"]


@pytest.mark.parametrize("listed", [True, 3, "text", {"name": "Test Card"}])
def test_cards_that_are_not_a_list_are_s002_not_an_internal_error(listed):
    """Found by the mutation fuzz: `cards: true` made building the inline cards raise
    (E001, "'bool' object is not iterable"), and a string was taken letter by letter."""
    case = yaml.safe_load((CASES / "mana" / "contamination-replacement.yaml").read_text())
    case["cards"] = listed
    path = WORK / "cards-not-a-list.yaml"
    path.write_text(yaml.safe_dump(case, sort_keys=False), encoding="utf-8")
    result = check_file(path)
    assert result.status == "error" and not result.internal_error
    assert "S002" in [d.code for d in result.diagnostics]
