"""Check: an Answer compared with the case's expectation becomes a Result.

Statuses: ``pass``, ``fail`` (the answer or the citations differ from
``expect``), ``error`` (the case is invalid), ``unsupported`` (the engine
can't answer), ``unchecked`` (no ``expect``).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from mtgrules import lazyre
from mtgrules.answer import Answer, Multiset, Ordered, Reason, is_subrule
from mtgrules.cards.mana import COLOR_CODES
from mtgrules.caseio.diagnostics import Diagnostic

STATUSES = ("pass", "fail", "error", "unsupported", "unchecked")


@dataclass(frozen=True)
class Result:
    file: str
    id: str
    status: str
    title: str | None = None
    question: dict[str, Any] | None = None
    answer: Answer | None = None
    expected: Any = None
    expected_rules: tuple[str, ...] = ()
    mismatches: tuple[str, ...] = ()  # why a case failed, one line each
    diagnostics: tuple[Diagnostic, ...] = ()
    tags: tuple[str, ...] = ()
    line: int = 1  # where the question is, for annotations
    col: int = 1
    seconds: float = field(default=0.0, compare=False)  # how long reading and answering took
    # the case's expected rules that changed since the CR edition it was written for
    warnings: tuple[str, ...] = ()
    # --cross-check: phase.rs's verdict, {verdict, phase_answer, why} (mtgrules.crosscheck)
    cross_check: dict[str, Any] | None = None

    @property
    def internal_error(self) -> bool:
        """An ``error`` that is mtgrules' own failure (E001), not an invalid case file."""
        return any(d.code == "E001" for d in self.diagnostics)

    @property
    def timed_out(self) -> bool:
        """An ``error`` because the case ran out of its time budget (E002)."""
        return any(d.code == "E002" for d in self.diagnostics)

    def error_summary(self) -> str:
        """One line for an ``error``: "the case is invalid (2 problems)", or mtgrules' own
        failure or its time budget running out, which are never called invalid."""
        n = len(self.diagnostics)
        if self.timed_out:
            return "the case ran out of time and was stopped (`--timeout`)"
        if self.internal_error:
            return "mtgrules failed on this case (a bug in mtgrules, not in the case)"
        return f"the case is invalid ({n} problem{'s' if n != 1 else ''})"


def compare(
    answer: Answer,
    expected: Any,
    rules: tuple[str, ...],
    status: str | None = None,
    mentions: tuple[str, ...] = (),
) -> tuple[str, tuple[str, ...]]:
    """The status of an answer against an expectation, and the mismatches if it fails.

    ``status="unsupported"`` expects a refusal: an answer given instead is a failure (a
    guess where the engine should refuse), and the refusal must mention each of ``mentions``.
    """
    if status == "unsupported":
        if answer.unsupported is None:
            return "fail", (
                f"the answer is {render_value(answer.value)}, expected unsupported "
                "(the engine should refuse, not answer)",
            )
        missing = [m for m in mentions if m.lower() not in answer.unsupported.lower()]
        if missing:
            return "fail", (
                f"the refusal doesn't mention {', '.join(missing)} (it says: {answer.unsupported})",
            )
        return "pass", ()
    if answer.unsupported is not None:
        return "unsupported", ()
    mismatches = []
    if not matches(expected, answer.value):
        mismatches.append(value_mismatch(expected, answer.value))
    missing = [r for r in rules if rule_met_by(r, answer.citations) is None]
    if missing:
        cited = ", ".join(answer.citations) or "nothing"
        mismatches.append(f"expected citations {', '.join(missing)} are missing (cited: {cited})")
    return ("fail" if mismatches else "pass"), tuple(mismatches)


def rule_met_by(rule: str, citations: tuple[str, ...]) -> str | None:
    """The citation that meets an expected rule number: the number itself, or one of its
    subrules, as judges cite a parent (``702.170`` is met by ``702.170d``, ``702`` by
    ``702.10c``, ``613.1`` by ``613.1f`` but not by ``613.10``); None if none does."""
    if rule in citations:
        return rule
    return next((c for c in citations if is_subrule(c, rule)), None)


def cited_as(result: Result) -> str:
    """The expected rule numbers as met: ``702.170 (as 702.170d)`` where a subrule met one."""
    cited = result.answer.citations if result.answer is not None else ()
    shown = []
    for rule in result.expected_rules:
        met = rule_met_by(rule, cited)
        shown.append(f"{rule} (as {met})" if met not in (None, rule) else rule)
    return ", ".join(shown)


def differing(expected: dict, actual: dict) -> dict:
    """The keys of an expected mapping whose value the answer doesn't match (or lacks)."""
    return {k: v for k, v in expected.items() if k not in actual or not matches(v, actual[k])}


def value_mismatch(expected: Any, actual: Any) -> str:
    """How an answer differs from ``expect``: for a mapping, only the keys that differ, and
    inside a mapping of mappings (a ``state`` answer's ``zone: {bears: ...}``) only the
    inner keys that differ: ``zone: bears: library, expected graveyard``."""
    if isinstance(expected, dict) and isinstance(actual, dict):
        return "the answer differs in " + "; ".join(_differ(expected, actual))
    return f"the answer is {render_value(actual)}, expected {render_value(expected)}"


def _differ(expected: dict, actual: dict, prefix: str = "") -> list[str]:
    out = []
    for k, v in expected.items():
        if k not in actual:
            out.append(f"{prefix}{k}: (not in the answer), expected {render_value(v)}")
        elif isinstance(v, dict) and v and isinstance(actual[k], dict):
            out += _differ(v, actual[k], f"{prefix}{k}: ")
        elif not matches(v, actual[k]):
            out.append(f"{prefix}{k}: {_shown(actual[k])}, expected {_shown(v)}")
    return out


