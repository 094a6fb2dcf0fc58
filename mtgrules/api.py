"""The Python API: load a case, evaluate it, check many.

No printing and no ``sys.exit`` here; the command line and the pytest plugin
are thin layers over these three functions.

>>> from mtgrules import check_paths
>>> results = check_paths(["cases/summoning-sickness"])  # doctest: +SKIP
>>> {r.status for r in results}  # doctest: +SKIP
{'pass'}
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path

from mtgrules.answer import Answer, unsupported
from mtgrules.caseio.case import Case, load_case
from mtgrules.caseio.diagnostics import CaseError
from mtgrules.caseio.yamlload import Limits
from mtgrules.questions import QUESTIONS
from mtgrules.results import Result, compare

__all__ = [
    "Case",
    "CaseError",
    "Result",
    "check_file",
    "check_paths",
    "evaluate",
    "find_case_files",
    "load_case",
]

CASE_SUFFIXES = (".yaml", ".yml")


def evaluate(case: Case) -> Answer:
    """Ask the case's question of its board."""
    from mtgrules.questions.rulings import with_rulings

    kind = QUESTIONS[case.question.kind]
    asker = kind.asker()
    if asker is None:
        answer = unsupported(
            f"{case.question.kind}: {case.question.ref}",
            f"mtgrules does not answer `{kind.key}` questions yet",
        )
    else:
        answer = asker(case)
    return with_rulings(case, answer)


def check_file(path: str | Path, limits: Limits = Limits()) -> Result:
    """Load, evaluate and compare one case file."""
    file = str(path)
    try:
        case = load_case(path, limits)
    except CaseError as err:
        return Result(
            file=file, id=Path(file).stem, status="error", diagnostics=tuple(err.diagnostics)
        )
    answer = evaluate(case)
    line = case.positions.of(("question",))[0]
    common = dict(
        file=file,
        id=case.id,
        title=case.title,
        question=case.question.as_json(),
        answer=answer,
        tags=case.tags,
        line=line,
    )
    if case.expect is None:
        status = "unsupported" if answer.unsupported else "unchecked"
        return Result(status=status, **common)
    status, mismatches = compare(answer, case.expect.answer, case.expect.rules)
    return Result(
        status=status,
        expected=case.expect.answer,
        expected_rules=case.expect.rules,
        mismatches=mismatches,
        **common,
    )


def find_case_files(paths: Iterable[str | Path]) -> Iterator[Path]:
    """Case files named directly, and every ``*.yaml``/``*.yml`` under named directories, sorted."""
    for path in map(Path, paths):
        if path.is_dir():
            yield from sorted(
                p for p in path.rglob("*") if p.suffix in CASE_SUFFIXES and p.is_file()
            )
        else:
            yield path


def check_paths(paths: Iterable[str | Path], limits: Limits = Limits()) -> list[Result]:
    """Check every case file under ``paths``; one bad file never stops the others."""
    return [check_file(p, limits) for p in find_case_files(paths)]
