"""Case format version 2, its surface: the `actions:` schema and its messages, the reader,
the static checks at validation, and the P codes the play-out engine raises."""

from __future__ import annotations

import json

import pytest

from mtgrules.caseio.actions import ACTION_KINDS, Action, play_diagnostic
from mtgrules.caseio.case import read_case
from mtgrules.caseio.diagnostics import CODES, CaseError
from mtgrules.caseio.schema import schema_text
from tests.conftest import ROOT

BOARD = """\
game: {turn: 3, active_player: Alice}
players:
  - name: Alice
    battlefield:
      - {card: Grizzly Bears, id: bears}
      - {card: Llanowar Elves, id: elves}
      - {card: Forest, id: forest}
    hand: [Lightning Bolt]
  - name: Bob
    battlefield: [Wall of Omens]
"""


def case(actions: str, question: str = "question: {characteristics: bears}\n"):
    return read_case((BOARD + actions + question).encode(), "x.yaml")


def problems(actions: str, question: str = "question: {characteristics: bears}\n"):
    with pytest.raises(CaseError) as caught:
        case(actions, question)
    return caught.value.diagnostics


EVERY_ACTION = """\
actions:
  - cast: Lightning Bolt
    targets: [bears]
    x: 0
    pay: [forest]
    by: Alice
  - activate: {object: elves, ability: 1, x: 0, targets: [Bob], modes: [1], pay: [forest]}
  - play_land: Forest
  - special: {action: plot, object: Lightning Bolt, x: 0}
  - pass
  - pass:
    by: Bob
  - resolve
  - resolve_all
  - attack: {bears: Bob}
  - block: {Wall of Omens: bears}
  - block: {Wall of Omens: [bears, elves]}
  - block: {}
  - next: combat_damage
  - next: ending
  - choose: {order: [bears, elves]}
  - choose: {may: yes}
  - choose: {pay: no}
  - choose: {targets: [bears]}
  - choose: {modes: [2]}
  - choose: {color: green}
  - choose: {option: Goblin}
  - choose: {player: Bob}
  - choose: {object: bears}
  - choose: {objects: [bears, elves]}
  - choose: {damage: {bears: 2, Bob: 1}}
  - choose: {number: 3}
"""


def test_every_action_and_choice_form_is_read_in_order_with_its_position():
    actions = case(EVERY_ACTION).actions
    assert [a.index for a in actions] == list(range(1, len(actions) + 1))
    kinds = [a.kind for a in actions]
    assert set(kinds) == set(ACTION_KINDS)
    cast = actions[0]
    assert (cast.kind, cast.value, cast.by, cast.option("targets")) == (
        "cast",
        "Lightning Bolt",
        "Alice",
        ["bears"],
    )
    assert (cast.line, cast.col) == (BOARD.count("\n") + 2, 5)
    activate = actions[1]
    assert activate.arg("targets") == ["Bob"] and activate.arg("pay") == ["forest"]
    assert activate.value["object"] == "elves"
    assert actions[4].kind == "pass" and actions[4].by is None
    assert actions[5].kind == "pass" and actions[5].by == "Bob"
    assert actions[15].value == {"may": True}
    assert actions[-2].value == {"damage": {"bears": 2, "Bob": 1}}


def test_a_case_without_actions_has_none():
    assert case("").actions == ()


