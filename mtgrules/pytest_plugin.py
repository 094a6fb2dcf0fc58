"""The pytest plugin: ``pytest cases/`` runs case files as test items.

Installed with mtgrules (a ``pytest11`` entry point). pytest offers the
plugin every file it walks; the plugin takes only YAML files that are cases
(:func:`mtgrules.api.is_case_file`: the case-schema modeline on the first line,
or a top-level ``question:``), so other YAML in a repository is left alone,
and a project whose ``testpaths`` holds no case files is unaffected. Disable it
with ``-p no:mtgrules``.

Items are named by case id, as ``check`` reports them, so ``-k`` selects the same
cases. An item passes when the case passes or has no ``expect``; it fails with the
mismatches and the reasons behind the engine's answer; an invalid case is an
ERROR with its diagnostics (like ``check``'s ``error``); an unsupported answer is a
failure, as it makes ``check`` exit non-zero, unless ``--allow-unsupported`` makes it
a skip with why (a case with ``expect: {status: unsupported}`` passes either way).
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from mtgrules.api import CASE_SUFFIXES, case_id, check_file, is_case_file
from mtgrules.bank.config import ConfigError, find_config, load_config, use_bank_data
from mtgrules.data.paths import ENV_VAR
from mtgrules.report.as_text import Style, answer_lines, reason_lines
from mtgrules.results import Result, disagreeing_reasons


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.getgroup("mtgrules").addoption(
        "--allow-unsupported",
        action="store_true",
        help="mtgrules: skip a case the engine can't answer instead of failing it",
    )


def pytest_collect_file(parent: pytest.Collector, file_path: Path) -> pytest.Collector | None:
    if file_path.suffix in CASE_SUFFIXES and is_case_file(file_path):
        return CaseFile.from_parent(parent, path=file_path)
    return None


_PINNED: dict[Path, str | None] = {}  # a bank's configuration -> its data folder, if pinned


@contextlib.contextmanager
def _bank_data(case: Path) -> Iterator[None]:
    """While a case is checked, the data its bank's mtgrules.toml pins (imported on first
    use, as `mtgrules check` does), so pytest and the CLI give one answer; a bad
    configuration is the item's error."""
    found = find_config([case])
    if found is not None and found not in _PINNED:
        try:
            config = load_config(found)
            before = os.environ.get(ENV_VAR)
            folder = use_bank_data(config, lambda said: None)
        except ConfigError as err:
            pytest.fail(str(err), pytrace=False)
        if before is None:
            os.environ.pop(ENV_VAR, None)
        else:
            os.environ[ENV_VAR] = before
        _PINNED[found] = None if folder is None else str(folder)
    pinned = _PINNED.get(found) if found is not None else None
    if pinned is None:
        yield
        return
    before = os.environ.get(ENV_VAR)
    os.environ[ENV_VAR] = pinned
    try:
        yield
    finally:
        if before is None:
            os.environ.pop(ENV_VAR, None)
        else:
            os.environ[ENV_VAR] = before


class CaseFile(pytest.File):
    """A case file: one item, named by the case's id."""

    def collect(self):
        yield CaseItem.from_parent(self, name=case_id(self.path))


def invalid_text(result: Result) -> str:
    """An invalid case as pytest reports it: each diagnostic as FILE:LINE:COL: CODE message
    (the first one is pytest's one-line summary), then how many problems there are."""
    return "\n".join(
        [*(str(d) for d in result.diagnostics), f"{result.file}: {result.error_summary()}"]
    )


class CaseFailed(Exception):
    """A case whose answer differs from its expect, or that is invalid."""

    def __init__(self, result: Result):
        super().__init__(result.id)
        self.result = result


class CaseItem(pytest.Item):
    result: Result

    def setup(self) -> None:
        """Checking happens here, so an invalid case is an ERROR (in setup), not a FAILED."""
        with _bank_data(self.path):
            self.result = check_file(self._shown_path())
        self.user_properties.append(("mtgrules_status", self.result.status))
        if self.result.status == "error":
            # the diagnostics are the whole report, as `check` prints them (first line:
            # FILE:LINE:COL: CODE message, which pytest's short summary shows), never a
            # traceback through pytest: a setup error isn't drawn by repr_failure
            pytest.fail(invalid_text(self.result), pytrace=False)

    def _shown_path(self) -> Path:
        """The case's path as its diagnostics name it: relative to where pytest was run
        when it is under it (as the node id is), else absolute."""
        start = self.config.invocation_params.dir
        return self.path.relative_to(start) if self.path.is_relative_to(start) else self.path

    def runtest(self) -> None:
        result = self.result
        if result.status == "fail":
            raise CaseFailed(result)
        if result.status == "unsupported":
            why = result.answer.unsupported if result.answer else ""
            if self.config.getoption("allow_unsupported"):
                pytest.skip(f"unsupported: {why}")
            raise CaseFailed(result)

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None):
        if not isinstance(excinfo.value, CaseFailed):
            return super().repr_failure(excinfo)
        result = excinfo.value.result
        plain = Style(False)
        if result.status == "error":
            return invalid_text(result)
        if result.status == "unsupported":
            why = result.answer.unsupported if result.answer else ""
            return (
                f"{result.file}: UNSUPPORTED: {why}\n(the engine refuses rather than guess; "
                "`--allow-unsupported` makes this a skip, `expect: {status: unsupported}` a pass)"
            )
        lines = [f"{result.file}: FAIL", *(f"  {m}" for m in result.mismatches)]
        reasons = disagreeing_reasons(result)
        if reasons:
            lines.append("  the engine's answer rests on:")
            for reason in reasons:
                lines += reason_lines(reason, plain, indent="    ")
        if result.answer is not None:
            lines += ["", "full answer:", *answer_lines(result.answer, plain)]
        return "\n".join(lines)

    def reportinfo(self):
        return self.path, 0, f"mtgrules case {self.name}"
