"""The text report: what a judge reads in a terminal."""

from __future__ import annotations

import re
import textwrap

from mtgrules import lazyre
from mtgrules.answer import Answer, Reason, RulingRef, Step
from mtgrules.crosscheck.verdict import line as cross_line
from mtgrules.report import edition_line, printable, rule_text
from mtgrules.results import Result, cited_as, differing, render_value, summary

WIDTH = 88
MARKS = {True: "✓", False: "✗", None: "·"}
DECIDED = "»"  # the line of the rules that decide the answer
COLORS = {
    "pass": "32",
    "fail": "31",
    "error": "31",
    "unsupported": "33",
    "unchecked": "36",
    True: "32",
    False: "31",
    None: "2",
}


STRONG = "1"  # bold: the answer line

# The only escape sequences the text report writes itself: Style's colors, bold and reset.
_OWN_CODES = lazyre.compile(
    "(\x1b\\[(?:"
    + "|".join(sorted({re.escape(c) for c in COLORS.values()} | {"0", STRONG}))
    + ")m)"
)


def _shown(text: str) -> str:
    """The report as the terminal gets it: every control character from the data shown as
    an escape (:func:`mtgrules.report.printable`), Style's own color codes kept."""
    parts = _OWN_CODES.split(text)
    return "".join(part if i % 2 else printable(part) for i, part in enumerate(parts))


class Style:
    """How the report is drawn: colored or not, and the width of a line (the citations
    are right-aligned at it)."""

    def __init__(self, color: bool, width: int = WIDTH):
        self.color = color
        self.width = width

    def __call__(self, text: str, key: object) -> str:
        code = COLORS.get(key)  # type: ignore[call-overload]
        return f"\x1b[{code}m{text}\x1b[0m" if self.color and code else text

    def strong(self, text: str) -> str:
        """Emphasised (bold) when colored: the answer a judge reads first."""
        return f"\x1b[{STRONG}m{text}\x1b[0m" if self.color and text else text


def wrap(text: str, width: int, indent: str = "", hanging: str | None = None) -> list[str]:
    """``text`` wrapped at word boundaries to ``width`` columns, the first line after
    ``indent``, the others after ``hanging`` (default: ``indent``). A token is never broken
    (not a rule number, a mana cost or a hyphenated word): one longer than the room stands
    alone on its line. Empty text is one line, the indent."""
    return textwrap.wrap(
        text,
        max(width, 1),
        initial_indent=indent,
        subsequent_indent=indent if hanging is None else hanging,
        break_long_words=False,
        break_on_hyphens=False,
    ) or [indent.rstrip()]


def cite(rules: tuple[str, ...]) -> str:
    return f"CR {', '.join(rules)}" if rules else ""


def _wrap(text: str, width: int) -> list[str]:
    """``textwrap.wrap``, skipped for the many short texts it would return as they are."""
    if len(text) <= width and text == text.strip() and not _SPACES.search(text):
        return [text]
    return wrap(text, width)


_SPACES = lazyre.compile(r"[\t\n\r\x0b\x0c]")


def reason_lines(reason: Reason, style: Style, indent: str = "     ") -> list[str]:
    mark = style(MARKS[reason.holds], reason.holds)
    lines = cited_lines(mark, reason.text, reason.rules, indent, style.width)
    for ruling in reason.rulings:
        lines += wrap(ruling_line(ruling), style.width, f"{indent}  ", f"{indent}    ")
    return lines


def ruling_line(ruling: RulingRef) -> str:
    """A ruling under its reason: the imported text quoted with its date, or the
    project's own summary of a built-in card's ruling, marked as such."""
    if ruling.text:
        return f"Ruling ({ruling.date}, {ruling.card}): “{ruling.text}”"
    words = f"{ruling.summary} (mtgrules' summary)" if ruling.summary else ""
    return f"Ruling ({ruling.date}, {ruling.card}): {words}".rstrip(": ")


