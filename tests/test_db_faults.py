"""Faults of the database and its environment are detected and reported with a
way out, never a traceback, and the data is never lost; concurrent imports take turns.

The read-only and full filesystems are small tmpfs mounts (root only; skipped elsewhere).
"""

from __future__ import annotations

import fcntl
import os
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.conftest import CR_TEXT, FIXTURES, ROOT, data_env, need_shared, run_cli, small_tmpfs

ORACLE = FIXTURES / "scryfall" / "oracle-cards.json"
RULINGS = FIXTURES / "scryfall" / "rulings.json"


def _no_traceback(done) -> None:
    assert "Traceback" not in done.stderr and "Aborted" not in done.stderr, done.stderr


@pytest.fixture(scope="module")
def full_db(tmp_path_factory) -> Path:
    """A database holding the rules, the fixture cards and their rulings (copied per test)."""
    folder = tmp_path_factory.mktemp("db") / "data"
    env = data_env(folder)
    need_shared(CR_TEXT)
    for args in (("rules", "import", str(CR_TEXT)), ("cards", "import", str(ORACLE))):
        assert run_cli(*args, env=env).returncode == 0
    assert run_cli("cards", "import", str(RULINGS), env=env).returncode == 0
    return folder / "mtgrules.sqlite"


def _with(tmp_path: Path, raw: bytes) -> dict[str, str]:
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / "mtgrules.sqlite").write_bytes(raw)
    return data_env(folder)


def _foreign() -> bytes:
    con = sqlite3.connect(":memory:")
    con.execute("CREATE TABLE notes (text)")
    con.execute("INSERT INTO notes VALUES ('mine')")
    return con.serialize()


@pytest.mark.parametrize(
    "what, raw, said",
    [
        ("another program's SQLite file", _foreign, "not one mtgrules wrote"),
        ("a text file", lambda: b"my notes\n" * 100, "not an SQLite database"),
        ("an empty file", lambda: b"", "not an SQLite database"),
    ],
)
def test_a_file_that_is_not_our_database_is_reported_and_an_import_moves_it_aside(
    what, raw, said, tmp_path
):
    """Such a file was reported as "Nothing imported" (exit 0)."""
    content = raw()
    env = _with(tmp_path, content)
    status = run_cli("data", "status", env=env)
    assert status.returncode == 1 and said in status.stderr and "data repair" in status.stderr
    _no_traceback(status)
    done = run_cli("cards", "import", str(ORACLE), env=env)
    assert done.returncode == 0 and "moved to" in done.stderr, done.stderr
    kept = list((tmp_path / "data").glob("mtgrules.sqlite.unusable-*"))
    assert len(kept) == 1 and kept[0].read_bytes() == content  # never deleted
    assert "Cards: 4 cards" in run_cli("data", "status", env=env).stdout


def test_a_truncated_database_is_detected_not_taken_for_nothing_imported(full_db, tmp_path):
    env = _with(tmp_path, full_db.read_bytes()[:500_000])
    status = run_cli("data", "status", env=env)
    assert status.returncode == 1 and "truncated" in status.stderr
    shown = run_cli("card", "Fixture Schemer", env=env)
    assert "truncated" in shown.stderr and "not used" in shown.stderr
    _no_traceback(shown)
    repaired = run_cli("data", "repair", env=env)
    assert repaired.returncode == 0 and "truncated" in repaired.stdout
    after = run_cli("data", "status", env=env)
    assert after.returncode == 0 and "Cards: not imported" in after.stdout
    assert list((tmp_path / "data").glob("mtgrules.sqlite.unusable-*"))


def _damage(raw: bytes, table: str) -> bytes:
    """``raw`` with the first page of ``table``'s data after its root overwritten."""
    con = sqlite3.connect(":memory:")
    con.deserialize(raw)
    page_size = con.execute("PRAGMA page_size").fetchone()[0]
    root = con.execute("SELECT rootpage FROM sqlite_master WHERE name = ?", (table,)).fetchone()[0]
    con.close()
    out = bytearray(raw)
    start = (root - 1) * page_size
    out[start : start + page_size] = b"\xff" * page_size
    return bytes(out)


def test_a_damaged_page_is_repaired_keeping_what_reads(full_db, tmp_path):
    """A damaged page gave tracebacks and re-importing couldn't repair it
    ("database old is locked")."""
    env = _with(tmp_path, _damage(full_db.read_bytes(), "rules"))
    status = run_cli("data", "status", env=env)
    assert status.returncode == 1 and "damaged" in status.stderr
    repaired = run_cli("data", "repair", env=env)
    _no_traceback(repaired)
    assert repaired.returncode == 0, repaired.stderr
    assert "Kept: cards, rulings." in repaired.stdout and "Lost" in repaired.stdout
    after = run_cli("data", "status", env=env)
    assert after.returncode == 0 and "Cards: 4 cards" in after.stdout
    assert "Comprehensive Rules: not imported" in after.stdout
    assert list((tmp_path / "data").glob("mtgrules.sqlite.damaged-*"))
    again = run_cli("data", "repair", env=env)
    assert again.returncode == 0 and "nothing to repair" in again.stdout


