"""The compiled validator (jsonschema-rs) may only ever say "valid" where the Python one does.

``mtgrules.caseio.schema.is_valid`` trusts the compiled validator's "yes" and
skips the Python walk. A yes the Python validator wouldn't give would let an
invalid case reach the builder, so these tests compare the two on the bundled
bank, on the case files the diagnostics tests reject, and on mutations of both.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import jsonschema_rs
import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from mtgrules.caseio.schema import is_valid, schema_text, validator
from tests.conftest import CASES

ROOT = Path(__file__).resolve().parent.parent
COMPILED = {
    name: jsonschema_rs.validator_for(json.loads(schema_text(name))) for name in ("case", "card")
}


def _documents() -> list[Any]:
    files = sorted(CASES.rglob("*.yaml")) + sorted((ROOT / "docs" / "diagnostics").rglob("*.yaml"))
    out = []
    for f in files:
        try:
            text = f.read_text(encoding="utf-8")
            if any(
                isinstance(e, yaml.AliasEvent) for e in yaml.parse(text, Loader=yaml.CSafeLoader)
            ):
                continue  # the loader refuses aliases (Y006); expanded, they cost billions of paths
            doc = yaml.load(text, Loader=yaml.CSafeLoader)
        except (yaml.YAMLError, UnicodeDecodeError):
            continue
        if isinstance(doc, dict):
            out.append(doc)
    return out


DOCUMENTS = _documents()


def _agree(name: str, data: Any) -> None:
    python = validator(name).is_valid(data)
    try:
        compiled = COMPILED[name].is_valid(data)
    except (ValueError, TypeError, OverflowError, RecursionError):
        compiled = False  # is_valid then asks the Python validator
    assert not (compiled and not python), (
        f"compiled validator accepts what Python rejects: {data!r}"
    )
    assert is_valid(name, data) is python


def test_the_bank_and_the_diagnostics_examples_get_the_python_verdict() -> None:
    assert len(DOCUMENTS) > 250
    verdicts = {validator("case").is_valid(d) for d in DOCUMENTS}
    assert verdicts == {True, False}  # both kinds are in the sample
    for doc in DOCUMENTS:
        _agree("case", doc)
        for card in doc.get("cards") or []:
            _agree("card", card)


@pytest.mark.parametrize(
    "value",
    ["302.6\n", "\u0663\u0660\u0662.6", "{\u0661}{G}", "=\u0662/2"],
    ids=["final-newline", "arabic-indic-digits", "digit-in-mana", "digit-in-pt"],
)
def test_where_the_regex_dialects_differ_python_decides(value: str) -> None:
    """Python's ``\\d`` matches every Unicode digit and its ``$`` matches before a
    final newline; Rust's don't. The compiled validator's "no" is asked again."""
    doc = copy.deepcopy(next(d for d in DOCUMENTS if validator("case").is_valid(d)))
    doc.setdefault("expect", {})["rules"] = [value]
    assert is_valid("case", doc) is validator("case").is_valid(doc)


_json = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**30), max_value=10**30)
    | st.floats(allow_nan=True)
    | st.text(max_size=8)
    | st.sampled_from(["W", "{G}", "2/2", "+1/+1", "302.6", "battlefield", "Alice", "x"]),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=8,
)


def _paths(data: Any, path: tuple = ()) -> list[tuple]:
    out = [path]
    if isinstance(data, dict):
        for k, v in data.items():
            out += _paths(v, (*path, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out += _paths(v, (*path, i))
    return out


@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_mutations_never_split_the_verdicts(data: st.DataObject) -> None:
    doc = copy.deepcopy(data.draw(st.sampled_from(DOCUMENTS)))
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(_paths(doc)))
        if not path:
            continue
        parent = doc
        for part in path[:-1]:
            parent = parent[part]
        how = data.draw(st.sampled_from(["replace", "delete", "rename"]))
        if how == "replace":
            parent[path[-1]] = data.draw(_json)
        elif how == "delete":
            del parent[path[-1]]
        elif isinstance(parent, dict):
            parent[data.draw(st.text(max_size=6))] = parent.pop(path[-1])
    _agree("case", doc)
