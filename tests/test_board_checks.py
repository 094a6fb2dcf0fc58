"""Contradictory boards are diagnostics, not answers (caseio/board_checks.py).

Each test starts from a valid case, adds one contradiction and checks the code
and the position; the near misses the rules allow must stay valid.
"""

from __future__ import annotations

import pytest

from mtgrules.caseio.case import read_case
from mtgrules.caseio.diagnostics import CaseError
from tests.conftest import run_cli

BASE = """\
game:
  turn: 5
  active_player: Alice
  phase: precombat_main
players:
  - name: Alice
    battlefield:
      - card: Llanowar Elves
        id: elves
      - card: Forest
        id: forest
{alice}
  - name: Bob
{bob}
question:
  can_activate: {{object: elves, ability: 1}}
{extra}"""

EQUIPMENT_AND_AURA = """\
cards:
  - name: Test Blade
    mana_cost: "{1}"
    types: [Artifact]
    subtypes: [Equipment]
  - name: Grave Charm
    mana_cost: "{B}"
    types: [Enchantment]
    subtypes: [Aura]
    abilities:
      - keyword: enchant creature card in a graveyard
"""


def case(alice: str = "", bob: str = "", extra: str = "", game: str = "") -> bytes:
    text = BASE.format(alice=alice, bob=bob, extra=extra)
    if game:
        text = text.replace("  phase: precombat_main\n", game)
    return text.encode()


def codes(raw: bytes) -> list[tuple[str, str]]:
    """(code, JSON path) of each problem; [] for a valid case."""
    try:
        read_case(raw, "board.yaml")
    except CaseError as err:
        return [(d.code, d.path) for d in err.diagnostics]
    return []


# --- tokens: CR 111.7, 704.5d -----------------------------------------------------------


@pytest.mark.parametrize("zone", ["hand", "graveyard", "exile", "library"])
def test_a_token_off_the_battlefield_has_ceased_to_exist(zone):
    raw = case(alice=f"    {zone}:\n      - card: Llanowar Elves\n        token: true\n")
    assert codes(raw) == [("C014", f"$.players[0].{zone}[0].token")]


def test_a_token_on_the_battlefield_is_fine():
    raw = case(alice="      - card: Llanowar Elves\n        token: true\n")
    assert codes(raw) == []


def test_token_false_in_the_graveyard_is_a_card():
    raw = case(alice="    graveyard:\n      - card: Llanowar Elves\n        token: false\n")
    assert codes(raw) == []


# --- owners: CR 400.3 -------------------------------------------------------------------


@pytest.mark.parametrize("zone", ["hand", "graveyard", "library"])
def test_a_card_is_only_in_its_owners_hand_library_or_graveyard(zone):
    raw = case(alice=f"    {zone}:\n      - card: Grizzly Bears\n        owner: Bob\n")
    assert codes(raw) == [("C022", f"$.players[0].{zone}[0].owner")]


@pytest.mark.parametrize(
    "listed",
    [
        "    exile:\n      - card: Grizzly Bears\n        owner: Bob\n",  # exile is shared
        "      - card: Grizzly Bears\n        owner: Bob\n",  # Alice controls Bob's card
        "    graveyard:\n      - card: Grizzly Bears\n        owner: Alice\n",
    ],
)
def test_another_owner_on_the_battlefield_or_in_exile_is_fine(listed):
    assert codes(case(alice=listed)) == []


# --- attachments: CR 301.5c, 303.4d, 704.5m, 704.5n ------------------------------------


def test_nothing_is_attached_to_itself():
    raw = case(alice="      - card: Wild Growth\n        id: growth\n        attached_to: growth\n")
    assert codes(raw) == [("C015", "$.players[0].battlefield[2].attached_to")]


def test_an_aura_that_enchants_a_land_is_on_a_land_on_the_battlefield():
    on_board = case(
        alice="      - card: Wild Growth\n        attached_to: forest\n",
    )
    assert codes(on_board) == []
    in_graveyard = case(
        alice="      - card: Wild Growth\n        attached_to: dead\n"
        "    graveyard:\n      - card: Forest\n        id: dead\n"
    )
    assert codes(in_graveyard) == [("C015", "$.players[0].battlefield[2].attached_to")]


def test_equipment_is_attached_only_to_a_permanent():
    raw = case(
        alice="      - card: Test Blade\n        attached_to: bears\n"
        "    hand:\n      - card: Grizzly Bears\n        id: bears\n",
        extra=EQUIPMENT_AND_AURA,
    )
    (found,) = codes(raw)
    assert found == ("C015", "$.players[0].battlefield[2].attached_to")


def test_an_aura_that_enchants_a_card_in_a_graveyard_may_be_attached_there():
    raw = case(
        alice="      - card: Grave Charm\n        attached_to: bears\n"
        "    graveyard:\n      - card: Grizzly Bears\n        id: bears\n",
        extra=EQUIPMENT_AND_AURA,
    )
    assert codes(raw) == []


