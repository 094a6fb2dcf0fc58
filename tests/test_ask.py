"""`mtgrules ask`: a question and a compact board on the command line, answered as `check`
answers the equivalent case; `--save` writes that case, which `check` answers the same way."""

from __future__ import annotations

import doctest
import json
import shlex

import pytest

import mtgrules.cli.ask.command
import mtgrules.cli.ask.document
import mtgrules.cli.ask.specs
from tests.conftest import CASES, run_cli

# One command per question type: (question words, board and options, the answer expected).
EVERY_QUESTION = {
    "can_cast": (
        ["cast", "Lightning Bolt", "-m", "Mountain", "--pay", "--phase", "end", "--active", "Bob"],
        "no",  # an instant, but Bob (the active player) has priority, not Alice
    ),
    "can_activate": (
        ["activate", "Llanowar Elves", "-t", "Llanowar Elves:since=now,owner=Alice"],
        "no",
    ),
    "can_take_special_action": (["plot", "Visage Bandit"], "yes"),
    "characteristics": (
        ["characteristics", "elves", "-m", "Llanowar Elves:id=elves,+1/+1=2"],
        {"power": 3, "toughness": 3},
    ),
    "enters": (
        ["enters", "Visage Bandit", "--as-copy-of", "Grizzly Bears", "-m", "Grizzly Bears"],
        {"name": "Grizzly Bears"},
    ),
    "is_mana_ability": (["is-mana-ability", "Chromatic Sphere"], "no"),
    "could_produce": (
        ["could-produce", "Reflecting Pool", "-m", "Forest", "-t", "Contamination"],
        ["B"],
    ),
    "mana_produced": (["mana-produced", "City of Brass", "-a", "2", "--opt", "choose=[W]"], "{W}"),
    "x_value": (
        ["x-value", "Hangarback Walker", "-m", "Hangarback Walker:in=stack,x=2"],
        2,
    ),
    "state": (
        ["state", "{zone: bears, tapped: bears}, life", "-m", "Grizzly Bears:id=bears,tapped"],
        {"zone": {"bears": "battlefield"}, "tapped": {"bears": True}},
    ),
    "triggers": (
        [
            *("triggers", "last", "-m", "Zendikar Resurgent", "-m", "Grizzly Bears:in=hand"),
            *("--you", "Alice:pool={G}{G}", "--play", "cast: Grizzly Bears"),
        ],
        [{"object": "Zendikar Resurgent", "ability": 2, "controller": "Alice"}],
    ),
    "can_attack": (["can-attack", "Raging Goblin", "-m", "Raging Goblin:since=now"], "yes"),
    "can_block": (
        [
            *("can-block", "Grizzly Bears", "-t", "Grizzly Bears"),
            *("-m", "Mulldrifter:attacking=Bob,tapped", "--phase", "attackers"),
            *("--opt", "attacker=Mulldrifter"),
        ],
        "no",
    ),
}


def _json(out) -> dict:
    assert out.returncode in (0, 3), out.stderr
    return json.loads(out.stdout)["results"][0]


def _matches(expected, got) -> bool:
    if isinstance(expected, dict):
        return all(got.get(k) == v for k, v in expected.items())
    return got == expected


def test_every_question_type_is_covered():
    from mtgrules.caseio.question_types import QUESTIONS

    assert set(EVERY_QUESTION) == set(QUESTIONS)


@pytest.mark.parametrize("kind", sorted(EVERY_QUESTION))
def test_each_question_type_through_ask_and_its_saved_case(kind, tmp_path):
    words, expected = EVERY_QUESTION[kind]
    asked = _json(run_cli("ask", *words, "-f", "json"))
    assert kind in asked["question"]
    assert _matches(expected, asked["answer"]), asked
    saved = tmp_path / "cases" / "ask" / f"{kind}.yaml"
    saved.parent.mkdir(parents=True)
    wrote = run_cli("ask", *words, "--save", str(saved), "--expect", "-f", "json")
    assert wrote.returncode == 0, wrote.stderr
    rechecked = _json(run_cli("check", str(saved), "-f", "json"))
    assert rechecked["status"] == "pass"
    assert (rechecked["answer"], rechecked["reasons"]) == (asked["answer"], asked["reasons"])
    assert rechecked["question"] == asked["question"]
    assert run_cli("validate", str(saved)).returncode == 0


def test_ask_answers_exactly_as_check_answers_the_bank_case():
    """The bank's elves-entered-this-turn case, typed as one command: same question, same
    answer, same reasons (a second engine or a different board would differ somewhere)."""
    bank = _json(
        run_cli(
            "check", str(CASES / "summoning-sickness/elves-entered-this-turn.yaml"), "-f", "json"
        )
    )
    asked = _json(
        run_cli(
            "ask",
            "activate",
            "elves",
            "-m",
            "Llanowar Elves:id=elves,since=3",
            "-a",
            "1",
            "--turn",
            "3",
            "-f",
            "json",
        )
    )
    assert (asked["answer"], asked["reasons"]) == (bank["answer"], bank["reasons"])
    assert asked["question"] == bank["question"]


