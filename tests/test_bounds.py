"""Every cost bounded: boards that used to take minutes, gigabytes or a crash now answer.

Each test writes a generated board, runs the real CLI on it in a subprocess with a
generous wall-clock limit (the subprocess timeout, far above the answer's real time),
with no time budget of mtgrules' own (`--timeout 0`), and checks the answer: never a
timed assertion on speed, an assertion that it finishes and says the right thing.
The numbers before and after are in docs/hostile-inputs.md.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from mtgrules.bank.checking import OutOfTime, within
from tests.conftest import ROOT

HEAD = "# yaml-language-server: $schema=../../schemas/case.schema.json\n"
BIG = ("--max-nodes", "1000000", "--max-bytes", "20000000", "--timeout", "0")


def board(
    tmp_path: Path,
    battlefield: list[str],
    question: str,
    *,
    hand: list[str] = (),
    cards: str = "",
    name: str = "case.yaml",
    extra: str = "",
) -> Path:
    text = (
        HEAD
        + f"id: {Path(name).stem}\ntitle: a generated board\ntags: [bounds]\n"
        + "game: {turn: 5, active_player: Alice, phase: precombat_main}\n"
        + cards
        + "players:\n  - name: Alice\n    battlefield:\n"
        + "".join(f"      - {row}\n" for row in battlefield)
        + ("    hand:\n" + "".join(f"      - {row}\n" for row in hand) if hand else "")
        + "  - name: Bob\n"
        + extra
        + f"question: {question}\n"
    )
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def cli(*args: str, limit: float = 90, env: dict[str, str] | None = None):
    """The real CLI, stopped (and the test failed) if it runs past ``limit`` seconds."""
    full = {**os.environ, "NO_COLOR": "1", **(env or {})}
    return subprocess.run(
        [sys.executable, "-m", "mtgrules", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=full,
        timeout=limit,
    )


def answer_of(path: Path, *args: str, limit: float = 90, env=None) -> dict:
    done = cli("check", "--format", "json", *BIG, *args, str(path), limit=limit, env=env)
    assert "Traceback" not in done.stderr, done.stderr
    (result,) = json.loads(done.stdout)["results"]
    assert not any(d["code"] == "E001" for d in result["diagnostics"]), result["diagnostics"]
    return result


def test_mana_reflections_multiplying_past_any_writable_amount_are_refused(tmp_path):
    """22 Mana Reflections made a Forest's {G} into 4,194,304 symbols (over 60 s; 30 of
    them reached 22 GB); the amount is now counted before any mana is written out."""
    case = board(
        tmp_path,
        ["{card: Forest, id: f}", *["Mana Reflection"] * 30],
        "{mana_produced: {object: f, ability: 1}}",
    )
    result = answer_of(case, limit=60)
    assert result["status"] == "unsupported"
    assert "1,073,741,824 mana" in result["unsupported"]


def test_many_hybrid_symbols_are_paid_by_a_flow(tmp_path):
    """22 hybrid symbols with `pay: true`: 2^22 readings of the cost (over 60 s, 1.5 GB)."""
    cost = "{G/W}" * 22
    cards = f'cards:\n  - {{name: Hybrid Thing, mana_cost: "{cost}", types: [Sorcery]}}\n'
    lands = ["Forest", "Plains"] * 11
    case = board(
        tmp_path, lands, "{can_cast: Hybrid Thing, pay: true}", hand=["Hybrid Thing"], cards=cards
    )
    assert answer_of(case, limit=60)["answer"] == "yes"
    fewer = board(
        tmp_path,
        lands[:-1],
        "{can_cast: Hybrid Thing, pay: true}",
        hand=["Hybrid Thing"],
        cards=cards,
        name="fewer.yaml",
    )
    assert answer_of(fewer, limit=60)["answer"] == "no"


def test_six_hundred_mana_sources_are_no_recursion(tmp_path):
    """The old search recursed once per source: 600 Forests were a RecursionError (E001)."""
    cards = 'cards:\n  - {name: Big Thing, mana_cost: "{601}", types: [Sorcery]}\n'
    case = board(
        tmp_path,
        ["Forest"] * 600,
        "{can_cast: Big Thing, pay: true}",
        hand=["Big Thing"],
        cards=cards,
    )
    assert answer_of(case, limit=60)["answer"] == "no"


def test_a_thousand_legends_are_one_pass(tmp_path):
    """The legend rule computed every permanent's characteristics for every other one:
    1,000 legends took over 120 s."""
    cards = (
        'cards:\n  - {name: Lord Probe, mana_cost: "{1}", types: [Creature], '
        "supertypes: [Legendary], power: 1, toughness: 1}\n"
    )
    case = board(
        tmp_path,
        ["Lord Probe"] * 1000 + ["{card: Lord Probe, id: new}"],
        "{enters: {object: new}}",
        cards=cards,
    )
    result = answer_of(case, limit=60)
    # CR 704.5j: the 1,000 already there put their controller to the legend rule's choice
    # before anything enters (state-based actions, 704.3), a choice a still board can't
    # make: refused, naming it, within the time limit
    assert result["answer"] is None
    assert "legend rule" in result["unsupported"]


def test_five_thousand_dangling_references_are_reported_without_a_scan_each(tmp_path):
    """Each dangling reference looked for "did you mean" among every id of the case:
    5,000 of them took over 120 s. Now an index, and at most 200 look-ups a file."""
    battlefield = ["{card: Forest, id: f}"] + [
        f"{{card: Forest, id: forest{i}, attached_to: nothing{i}}}" for i in range(5000)
    ]
    effects = "effects:\n" + "".join(
        f'  - {{source: f, affect: gone{i}, timestamp: {i + 1}, power_toughness: "+1/+1"}}\n'
        for i in range(5000)
    )
    case = board(tmp_path, battlefield, "{could_produce: f}", extra=effects)
    done = cli("validate", *BIG[:4], str(case), limit=60)
    lines = [ln for ln in done.stdout.splitlines() if " C002 " in ln]
    assert len(lines) == 10_000
    assert any("did you mean 'forest0'?" in ln for ln in lines)
    assert sum("; did you mean" in ln for ln in lines) == 200
    assert 'no "did you mean" past the first 200' in lines[-1]


def test_a_thousand_unknown_names_against_imported_cards(tmp_path, imported_2022):
    """Each unknown name was compared with every imported name (78 s for 1,000)."""
    battlefield = ["Lightnig Bolt"] + [f"Unknown Card Number {i}" for i in range(1000)]
    case = board(tmp_path, battlefield, "{could_produce: Lightnig Bolt}")
    done = cli("validate", *BIG[:4], str(case), limit=90, env=imported_2022)
    lines = [ln for ln in done.stdout.splitlines() if " C001 " in ln]
    assert len(lines) == 1001
    assert "did you mean 'Lightning Bolt'" in lines[0]


def test_mana_produced_by_a_card_in_hand_is_refused(tmp_path):
    """It was a KeyError (E001): the board of permanents has no card in hand."""
    case = board(
        tmp_path,
        ["Mana Reflection"],
        "{mana_produced: {object: f, ability: 1}}",
        hand=["{card: Forest, id: f}"],
    )
    result = answer_of(case)
    assert result["status"] == "unsupported" and "in the hand" in result["unsupported"]


def test_enters_of_an_object_another_one_copies_is_refused(tmp_path):
    """It was a KeyError (E001): the copy's target is a new object once it enters."""
    case = board(
        tmp_path,
        ["{card: Grizzly Bears, id: a, copy_of: b}"],
        "{enters: {object: b}}",
        hand=["{card: Llanowar Elves, id: b}"],
    )
    result = answer_of(case)
    assert result["status"] == "unsupported"
    assert "Grizzly Bears (a) is a copy of" in result["unsupported"]


