"""The bundled case bank runs inside the suite: every case carries `expect` and passes."""

from __future__ import annotations

import pytest

from mtgrules.api import check_file, find_case_files
from tests.conftest import CASES

CASE_FILES = sorted(find_case_files([CASES]))


def test_the_bank_is_not_empty():
    assert len(CASE_FILES) >= 1


@pytest.mark.parametrize("path", CASE_FILES, ids=lambda p: str(p.relative_to(CASES)))
def test_case_passes(path):
    result = check_file(path)
    assert result.status == "pass", "\n".join(
        [
            *result.mismatches,
            *(str(d) for d in result.diagnostics),
            result.answer.unsupported or "" if result.answer else "",
        ]
    )


@pytest.mark.parametrize("path", CASE_FILES, ids=lambda p: str(p.relative_to(CASES)))
def test_case_starts_with_the_schema_modeline(path):
    first = path.read_text(encoding="utf-8").splitlines()[0]
    assert first.startswith("# yaml-language-server: $schema=") and first.endswith(
        "schemas/case.schema.json"
    )