def _shown(value: Any) -> str:
    """A value in a mismatch: ``{}`` and ``[]`` said as such (render_value leaves them out
    of a mapping, where they mean nothing to show)."""
    if value == {} or (isinstance(value, list | tuple) and not value):
        return "{}" if isinstance(value, dict) else "[]"
    return render_value(value)


def matches(expected: Any, actual: Any) -> bool:
    """DESIGN's comparison: keys given are compared, lists as sets, text case-insensitively.

    Mana (``"{G}{U}"``) compares as a multiset of symbols: ``"{U}{G}"`` matches it, and so
    do the ways of :func:`expected_mana` (``[green, blue]``, ``GU``). An empty mapping
    expected means none (``counters: {}``). An :class:`~mtgrules.answer.Ordered` list (the
    stack) compares item by item in order, a :class:`~mtgrules.answer.Multiset` counting
    each item.
    """
    if isinstance(actual, str) and _is_mana(actual) and isinstance(expected, str | list):
        written = expected_mana(expected)
        if written is not None:
            return written == Counter(_MANA_SYMBOL.findall(actual.upper()))
    if isinstance(expected, dict):
        if not expected:  # `{}`: none (no counters, nothing attacking), not "anything"
            return actual == {}
        return isinstance(actual, dict) and all(
            k in actual and matches(v, actual[k]) for k, v in expected.items()
        )
    if isinstance(actual, Ordered):  # the stack, top first: item by item, in order
        return (
            isinstance(expected, list)
            and len(expected) == len(actual)
            and all(matches(e, a) for e, a in zip(expected, actual, strict=True))
        )
    if isinstance(actual, Multiset):  # names attached: each counted
        return isinstance(expected, list) and Counter(map(_key, expected)) == Counter(
            map(_key, actual)
        )
    if isinstance(expected, list):
        if not isinstance(actual, list | tuple | set | frozenset):
            return False
        return Counter(map(_key, expected)).keys() == Counter(map(_key, actual)).keys()
    return _key(expected) == _key(actual)


_MANA_SYMBOL = lazyre.compile(r"\{[^{}]+\}")


def _is_mana(text: str) -> bool:
    """Mana written as symbols (``""`` is no mana)."""
    return "".join(_MANA_SYMBOL.findall(text)) == text


# Colors and mana types are written either way: `[white]` or `[W]`, `colorless` or `C`.
_COLOR_LETTERS = {word: code.lower() for word, code in COLOR_CODES.items()} | {"colorless": "c"}


_MANA_TYPE = lazyre.compile(r"\{([wubrgc])\}")


def _key(value: Any) -> Any:
    if not isinstance(value, str):
        return value
    text = value.strip().lower()
    symbol = _MANA_TYPE.fullmatch(text)  # a mana type as its symbol: `{G}`
    return symbol.group(1) if symbol else _COLOR_LETTERS.get(text, text)


def expected_mana(expected: str | list[Any]) -> Counter[str] | None:
    """Mana as an expectation may write it, as a multiset of symbols: symbols (``"{G}{G}"``,
    ``""`` for none), letters of mana types (``GG``), one mana type as a word (``green``,
    ``colorless``), or a list of those, one mana each (``[green, G, "{G}"]``). None when
    ``expected`` is none of these."""
    if isinstance(expected, list):
        parts = [expected_mana(v) if isinstance(v, str) else None for v in expected]
        if any(p is None or p.total() != 1 for p in parts):
            return None
        return sum((p for p in parts if p is not None), Counter())
    text = expected.strip()
    if _is_mana(text):
        return Counter(_MANA_SYMBOL.findall(text.upper()))
    letter = _key(text)
    if isinstance(letter, str) and re.fullmatch(r"[wubrgc]+", letter):
        return Counter("{" + ch + "}" for ch in letter.upper())
    return None


def render_value(value: Any) -> str:
    """An answer or expectation as a judge reads it: YES/NO, mana as symbols, mappings as
    key: value, a true/false fact as yes/no (``is_token: no``, not Python's ``False``), no
    value as YAML's ``null``."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:  # as the case file writes it (survives_sba: null)
        return "null"
    if isinstance(value, str):
        return value.upper() if value in ("yes", "no") else (value or '""')
    if isinstance(value, dict):
        return "; ".join(
            f"{k}: {render_value(v)}" for k, v in value.items() if v not in (None, [], {})
        )
    if isinstance(value, list | tuple | set | frozenset):  # a mapping inside one is braced
        return (
            "["
            + ", ".join(
                "{" + render_value(v) + "}" if isinstance(v, dict) else render_value(v)
                for v in value
            )
            + "]"
        )
    return str(value)


def disagreeing_reasons(result: Result) -> tuple[Reason, ...]:
    """The reasons behind an answer that differs from ``expect``, for failure reports:
    the ones that decide it (for "no", the conditions that failed; for "yes", those that
    hold; for a value, its checks and the effects that made it). Empty unless the case
    failed."""
    if result.status != "fail" or result.answer is None:
        return ()
    return result.answer.deciding


def summary(results: list[Result]) -> dict[str, int]:
    counts = Counter(r.status for r in results)
    return {
        "passed": counts["pass"],
        "failed": counts["fail"],
        "errors": counts["error"],
        "unsupported": counts["unsupported"],
        "unchecked": counts["unchecked"],
    }


def exit_code(results: list[Result]) -> int:
    """0 all pass/unchecked, 1 any fail, 2 any error, 3 any unsupported and nothing worse."""
    statuses = {r.status for r in results}
    if "error" in statuses:
        return 2
    if "fail" in statuses:
        return 1
    if "unsupported" in statuses:
        return 3
    return 0
