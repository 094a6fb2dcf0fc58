"""The outcome of a cross-check: a verdict, phase.rs's answer and why."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

AGREES = "agrees"
DISAGREES = "disagrees"
NOT_COMPARABLE = "not comparable"


@dataclass(frozen=True)
class CrossCheck:
    """``verdict``: agrees / disagrees / not comparable; ``phase_answer``: "yes" / "no" or
    None when phase.rs wasn't asked; ``why``: what phase.rs was asked, or why it couldn't be."""

    verdict: str
    phase_answer: str | None = None
    why: str = ""

    def as_json(self) -> dict[str, Any]:
        return {"verdict": self.verdict, "phase_answer": self.phase_answer, "why": self.why}

    @property
    def line(self) -> str:
        """One line for a report: "phase.rs: can cast (agrees)"."""
        return line(self.as_json())


def line(found: dict[str, Any]) -> str:
    """A cross-check (as :meth:`CrossCheck.as_json` gives it) in one line for a judge."""
    said = found.get("phase_answer")
    verdict = found.get("verdict", NOT_COMPARABLE)
    if verdict == NOT_COMPARABLE:
        head = f"phase.rs: not comparable ({found.get('why', '')})"
        return head if said is None else f"{head}; phase.rs says {said}"
    return f"phase.rs: {said} ({verdict}; {found.get('why', '')})"


class NotComparable(Exception):
    """The board or question can't be put to phase.rs faithfully; ``args[0]`` says why."""