def cited_lines(
    mark: str,
    text: str,
    rules: tuple[str, ...],
    indent: str = "     ",
    width: int = WIDTH,
    hang: int = 2,
) -> list[str]:
    """``mark text`` wrapped, its citation right-aligned on the last line (or the lines
    under it, wrapped at commas, when it doesn't fit). ``hang`` is how far the text
    stands from the indent: the mark's visible width and a space (a ✓, or a step's
    ``12.``)."""
    body = _wrap(text, width - len(indent) - hang - 22)
    lines = [f"{indent}{mark} {body[0]}"] + [f"{indent}{' ' * hang}{b}" for b in body[1:]]
    citation = cite(rules)
    if citation:
        visible = len(indent) + hang + len(body[-1])
        if visible + 2 + len(citation) <= width:
            lines[-1] += " " * (width - visible - len(citation)) + citation
        else:
            room = width - len(indent) - hang
            lines += [" " * (width - len(c)) + c for c in wrap(citation, room)]
    return lines


STEP_MARK = "·"  # a step the game took by itself (no action of the case)


def step_lines(steps: tuple[Step, ...], width: int = WIDTH) -> list[str]:
    """The play-out (case format version 2), before the question: each step one line (or
    more, wrapped as reasons are), numbered by the case's action it plays (``3.``) or
    marked · for what the game did by itself, its rules right-aligned."""
    if not steps:
        return []
    marks = [f"{s.action}." if s.action is not None else STEP_MARK for s in steps]
    room = max(len(m) for m in marks)
    lines = ["  Play-out"]
    for step, mark in zip(steps, marks, strict=True):
        lines += cited_lines(mark.rjust(room), step.text, step.rules, "     ", width, room + 1)
    return lines


def decided_lines(answer: Answer, width: int = WIDTH) -> list[str]:
    """The answer's first citation line: the rules that decide it (empty if none do)."""
    if not answer.decisive:
        return []
    indent = "     "
    return wrap(
        f"{DECIDED} Decided by {cite(answer.decisive)}",
        width,
        indent,
        indent + " " * len(f"{DECIDED} Decided by CR "),
    )


def answer_lines(answer: Answer, style: Style) -> list[str]:
    """The question, the answer (emphasised) and the reasons, wrapped to the style's width."""
    lines = [
        *step_lines(answer.steps, style.width),
        *wrap(answer.question, style.width, "  Q  ", "     "),
    ]
    if answer.unsupported:
        why = wrap(f"UNSUPPORTED: {answer.unsupported}", style.width, "  A  ", "     ")
        lines += [f"  A  {style('UNSUPPORTED', 'unsupported')}{why[0][16:]}", *why[1:]]
    elif isinstance(answer.value, dict):
        items = [(k, v) for k, v in answer.value.items() if v not in (None, [], {})]
        width = max((len(k) for k, _ in items), default=0)
        for i, (k, v) in enumerate(items):
            rows = wrap(
                f"{k.ljust(width)}  {render_value(v)}", style.width - 5, "", " " * (width + 2)
            )
            lines += _answer_rows(rows, style, first=i == 0)
    else:
        lines += _answer_rows(wrap(render_value(answer.value), style.width - 5), style)
    lines += decided_lines(answer, style.width)
    for reason in answer.reasons:
        lines += reason_lines(reason, style)
    return lines


def _answer_rows(rows: list[str], style: Style, first: bool = True) -> list[str]:
    """Answer rows (wrapped to the width less 5) under ``  A  ``, emphasised; a blank
    indent stays outside the emphasis."""
    out = []
    for i, row in enumerate(rows):
        body = row.lstrip(" ")
        mark = "A" if first and i == 0 else " "
        out.append(f"  {mark}  {row[: len(row) - len(body)]}{style.strong(body)}")
    return out