def test_the_judges_question_in_one_short_command(tmp_path):
    """ "Can the Elves my opponent took this turn tap for mana?" under 120 characters."""
    words = [
        "ask",
        "activate",
        "Llanowar Elves",
        "-t",
        "Llanowar Elves:since=now,owner=Alice",
        "--active",
        "Bob",
    ]
    assert len(shlex.join(["mtgrules", *words])) < 120
    out = run_cli(*words)
    assert out.returncode == 0, out.stderr
    assert "A  NO" in out.stdout and "CR 302.6" in out.stdout
    assert "Can Bob activate ability 1 of Llanowar Elves" in out.stdout
    assert "(defaults: players Alice and Bob, in turn order; turn 3;" in out.stdout
    saved = tmp_path / "stolen-elves.yaml"
    assert run_cli(*words, "--save", str(saved), "--expect").returncode == 0
    text = saved.read_text()
    assert text.startswith("# yaml-language-server: $schema=")
    assert "# Written by `mtgrules ask` from:" in text
    assert "id: stolen-elves\n" in text and "tags: [ask]" in text
    assert "controlled_since_turn: 3" in text and "owner: Alice" in text
    assert "answer: 'no'" in text and "'302.6'" in text
    check = run_cli("check", str(saved))
    assert check.returncode == 0 and "PASS  expected: NO" in check.stdout


