"""The JUnit XML report: what CI systems read (one testcase per case).

``pass`` is a plain testcase; ``fail`` carries a ``<failure>`` with the
mismatches and the reasons behind the engine's answer; ``error`` carries an
``<error>`` with every diagnostic; ``unsupported`` and ``unchecked`` are
``<skipped>`` with why. Every testcase's ``<system-out>`` holds the play-out (a
case with ``actions:``), the question, the answer and its reasons as the text
report prints them.
"""

from __future__ import annotations

from pathlib import PurePath
from xml.etree import ElementTree as ET

from mtgrules.crosscheck.verdict import line as cross_line
from mtgrules.report import xml_safe
from mtgrules.report.as_text import Style, answer_lines, cite, reason_lines
from mtgrules.results import Result, disagreeing_reasons, summary

_PLAIN = Style(False)


def _failure_text(result: Result) -> str:
    lines = [*result.mismatches]
    if result.answer is not None and result.answer.decisive:
        lines.append(f"The engine's answer is decided by {cite(result.answer.decisive)}.")
    reasons = disagreeing_reasons(result)
    if reasons:
        lines.append("The engine's answer rests on:")
        for reason in reasons:
            lines += reason_lines(reason, _PLAIN, indent="  ")
    return "\n".join(lines)


def testcase(result: Result) -> ET.Element:
    """One ``<testcase>``: classname is the case's folder, name its id."""
    folder = str(PurePath(result.file).parent).replace("/", ".").replace("\\", ".")
    case = ET.Element(
        "testcase",
        classname=f"mtgrules.{folder}" if folder not in ("", ".") else "mtgrules",
        name=result.id,
        file=result.file,
        line=str(result.line),
        time=f"{result.seconds:.3f}",
    )
    if result.status == "fail":
        ET.SubElement(
            case, "failure", message="; ".join(result.mismatches), type="mismatch"
        ).text = _failure_text(result)
    elif result.status == "error":
        ET.SubElement(
            case,
            "error",
            message=result.error_summary(),
            type="timeout"
            if result.timed_out
            else "internal-error"
            if result.internal_error
            else "invalid-case",
        ).text = "\n".join(str(d) for d in result.diagnostics)
    elif result.status == "unsupported":
        why = result.answer.unsupported if result.answer else ""
        ET.SubElement(case, "skipped", message=f"unsupported: {why}")
    elif result.status == "unchecked":
        ET.SubElement(case, "skipped", message="unchecked: the case has no expect")
    if result.cross_check:  # --cross-check: phase.rs's verdict, as a property of the case
        props = ET.Element("properties")
        ET.SubElement(props, "property", name="cross_check", value=cross_line(result.cross_check))
        case.insert(0, props)
    if result.answer is not None:
        ET.SubElement(case, "system-out").text = "\n".join(answer_lines(result.answer, _PLAIN))
    return case


def render(results: list[Result]) -> str:
    s = summary(results)
    counts = dict(
        tests=str(len(results)),
        failures=str(s["failed"]),
        errors=str(s["errors"]),
        skipped=str(s["unsupported"] + s["unchecked"]),
        time=f"{sum(r.seconds for r in results):.3f}",
    )
    root = ET.Element("testsuites", name="mtgrules", **counts)
    suite = ET.SubElement(root, "testsuite", name="mtgrules", **counts)
    suite.extend(testcase(r) for r in results)
    ET.indent(root)
    # a title or an imported card name may hold characters XML can't: shown as escapes
    return '<?xml version="1.0" encoding="utf-8"?>\n' + xml_safe(
        ET.tostring(root, encoding="unicode")
    )
