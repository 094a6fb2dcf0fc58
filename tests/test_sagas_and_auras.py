"""Guards for what a spot check of breadth boards found answered wrong (docs/soundness.md,
"Answers checked by hand against the CR").

Each runs the real CLI on a small board: state-based actions on Sagas (CR 714.4, 704.5s,
714.2d), Auras (704.5m, 303.4f-g) and Siege battles (704.5v), and a legend's unread
ability that calls it by its first name (201.5c).
"""

from __future__ import annotations

import json

import pytest

from tests.conftest import run_cli

SAGA = """
cards:
  - name: Four Chapter Tale
    mana_cost: "{{3}}{{G}}"
    types: [Enchantment]
    subtypes: [Saga]
    abilities:
      - unmodeled: "I — You gain 1 life."
      - unmodeled: "II, III — Draw a card."
      - unmodeled: "IV — You gain 3 life."
game: {{turn: 3, active_player: Alice, phase: precombat_main}}
players:
  - name: Alice
    battlefield:
      - {{card: Four Chapter Tale, id: tale, counters: {{lore: {lore}}}}}
  - name: Bob
question:
  characteristics: tale
"""


def _answer(write_case, text: str) -> dict:
    done = run_cli("check", str(write_case(text)), "--format", "json")
    assert done.returncode in (0, 3), done.stderr  # 3: unsupported
    (result,) = json.loads(done.stdout)["results"]
    return result


@pytest.mark.parametrize(("lore", "survives"), [(1, True), (3, True), (4, False), (5, False)])
def test_saga_is_sacrificed_at_its_highest_chapter_number(write_case, lore, survives):
    """The final chapter number is the greatest numeral among its chapter abilities
    (714.2d), "II, III" counting as two chapters (714.2c): with three chapter paragraphs
    and lore 3 it survives; a Saga that counted paragraphs or took the first numeral of a
    paragraph would be sacrificed too early or too late."""
    result = _answer(write_case, SAGA.format(lore=lore))
    assert result["answer"]["survives_sba"] is survives
    cited = {rule for reason in result["reasons"] for rule in reason["rules"]}
    assert ("704.5s" in cited) is not survives


def test_saga_with_a_chapter_ability_on_the_stack_survives(write_case):
    """CR 714.4: it isn't sacrificed while one of its chapter abilities is on the stack;
    the stack item names its ability 3, its chapter IV ability."""
    text = SAGA.format(lore=4).replace(
        "game: {turn: 3, active_player: Alice, phase: precombat_main}",
        "game:\n  turn: 3\n  active_player: Alice\n  phase: precombat_main\n"
        "  stack:\n    - {ability_of: tale, ability: 3, controller: Alice}",
    )
    result = _answer(write_case, text)
    assert result["answer"]["survives_sba"] is True, result
    assert "714.4" in {rule for reason in result["reasons"] for rule in reason["rules"]}
    # with no chapter ability of it on the stack, lore 4 sacrifices it (704.5s)
    assert _answer(write_case, SAGA.format(lore=4))["answer"]["survives_sba"] is False


AURA_ENTERS = """
game: {{turn: 3, active_player: Alice, phase: precombat_main}}
players:
  - name: Alice
    hand:
      - {{card: Pacifism, id: aura}}
    battlefield: [{mine}]
  - name: Bob
    battlefield: [{theirs}]
question:
  enters: {{object: aura}}
"""


@pytest.mark.parametrize(
    ("mine", "theirs", "enters"),
    [
        ("Forest", "Mountain", False),  # lands only: "enchant creature" allows none
        ("Forest", "Grizzly Bears", True),  # an opponent's creature can be chosen (303.4f)
        ("Forest", "Slippery Bogle", True),  # hexproof doesn't matter: nothing is targeted
    ],
)
def test_an_aura_enters_only_with_something_to_enchant(write_case, mine, theirs, enters):
    result = _answer(write_case, AURA_ENTERS.format(mine=mine, theirs=theirs))
    if enters:
        assert result["answer"]["survives_sba"] is True
        assert any("303.4f" in r["rules"] for r in result["reasons"])
    else:  # CR 303.4g: it doesn't enter and stays in the hand
        assert result["answer"] == {"enters": False, "remains_in": "hand"}
        assert any("303.4g" in r["rules"] for r in result["reasons"])