@pytest.mark.parametrize(
    ("entry", "code", "said"),
    [
        ("- {cast: bears, tragets: [Bob]}", "S001", "did you mean 'targets'?"),
        ("- {cats: bears}", "S003", "an action needs one of the keys cast, activate,"),
        (
            "- passs",
            "S004",
            "'passs' is not one of: pass, resolve, resolve_all; did you mean pass?",
        ),
        (
            "- {cast: bears, activate: {object: elves}}",
            "S001",
            "has two actions, 'cast' and 'activate': an entry of `actions:` holds one action",
        ),
        (
            "- {choose: {may: yes, color: red}}",
            "S004",
            "choose takes 1 key here, found 2 (may, color); write each as its own entry",
        ),
        ("- {choose: {colour: red}}", "S001", "did you mean 'color'?"),
        ("- {next: combat_dmg}", "S004", "did you mean combat_damage or combat?"),
        ("- {activate: {object: elves, abilty: 2}}", "S001", "did you mean 'ability'?"),
        ("- {attack: {bears: 3}}", "S002", "3 should be of type string"),
        ("- {special: {action: cycle, object: bears}}", "S004", "'cycle' is not one of"),
        ("- {choose: {color: purple}}", "S004", "'purple' is not one of"),
        ("- {resolve: {by: Bob}}", "S002", "should be of type null"),
    ],
)
def test_a_bad_entry_is_one_clear_problem_at_the_entry(entry, code, said):
    found = problems(f"actions:\n  {entry}\n")
    assert [d.code for d in found] == [code], found
    assert said in found[0].message
    assert found[0].path.startswith("$.actions[0]")
    assert found[0].line == BOARD.count("\n") + 2


def test_by_must_name_a_player_and_a_chosen_player_too():
    found = problems(
        "actions:\n  - cast: Lightning Bolt\n    by: Bobb\n  - choose: {player: Carol}\n"
    )
    assert [(d.code, d.path) for d in found] == [
        ("C005", "$.actions[0].by"),
        ("C005", "$.actions[1].choose.player"),
    ]
    assert "did you mean 'Bob'" in found[0].message


def test_a_choose_before_any_action_is_p003_at_validation():
    (found,) = problems("actions:\n  - choose: {may: yes}\n  - pass\n")
    assert found.code == "P003" and found.path == "$.actions[0]"
    assert found.message.startswith("action 1 (choose: {may: yes}): no action came before it")


def test_a_question_ref_not_on_the_board_is_left_to_the_play_out():
    """A token made during the play-out can be asked about; without actions it is C002."""
    question = "question: {state: [{zone: Goblin Token}]}\n"
    (found,) = problems("", question)
    assert found.code == "C002" and found.path == "$.question.state[0].zone"
    asked = case("actions:\n  - pass\n", question)
    assert asked.actions[0].kind == "pass"


def test_play_diagnostic_is_at_the_action_with_its_index_and_words():
    act = case("actions:\n  - pass\n  - cast: Lightning Bolt\n    targets: [bears]\n").actions[1]
    found = play_diagnostic("x.yaml", act, "P002", "choose the mana sources: forest or elves")
    assert str(found) == (
        f"x.yaml:{act.line}:{act.col}: P002 action 2 (cast: Lightning Bolt): "
        "choose the mana sources: forest or elves"
    )
    assert found.path == "$.actions[1]"
    with pytest.raises(ValueError):
        play_diagnostic("x.yaml", act, "C002", "not a play-out code")


def test_the_play_codes_are_documented_codes():
    assert {"P001", "P002", "P003"} <= set(CODES)
    text = (ROOT / "docs" / "diagnostics.md").read_text(encoding="utf-8")
    for code in ("P001", "P002", "P003"):
        assert f"### {code}" in text


def test_every_action_kind_has_its_schema_and_the_schema_teaches():
    schema = json.loads(schema_text("case"))
    defs = schema["$defs"]
    for kind in ACTION_KINDS:
        entry = defs[f"action_{kind}"]
        assert entry["additionalProperties"] is False
        assert "by" in entry["properties"] and entry["properties"][kind]["description"]
    described = defs["action_choose"]["properties"]["choose"]["properties"]
    assert set(described) >= {
        "order",
        "may",
        "pay",
        "targets",
        "modes",
        "color",
        "option",
        "player",
        "object",
        "objects",
        "damage",
    }


def test_action_json_round_trip():
    act = Action(1, "cast", "bolt", (("targets", ["bears"]),))
    assert act.as_json() == {"cast": "bolt", "targets": ["bears"]}
    assert Action(2, "pass").as_json() == "pass"
