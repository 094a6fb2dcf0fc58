"""`.pre-commit-hooks.yaml`: the two hooks exist, and their commands work on a mixed file list."""

from __future__ import annotations

import shlex

import yaml

from tests.bank import ELVES, failing_text
from tests.conftest import ROOT, run_cli

HOOKS = {h["id"]: h for h in yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text())}


def test_both_hooks_are_declared_for_yaml_files():
    assert set(HOOKS) == {"mtgrules-validate", "mtgrules-check"}
    for hook in HOOKS.values():
        assert hook["language"] == "python"
        assert hook["files"] == r"\.ya?ml$"
        assert shlex.split(hook["entry"])[0] == "mtgrules"


def run_hook(hook_id: str, *files):
    """What pre-commit runs: the entry, then the staged file names."""
    args = shlex.split(HOOKS[hook_id]["entry"])[1:]
    return run_cli(*args, *map(str, files))


def test_hooks_pass_on_good_cases_and_ignore_other_yaml(tmp_path):
    good = tmp_path / "good.yaml"
    good.write_text(ELVES, encoding="utf-8")
    other = tmp_path / ".github-workflow.yml"
    other.write_text("on: push\n", encoding="utf-8")
    assert run_hook("mtgrules-validate", good, other).returncode == 0
    assert run_hook("mtgrules-check", good, other).returncode == 0


def test_check_hook_fails_on_a_wrong_answer(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text(failing_text(), encoding="utf-8")
    assert run_hook("mtgrules-validate", bad).returncode == 0
    assert run_hook("mtgrules-check", bad).returncode == 1
