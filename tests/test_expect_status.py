"""`expect: {status: unsupported}`: a case can demand an honest refusal, so a regression from
refusing to guessing fails the bank."""

from __future__ import annotations

from mtgrules.answer import Answer, unsupported
from mtgrules.results import compare


def test_a_guess_where_a_refusal_is_expected_fails():
    guessed = Answer(question="Can Alice ...?", value="yes")
    status, why = compare(guessed, None, (), "unsupported")
    assert status == "fail"
    assert "expected unsupported" in why[0]


def test_a_refusal_must_name_what_decides_it():
    refusal = unsupported("Can Alice ...?", "Fires of Yavimaya has an ability mtgrules can't read")
    assert compare(refusal, None, (), "unsupported", ("fires of yavimaya",)) == ("pass", ())
    status, why = compare(refusal, None, (), "unsupported", ("Leyline of Anticipation",))
    assert status == "fail" and "Leyline of Anticipation" in why[0]


def test_an_expected_answer_met_by_a_refusal_stays_unsupported():
    refusal = unsupported("Can Alice ...?", "not modeled")
    assert compare(refusal, "yes", ())[0] == "unsupported"


def test_the_bank_case_passes_through_the_cli(tmp_path):
    from tests.conftest import CASES, run_cli

    done = run_cli("check", str(CASES / "soundness" / "expect-unsupported-format.yaml"))
    assert done.returncode == 0, done.stdout
    assert "PASS  expected: unsupported" in done.stdout
