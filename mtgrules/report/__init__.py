"""Report: renderers turn Results into text or JSON. They never decide anything.

What a report shows comes partly from files a user doesn't control (a case's title,
an imported card's name, a data file's path), so every renderer passes it through
:func:`printable`: a control character is shown as an escape (``\\x1b``), never
sent to the terminal, where it could move the cursor or set the window title.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from mtgrules import lazyre
from mtgrules.crindex import EDITION, lookup
from mtgrules.crindex.official import edition, edition_differences, rule
from mtgrules.results import Result

# C0 and C1 controls (tab and newline kept), the line and paragraph separators (a terminal
# or an editor breaks the line there), and the invisible marks that reorder text
# (bidirectional overrides and isolates): shown as escapes
_UNPRINTABLE = lazyre.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]"
)
# what XML 1.0 can't hold at all, even as a character reference
_NOT_XML = lazyre.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def _escaped(found: re.Match[str]) -> str:
    code = ord(found.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str) -> str:
    """``text`` with control characters shown as escapes (``"\\x1b"``), tab and newline kept."""
    return _UNPRINTABLE.sub(_escaped, text)


def xml_safe(text: str) -> str:
    """``text`` with the characters XML 1.0 forbids (and controls) shown as escapes."""
    return _NOT_XML.sub(_escaped, printable(text))


# The edition the built-in rules index follows; answers use its summaries.
RULES_EDITION = {"effective": EDITION, "text": "builtin"}


def _cited(results: Iterable[Result]) -> list[str]:
    seen: dict[str, None] = {}
    for r in results:
        for number in r.answer.citations if r.answer else ():
            seen.setdefault(number, None)
    return list(seen)


def rules_edition(results: Iterable[Result] = ()) -> dict[str, Any]:
    """Which rules the answers follow and where the quoted text comes from.

    ``effective`` is always the edition the engine's reasoning follows. With the
    official text of another edition imported, ``quoted`` is that edition's
    date and ``changed``/``absent`` list the rules cited in ``results`` that it
    words differently or lacks: those quotes are not the rules the answer used.
    """
    imported = edition()
    if imported is None:
        return dict(RULES_EDITION)
    out: dict[str, Any] = {"effective": EDITION, "text": "imported", "source": imported.source}
    if imported.effective != EDITION:
        changed, absent = edition_differences(_cited(results))
        out |= {"quoted": imported.effective, "changed": changed, "absent": absent}
    return out


def edition_line(results: Iterable[Result] = ()) -> str:
    """The text report's statement of the rules edition it used."""
    found = rules_edition(results)
    if found["text"] == "builtin":
        how = "mtgrules' own summaries; `mtgrules rules import` quotes the official text"
        return f"Rules: Comprehensive Rules effective {found['effective']} ({how})"
    if "quoted" not in found:
        how = "official text imported from " + found["source"]
        return f"Rules: Comprehensive Rules effective {found['effective']} ({how})"
    line = (
        f"Rules: answers follow the Comprehensive Rules effective {found['effective']}; the"
        f" quoted text is the edition effective {found['quoted']} ({found['source']})"
    )
    if found["absent"]:
        line += f"; that edition has no {_listed(found['absent'])} (quoted from the summaries)"
    if found["changed"]:
        line += (
            f"; it words {_listed(found['changed'])} differently:"
            f" read {'it' if len(found['changed']) == 1 else 'them'}"
            f" in the {found['effective']} edition"
        )
    return line


def _listed(numbers: list[str]) -> str:
    return ", ".join(numbers[:-1]) + (" and " if len(numbers) > 1 else "") + numbers[-1]


def rule_text(number: str) -> tuple[str | None, str]:
    """A cited rule as answers quote it: (title, official text) if imported, else the summary."""
    official = rule(number)
    if official is not None:
        return official.title, official.text
    entry = lookup(number)
    return entry.title, entry.summary
