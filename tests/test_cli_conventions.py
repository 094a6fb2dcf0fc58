"""The command line's conventions and the output's papercuts: shell completion,
--data-dir after the subcommand, full help summaries, multi-word `define`, honest search
counts, yes/no facts, the terminal's width, only the differing keys of a failed value, a hint
for main1, and schema and semantic problems in one pass. Each runs the real command."""

from __future__ import annotations

import re
import subprocess

import pytest

from mtgrules.cli.bank import hoisted
from tests.conftest import CASES, CR_TEXT, SICK_ELVES, need_shared, run_cli

ELVES = CASES / "summoning-sickness" / "elves-entered-this-turn.yaml"


@pytest.fixture(scope="module")
def rules_dir(tmp_path_factory):
    """A data folder with the official rules imported."""
    need_shared(CR_TEXT)
    folder = tmp_path_factory.mktemp("rules-data")
    done = run_cli("--data-dir", str(folder), "rules", "import", str(CR_TEXT))
    assert done.returncode == 0, done.stderr
    return folder


def test_shell_completion_completes_commands():
    env = {"_MTGRULES_COMPLETE": "complete_bash", "COMP_WORDS": "mtgrules ch", "COMP_CWORD": "1"}
    run = run_cli(env=env)
    assert run.returncode == 0 and run.stdout.split() == ["check"], run.stdout
    # "bash" named, not detected from the parent processes (a CI runner or an xdist
    # worker may have no shell above it: typer then says "Shell  not supported")
    shown = run_cli(
        "--show-completion", "bash", env={"_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION": "1"}
    )
    assert shown.returncode == 0 and "_MTGRULES_COMPLETE=complete_bash" in shown.stdout


def test_data_dir_after_the_subcommand(rules_dir):
    after = run_cli("check", str(ELVES), "--data-dir", str(rules_dir))
    before = run_cli("--data-dir", str(rules_dir), "check", str(ELVES))
    assert after.returncode == before.returncode == 0, after.stderr
    assert "official text imported from" in after.stdout
    assert after.stdout == before.stdout
    equals = run_cli("rule", "302.6", f"--data-dir={rules_dir}")
    assert equals.returncode == 0 and "(mtgrules' own summary" not in equals.stdout
    # from the environment too
    env = run_cli("rule", "CR 302.6", env={"MTGRULES_DATA_DIR": str(rules_dir)})
    assert env.stdout == equals.stdout


def test_hoisting_leaves_what_follows_a_double_dash():
    assert hoisted(["check", "x", "--data-dir", "D"]) == ["--data-dir", "D", "check", "x"]
    assert hoisted(["check", "--", "--data-dir"]) == ["check", "--", "--data-dir"]
    assert hoisted(["--data-dir", "D", "check"]) == ["--data-dir", "D", "check"]


@pytest.mark.parametrize("group", [(), ("rules",), ("cards",), ("data",)])
def test_help_summaries_are_whole_sentences(group):
    run = run_cli(*group, "-h")
    commands = run.stdout.split("Commands:")[1]
    assert "..." not in commands, commands
    entries = re.split(r"\n  (?=\S)", "\n" + commands.strip("\n"))
    assert all(e.rstrip().endswith((".", ")")) for e in entries if e.strip()), entries


def test_define_a_multi_word_term_by_its_start(rules_dir):
    run = run_cli("--data-dir", str(rules_dir), "define", "summoning sickness")
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("Summoning Sickness Rule\n")
    # several terms start with "mana": the exact one is still the answer
    mana = run_cli("--data-dir", str(rules_dir), "define", "mana")
    assert mana.returncode == 0 and mana.stdout.startswith("Mana\n")


def test_search_says_how_many_when_it_stops_at_its_limit(rules_dir):
    run = run_cli("--data-dir", str(rules_dir), "rules", "search", "mana", "-n", "5")
    every = run_cli("--data-dir", str(rules_dir), "rules", "search", "mana", "-n", "100000")
    total = int(re.search(r"(\d+) rules found$", every.stdout.strip())[1])
    assert total > 5
    assert run.stdout.strip().endswith(f"5 shown of {total} rules found (--limit N shows more)")
    assert len(re.findall(r"^\d{3}(?:\.\w*)?  \S", run.stdout, re.M)) == 5


def test_true_and_false_read_as_yes_and_no(write_case):
    case = write_case(
        SICK_ELVES.replace(
            "question:\n  can_activate: {object: elves, ability: 1}\nexpect:\n  answer: no\n"
            "  rules: [302.6, 602.5a]\n",
            "question:\n  characteristics: elves\nexpect:\n  answer: {power: 5, is_token: true}\n",
        )
    )
    run = run_cli("check", str(case))
    assert run.returncode == 1
    assert re.search(r"^     is_token +no$", run.stdout, re.M), run.stdout
    assert "True" not in run.stdout and "False" not in run.stdout
    # only the keys that differ, on the status line and in the mismatch
    assert "FAIL  expected: power: 5; is_token: yes\n" in run.stdout
    assert "the answer differs in power: 1, expected 5; is_token: no, expected yes" in run.stdout


