"""Shared test helpers: the real CLI in a subprocess, and case files written to tmp_path."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CASES = ROOT / "cases"
SHARED = ROOT.parent / "shared"
CR_TEXT = SHARED / "data" / "MagicCompRules.txt"


def run_cli(
    *args: str, cwd: Path | None = None, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """Run ``python -m mtgrules ARGS`` for real and capture what it prints."""
    full_env = {**os.environ, "NO_COLOR": "1", **(env or {})}
    return subprocess.run(
        [sys.executable, "-m", "mtgrules", *args],
        capture_output=True,
        text=True,
        cwd=cwd or ROOT,
        env=full_env,
        timeout=120,
    )


@pytest.fixture
def write_case(tmp_path: Path):
    """Write a case file from YAML text (dedented) and return its path."""

    def write(text: str, name: str = "case.yaml") -> Path:
        path = tmp_path / name
        path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
        return path

    return write
