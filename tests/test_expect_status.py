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


def test_a_parent_rule_is_met_by_its_subrules_only():
    from mtgrules.results import rule_met_by

    cited = ("702.170d", "613.1f", "601.2c")
    assert rule_met_by("702.170", cited) == "702.170d"
    assert rule_met_by("613.1", cited) == "613.1f"
    assert rule_met_by("601", cited) == "601.2c"
    assert rule_met_by("613.1", ("613.10",)) is None  # 613.10 is a sibling, not a subrule
    assert rule_met_by("702.17", cited) is None  # not a prefix of 702.170d's number
    assert rule_met_by("702.170a", cited) is None  # a different subrule


def test_colors_compare_as_words_or_letters():
    from mtgrules.results import matches

    assert matches({"colors": ["white", "Blue"]}, {"colors": ["W", "U"]})
    assert matches(["green", "colorless"], ["G", "C"])
    assert not matches({"colors": ["white"]}, {"colors": ["U"]})


def test_a_value_mismatch_names_only_the_keys_that_differ():
    from mtgrules.results import value_mismatch

    said = value_mismatch(
        {"power": 2, "toughness": 2, "colors": ["W"]},
        {"power": 3, "toughness": 2, "colors": ["W"], "name": "Bears"},
    )
    assert said == "the answer differs in power: 3, expected 2"
