"""Hostile input (docs/hostile-inputs.md): `mtgrules ask`'s arguments and `--save` targets,
run for real. Each test here failed before its fix."""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys

import pytest

from tests.conftest import ROOT, run_cli, small_tmpfs

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


# --- classes 5 and 6: --save's targets ------------------------------------------------------

ASK_BEARS = ("ask", "characteristics", "Grizzly Bears")


def test_save_dot_slash_dash_writes_a_file_named_dash(tmp_path):
    run = run_cli(*ASK_BEARS, "--save", "./-", cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert (tmp_path / "-").is_file() and "characteristics" in (tmp_path / "-").read_text()
    assert "yaml-language-server" not in run.stdout  # the answer printed, not the case


def test_save_dash_still_prints_the_case(tmp_path):
    run = run_cli(*ASK_BEARS, "--save", "-", cwd=tmp_path)
    assert run.returncode == 0 and "characteristics" in run.stdout
    assert not (tmp_path / "-").exists()


def invoke_with_evaluate(monkeypatch, tmp_path, evaluate, *args: str):
    """``mtgrules ask ARGS`` in this process, its cases answered by ``evaluate``."""
    from typer.testing import CliRunner

    import mtgrules.bank.checking
    from mtgrules.cli.app import app

    monkeypatch.setattr(mtgrules.bank.checking, "evaluate", evaluate)
    monkeypatch.chdir(tmp_path)
    return CliRunner().invoke(app, list(args))


def test_the_hint_to_print_the_case_is_true_with_save_dash(tmp_path, monkeypatch):
    """A refusal no argument is to blame for says `--save -` prints the equivalent case;
    with `--save -` it is printed (it wasn't: the hint was false for that path)."""
    from mtgrules.caseio.diagnostics import CaseError, Diagnostic

    def refusing(case):
        raise CaseError([Diagnostic(case.file, "P001", "cannot go on", 1, 1, "$")])

    hinted = invoke_with_evaluate(monkeypatch, tmp_path, refusing, *ASK_BEARS)
    assert hinted.exit_code == 2 and "`--save -` prints the equivalent case" in hinted.output
    printed = invoke_with_evaluate(monkeypatch, tmp_path, refusing, *ASK_BEARS, "--save", "-")
    assert printed.exit_code == 2 and "characteristics: Grizzly Bears" in printed.output


def test_an_internal_error_is_not_blamed_on_the_question_and_the_case_is_saved(
    tmp_path, monkeypatch
):
    def broken(case):
        raise RuntimeError("a bug")

    ran = invoke_with_evaluate(monkeypatch, tmp_path, broken, *ASK_BEARS, "--save", "bug.yaml")
    said = ran.output
    assert ran.exit_code == 2 and "E001" in said
    assert "characteristics 'Grizzly Bears'" not in said.split("E001")[0].splitlines()[-1]
    assert (tmp_path / "bug.yaml").is_file() and "report it" in said


def test_force_onto_a_fifo_is_refused_not_blocked(tmp_path):
    fifo = tmp_path / "case.yaml"
    os.mkfifo(fifo)
    run = run_cli(*ASK_BEARS, "--save", str(fifo), "--force", timeout=60)
    assert run.returncode == 2 and "not a regular file" in run.stderr


@pytest.mark.parametrize("kind", ["folder", "link"])
def test_force_onto_what_is_not_a_regular_file_is_refused(tmp_path, kind):
    target = tmp_path / "case.yaml"
    if kind == "folder":
        target.mkdir()
    else:
        (tmp_path / "real.yaml").write_text("mine\n")
        target.symlink_to(tmp_path / "real.yaml")
    run = run_cli(*ASK_BEARS, "--save", str(target), "--force")
    assert run.returncode == 2 and "not a regular file" in run.stderr
    assert kind == "folder" or (tmp_path / "real.yaml").read_text() == "mine\n"


def test_force_on_a_full_disk_keeps_the_existing_case_whole(tmp_path):
    with small_tmpfs(tmp_path / "full", "64k") as mount:
        case = mount / "case.yaml"
        case.write_text("# the judge's own case\n", encoding="utf-8")
        with contextlib.suppress(OSError), open(mount / "filler", "wb") as filler:
            while True:
                filler.write(b"x" * 4096)
                filler.flush()
        run = run_cli(*ASK_BEARS, "--save", str(case), "--force")
        no_crash(run)
        assert run.returncode == 2 and "can't write" in run.stderr
        assert case.read_text(encoding="utf-8") == "# the judge's own case\n"
        assert sorted(p.name for p in mount.iterdir()) == ["case.yaml", "filler"]
