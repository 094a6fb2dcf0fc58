"""The JSON copy of the built-in card files gives exactly what their YAML says, and a copy
that is missing, damaged, unwritable or stale is never used in place of the YAML."""

from __future__ import annotations

import datetime
from importlib import resources
from pathlib import Path

import pytest
import yaml

from mtgrules.cards import builtin_cache
from mtgrules.cards.library import builtin_card_data, parse_yaml

from .conftest import run_cli


def _direct() -> list[tuple[str, dict]]:
    folder = resources.files("mtgrules.cards.builtin")
    return [
        (e.name, yaml.safe_load(e.read_text(encoding="utf-8")))
        for e in sorted(folder.iterdir(), key=lambda e: e.name)
        if e.name.endswith(".yaml")
    ]


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv(builtin_cache.CACHE_ENV, str(folder))
    return folder


def test_the_copy_gives_what_the_yaml_says(cache: Path) -> None:
    first = builtin_card_data()
    copies = list(cache.glob("builtin-cards-*.json"))
    assert len(copies) == 1
    again = builtin_card_data()  # from the copy
    assert first == again == _direct()
    assert len(again) > 50


def test_a_damaged_copy_is_read_past(cache: Path) -> None:
    builtin_card_data()
    (copy,) = cache.glob("builtin-cards-*.json")
    copy.write_text('[["forest.yaml", {"name": "Not a Forest"}]]', encoding="utf-8")
    assert builtin_card_data() == _direct()  # the names differ from the files': not used
    copy.write_text("{not json", encoding="utf-8")
    assert builtin_card_data() == _direct()


def test_other_bytes_are_another_copy(cache: Path) -> None:
    files = [("a.yaml", b"name: A\n")]
    assert builtin_cache.cached_data(files, parse_yaml) == [("a.yaml", {"name": "A"})]
    changed = [("a.yaml", b"name: B\n")]
    assert builtin_cache.cached_data(changed, parse_yaml) == [("a.yaml", {"name": "B"})]
    assert len(list(cache.glob("builtin-cards-*.json"))) == 2


def test_values_json_cannot_hold_are_never_copied(cache: Path) -> None:
    dated = [("d.yaml", b"date: 2019-05-03\n")]  # JSON can't write a date
    numbered = [("k.yaml", b"1: one\n")]  # JSON would write the key as "1"
    for _ in range(2):
        assert builtin_cache.cached_data(dated, parse_yaml) == [
            ("d.yaml", {"date": datetime.date(2019, 5, 3)})
        ]
        assert builtin_cache.cached_data(numbered, parse_yaml) == [("k.yaml", {1: "one"})]
    assert not list(cache.glob("builtin-cards-*.json"))


def test_an_unwritable_cache_changes_nothing(tmp_path: Path) -> None:
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder", encoding="utf-8")
    done = run_cli(
        "check",
        "cases/summoning-sickness/elves-entered-this-turn.yaml",
        env={builtin_cache.CACHE_ENV: str(blocked / "cache")},
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "1 passed" in done.stderr + done.stdout
