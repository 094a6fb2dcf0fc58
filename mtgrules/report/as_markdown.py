"""The Markdown report: what a judge pastes into an article.

Per case: the title as a heading, the question, the answer, the reasons
(✓ met, ✗ not met, · note) with their rule numbers, the rules that decide the
answer, and the cited rules (the deciding ones first) with the index's one-line summaries. A case that did not pass says so.
"""

from __future__ import annotations

import re

from mtgrules.answer import Reason, RulingRef, Step
from mtgrules.crindex import lookup
from mtgrules.crosscheck.verdict import line as cross_line
from mtgrules.report import printable
from mtgrules.report.as_text import MARKS, closing_line
from mtgrules.results import Result, render_value


def _escape(text: str) -> str:
    """Keep card costs like {T} and rule text literal in Markdown: one line (a newline in a
    title would start a heading of its own), control characters shown as escapes, and
    every character Markdown or HTML would read as markup escaped."""
    text = " ".join(printable(text).split("\n"))
    for ch in "\\`*_[]<>|#&!":
        text = text.replace(ch, "\\" + ch)
    return text


def _code(text: str) -> str:
    """A code span that holds ``text`` whatever backticks it has (CommonMark: a longer
    fence, and spaces when it starts or ends with one)."""
    text = " ".join(printable(text).split("\n"))
    fence = "`" * (max((len(run) for run in re.findall("`+", text)), default=0) + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def _reason(reason: Reason) -> list[str]:
    rules = f" *(CR {', '.join(reason.rules)})*" if reason.rules else ""
    lines = [f"- {MARKS[reason.holds]} {_escape(reason.text)}{rules}"]
    lines += [_ruling(ruling) for ruling in reason.rulings]
    return lines


def _step(step: Step) -> str:
    """A step of the play-out: numbered by its action, or · for what the game did itself."""
    rules = f" *(CR {', '.join(step.rules)})*" if step.rules else ""
    mark = f"**{step.action}.**" if step.action is not None else "·"
    return f"- {mark} {_escape(step.text)}{rules}"


def _ruling(ruling: RulingRef) -> str:
    """A ruling under its reason: the imported text quoted, or the project's own summary
    marked as such."""
    head = f"  - Ruling ({ruling.date}, {_escape(ruling.card)}): "
    if ruling.text:
        return f"{head}“{_escape(ruling.text)}”"
    return f"{head}{_escape(ruling.summary)} *(mtgrules' summary)*"


def result_markdown(result: Result) -> str:
    lines = [f"## {_escape(result.title or result.id)}", ""]
    lines.append(
        f"{_code(result.file)} · {_code(result.id)}"
        + (f" · tags: {', '.join(_escape(t) for t in result.tags)}" if result.tags else "")
    )
    lines.append("")
    if result.status == "error":
        head = (
            "**Out of time.**"
            if result.timed_out
            else "**mtgrules failed on this case.**"
            if result.internal_error
            else "**Invalid case.**"
        )
        body = [printable(str(d)) for d in result.diagnostics]
        longest = max((len(run) for line in body for run in re.findall("`+", line)), default=0)
        fence = "`" * max(3, longest + 1)  # a message can't close the block early
        lines += [head, "", fence, *body, fence]
        return "\n".join(lines)
    answer = result.answer
    assert answer is not None
    if answer.steps:
        lines += ["**Play-out.**", "", *(_step(s) for s in answer.steps), ""]
    lines += [f"**Question.** {_escape(answer.question)}", ""]
    if answer.unsupported:
        lines += [f"**Answer.** Unsupported: {_escape(answer.unsupported)}", ""]
    else:
        lines += [f"**Answer.** **{_escape(render_value(answer.value))}**", ""]
    if answer.decisive:
        lines += [f"**Decided by.** CR {', '.join(answer.decisive)}", ""]
    if answer.reasons:
        lines += ["**Why.**", ""]
        for reason in answer.reasons:
            lines += _reason(reason)
        lines.append("")
    if answer.citations:
        lines += ["**Rules cited.**", ""]
        for number in answer.citations:
            entry = lookup(number)
            title = f" ({_escape(entry.title)})" if entry.title else ""
            lines.append(f"- **{number}**{title}: {_escape(entry.summary)}")
        lines.append("")
    if result.cross_check:  # --cross-check: phase.rs's verdict beside ours
        lines += [f"**Second opinion.** {_escape(cross_line(result.cross_check))}", ""]
    if result.status == "fail":
        lines += ["> **FAIL** — expected " + _escape(render_value(result.expected)), ">"]
        lines += [f"> - {_escape(m)}" for m in result.mismatches]
        lines.append("")
    return "\n".join(lines).rstrip("\n")


def render(results: list[Result]) -> str:
    blocks = [result_markdown(r) for r in results]
    return "\n\n".join([*blocks, f"*{closing_line(results)}*"]) + "\n"
