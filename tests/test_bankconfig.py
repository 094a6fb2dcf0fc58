"""A bank's configuration (mtgrules.toml / [tool.mtgrules]), `mtgrules init`, `schema --output`,
and a bank's pinned data: the real command, in bank folders written under tmp_path."""

from __future__ import annotations

import doctest
import hashlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from mtgrules.bank import config as bankconfig
from mtgrules.bank import files as bankfiles
from tests.conftest import ATOMIC_SAMPLE, CASES, ROOT, SICK_ELVES, run_cli

ELVES = CASES / "summoning-sickness" / "elves-entered-this-turn.yaml"

# A case that is valid only with card data that has Loan Shark (the MTGJSON sample).
SHARK = """\
# yaml-language-server: $schema=../schemas/case.schema.json
id: shark-in-hand
title: A creature card in hand can be cast in the main phase with an empty stack
tags: [bank]
game: {turn: 3, active_player: Alice, phase: precombat_main}
players:
  - name: Alice
    hand:
      - card: Loan Shark
        id: shark
  - name: Bob
question:
  can_cast: shark
expect:
  answer: yes
"""


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def cache(tmp_path: Path) -> dict[str, str]:
    """The environment of a machine with nothing cached and nothing imported."""
    empty = tmp_path / "machine-data"
    return {"MTGRULES_CACHE_DIR": str(tmp_path / "cache"), "MTGRULES_DATA_DIR": str(empty)}


def shark_bank(folder: Path, source: str | None = None, sha: str | None = None) -> Path:
    (folder / "cases").mkdir(parents=True)
    shutil.copy(ATOMIC_SAMPLE, folder / "cards.json")
    (folder / "cases" / "shark.yaml").write_text(SHARK, encoding="utf-8")
    (folder / "mtgrules.toml").write_text(
        f'[[data]]\nkind = "cards"\nsource = "{source or "cards.json"}"\n'
        f'sha256 = "{sha or sha256(ATOMIC_SAMPLE)}"\n',
        encoding="utf-8",
    )
    return folder


def test_found_by_walking_up_include_exclude_format_and_jobs(tmp_path, cache):
    (tmp_path / "cases" / "plot").mkdir(parents=True)
    (tmp_path / "cases" / "drafts").mkdir()
    (tmp_path / "cases" / "plot" / "a.yaml").write_text(SICK_ELVES, encoding="utf-8")
    for tool in ("node_modules/pkg", ".hidden"):  # copies an include glob must not reach
        (tmp_path / "cases" / tool).mkdir(parents=True)
        (tmp_path / "cases" / tool / "copy.yaml").write_text(SICK_ELVES, encoding="utf-8")
    (tmp_path / "cases" / "drafts" / "b.yaml").write_text("question: [a case", encoding="utf-8")
    (tmp_path / "mtgrules.toml").write_text(
        'include = ["cases/**/*.yaml"]\nexclude = ["cases/drafts"]\nformat = "json"\njobs = 1\n',
        encoding="utf-8",
    )
    run = run_cli("check", cwd=tmp_path, env=cache)  # no PATH: the bank's include
    assert run.returncode == 0, run.stderr
    files = [r["file"] for r in json.loads(run.stdout)["results"]]  # format from the config
    assert files == ["cases/plot/a.yaml"]  # the draft (invalid) is excluded
    # from a folder below, the same configuration governs, and excludes the draft
    run = run_cli("check", ".", cwd=tmp_path / "cases", env=cache)
    assert run.returncode == 0, run.stdout + run.stderr
    assert [r["file"] for r in json.loads(run.stdout)["results"]] == ["plot/a.yaml"]
    # a file named on the command line is checked whatever exclude says
    run = run_cli("validate", "cases/drafts/b.yaml", cwd=tmp_path, env=cache)
    assert run.returncode == 2 and "1 invalid" in run.stdout
    # --format on the command line wins over the configuration's
    assert run_cli("check", "-f", "text", cwd=tmp_path, env=cache).stdout.startswith("cases/")


def test_exclude_option_without_a_configuration(tmp_path, cache):
    (tmp_path / "keep").mkdir()
    (tmp_path / "skip").mkdir()
    (tmp_path / "keep" / "a.yaml").write_text(SICK_ELVES, encoding="utf-8")
    (tmp_path / "skip" / "b.yaml").write_text("question: [", encoding="utf-8")  # a broken case
    assert run_cli("validate", str(tmp_path), env=cache).returncode == 2
    run = run_cli("validate", str(tmp_path), "--exclude", "*/skip", env=cache)
    assert run.returncode == 0 and "1 file checked, 0 invalid" in run.stdout


