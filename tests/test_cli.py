"""The command line, run for real in a subprocess (``python -m mtgrules``)."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import pytest
import typer

from mtgrules.api import find_case_files
from mtgrules.cli.app import app
from mtgrules.version import __version__
from tests.conftest import CASES, ROOT, SICK_ELVES, run_cli

GOOD = SICK_ELVES


def at(text: str, needle: str, skip: int = 0) -> tuple[int, int]:
    """The 1-based line and column where ``needle`` starts in ``text`` (after ``skip`` others)."""
    start = -1
    for _ in range(skip + 1):
        start = text.index(needle, start + 1)
    line = text.count("\n", 0, start) + 1
    col = start - (text.rfind("\n", 0, start) + 1) + 1
    return line, col


def diagnostic(path: Path, code: str, pos: tuple[int, int]) -> str:
    return f"{path}:{pos[0]}:{pos[1]}: {code} "


# --- check: pass and fail -----------------------------------------------------------


def test_check_a_passing_case_exits_0(write_case):
    path = write_case(GOOD)
    run = run_cli("check", str(path))
    assert run.returncode == 0, run.stdout + run.stderr
    assert "PASS" in run.stdout
    assert run.stdout.rstrip().splitlines()[-1].startswith("1 passed, 0 failed")


def test_check_the_bundled_bank_passes_every_case():
    files = list(find_case_files([CASES]))
    run = run_cli("check", "cases")
    assert run.returncode == 0, run.stdout[-3000:]
    assert run.stdout.rstrip().splitlines()[-1].startswith(f"{len(files)} passed, 0 failed")


def test_a_wrong_answer_exits_1_and_shows_the_reason_that_disagrees(write_case):
    path = write_case(GOOD.replace("answer: no", "answer: yes"))
    run = run_cli("check", str(path))
    assert run.returncode == 1
    out = run.stdout
    assert "FAIL" in out
    assert "the answer is NO, expected YES" in out
    failed = [ln for ln in out.splitlines() if ln.strip().startswith("✗")]
    assert len(failed) == 1
    # the failing reason is the summoning-sickness one, with its rules on the same reason
    block = out[out.index("✗") : out.index("✓")]
    assert "summoning sickness" in " ".join(block.split())
    assert "CR 302.6, 602.5a" in block
    assert out.rstrip().splitlines()[-1].startswith("0 passed, 1 failed")


def test_a_missing_expected_citation_fails_and_names_it(write_case):
    path = write_case(GOOD.replace("rules: [302.6, 602.5a]", "rules: [302.6, 702.10c]"))
    run = run_cli("check", str(path))
    assert run.returncode == 1
    mismatch = [ln for ln in run.stdout.splitlines() if "702.10c" in ln and "missing" in ln]
    assert mismatch, run.stdout


def test_an_unsupported_answer_exits_3(write_case):
    unmodeled = GOOD.replace("card: Llanowar Elves", "card: Odd Relic").replace(
        "question:",
        "cards:\n  - {name: Odd Relic, types: [Artifact], abilities: [{unmodeled: Something we don't model.}]}\nquestion:",
    )
    path = write_case(unmodeled)
    run = run_cli("check", str(path))
    assert run.returncode == 3, run.stdout
    assert "UNSUPPORTED" in run.stdout


def test_the_worst_status_decides_the_exit_code(write_case):
    write_case(GOOD, "a-pass.yaml")
    failing = write_case(
        GOOD.replace("answer: no", "answer: yes").replace("id: sick-elves", "id: wrong-elves"),
        "b-fail.yaml",
    )
    assert run_cli("check", str(failing.parent)).returncode == 1
    write_case("question: [", "c-broken.yaml")  # a broken case (YAML without question: is skipped)
    run = run_cli("check", str(failing.parent))
    assert run.returncode == 2
    assert run.stdout.rstrip().splitlines()[-1].startswith("1 passed, 1 failed")


# --- broken cases: exit 2 and file:line:col: CODE -------------------------------------


BROKEN = {
    "bad-yaml": (
        GOOD.replace("  - name: Bob\n", "  - name: [Bob\n"),
        [("Y001", "question:")],  # the flow sequence never closes; reported where parsing stops
    ),
    "unknown-key": (
        GOOD.replace("controlled_since_turn: 3", "controled_since_turn: 3"),
        [("S001", "controled_since_turn")],
    ),
    "duplicate-key": (
        GOOD.replace(
            "        id: elves\n",
            "        id: elves\n        tapped: false\n        tapped: true\n",
        ),
        [("Y002", "tapped: true")],
    ),
    "dangling-id": (
        GOOD.replace("{object: elves, ability: 1}", "{object: elfs, ability: 1}"),
        [("C002", "elfs")],
    ),
    "unknown-card": (
        GOOD.replace("card: Llanowar Elves", "card: Llanowar Elvs"),
        [("C001", "Llanowar Elvs")],
    ),
    "plotted-in-hand": (
        GOOD.replace(
            "  - name: Bob\n",
            "  - name: Bob\n    hand:\n      - card: Grizzly Bears\n        plotted_on_turn: 2\n",
        ),
        [("C009", "plotted_on_turn: ")],  # at the value
    ),
    "no-such-ability": (
        GOOD.replace("{object: elves, ability: 1}", "{object: elves, ability: 2}"),
        [("C008", "2}")],
    ),
    "answer-not-yes-or-no": (
        GOOD.replace("answer: no", "answer: maybe"),
        [("C013", "maybe")],
    ),
}


@pytest.mark.parametrize("name", list(BROKEN))
@pytest.mark.parametrize("command", ["check", "validate"])
def test_a_broken_case_exits_2_with_file_line_col_code(write_case, name, command):
    text, problems = BROKEN[name]
    path = write_case(text, f"{name}.yaml")
    run = run_cli(command, str(path))
    assert run.returncode == 2, run.stdout + run.stderr
    assert "Traceback" not in run.stdout + run.stderr
    lines = re.findall(r"^\s*(\S+:\d+:\d+: [A-Z]\d{3} .*)$", run.stdout, re.M)
    assert len(lines) == len(problems), run.stdout
    for (code, needle), line in zip(problems, lines, strict=True):
        assert code in line
        if code != "Y001":
            line_no, col = at(text, needle)
            col += len(needle) if needle.endswith(": ") else 0
            assert line.startswith(diagnostic(path, code, (line_no, col))), line


def test_bad_yaml_points_at_the_line_where_parsing_failed(write_case):
    text = "game:\n  turn: 3\n  active_player: Alice\nplayers: [\n  {name: Alice}\nquestion: x\n"
    path = write_case(text)
    run = run_cli("validate", str(path))
    assert run.returncode == 2
    (line,) = [ln for ln in run.stdout.splitlines() if ": Y001 " in ln]
    assert line.startswith(f"{path}:6:")


def test_unknown_key_and_unknown_card_suggest_the_closest_name(write_case):
    key = write_case(BROKEN["unknown-key"][0], "k.yaml")
    assert "did you mean 'controlled_since_turn'?" in run_cli("validate", str(key)).stdout
    card = write_case(BROKEN["unknown-card"][0], "c.yaml")
    assert "did you mean 'Llanowar Elves'?" in run_cli("validate", str(card)).stdout


def test_duplicate_key_names_where_the_first_one_was(write_case):
    text = BROKEN["duplicate-key"][0]
    path = write_case(text)
    first = at(text, "tapped: false")
    out = run_cli("validate", str(path)).stdout
    assert f"first at line {first[0]}, column {first[1]}" in out


def test_every_problem_in_a_file_is_reported(write_case):
    text = (
        GOOD.replace("card: Llanowar Elves", "card: Llanowar Elvs")
        .replace("{object: elves, ability: 1}", "{object: elfs, ability: 1}")
        .replace(
            "  - name: Bob\n",
            "  - name: Bob\n    hand:\n      - card: Grizzly Bears\n        plotted_on_turn: 2\n",
        )
    )
    path = write_case(text)
    run = run_cli("validate", str(path))
    assert run.returncode == 2
    codes = re.findall(r":\d+:\d+: ([A-Z]\d{3}) ", run.stdout)
    assert sorted(codes) == ["C001", "C002", "C009"]
    schema_text = GOOD.replace("turn: 3\n  active", "turn: three\n  active").replace(
        "id: elves", "idd: elves"
    )
    schema_path = write_case(schema_text, "schema.yaml")
    codes = re.findall(r":\d+:\d+: ([A-Z]\d{3}) ", run_cli("validate", str(schema_path)).stdout)
    assert sorted(codes) == ["S001", "S002"]


# --- validate -------------------------------------------------------------------------


def test_validate_exit_codes(write_case, tmp_path):
    good = write_case(GOOD, "good.yaml")
    run = run_cli("validate", str(good))
    assert run.returncode == 0
    assert "1 file checked, 0 invalid, 0 problems" in run.stdout
    assert run_cli("validate", "cases").returncode == 0
    bad = write_case("game: {turn: 1}\n", "bad.yaml")
    run = run_cli("validate", str(good), str(bad))
    assert run.returncode == 2
    assert "2 files checked, 1 invalid" in run.stdout
    missing = run_cli("validate", str(tmp_path / "nope.yaml"))
    assert missing.returncode == 2
    assert "no such file" in missing.stderr
    assert run_cli("validate").returncode == 2  # usage error: no PATH


def test_validate_json(write_case):
    bad = write_case(BROKEN["unknown-card"][0])
    doc = json.loads(run_cli("validate", "--format", "json", str(bad)).stdout)
    assert doc["files"] == 1
    (d,) = doc["diagnostics"]
    assert set(d) == {"file", "line", "col", "code", "message", "path"}
    assert (d["code"], d["line"], d["col"]) == (
        "C001",
        *at(BROKEN["unknown-card"][0], "Llanowar Elvs"),
    )
    assert d["path"] == "$.players[0].battlefield[0].card"


# --- check --format json: DESIGN's contract --------------------------------------------

# 1.1.0 added "decisive" (and "decides" on each reason); "steps" (the play-out of a case
# with actions, [] without) came with case format version 2; every 1.0.0 key stays
RESULT_KEYS = {
    "steps",
    "file",
    "id",
    "status",
    "question",
    "answer",
    "expected",
    "decisive",
    "reasons",
    "diagnostics",
}


def test_check_json_follows_the_contract(write_case):
    write_case(GOOD, "a.yaml")
    write_case(
        GOOD.replace("answer: no", "answer: yes").replace("id: sick-elves", "id: wrong"), "b.yaml"
    )
    bad = write_case(BROKEN["dangling-id"][0], "c.yaml")
    run = run_cli("check", "--format", "json", str(bad.parent))
    assert run.returncode == 2
    doc = json.loads(run.stdout)
    assert set(doc) == {"mtgrules", "rules_edition", "results", "summary"}
    assert doc["mtgrules"] == __version__
    assert doc["rules_edition"]["effective"] == "2026-08-07"
    assert doc["summary"] == {
        "passed": 1,
        "failed": 1,
        "errors": 1,
        "unsupported": 0,
        "unchecked": 0,
    }
    passed, failed, error = doc["results"]
    for result in doc["results"]:
        assert RESULT_KEYS <= set(result) <= RESULT_KEYS | {"unsupported", "mismatches"}
    assert (passed["status"], passed["answer"], passed["expected"]) == ("pass", "no", "no")
    assert passed["id"] == "sick-elves"
    assert passed["question"] == {"can_activate": {"object": "elves", "ability": 1}}
    for reason in passed["reasons"]:
        assert set(reason) == {"holds", "decides", "text", "rules", "rulings"}
        assert reason["holds"] in (True, False, None)
        assert all(isinstance(r, str) for r in reason["rules"])
    assert any(r["holds"] is False and "302.6" in r["rules"] for r in passed["reasons"])
    assert passed["decisive"] == ["302.6", "602.5a"]
    assert [r["decides"] for r in passed["reasons"]] == [
        r["holds"] is False for r in passed["reasons"]
    ]
    assert error["decisive"] == []
    assert (failed["status"], failed["answer"], failed["expected"]) == ("fail", "no", "yes")
    assert failed["mismatches"]
    assert error["status"] == "error" and error["answer"] is None
    (d,) = error["diagnostics"]
    assert d["code"] == "C002"
    assert (d["line"], d["col"]) == at(BROKEN["dangling-id"][0], "elfs")


# --- schema, help, version -----------------------------------------------------------


@pytest.mark.parametrize("which", ["case", "card"])
def test_schema_prints_the_published_schema(which):
    run = run_cli("schema", which)
    assert run.returncode == 0
    assert json.loads(run.stdout) == json.loads(
        (ROOT / "schemas" / f"{which}.schema.json").read_text(encoding="utf-8")
    )


def test_schema_defaults_to_the_case_schema_and_rejects_others():
    assert json.loads(run_cli("schema").stdout)["$id"].endswith("case.schema.json")
    assert run_cli("schema", "deck").returncode == 2


def _click_app():
    """The click group Typer builds (Typer may vendor click, so no isinstance checks)."""
    command = typer.main.get_command(app)
    assert command.commands
    return command


def _options(command) -> list:
    return [
        p
        for p in command.params
        if p.param_type_name == "option" and not getattr(p, "hidden", False)
    ]


def _flat(text: str) -> str:
    return " ".join(text.split())


def _assert_help_explains(command, out: str) -> None:
    assert _options(command) or command.params, command.name
    for option in _options(command):
        assert option.help, f"{command.name}: {option.opts} has no help"
        for flag in (*option.opts, *option.secondary_opts):
            assert flag in out, f"{command.name} --help doesn't mention {flag}"
        assert _flat(option.help)[:40] in _flat(out), (
            f"{command.name} --help lacks the help of {option.opts}"
        )
    for argument in (p for p in command.params if p.param_type_name == "argument"):
        assert getattr(argument, "help", None), (
            f"{command.name}: argument {argument.name} has no help"
        )
        assert _flat(argument.help)[:40] in _flat(out)


def test_app_help_lists_every_command_and_option():
    group = _click_app()
    run = run_cli("--help", env={"COLUMNS": "200"})
    assert run.returncode == 0
    _assert_help_explains(group, run.stdout)
    for name, command in group.commands.items():
        assert name in run.stdout
        assert command.help, f"{name} has no help"


@pytest.mark.parametrize(
    "name", sorted(n for n, c in _click_app().commands.items() if not hasattr(c, "commands"))
)
def test_each_subcommand_help_explains_every_option(name):
    command = _click_app().commands[name]
    run = run_cli(name, "--help", env={"COLUMNS": "200"})
    assert run.returncode == 0, run.stderr
    _assert_help_explains(command, run.stdout)


def test_version():
    run = run_cli("--version")
    assert run.returncode == 0
    assert run.stdout.strip() == f"mtgrules {__version__}"


# --- case files are read, never written -------------------------------------------------


def _hashes(paths: list[Path]) -> dict[Path, tuple[str, int]]:
    return {p: (hashlib.sha256(p.read_bytes()).hexdigest(), p.stat().st_mtime_ns) for p in paths}


def test_case_files_are_never_modified(write_case):
    broken = write_case(BROKEN["duplicate-key"][0], "broken.yaml")
    files = [*find_case_files([CASES]), broken]
    before = _hashes(files)
    for args in (
        ("check", "cases", str(broken)),
        ("check", "--format", "json", "cases"),
        ("validate", "cases", str(broken)),
        ("check", "--explain", "cases"),
    ):
        run_cli(*args)
    assert _hashes(files) == before


def test_dash_h_is_help_everywhere_and_rule_takes_a_cr_prefix():
    for args in (("-h",), ("check", "-h"), ("rules", "-h")):
        shown = run_cli(*args)
        assert shown.returncode == 0 and shown.stdout.startswith("Usage: "), args
    plain, prefixed = run_cli("rule", "302.6"), run_cli("rule", "CR 302.6")
    assert prefixed.returncode == 0 and prefixed.stdout == plain.stdout
