"""mtgrules reads case files and never writes them: `check`, `validate` and the pytest
plugin leave every byte, every mtime and the directory listing of the bundled bank as
they were (and broken files too)."""

from __future__ import annotations

import hashlib
from pathlib import Path

from tests.conftest import CASES, ROOT, run_cli
from tests.test_pytest_plugin import run_pytest


def snapshot(*folders: Path) -> dict[str, tuple[str, int, int]]:
    """Every path under ``folders`` (directories too) with its hash, size and mtime."""
    out = {}
    for folder in folders:
        for path in sorted([folder, *folder.rglob("*")]):
            stat = path.stat()
            digest = hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else "dir"
            out[str(path)] = (digest, stat.st_size, stat.st_mtime_ns)
    return out


def test_check_validate_and_the_pytest_plugin_never_write_to_case_files(tmp_path):
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "dup.yaml").write_text("game: {turn: 1}\ngame: {turn: 2}\n", encoding="utf-8")
    (broken / "bomb.yaml").write_text("a: &a [x, x]\nb: &b [*a, *a]\nc: [*b, *b]\n")
    (broken / "tag.yaml").write_text("question: !!python/object/apply:os.remove [x]\n")
    before = snapshot(CASES, broken)
    assert sum(1 for p in before if p.endswith(".yaml")) > 100

    runs = [
        run_cli("check", "-j", "1", str(CASES), str(broken)),
        run_cli("check", "-j", "2", "--format", "junit", str(CASES), str(broken)),
        run_cli("check", "--explain", "--format", "json", str(CASES)),
        run_cli("validate", "--format", "json", str(CASES), str(broken)),
        run_pytest(str(CASES), str(broken), "-q", cwd=ROOT),
    ]
    assert [r.returncode for r in runs] == [2, 2, 0, 2, 1], [r.stderr[-500:] for r in runs]
    bank = sum(1 for p in before if p.endswith(".yaml") and p.startswith(str(CASES)))
    # the plugin collects the bank and the broken file that looks like a case (`question:`),
    # an invalid case: an ERROR, as `check` calls it
    assert f"{bank} passed, 1 error" in runs[-1].stdout

    assert snapshot(CASES, broken) == before
