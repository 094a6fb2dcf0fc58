"""``--cross-check``: phase.rs's verdict added to each checked case's Result.

The cross-check runs after the cases are checked (in the process that reports them), on
the case read again from its file, so checking itself is unchanged. Plain
``--cross-check`` only adds the verdict; ``strict`` makes a disagreement a failure.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from pathlib import Path

from mtgrules.caseio.case import load_case
from mtgrules.caseio.diagnostics import CaseError
from mtgrules.caseio.yamlload import Limits
from mtgrules.crosscheck.compare import cross_check
from mtgrules.crosscheck.verdict import DISAGREES, NOT_COMPARABLE, CrossCheck, line
from mtgrules.results import Result

OFF, ON, STRICT = "off", "on", "strict"
ANSWERED = ("pass", "fail", "unsupported", "unchecked")


def with_cross_checks(results: list[Result], mode: str, limits: Limits = Limits()) -> list[Result]:
    """Each result with its cross-check (``mode`` on or strict); strict fails a disagreement."""
    if mode == OFF:
        return results
    return [_checked(result, mode, limits) for result in results]


def _checked(result: Result, mode: str, limits: Limits) -> Result:
    if result.status not in ANSWERED:
        return result
    found = _cross_check(result, limits)
    checked = replace(result, cross_check=found.as_json())
    if mode == STRICT and found.verdict == DISAGREES:
        why = f"--cross-check=strict: {line(found.as_json())}"
        return replace(checked, status="fail", mismatches=(*result.mismatches, why))
    return checked


def _cross_check(result: Result, limits: Limits) -> CrossCheck:
    if not Path(result.file).is_file():
        return CrossCheck(NOT_COMPARABLE, None, "the case wasn't read from a file")
    try:
        case = load_case(result.file, limits)
    except CaseError:
        return CrossCheck(NOT_COMPARABLE, None, "the case couldn't be read again")
    if case.actions:
        return CrossCheck(
            NOT_COMPARABLE,
            None,
            "a case with actions: phase.rs would be asked the board before them",
        )
    if case.state.priority is not None and any(
        o.damage or o.deathtouch_damage for o in case.state.objects
    ):
        return CrossCheck(
            NOT_COMPARABLE, None, "damage marked on a permanent is not given to phase.rs"
        )
    try:
        return cross_check(case, result.answer)
    except Exception as err:  # phase.rs or the translation failed: say so, never crash a check
        return CrossCheck(
            NOT_COMPARABLE, None, f"the cross-check failed: {type(err).__name__}: {err}"
        )


def summary(results: list[Result]) -> str:
    """ "cross-check: 70 agree, 2 disagree, 300 not comparable"."""
    counts = Counter(r.cross_check["verdict"] for r in results if r.cross_check)
    return (
        f"cross-check with phase.rs: {counts['agrees']} agree, {counts['disagrees']} disagree, "
        f"{counts['not comparable']} not comparable"
    )
