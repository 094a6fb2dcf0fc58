"""Report: renderers turn Results into text or JSON. They never decide anything."""

from __future__ import annotations

from typing import Any

from mtgrules.crindex import EDITION, lookup
from mtgrules.crindex.official import edition, rule

# The edition the built-in rules index follows; answers use its summaries.
RULES_EDITION = {"effective": EDITION, "text": "builtin"}


def rules_edition() -> dict[str, Any]:
    """Which rules edition answers use: the imported official text when there is one."""
    imported = edition()
    if imported is None:
        return dict(RULES_EDITION)
    return {"effective": imported.effective, "text": "imported", "source": imported.source}


def edition_line() -> str:
    """The text report's statement of the rules edition it used."""
    found = rules_edition()
    how = (
        "official text imported from " + found["source"]
        if found["text"] == "imported"
        else "mtgrules' own summaries; `mtgrules rules import` quotes the official text"
    )
    return f"Rules: Comprehensive Rules effective {found['effective']} ({how})"


def rule_text(number: str) -> tuple[str | None, str]:
    """A cited rule as answers quote it: (title, official text) if imported, else the summary."""
    official = rule(number)
    if official is not None:
        return official.title, official.text
    entry = lookup(number)
    return entry.title, entry.summary
