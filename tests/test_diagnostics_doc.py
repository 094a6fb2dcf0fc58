"""docs/diagnostics.md documents every diagnostic code, and its examples are real output."""

from __future__ import annotations

import re

import pytest

from mtgrules.caseio.case import load_case
from mtgrules.caseio.diagnostics import CODES, CaseError
from tests.conftest import ROOT, run_cli

DOC = ROOT / "docs" / "diagnostics.md"
EXAMPLES = ROOT / "docs" / "diagnostics"
LINE = re.compile(
    r"^(?P<file>\S+):(?P<line>\d+):(?P<col>\d+): (?P<code>[YSCPE]\d{3}) (?P<message>.+)$"
)


def sections() -> dict[str, str]:
    """Each documented code and the text of its section."""
    parts = re.split(r"^### ([YSCPE]\d{3})\s*$", DOC.read_text(encoding="utf-8"), flags=re.M)
    return {
        code: text.split("\n## ")[0] for code, text in zip(parts[1::2], parts[2::2], strict=True)
    }


def example(code: str) -> re.Match[str]:
    lines = [m for ln in sections()[code].splitlines() if (m := LINE.match(ln))]
    assert len(lines) == 1, f"{code}: one example line expected"
    return lines[0]


def test_the_documented_codes_are_exactly_the_codes():
    documented = list(sections())
    assert len(documented) == len(set(documented)), "a code is documented twice"
    assert set(documented) == set(CODES)


@pytest.mark.parametrize("code", sorted(CODES))
def test_each_section_opens_with_the_codes_meaning(code):
    text = " ".join(sections()[code].split())
    meaning = CODES[code]
    assert text.startswith(meaning[0].upper() + meaning[1:]), (code, text[:120])


# Y011 names a file that doesn't exist, E001 is a bug, C018 needs two files, E002 a time
# budget of `check`: tested below; P001 and P002 are found by the play-out engine
NOT_FROM_VALIDATE = ("Y011", "E001", "C018", "E002", "P001", "P002")


@pytest.mark.parametrize("code", sorted(c for c in CODES if c not in NOT_FROM_VALIDATE))
def test_each_example_line_is_what_validate_prints(code):
    shown = example(code)
    assert shown["code"] == code
    assert shown["file"] == f"docs/diagnostics/{code}.yaml"
    extra = ("--max-bytes", "100") if code == "Y004" else ()
    run = run_cli("validate", *extra, shown["file"])
    assert run.returncode == 2
    assert shown.group(0) == run.stdout.splitlines()[0]


def test_the_unreadable_file_example_is_what_load_case_reports():
    shown = example("Y011")
    assert not (ROOT / shown["file"]).exists()
    with pytest.raises(CaseError) as caught:
        load_case(shown["file"])
    assert str(caught.value.diagnostics[0]) == shown.group(0)


def test_every_example_file_is_used():
    files = {p.stem for p in EXAMPLES.glob("*.yaml")}
    assert files == set(CODES) - set(NOT_FROM_VALIDATE)


def test_the_time_budget_example_is_what_check_prints():
    shown = example("E002")
    run = run_cli("check", "--timeout", "0.0001", shown["file"])
    assert run.returncode == 2
    assert shown.group(0) in [line.strip() for line in run.stdout.splitlines()]


def test_the_duplicate_id_example_is_what_validate_and_check_print(tmp_path):
    shown = example("C018")
    bank = tmp_path / "bank"
    bank.mkdir()
    text = (ROOT / "cases" / "summoning-sickness" / "elves-entered-this-turn.yaml").read_text()
    text = "\n".join(
        ["# a case", "id: elves", *[ln for ln in text.splitlines() if not ln.startswith("id:")]]
    )
    for name in ("a.yaml", "b.yaml"):
        (bank / name).write_text(text + "\n")
    done = run_cli("validate", "bank", cwd=tmp_path)
    assert done.returncode == 2
    assert done.stdout.splitlines()[0] == shown.group(0)
    checked = run_cli("check", "bank", cwd=tmp_path)
    assert checked.returncode == 2 and shown.group(0) in checked.stdout
    assert "1 passed, 0 failed, 1 error" in checked.stdout
