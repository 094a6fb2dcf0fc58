"""Batches survive bad files, Ctrl-C and closed pipes (real subprocesses, real signals, real pipes)."""

from __future__ import annotations

import errno
import json
import os
import signal
import subprocess
import sys
import time
from itertools import pairwise
from pathlib import Path

import pytest

from mtgrules.bank.batch import MAX_CHUNK, chunks
from tests.conftest import ROOT, run_cli
from tests.test_batch_cli import load_bench

# Broken files mixed into a good bank, and the code each must get.
BROKEN: dict[str, tuple[bytes, str]] = {
    "bad-yaml.yaml": (b"game: [\n", "Y001"),
    "alias-bomb.yaml": (
        b"a: &a [x, x, x, x, x, x, x, x, x]\n"
        + b"".join(
            f"{n}: &{n} [{', '.join([f'*{p}'] * 9)}]\n".encode()
            for p, n in zip("abcdefgh", "bcdefghi", strict=True)
        ),
        "Y006",
    ),
    "binary.yaml": (bytes(range(256)) * 4, "Y009"),
    "empty.yaml": (b"", "Y008"),
    "deep.yaml": (b"a: " + b"[" * 5000 + b"]" * 5000 + b"\n", "Y005"),
    "python-tag.yaml": (b"game: !!python/object/apply:os.system [touch /tmp/pwned]\n", "Y003"),
    "a-list.yaml": (b"- game\n- players\n", "Y010"),
    "no-question.yaml": (b"game: {turn: 1, active_player: A}\nplayers: [{name: A}]\n", "S003"),
}


@pytest.fixture(scope="module")
def mixed(tmp_path_factory) -> Path:
    """A directory of 40 generated good cases and the broken files, interleaved by name."""
    folder = tmp_path_factory.mktemp("mixed")
    load_bench().write_bank(folder, 40, seed=7)
    for name, (raw, _) in BROKEN.items():
        (folder / "bank" / name).write_bytes(raw)
    return folder / "bank"


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_one_bad_file_never_stops_the_others(mixed, jobs):
    # named as well as walked: most of the broken files don't look like cases (no
    # question:), and a walk skips those; named, each is checked and reported
    named = [str(mixed / name) for name in BROKEN]
    run = run_cli("check", "-j", jobs, "--format", "json", str(mixed), *named)
    assert run.returncode == 2
    assert "Traceback" not in run.stderr
    results = json.loads(run.stdout)["results"]
    by_file = {Path(r["file"]).name: r for r in results}
    assert len(results) == len(by_file) == 40 + len(BROKEN)
    for name, (_, code) in BROKEN.items():
        assert by_file[name]["status"] == "error"
        assert by_file[name]["diagnostics"][0]["code"] == code, name
    good = [r for name, r in by_file.items() if name not in BROKEN]
    assert {r["status"] for r in good} == {"pass"}
    assert [r["file"] for r in results] == sorted(r["file"] for r in results)


def test_the_results_do_not_depend_on_the_number_of_jobs(mixed):
    one = run_cli("check", "-j", "1", "--format", "json", str(mixed))
    two = run_cli("check", "-j", "2", "--format", "json", str(mixed))
    assert json.loads(one.stdout)["results"] == json.loads(two.stdout)["results"]


# --- Ctrl-C ---------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def big_bank(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("big")
    load_bench().write_bank(folder, 300, seed=11)
    return folder / "bank"


