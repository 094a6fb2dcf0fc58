"""The first bench's generators: ``can_activate`` cases of built-in cards (bench/run.py).

Each generator takes a ``random.Random`` and the turn number and returns a
:class:`Scenario` (the acting player's key permanents, the question, the expected
answer and rules, and any game overrides); :func:`old_case` makes a case of one.
To bench a new question type this way, add generators to ``GENERATORS``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

NAMES = ["Alice", "Bob", "Chandra", "Dmitri", "Emiko", "Farid", "Greta", "Hiro"]
LANDS = ["Forest", "Island", "Mutavault"]
CREATURES = ["Grizzly Bears", "Raging Goblin", "Llanowar Elves", "Hangarback Walker"]
HAND = ["Grizzly Bears", "Forest", "Island", "Mind Stone", "Raging Goblin", "Icy Manipulator"]


@dataclass
class Scenario:
    """One generated case: the asker's board (Alice acts), its question and expectation."""

    title: str
    tags: list[str]
    question: dict[str, Any]
    answer: str
    rules: list[str]
    mine: list[dict[str, Any]]  # the acting player's battlefield, question object first
    game: dict[str, Any] = field(default_factory=dict)  # phase/step/priority overrides
    no_untapped_creatures: bool = False  # fillers for the acting player must not add any


def _elves(rng: random.Random, turn: int) -> Scenario:
    """Summoning sickness and {T} (CR 302.6, 107.5) on a creature's mana ability."""
    sick = rng.random() < 0.5
    tapped = not sick and rng.random() < 0.3
    elves: dict[str, Any] = {"card": "Llanowar Elves", "id": "elves"}
    if sick:
        elves["controlled_since_turn"] = turn
    elif rng.random() < 0.5:
        elves["controlled_since_turn"] = rng.randint(1, turn - 1)
    if tapped:
        elves["tapped"] = True
    answer, rules = (
        ("no", ["302.6"]) if sick else ("no", ["107.5"]) if tapped else ("yes", ["302.6"])
    )
    return Scenario(
        "Llanowar Elves' mana ability and summoning sickness",
        ["summoning-sickness", "tap-symbol"],
        {"can_activate": {"object": "elves", "ability": 1}},
        answer,
        rules,
        [elves],
    )


def _artifact(rng: random.Random, turn: int) -> Scenario:
    """A noncreature artifact's {T} mana ability: no summoning sickness (CR 302.6, 605.1a)."""
    tapped = rng.random() < 0.3
    stone: dict[str, Any] = {"card": "Mind Stone", "id": "stone", "controlled_since_turn": turn}
    if tapped:
        stone["tapped"] = True
    return Scenario(
        "A fresh Mind Stone taps for mana at once",
        ["mana-ability", "tap-symbol"],
        {"can_activate": {"object": "stone", "ability": 1}},
        "no" if tapped else "yes",
        ["107.5"] if tapped else ["302.6", "605.1a"],
        [stone],
    )


def _drum(rng: random.Random, turn: int) -> Scenario:
    """Springleaf Drum taps another creature, summoning sick or not (CR 302.6)."""
    helper = rng.random() < 0.6
    mine: list[dict[str, Any]] = [{"card": "Springleaf Drum", "id": "drum"}]
    if helper:
        mine.append(
            {"card": rng.choice(["Grizzly Bears", "Llanowar Elves"]), "controlled_since_turn": turn}
        )
    return Scenario(
        "Springleaf Drum needs another untapped creature",
        ["cost", "summoning-sickness"],
        {"can_activate": {"object": "drum", "ability": 1}},
        "yes" if helper else "no",
        ["302.6"],
        mine,
        no_untapped_creatures=True,
    )


def _loyalty(rng: random.Random, turn: int) -> Scenario:
    """Loyalty abilities only at sorcery speed (CR 606.3)."""
    main = rng.random() < 0.5
    game = {} if main else {"phase": "combat", "step": "declare_attackers"}
    ability = rng.randint(1, 3)
    mine: list[dict[str, Any]] = [
        {"card": "Gideon Jura", "id": "gideon", "counters": {"loyalty": rng.randint(3, 9)}}
    ]
    if ability == 2:  # "[-2]: destroy target tapped creature" needs one (CR 601.2c, 602.2b)
        mine.append({"card": "Grizzly Bears", "tapped": True})
    return Scenario(
        "Gideon's loyalty abilities wait for a main phase",
        ["loyalty", "timing"],
        {"can_activate": {"object": "gideon", "ability": ability}},
        "yes" if main else "no",
        ["606.3"],
        mine,
        game,
    )


def _priority(rng: random.Random, turn: int) -> Scenario:
    """A non-mana activated ability needs priority (CR 117.1b)."""
    mine_priority = rng.random() < 0.5
    return Scenario(
        "Icy Manipulator needs its controller to hold priority",
        ["priority", "timing"],
        {"can_activate": {"object": "icy", "ability": 1}},
        "yes" if mine_priority else "no",
        ["117.1b"],
        [{"card": "Icy Manipulator", "id": "icy"}],
        {} if mine_priority else {"priority": "OPPONENT"},
    )


# Question type -> the scenario generators for it. Add a question type here.
GENERATORS: dict[str, list[Callable[[random.Random, int], Scenario]]] = {
    "can_activate": [_elves, _artifact, _drum, _loyalty, _priority],
}


def _fillers(rng: random.Random, turn: int, creatures: bool) -> list[Any]:
    out: list[Any] = []
    for _ in range(rng.randint(0, 5)):
        if creatures and rng.random() < 0.4:
            item: dict[str, Any] = {"card": rng.choice(CREATURES)}
            if rng.random() < 0.3:
                item["controlled_since_turn"] = rng.randint(1, turn)
        else:
            item = {"card": rng.choice(LANDS)}
        if rng.random() < 0.4 or (not creatures and item["card"] == "Mutavault"):
            item["tapped"] = True
        out.append(item if len(item) > 1 or rng.random() < 0.5 else item["card"])
    return out


def old_case(rng: random.Random, index: int) -> dict[str, Any]:
    """One can_activate case of the first bench (the generators in ``GENERATORS``)."""
    kind = rng.choice(sorted(GENERATORS))
    turn = rng.randint(2, 14)
    scenario = rng.choice(GENERATORS[kind])(rng, turn)
    me, other = rng.sample(NAMES, 2)
    mine = [*scenario.mine, *_fillers(rng, turn, creatures=not scenario.no_untapped_creatures)]
    rng.shuffle(mine)
    players = [
        {"name": me, "life": rng.randint(1, 20), "battlefield": mine},
        {
            "name": other,
            "life": rng.randint(1, 20),
            "battlefield": _fillers(rng, turn, creatures=True),
        },
    ]
    if rng.random() < 0.5:
        players[0]["hand"] = rng.sample(HAND, rng.randint(1, 3))
    game: dict[str, Any] = {"turn": turn, "active_player": me, "phase": "precombat_main"}
    game.update({k: other if v == "OPPONENT" else v for k, v in scenario.game.items()})
    return {
        "id": f"bench-{index:05d}",
        "title": scenario.title,
        "tags": [*scenario.tags, kind.replace("_", "-")],
        "game": game,
        "players": players,
        "question": scenario.question,
        "expect": {"answer": scenario.answer, "rules": scenario.rules},
    }
