"""The JSON report: the contract scripts rely on (DESIGN.md, "The answer")."""

from __future__ import annotations

import json
from typing import Any

from mtgrules.answer import Reason, RulingRef
from mtgrules.report import rules_edition
from mtgrules.results import Result, summary
from mtgrules.version import __version__


def reason_json(reason: Reason) -> dict[str, Any]:
    return {
        "holds": reason.holds,
        "text": reason.text,
        "rules": list(reason.rules),
        "rulings": [_ruling(r) for r in reason.rulings],
    }


def _ruling(ruling: RulingRef) -> dict[str, str]:
    out = {"card": ruling.card, "date": ruling.date}
    if ruling.text:  # only from data the user imported
        out["text"] = ruling.text
    return out


def result_json(result: Result) -> dict[str, Any]:
    answer = result.answer
    out: dict[str, Any] = {
        "file": result.file,
        "id": result.id,
        "status": result.status,
        "question": result.question,
        "answer": answer.value if answer else None,
        "expected": result.expected,
        "reasons": [reason_json(r) for r in answer.reasons] if answer else [],
        "diagnostics": [d.to_json() for d in result.diagnostics],
    }
    if answer and answer.unsupported:
        out["unsupported"] = answer.unsupported
    if result.mismatches:
        out["mismatches"] = list(result.mismatches)
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