# --- whose turn it is: CR 102.1 -----------------------------------------------------------


def test_the_active_players_last_turn_is_the_current_turn():
    assert codes(case(alice="    last_turn: 3\n")) == [("C016", "$.players[0].last_turn")]
    assert codes(case(alice="    last_turn: 5\n")) == []


def test_the_current_turn_is_nobody_elses_last_turn():
    assert codes(case(bob="    last_turn: 5\n")) == [("C016", "$.players[1].last_turn")]


def test_two_players_never_had_the_same_turn():
    raw = case(alice="    last_turn: 5\n", bob="    last_turn: 5\n")
    assert [c for c, _ in codes(raw)] == ["C016"]
    raw = case(bob="    last_turn: 3\n  - name: Cleo\n    last_turn: 3\n")
    assert codes(raw) == [("C016", "$.players[2].last_turn")]


def test_extra_turns_are_a_consistent_last_turn():
    # Alice took turns 4 and 5 (an extra turn): Bob's most recent turn is 3.
    assert codes(case(alice="    last_turn: 5\n", bob="    last_turn: 3\n")) == []


# --- priority and mana payment: CR 502.4, 514.3a --------------------------------------------


def test_nobody_pays_mana_in_the_untap_step():
    raw = case(game="  phase: beginning\n  step: untap\n  paying_mana: Alice\n")
    assert codes(raw) == [("C010", "$.game.paying_mana")]


def test_priority_in_the_cleanup_step_is_possible_when_something_triggered():
    raw = case(game="  phase: ending\n  step: cleanup\n  priority: Bob\n")
    assert codes(raw) == []
    raw = case(game="  phase: beginning\n  step: untap\n  priority: Bob\n")
    assert codes(raw) == [("C010", "$.game.priority")]


def test_every_contradiction_of_a_file_is_reported_at_once(tmp_path):
    raw = case(
        alice="      - card: Wild Growth\n        id: g\n        attached_to: g\n"
        "    exile:\n      - card: Forest\n        token: true\n",
        bob="    last_turn: 5\n",
    )
    path = tmp_path / "many.yaml"
    path.write_bytes(raw)
    run = run_cli("validate", str(path))
    assert run.returncode == 2
    found = sorted(line.split()[1] for line in run.stdout.splitlines() if ": C0" in line)
    assert found == ["C014", "C015", "C016"], run.stdout


# --- turn numbers after the current turn (C011), players not in the game (C005) ----------------


@pytest.mark.parametrize(
    ("alice", "path"),
    [
        ("      - {card: Grizzly Bears, controlled_since_turn: 6}\n", "battlefield[2]."),
        ("    exile:\n      - {card: Grizzly Bears, plotted_on_turn: 6}\n", "exile[0]."),
        ("    last_turn: 6\n", ""),
    ],
)
def test_a_turn_number_after_the_current_turn_is_impossible(alice, path):
    field = "last_turn" if not path else alice.split(", ")[-1].split(":")[0]
    assert codes(case(alice=alice)) == [("C011", f"$.players[0].{path}{field}")]


@pytest.mark.parametrize(
    "game",
    [
        "  phase: precombat_main\n  priority: Carl\n",
        "  phase: precombat_main\n  paying_mana: Carl\n",
    ],
)
def test_a_player_who_is_not_in_the_game_holds_nothing(game):
    assert [c for c, _ in codes(case(game=game))] == ["C005"]


# --- planeswalkers: CR 704.5i, 306.5b, 117.5 ----------------------------------------------


def test_a_planeswalker_without_loyalty_counters_while_a_player_has_priority():
    """A loyalty ability of a 0-loyalty Gideon Jura was answered YES: the board can't exist
    while Alice has priority, as state-based actions would have removed it."""
    bare = case(alice="      - {card: Gideon Jura, id: gideon}\n")
    assert codes(bare) == [("C021", "$.players[0].battlefield[2]")]
    zero = case(alice="      - {card: Gideon Jura, id: gideon, counters: {loyalty: 0}}\n")
    assert codes(zero) == [("C021", "$.players[0].battlefield[2].counters")]


def test_a_planeswalker_with_loyalty_or_before_state_based_actions_is_fine():
    loyal = case(alice="      - {card: Gideon Jura, id: gideon, counters: {loyalty: 1}}\n")
    assert codes(loyal) == []
    pending = case(
        alice="      - {card: Gideon Jura, id: gideon}\n",
        game="  phase: precombat_main\n  priority: null\n",
    )
    assert codes(pending) == []
    in_graveyard = case(alice="    graveyard:\n      - {card: Gideon Jura}\n")
    assert codes(in_graveyard) == []
