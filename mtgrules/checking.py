"""Checking one case: ask its question (:func:`evaluate`) and compare the answer with its
``expect`` (:func:`check_case`), for the API, the batch runner and the pytest plugin.

The examples run from the repository root (a test runs them)::

    >>> result = check_case("cases/summoning-sickness/elves-entered-this-turn.yaml", Limits(), None)
    >>> result.status, result.answer.value
    ('pass', 'no')
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from mtgrules.answer import Answer
from mtgrules.cards.library import CardLibrary
from mtgrules.caseio.case import Case, load_case, read_case
from mtgrules.caseio.diagnostics import CaseError, Diagnostic
from mtgrules.caseio.question_types import QUESTIONS
from mtgrules.caseio.stdin import display_name
from mtgrules.caseio.yamlload import Limits
from mtgrules.crindex.stale import stale_warnings
from mtgrules.questions.face_notes import with_face_notes
from mtgrules.questions.rulings import with_rulings
from mtgrules.results import Result, compare


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
    answer = QUESTIONS[case.question.kind].asker()(case)
    answer = with_face_notes(case.state, answer)  # a card named by its back face or a half
    return with_rulings(case, answer)


def check_case(
    path: str | Path,
    limits: Limits,
    select: Selection | None,
    cards: CardLibrary | None = None,
    raw: bytes | None = None,
) -> Result | None:
    """Load, evaluate and compare one case file with its ``expect`` (never raising for a bad
    file: an invalid case, or one mtgrules fails on, is a Result with status ``error``), or
    None when ``select`` leaves the case out (before it is asked). ``cards`` is the library
    card names are looked up in (default: the built-in cards with the imported ones behind
    them); :func:`mtgrules.api.check_file` and the batch runner (:mod:`mtgrules.batch`) call
    it. The result records how long reading and answering took. ``raw``: the case's text
    itself, named ``path`` (``mtgrules ask`` checks its equivalent case this way)."""
    start = time.perf_counter()
    result = _check_untimed(path, limits, select, cards, raw)
    return replace(result, seconds=time.perf_counter() - start) if result is not None else None


def _check_untimed(
    path: str | Path,
    limits: Limits,
    select: Selection | None,
    cards: CardLibrary | None,
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
    try:
        answer = evaluate(case)
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
    (or at the top of the file when it broke while reading it)."""
    return Diagnostic(
        file,
        "E001",
        f"internal error while {doing}: {type(err).__name__}: {err} (a bug in mtgrules, "
        "not in the case: please report it with this file)",
        line,
        col,
        "$.question" if doing == "answering" else "$",
    )
