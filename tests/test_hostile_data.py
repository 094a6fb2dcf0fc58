"""Hostile input, round three (issue #39): the local database, a bank's lock file and card
imports, run for real. Each test here failed before its fix."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from tests.conftest import CASES, FIXTURES, data_env, run_cli

ORACLE = FIXTURES / "scryfall" / "oracle-cards.json"
BANK_CASES = sorted((CASES / "playout").glob("*.yaml"))[:3]


def no_traceback(run) -> None:
    said = run.stdout + run.stderr
    assert "Traceback" not in said and "E001" not in said, said[-3000:]


def bank_of(tmp_path: Path) -> Path:
    bank = tmp_path / "bank"
    bank.mkdir()
    for case in BANK_CASES:
        shutil.copy(case, bank / case.name)
    return bank


# --- class 14: a foreign SQLite file, or ours with a table missing --------------------------


def foreign(folder: Path, version: int) -> dict[str, str]:
    folder.mkdir()
    con = sqlite3.connect(folder / "mtgrules.sqlite")
    con.execute("CREATE TABLE notes (text)")
    con.execute(f"PRAGMA user_version = {version}")
    con.commit()
    con.close()
    return data_env(folder)


@pytest.mark.parametrize("version", [1, 2])
def test_a_foreign_sqlite_file_with_our_version_number_is_not_used(tmp_path, version):
    env = foreign(tmp_path / "data", version)
    bank = bank_of(tmp_path)
    for args in (("validate", str(bank)), ("check", str(bank))):
        run = run_cli(*args, env=env)
        no_traceback(run)
        assert run.returncode == 0 and "not one mtgrules wrote" in run.stderr
    status = run_cli("data", "status", env=env)
    no_traceback(status)
    assert "not one mtgrules wrote" in status.stdout + status.stderr


@pytest.mark.parametrize("version", [1, 2])
def test_importing_over_a_foreign_sqlite_file_moves_it_aside(tmp_path, version):
    env = foreign(tmp_path / "data", version)
    run = run_cli("cards", "import", str(ORACLE), env=env)
    no_traceback(run)
    assert run.returncode == 0 and "moved to" in run.stderr
    assert list((tmp_path / "data").glob("mtgrules.sqlite.unusable-*"))


def test_a_database_missing_its_rules_table_is_told_up_front_and_the_report_kept(
    tmp_path, full_db_with_rules
):
    folder = tmp_path / "data"
    folder.mkdir()
    shutil.copy(full_db_with_rules, folder / "mtgrules.sqlite")
    con = sqlite3.connect(folder / "mtgrules.sqlite")
    con.execute("DROP TABLE rules")
    con.commit()
    con.close()
    env = data_env(folder)
    status = run_cli("data", "status", env=env)
    assert status.returncode != 0 and "`rules` table" in status.stdout + status.stderr
    bank = bank_of(tmp_path)
    for args in (("check", str(bank)), ("check", "--explain", "-v", str(bank))):
        run = run_cli(*args, env=env)
        no_traceback(run)
        assert run.returncode == 0 and f"{len(BANK_CASES)} passed" in run.stdout


@pytest.fixture(scope="module")
def full_db_with_rules(tmp_path_factory) -> Path:
    from tests.conftest import CR_TEXT, need_shared

    need_shared(CR_TEXT)
    folder = tmp_path_factory.mktemp("db") / "data"
    env = data_env(folder)
    for args in (("rules", "import", str(CR_TEXT)), ("cards", "import", str(ORACLE))):
        assert run_cli(*args, env=env).returncode == 0
    return folder / "mtgrules.sqlite"


# --- class 15: a hostile mtgrules.lock -----------------------------------------------------


def lock_with(bank: Path, text: str) -> None:
    (bank / "mtgrules.lock").write_text(text, encoding="utf-8")


def good_lock(bank: Path) -> dict:
    assert run_cli("check", "--lock", "-q", str(bank)).returncode == 0
    return json.loads((bank / "mtgrules.lock").read_text(encoding="utf-8"))


def _rules_a_list(lock: dict) -> str:
    first = next(iter(lock["cases"]))
    lock["cases"][first]["rules"] = list(lock["cases"][first]["rules"])
    return json.dumps(lock)


def _entry_a_string(lock: dict) -> str:
    first = next(iter(lock["cases"]))
    lock["cases"][first] = "x"
    return json.dumps(lock)


def _fingerprint_a_number(lock: dict) -> str:
    first = next(iter(lock["cases"]))
    rules = lock["cases"][first]["rules"]
    rules[next(iter(rules))] = 7
    return json.dumps(lock)


@pytest.mark.parametrize(
    "hostile",
    [
        lambda lock: '{"mtgrules_lock": 1, "cases": ' + "[" * 100_000 + "]" * 100_000 + "}",
        _rules_a_list,
        _entry_a_string,
        _fingerprint_a_number,
    ],
    ids=["deep", "rules-a-list", "entry-a-string", "fingerprint-a-number"],
)
def test_a_hostile_lock_is_refused_before_the_run_not_after_it(tmp_path, hostile):
    bank = bank_of(tmp_path)
    lock_with(bank, hostile(good_lock(bank)))
    run = run_cli("check", str(bank))
    no_traceback(run)
    assert run.returncode == 2 and "not a mtgrules lock file" in run.stderr
    assert "passed" not in run.stdout  # refused up front: no case was checked for nothing


def test_a_lock_that_cant_be_written_is_said_after_the_report(tmp_path):
    bank = bank_of(tmp_path)
    (bank / "mtgrules.lock").mkdir()  # os.replace can't put a file over a directory
    run = run_cli("check", "--lock", str(bank))
    no_traceback(run)
    assert run.returncode == 2 and "can't write" in run.stderr
    assert f"{len(BANK_CASES)} passed" in run.stdout  # the report is not lost
