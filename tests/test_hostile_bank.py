"""Hostile input (docs/hostile-inputs.md): a bank's configuration (mtgrules.toml,
[tool.mtgrules] in pyproject.toml) and its include globs, run for real. Each test here
failed before its fix."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from tests.conftest import CASES, ROOT, run_cli

PYTEST = ("-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "mtgrules.pytest_plugin")
ONE_CASE = CASES / "playout" / "balm-gains-life.yaml"
OTHER_CASE = sorted((CASES / "playout").glob("*.yaml"))[4]


def no_traceback(run) -> None:
    said = run.stdout + run.stderr
    assert "Traceback" not in said and "Error:" not in said.replace("K00", ""), said[-3000:]


def bank_with(tmp_path: Path, config: str | bytes, name: str = "mtgrules.toml") -> Path:
    bank = tmp_path / "bank"
    (bank / "cases").mkdir(parents=True)
    shutil.copy(ONE_CASE, bank / "cases" / ONE_CASE.name)
    raw = config if isinstance(config, bytes) else config.encode()
    (bank / name).write_bytes(raw)
    return bank


# --- class 8: TOML that broke the reader ----------------------------------------------------


def test_a_deeply_nested_array_is_k001_not_a_recursion_error(tmp_path):
    bank = bank_with(tmp_path, "include = " + "[" * 500 + "]" * 500 + "\n")
    run = run_cli("check", cwd=bank)
    no_traceback(run)
    assert run.returncode == 2 and "mtgrules.toml:1:1: K001" in run.stderr


def test_a_deeply_nested_array_fails_the_pytest_items_not_pytest(tmp_path):
    bank = bank_with(tmp_path, "include = " + "[" * 500 + "]" * 500 + "\n")
    import subprocess
    import sys

    # autoload off and the plugin named: whichever mtgrules is installed, this one is tested
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"}
    run = subprocess.run(
        [sys.executable, *PYTEST, str(bank / "cases")],
        capture_output=True,
        text=True,
        cwd=bank,
        env=env,
        timeout=120,
    )
    assert "RecursionError" not in run.stdout + run.stderr
    assert "K001" in run.stdout


def test_a_pyproject_whose_tool_is_a_string_is_k003(tmp_path):
    bank = bank_with(tmp_path, 'tool = """\n[tool.mtgrules]\n"""\n', name="pyproject.toml")
    run = run_cli("check", cwd=bank)
    no_traceback(run)
    assert run.returncode == 2 and "K003" in run.stderr


@pytest.mark.parametrize("glob", ["/etc/*.yaml", "../outside/*.yaml", "cases/../../*.yaml"])
def test_an_include_glob_leading_out_of_the_bank_is_k003(tmp_path, glob):
    outside = tmp_path / "outside"
    outside.mkdir()
    shutil.copy(OTHER_CASE, outside / "secret.yaml")
    bank = bank_with(tmp_path, f'include = ["{glob}"]\n')
    run = run_cli("check", cwd=bank)
    no_traceback(run)
    assert run.returncode == 2 and "K003" in run.stderr and "leads out" in run.stderr
    assert "secret" not in run.stdout


def test_a_configuration_with_a_byte_order_mark_is_read(tmp_path):
    bank = bank_with(tmp_path, b'\xef\xbb\xbfinclude = ["cases/*.yaml"]\n')
    run = run_cli("check", cwd=bank)
    assert run.returncode == 0, run.stderr
    assert "1 passed" in run.stdout


# --- class 10: include globs and links ------------------------------------------------------


def test_an_include_glob_follows_no_link_to_a_folder(tmp_path):
    bank = bank_with(tmp_path, 'include = ["**/*.yaml"]\n')
    (bank / "cases" / "self").symlink_to(".")
    (bank / "cases" / "up").symlink_to("..")  # two links: glob's walk never ended
    run = run_cli("check", cwd=bank, timeout=60)
    assert run.returncode == 0, run.stderr
    assert "1 passed" in run.stdout  # one copy of the case, not 40


def test_an_include_glob_reads_no_link_out_of_the_bank(tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    shutil.copy(OTHER_CASE, outside / "secret.yaml")
    bank = bank_with(tmp_path, 'include = ["**/*.yaml"]\n')
    (bank / "cases" / "out").symlink_to(outside)
    (bank / "cases" / "linked.yaml").symlink_to(outside / "secret.yaml")
    run = run_cli("check", cwd=bank)
    assert run.returncode == 0 and "1 passed" in run.stdout, run.stdout + run.stderr
    assert "secret" not in run.stdout


def test_include_globs_still_match_as_glob_does(tmp_path):
    bank = bank_with(tmp_path, 'include = ["cases/**/*.y*ml", "more/[a-c]*.yaml"]\n')
    (bank / "cases" / "deep" / "er").mkdir(parents=True)
    shutil.copy(OTHER_CASE, bank / "cases" / "deep" / "er" / "x.yml")
    (bank / "more").mkdir()
    shutil.copy(OTHER_CASE, bank / "more" / "b.yaml")
    shutil.copy(OTHER_CASE, bank / "more" / "z.yaml")
    (bank / "cases" / ".hidden").mkdir()
    shutil.copy(OTHER_CASE, bank / "cases" / ".hidden" / "h.yaml")
    run = run_cli("check", "-f", "json", cwd=bank)
    names = sorted(r["file"] for r in json.loads(run.stdout)["results"])
    assert names == ["cases/balm-gains-life.yaml", "cases/deep/er/x.yml", "more/b.yaml"], names


# --- class 11: terminal escapes in the bank's messages -------------------------------------

ESC = "\\u001b]0;pwned\\u0007"  # TOML's escapes: the string holds ESC and BEL


def test_a_data_source_with_escapes_is_shown_escaped_in_k004(tmp_path):
    bank = bank_with(
        tmp_path, f'[[data]]\nkind = "cards"\nsource = "x{ESC}.json"\nsha256 = "{"0" * 64}"\n'
    )
    run = run_cli("check", cwd=bank)
    assert run.returncode == 2 and "K004" in run.stderr
    assert "\x1b" not in run.stderr and "\x07" not in run.stderr


def test_an_include_with_escapes_matching_nothing_is_shown_escaped(tmp_path):
    bank = bank_with(tmp_path, f'include = ["nothing{ESC}/*.yaml"]\n')
    run = run_cli("check", cwd=bank)
    assert "matches no file" in run.stderr
    assert "\x1b" not in run.stderr and "\x07" not in run.stderr


# --- class 9: diagnostics of a big configuration in linear time -----------------------------


@pytest.mark.parametrize(
    "text, count",
    [
        ("".join(f"k{i} = 1\n" for i in range(8000)), 8000),  # 8,000 unknown keys (100 KB)
        ('[[data]]\nkind = "x"\nsource = ""\nsha256 = "y"\n' * 2000, 6000),  # 3 problems each
    ],
    ids=["8000-unknown-keys", "2000-data-entries"],
)
def test_a_big_configuration_is_diagnosed_in_linear_time(tmp_path, text, count):
    import time

    from mtgrules.bank.config import ConfigError, load_config

    path = tmp_path / "mtgrules.toml"
    path.write_text(text, encoding="utf-8")
    started = time.perf_counter()
    with pytest.raises(ConfigError) as caught:
        load_config(path)
    seconds = time.perf_counter() - started
    assert len(caught.value.problems) == count
    assert seconds < 5, seconds  # 0.2 s here; quadratic, it took 30-50 s
    last = caught.value.problems[-1]
    assert last.line >= 7999  # still located at its own line
