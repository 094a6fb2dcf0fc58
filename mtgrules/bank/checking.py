"""Checking one case: ask its question (:func:`evaluate`) and compare the answer with its
``expect`` (:func:`check_case`), for the API, the batch runner and the pytest plugin.

The examples run from the repository root (a test runs them)::

    >>> result = check_case("cases/summoning-sickness/elves-entered-this-turn.yaml", Limits(), None)
    >>> result.status, result.answer.value
    ('pass', 'no')
"""

from __future__ import annotations

import signal
import sqlite3
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, TypeVar

from mtgrules.answer import Answer, unsupported
from mtgrules.cards.library import CardLibrary
from mtgrules.caseio.case import Case, load_case, read_case
from mtgrules.caseio.diagnostics import CaseError, Diagnostic
from mtgrules.caseio.question_types import QUESTIONS
from mtgrules.caseio.stdin import display_name
from mtgrules.caseio.yamlload import Limits
from mtgrules.crindex.stale import stale_warnings
from mtgrules.play.still_board import settled
from mtgrules.questions.face_notes import with_face_notes
from mtgrules.questions.rulings import shown, with_rulings
from mtgrules.results import Result, compare
from mtgrules.rules import Unsupported


@dataclass(frozen=True)
class Selection:
    """Which cases to run: ``--tag`` and ``-k`` on the command line.

    A case is selected when it has at least one of ``tags`` (if any are
    given) and ``keyword`` occurs, ignoring case, in its id, its title or its
    file path (if a keyword is given). An invalid file has no readable tags
    or title: ``keyword`` is matched against its path and file name, and
    ``tags`` never hide it (a broken file is always worth seeing).

    >>> Selection(tags=("haste",), keyword="elves").matches(
    ...     "elves-entered-this-turn", None, "cases/a.yaml", ("haste", "mana-ability"))
    True
    >>> Selection(keyword="plot").matches("elves-entered-this-turn", "Elves", "cases/a.yaml", ())
    False
    """

    tags: tuple[str, ...] = ()
    keyword: str | None = None

    def matches(self, id: str, title: str | None, file: str, tags: Sequence[str]) -> bool:
        """Whether a case with this id, title, file and tags is selected."""
        if self.tags and not set(self.tags) & set(tags):
            return False
        if self.keyword:
            needle = self.keyword.lower()
            return any(needle in (text or "").lower() for text in (id, title, file))
        return True

    def matches_invalid(self, file: str) -> bool:
        """Whether an invalid file (no tags, no title) is selected."""
        if not self.keyword:
            return True
        return self.keyword.lower() in file.lower()


def evaluate(case: Case) -> Answer:
    """Ask the case's question of its board; the :class:`~mtgrules.answer.Answer` the CLI renders.

    An answer that depends on what the engine does not model is unsupported
    (``value`` None, ``unsupported`` saying why), never a guess.

    >>> answer = evaluate(load_case("cases/summoning-sickness/elves-entered-this-turn.yaml"))
    >>> answer.value
    'no'
    >>> "302.6" in answer.citations
    True
    >>> [r.holds for r in answer.reasons][0]  # the condition that decides comes first
    False
    """
    ask = _refusing(QUESTIONS[case.question.kind].asker())
    if case.actions:
        # lazy: the play-out loads only for a case with actions (format version 2); it
        # settles the board before and between the actions itself (CR 117.5)
        from mtgrules.play.answering import answer_after_actions

        answer = answer_after_actions(case, ask)
        answer = with_face_notes(case.state, answer)
        return with_rulings(case, answer)
    settle = settled(case)
    if settle.unsupported is not None:  # CR 704.3: what the board is at priority isn't known
        asked = ask(case)
        if asked.unsupported is None:  # the question's own refusal, if any, says more
            asked = replace(
                asked, value=None, reasons=(), unsupported=settle.unsupported, details=()
            )
        return replace(with_rulings(case, asked), steps=settle.steps)
    case = settle.case
    answer = ask(case)
    if settle.removed:  # an object asked about was moved: the answer says so first
        answer = replace(answer, reasons=(*(r for _, r, _ in settle.removed), *answer.reasons))
    if settle.note is not None:
        answer = replace(answer, reasons=(*answer.reasons, settle.note))
    answer = with_face_notes(case.state, answer)  # a card named by its back face or a half
    answer = with_rulings(case, answer)
    return replace(answer, steps=(*settle.steps, *answer.steps)) if settle.steps else answer


