"""The published case schema works in the standard tool judges run in pre-commit and CI:
check-jsonschema (a real subprocess) accepts every bundled case and every `mtgrules new`
starter, rule numbers written as YAML numbers included, and still rejects a broken case."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from mtgrules.api import find_case_files
from mtgrules.caseio.question_types import QUESTIONS
from tests.conftest import CASES, ROOT, SICK_ELVES, run_cli

SCHEMA = ROOT / "schemas" / "case.schema.json"


def check_jsonschema(*files: Path) -> subprocess.CompletedProcess[str]:
    exe = shutil.which("check-jsonschema") or str(
        Path(sys.executable).with_name("check-jsonschema")
    )
    if not Path(exe).exists():
        pytest.skip("check-jsonschema is not installed (it is in the test extra)")
    return subprocess.run(
        [exe, "--schemafile", str(SCHEMA), *map(str, files)],
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_check_jsonschema_accepts_every_bundled_case():
    files = sorted(find_case_files([CASES]))
    assert len(files) > 100
    done = check_jsonschema(*files)
    assert done.returncode == 0, done.stdout + done.stderr


def test_check_jsonschema_accepts_every_starter_case(tmp_path):
    written = []
    for kind in QUESTIONS:
        path = tmp_path / f"{kind}.yaml"
        made = run_cli("new", kind, str(path))
        assert made.returncode == 0, made.stderr
        written.append(path)
    done = check_jsonschema(*written)
    assert done.returncode == 0, done.stdout + done.stderr


def test_check_jsonschema_still_rejects_a_broken_case(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text(SICK_ELVES.replace("rules: [302.6, 602.5a]", "rules: [CR 302.6]"))
    done = check_jsonschema(bad)
    assert done.returncode == 1
    assert "rules" in done.stdout
