"""The `state` question (DESIGN, "state facts"): each fact read from the game state with its
rule, on a version-1 board; and how `expect` compares it (a subset, the stack in order,
attachments as a multiset, `{}` as none)."""

from __future__ import annotations

import pytest

from mtgrules.bank.checking import evaluate
from mtgrules.caseio.case import read_case
from mtgrules.results import compare

BOARD = """\
game:
  turn: 3
  active_player: Alice
  phase: combat
  step: {step}
  stack:
    - {{card: Lightning Bolt, controller: Bob, id: bolt}}
    - {{ability_of: walker, ability: 1, controller: Alice}}
players:
  - name: Alice
    life: 17
    battlefield:
      - {{card: Grizzly Bears, id: bears, attacking: Bob, counters: {{+1/+1: 2}}, tapped: true}}
      - {{card: Hangarback Walker, id: walker, counters: {{+1/+1: 1}}}}  # not 0/0 (704.5f)
      - {{card: Pacifism, id: p1, attached_to: bears}}
      - {{card: Pacifism, id: p2, attached_to: bears}}
    graveyard: [Llanowar Elves]
  - name: Bob
question:
  state: {facts}
"""


def answer(facts: str, step: str = "declare_attackers"):
    text = BOARD.format(step=step, facts=facts)
    return evaluate(read_case(text.encode(), "x.yaml"))


def test_each_fact_is_what_the_board_holds_with_its_rule():
    found = answer(
        "[life, {zone: [bears, Llanowar Elves], tapped: [bears, walker]}, "
        "{counters: [bears, walker], controller: bears, damage: bears}, "
        "{attached_to: p1, attachments: bears}, attacking, stack]"
    )
    assert found.unsupported is None
    value = found.value
    assert value["life"] == {"Alice": 17, "Bob": 20}
    assert value["zone"] == {"bears": "battlefield", "Llanowar Elves": "graveyard"}
    assert value["tapped"] == {"bears": True, "walker": False}
    assert value["counters"] == {"bears": {"+1/+1": 2}, "walker": {"+1/+1": 1}}
    assert value["controller"] == {"bears": "Alice"}
    assert value["damage"] == {"bears": 0}
    assert value["attached_to"] == {"p1": "bears"}
    assert sorted(value["attachments"]["bears"]) == ["Pacifism", "Pacifism"]
    assert value["attacking"] == {"bears": "Bob"}
    assert list(value["stack"]) == [
        {"card": "Lightning Bolt", "controller": "Bob", "id": "bolt"},
        {"ability_of": "walker", "ability": 1, "controller": "Alice"},
    ]
    cited = set(found.citations)
    assert {"119.1", "400.1", "110.5", "122.1", "110.2", "120.6", "303.4", "508.1", "405.2"} <= (
        cited
    )
    assert "301.5" not in cited  # Pacifism is an Aura, not an Equipment
    texts = [r.text for r in found.reasons]
    assert "Llanowar Elves is in Alice's graveyard." in texts
    assert texts.index("On top of the stack: Lightning Bolt (bolt), a spell Bob controls.") < next(
        i for i, t in enumerate(texts) if t.startswith("Under it (2 from the top): ability 1")
    )


def test_a_card_outside_the_battlefield_and_stack_has_no_controller_nor_tapped_status():
    found = answer("[{controller: Llanowar Elves, tapped: Llanowar Elves}]")
    assert found.value == {
        "controller": {"Llanowar Elves": None},
        "tapped": {"Llanowar Elves": None},
    }
    assert "108.4" in found.citations


def test_counters_on_a_player_are_refused_not_guessed():
    found = answer("[{counters: Bob}]")
    assert found.value is None and "counters on Bob" in found.unsupported


def test_blocking_after_blockers_on_a_board_as_given_is_refused():
    assert answer("[blocking]").value == {"blocking": {}}  # before the declaration
    refused = answer("[blocking]", step="combat_damage")
    assert refused.value is None and "blocking" in refused.unsupported


@pytest.mark.parametrize(
    ("expected", "status"),
    [
        ({"zone": {"bears": "battlefield"}}, "pass"),  # only the facts given are compared
        ({"zone": {"bears": "graveyard"}}, "fail"),
        ({"counters": {"walker": {"+1/+1": 1}}}, "pass"),
        ({"counters": {"bears": {}}}, "fail"),  # `{}` is none, not "anything"
        ({"stack": [{"card": "Lightning Bolt"}, {"ability_of": "walker"}]}, "pass"),
        ({"stack": [{"ability_of": "walker"}, {"card": "Lightning Bolt"}]}, "fail"),  # in order
        ({"stack": [{"card": "Lightning Bolt"}]}, "fail"),
        ({"attachments": {"bears": ["Pacifism", "Pacifism"]}}, "pass"),
        ({"attachments": {"bears": ["Pacifism"]}}, "fail"),  # a multiset: each counted
        ({"attacking": {}}, "fail"),
    ],
)
def test_expect_compares_the_facts_given(expected, status):
    found = answer(
        "[{zone: bears, counters: [bears, walker], attachments: bears}, stack, attacking]"
    )
    assert compare(found, expected, ())[0] == status


def test_a_differing_fact_names_the_fact_and_the_object():
    found = answer("[{zone: bears}, life]")
    status, said = compare(found, {"zone": {"bears": "graveyard"}, "life": {"Alice": 17}}, ())
    assert status == "fail"
    assert said == ("the answer differs in zone: bears: battlefield, expected graveyard",)