def test_the_saved_modeline_points_at_the_repository_schema(tmp_path):
    (tmp_path / "schemas").mkdir()
    (tmp_path / "schemas" / "case.schema.json").write_text("{}")
    (tmp_path / "cases" / "x").mkdir(parents=True)
    out = run_cli("ask", "cast", "Grizzly Bears", "--save", "cases/x/bears.yaml", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    first = (tmp_path / "cases/x/bears.yaml").read_text().splitlines()[0]
    assert first == "# yaml-language-server: $schema=../../schemas/case.schema.json"


def test_save_without_expect_leaves_the_case_unchecked(tmp_path):
    saved = tmp_path / "bears.yaml"
    assert run_cli("ask", "cast", "Grizzly Bears", "--save", str(saved)).returncode == 0
    assert "expect:" not in saved.read_text()
    assert "UNCHECKED" in run_cli("check", str(saved)).stdout


def test_save_refuses_to_overwrite_unless_forced(tmp_path):
    saved = tmp_path / "bears.yaml"
    saved.write_text("mine\n")
    out = run_cli("ask", "cast", "Grizzly Bears", "--save", str(saved))
    assert out.returncode == 2 and "already exists" in out.stderr
    assert saved.read_text() == "mine\n"
    out = run_cli("ask", "cast", "Grizzly Bears", "--save", str(saved), "--force")
    assert out.returncode == 0 and "can_cast: Grizzly Bears" in saved.read_text()


def test_save_dash_prints_the_case_and_it_checks_from_stdin():
    printed = run_cli("ask", "cast", "Grizzly Bears", "--phase", "end", "--save", "-", "--expect")
    assert printed.returncode == 0
    assert "hand: [Grizzly Bears]" in printed.stdout and "step: end" in printed.stdout
    check = run_cli("check", "-", input=printed.stdout)
    assert check.returncode == 0 and "PASS  expected: NO" in check.stdout


def test_unsupported_is_a_refusal_and_saved_as_one(tmp_path):
    poke = (
        "{name: Mind Poke, mana_cost: '{B}', types: [Sorcery], abilities: "
        "[{unmodeled: It makes the opponent discard., targets: [target opponent]}]}"
    )
    ward = (
        "{name: Sanctity Ward, mana_cost: '{2}{W}', types: [Enchantment], abilities: "
        "[{unmodeled: Its controller can't be targeted.}]}"
    )
    words = ["ask", "cast", "Mind Poke", "--define", poke, "--define", ward, "-t", "Sanctity Ward"]
    out = run_cli(*words)
    assert out.returncode == 3 and "UNSUPPORTED" in out.stdout and "Sanctity Ward" in out.stdout
    saved = tmp_path / "ward.yaml"
    assert run_cli(*words, "--save", str(saved), "--expect").returncode == 0
    assert "status: unsupported" in saved.read_text()
    assert "PASS  expected: unsupported" in run_cli("check", str(saved)).stdout


def test_explain_and_json_as_check():
    words = [
        "ask",
        "activate",
        "Llanowar Elves",
        "-t",
        "Llanowar Elves:since=now",
        "--active",
        "Bob",
    ]
    explained = run_cli(*words, "--explain")
    assert explained.returncode == 0
    assert "302.6" in explained.stdout.split("Rules:")[0].split("A  NO")[1]
    data = json.loads(run_cli(*words, "-f", "json").stdout)
    assert data["results"][0]["file"] == "<ask>" and data["summary"]["unchecked"] == 1


@pytest.mark.parametrize(
    ("words", "message"),
    [
        (
            ["activate", "Llanowar Elfs", "-t", "Llanowar Elfs"],
            "mtgrules ask: --theirs 'Llanowar Elfs': C001 unknown card 'Llanowar Elfs'; "
            "did you mean 'Llanowar Elves'?",
        ),
        (
            ["activate", "Llanowar Elfs"],
            "mtgrules ask: the question's card 'Llanowar Elfs': C001 unknown card "
            "'Llanowar Elfs'; did you mean 'Llanowar Elves'?",
        ),
        (
            ["activate", "Llanowar Elves", "-m", "Llanowar Elves:since=5"],
            "mtgrules ask: --mine 'Llanowar Elves:since=5': C011 controlled_since_turn 5 is "
            "after the current turn 3",
        ),
        (
            ["cast", "Grizzly Bears", "--turn", "0"],
            "mtgrules ask: --turn 0: S004",
        ),
        (
            ["activate", "Llanowar Elves", "-m", "Llanowar Elves:sinse=2"],
            "mtgrules ask: --mine 'Llanowar Elves:sinse=2': no object fact `sinse`; "
            "did you mean `since`?",
        ),
        (["activat", "Llanowar Elves"], "mtgrules ask: no question `activat`; did you mean"),
        (["cast", "Grizzly Bears", "-a", "2"], "mtgrules ask: --ability is not an option of"),
        (["cast", "Grizzly Bears", "--phase", "upkep"], "did you mean `upkeep`?"),
        (["activate", "Llanowar Elves", "-a", "3"], "C008 Llanowar Elves has 1 ability"),
        (["cast", "Grizzly Bears", "--expect"], "give --save FILE too"),
        (["cast", "Grizzly Bears", "--active", "Carol"], "--active Carol: C005"),
    ],
)
def test_bad_input_is_one_clear_line_and_exit_2(words, message):
    out = run_cli("ask", *words)
    assert out.returncode == 2, out.stdout
    assert message in out.stderr, out.stderr
    assert "Traceback" not in out.stderr and out.stdout == ""


def test_help_teaches_the_compact_form():
    out = run_cli("ask", "--help")
    assert out.returncode == 0
    for words in ("NAME:FACTS", "since=now", "in=hand", "--save", "Defaults", "Alice"):
        assert words in out.stdout, words


@pytest.mark.parametrize(
    "module", [mtgrules.cli.ask.command, mtgrules.cli.ask.document, mtgrules.cli.ask.specs]
)
def test_doc_examples(module):
    failures, tried = doctest.testmod(module)
    assert tried and not failures


def test_without_question_and_card_off_a_terminal_is_a_usage_error():
    out = run_cli("ask")
    assert out.returncode == 2 and "give QUESTION and CARD" in out.stderr


def _on_a_terminal(args: list[str], typed: bytes) -> tuple[int, str]:
    """Run ``mtgrules ARGS`` with a pseudo-terminal as stdin/stdout, ``typed`` typed ahead."""
    import os
    import select
    import subprocess
    import sys
    import time

    pty = pytest.importorskip("pty")
    master, slave = pty.openpty()
    env = {**os.environ, "NO_COLOR": "1"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "mtgrules", *args], stdin=slave, stdout=slave, stderr=slave, env=env
    )
    os.close(slave)
    os.write(master, typed)
    out, deadline = b"", time.monotonic() + 120
    while time.monotonic() < deadline:
        ready, _, _ = select.select([master], [], [], 1)
        if not ready:
            if proc.poll() is not None:
                break
            continue
        try:
            chunk = os.read(master, 4096)
        except OSError:  # the other end closed: the command ended
            break
        if not chunk:
            break
        out += chunk
    os.close(master)
    return proc.wait(timeout=10), out.decode(errors="replace")


def test_on_a_terminal_ask_alone_prompts_for_the_pieces(tmp_path):
    saved = tmp_path / "prompted.yaml"
    typed = b"activate\nLlanowar Elves\n\nLlanowar Elves:since=now,owner=Alice\n\nBob\n\n"
    code, out = _on_a_terminal(["ask", "--save", str(saved), "--expect"], typed)
    assert code == 0, out
    command = (
        "mtgrules ask activate 'Llanowar Elves' -t 'Llanowar Elves:since=now,owner=Alice' "
        "--turn 3 --active Bob"
    )
    assert f"The same as: {command}" in out
    assert "A  NO" in out and "PASS" in out
    assert f"#   {command}\n" in saved.read_text()  # --save, --expect: not the question
