"""The junit, github and markdown formats, run for real through the CLI; and colors."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from mtgrules.report.as_github import annotation
from tests.bank import write_bank
from tests.conftest import run_cli


@pytest.fixture
def bank(tmp_path):
    return write_bank(tmp_path)


def test_junit_has_one_testcase_per_case_with_what_ci_needs(bank, tmp_path):
    proc = run_cli("check", str(tmp_path), "--format", "junit")
    assert proc.returncode == 2
    assert proc.stderr.strip().endswith("1 passed, 1 failed, 1 error, 1 unsupported, 0 unchecked")
    root = ET.fromstring(proc.stdout)
    assert root.tag == "testsuites"
    (suite,) = root.findall("testsuite")
    assert (
        suite.get("tests"),
        suite.get("failures"),
        suite.get("errors"),
        suite.get("skipped"),
    ) == (
        "4",
        "1",
        "1",
        "1",
    )
    cases = {c.get("name"): c for c in suite.findall("testcase")}
    assert set(cases) == {
        "elves-entered-this-turn",
        "elves-wrong-expectation",
        "3-error",
        "cast-bears",
    }
    for case in cases.values():
        assert case.get("classname").startswith("mtgrules") and case.get("file")
    # real times: every answered case took some time, and the suite adds them up
    times = {name: float(c.get("time")) for name, c in cases.items()}
    assert all(t > 0 for name, t in times.items() if name != "3-error"), times
    assert float(suite.get("time")) >= sum(times.values()) - 0.01

    passed = cases["elves-entered-this-turn"]
    assert [child.tag for child in passed] == ["system-out"]

    failure = cases["elves-wrong-expectation"].find("failure")
    assert "the answer is NO, expected YES" in failure.get("message")
    # the disagreeing reason: summoning sickness, with its rule; not the conditions that held
    assert "summoning sickness" in failure.text and "CR 302.6" in failure.text
    assert "Alice controls it" not in failure.text

    error = cases["3-error"].find("error")
    assert error.get("type") == "invalid-case"
    assert "S001" in error.text and "battlefeld" in error.text and str(bank["error"]) in error.text

    skipped = cases["cast-bears"].find("skipped")
    assert skipped.get("message").startswith("unsupported:")


def test_junit_of_an_all_passing_run_is_clean():
    proc = run_cli("check", "cases", "--format", "junit")
    assert proc.returncode == 0
    suite = ET.fromstring(proc.stdout).find("testsuite")
    assert suite.get("failures") == suite.get("errors") == "0"
    assert all(not list(c.iter("failure")) for c in suite.iter("testcase"))


GITHUB = re.compile(r"^::(error|warning) file=([^,]+),line=(\d+),col=(\d+),title=([^:]+)::(.*)$")


def test_github_annotations_for_errors_failures_and_unsupported(bank, tmp_path):
    proc = run_cli("check", str(tmp_path), "--format", "github")
    assert proc.returncode == 2
    lines = proc.stdout.splitlines()
    parsed = [GITHUB.match(line) for line in lines]
    assert all(parsed), lines
    by_file = {m.group(2): m for m in parsed}
    assert set(by_file) == {str(bank["fail"]), str(bank["error"]), str(bank["unsupported"])}

    error = by_file[str(bank["error"])]
    assert error.group(1) == "error" and "S001" in error.group(5)
    text = bank["error"].read_text().splitlines()
    assert "battlefeld" in text[int(error.group(3)) - 1]  # the line of the bad key
    assert text[int(error.group(3)) - 1].index("battlefeld") + 1 == int(error.group(4))

    fail = by_file[str(bank["fail"])]
    assert fail.group(1) == "error"
    src = bank["fail"].read_text().splitlines()
    assert src[int(fail.group(3)) - 1].startswith("question:")
    message = fail.group(6)
    assert "%0A" in message and "\n" not in message  # one annotation, escaped newlines
    assert "summoning sickness" in message and "302.6" in message

    assert by_file[str(bank["unsupported"])].group(1) == "warning"


def test_github_escapes_properties_and_data():
    line = annotation("error", "a,b:c.yaml", 3, 4, "T: x", "50%\nnext")
    assert line == "::error file=a%2Cb%3Ac.yaml,line=3,col=4,title=T%3A x::50%25%0Anext"


def test_github_prints_nothing_for_passing_cases():
    proc = run_cli("check", "cases", "--format", "github")
    assert proc.returncode == 0 and proc.stdout == ""


def test_validate_github_annotates_each_problem(bank, tmp_path):
    proc = run_cli("validate", str(bank["error"]), "--format", "github")
    assert proc.returncode == 2
    assert GITHUB.match(proc.stdout.splitlines()[0]).group(5) == "mtgrules S001"


def test_markdown_has_question_answer_reasons_and_cited_rules():
    proc = run_cli(
        "check", "cases/summoning-sickness/elves-entered-this-turn.yaml", "--format", "markdown"
    )
    assert proc.returncode == 0
    md = proc.stdout
    assert md.startswith("## A creature that came under your control")
    assert "**Question.** Can Alice activate ability 1 of Llanowar Elves" in md
    assert "**Answer.** **NO**" in md
    assert re.search(r"^- ✗ .*summoning sickness.*\*\(CR 302\.6, 602\.5a\)\*$", md, re.M)
    # each cited rule listed once with the index's summary
    cited = re.findall(r"^- \*\*(\d{3}(?:\.\d+[a-z]?)?)\*\*", md, re.M)
    assert cited[:2] == ["302.6", "602.5a"] and len(cited) == len(set(cited))
    assert "\x1b[" not in md


def test_markdown_marks_failures(bank, tmp_path):
    proc = run_cli("check", str(bank["fail"]), "--format", "markdown")
    assert "> **FAIL** — expected YES" in proc.stdout


@pytest.mark.parametrize(
    ("args", "env", "colored"),
    [
        (["--color", "always"], {}, True),
        (["--color", "always"], {"NO_COLOR": "1"}, True),  # an explicit choice wins
        (["--color", "auto"], {"NO_COLOR": "1"}, False),
        (["--color", "never"], {}, False),
        ([], {"NO_COLOR": ""}, False),  # auto, and stdout is a pipe here
    ],
)
def test_color_choices(args, env, colored):
    proc = run_cli("check", "cases", *args, env=env)
    assert ("\x1b[" in proc.stdout) is colored