def _wait_for_reader(fifo: Path, process: subprocess.Popen, timeout: float = 60) -> int:
    """Open ``fifo`` for writing once mtgrules has opened it for reading: every file before
    it has been checked, and mtgrules now waits for this one (until we write or close)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            return os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
        except OSError as err:
            assert err.errno == errno.ENXIO, err
            assert process.poll() is None, process.communicate()
            time.sleep(0.02)
    raise AssertionError("mtgrules never reached the FIFO")


def _interrupt(process: subprocess.Popen) -> tuple[str, str]:
    """Ctrl-C: SIGINT to the whole process group, as a terminal sends it.

    The first signal is sent once mtgrules has had time to block reading the FIFO. A
    signal that lands between opening the FIFO and the read that follows is noted by
    Python but not acted on until the read returns, which it never would: a user would
    press Ctrl-C again, and so does this (CPython's limit, not mtgrules').
    """
    time.sleep(0.5)
    for _ in range(3):
        os.killpg(process.pid, signal.SIGINT)
        try:
            return process.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            continue
    process.kill()
    raise AssertionError("mtgrules did not stop on Ctrl-C")


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_prints_the_partial_summary_and_exits_130(big_bank, tmp_path, jobs):
    # A FIFO after the bank holds mtgrules in the middle of the run, deterministically;
    # SIGINT then goes to the whole process group, as Ctrl-C on a terminal does.
    fifo = tmp_path / "zz-waiting.yaml"
    os.mkfifo(fifo)
    process = subprocess.Popen(
        [sys.executable, "-m", "mtgrules", "check", "-j", jobs, str(big_bank), str(fifo)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        env={**os.environ, "NO_COLOR": "1"},
    )
    writer = _wait_for_reader(fifo, process)
    try:
        out, err = _interrupt(process)  # the FIFO stays open: nobody may wait on it
    finally:
        os.close(writer)
    assert process.returncode == 130, err
    assert "Traceback" not in out + err and "KeyboardInterrupt" not in err
    closing = out.splitlines()[-1]
    passed = int(closing.split()[0])
    assert closing == f"{passed} passed, 0 failed, 0 errors, 0 unsupported, 0 unchecked"
    # -j1 checked every file before the FIFO; -j2 loses at most the FIFO's chunk.
    assert (passed == 300) if jobs == "1" else (200 <= passed <= 300)
    assert sum(line.startswith("PASS  ") for line in out.splitlines()) == passed
    assert f"interrupted after {passed} cases" in err


# --- closed pipes -----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def noisy(tmp_path_factory) -> Path:
    """A case with 3,000 unknown keys: validate prints some 300 kB, more than a pipe holds."""
    path = tmp_path_factory.mktemp("noisy") / "noisy.yaml"
    keys = "".join(f"  unknown_key_{i}: 1\n" for i in range(3000))
    path.write_text(f"game:\n  turn: 1\n  active_player: A\n{keys}players: [{{name: A}}]\n")
    return path


@pytest.mark.parametrize(
    "args",
    [("check", "--explain", "cases"), ("check", "-j", "2", "cases"), ("validate", "NOISY")],
)
def test_a_closed_pipe_ends_quietly(args, noisy):
    args = tuple(str(noisy) if a == "NOISY" else a for a in args)
    shell = " ".join([sys.executable, "-m", "mtgrules", *args]) + " | head -1"
    run = subprocess.run(
        ["bash", "-o", "pipefail", "-c", shell],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "NO_COLOR": "1"},
    )
    assert len(run.stdout.splitlines()) == 1
    assert run.stderr == "", run.stderr  # no traceback, no "Exception ignored"
    # 0 when mtgrules saw the pipe close; its usual status when the kernel took the whole
    # write before head exited (a write already under way can end short, without an error)
    assert run.returncode in (0, 2 if args[0] == "validate" else 0)


def _poisoned_bank(tmp_path: Path) -> Path:
    """A generated bank with one case the builder below chokes on, in the middle."""
    load_bench().write_bank(tmp_path, 30, seed=11)
    bank = tmp_path / "bank"
    victim = sorted(bank.rglob("*.yaml"))[15]
    victim.write_text(victim.read_text().replace("\nid: ", "\nid: poisoned-", 1))
    return bank


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_case_that_breaks_the_builder_is_an_internal_error_and_the_bank_goes_on(
    tmp_path, monkeypatch, jobs
):
    """Isolation: an exception while a case is built (not a diagnostic) becomes E001 on that
    case, worded as mtgrules' failure, never "invalid"; every other case is still answered.
    The pool forks its workers, so they inherit the broken builder too."""
    from mtgrules.api import check_paths
    from mtgrules.caseio import case as case_module
    from mtgrules.report.as_junit import render as junit

    real = case_module.build_state

    def broken(data, library):
        if str(data.get("id", "")).startswith("poisoned-"):
            raise RuntimeError("a builder bug")
        return real(data, library)

    monkeypatch.setattr(case_module, "build_state", broken)
    bank = _poisoned_bank(tmp_path)
    results = check_paths([bank], jobs=jobs)
    assert len(results) == 30
    errors = [r for r in results if r.status == "error"]
    assert len(errors) == 1
    (diagnostic,) = errors[0].diagnostics
    assert diagnostic.code == "E001" and "while reading" in diagnostic.message
    assert errors[0].internal_error and "invalid" not in errors[0].error_summary()
    assert all(r.answer is not None for r in results if r.status != "error")
    assert 'type="internal-error"' in junit(results)


def test_a_token_without_a_card_is_refused_by_validation_not_a_traceback(tmp_path):
    """`token: true` with no `card` has no characteristics to build: the schema says so."""
    bank = _poisoned_bank(tmp_path)
    (bank / "token-without-card.yaml").write_text(
        "game: {turn: 3, active_player: A}\n"
        "players:\n  - name: A\n    battlefield:\n      - {token: true, id: t}\n  - name: B\n"
        "question: {characteristics: t}\n"
    )
    run = run_cli("check", "-j", "2", "--format", "json", str(bank))
    assert "Traceback" not in run.stderr
    results = {Path(r["file"]).name: r for r in json.loads(run.stdout)["results"]}
    assert len(results) == 31
    bad = results["token-without-card.yaml"]
    assert bad["status"] == "error" and bad["diagnostics"][0]["code"].startswith("S")


@pytest.mark.parametrize(
    ("files", "jobs"), [(1000, 2), (3000, 2), (100, 4), (24, 2), (5, 1), (1, 8)]
)
def test_the_chunks_cover_the_files_in_order_and_shrink_towards_the_end(files, jobs):
    """batch.chunks: every file once, in order (the results come back in file order), no
    chunk over MAX_CHUNK, and none after the first larger than the one before it."""
    paths = [Path(f"case-{i}.yaml") for i in range(files)]
    parts = chunks(paths, jobs)
    assert [p for part in parts for p in part] == paths
    sizes = [len(part) for part in parts]
    assert max(sizes) <= MAX_CHUNK and min(sizes) >= 1
    assert all(a >= b for a, b in pairwise(sizes))
    if files >= 1000:  # the last chunks are small, so the workers finish together
        assert sizes[-1] <= 4 and sizes[0] == MAX_CHUNK
