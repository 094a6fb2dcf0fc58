"""`mtgrules check -` and `mtgrules validate -`: one case read from standard input, named
`<stdin>` in diagnostics, bounded as a file is."""

from __future__ import annotations

import json

from tests.conftest import CASES, SICK_ELVES, run_cli

ELVES_FILE = CASES / "summoning-sickness" / "elves-entered-this-turn.yaml"


def test_check_reads_the_case_from_stdin_and_answers_as_for_the_file():
    piped = run_cli("check", "-", "--format", "json", input=ELVES_FILE.read_text())
    from_file = run_cli("check", str(ELVES_FILE), "--format", "json")
    assert piped.returncode == 0, piped.stderr
    got, want = json.loads(piped.stdout)["results"][0], json.loads(from_file.stdout)["results"][0]
    assert got["file"] == "<stdin>"
    assert (got["status"], got["answer"], got["reasons"]) == (
        want["status"],
        want["answer"],
        want["reasons"],
    )


def test_check_from_stdin_fails_a_wrong_expectation():
    wrong = SICK_ELVES.replace("answer: no", "answer: yes")
    out = run_cli("check", "-", input=wrong)
    assert out.returncode == 1, out.stdout
    assert "<stdin>  sick-elves" in out.stdout and "FAIL" in out.stdout


def test_validate_names_stdin_with_line_and_column():
    typo = SICK_ELVES.replace("card: Llanowar Elves", "card: Llanowar Elfs")
    out = run_cli("validate", "-", input=typo)
    assert out.returncode == 2
    assert "<stdin>:9:15: C001 unknown card 'Llanowar Elfs'; did you mean 'Llanowar Elves'?" in (
        out.stdout
    )
    assert "Traceback" not in out.stderr


def test_validate_of_a_valid_case_on_stdin_exits_0():
    out = run_cli("validate", "-", input=SICK_ELVES)
    assert (out.returncode, out.stdout) == (0, "1 file checked, 0 invalid, 0 problems\n")


def test_stdin_read_is_bounded_by_max_bytes():
    out = run_cli("validate", "-", "--max-bytes", "100", input=SICK_ELVES)
    assert out.returncode == 2
    assert out.stdout.startswith("<stdin>:1:1: Y004 standard input goes past the size limit")


def test_empty_stdin_is_an_empty_case_not_a_hang():
    out = run_cli("check", "-", input="")
    assert out.returncode == 2 and "<stdin>:1:1: Y008" in out.stdout


def test_stdin_with_other_paths_is_refused():
    out = run_cli("check", "-", str(ELVES_FILE), input=SICK_ELVES)
    assert out.returncode == 2
    assert "give it alone" in out.stderr and "Traceback" not in out.stderr


def test_only_case_files_does_not_skip_stdin():
    out = run_cli("validate", "--only-case-files", "-", input=SICK_ELVES.split("\n", 1)[1])
    assert (out.returncode, out.stdout) == (0, "1 file checked, 0 invalid, 0 problems\n")
