"""`mtgrules check` over many files: globs, jobs, selection, fail-fast, progress, the closing line."""

from __future__ import annotations

import functools
import importlib.util
import io
import json
import random
import sys

import pytest

from mtgrules.api import Selection, check_paths, find_case_files
from mtgrules.cli.progress import with_progress
from tests.bank import write_bank
from tests.conftest import ROOT, run_cli


@functools.cache
def load_bench(name: str = "run"):
    """A script of bench/ as a module (``run``: the generated bank; ``hostile``: hostile inputs)."""
    spec = importlib.util.spec_from_file_location(f"bench_{name}", ROOT / "bench" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[f"bench_{name}"] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def generated(tmp_path_factory):
    """A generated bank big enough to use worker processes (bench/run.py's generator)."""
    folder = tmp_path_factory.mktemp("generated")
    return load_bench().write_bank(folder, 60, seed=4)


def statuses(out: str) -> list[tuple[str, str]]:
    return [(r["id"], r["status"]) for r in json.loads(out)["results"]]


def test_the_bench_generator_writes_varied_cases_that_all_pass(generated):
    results = check_paths(generated)
    assert len(results) == 60
    assert {r.status for r in results} == {"pass"}
    assert len({r.title for r in results}) >= 4  # several scenarios, not one case 60 times
    values = [r.answer.value for r in results]
    assert {v for v in values if isinstance(v, str) and v in ("yes", "no")} == {"yes", "no"}
    assert any(isinstance(v, dict) for v in values)  # value questions too (characteristics, ...)
    assert len({next(iter(r.question)) for r in results}) >= 5  # the mix: many question types


def test_jobs_do_not_change_the_results_or_their_order(generated):
    folder = str(generated[0].parent)
    one = run_cli("check", folder, "-j", "1", "--format", "json")
    two = run_cli("check", folder, "-j", "2", "--format", "json")
    assert one.returncode == two.returncode == 0
    assert json.loads(one.stdout)["results"] == json.loads(two.stdout)["results"]
    ids = [i for i, _ in statuses(one.stdout)]
    assert ids == sorted(ids)


def test_api_jobs_match_in_process_results(generated):
    assert check_paths(generated, jobs=2) == check_paths(generated, jobs=1)


def test_directories_are_walked_recursively_and_the_closing_line_counts_every_status(tmp_path):
    write_bank(tmp_path)
    (tmp_path / "b" / "notes.txt").write_text("not yaml", encoding="utf-8")
    proc = run_cli("check", str(tmp_path))
    assert proc.returncode == 2  # an invalid case is the worst status
    assert proc.stdout.rstrip().splitlines()[-1] == (
        "1 passed, 1 failed, 1 error, 1 unsupported, 0 unchecked"
    )


def test_quoted_globs_are_expanded_by_mtgrules(tmp_path):
    files = write_bank(tmp_path)
    proc = run_cli("check", f"{tmp_path}/**/*-pass.yaml", f"{tmp_path}/*/4-*.yml", "-f", "json")
    got = [r["file"] for r in json.loads(proc.stdout)["results"]]
    assert got == [str(files["pass"]), str(files["unsupported"])]
    assert proc.returncode == 3


def test_a_glob_that_matches_nothing_is_a_usage_error(tmp_path):
    proc = run_cli("check", f"{tmp_path}/*.yaml")
    assert proc.returncode == 2
    assert "no such file" in proc.stderr


def test_tag_selects_cases_having_any_of_the_tags(tmp_path):
    write_bank(tmp_path)
    proc = run_cli("check", str(tmp_path), "--tag", "casting", "--tag", "nothing", "-f", "json")
    # the invalid file can't say its tags, so it stays in
    assert statuses(proc.stdout) == [("3-error", "error"), ("cast-bears", "unsupported")]


def test_k_matches_id_title_or_path_ignoring_case(tmp_path):
    write_bank(tmp_path)
    by_id = run_cli("check", str(tmp_path), "-k", "WRONG-expect", "-f", "json")
    assert statuses(by_id.stdout) == [("elves-wrong-expectation", "fail")]
    by_title = run_cli("check", str(tmp_path), "-k", "does not MODEL", "-f", "json")
    assert statuses(by_title.stdout) == [("cast-bears", "unsupported")]
    by_path = run_cli("check", str(tmp_path), "-k", "3-err", "-f", "json")
    assert statuses(by_path.stdout) == [("3-error", "error")]


def test_selection_api():
    s = Selection(tags=("a",), keyword="x")
    assert s.matches("x1", None, "f.yaml", ("a", "b"))
    assert not s.matches("x1", None, "f.yaml", ("b",))
    assert not s.matches("y", "nothing", "f.yaml", ("a",))
    assert s.matches_invalid("dir/x.yaml") and not s.matches_invalid("dir/y.yaml")


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_fail_fast_stops_after_the_first_failure(tmp_path, jobs):
    write_bank(tmp_path)
    bank = load_bench().write_bank(tmp_path / "more", 40, seed=1)  # enough to use workers
    (tmp_path / "more" / "bank" / "zz-fail.yaml").write_text(
        (tmp_path / "a" / "2-fail.yaml").read_text(encoding="utf-8"), encoding="utf-8"
    )
    proc = run_cli(
        "check", str(tmp_path / "a"), str(bank[0].parent), "-x", "-j", jobs, "-f", "json"
    )
    assert statuses(proc.stdout) == [
        ("elves-entered-this-turn", "pass"),
        ("elves-wrong-expectation", "fail"),
    ]
    assert proc.returncode == 1
    without = run_cli("check", str(tmp_path / "a"), str(bank[0].parent), "-j", jobs, "-f", "json")
    assert len(statuses(without.stdout)) == 43


def test_no_progress_bar_when_stderr_is_redirected(generated):
    proc = run_cli("check", str(generated[0].parent), "-j", "1")
    assert "\r" not in proc.stderr and "[#" not in proc.stderr


def test_progress_bar_draws_and_erases_on_a_terminal():
    class Tty(io.StringIO):
        def isatty(self):
            return True

    stream = Tty()
    items = list(with_progress(iter(range(60)), 60, stream))
    assert items == list(range(60))
    drawn = stream.getvalue()
    assert f"[{'#' * 30}] 60/60" in drawn
    assert drawn.endswith("\r") and drawn.count("\r") >= 2
    short = Tty()
    list(with_progress(iter(range(5)), 5, short))
    assert short.getvalue() == ""  # a short run draws nothing


def test_find_case_files_deduplicates_and_can_skip_non_cases(tmp_path):
    files = write_bank(tmp_path)
    (tmp_path / "a" / "ci.yaml").write_text("jobs:\n  test: {runs-on: x}\n", encoding="utf-8")
    everything = list(find_case_files([tmp_path, files["pass"]]))
    assert everything.count(files["pass"]) == 1 and tmp_path / "a" / "ci.yaml" in everything
    cases = list(find_case_files([tmp_path], only_cases=True))
    assert tmp_path / "a" / "ci.yaml" not in cases and len(cases) == 4


def test_shuffled_arguments_keep_the_given_order(tmp_path):
    files = list(write_bank(tmp_path).values())
    random.Random(3).shuffle(files)
    proc = run_cli("check", *map(str, files), "-f", "json")
    assert [r["file"] for r in json.loads(proc.stdout)["results"]] == list(map(str, files))


def test_a_selection_that_matches_nothing_has_its_own_exit_code():
    """`-k`/`--tag` that select nothing used to exit 0, as if every case had passed."""
    done = run_cli("check", "cases", "-k", "no-such-case-anywhere")
    assert done.returncode == 5
    assert "no case selected" in done.stderr
    assert run_cli("check", "cases/plot", "--tag", "plot").returncode == 0
