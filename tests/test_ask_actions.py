"""`mtgrules ask --play`: the actions of a case (format version 2) typed on the command line
become the `actions:` of the equivalent case, in order, validated as a file's are."""

from __future__ import annotations

import yaml

from tests.conftest import run_cli

BOARD = ["-m", "Grizzly Bears:id=bears", "-m", "Lightning Bolt:in=hand", "-t", "Wall of Omens"]


def test_the_saved_case_holds_the_actions_in_order():
    run = run_cli(
        "ask",
        "state",
        "{zone: bears}, life",
        *BOARD,
        "--play",
        "cast: Lightning Bolt, targets: [bears]",
        "--play",
        "resolve",
        "--play",
        "{pass: null, by: Bob}",
        "--play",
        "choose: {may: yes}",
        "--save",
        "-",
    )
    assert run.returncode == 0, run.stderr
    case = yaml.safe_load(run.stdout)
    assert case["actions"] == [
        {"cast": "Lightning Bolt", "targets": ["bears"]},
        "resolve",
        {"pass": None, "by": "Bob"},
        {"choose": {"may": True}},
    ]
    assert case["question"] == {"state": [{"zone": "bears"}, "life"]}
    assert "--play resolve" in run.stdout  # the command that made it, in its comment


def test_a_bad_action_is_refused_naming_its_argument():
    run = run_cli("ask", "state", "life", *BOARD, "--play", "pass", "--play", "cats: bears")
    assert run.returncode == 2
    assert run.stderr.startswith("mtgrules ask: --play 'cats: bears': S003 $.actions[1]: ")
    assert "did you mean 'cast'?" in run.stderr
    by = run_cli("ask", "state", "life", *BOARD, "--play", "cast: Lightning Bolt, by: Carol")
    assert by.returncode == 2
    assert "--play 'cast: Lightning Bolt, by: Carol': C005" in by.stderr


def test_state_takes_no_question_option():
    run = run_cli("ask", "state", "life", "--by", "Bob")
    assert run.returncode == 2
    assert "--by is not an option of state" in run.stderr
