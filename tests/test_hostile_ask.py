"""Hostile input, round three (issue #39): `mtgrules ask`'s arguments and `--save` targets,
run for real. Each test here failed before its fix."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.conftest import ROOT, run_cli

BIG = "9" * 5000


def no_crash(run) -> None:
    said = run.stdout + run.stderr
    assert "Traceback" not in said and "E001" not in said, said[-2000:]


# --- classes 2 and 4: numbers in ask's specs and options -----------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ["characteristics", "Grizzly Bears", "-m", f"Grizzly Bears:+1/+1={BIG}"],
        ["characteristics", "Grizzly Bears", "-m", f"Grizzly Bears:since={BIG}"],
        ["characteristics", "Grizzly Bears", "-m", f"Grizzly Bears:x={BIG}"],
        ["cast", "Grizzly Bears", "--x", BIG],
        ["cast", "Grizzly Bears", "--x", "²"],
        ["characteristics", "Grizzly Bears", "-m", f"Grizzly Bears:+{BIG}/+1=2"],
        ["characteristics", "Grizzly Bears", "--you", f"Alice:life={BIG}"],
        ["activate", "Llanowar Elves", "-a", BIG],
        ["activate", "Llanowar Elves", "-a", "²"],
        ["activate", "Llanowar Elves", "-a", "٣"],
        ["characteristics", "Grizzly Bears", "-m", "Grizzly Bears:since=²"],
        ["characteristics", "Grizzly Bears", "-m", "Grizzly Bears:+1/+1=²"],
        ["activate", "Llanowar Elves", "--turn", BIG],
    ],
)
def test_a_number_ask_cannot_take_is_a_one_line_refusal(args):
    run = run_cli("ask", *args)
    no_crash(run)
    assert run.returncode == 2
    assert len(run.stderr) < 1000  # the 5,000 digits aren't printed back whole


def test_a_number_too_long_says_the_bound():
    run = run_cli("ask", "characteristics", "Grizzly Bears", "--you", f"Alice:life={BIG}")
    assert "too large (at most 18 digits)" in run.stderr


# --- class 11: terminal escapes in ask's echo of its arguments -----------------------------

ESC = "\x1b]0;pwned\x07"


@pytest.mark.parametrize(
    "args",
    [
        ["characteristics", f"Bears{ESC}"],  # the unknown card, echoed in the refusal
        ["characteristics", "Grizzly Bears", "-m", f"Grizzly Bears:{ESC}=1"],  # a fact
        ["characteristics", "Grizzly Bears", "--you", f"A{ESC}"],  # defaults line, players
    ],
)
def test_ask_escapes_control_characters_it_echoes(args):
    run = run_cli("ask", *args)
    no_crash(run)
    assert "\x1b" not in run.stdout + run.stderr and "\x07" not in run.stdout + run.stderr


@pytest.mark.parametrize("mark", ["\u2028", "\u2029"])
def test_line_separators_are_escaped_in_ask_reports(mark):
    run = run_cli("ask", "characteristics", f"Grizzly{mark}Bears")
    assert mark not in run.stdout + run.stderr


# --- class 7: a current directory deleted under the command --------------------------------

IN_DELETED_CWD = (
    "import os, runpy, sys; os.rmdir(os.getcwd()); sys.argv = ['mtgrules', *sys.argv[1:]]; "
    "runpy.run_module('mtgrules', run_name='__main__')"
)


def run_in_deleted_cwd(tmp_path, *args: str) -> subprocess.CompletedProcess[str]:
    gone = tmp_path / "gone"
    gone.mkdir()
    env = {**os.environ, "PYTHONPATH": str(ROOT), "NO_COLOR": "1"}
    return subprocess.run(
        [sys.executable, "-c", IN_DELETED_CWD, *args],
        cwd=gone,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize(
    "args", [("check",), ("validate",), ("ask", "characteristics", "Grizzly Bears")]
)
def test_a_deleted_current_directory_is_one_line_not_a_traceback(tmp_path, args):
    run = run_in_deleted_cwd(tmp_path, *args)
    assert "Traceback" not in run.stderr, run.stderr
    assert run.returncode == 2
    assert "current directory no longer exists" in run.stderr


def test_absolute_paths_still_check_in_a_deleted_current_directory(tmp_path):
    run = run_in_deleted_cwd(tmp_path, "check", str(ROOT / "cases" / "playout"))
    assert run.returncode == 0, run.stdout + run.stderr
