"""The local database survives interrupted imports: a real process killed with SIGKILL."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from tests.conftest import ATOMIC_2022, CR_TEXT, ROOT, data_env, import_files, run_cli

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")

# An import that stops mid-way (after writing part of its new database) until killed.
STALLED_IMPORT = textwrap.dedent(
    """
    import sys, time
    from mtgrules.data.store import rebuild

    def fill(con):
        con.executemany(
            "INSERT INTO cards VALUES (?, ?, ?, ?, ?, ?)",
            [(i, f"Half {i}", f"half{i}", f"o{i}", "normal", "[]") for i in range(1, 5000)],
        )
        con.commit()
        print("half-way", flush=True)
        time.sleep(60)
        raise SystemExit("not killed")

    rebuild(("cards",), fill)
    """
)


def state(folder: Path) -> tuple:
    """What a judge would see: rule 702.170d, the cards' import record, the card count."""
    con = sqlite3.connect(folder / "mtgrules.sqlite")
    try:
        rule = con.execute("SELECT text FROM rules WHERE number = '702.170d'").fetchone()
        meta = con.execute("SELECT kind, sha256, count FROM meta ORDER BY kind").fetchall()
        cards = con.execute("SELECT count(*) FROM cards").fetchone()[0]
        assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    finally:
        con.close()
    return rule, tuple(meta), cards


def test_a_killed_import_leaves_the_previous_database_intact(tmp_path):
    env = import_files(tmp_path, ("rules", CR_TEXT))
    before = state(tmp_path)
    proc = subprocess.Popen(
        [sys.executable, "-c", STALLED_IMPORT],
        cwd=ROOT,
        env={**os.environ, **env},
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout.readline().strip() == "half-way"
        assert list(tmp_path.glob("mtgrules.sqlite.tmp-*")), "the import writes beside the database"
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == -signal.SIGKILL
    assert state(tmp_path) == before
    assert before[2] == 0  # no half-imported card is visible
    done = run_cli("rule", "702.170d", env=env)
    assert done.returncode == 0 and "effective 2026-08-07" in done.stdout
    # the next import cleans up the dead import's file and succeeds
    import_files(tmp_path, ("cards", ATOMIC_2022))
    assert not list(tmp_path.glob("mtgrules.sqlite.tmp-*"))
    assert state(tmp_path)[2] > 20000


def test_the_real_cards_import_killed_at_any_moment_leaves_a_usable_database(tmp_path):
    env = import_files(tmp_path, ("rules", CR_TEXT))
    before = state(tmp_path)
    for delay in (0.3, 0.6, 0.9):
        proc = subprocess.Popen(
            [sys.executable, "-m", "mtgrules", "cards", "import", str(ATOMIC_2022)],
            cwd=ROOT,
            env={**os.environ, **env},
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        time.sleep(delay)
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
        after = state(tmp_path)
        # either the old database or the complete new one, never a mix
        assert after == before or (after[0] == before[0] and after[2] > 20000), delay
        assert run_cli("rule", "702.170d", env=env).returncode == 0
        print(f"killed after {delay}s: {'old' if after == before else 'new'} database in place")


def test_no_database_means_builtin_everything(tmp_path):
    env = data_env(tmp_path / "nothing-here")
    status = run_cli("data", "status", env=env)
    assert status.returncode == 0 and "Nothing imported" in status.stdout
    assert not (tmp_path / "nothing-here").exists()  # looking creates nothing


@pytest.mark.shared_data("MagicCompRules.txt")
def test_the_data_dir_option_wins_over_the_environment(tmp_path):
    chosen = tmp_path / "chosen"
    done = run_cli(
        "--data-dir", str(chosen), "rules", "import", str(CR_TEXT), env=data_env(tmp_path / "env")
    )
    assert done.returncode == 0
    assert (chosen / "mtgrules.sqlite").is_file() and not (tmp_path / "env").exists()