def test_tool_table_in_pyproject(tmp_path, cache):
    (tmp_path / "bank").mkdir()
    (tmp_path / "bank" / "a.yaml").write_text(SICK_ELVES, encoding="utf-8")
    (tmp_path / "pyproject.toml").write_text(
        '[project]\nname = "x"\n\n[tool.mtgrules]\ninclude = ["bank/*.yaml"]\nformat = "junit"\n',
        encoding="utf-8",
    )
    run = run_cli("check", cwd=tmp_path, env=cache)
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("<?xml") and 'name="sick-elves"' in run.stdout


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('include = ["*.yaml"]\nformat = "yaml"\n', ["mtgrules.toml:2:1: K003 format must be"]),
        (
            'jobs = 0\nbogus = 1\n\n[[data]]\nkind = "cards"\n  source = "x.json"\nsha256 = "abc"\n',
            [
                "mtgrules.toml:1:1: K003 jobs must be",
                "mtgrules.toml:2:1: K002 unknown key 'bogus'",
                "mtgrules.toml:7:1: K003 sha256 must be",
            ],
        ),
        ('include = ["a"\nexclude = []\n', ["mtgrules.toml:2:1: K001 "]),
    ],
)
def test_a_bad_configuration_is_every_problem_at_its_line_and_column(
    tmp_path, cache, text, expected
):
    (tmp_path / "a.yaml").write_text(SICK_ELVES, encoding="utf-8")
    (tmp_path / "mtgrules.toml").write_text(text, encoding="utf-8")
    run = run_cli("check", "a.yaml", cwd=tmp_path, env=cache)
    assert run.returncode == 2
    lines = run.stderr.splitlines()
    assert len(lines) == len(expected), run.stderr
    for line, start in zip(lines, expected, strict=True):
        assert line.startswith(start), (line, start)
    assert run.stdout == ""  # nothing was checked


@pytest.mark.shared_data("cards/AtomicCards-current-sample.json")
def test_pinned_data_gives_the_same_answer_on_a_fresh_machine(tmp_path, cache):
    bank = shark_bank(tmp_path / "bank")
    # this machine has imported nothing: the pin imports the bank's data on first use
    plain = run_cli("check", "cases", "-f", "json", cwd=bank, env=cache)
    assert plain.returncode == 0, plain.stderr
    assert "importing cards from cards.json" in plain.stderr
    assert json.loads(plain.stdout)["results"][0]["status"] == "pass"
    folders = list((tmp_path / "cache" / "data").iterdir())
    assert len(folders) == 1 and (folders[0] / "READY").is_file()
    # the machine's own data folder was not touched
    assert not (tmp_path / "machine-data").exists()
    # second run: from the cache, nothing imported again
    again = run_cli("check", "-q", cwd=bank, env=cache)
    assert again.returncode == 0 and "importing" not in again.stderr
    # the bank copied to another machine (another cache): the same answer after one command
    copied = shutil.copytree(bank, tmp_path / "elsewhere")
    other = {**cache, "MTGRULES_CACHE_DIR": str(tmp_path / "other-cache")}
    moved = run_cli("check", "cases", "-f", "json", cwd=copied, env=other)
    assert moved.returncode == 0, moved.stderr
    assert json.loads(moved.stdout)["results"][0]["answer"] == "yes"
    # the same bank without its configuration: the card is unknown on this machine
    (copied / "mtgrules.toml").unlink()
    bare = run_cli("check", "cases", cwd=copied, env=other)
    assert bare.returncode == 2 and "C001" in bare.stdout


@pytest.mark.shared_data("cards/AtomicCards-current-sample.json")
def test_a_url_source_is_downloaded_and_checked(tmp_path, cache):
    bank = shark_bank(tmp_path / "bank", source=ATOMIC_SAMPLE.resolve().as_uri())
    run = run_cli("check", cwd=bank, env=cache)
    assert run.returncode == 0, run.stderr
    assert "downloading file://" in run.stderr


@pytest.mark.shared_data("cards/AtomicCards-current-sample.json")
def test_a_source_whose_hash_differs_is_refused_before_importing(tmp_path, cache):
    bank = shark_bank(tmp_path / "bank", sha="0" * 64)
    run = run_cli("check", cwd=bank, env=cache)
    assert run.returncode == 2
    assert run.stderr.strip().endswith(
        f"has sha256 {sha256(ATOMIC_SAMPLE)}, not the {'0' * 64} given"
    )
    assert "mtgrules.toml:1:1: K005 cards.json" in run.stderr
    assert not any((tmp_path / "cache" / "data").iterdir())  # no half-made data folder
    missing = shark_bank(tmp_path / "other", source="nowhere.json")
    run = run_cli("check", cwd=missing, env=cache)
    assert run.returncode == 2 and "mtgrules.toml:1:1: K004 no such file nowhere.json" in run.stderr


