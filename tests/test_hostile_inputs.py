"""Hostile inputs: each row of docs/hostile-inputs.md names a test that exists, and the big
inputs (bench/hostile.py) stay inside loose time and memory bounds in a real subprocess."""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

import pytest

from mtgrules.caseio.case import load_case, read_case
from mtgrules.caseio.diagnostics import CODES, CaseError
from tests.conftest import ROOT, SICK_ELVES, run_cli
from tests.test_batch_cli import load_bench

DOC = ROOT / "docs" / "hostile-inputs.md"


def hostile_bench():
    return load_bench("hostile")


def table_rows() -> list[dict[str, str]]:
    """The rows of the table in docs/hostile-inputs.md, by column name."""
    text = DOC.read_text(encoding="utf-8").split("## Every hostile input tried", 1)[1]
    lines = []
    for line in text.splitlines():
        if line.startswith("|"):
            lines.append(line)
        elif lines:
            break  # the end of the table

    def cells(line: str) -> list[str]:  # "\\|" is a | inside a cell
        return [c.strip() for c in re.split(r"(?<!\\)\|", line.strip().strip("|"))]

    header = cells(lines[0])
    return [dict(zip(header, cells(ln), strict=True)) for ln in lines[2:]]


def defined_tests(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}


def test_the_table_lists_many_inputs_each_with_a_code_and_a_bound():
    rows = table_rows()
    assert len(rows) >= 30
    for row in rows:
        assert row["input"] and row["mtgrules answers"], row
        codes = re.findall(r"\b[YSC]\d{3}\b", row["code"])
        assert all(c in CODES for c in codes), row
        assert row["bound"], row


def test_every_row_names_tests_that_exist():
    for row in table_rows():
        named = re.findall(r"`(tests/[\w/]+\.py)::(\w+)`", row["test"])
        assert named, f"no test named for {row['input']!r}"
        for file, name in named:
            assert name in defined_tests(ROOT / file), f"{file}::{name} does not exist"


def test_every_measured_input_is_in_the_table():
    names = {row["input"] for row in table_rows()}
    for item in hostile_bench().HOSTILE:
        assert item.name in names, item.name


# --- the big ones, for real -----------------------------------------------------------------

LOOSE_SECONDS = 20  # each finishes in well under a second here; this only catches a hang
LOOSE_MB = 200  # about 25 MB here (interpreter and engine); a bomb would take gigabytes


@pytest.mark.parametrize("name", [h.name for h in hostile_bench().HOSTILE])
def test_a_big_hostile_input_is_refused_in_bounded_time_and_memory(name, tmp_path):
    bench = hostile_bench()
    item = next(h for h in bench.HOSTILE if h.name == name)
    path = tmp_path / "hostile.yaml"
    item.write(path)
    code, seconds, peak_mb = bench.run_validate(item, path)
    assert code == item.code
    assert seconds < LOOSE_SECONDS
    raised_size = "--max-bytes" in item.options  # reads the 50 MB: about 5x that in memory
    assert peak_mb < (LOOSE_MB + 500 if raised_size else LOOSE_MB), peak_mb


# --- smaller hostile inputs not covered elsewhere -----------------------------------------------


def only(raw: bytes):
    with pytest.raises(CaseError) as caught:
        read_case(raw, "x.yaml")
    (d,) = caught.value.diagnostics
    return d


def test_utf16_text_is_not_utf8():
    assert only(SICK_ELVES.encode("utf-16")).code == "Y009"


@pytest.mark.parametrize("char", ["\x00", "\x07", "\x1b", "\ufffe"])
def test_control_characters_are_invalid_yaml_with_a_position(char):
    d = only(SICK_ELVES.replace("name: Bob", f"name: B{char}ob").encode())
    assert d.code == "Y001" and "control character" in d.message
    assert d.line == 12


@pytest.mark.parametrize(
    "number", ["9" * 5000, "0x" + "f" * 5000, "0b" + "1" * 70, "-" + "9" * 20, "1" + ":59" * 40]
)
def test_integers_too_large_to_be_counts_are_refused(number):
    d = only(SICK_ELVES.replace("turn: 3\n  active", f"turn: {number}\n  active").encode())
    assert (d.code, d.line, d.col) == ("Y013", 4, 9)
    assert len(d.message) < 120


def test_a_device_without_end_is_read_only_up_to_the_limit():
    with pytest.raises(CaseError) as caught:
        load_case("/dev/zero")
    (d,) = caught.value.diagnostics
    assert d.code == "Y004" and "more than 1,000,000 bytes" in d.message


def test_a_case_through_a_pipe_is_read():
    text = (ROOT / "cases" / "summoning-sickness" / "elves-entered-this-turn.yaml").read_text()
    import subprocess

    run = subprocess.run(
        [sys.executable, "-m", "mtgrules", "check", "/dev/stdin"],
        input=text,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "PASS" in run.stdout


def test_limit_options_are_applied_by_check_and_validate(tmp_path):
    path = tmp_path / "case.yaml"
    path.write_text(SICK_ELVES, encoding="utf-8")
    for command in ("check", "validate"):
        assert run_cli(command, str(path)).returncode == 0
        deep = run_cli(command, "--max-depth", "3", str(path))
        assert deep.returncode == 2 and " Y005 " in deep.stdout
        nodes = run_cli(command, "--max-nodes", "20", str(path))
        assert nodes.returncode == 2 and " Y006 " in nodes.stdout
        assert "more than 20 nodes" in nodes.stdout
    assert run_cli("validate", "--max-depth", "100000", str(path)).returncode == 2  # over the cap
