"""`check -j auto`, and `new` into folders that don't exist yet (real CLI runs)."""

from __future__ import annotations

from tests.conftest import CASES, run_cli


def test_jobs_auto_is_one_per_cpu_and_checks_the_same_as_a_number():
    auto = run_cli("check", str(CASES / "casting"), "-j", "auto", "-q")
    two = run_cli("check", str(CASES / "casting"), "-j", "2", "-q")
    assert auto.returncode == two.returncode == 0
    assert auto.stdout.splitlines()[-1] == two.stdout.splitlines()[-1]


def test_jobs_that_are_neither_a_count_nor_auto_are_a_usage_error():
    for bad in ("0", "-3", "many"):
        done = run_cli("check", str(CASES / "casting"), "-j", bad)
        assert done.returncode == 2
        assert "neither a positive number nor 'auto'" in done.stderr


def test_new_creates_the_folders_of_a_new_bank(tmp_path):
    target = tmp_path / "bank" / "cases" / "casting" / "bolt.yaml"
    done = run_cli("new", "can_cast", str(target))
    assert done.returncode == 0, done.stderr
    assert f"created {target.parent}/" in done.stderr
    assert run_cli("validate", str(target)).returncode == 0
    again = run_cli("new", "can_cast", str(target))
    assert again.returncode == 2 and "not overwriting" in again.stderr
