"""The Python API: load a case, evaluate it, check many.

No printing and no ``sys.exit`` here; the command line and the pytest plugin
are thin layers over these functions. The examples run from the repository
root (a test runs them)::

    >>> from mtgrules import check_paths
    >>> results = check_paths(["cases/summoning-sickness"])
    >>> {r.status for r in results}
    {'pass'}
    >>> next(r.answer.value for r in results if r.id == "elves-entered-this-turn")
    'no'
"""

from __future__ import annotations

import glob
import os
from collections.abc import Iterable, Iterator
from dataclasses import replace
from pathlib import Path

from mtgrules.bank.checking import Selection, check_case, evaluate
from mtgrules.bank.walk import bank_files
from mtgrules.cards.library import CardLibrary
from mtgrules.caseio import case as _case
from mtgrules.caseio.case import Case
from mtgrules.caseio.diagnostics import CaseError, Diagnostic
from mtgrules.caseio.stdin import is_stdin
from mtgrules.caseio.yamlload import Limits, load_yaml
from mtgrules.results import Result

__all__ = [
    "Case",
    "CaseError",
    "Limits",
    "Result",
    "Selection",
    "check_file",
    "check_paths",
    "evaluate",
    "expand_paths",
    "find_case_files",
    "is_case_file",
    "load_case",
]

CASE_SUFFIXES = (".yaml", ".yml")
GLOB_CHARS = frozenset("*?[")
MODELINE = "# yaml-language-server: $schema="


def load_case(
    path: str | Path, limits: Limits = Limits(), cards: CardLibrary | None = None
) -> Case:
    """Read, validate and build the case file at ``path`` (card names looked up in ``cards``,
    by default the built-in library).

    Raises :class:`CaseError`, whose ``diagnostics`` list every problem of the
    file, when it is not a valid case.

    >>> case = load_case("cases/summoning-sickness/elves-entered-this-turn.yaml")
    >>> case.id, case.question.kind, case.expect.answer
    ('elves-entered-this-turn', 'can_activate', 'no')
    >>> try:
    ...     load_case("pyproject.toml")
    ... except CaseError as err:
    ...     print(err.diagnostics[0].code)
    Y001
    """
    return _case.load_case(path, limits, cards)


def check_file(path: str | Path, limits: Limits = Limits()) -> Result:
    """Load, evaluate and compare one case file with its ``expect``.

    Never raises for a bad file: an invalid case is a Result with status
    ``error`` and its diagnostics.

    >>> result = check_file("cases/summoning-sickness/elves-entered-this-turn.yaml")
    >>> result.status, result.answer.value, result.expected
    ('pass', 'no', 'no')
    >>> bad = check_file("no/such/case.yaml")
    >>> bad.status, bad.diagnostics[0].code
    ('error', 'Y011')
    """
    result = check_case(path, limits, None)
    assert result is not None  # no selection: never deselected
    return result


def expand_paths(paths: Iterable[str | Path]) -> list[Path]:
    """Paths as given, with glob patterns expanded here (so quoted globs work too).

    A pattern (``*``, ``?``, ``[``; ``**`` matches any depth) that names an
    existing file is taken literally; one that matches nothing is kept as
    it is, so the caller can report it missing.

    >>> [str(p) for p in expand_paths(["cases/summoning-sickness/elves-*.yaml"])]
    ['cases/summoning-sickness/elves-controlled-since-earlier-turn.yaml', 'cases/summoning-sickness/elves-entered-this-turn.yaml']
    >>> [str(p) for p in expand_paths(["cases/*/nothing-*.yaml"])]
    ['cases/*/nothing-*.yaml']
    """
    out: list[Path] = []
    for path in paths:
        text = os.fspath(path)
        if GLOB_CHARS & set(text) and not os.path.exists(text):
            found = sorted(glob.glob(text, recursive=True))
            out += map(Path, found) if found else [Path(text)]
        else:
            out.append(Path(text))
    return out


_HEAD = 512  # bytes read for the first line, which holds the modeline if there is one


def _first_line(path: str | Path) -> bytes:
    """The file's first line with its ``\n``, as ``readline`` gives it: from one read of
    its first bytes when the line ends there (a case's modeline does), else by ``readline``."""
    fd = os.open(path, os.O_RDONLY)
    try:
        head = os.read(fd, _HEAD)
    finally:
        os.close(fd)
    end = head.find(b"\n")
    if end >= 0:
        return head[: end + 1]
    with open(path, "rb") as handle:  # a longer first line, or a read that stopped short
        return handle.readline()


def is_case_file(path: str | Path) -> bool:
    """Whether a YAML file looks like a case: the case-schema modeline first, or a top-level ``question:``.

    Used to skip other YAML (CI configs, card files) when walking a repository.

    >>> is_case_file("cases/summoning-sickness/elves-entered-this-turn.yaml")
    True
    >>> is_case_file("mtgrules/cards/builtin/forest.yaml")
    False
    """
    try:
        line = _first_line(path)  # the modeline's line, in bytes: no text decoder set up
        body = line.removesuffix(b"\n").removesuffix(b"\r")
        if b"\r" not in body:  # then text mode's first line is this one (a \r ends a line)
            first = body.decode("utf-8", errors="replace")
            if first.startswith(MODELINE) and first.rstrip().endswith("case.schema.json"):
                return True
        with open(path, encoding="utf-8", errors="replace") as handle:
            first = handle.readline()
            if first.startswith(MODELINE) and first.rstrip().endswith("case.schema.json"):
                return True
            return any(line.startswith("question:") for line in [first, *handle])
    except OSError:
        return False


