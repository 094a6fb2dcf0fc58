"""Importing the official Comprehensive Rules and using them: rule, rules search, define, answers."""

from __future__ import annotations

import json
import re
import time

import pytest

from mtgrules.crindex.importer import RulesFormatError, parse_rules
from tests.conftest import CASES, CR_TEXT, data_env, run_cli


def official_line(number: str) -> str:
    """The text of rule ``number`` as the official file has it (read at run time)."""
    for line in CR_TEXT.read_text(encoding="utf-8-sig").splitlines():
        if line.startswith(number + " ") or line.startswith(number + ". "):
            return line.split(" ", 1)[1]
    raise AssertionError(number)


@pytest.mark.shared_data("MagicCompRules.txt")
def test_the_parser_reads_every_rule_and_the_effective_date():
    parsed = parse_rules(CR_TEXT.read_bytes())
    assert parsed.effective == "2026-08-07"
    by_number = {r.number: r for r in parsed.rules}
    assert by_number["702.170d"].text == official_line("702.170d")
    assert by_number["702.170d"].parent == "702.170"
    assert by_number["704.5aa"].parent == "704.5"  # two-letter subrules exist
    assert by_number["702.170"].title == "Plot"
    # every numbered line of the body is a rule: compare with a count made another way
    body = CR_TEXT.read_text(encoding="utf-8-sig").split("\nCredits\n")[1].split("\nGlossary\n")[0]
    count = len(re.findall(r"^\d{3}\.\d+[a-z]{0,2}\.? ", body, re.MULTILINE))
    assert count == sum(1 for r in parsed.rules if "." in r.number)
    assert any(r.examples for r in parsed.rules)
    assert {"Plot", "Haste", "Mana Ability"} <= {g.term for g in parsed.glossary}


@pytest.mark.shared_data("MagicCompRules.txt")
def test_crlf_without_bom_parses_the_same():
    raw = CR_TEXT.read_bytes()
    variant = raw.removeprefix(b"\xef\xbb\xbf").replace(b"\n", b"\r\n")
    assert variant != raw
    a, b = parse_rules(raw), parse_rules(variant)
    assert a.effective == b.effective
    assert [(r.number, r.text, r.examples) for r in a.rules] == [
        (r.number, r.text, r.examples) for r in b.rules
    ]
    assert "’" in {r.number: r for r in b.rules}["702.170d"].text  # curly quotes kept


def test_something_else_is_refused(tmp_path):
    with pytest.raises(RulesFormatError):
        parse_rules(b"Just a text file\nwith two lines\n")
    bogus = tmp_path / "notes.txt"
    bogus.write_text("Just a text file\n", encoding="utf-8")
    done = run_cli("rules", "import", str(bogus), env=data_env(tmp_path / "d"))
    assert done.returncode == 2 and "not the Comprehensive Rules" in done.stderr


def timed(*args, env):
    started = time.perf_counter()
    done = run_cli(*args, env=env)
    print(
        f"`mtgrules {' '.join(args)}` took {time.perf_counter() - started:.3f}s (process start included)"
    )
    return done


def test_rule_prints_the_official_text_with_subrules_and_examples(imported_2022):
    done = timed("rule", "702.170d", env=imported_2022)
    assert done.returncode == 0
    flat = " ".join(done.stdout.split())
    assert " ".join(official_line("702.170d").split()) in flat
    assert "effective 2026-08-07" in done.stdout
    section = timed("rule", "702.170", env=imported_2022)
    for letter in "abcdef":
        assert f"702.170{letter} " in section.stdout
    # a rule with an example prints it
    parsed = parse_rules(CR_TEXT.read_bytes())
    with_example = next(r for r in parsed.rules if r.examples and "." in r.number)
    shown = " ".join(run_cli("rule", with_example.number, env=imported_2022).stdout.split())
    assert " ".join(with_example.examples[0].split()) in shown


def test_rule_unknown_number_is_an_error(imported_2022):
    done = run_cli("rule", "999.9z", env=imported_2022)
    assert done.returncode == 2 and "no rule 999.9z" in done.stderr


@pytest.mark.shared_data("MagicCompRules.txt")
def test_rule_without_import_prints_our_summary(tmp_path):
    done = run_cli("rule", "302.6", env=data_env(tmp_path))
    assert done.returncode == 0
    assert "own summary" in done.stdout
    assert official_line("302.6") not in done.stdout


def test_rules_search_finds_the_plot_rules(imported_2022):
    done = timed("rules", "search", "plotted", "card", env=imported_2022)
    assert done.returncode == 0
    numbers = re.findall(r"^(\d{3}\.\d+[a-z]*)", done.stdout, re.MULTILINE)
    assert "702.170d" in numbers
    assert all(n.startswith(("702.170", "7")) for n in numbers)
    nothing = run_cli("rules", "search", "xyzzyplugh", env=imported_2022)
    assert nothing.returncode == 1 and "0 rules found" in nothing.stdout


@pytest.mark.parametrize(
    ("term", "subrule"), [("plot", "702.170a"), ("Haste", "702.10a"), ("embalm", "702.128a")]
)
def test_define_jumps_from_a_keyword_to_its_defining_subrule(imported_2022, term, subrule):
    done = timed("define", term, env=imported_2022)
    assert done.returncode == 0
    assert f"Defined in:\n  {subrule} " in done.stdout
    assert " ".join(official_line(subrule).split())[:60] in " ".join(done.stdout.split())


def test_define_misspelled_term_suggests(imported_2022):
    done = run_cli("define", "plott", env=imported_2022)
    assert done.returncode == 2 and "did you mean plot" in done.stderr


def test_answers_state_their_edition_and_quote_the_official_text(imported_2022, tmp_path):
    case = CASES / "summoning-sickness" / "elves-entered-this-turn.yaml"
    imported = run_cli("check", "--explain", str(case), env=imported_2022)
    builtin = run_cli("check", "--explain", str(case), env=data_env(tmp_path))
    assert imported.returncode == builtin.returncode == 0
    words = " ".join(official_line("302.6").split())
    assert words[:80] in " ".join(imported.stdout.split())
    assert words[:80] not in " ".join(builtin.stdout.split())
    assert "official text imported" in imported.stdout and "own summaries" in builtin.stdout
    as_json = json.loads(run_cli("check", "-f", "json", str(case), env=imported_2022).stdout)
    assert as_json["rules_edition"]["text"] == "imported"
    assert as_json["rules_edition"]["effective"] == "2026-08-07"
    plain = json.loads(run_cli("check", "-f", "json", str(case), env=data_env(tmp_path)).stdout)
    assert plain["rules_edition"] == {"effective": "2026-08-07", "text": "builtin"}