def result_lines(
    result: Result, style: Style, explain: bool = False, status_line: bool = True
) -> list[str]:
    """A case's full report. ``status_line=False`` (a one-off `ask`): no UNCHECKED or
    UNSUPPORTED line after the answer, which says it already; PASS and FAIL stay."""
    lines = [f"{result.file}  {result.id}"]
    if result.status == "error":
        lines += [f"  {d}" for d in result.diagnostics]
        lines.append(f"  {style('ERROR', 'error')}  {result.error_summary()}")
        return lines
    assert result.answer is not None
    lines += answer_lines(result.answer, style)
    if explain and result.answer.citations:
        lines.append("     Rules cited:")
        for number in result.answer.citations:
            title, text = rule_text(number)
            title = f" ({title})" if title else ""
            lines += wrap(f"{number}{title}: {text}", style.width, "       ", "         ")
    label = style(result.status.upper(), result.status)
    if result.status in ("pass", "fail"):
        status = wrap(
            f"{result.status.upper()}  expected: {_expected_shown(result)}"
            + (f"; citing {cited_as(result)}" if result.expected_rules else ""),
            style.width,
            "  ",
            "        ",
        )
        lines += [f"  {label}{status[0][2 + len(result.status) :]}", *status[1:]]
        for mismatch in result.mismatches:
            lines += wrap(mismatch, style.width, "        ", "          ")
    elif status_line:
        lines.append(f"  {label}")
    for warning in result.warnings:
        lines += wrap(f"! {warning}", style.width, "  ", "    ")
    if result.cross_check:  # --cross-check: phase.rs's verdict beside ours
        lines += wrap(cross_line(result.cross_check), style.width, "  ", "    ")
    return lines


def _expected_shown(result: Result) -> str:
    """The expectation on a result's status line; for a value that failed, only the keys
    that differ (the others are counted, not repeated)."""
    expected = result.expected
    actual = result.answer.value if result.answer is not None else None
    if result.status != "fail" or not isinstance(expected, dict) or not isinstance(actual, dict):
        return render_value(expected)
    differ = differing(expected, actual)
    agree = len(expected) - len(differ)
    more = f" (and {agree} other key{'s' if agree != 1 else ''} as expected)" if agree else ""
    return render_value(differ) + more


def closing_line(results: list[Result]) -> str:
    s = summary(results)
    errors = f"{s['errors']} error{'' if s['errors'] == 1 else 's'}"  # "1 error", as pytest says
    return f"{s['passed']} passed, {s['failed']} failed, {errors}, {s['unsupported']} unsupported, {s['unchecked']} unchecked"


def one_line(result: Result, style: Style) -> str:
    """A case in one line, as pytest lists them: status, id, file, and what decided a
    failure (its first mismatch), an error (its first diagnostic) or a refusal."""
    line = f"{style(result.status.upper(), result.status)}  {result.id}  {result.file}"
    if result.status == "fail" and result.mismatches:
        line += f": {result.mismatches[0]}"
    elif result.status == "error" and result.diagnostics:
        first = result.diagnostics[0]
        line += f": {first.code} {first.message}"
    elif result.status == "unsupported" and result.answer is not None:
        line += f": {result.answer.unsupported}"
    if result.warnings:
        line += f"  ! {result.warnings[0]}"
    if result.cross_check and result.cross_check["verdict"] == "disagrees":
        line += f"  ! {cross_line(result.cross_check)}"
    return line


def render(
    results: list[Result],
    color: bool = False,
    explain: bool = False,
    detail: str = "full",
    width: int = WIDTH,
    one_off: bool = False,
) -> str:
    """``detail``: ``full`` prints every answer; ``auto`` a passing case in one line and
    the others in full; ``quiet`` only the cases that didn't pass, one line each.
    ``width``: the line width the report is wrapped to (the terminal's, say).
    ``one_off``: a single question asked (`mtgrules ask`), not a bank run: no status line
    for an answer that has no expectation, and no closing counts."""
    style = Style(color, width)
    out: list[str] = []  # full answers stand apart (a blank line each side), one-liners don't
    for r in results:
        if detail == "quiet" and r.status == "pass" and not r.warnings:
            continue
        if detail == "quiet" or (detail == "auto" and r.status == "pass"):
            out.append(one_line(r, style))
            continue
        if out and out[-1]:
            out.append("")
        out += [*result_lines(r, style, explain, status_line=not one_off), ""]
    if out and out[-1]:
        out.append("")
    out += wrap(edition_line(results), width)
    if not one_off:
        out.append(closing_line(results))
    text = "\n".join(out) + "\n"
    return _shown(text) if color else printable(text)  # uncolored: no escape code kept