def find_case_files(paths: Iterable[str | Path], *, only_cases: bool = False) -> Iterator[Path]:
    """Files named directly (globs expanded), and every ``*.yaml``/``*.yml`` under named directories.

    Directories are walked recursively in sorted order; a file reached twice is
    yielded once. With ``only_cases``, YAML files that don't look like cases
    (:func:`is_case_file`) are skipped, including ones named directly.

    >>> files = list(find_case_files(["cases", "cases/summoning-sickness"]))
    >>> len(files) == len(set(files)) and all(p.suffix == ".yaml" for p in files)
    True
    """
    seen: set[Path] = set()
    for path in expand_paths(paths):
        found = _walk(path) if path.is_dir() else [path]
        for file in found:
            if file in seen or (only_cases and not is_stdin(file) and not is_case_file(file)):
                continue
            seen.add(file)
            yield file


def case_id(path: str | Path, limits: Limits = Limits()) -> str:
    """The id a case is reported by: its ``id:``, else its file name without the suffix.
    Only parses the YAML (no validation), so naming a case costs little.

    >>> case_id("cases/plot/cast-same-turn.yaml")
    'plot-cast-same-turn'
    """
    path = Path(path)
    data = getattr(_parsed(path, limits), "data", None)
    found = data.get("id") if isinstance(data, dict) else None
    return found if isinstance(found, str) and found else path.stem


def with_unique_ids(results: list[Result]) -> list[Result]:
    """C018: a case whose id an earlier case of the same run already has becomes an ``error``
    naming both places (reports, expectations and pytest's ``-k`` tell cases apart by id)."""
    first: dict[str, Result] = {}
    out = []
    for result in results:
        if result.status == "error" or result.id not in first:
            first.setdefault(result.id, result)
            out.append(result)
            continue
        clash = duplicate_id(result.file, result.id, first[result.id].file)
        out.append(replace(result, status="error", diagnostics=clash.diagnostics))
    return out


def duplicate_id(file: str, case_id: str, first: str) -> CaseError:
    """C018 on ``file``, whose id ``first`` already has, naming both positions."""
    line, col = _id_position(file)
    first_line, first_col = _id_position(first)
    where = f"{first}:{first_line}:{first_col}"
    said = f"the id {case_id!r} is already the id of {where}: ids are unique in a bank"
    return CaseError([Diagnostic(file, "C018", said, line, col, "$.id")])


def _id_position(file: str) -> tuple[int, int]:
    """Where a case file gives its ``id:`` (1:1 when its id is its file name)."""
    positions = getattr(_parsed(Path(file), Limits()), "positions", None)
    return positions.of(("id",)) if positions is not None else (1, 1)


def _parsed(path: Path, limits: Limits) -> object:
    """The file parsed as YAML (a Document, or its diagnostics), reading no more than the
    size limit allows; None if it can't be read."""
    try:
        with path.open("rb") as handle:
            raw = handle.read(limits.max_bytes + 1)
    except OSError:
        return None
    return load_yaml(raw, str(path), limits)


def _walk(root: Path) -> list[Path]:
    """The YAML files under a named folder, sorted (:func:`bank_files`)."""
    return sorted(f for f in bank_files(root, root.resolve()) if f.suffix in CASE_SUFFIXES)


def check_paths(
    paths: Iterable[str | Path],
    limits: Limits = Limits(),
    *,
    jobs: int | None = 1,
    select: Selection | None = None,
    fail_fast: bool = False,
    only_cases: bool = False,
    timeout: float | None = None,
    cross_check: bool | str = False,
) -> list[Result]:
    """Check every case file under ``paths`` (files, directories, globs), in file order.

    ``jobs`` processes check the files in parallel (None: one per CPU); the
    order of the results never depends on it. ``select`` leaves cases out;
    ``fail_fast`` stops after the first ``fail`` or ``error``; ``only_cases``
    skips YAML files that aren't cases (:func:`is_case_file`); ``timeout`` stops a
    case after that many seconds (an ``error``, E002; None: no limit, as by default
    here; ``mtgrules check`` gives each case 5 s). One bad file never stops the
    others otherwise. ``cross_check``: True (or ``"strict"``, which fails a disagreement)
    adds phase.rs's verdict to each result (``Result.cross_check``, docs/cross-check.md);
    it raises ImportError with how to install phase.rs when it isn't installed.

    >>> results = check_paths(["cases/**/*.yaml"], jobs=2)
    >>> all(r.status == "pass" for r in results) and len(results) >= 1
    True
    >>> check_paths(["cases"], select=Selection(keyword="no-such-case"))
    []
    """
    # lazy: the batch runner brings the imported-card database and the Oracle reader, which
    # importing the API (the pytest plugin does, at every pytest start) doesn't need
    from mtgrules.bank.batch import run

    files = list(find_case_files(paths, only_cases=only_cases))
    if cross_check:
        # lazy: the cross-check is optional, and so are the bindings it asks
        from mtgrules.crosscheck import INSTALL_HINT, available

        if not available():
            raise ImportError(INSTALL_HINT)
    found = run(files, limits, jobs=jobs, select=select, fail_fast=fail_fast, timeout=timeout)
    results = with_unique_ids(list(found))
    if cross_check:
        # lazy: the cross-check is optional, and so are the bindings it asks
        from mtgrules.crosscheck.results import with_cross_checks

        mode = "strict" if cross_check == "strict" else "on"
        results = with_cross_checks(results, mode, limits)
    return results