def test_paying_with_a_triggered_mana_ability_on_the_board(tmp_path):
    """It was an AssertionError (E001): a triggered mana ability has no cost to read."""
    cards = 'cards:\n  - {name: Twin Growth, mana_cost: "{G}{G}", types: [Sorcery]}\n'
    case = board(
        tmp_path,
        ["Forest", "Heartbeat of Spring"],
        "{can_cast: Twin Growth, pay: true}",
        hand=["Twin Growth"],
        cards=cards,
    )
    result = answer_of(case)
    assert result["answer"] == "yes"
    assert any("Forest for {G}{G}" in r["text"] for r in result["reasons"])


def test_a_chain_of_copies_longer_than_the_recursion_limit_is_refused(tmp_path):
    """1,200 objects each a copy of the next: copiable values follow the chain by
    recursion (a RecursionError, E001); past 100 links it is refused instead."""
    chain = [f"{{card: Grizzly Bears, id: c{i}, copy_of: c{i + 1}}}" for i in range(1200)]
    case = board(tmp_path, [*chain, "{card: Llanowar Elves, id: c1200}"], "{characteristics: c0}")
    result = answer_of(case)
    assert result["status"] == "unsupported" and "chain" in result["unsupported"]
    short = [f"{{card: Grizzly Bears, id: c{i}, copy_of: c{i + 1}}}" for i in range(5)]
    case = board(
        tmp_path,
        [*short, "{card: Llanowar Elves, id: c5}"],
        "{characteristics: c0}",
        name="short.yaml",
    )
    assert answer_of(case)["answer"]["name"] == "Llanowar Elves"


