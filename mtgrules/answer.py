"""The answer vocabulary: what a question returns and what reports render.

An :class:`Answer` is a verdict (``yes``/``no``) or a value, plus the ordered
:class:`Reason` list that decides it. Every reason cites Comprehensive Rules
numbers; renderers resolve them against the rules index at render time.

Some reasons *decide* the answer (the failed condition of a "no", the effects that
make a value what it is); the others support or explain it. :attr:`Answer.decisive`
is the rules of the deciding reasons, the most specific first-cited numbers a judge
would quote for the answer; reports print them first.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any


@dataclass(frozen=True)
class RulingRef:
    """A card ruling that bears on a reason, named by card and date."""

    card: str
    date: str
    summary: str = ""  # the project's own one-line summary, never the ruling text
    text: str = ""  # the official ruling text, only from data the user imported
    score: float | None = None  # its relevance to the reason (FTS5 bm25, higher is closer)

    @property
    def own(self) -> bool:
        """Whether it is the project's own summary (a built-in card's), not imported text."""
        return not self.text


@dataclass(frozen=True)
class Reason:
    """One condition the engine checked.

    ``holds`` is True when the condition is met, False when it is not (for a
    yes/no question a single False decides "no"), and None for a note that
    explains without deciding.

    ``decides`` says whether the reason decides the answer: None leaves it to the
    answer's default (:meth:`Answer.decides`), True or False marks it where the
    default would be wrong (a layer note that changes a value decides it).
    """

    holds: bool | None
    text: str
    rules: tuple[str, ...] = ()
    rulings: tuple[RulingRef, ...] = ()
    decides: bool | None = None


@dataclass(frozen=True)
class Step:
    """One step of a play-out (case format version 2): an action of the case, or
    something the game did by itself, with the rules that made it so.

    ``action`` is the entry's index in ``actions:`` (counted from 1, ``choose:``
    entries included), or None for what the game did by itself (state-based actions,
    triggers put on the stack, a step beginning).
    """

    action: int | None
    text: str
    rules: tuple[str, ...] = ()


class Ordered(tuple):
    """A list in an answer's value whose order is part of the answer (the stack, top first;
    a stack object's targets): ``expect`` compares it item by item, in order. Renders and
    serialises as a list."""

    __slots__ = ()


class Multiset(tuple):
    """A list in an answer's value that is a multiset (the names of the permanents attached
    to one: two Auras may share a name): ``expect`` compares it ignoring order but counting
    each item. Renders and serialises as a list."""

    __slots__ = ()


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
    # the imported rulings of the cards it concerns that bear on none of its reasons
    # (shown with `--rulings all`, mtgrules.questions.rulings.shown)
    other_rulings: tuple[RulingRef, ...] = ()
    # the play-out before the question was asked (case format version 2), in order
    steps: tuple[Step, ...] = ()

    def decides(self, reason: Reason) -> bool:
        """Whether ``reason`` decides this answer: its own mark, else the default.

        By default the failed conditions decide a "no" (one is enough) and a refusal,
        the met conditions decide a "yes" (all of them are needed), and the checks
        (not the notes) decide a value.
        """
        if reason.decides is not None:
            return reason.decides
        if self.unsupported is not None or self.value == "no":
            return reason.holds is False
        if self.value == "yes":
            return reason.holds is True
        return reason.holds is not None

    @property
    def deciding(self) -> tuple[Reason, ...]:
        """The reasons that decide the answer, in order. A value that no check or mark
        decides is decided by its first reason (the result line)."""
        found = tuple(r for r in self.reasons if self.decides(r))
        if found or self.unsupported is not None or self.value in ("yes", "no"):
            return found
        return next(((r,) for r in self.reasons if r.rules and r.decides is None), ())

    @property
    def decisive(self) -> tuple[str, ...]:
        """The rules of the deciding reasons, in first-cited order, leaving out a rule
        whose subrule is also decisive (202.3e says what 202.3 would only imply)."""
        seen = _first_cited(self.deciding)
        return tuple(n for n in seen if not any(is_subrule(m, n) for m in seen))

    @property
    def citations(self) -> tuple[str, ...]:
        """Every rule number the answer cites: the decisive ones first, then the others
        in first-cited order, then those of its play-out's steps (what the game did is
        part of why the answer is what it is)."""
        decisive = self.decisive
        cited = decisive + tuple(n for n in _first_cited(self.reasons) if n not in decisive)
        steps = dict.fromkeys(n for step in self.steps for n in step.rules if n not in cited)
        return cited + tuple(steps)


def _first_cited(reasons: tuple[Reason, ...]) -> tuple[str, ...]:
    seen: dict[str, None] = {}
    for reason in reasons:
        for number in reason.rules:
            seen.setdefault(number, None)
    return tuple(seen)


def is_subrule(number: str, parent: str) -> bool:
    """Whether rule ``number`` is a subrule of ``parent`` at any depth: ``702.170d`` of
    ``702.170`` and of ``702``, ``613.1f`` of ``613.1`` but ``613.10`` not of ``613.1``."""
    if number == parent or not number.startswith(parent):
        return False
    rest = number[len(parent) :]
    if "." in parent:
        return re.fullmatch(r"[a-z]+", rest) is not None
    return re.fullmatch(r"\.\d+[a-z]*", rest) is not None


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


def parent_rules(numbers: Iterable[str]) -> tuple[str, ...]:
    """The parent rules of ``numbers``, once each in first order (``613.1f`` → ``613.1``):
    how a note that several subrules don't apply cites them in short."""
    return tuple(dict.fromkeys(re.sub(r"(?<=\d)[a-z]+$", "", n) for n in numbers))


def explains_if_met(reason: Reason) -> Reason:
    """A check whose passing only confirms the usual (a creature's toughness is above 0):
    it decides the answer when it fails, and explains it when it holds."""
    return replace(reason, decides=reason.holds is False)
