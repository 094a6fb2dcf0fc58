"""Hostile input (docs/hostile-inputs.md): the local database, a bank's lock file and card
imports, run for real. Each test here failed before its fix."""

from __future__ import annotations

import contextlib
import functools
import http.server
import json
import os
import shutil
import sqlite3
import subprocess
import threading
from pathlib import Path

import pytest

from tests.conftest import CASES, FIXTURES, data_env, run_cli, small_tmpfs

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


# --- class 12: data update's faults ---------------------------------------------------------


class CutShort(http.server.BaseHTTPRequestHandler):
    """Every answer a chunked body cut short: a chunk of 4,096 bytes announced, 100 sent."""

    protocol_version = "HTTP/1.1"

    def do_GET(self):
        self.send_response(200)
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        self.wfile.write(b"1000\r\n" + b"x" * 100)
        self.wfile.flush()
        self.close_connection = True

    def log_message(self, *args):
        pass


@contextlib.contextmanager
def serving(handler):
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.1})
    thread.daemon = True
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def test_a_download_cut_short_is_one_line_and_the_data_unchanged(tmp_path):
    env = data_env(tmp_path / "data")
    assert run_cli("cards", "import", str(ORACLE), env=env).returncode == 0
    before = run_cli("data", "status", env=env).stdout
    with serving(CutShort) as base:
        run = run_cli("data", "update", "--rules-url", f"{base}/cr.txt", "--no-cards", env=env)
    no_traceback(run)
    assert run.returncode == 1 and "cut short" in run.stderr
    assert run_cli("data", "status", env=env).stdout == before
    assert not list((tmp_path / "data").glob("staging-*"))


def test_a_full_disk_while_copying_the_database_is_said_and_the_data_kept(tmp_path):
    site = tmp_path / "site"
    site.mkdir()
    for name in ("oracle-cards.json", "rulings.json", "bulk-data.json"):
        shutil.copy(FIXTURES / "scryfall" / name, site / name)
    with small_tmpfs(tmp_path / "full", "2m") as mount:
        env = data_env(mount / "data")
        assert run_cli("cards", "import", str(ORACLE), env=env).returncode == 0
        before = run_cli("data", "status", env=env).stdout
        fillers = []
        with contextlib.suppress(OSError):  # fill the disk, 4 KB at a time
            while True:
                filler = mount / f"filler-{len(fillers)}"
                fillers.append(filler)
                filler.write_bytes(b"x" * 4096)
        for filler in fillers[-10:]:  # room for the downloads (5 KB), not the database copy
            filler.unlink(missing_ok=True)
        with serving(functools.partial(Quiet, directory=str(site))) as base:
            run = run_cli(
                "data", "update", "--no-rules", "--scryfall-url", f"{base}/bulk-data.json", env=env
            )
        no_traceback(run)
        assert run.returncode == 1 and "space" in run.stderr and "unchanged" in run.stderr
        assert run_cli("data", "status", env=env).stdout == before


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


# --- class 13: what killed runs left -----------------------------------------------------------


def dead_pid() -> int:
    """The id of a process that has ended (a child waited for)."""
    child = subprocess.Popen(["true"])
    child.wait()
    return child.pid


def test_a_killed_updates_staging_folder_is_removed_by_the_next_update(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    stale = data / f"staging-{dead_pid()}-abcd1234"
    (stale / "downloads").mkdir(parents=True)
    (stale / "downloads" / "download-x.json").write_bytes(b"x" * 1000)
    old = data / "staging-k2j3h4g5"  # named before staging folders carried their process
    old.mkdir()
    os.utime(old, (1_000_000_000, 1_000_000_000))
    live = data / f"staging-{os.getpid()}-live"  # a running process's: kept
    live.mkdir()
    run = run_cli(
        "data",
        "update",
        "--rules-url",
        "http://127.0.0.1:9/cr.txt",
        "--no-cards",
        env=data_env(data),
    )
    no_traceback(run)
    assert not stale.exists() and not old.exists() and live.exists()


def test_a_killed_runs_partial_bank_data_is_removed_by_the_next_run(tmp_path):
    from mtgrules.bank.config import file_sha256

    bank = bank_of(tmp_path)
    sha = file_sha256(ORACLE)
    shutil.copy(ORACLE, bank / "cards.json")
    (bank / "mtgrules.toml").write_text(
        f'[[data]]\nkind = "cards"\nsource = "cards.json"\nsha256 = "{sha}"\n', encoding="utf-8"
    )
    cache = tmp_path / "cache"
    partial = cache / "data" / f"0123456789abcdef0123.partial-{dead_pid()}"
    partial.mkdir(parents=True)
    (partial / "mtgrules.sqlite").write_bytes(b"x" * 1000)
    run = run_cli("check", cwd=bank, env={"MTGRULES_CACHE_DIR": str(cache)})
    no_traceback(run)
    assert run.returncode == 0, run.stdout + run.stderr
    assert not partial.exists()


# --- class 17: a card import announces what it replaces only for a file it imports ----------


@pytest.mark.parametrize(
    "bad",
    [
        '{"meta": {}}',  # not an AtomicCards file
        '[{"object": "card", "name": "X", "layout": 5}]',  # a record that can't be read
        "[]",  # no cards
    ],
)
def test_a_refused_card_file_is_not_announced_as_replacing_the_cards(tmp_path, bad):
    env = data_env(tmp_path / "data")
    assert run_cli("cards", "import", str(ORACLE), env=env).returncode == 0
    path = tmp_path / "bad.json"
    path.write_text(bad, encoding="utf-8")
    run = run_cli("cards", "import", str(path), env=env)
    no_traceback(run)
    assert run.returncode == 2 and "nothing imported" in run.stderr
    assert "Replacing" not in run.stdout


def test_a_good_card_file_still_says_what_it_replaces(tmp_path):
    env = data_env(tmp_path / "data")
    assert run_cli("cards", "import", str(ORACLE), env=env).returncode == 0
    run = run_cli("cards", "import", str(ORACLE), env=env)
    assert run.returncode == 0 and run.stdout.startswith("Replacing the 4 cards imported before")


class FailingDatabase:
    """A connection whose every query fails as a damaged page does."""

    def execute(self, *args, **kwargs):
        raise sqlite3.DatabaseError("database disk image is malformed")


@pytest.mark.parametrize("format", ["text", "json"])
def test_a_database_failing_under_the_report_keeps_the_report(
    tmp_path, monkeypatch, capsys, format
):
    """The official text read while the report is made fails (the file damaged or replaced
    under the run): the report is made from mtgrules' own summaries, never lost."""
    from mtgrules.cli import check as checkcmd
    from mtgrules.crindex import official

    data = tmp_path / "data"
    data.mkdir()
    (data / "mtgrules.sqlite").write_bytes(b"")  # a file there: official text is looked for
    monkeypatch.setenv("MTGRULES_DATA_DIR", str(data))
    monkeypatch.setattr(official, "_connection", lambda path, mtime: FailingDatabase())
    bank = bank_of(tmp_path)
    with pytest.raises(checkcmd.Exit) as ended:
        checkcmd.check([bank], format=format, jobs="1", explain=True)
    out, err = capsys.readouterr()
    assert ended.value.code == 0
    assert "the local database failed while the report quoted the rules" in err
    assert f"{len(BANK_CASES)} passed" in (out if format == "text" else err)