def _refusing(ask: Callable[[Case], Answer]) -> Callable[[Case], Answer]:
    """``ask``, with a refusal it doesn't catch itself made its unsupported answer.

    A question reads more objects than the one asked about (the legend rule reads every
    permanent's name, CR 704.5j; a copy effect reads what it copies, CR 707.2): where one of
    them can't be read, the answer depends on it and is unsupported, naming it, never an
    internal error (E001)."""

    def asked(case: Case) -> Answer:
        try:
            return ask(case)
        except Unsupported as err:
            value = case.question.value  # a REF, a mapping with its object, or state's facts
            about = value if isinstance(value, str) else None
            if isinstance(value, dict) and isinstance(value.get("object"), str):
                about = value["object"]
            kind = case.question.kind.replace("_", " ").capitalize()
            sentence = f"{kind}: {about}?" if about else f"{kind}?"
            return unsupported(sentence, err.reason, list(err.reasons))

    return asked


class OutOfTime(BaseException):
    """The case's time budget ran out. A BaseException, so that no ``except Exception`` on
    the way (the engine's own, or a library's) mistakes it for an error it can handle."""


T = TypeVar("T")


def _ring(signum: int, frame: Any) -> None:
    raise OutOfTime()


try:  # signal.signal without its conversions of the handler to and from enums (twice a case)
    from _signal import signal as _set_handler
except ImportError:  # pragma: no cover - not CPython
    _set_handler = signal.signal


def within(seconds: float | None, work: Callable[[], T]) -> T:
    """``work()``, stopped with :class:`OutOfTime` after ``seconds`` of wall-clock time.

    A one-shot interval timer (``signal.setitimer``) in the process that runs the case: the
    main thread of the command or of a worker process. Where there is no such timer (not
    the main thread, no SIGALRM), or ``seconds`` is None or 0, there is no budget. Python
    runs the handler between bytecodes, so one long call into C is stopped only when it
    returns. On the normal path the cost is two system calls per case.
    """
    if (
        not seconds
        or seconds <= 0
        or not hasattr(signal, "setitimer")
        or threading.current_thread() is not threading.main_thread()
    ):
        return work()
    previous = _set_handler(signal.SIGALRM, _ring)
    try:
        signal.setitimer(signal.ITIMER_REAL, seconds)
        try:
            return work()
        finally:  # if the timer rings here, before it is cancelled, OutOfTime goes up
            signal.setitimer(signal.ITIMER_REAL, 0)
    finally:
        _set_handler(signal.SIGALRM, previous)


@dataclass
class _Progress:
    """How far a case got, for the diagnostic if its time runs out."""

    common: dict[str, Any] = field(default_factory=dict)  # the case's fields, once read


def check_case(
    path: str | Path,
    limits: Limits,
    select: Selection | None,
    cards: CardLibrary | None = None,
    *,
    raw: bytes | None = None,
    timeout: float | None = None,
) -> Result | None:
    """Load, evaluate and compare one case file with its ``expect`` (never raising for a bad
    file: an invalid case, or one mtgrules fails on, is a Result with status ``error``), or
    None when ``select`` leaves the case out (before it is asked). ``cards`` is the library
    card names are looked up in (default: the built-in cards with the imported ones behind
    them); :func:`mtgrules.api.check_file` and the batch runner (:mod:`mtgrules.bank.batch`) call
    it. The result records how long reading and answering took. ``raw``: the case's text
    itself, named ``path`` (``mtgrules ask`` checks its equivalent case this way).
    ``timeout``: seconds the case may take, reading and answering (None or 0: no limit);
    past them it is an ``error`` with code E002 (:func:`within`)."""
    start = time.perf_counter()
    progress = _Progress()
    try:
        result = within(timeout, lambda: _check_untimed(path, limits, select, cards, progress, raw))
    except OutOfTime:
        result = _out_of_time(display_name(path), select, progress, timeout or 0)
    return replace(result, seconds=time.perf_counter() - start) if result is not None else None


