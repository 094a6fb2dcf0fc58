"""Play-out cases for the bench bank (case format version 2), each knowing its answer.

A generated play-out is 1 to 4 *segments* played one after the other in Alice's main
phase, each a few actions whose outcome this module works out by itself, from the rule
the segment exercises, without the engine:

- ``shock``: a 2-damage instant at Bob (his life goes down by 2, CR 120.3a) or at one
  of his creatures, which dies when its toughness is 2 or less (120.3e, 704.5g);
- ``wither``: -3/-3 until end of turn on a creature of Bob's: it dies when its
  toughness is 3 or less (704.5f);
- ``balm``: Alice gains 3 life (119.3);
- ``insight``: Alice draws two cards from her listed library (121.1, 121.2): the next
  two of it are in her hand;
- ``response``: +3/+3 cast on Bob's creature and -3/-3 cast on it in response: the
  last cast resolves first (405.5); the creature dies when its toughness is 3 or less,
  and then the pump has no legal target and doesn't resolve (608.2b).

Each spell is paid with the land named for it (``pay:``); the top of the stack
resolves with ``resolve``, ``resolve_all`` or both players passing. The creatures are
Grizzly Bears or real vanilla creatures from the corpus (their toughness is printed).
The question is ``state`` of both life totals and of the zones of the objects the
segments touched.
"""

from __future__ import annotations

from random import Random
from typing import Any

from generators import Made, Pool, creature

CARDS: list[dict[str, Any]] = [
    {
        "name": "Bench Shock",
        "mana_cost": "{R}",
        "types": ["Instant"],
        "abilities": [
            {
                "spell": {
                    "does": "This spell deals 2 damage to any target.",
                    "targets": ["any target"],
                }
            }
        ],
    },
    {
        "name": "Bench Wither",
        "mana_cost": "{B}",
        "types": ["Instant"],
        "abilities": [
            {
                "spell": {
                    "does": "Target creature gets -3/-3 until end of turn.",
                    "targets": ["target creature"],
                }
            }
        ],
    },
    {
        "name": "Bench Growth",
        "mana_cost": "{G}",
        "types": ["Instant"],
        "abilities": [
            {
                "spell": {
                    "does": "Target creature gets +3/+3 until end of turn.",
                    "targets": ["target creature"],
                }
            }
        ],
    },
    {
        "name": "Bench Balm",
        "mana_cost": "{W}",
        "types": ["Instant"],
        "abilities": [{"spell": {"does": "You gain 3 life."}}],
    },
    {
        "name": "Bench Insight",
        "mana_cost": "{U}",
        "types": ["Sorcery"],
        "abilities": [{"spell": {"does": "Draw two cards."}}],
    },
]
LAND_FOR = {"R": "Mountain", "B": "Swamp", "G": "Forest", "W": "Plains", "U": "Island"}


class _Builder:
    """The board, actions and expected state of one play-out, built segment by segment."""

    def __init__(self, rng: Random, pool: Pool) -> None:
        self.rng, self.pool = rng, pool
        self.mine: list[Any] = []
        self.theirs: list[Any] = []
        self.hand: list[Any] = []
        self.library: list[Any] = []
        self.actions: list[Any] = []
        self.start = {"Alice": rng.randint(5, 20), "Bob": rng.randint(10, 20)}
        self.life = dict(self.start)
        self.zones: dict[str, str] = {}
        self.rules: list[str] = []
        self.n = 0

    def spell(self, name: str, color: str, targets: list[str] | None = None) -> str:
        """Alice's card ``name`` in hand and the land that pays for it; its cast action."""
        self.n += 1
        oid, land = f"sp{self.n}", f"land{self.n}"
        self.hand.append({"card": name, "id": oid})
        self.mine.append({"card": LAND_FOR[color], "id": land})
        action: dict[str, Any] = {"cast": oid, "pay": [land]}
        if targets:
            action["targets"] = targets
        self.actions.append(action)
        self.zones[oid] = "graveyard"  # it resolves, or has no legal target (608.2b, 608.2n)
        return oid

    def creature_of_bob(self) -> tuple[str, int]:
        body = creature(self.rng, self.pool)
        self.n += 1
        oid = f"cr{self.n}"
        self.theirs.append({"card": body.name, "id": oid, "controlled_since_turn": 1})
        return oid, body.toughness

    def resolve(self, times: int = 1) -> None:
        """The top ``times`` objects resolve, asked for one of three ways."""
        way = self.rng.choice(["resolve", "resolve_all", "pass"])
        if way == "resolve_all":
            self.actions.append("resolve_all")
        else:
            for _ in range(times):
                self.actions += ["resolve"] if way == "resolve" else ["pass", "pass"]

    def segment(self, kind: str) -> None:
        if kind == "shock" and self.rng.random() < 0.5:
            self.spell("Bench Shock", "R", ["Bob"])
            self.resolve()
            self.life["Bob"] -= 2
            self.rules.append("120.3a")
        elif kind == "shock":
            oid, toughness = self.creature_of_bob()
            self.spell("Bench Shock", "R", [oid])
            self.resolve()
            self.zones[oid] = "graveyard" if toughness <= 2 else "battlefield"
            self.rules += ["120.3e", "704.5g"] if toughness <= 2 else ["120.3e"]
        elif kind == "wither":
            oid, toughness = self.creature_of_bob()
            self.spell("Bench Wither", "B", [oid])
            self.resolve()
            self.zones[oid] = "graveyard" if toughness <= 3 else "battlefield"
            self.rules += ["704.5f"] if toughness <= 3 else ["611.2a"]
        elif kind == "balm":
            self.spell("Bench Balm", "W")
            self.resolve()
            self.life["Alice"] += 3
            self.rules.append("119.3")
        elif kind == "insight":
            first = len(self.library)
            self.library += [{"card": "Forest", "id": f"lib{first + i}"} for i in range(2)]
            self.spell("Bench Insight", "U")
            self.resolve()
            for i in range(2):
                self.zones[f"lib{first + i}"] = "hand"
            self.rules += ["121.1", "121.2"]
        else:  # response: the last cast resolves first (405.5)
            oid, toughness = self.creature_of_bob()
            self.spell("Bench Growth", "G", [oid])
            self.spell("Bench Wither", "B", [oid])
            self.resolve(times=2)
            self.zones[oid] = "graveyard" if toughness <= 3 else "battlefield"
            self.rules += ["704.5f", "608.2b"] if toughness <= 3 else ["611.2a"]


SEGMENTS = ("shock", "wither", "balm", "insight", "response")


def playout(rng: Random, pool: Pool) -> Made:
    """A play-out of 1 to 4 segments (the module's docstring), its answer worked out here."""
    build = _Builder(rng, pool)
    kinds = [rng.choice(SEGMENTS) for _ in range(rng.randint(1, 4))]
    for kind in kinds:  # each ends with the stack empty: the next may be a sorcery
        build.segment(kind)
    if build.library:
        build.library.append({"card": "Forest", "id": "rest"})  # one more: no empty library
    refs = sorted(build.zones)
    expect = {
        "answer": {"life": dict(build.life), "zone": dict(build.zones)},
        "rules": list(dict.fromkeys(build.rules)),
    }
    return Made(
        f"A play-out: {', '.join(kinds)}",
        ["playout", *dict.fromkeys(kinds)],
        {"state": ["life", {"zone": refs}]},
        expect,
        mine=build.mine,
        theirs=build.theirs,
        hand=build.hand,
        library=build.library,
        life=build.start,
        cards=CARDS,
        actions=build.actions,
        noise="lands",
    )
