"""Shared helpers for the casting tests: a case from YAML text, asked for real."""

from __future__ import annotations

import textwrap

from mtgrules.api import evaluate
from mtgrules.caseio.case import Case, read_case


def case_of(text: str) -> Case:
    return read_case(textwrap.dedent(text).lstrip("\n").encode(), "test.yaml")


def answer_of(text: str):
    return evaluate(case_of(text))


def failed(answer) -> list[str]:
    """The rule numbers of the reasons that failed."""
    return [n for r in answer.reasons if r.holds is False for n in r.rules]