@pytest.mark.parametrize("shape", ["list", "mapping"])
def test_nesting_at_the_depth_ceiling_is_a_diagnostic(tmp_path, shape):
    """980 levels under `--max-depth 1000`: a RecursionError (E001) inside the schema
    validator's messages; now the schema's own diagnostic."""
    case = (ROOT / "cases" / "summoning-sickness" / "elves-entered-this-turn.yaml").read_text()
    deep = "[" * 980 + "]" * 980 if shape == "list" else "{a: " * 980 + "1" + "}" * 980
    path = tmp_path / "deep.yaml"
    path.write_text(case.replace("expect:\n  answer: no", "expect:\n  answer: " + deep))
    for command in ("check", "validate"):
        done = cli(command, "--max-depth", "1000", "--max-nodes", "100000", str(path))
        assert " S002 $.expect.answer" in done.stdout, done.stdout[:400]
        assert "E001" not in done.stdout and "Traceback" not in done.stderr


def test_nesting_costs_the_distinct_parts_of_a_shared_value():
    """Schema validation measures a value's depth first (caseio/depth.py). The walk went
    down every path: a "billion laughs" value (each level nine references to the one
    below) never finished, and a value that contains itself grew the walk forever."""
    from mtgrules.caseio.depth import nesting

    laughs: list = ["lol"] * 9
    for _ in range(11):  # 9**12 paths, 12 levels of lists
        laughs = [laughs] * 9
    assert nesting(laughs) == 12
    assert nesting({"a": laughs, "b": [laughs]}) == 14
    itself: list = [1]
    itself.append(itself)
    assert nesting(itself, most=64) == 64
    assert (nesting(7), nesting([]), nesting([[], {}])) == (0, 1, 2)


# -- the time budget -----------------------------------------------------------------


def test_within_stops_a_busy_loop_and_puts_the_old_handler_back():
    import signal

    before = signal.getsignal(signal.SIGALRM)
    with pytest.raises(OutOfTime):
        within(0.2, lambda: [None for _ in iter(int, 1)])
    assert signal.getsignal(signal.SIGALRM) is before
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
    assert within(5, lambda: 42) == 42
    assert within(0, lambda: 43) == 43


def _bank(tmp_path: Path, normal: int) -> Path:
    """``normal`` quick cases and one slow one (24,000 Forests paying a big cost: several
    seconds on any machine, whatever the speed-ups, against quick cases of milliseconds)."""
    bank = tmp_path / "bank"
    bank.mkdir()
    quick = (ROOT / "cases" / "summoning-sickness" / "elves-entered-this-turn.yaml").read_text()
    for i in range(normal):
        (bank / f"quick-{i:02}.yaml").write_text(quick.replace("id: ", f"id: q{i}-", 1))
    cards = 'cards:\n  - {name: Big Thing, mana_cost: "{24001}", types: [Sorcery]}\n'
    board(
        bank,
        ["Forest"] * 24000,
        "{can_cast: Big Thing, pay: true}",
        hand=["Big Thing"],
        cards=cards,
        name="m-slow.yaml",
    )
    return bank


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_runaway_case_is_its_own_error_and_the_bank_goes_on(tmp_path, jobs):
    """`--timeout`: the slow case is an error (E002) in JSON and JUnit, every other case is
    answered, with one process and with two (24 files or more run in parallel)."""
    bank = _bank(tmp_path, 24)
    args = ("--max-nodes", "1000000", "--max-bytes", "20000000", "--timeout", "0.5", "-j", jobs)
    done = cli("check", "--format", "json", *args, str(bank), limit=120)
    results = {Path(r["file"]).name: r for r in json.loads(done.stdout)["results"]}
    slow = results.pop("m-slow.yaml")
    assert slow["status"] == "error" and done.returncode == 2
    (diag,) = slow["diagnostics"]
    assert diag["code"] == "E002" and "0.5 s" in diag["message"]
    assert {r["status"] for r in results.values()} == {"pass"} and len(results) == 24
    junit = cli("check", "--format", "junit", *args, str(bank), limit=120)
    errors = ET.fromstring(junit.stdout).iter("error")
    assert [e.get("type") for e in errors] == ["timeout"]


def test_the_same_bank_without_a_budget_answers_the_slow_case(tmp_path):
    bank = _bank(tmp_path, 1)
    args = ("--max-nodes", "1000000", "--max-bytes", "20000000", "--timeout", "0")
    done = cli("check", "--format", "json", *args, str(bank), limit=120)
    statuses = [r["status"] for r in json.loads(done.stdout)["results"]]
    assert statuses == ["unchecked", "pass"]
