"""The answer vocabulary: what a question returns and what reports render.

An :class:`Answer` is a verdict (``yes``/``no``) or a value, plus the ordered
:class:`Reason` list that decides it. Every reason cites Comprehensive Rules
numbers; renderers resolve them against the rules index at render time.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class RulingRef:
    """A card ruling that bears on a reason, named by card and date."""

    card: str
    date: str
    summary: str = ""  # the project's own one-line summary, never the ruling text
    text: str = ""  # the official ruling text, only from data the user imported


@dataclass(frozen=True)
class Reason:
    """One condition the engine checked.

    ``holds`` is True when the condition is met, False when it is not (for a
    yes/no question a single False decides "no"), and None for a note that
    explains without deciding.
    """

    holds: bool | None
    text: str
    rules: tuple[str, ...] = ()
    rulings: tuple[RulingRef, ...] = ()


@dataclass(frozen=True)
class Answer:
    """What a question returns.

    ``value`` is ``"yes"``/``"no"`` for yes/no questions, a mapping or list for
    value questions, and None when the answer is unsupported.
    """

    question: str  # a sentence: "Can Alice activate Llanowar Elves's ability 1?"
    value: Any
    reasons: tuple[Reason, ...] = ()
    unsupported: str | None = None  # why the engine can't answer, if it can't
    details: tuple[tuple[str, Any], ...] = field(default=())

    @property
    def citations(self) -> tuple[str, ...]:
        """Every rule number the answer cites, in first-cited order."""
        seen: dict[str, None] = {}
        for reason in self.reasons:
            for number in reason.rules:
                seen.setdefault(number, None)
        return tuple(seen)


def verdict(question: str, reasons: list[Reason]) -> Answer:
    """A yes/no answer: "no" as soon as one checked condition fails.

    Reasons are ordered failed first (they decide), then met, then notes.
    """
    ok = all(reason.holds is not False for reason in reasons)
    order = {False: 0, True: 1, None: 2}
    ranked = sorted(reasons, key=lambda r: order[r.holds])
    return Answer(question=question, value="yes" if ok else "no", reasons=tuple(ranked))


def unsupported(question: str, why: str, reasons: list[Reason] | None = None) -> Answer:
    """An answer the engine refuses to guess, with the reason it can't."""
    return Answer(question=question, value=None, reasons=tuple(reasons or ()), unsupported=why)
