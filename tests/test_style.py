"""The code style CI holds the project to: ruff's lint rules and its formatter
(pyproject.toml's ``[tool.ruff]``), over the package, the tests and the bench, as
CONTRIBUTING.md says. Run for real: ruff is a test extra."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = ["mtgrules", "tests", "bench"]


def ruff(*args: str) -> subprocess.CompletedProcess[str]:
    exe = shutil.which("ruff")
    cmd = [exe] if exe else [sys.executable, "-m", "ruff"]
    return subprocess.run(
        [*cmd, *args, *FOLDERS], cwd=ROOT, capture_output=True, text=True, timeout=300
    )


@pytest.mark.parametrize(
    "args", [("check", "--no-cache"), ("format", "--check", "--no-cache")], ids=["lint", "format"]
)
def test_ruff_finds_nothing(args: tuple[str, ...]) -> None:
    result = ruff(*args)
    assert result.returncode == 0, result.stdout + result.stderr
