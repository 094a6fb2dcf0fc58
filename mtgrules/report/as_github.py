"""GitHub Actions annotations: ``::error file=F,line=L,col=C,title=T::message``.

Errors (every diagnostic of an invalid case, at its position) and failures
(at the case's question, with the mismatches and the reasons behind the
answer, then the play-out's steps for a case with ``actions:``) are ``::error``;
unsupported answers are ``::warning``, with the play-out up to the refusal. Passing and
unchecked cases print nothing. Newlines in a message are escaped as GitHub
requires, so a multi-line message stays one annotation.
"""

from __future__ import annotations

from mtgrules.answer import Answer
from mtgrules.report import printable
from mtgrules.report.as_text import STEP_MARK, cite
from mtgrules.results import Result, disagreeing_reasons


def step_lines(answer: Answer | None) -> list[str]:
    """The play-out before the question (case format version 2), one line a step: its
    action's index (or · for what the game did itself), what happened, its rules."""
    if answer is None or not answer.steps:
        return []
    return ["Play-out:"] + [
        f"{s.action if s.action is not None else STEP_MARK} {s.text} {cite(s.rules)}".rstrip()
        for s in answer.steps
    ]


def _data(text: str) -> str:
    text = printable(text)  # a control character from the data is shown, not sent
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _prop(text: str) -> str:
    return _data(text).replace(":", "%3A").replace(",", "%2C")


def annotation(level: str, file: str, line: int, col: int, title: str, message: str) -> str:
    """One workflow command line."""
    props = f"file={_prop(file)},line={line},col={col},title={_prop(title)}"
    return f"::{level} {props}::{_data(message)}"


def result_annotations(result: Result) -> list[str]:
    if result.status == "error":
        return [
            annotation("error", d.file, d.line, d.col, f"mtgrules {d.code}", d.message)
            for d in result.diagnostics
        ]
    if result.status == "fail":
        lines = [*result.mismatches]
        if result.answer is not None and result.answer.decisive:
            lines.append(f"The engine's answer is decided by {cite(result.answer.decisive)}.")
        lines += [
            f"{'✓' if r.holds else '✗'} {r.text} {cite(r.rules)}".rstrip()
            for r in disagreeing_reasons(result)
        ]
        lines += step_lines(result.answer)
        return [
            annotation(
                "error",
                result.file,
                result.line,
                result.col,
                f"mtgrules FAIL {result.id}",
                "\n".join(lines),
            )
        ]
    if result.status == "unsupported" and result.answer is not None:
        return [
            annotation(
                "warning",
                result.file,
                result.line,
                result.col,
                f"mtgrules UNSUPPORTED {result.id}",
                "\n".join([result.answer.unsupported or "", *step_lines(result.answer)]),
            )
        ]
    return []


def render(results: list[Result]) -> str:
    lines = [a for r in results for a in result_annotations(r)]
    return "".join(f"{line}\n" for line in lines)
