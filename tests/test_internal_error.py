"""A bug in the engine is reported on the case it happened on (E001), never as a traceback,
and the other cases of the batch are still answered.

The fault is injected: the `enters` question's code is replaced by one that raises, the way a
bug would. Everything else (loading, validation, the batch, the reports) runs for real."""

from __future__ import annotations

import json

import pytest

from mtgrules import api
from mtgrules.report import as_json
from tests.conftest import ROOT

ENTERS = ROOT / "cases" / "enters" / "bandit-copies-nothing.yaml"
OTHER = ROOT / "cases" / "summoning-sickness" / "elves-entered-this-turn.yaml"


@pytest.fixture
def broken_enters(monkeypatch):
    def ask(case):
        raise ZeroDivisionError("division by zero")

    monkeypatch.setattr("mtgrules.questions.enters.ask", ask)


def test_the_failing_case_is_an_error_at_its_question(broken_enters):
    result, other = api.check_paths([ENTERS, OTHER])
    assert (result.status, other.status) == ("error", "pass")
    (diagnostic,) = result.diagnostics
    assert diagnostic.code == "E001"
    assert "ZeroDivisionError: division by zero" in diagnostic.message
    text = ENTERS.read_text(encoding="utf-8").splitlines()
    assert text[diagnostic.line - 1][diagnostic.col - 1 :].startswith("question:")
    assert result.id == "bandit-copies-nothing" and result.question == {
        "enters": {"object": "bandit", "as_copy_of": None}
    }


def test_the_json_report_counts_it_as_an_error(broken_enters):
    report = json.loads(as_json.render(api.check_paths([ENTERS, OTHER])))
    assert report["summary"]["errors"] == 1 and report["summary"]["passed"] == 1
    assert report["results"][0]["diagnostics"][0]["code"] == "E001"


def test_the_documented_example_is_what_is_reported(broken_enters):
    from tests.test_diagnostics_doc import example

    shown = example("E001")
    (result,) = api.check_paths([shown["file"]])
    assert str(result.diagnostics[0]) == shown.group(0)
