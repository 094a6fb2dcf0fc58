"""The JSON report: the contract scripts rely on (DESIGN.md, "The answer")."""

from __future__ import annotations

import json
from typing import Any

from mtgrules.answer import Answer, Reason, RulingRef, Step
from mtgrules.report import rules_edition
from mtgrules.results import Result, summary
from mtgrules.version import __version__


def reason_json(reason: Reason, decides: bool) -> dict[str, Any]:
    return {
        "holds": reason.holds,
        "decides": decides,
        "text": reason.text,
        "rules": list(reason.rules),
        "rulings": [_ruling(r) for r in reason.rulings],
    }


def _ruling(ruling: RulingRef) -> dict[str, Any]:
    """A ruling: ``text`` (official, from imported data) with its ``relevance`` to the
    reason (FTS5 bm25, higher is closer; null when it wasn't ranked), or the project's own
    ``summary``; ``source`` says which (``imported`` or ``mtgrules``)."""
    out: dict[str, Any] = {"card": ruling.card, "date": ruling.date}
    if ruling.text:  # only from data the user imported
        out["text"] = ruling.text
    elif ruling.summary:
        out["summary"] = ruling.summary
    out["source"] = "mtgrules" if ruling.own else "imported"
    out["relevance"] = ruling.score
    return out


def step_json(step: Step) -> dict[str, Any]:
    """One step of the play-out: ``action`` (its index in ``actions:``, counted from 1, or
    null for what the game did by itself), ``text``, ``rules``."""
    return {"action": step.action, "text": step.text, "rules": list(step.rules)}


def _reasons(answer: Answer | None) -> list[dict[str, Any]]:
    if answer is None:
        return []
    deciding = {id(r) for r in answer.deciding}
    return [reason_json(r, id(r) in deciding) for r in answer.reasons]


def result_json(result: Result) -> dict[str, Any]:
    answer = result.answer
    out: dict[str, Any] = {
        "file": result.file,
        "id": result.id,
        "status": result.status,
        "question": result.question,
        "answer": answer.value if answer else None,
        "expected": result.expected,
        "decisive": list(answer.decisive) if answer else [],
        "reasons": _reasons(answer),
        "steps": [step_json(s) for s in answer.steps] if answer else [],
        "diagnostics": [d.to_json() for d in result.diagnostics],
    }
    if answer and answer.unsupported:
        out["unsupported"] = answer.unsupported
    if result.mismatches:
        out["mismatches"] = list(result.mismatches)
    if result.warnings:
        out["warnings"] = list(result.warnings)
    if result.cross_check:  # --cross-check: {verdict, phase_answer, why}
        out["cross_check"] = result.cross_check
    return out


def render(results: list[Result]) -> str:
    """The report, laid out as in DESIGN.md: one result per line.

    Each result is encoded compactly (json's C encoder; an indented dump of a
    large bank costs more than checking it) and the lines are joined into
    one JSON document.
    """

    def dump(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False)

    lines = ",\n  ".join(dump(result_json(r)) for r in results)
    return (
        f'{{"mtgrules": {dump(__version__)},\n'
        f' "rules_edition": {dump(rules_edition(results))},\n'
        f' "results": [{chr(10) + "  " + lines if results else ""}],\n'
        f' "summary": {dump(summary(results))}}}'
    )