@pytest.mark.shared_data("cards/AtomicCards-current-sample.json")
def test_data_dir_on_the_command_line_wins_over_the_pin(tmp_path, cache):
    bank = shark_bank(tmp_path / "bank")
    run = run_cli("check", "--data-dir", str(tmp_path / "empty"), cwd=bank, env=cache)
    assert run.returncode == 2 and "C001 unknown card 'Loan Shark'" in run.stdout
    assert not (tmp_path / "cache" / "data").exists()  # nothing imported for the pin


@pytest.mark.shared_data("cards/AtomicCards-current-sample.json")
def test_init_then_new_then_check(tmp_path, cache):
    bank = tmp_path / "my bank"
    run = run_cli("init", str(bank), "--cards", str(ATOMIC_SAMPLE), env=cache)
    assert run.returncode == 0, run.stderr
    config = bankconfig.load_config(bank / "mtgrules.toml")
    assert [(s.kind, s.sha256) for s in config.data or ()] == [("cards", sha256(ATOMIC_SAMPLE))]
    for name in ("case", "card"):
        assert (bank / "schemas" / f"{name}.schema.json").read_text() == run_cli(
            "schema", name
        ).stdout
    assert run_cli("init", str(bank), env=cache).returncode == 2  # never overwritten
    new = run_cli("new", "can_activate", "cases/summoning/elves.yaml", cwd=bank, env=cache)
    assert new.returncode == 0, new.stderr
    written = bank / "cases" / "summoning" / "elves.yaml"
    modeline = written.read_text().splitlines()[0]
    assert modeline == "# yaml-language-server: $schema=../../schemas/case.schema.json"
    # the modeline's schema, copied into the bank, accepts the case in a standard tool
    tool = subprocess.run(
        [
            sys.executable,
            "-m",
            "check_jsonschema",
            "--schemafile",
            str(bank / "schemas" / "case.schema.json"),
            str(written),
        ],
        capture_output=True,
        text=True,
    )
    assert tool.returncode == 0, tool.stdout + tool.stderr
    run = run_cli("check", cwd=bank, env=cache)
    assert run.returncode == 0 and "1 unchecked" in run.stdout, run.stdout + run.stderr


def test_init_without_data_pins_the_built_in_cards(tmp_path, cache):
    assert run_cli("init", str(tmp_path / "b"), env=cache).returncode == 0
    assert bankconfig.load_config(tmp_path / "b" / "mtgrules.toml").data == ()
    (tmp_path / "b" / "cases" / "a.yaml").write_text(SICK_ELVES, encoding="utf-8")
    # the machine's imported data (here: none at a given folder) is not what it reads
    run = run_cli("check", cwd=tmp_path / "b", env=cache)
    assert run.returncode == 0, run.stdout + run.stderr


def test_no_path_and_no_configuration_is_a_usage_error(tmp_path, cache):
    run = run_cli("check", cwd=tmp_path, env=cache)
    assert run.returncode == 2 and "mtgrules init" in run.stderr


def test_schema_output_writes_both_with_the_documented_id(tmp_path):
    run = run_cli("schema", "--output", str(tmp_path / "s"))
    assert run.returncode == 0, run.stderr
    for name in ("case", "card"):
        schema = json.loads((tmp_path / "s" / f"{name}.schema.json").read_text())
        assert schema["$id"] == (
            f"https://raw.githubusercontent.com/mtgrules/mtgrules/main/schemas/{name}.schema.json"
        )
        assert schema == json.loads((ROOT / "schemas" / f"{name}.schema.json").read_text())
    assert "raw.githubusercontent.com/mtgrules/mtgrules/main/schemas" in (
        ROOT / "docs" / "integrations.md"
    ).read_text(encoding="utf-8")


@pytest.mark.parametrize("module", [bankconfig, bankfiles])
def test_the_modules_examples(module):
    failures, tried = doctest.testmod(module)
    assert tried and not failures


def test_elves_case_is_still_checked_from_the_repository():
    # the repository has no bank configuration: cases/ works as before
    assert bankconfig.find_config([ELVES]) is None
    run = run_cli("check", str(ELVES))
    assert run.returncode == 0


@pytest.mark.shared_data("cards/AtomicCards-current-sample.json")
def test_pytest_reads_the_bank_s_pinned_data_as_check_does(tmp_path, cache):
    bank = shark_bank(tmp_path / "bank")
    env = {**os.environ, **cache, "PYTHONPATH": str(ROOT), "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"}
    command = [sys.executable, "-m", "pytest", "-p", "mtgrules.pytest_plugin"]
    command += ["-p", "no:cacheprovider", "-q", "cases"]
    run = subprocess.run(command, cwd=bank, env=env, capture_output=True, text=True)
    assert run.returncode == 0 and "1 passed" in run.stdout, run.stdout
    (bank / "mtgrules.toml").unlink()  # the machine's own data: no Loan Shark
    run = subprocess.run(command, cwd=bank, env=env, capture_output=True, text=True)
    assert run.returncode == 1 and "1 error" in run.stdout, run.stdout
