"""The edition stamp tells the truth when another edition of the CR is imported (CR 100.1).

The engine follows one edition (crindex.EDITION); these tests import the real
earlier editions from ../shared/data/cr-editions and check what answers say.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mtgrules import crindex
from mtgrules.crindex.fingerprints import compute, recorded
from tests.conftest import CASES, CR_EDITIONS, CR_TEXT, run_cli

# every test here reads the official CR and its earlier editions
pytestmark = pytest.mark.shared_data("MagicCompRules.txt", "cr-editions")

EDITIONS = CR_EDITIONS
JUNE = EDITIONS / "MagicCompRules-20260619.txt"
OLD = EDITIONS / "MagicCompRules-20220429.txt"
MANA_CASE = CASES / "mana" / "springleaf-drum-adds-chosen-color.yaml"  # cites 605.1a
PLOT_CASE = CASES / "special-actions" / "plot-from-hand.yaml"  # cites 702.170 rules


def test_every_index_number_has_the_fingerprint_of_the_engines_edition():
    """Regenerate with `python -m mtgrules.crindex.fingerprints MagicCompRules.txt`."""
    effective, found = compute(CR_TEXT.read_bytes(), crindex.numbers())
    assert effective == crindex.EDITION
    assert recorded() == found


def _imported(tmp_path: Path, edition: Path) -> dict[str, str]:
    env = {"MTGRULES_DATA_DIR": str(tmp_path / "data")}
    done = run_cli("rules", "import", str(edition), env=env)
    assert done.returncode == 0, done.stderr
    return env


def _edition(env: dict[str, str], case: Path) -> dict:
    done = run_cli("check", str(case), "--format", "json", env=env)
    assert done.returncode == 0, done.stdout + done.stderr
    return json.loads(done.stdout)["rules_edition"]


def test_an_earlier_edition_is_named_as_the_quotes_source_not_as_the_rules_followed(tmp_path):
    env = _imported(tmp_path, JUNE)
    found = _edition(env, MANA_CASE)
    assert found["effective"] == crindex.EDITION  # what the reasoning follows
    assert found["quoted"] == "2026-06-19"
    assert found["changed"] == ["605.1a"]  # the library clause came in August
    assert found["absent"] == []
    text = " ".join(run_cli("check", str(MANA_CASE), env=env).stdout.split())  # wrapped
    assert "answers follow the Comprehensive Rules effective 2026-08-07" in text
    assert "words 605.1a differently" in text


@pytest.mark.parametrize("case", sorted(CASES.glob("*/*.yaml"))[:40:8], ids=lambda p: p.stem)
def test_rules_unchanged_between_june_and_august_are_not_flagged(tmp_path, case):
    env = _imported(tmp_path, JUNE)
    found = _edition(env, case)
    assert set(found["changed"]) <= {"605.1a", "506.4"}  # the only index rules June words otherwise


def test_an_edition_before_plot_lacks_its_rules(tmp_path):
    env = _imported(tmp_path, OLD)
    found = _edition(env, PLOT_CASE)
    assert found["quoted"] == "2022-04-29"
    assert any(n.startswith("702.170") for n in found["absent"])
    shown = " ".join(run_cli("check", str(PLOT_CASE), env=env).stdout.split())  # wrapped
    assert "that edition has no 702.170" in shown


def test_the_engines_own_edition_imported_is_stated_plainly(tmp_path):
    env = _imported(tmp_path, CR_TEXT)
    found = _edition(env, MANA_CASE)
    assert found["effective"] == crindex.EDITION and "quoted" not in found


def test_diff_june_to_august_shows_the_library_clause_of_605_1a():
    done = run_cli("rules", "diff", str(JUNE), str(CR_TEXT), "--rule", "605")
    assert done.returncode == 0, done.stderr
    assert "605.1a  changed" in done.stdout
    assert done.stdout.rstrip().endswith("1 changed, 0 added, 0 removed, 0 renumbered")
    found = json.loads(
        run_cli("rules", "diff", str(JUNE), str(CR_TEXT), "-r", "605", "-f", "json").stdout
    )
    (change,) = found["changes"]
    assert change["number"] == "605.1a" and "library" in change["new"]
    assert "library" not in change["old"]


def test_diff_as_json_lists_only_rules_under_the_prefix_and_finds_renumbered_ones():
    done = run_cli("rules", "diff", str(OLD), str(CR_TEXT), "--format", "json", "--rule", "103")
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout)
    assert (found["old"], found["new"]) == ("2022-04-29", crindex.EDITION)
    numbers = {c["number"] for c in found["changes"]} | {
        c.get("old_number") for c in found["changes"]
    }
    assert all(n is None or n == "103" or n.startswith("103.") for n in numbers)
    moved = {c["old_number"]: c["number"] for c in found["changes"] if c["kind"] == "renumbered"}
    assert moved, "a rule inserted in 103 moves the later ones"
    for old, new in moved.items():
        assert old != new


def test_diff_of_an_edition_with_itself_has_no_changes():
    done = run_cli("rules", "diff", str(CR_TEXT), str(CR_TEXT), "--cited")
    assert done.returncode == 1 and "0 changed, 0 added, 0 removed, 0 renumbered" in done.stdout


def test_the_prefix_605_1_does_not_take_605_10():
    from mtgrules.crindex.diff import under

    assert under("605.1a", "605.1") and under("605.1", "605.1") and under("605.1a", "605")
    assert not under("605.10", "605.1") and not under("6050", "605") and under("605.3", "6")


# -- editions side by side, and cases written for an earlier one --------------------------


def _with_editions(tmp_path: Path, *files: Path) -> dict[str, str]:
    env = {"MTGRULES_DATA_DIR": str(tmp_path / "data")}
    for f in files:
        done = run_cli("rules", "import", str(f), env=env)
        assert done.returncode == 0, done.stderr
    return env


def test_editions_are_kept_side_by_side_and_the_newest_stays_current(tmp_path):
    env = _with_editions(tmp_path, CR_TEXT, JUNE, OLD, JUNE)  # June twice: replaced, not doubled
    listed = run_cli("rules", "editions", env=env).stdout.splitlines()
    assert [line.split()[0] for line in listed] == [crindex.EDITION, "2026-06-19", "2022-04-29"]
    assert "(current, the engine's)" in listed[0]
    found = _edition(env, MANA_CASE)  # answers still quote the current edition
    assert found["effective"] == crindex.EDITION and "quoted" not in found
    june = run_cli("rule", "605.1a", "--edition", "2026-06-19", env=env).stdout
    assert "library" not in june and "not the current edition" in june
    assert "library" in run_cli("rule", "605.1a", env=env).stdout
    gone = run_cli("rule", "702.170a", "--edition", "2022-04-29", env=env)
    assert gone.returncode == 2 and "no rule 702.170a" in gone.stderr
    by_date = run_cli("rules", "diff", "2026-06-19", crindex.EDITION, "--rule", "605", env=env)
    assert "605.1a  changed" in by_date.stdout


def _case_for(tmp_path: Path, source: Path, cr: str) -> Path:
    text = source.read_text(encoding="utf-8")
    first, rest = text.split("\n", 1)
    path = tmp_path / f"{source.stem}.yaml"
    path.write_text(f"{first}\ncr: {cr}\n{rest}", encoding="utf-8")
    return path


SICK_CASE = CASES / "summoning-sickness" / "elves-entered-this-turn.yaml"  # expects 302.6


def _warnings(env: dict[str, str], case: Path) -> list[str]:
    done = run_cli("check", str(case), "--format", "json", env=env)
    assert done.returncode == 0, done.stdout + done.stderr
    return json.loads(done.stdout)["results"][0].get("warnings", [])


def test_a_case_written_for_june_that_expects_605_1a_is_flagged_and_one_about_302_6_is_not(
    tmp_path,
):
    env = _with_editions(tmp_path, CR_TEXT, JUNE)
    (mana,) = _warnings(env, _case_for(tmp_path, MANA_CASE, "2026-06-19"))
    assert mana.startswith("expects 605.1a, which changed between the CR effective 2026-06-19")
    assert "{+" in mana and "library" in mana  # the words that changed
    assert _warnings(env, _case_for(tmp_path, SICK_CASE, "2026-06-19")) == []
    assert _warnings(env, _case_for(tmp_path, MANA_CASE, crindex.EDITION)) == []
    text = run_cli("check", str(_case_for(tmp_path, MANA_CASE, "2026-06-19")), env=env).stdout
    assert "! expects 605.1a" in text


def test_an_edition_that_is_not_imported_is_said_not_guessed(tmp_path):
    env = _with_editions(tmp_path, CR_TEXT)
    (found,) = _warnings(env, _case_for(tmp_path, SICK_CASE, "2026-06-19"))
    assert "not imported" in found


# -- a bank's lock file ------------------------------------------------------------------


def _bank(tmp_path: Path) -> Path:
    bank = tmp_path / "bank"
    bank.mkdir()
    for case in (MANA_CASE, SICK_CASE):
        (bank / case.name).write_bytes(case.read_bytes())
    return bank


def _bank_warnings(bank: Path) -> dict[str, list[str]]:
    done = run_cli("check", str(bank), "--format", "json")
    assert done.returncode == 0, done.stdout + done.stderr
    return {r["file"]: r.get("warnings", []) for r in json.loads(done.stdout)["results"]}


def test_a_fresh_lock_flags_nothing(tmp_path):
    bank = _bank(tmp_path)
    done = run_cli("check", str(bank), "--lock", "-q")
    assert done.returncode == 0 and "wrote" in done.stderr
    lock = json.loads((bank / "mtgrules.lock").read_text(encoding="utf-8"))
    assert lock["edition"] == crindex.EDITION and len(lock["cases"]) == 2
    assert all(w == [] for w in _bank_warnings(bank).values())


def test_a_lock_recorded_under_june_flags_exactly_the_case_august_changed(tmp_path):
    """The lock an mtgrules following the June edition would have written: the same
    cases, with June's fingerprints of their expected rules."""
    bank = _bank(tmp_path)
    assert run_cli("check", str(bank), "--lock", "-q").returncode == 0
    lock_file = bank / "mtgrules.lock"
    lock = json.loads(lock_file.read_text(encoding="utf-8"))
    _, june = compute(JUNE.read_bytes(), crindex.numbers())
    for entry in lock["cases"].values():
        entry["rules"] = {n: june[n] for n in entry["rules"]}
    lock["edition"] = "2026-06-19"
    lock_file.write_text(json.dumps(lock), encoding="utf-8")
    found = _bank_warnings(bank)
    (mana,) = found[str(bank / MANA_CASE.name)]
    assert mana.startswith("expects 605.1a, which the CR effective 2026-08-07 words differently")
    assert found[str(bank / SICK_CASE.name)] == []  # 302.6 didn't change


def test_a_broken_lock_is_a_clear_error(tmp_path):
    bank = _bank(tmp_path)
    (bank / "mtgrules.lock").write_text("{not json", encoding="utf-8")
    done = run_cli("check", str(bank))
    assert done.returncode == 2 and "not a mtgrules lock file" in done.stderr
    assert "Traceback" not in done.stderr
