"""The pytest plugin, run for real: `pytest DIR` collects case files and reports failures."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib

from tests.bank import ELVES, INVALID, UNSUPPORTED, failing_text
from tests.conftest import ROOT


def run_pytest(*args: str, cwd) -> subprocess.CompletedProcess[str]:
    # autoload off and the plugin named explicitly: the test doesn't depend on
    # which mtgrules (if any) is installed in this environment
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"}
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-p",
            "mtgrules.pytest_plugin",
            "-p",
            "no:cacheprovider",
            *args,
        ],
        capture_output=True,
        text=True,
        cwd=cwd,
        env=env,
        timeout=120,
    )


def test_the_plugin_is_a_pytest11_entry_point():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert project["project"]["entry-points"]["pytest11"] == {"mtgrules": "mtgrules.pytest_plugin"}


def test_pytest_collects_cases_and_reports_the_disagreeing_reasons(tmp_path):
    bank = tmp_path / "bank"
    bank.mkdir()
    (bank / "good.yaml").write_text(ELVES, encoding="utf-8")
    (bank / "bad.yaml").write_text(failing_text(), encoding="utf-8")
    (bank / "workflow.yaml").write_text("on: push\njobs: {}\n", encoding="utf-8")  # not a case
    proc = run_pytest("bank", "-v", cwd=tmp_path)
    out = proc.stdout
    assert proc.returncode == 1, out
    # items are named by case id, as `check` reports them
    assert "bank/good.yaml::elves-entered-this-turn PASSED" in out
    assert "bank/bad.yaml::elves-wrong-expectation FAILED" in out
    assert "workflow" not in out
    assert "1 failed, 1 passed" in out
    assert "the answer is NO, expected YES" in out
    assert "summoning sickness" in out and "CR 302.6" in out


def test_a_case_without_the_modeline_is_collected_by_its_question_key(tmp_path):
    (tmp_path / "plain.yml").write_text(ELVES.split("\n", 1)[1], encoding="utf-8")
    proc = run_pytest("plain.yml", "-v", cwd=tmp_path)
    assert proc.returncode == 0 and "plain.yml::elves-entered-this-turn PASSED" in proc.stdout


def test_the_repositorys_own_run_collects_no_case_files():
    proc = run_pytest("--collect-only", "-q", cwd=ROOT)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    items = [line.split("::")[0] for line in proc.stdout.splitlines() if "::" in line]
    assert items and not [i for i in items if i.endswith((".yaml", ".yml"))]
    assert "tests/test_case_bank.py" in proc.stdout


def test_statuses_mean_the_same_as_in_check(tmp_path):
    """Invalid is an ERROR (not a FAILED); unsupported fails, as `check` exits non-zero for
    it, unless --allow-unsupported; `-k` selects by case id."""
    (tmp_path / "broken.yaml").write_text(INVALID, encoding="utf-8")
    (tmp_path / "relic.yaml").write_text(UNSUPPORTED, encoding="utf-8")
    (tmp_path / "elves.yaml").write_text(ELVES, encoding="utf-8")
    proc = run_pytest(".", "-v", cwd=tmp_path)
    out = proc.stdout
    assert "broken.yaml::broken ERROR" in out, out
    assert "relic.yaml::cast-bears FAILED" in out
    assert "UNSUPPORTED" in out and "--allow-unsupported" in out
    assert "1 failed, 1 passed, 1 error" in out
    allowed = run_pytest(".", "-v", "--allow-unsupported", cwd=tmp_path).stdout
    assert "relic.yaml::cast-bears SKIPPED" in allowed
    picked = run_pytest(".", "-v", "-k", "elves-entered", cwd=tmp_path).stdout
    assert "1 passed, 2 deselected" in picked


def test_an_invalid_case_reports_its_diagnostic_not_pytest_internals(tmp_path):
    """The failure text of an invalid case is its FILE:LINE:COL: CODE message, as `check`
    prints it, and pytest's one-line summary shows it; no traceback through pytest."""
    (tmp_path / "broken.yaml").write_text(INVALID, encoding="utf-8")
    proc = run_pytest(".", cwd=tmp_path)
    out = proc.stdout
    assert proc.returncode == 1, out
    diagnostic = "broken.yaml:6:5: S001 unknown key 'battlefeld'"
    report = out.split("= ERRORS =", 1)[1].split("short test summary info", 1)[0]
    assert diagnostic in report, out
    assert "the case is invalid (1 problem)" in report
    assert "Traceback" not in out and "_pytest" not in out and "def setup" not in out, out
    assert len(report.splitlines()) < 8, report  # the diagnostic, not pages of internals
    summary = next(line for line in out.splitlines() if line.startswith("ERROR "))
    assert "broken.yaml:6:5: S001" in summary, summary