def test_importing_over_a_damaged_database_keeps_what_reads(full_db, tmp_path):
    env = _with(tmp_path, _damage(full_db.read_bytes(), "rules"))
    done = run_cli("cards", "import", str(ORACLE), env=env)
    _no_traceback(done)
    assert done.returncode == 0 and "damaged" in done.stderr, done.stderr
    status = run_cli("data", "status", env=env).stdout
    assert "Cards: 4 cards" in status and "Rulings: 3 rulings" in status


def test_a_data_directory_that_is_a_file(tmp_path):
    (tmp_path / "data").write_text("not a folder")
    env = data_env(tmp_path / "data")
    status = run_cli("data", "status", env=env)
    assert status.returncode == 1 and "is a file" in status.stderr and "--data-dir" in status.stderr
    done = run_cli("cards", "import", str(ORACLE), env=env)
    assert done.returncode == 2 and "nothing imported" in done.stderr
    _no_traceback(done)
    assert (tmp_path / "data").read_text() == "not a folder"


def test_a_read_only_filesystem_is_reported_and_the_data_kept(tmp_path):
    with small_tmpfs(tmp_path / "ro", "4m") as mount:
        env = data_env(mount / "data")
        assert run_cli("cards", "import", str(ORACLE), env=env).returncode == 0
        subprocess.run(["mount", "-o", "remount,ro", str(mount)], check=True)
        done = run_cli("cards", "import", str(RULINGS), env=env)
        _no_traceback(done)
        assert done.returncode == 2 and "read-only" in done.stderr, done.stderr
        assert "Cards: 4 cards" in run_cli("data", "status", env=env).stdout


@pytest.mark.shared_data("MagicCompRules.txt")
def test_a_full_disk_is_reported_and_the_data_kept(tmp_path):
    with small_tmpfs(tmp_path / "full", "400k") as mount:
        env = data_env(mount / "data")
        assert run_cli("cards", "import", str(ORACLE), env=env).returncode == 0
        done = run_cli("rules", "import", str(CR_TEXT), env=env)  # 3 MB: doesn't fit
        _no_traceback(done)
        assert done.returncode == 2 and "space" in done.stderr, done.stderr
        status = run_cli("data", "status", env=env).stdout
        assert "Cards: 4 cards" in status and "Comprehensive Rules: not imported" in status
        assert not list((mount / "data").glob("*.tmp-*"))  # the partial file is removed


@pytest.mark.shared_data("MagicCompRules.txt")
def test_concurrent_imports_take_turns_and_both_are_kept(tmp_path):
    """A rules import and a cards import at once lost one of them. Holding the
    lock here makes both wait, then run one after the other."""
    folder = tmp_path / "data"
    folder.mkdir()
    env = {**os.environ, **data_env(folder), "NO_COLOR": "1"}
    lock = os.open(folder / "mtgrules.sqlite.lock", os.O_RDWR | os.O_CREAT)
    fcntl.flock(lock, fcntl.LOCK_EX)
    procs = [
        subprocess.Popen(
            [sys.executable, "-m", "mtgrules", *args],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for args in (("rules", "import", str(CR_TEXT)), ("cards", "import", str(ORACLE)))
    ]
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and any(p.poll() is None for p in procs):
        time.sleep(2)
        if all(p.poll() is None for p in procs):
            break  # both still waiting for the lock
    assert all(p.poll() is None for p in procs), "an import didn't wait for the lock"
    os.close(lock)  # releases the lock
    outs = [p.communicate(timeout=120) for p in procs]
    for (out, err), p in zip(outs, procs, strict=True):
        assert p.returncode == 0 and "waiting for another import" in err, err
        assert out.startswith("Imported"), out
    status = run_cli("data", "status", env=data_env(folder)).stdout
    assert "Comprehensive Rules: 3318 rules" in status and "Cards: 4 cards" in status


def test_reading_a_damaged_page_is_one_line_with_the_way_out(full_db, tmp_path):
    """A page the cheap checks can't see, found only when `card` or `check` reads it."""
    env = _with(tmp_path, _damage(full_db.read_bytes(), "card_names"))
    shown = run_cli("card", "Fixture Schemer", env=env)
    _no_traceback(shown)
    assert shown.returncode == 1 and "damaged" in shown.stderr and "data repair" in shown.stderr
    case = tmp_path / "schemer.yaml"
    case.write_text(
        "id: schemer\ntitle: An imported card is cast\ntags: [import]\n"
        "game: {turn: 3, active_player: Alice, phase: precombat_main}\n"
        "players:\n  - name: Alice\n    hand: [Fixture Schemer]\n  - name: Bob\n"
        "question:\n  can_cast: Fixture Schemer\n"
    )
    checked = run_cli("check", str(case), env=env)
    _no_traceback(checked)
    assert "damaged" in checked.stdout and "data repair" in checked.stdout, checked.stdout
    assert "please report it" not in checked.stdout