def _out_of_time(
    file: str, select: Selection | None, progress: _Progress, timeout: float
) -> Result | None:
    """E002: the case ran out of time, while reading it or while answering it."""
    common = progress.common
    if not common and select is not None and not select.matches_invalid(file):
        return None
    doing = "answering" if common else "reading"
    line, col = (common["line"], common["col"]) if common else (1, 1)
    found = Diagnostic(
        file,
        "E002",
        f"the case took longer than its time budget of {timeout:g} s while {doing} it and "
        "was stopped (`--timeout SECONDS` sets the budget, 0 none)",
        line,
        col,
        "$.question" if common else "$",
    )
    if not common:
        return Result(file=file, id=Path(file).stem, status="error", diagnostics=(found,))
    return Result(status="error", diagnostics=(found,), **common)


def _check_untimed(
    path: str | Path,
    limits: Limits,
    select: Selection | None,
    cards: CardLibrary | None,
    progress: _Progress,
    raw: bytes | None = None,
) -> Result | None:
    file = display_name(path)
    try:
        case = (
            load_case(path, limits, cards) if raw is None else read_case(raw, file, limits, cards)
        )
    except CaseError as err:
        if select is not None and not select.matches_invalid(file):
            return None
        return Result(
            file=file, id=Path(file).stem, status="error", diagnostics=tuple(err.diagnostics)
        )
    except Exception as err:  # a bug while reading a file: report it on this file, go on
        if select is not None and not select.matches_invalid(file):
            return None
        found = internal_error(file, err, 1, 1, "reading")
        return Result(file=file, id=Path(file).stem, status="error", diagnostics=(found,))
    if select is not None and not select.matches(case.id, case.title, file, case.tags):
        return None
    line, col = case.positions.of(("question",), key=True)
    common = dict(
        file=file,
        id=case.id,
        title=case.title,
        question=case.question.as_json(),
        tags=case.tags,
        line=line,
        col=col,
    )
    progress.common = common
    try:
        answer = evaluate(case)
    except CaseError as err:  # a play-out that can't go on as written (P001-P003)
        return Result(status="error", diagnostics=tuple(err.diagnostics), **common)
    except Exception as err:  # a bug: report it on this case and go on with the others
        return Result(status="error", diagnostics=(internal_error(file, err, line, col),), **common)
    if case.expect is None:
        status = "unsupported" if answer.unsupported else "unchecked"
        return Result(status=status, answer=answer, **common)
    expect = case.expect
    status, mismatches = compare(
        answer, expect.answer, expect.rules, expect.status, expect.mentions
    )
    return Result(
        status=status,
        expected=expect.answer if expect.status is None else expect.status,
        expected_rules=case.expect.rules,
        mismatches=mismatches,
        answer=answer,
        warnings=stale_warnings(case.cr, case.expect.rules),
        **common,
    )


def internal_error(
    file: str, err: Exception, line: int, col: int, doing: str = "answering"
) -> Diagnostic:
    """E001: reading or answering a case raised ``err`` (a bug in mtgrules), at the question
    (or at the top of the file when it broke while reading it). A damaged local database
    (``sqlite3.DatabaseError``) is not a bug: the message says so and gives the way out."""
    cause = (
        "the local database is damaged: `mtgrules data repair` keeps what can still be read"
        if isinstance(err, sqlite3.DatabaseError)
        else "a bug in mtgrules, not in the case: please report it with this file"
    )
    return Diagnostic(
        file,
        "E001",
        f"internal error while {doing}: {type(err).__name__}: {err} ({cause})",
        line,
        col,
        "$.question" if doing == "answering" else "$",
    )


def rulings_shown(results: Sequence[Result], mode: str) -> list[Result]:
    """The results as ``--rulings MODE`` reports them (:func:`mtgrules.questions.rulings.shown`:
    ``relevant`` as answered, ``all`` with every other imported ruling of the cards each
    answer concerns in a closing note, ``none`` with no rulings)."""
    return [
        replace(r, answer=shown(r.answer, mode)) if r.answer is not None else r for r in results
    ]
