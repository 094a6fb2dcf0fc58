"""Decisive citations: every answer names the rules that decide
it, the most specific ones, first in every report; expectations accept mana in words.

The bank cases below are answered by the real CLI once (JSON), and each answer's
``decisive`` list is compared exactly: a question that chose a parent rule, a layer
where nothing applies, a precondition instead of the point, or left out what decides
fails here."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from mtgrules.answer import is_subrule, parent_rules

from .conftest import CASES, ROOT, run_cli

# One case per question type (and a refusal), with exactly the rules that decide it.
DECISIVE = {
    # can_cast: the plot timing rule, not the met conditions' 117.1a
    "plot/cast-same-turn.yaml": ["702.170d"],
    # can_activate: summoning sickness, not the battlefield or control checks that hold
    "summoning-sickness/elves-entered-this-turn.yaml": ["302.6", "602.5a"],
    # a YES: every condition it needs, but not its premise (on the battlefield, controlled)
    "summoning-sickness/elves-controlled-since-earlier-turn.yaml": [
        "605.1a",
        "605.3a",
        "107.5",
        "302.6",
        "602.5a",
    ],
    "casting/creature-main-phase.yaml": ["117.1a", "302.1"],  # not 601.3: it is in her hand
    # can_take_special_action: 305.2b says it; its parent 305.2, cited beside it, doesn't decide
    "special-actions/land-already-played.yaml": ["305.2b"],
    # characteristics: X off the stack (202.3e, not 202.3 + 107.3g) and the counters' layer
    "x/permanent-mana-value-x.yaml": ["202.3e", "613.4c"],
    # on the stack: the announced X (107.3a) in the mana value (202.3e)
    "x/stack-spell-mana-value.yaml": ["202.3e", "107.3a"],
    # the embalmed token: where it starts and its copy effect; no empty layer, no 613.1
    # (111.3: what the creating effect states is the token's copiable values; 111.4, its
    # name and subtypes, decides nothing here)
    "expectations/color-words.yaml": ["111.3", "702.128a", "707.9b", "613.2a"],
    # a back face's mana value is its front face's (202.3b), beside the face rule
    "characteristics/transformed-delver-mana-value.yaml": ["712.8e", "202.3b"],
    # a melded permanent's (202.3c); a copy of a back face takes the face up (707.8)
    "characteristics/melded-brisela-mana-value.yaml": ["712.8g", "202.3c"],
    "characteristics/clone-of-back-face.yaml": [
        "712.8e",
        "202.3b",
        "707.8",
        "707.2",
        "613.2a",
        "614.1c",
        "707.5",
    ],
    # nothing changes a printed card: the result line decides, with the rules of the
    # values it states, its mana value (202.3) and its colors from its mana cost (202.2)
    "characteristics/delver-in-exile-front-face.yaml": ["613.1", "202.3", "202.2"],
    # loyalty 0 puts the copy in the graveyard: the SBA decides beside the copy effect
    "copy/thief-copies-animated-gideon.yaml": ["707.2", "613.2a", "707.4", "306.5c", "704.5i"],
    # enters: the counters from the spell's X and the mana value of the permanent
    "enters/endless-one-cast-for-three.yaml": ["614.1c", "614.12", "107.3m", "202.3e", "613.4c"],
    # is_mana_ability
    "mana/chromatic-sphere-not-mana-ability.yaml": ["605.1a"],
    # a target makes it no mana ability though it adds mana: 605.5a says so
    "mana/deathrite-targets.yaml": ["605.1a", "605.5a"],
    # counting "Forests you control", "other Rats you control", "a Plains or an Island":
    # permanents on the battlefield, by subtype (109.2)
    "characteristics/dungrove-elder-counts-forests.yaml": ["613.4a", "604.3", "109.2", "613.4c"],
    "boosts/for-each-other-rat.yaml": ["613.4c", "604.2", "611.3a", "109.2"],
    "enters/checkland-with-its-land-type.yaml": ["614.1c", "614.12", "109.2"],
    # could_produce: no land gives a type, so the type is undefined
    "mana/cradle-could-produce-nothing.yaml": ["106.7", "106.5"],
    # mana_produced: what it adds and the replacement, not "it is a mana ability" (605.1a)
    "mana/mana-reflection-doubles.yaml": ["106.3", "106.12b", "614.1a"],
    # x_value
    "x/copy-mana-cost-x.yaml": ["707.2", "107.3g"],
    # a refusal: the unread ability's rules decide it
    "soundness/activate-haste-unread.yaml": ["702.10c", "302.6"],
}


@pytest.fixture(scope="module")
def answered() -> dict[str, dict]:
    files = [str(CASES / name) for name in DECISIVE]
    run = run_cli("check", "-j1", "--format", "json", *files)
    assert run.returncode in (0, 1, 3), run.stderr  # a failing case still has its decisive rules
    results = json.loads(run.stdout)["results"]
    return {Path(r["file"]).resolve().relative_to(CASES.resolve()).as_posix(): r for r in results}


@pytest.mark.parametrize("name", sorted(DECISIVE))
def test_each_question_names_exactly_the_rules_that_decide_it(answered, name):
    assert answered[name]["decisive"] == DECISIVE[name]


def test_json_keeps_every_key_and_marks_each_reason(answered):
    for name, result in answered.items():
        keys = list(result)
        assert {"file", "id", "status", "question", "answer", "expected", "reasons"} <= set(keys)
        assert keys.index("decisive") < keys.index("reasons"), name
        deciding = [n for r in result["reasons"] if r["decides"] for n in r["rules"]]
        # the decisive list is the deciding reasons' rules, less parents of decisive subrules
        assert set(result["decisive"]) <= set(deciding), name
        assert all(
            n in result["decisive"] or any(is_subrule(m, n) for m in result["decisive"])
            for n in deciding
        ), name


def test_empty_layers_are_one_short_line_citing_only_parents_and_never_deciding(answered):
    result = answered["expectations/color-words.yaml"]
    (nothing,) = [r for r in result["reasons"] if r["text"].startswith("Nothing applies")]
    assert nothing["rules"] == ["613.2", "613.1", "613.4"]
    assert nothing["decides"] is False
    listed = "1b, 2, 4, 5, 6, 7a, 7b, 7c"
    assert listed in nothing["text"]
    run = run_cli("check", "-v", str(CASES / "expectations/color-words.yaml"))
    (line,) = [x for x in run.stdout.splitlines() if "Nothing applies" in x]
    assert line.rstrip().endswith("CR 613.2, 613.1, 613.4") and len(line) <= 88


def test_text_first_citation_line_of_every_answer_is_its_deciding_rules():
    run = run_cli("check", "-v", "-j1", "cases")
    assert run.returncode == 0, run.stdout[-2000:]
    blocks = re.split(r"\n(?=cases/)", run.stdout)
    checked = 0
    for block in blocks:
        lines = block.splitlines()
        # the reasons follow the answer line ("  A  ..."): the question, the answer and the
        # play-out before them wrap too, and a play-out's steps cite their own rules
        answer = next((i for i, x in enumerate(lines) if x.startswith("  A  ")), None)
        if answer is None or lines[answer].startswith("  A  UNSUPPORTED"):
            continue
        cited = [
            i
            for i, x in enumerate(lines)
            if i > answer and x.startswith("     ") and re.search(r"CR \d", x)
        ]
        if not cited:
            continue  # a refusal that cites nothing
        first = lines[cited[0]]
        assert first.startswith("     » Decided by CR "), block[:400]
        checked += 1
    assert checked > 250


def test_markdown_github_and_junit_show_the_deciding_rules(write_case):
    case = write_case(
        """
        game: {turn: 4, active_player: Alice, phase: precombat_main}
        players:
          - name: Alice
            exile:
              - {card: Visage Bandit, id: bandit, plotted_on_turn: 4}
          - name: Bob
        question: {can_cast: bandit}
        expect: {answer: yes}
        """
    )
    markdown = run_cli("check", "--format", "markdown", str(case)).stdout
    assert "**Decided by.** CR 702.170d" in markdown
    github = run_cli("check", "--format", "github", str(case)).stdout
    assert "decided by CR 702.170d" in github
    junit = ET.fromstring(run_cli("check", "--format", "junit", str(case)).stdout)
    failure = junit.find(".//failure")
    assert failure is not None and "decided by CR 702.170d" in (failure.text or "")
    assert "» Decided by CR 702.170d" in (junit.find(".//system-out").text or "")


@pytest.mark.parametrize(
    ("written", "passes"),
    [
        ("[green, green]", True),
        ("GG", True),
        ('["{G}", green]', True),
        ('"{G}{G}"', True),
        ("[green]", False),  # a multiset: two mana, not one
        ("[green, red]", False),
        ("green", False),
    ],
)
def test_mana_in_expect_as_words_letters_or_symbols(write_case, written, passes):
    case = write_case(
        f"""
        game: {{turn: 3, active_player: Alice, phase: precombat_main}}
        players:
          - name: Alice
            battlefield: [Forest, Mana Reflection]
          - name: Bob
        question:
          mana_produced: {{object: Forest, ability: 1}}
        expect:
          answer: {written}
        """
    )
    run = run_cli("check", str(case))
    assert run.returncode == (0 if passes else 1), run.stdout
    if not passes:
        assert "the answer is {G}{G}, expected" in run.stdout


def test_mana_types_in_words_for_could_produce(write_case):
    case = write_case(
        """
        game: {turn: 3, active_player: Alice, phase: precombat_main}
        players:
          - name: Alice
            battlefield: [Reflecting Pool, Forest, Island]
          - name: Bob
        question: {could_produce: Reflecting Pool}
        expect: {answer: [blue, green]}
        """
    )
    assert run_cli("check", str(case)).returncode == 0
    wrong = case.read_text().replace("[blue, green]", "[blue, colorless]")
    case.write_text(wrong)
    run = run_cli("check", str(case))
    assert run.returncode == 1 and "expected [blue, colorless]" in run.stdout


def test_a_parent_rule_expected_says_which_subrule_met_it_preferring_the_decisive_one():
    run = run_cli("check", str(CASES / "expectations" / "color-words-and-parent-layers.yaml"))
    assert run.returncode == 0
    assert "citing 613 (as 613.1e)" in run.stdout  # 613.1e decides; 613.1 is only cited


def test_parent_rules_and_subrules():
    assert parent_rules(["613.2b", "613.1b", "613.1d", "613.4a", "613.4c"]) == (
        "613.2",
        "613.1",
        "613.4",
    )
    assert is_subrule("702.170d", "702.170") and is_subrule("702.170d", "702")
    assert not is_subrule("613.10", "613.1") and not is_subrule("613.1", "613.1")


def test_docs_describe_the_decisive_key():
    text = (ROOT / "docs" / "integrations.md").read_text(encoding="utf-8")
    assert "`decisive`" in text