def test_a_failed_value_names_only_the_differing_keys(write_case):
    case = write_case(
        SICK_ELVES.replace(
            "question:\n  can_activate: {object: elves, ability: 1}\nexpect:\n  answer: no\n"
            "  rules: [302.6, 602.5a]\n",
            "question:\n  characteristics: elves\nexpect:\n"
            "  answer: {name: Llanowar Elves, power: 1, toughness: 3, is_token: false}\n",
        )
    )
    run = run_cli("check", str(case))
    assert run.returncode == 1
    assert "FAIL  expected: toughness: 3 (and 3 other keys as expected)" in run.stdout
    assert "Llanowar Elves; power" not in run.stdout


@pytest.mark.parametrize("columns", [64, 120])
def test_the_text_report_is_as_wide_as_columns(columns):
    run = run_cli("check", str(ELVES), env={"COLUMNS": str(columns)})
    cited = [ln for ln in run.stdout.splitlines() if ln.rstrip().endswith(("CR 113.6", "CR 107.5"))]
    assert cited and all(len(ln) == columns for ln in cited), cited
    default = run_cli("check", str(ELVES))  # a pipe without COLUMNS: 88
    assert {len(ln) for ln in default.stdout.splitlines() if ln.endswith("CR 107.5")} == {88}


def test_force_color_and_no_color():
    assert "\x1b[" in run_cli("check", str(ELVES), env={"NO_COLOR": "", "FORCE_COLOR": "1"}).stdout
    assert "\x1b[" not in run_cli("check", str(ELVES), env={"FORCE_COLOR": "1"}).stdout


def test_a_hint_for_main1_and_cr_in_rules(write_case):
    case = write_case(
        SICK_ELVES.replace("active_player: Alice", "active_player: Alice\n  phase: main1").replace(
            "rules: [302.6, 602.5a]", 'rules: ["CR 302.6"]'
        )
    )
    run = run_cli("validate", str(case))
    assert run.returncode == 2
    assert "'main1' is not one of" in run.stdout and "did you mean precombat_main?" in run.stdout
    assert "write 302.6 (without 'CR')" in run.stdout


def test_schema_and_semantic_problems_in_one_pass_sorted(write_case):
    case = write_case(
        SICK_ELVES.replace("card: Llanowar Elves", "card: Llanowar Elvez").replace(
            "answer: no", "answer: no\n  bogus: 1"
        )
    )
    run = run_cli("validate", str(case))
    found = re.findall(r":(\d+):(\d+): ([SC]\d{3}) ", run.stdout)
    codes = [c for _, _, c in found]
    assert "C001" in codes and "S001" in codes, run.stdout  # both stages, one run
    positions = [(int(line), int(col)) for line, col, _ in found]
    assert positions == sorted(positions)


def test_one_error_is_one_error(write_case):
    case = write_case("not: [a case")
    run = run_cli("check", str(case))
    assert run.stdout.strip().endswith("0 passed, 0 failed, 1 error, 0 unsupported, 0 unchecked")


def test_what_git_ignores_is_skipped_unless_named(tmp_path):
    if subprocess.run(["git", "--version"], capture_output=True).returncode != 0:
        pytest.skip("git is not installed")
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    (tmp_path / "cases").mkdir()
    (tmp_path / "build").mkdir()
    (tmp_path / "cases" / "a.yaml").write_text(SICK_ELVES, encoding="utf-8")
    broken = tmp_path / "build" / "b.yaml"
    broken.write_text(SICK_ELVES.replace("turn: 3", "turn: [3"), encoding="utf-8")
    assert run_cli("check", str(tmp_path)).returncode == 2  # the broken case is found
    (tmp_path / ".gitignore").write_text("build/\n", encoding="utf-8")
    run = run_cli("check", str(tmp_path))
    assert run.returncode == 0 and "1 passed, 0 failed, 0 errors" in run.stdout, run.stdout
    assert run_cli("check", str(broken)).returncode == 2  # named: checked


def test_yaml_that_is_not_a_case_is_skipped_with_a_note(tmp_path):
    (tmp_path / "a.yaml").write_text(SICK_ELVES, encoding="utf-8")
    (tmp_path / "ci.yaml").write_text("jobs: {build: {runs-on: ubuntu-latest}}\n", encoding="utf-8")
    run = run_cli("check", str(tmp_path))
    assert run.returncode == 0, run.stdout
    assert "skipped 1 YAML file that is not a case" in run.stderr
    assert str(tmp_path / "ci.yaml") in run.stderr
    named = run_cli("validate", str(tmp_path / "ci.yaml"))
    assert named.returncode == 2 and re.search(r": S0\d\d ", named.stdout)  # named: validated
