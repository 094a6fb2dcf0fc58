"""The game state: immutable objects, players, turn and stack.

A :class:`GameState` is built once from a validated case and never changes;
rule functions read it and return reasons. Characteristics after continuous
effects are computed by :mod:`mtgrules.rules.layers.characteristics`, not stored here; since a
state never changes, :func:`per_state` remembers such a computation on the
state it was made from, so asking again costs a look-up.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any, TypeVar

from mtgrules.cards.copying import CopyExceptions
from mtgrules.cards.library import name_key
from mtgrules.cards.vocabulary import AbilityKind, CardDef
from mtgrules.model.turn import Phase, Step


class Zone(StrEnum):
    BATTLEFIELD = "battlefield"
    HAND = "hand"
    GRAVEYARD = "graveyard"
    EXILE = "exile"
    LIBRARY = "library"
    STACK = "stack"


@dataclass(frozen=True)
class GameObject:
    """A card or token in a zone, with its status (CR 110.5) and the facts the case gives."""

    oid: str  # the case's id, or a generated one ("Alice:battlefield:2")
    card: CardDef  # printed characteristics (a token's: those its creating effect stated)
    zone: Zone
    owner: str
    controller: str
    handle: str | None = None  # the id the case gave it, if any
    tapped: bool = False
    controlled_since_turn: int | None = None  # None: since before its controller's latest turn
    counters: tuple[tuple[str, int], ...] = ()
    attached_to: str | None = None
    token: bool = False
    embalmed: bool = False
    face_down: bool = False
    transformed: bool = False
    flipped: bool = False  # a flip card's permanent, flipped (CR 710.2)
    # the face or half the case named it by, when that isn't its card's name: a back face
    # (it is up, CR 712.8d-f), a split card's half or an Adventure cast (709.3b, 715.3b)
    face_name: str | None = None
    copy_of: str | None = None
    copy_except: CopyExceptions | None = None  # the exceptions of ``copy_of`` (CR 707.9)
    # what made it a copy of ``copy_of``: "own" (its own copy ability, 707.9), "other" (another
    # effect: only ``copy_except`` applies), None (its own ability if it has one)
    copy_via: str | None = None
    plotted_on_turn: int | None = None
    attacking: str | bool | None = None
    # in a combat the play-out declared (CR 509.1g-h): the attackers it blocks (their ids),
    # and whether an attacker is blocked (None: not known, or blockers not declared yet)
    blocking: tuple[str, ...] = ()
    blocked: bool | None = None
    x: int | None = None
    without_paying_mana_cost: bool = False  # a spell cast without paying its mana cost
    returns_at: str | None = None  # exiled until a delayed trigger returns it (CR 603.7)
    loyalty_activated_this_turn: bool | None = None  # None: the case doesn't say (CR 606.3)
    # the numbers (as questions count them) of its abilities activated this turn (CR 602.5b);
    # None: the case doesn't say
    activated_this_turn: tuple[int, ...] | None = None
    prototyped: bool = False  # cast prototyped: the spell, or the permanent it became (CR 718.3)
    # a stand-in for a card an ability names, not an object in the game: what "enter as a
    # copy of [card name]" copies (The Inspector Inspector, CR 707.2)
    named_card: bool = False
    # A permanent entered the battlefield this turn; None: not known (it came under its
    # controller's control this turn, which a change of control does without entering)
    entered_this_turn: bool | None = None
    mana_spent: int | None = None  # a spell: the total mana spent to cast it (CR 601.2h)
    # A card in a graveyard or exile: the zone it was put there from this turn, False if
    # it was put there before this turn; None: not known
    put_there_this_turn_from: str | bool | None = None
    # damage marked on a permanent this turn (CR 120.6), and whether a source with
    # deathtouch dealt any of it (704.5h)
    damage: int = 0
    deathtouch_damage: bool = False
    # how many times it has changed zones during the play-out: an object that moves becomes a
    # new object (CR 400.7), so a target chosen before the move no longer finds it (608.2b)
    moves: int = 0

    @property
    def name(self) -> str:
        return self.card.name

    def counter(self, kind: str) -> int:
        if not self.counters:  # (most objects: no dict to build)
            return 0
        return dict(self.counters).get(kind, 0)

    @property
    def label(self) -> str:
        """How answers name it: "Llanowar Elves (elves)"; by the face the case named when
        that face is up ("Insectile Aberration")."""
        name = self.face_name or self.card.name
        return f"{name} ({self.handle})" if self.handle else name


@dataclass(frozen=True)
class Player:
    name: str
    life: int = 20
    mana_pool: str = ""
    lands_played_this_turn: int = 0
    library_size: int | None = None
    last_turn: int | None = None  # given when turn order can't tell (extra turns)
    attacked_this_turn: bool | None = None  # None: the case doesn't say (CR 508.1a)
    # spells the player has cast this turn ("can't cast more than one spell each turn");
    # None: the case doesn't say
    spells_cast_this_turn: int | None = None
    # the zones the case lists for this player (``graveyard: []`` included): only their
    # contents are known, so only they can be counted (rules/layers/conditions.py)
    zones_given: frozenset[str] = frozenset()
    poison: int = 0  # poison counters (CR 122.1f); ten or more lose the game (704.5c)
    # attempted to draw from an empty library since state-based actions were last checked
    # (704.5b): the play-out sets it when a draw finds no card
    drew_from_empty: bool = False
    lost: bool = False  # lost the game (CR 104.3), by a state-based action or otherwise


@dataclass(frozen=True)
class StackItem:
    """A spell (``oid`` of its object) or an ability (``ability_of`` + ``ability``) on the stack."""

    controller: str
    oid: str | None = None
    ability_of: str | None = None
    ability: int | str | None = None
    x: int | None = None  # the value of X announced for it
    # chosen as it was cast, activated or put on the stack (CR 601.2b-c, 602.2b, 603.3d):
    # its targets (object ids or player names, in the order its text names them) and modes
    targets: tuple[str, ...] = ()
    modes: tuple[int, ...] = ()
    # each object target's ``moves`` when it was chosen (CR 400.7, 608.2b); None for a player
    target_moves: tuple[int | None, ...] = ()
    # a triggered ability: the object or player its trigger event named ("that creature",
    # CR 603.7c), and the source as it last existed if it has left its zone (603.10a, 113.7a)
    refers_to: str | None = None
    source_lki: GameObject | None = None
    # ... and, when that event was the object leaving the battlefield, the object as it
    # last existed there ("that creature's controller", 608.2h)
    refers_lki: GameObject | None = None
    # ... and what that event named, for "it", "that player", "that much" (a
    # rules.effects.referents.EventReferents, 603.2)
    referents: Any = None
    # ... and the ability as that source last had it (a cards.vocabulary.Ability, 113.7a)
    ability_lki: Any = None
    # the source's characteristics as it last existed, when paying the cost moved it
    # ("Sacrifice this creature: ...", CR 602.2b, 113.7a)
    source_chars: Any = None
    # a delayed triggered ability (CR 603.7): what it does (mtgrules.model.events.DelayedTrigger)
    delayed: Any = None


@dataclass(frozen=True)
class ContinuousEffect:
    """A continuous effect in force (CR 611), as the case states it."""

    affects: tuple[str, ...]
    timestamp: int
    source: str | None = None
    until: str | None = None
    power_toughness: str | None = None
    add_abilities: tuple[str, ...] = ()
    remove_all_abilities: bool = False
    colors: tuple[str, ...] | None = None
    add_types: tuple[str, ...] = ()
    add_subtypes: tuple[str, ...] = ()
    set_types: tuple[str, ...] | None = None
    set_subtypes: tuple[str, ...] | None = None  # CR 205.1a: replaces subtypes of their kind
    becomes: tuple[tuple[str, object], ...] = ()
    copy_of: str | None = None


@dataclass(frozen=True)
class Combat:
    """What the play-out knows of this combat besides each creature's own status (CR 506-511).

    ``attackers_declared`` / ``blockers_declared``: the play-out made (or passed through)
    that declaration, so the objects' ``attacking`` / ``blocking`` are all there is; a
    board given past a declaration doesn't say which creatures block. ``first_strikers``:
    the creatures that had first strike or double strike as the first combat damage step
    began (510.4), None while the combat has no first-strike damage step; ``damage_steps``:
    how many combat damage steps have begun."""

    # the creatures the play-out declared as attackers or blockers, each with its ``moves``
    # then: one no longer there as that object has left combat (CR 506.4, 400.7)
    declared: tuple[tuple[str, int], ...] = ()
    attackers_declared: bool = False
    attacked: bool = False  # one or more creatures were declared as attackers (508.8)
    blockers_declared: bool = False
    first_strikers: tuple[str, ...] | None = None
    damage_steps: int = 0


@dataclass(frozen=True)
class GameState:
    turn: int
    active_player: str
    phase: Phase
    step: Step | None
    priority: str | None
    players: tuple[Player, ...]
    objects: tuple[GameObject, ...]
    stack: tuple[StackItem, ...] = ()
    effects: tuple[ContinuousEffect, ...] = ()
    paying_mana: str | None = None
    # triggered abilities that have triggered and wait to be put on the stack the next time
    # a player would receive priority (CR 603.3), and delayed triggered abilities (603.7)
    pending: tuple[Any, ...] = ()  # mtgrules.model.events.Triggered
    delayed: tuple[Any, ...] = ()  # mtgrules.model.events.DelayedTrigger
    combat: Combat = field(default_factory=Combat)  # this combat, as played out (506-511)
    # the ids and names of the tokens that ceased to exist (CR 111.7, 704.5d): a question
    # may still name them, and is told they are gone
    ceased: tuple[str, ...] = ()
    _by_id: dict[str, GameObject] = field(default_factory=dict, compare=False, repr=False)
    # the very ``objects`` tuple ``_by_id`` indexes: a state made by ``dataclasses.replace``
    # that keeps its parent's objects keeps its index too (it is never changed in place)
    _indexed: tuple[GameObject, ...] | None = field(default=None, compare=False, repr=False)
    _memo: dict[tuple, tuple[GameObject, Any]] | None = field(
        default=None, compare=False, repr=False
    )
    _index: dict[tuple, Any] = field(default_factory=dict, compare=False, repr=False)
    # the memories this state shares with the states of its game (Lineage): handed on
    # by ``dataclasses.replace``, so a play-out's states keep their case's
    _lineage: Lineage = field(default_factory=lambda: Lineage(), compare=False, repr=False)

    def __post_init__(self) -> None:
        # A state gets its own index of its objects by id, unless ``dataclasses.replace``
        # handed it the one of the very same objects (an index is never changed in place);
        # its memory when it first remembers something. An index handed in that can't be of
        # these objects (``replace(state, _by_id={})``: "index afresh") is rebuilt too.
        if self._indexed is not self.objects or len(self._by_id) != len(self.objects):
            object.__setattr__(self, "_by_id", {obj.oid: obj for obj in self.objects})
            object.__setattr__(self, "_indexed", self.objects)
        object.__setattr__(self, "_memo", None)
        object.__setattr__(self, "_index", {})

    def memory(self) -> dict[tuple, tuple[GameObject, Any]]:
        """What computations remember on this state (see :func:`per_state`): the memory
        of the states it is the same as for them (:func:`shared_memory`); never stale."""
        if self._memo is None:
            object.__setattr__(self, "_memo", shared_memory(self))
        return self._memo  # type: ignore[return-value]

    def with_objects(
        self,
        objects: tuple[GameObject, ...],
        effects: tuple[ContinuousEffect, ...] | None = None,
    ) -> GameState:
        """This state with other objects (and effects, if given)."""
        new_effects = self.effects if effects is None else effects
        return replace(self, objects=objects, effects=new_effects)

    def obj(self, oid: str) -> GameObject:
        return self._by_id[oid]

    def find(self, ref: str) -> GameObject:
        """A REF: an id, or a card name exactly one object has (validation guarantees one)."""
        return self._by_id[ref] if ref in self._by_id else find(self.objects, ref)

    def player(self, name: str) -> Player:
        return next(p for p in self.players if p.name == name)

    @property
    def player_names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.players)

    def in_zone(self, zone: Zone, controller: str | None = None) -> list[GameObject]:
        """The objects in ``zone`` (of ``controller``, if given), in the state's order: found
        once per state and zone (rules ask it for every object: tests/test_big_boards.py), a new list each
        call."""
        found = self.once(
            ("in_zone", zone, controller),
            lambda: tuple(
                o
                for o in self.objects
                if o.zone is zone and (controller is None or o.controller == controller)
            ),
        )
        return list(found)

    def once(self, key: tuple, compute: Callable[[], _R]) -> _R:
        """``compute()``, a fact of this very state (an index of its board), worked out once
        and remembered under ``key`` on this state alone: unlike :meth:`memory`, never
        shared with another state, so ``compute`` may read anything of it. Big boards ask
        such facts once per object, which would be quadratic (tests/test_big_boards.py). An exception is
        not remembered."""
        if key in self._index:
            return self._index[key]
        value = compute()
        self._index[key] = value
        return value

    def shared_fact(self, key: tuple, basis: tuple, compute: Callable[[], _R]) -> _R:
        """``compute()``, shared with the states of this lineage (:class:`Lineage`) that
        gave the same ``key`` and the very same ``basis`` (compared by identity, item by
        item): the caller names in ``basis`` everything of the state ``compute`` reads.
        The latest few values per key are kept (the basis with them, so its ids can't be
        reused); an exception is not remembered."""
        kept = self._lineage.facts.setdefault(key, [])
        for seen, value in kept:
            if len(seen) == len(basis) and all(a is b for a, b in zip(seen, basis, strict=True)):
                return value
        value = compute()
        if len(kept) >= _FACTS_KEPT:
            del kept[0]
        kept.append((basis, value))
        return value

    def effects_on(self, oid: str) -> list[ContinuousEffect]:
        return [e for e in self.effects if oid in e.affects]

    @property
    def stack_empty(self) -> bool:
        return not self.stack

    @property
    def when(self) -> str:
        """ "turn 4, Alice's precombat main phase"."""
        where = self.step.label if self.step else self.phase.label
        return f"turn {self.turn}, {self.active_player}'s {where}"


_D = TypeVar("_D")


def evolve(obj: _D, **changes: Any) -> _D:
    """``dataclasses.replace(obj, **changes)`` for the model's frozen dataclasses, without
    its per-field work: a play-out makes several new games, states and objects per action
    (each a copy of its parent with what changed; a state keeps its parent's very tuples
    of what didn't). The same result for a class whose fields are all ``__init__``
    arguments (checked once per class; any other class goes to ``replace``): its fields
    copied, ``changes`` set, then its ``__post_init__``, as ``replace`` does (a
    :class:`GameState` makes its index and memory its own there)."""
    cls = type(obj)
    if not _copyable(cls):
        return replace(obj, **changes)
    for name in changes:
        if name not in cls.__dataclass_fields__:  # type: ignore[attr-defined]
            raise TypeError(f"{cls.__name__} has no field {name!r}")
    new = object.__new__(cls)
    new.__dict__.update(obj.__dict__, **changes)
    post = getattr(new, "__post_init__", None)
    if post is not None:
        post()
    return new


@functools.cache
def _copyable(cls: type) -> bool:
    """Whether :func:`evolve` may copy ``cls``'s instances: a dataclass without
    ``__slots__`` whose every field is an ``__init__`` argument."""
    if not dataclasses.is_dataclass(cls) or "__slots__" in cls.__dict__:
        return False
    fields = dataclasses.fields(cls)  # (no ClassVar or InitVar pseudo-field among these)
    every = cls.__dataclass_fields__  # type: ignore[attr-defined]
    return len(fields) == len(every) and all(f.init for f in fields)


def find(objects: tuple[GameObject, ...], ref: str) -> GameObject:
    """The one object whose card is named ``ref`` (by any of its names, case- and
    punctuation-insensitive: a split, adventure or double-faced card by either face)."""
    key = name_key(ref)  # empty (no ASCII letter or digit): only the name as written
    matches = [
        o
        for o in objects
        if (key in {name_key(n) for n in o.card.names} if key else ref in o.card.names)
    ]
    if len(matches) != 1:
        raise KeyError(ref)
    return matches[0]


_R = TypeVar("_R")

# How many memories of recent states a lineage keeps (see Lineage.memories), and how many
# entries its plain memory and its record of plain cards may hold before starting anew: a
# long play-out stays bounded.
_MEMORIES_KEPT = 8
_PLAIN_KEPT = 20_000  # entries (a few per object)
_PLAIN_CARDS_KEPT = 50_000
_FACTS_KEPT = 4  # values per key of GameState.shared_fact


class Lineage:
    """What the states of one game share: the state a case builds and every state a
    play-out makes from it (by ``dataclasses.replace`` or :meth:`GameState.with_objects`,
    which hand the new state its parent's lineage). A new case starts a new lineage, so
    nothing is shared between cases and all of it goes with the case's states.

    ``memories``: the memories of the lineage's recent states, by what remembered
    computations read of a state: its objects, effects and players (the very tuples,
    compared by identity, so none of them can have changed; the basis keeps them, so
    their ids can't be reused) and where the turn is. The rest of a state (who has
    priority, the stack's items, pending and delayed triggers, a payment under way) no
    remembered computation reads (characteristics, rules.layers, and what it calls; a
    triggered ability's conditions, rules.triggers.abilities; copiable values,
    rules.copy): a play-out that only passes priority or puts an item on the stack keeps
    what it worked out instead of working out every object's characteristics again. Only
    the latest few are kept.

    ``plain``: [basis, memory] of the latest plain state (:func:`plain`); ``plain_cards``:
    whether each card seen is plain, by identity (the card is kept beside the answer);
    ``plain_objects``: the same of each object seen (a play-out's states share most of
    their objects, so a new state looks again only at the objects that changed).
    """

    __slots__ = ("facts", "memories", "plain", "plain_cards", "plain_objects")

    def __init__(self) -> None:
        # facts of the lineage's states worth sharing between states that are the same for
        # them (GameState.shared_fact), by key: [(basis, value), ...], the latest few
        self.facts: dict[tuple, list[tuple[tuple[Any, ...], Any]]] = {}
        self.memories: dict[int, tuple[tuple[Any, ...], dict[tuple, tuple[GameObject, Any]]]] = {}
        self.plain: list[Any] = []
        self.plain_cards: dict[int, tuple[CardDef, bool]] = {}
        self.plain_objects: dict[int, tuple[GameObject, bool]] = {}


def shared_memory(state: GameState) -> dict[tuple, tuple[GameObject, Any]]:
    """The memory ``state`` shares with the recent states of its lineage it is the same as
    (:class:`Lineage`), or, in a plain game, with the plain states before it
    (:func:`plain`)."""
    lineage = state._lineage
    basis = (
        state.objects,
        state.effects,
        state.players,
        state.turn,
        state.active_player,
        state.phase,
        state.step,
    )
    found = lineage.memories.get(id(state.objects))
    if found is not None and all(
        a is b if isinstance(a, tuple) else a == b for a, b in zip(found[0], basis, strict=True)
    ):
        return found[1]
    memo = _plain_memory(state) if plain(state) else {}
    if len(lineage.memories) >= _MEMORIES_KEPT:
        del lineage.memories[next(iter(lineage.memories))]  # the oldest
    lineage.memories[id(state.objects)] = (basis, memo)  # the tuple is kept: its id can't be reused
    return memo


# A plain game: no object with a static ability (read or not), an unread ability, a copy
# effect, another face or a characteristic-defining value, and no continuous effect but
# changes of power, toughness or color of the objects it lists. There an object's
# characteristics depend on the object, the effects that list it and where the turn is
# (when they end, CR 611.2a): only a static ability changes other objects' (CR 604.1,
# 613.1), and only one reads a player's life or cards (611.3a). So an object that didn't
# change keeps what was worked out for it, from one plain state of a lineage to the next,
# while the effects and the turn's step stay the same: the lineage's plain memory (an
# entry is kept with its very object, as per_state keeps it, so a changed object is
# worked out again).
_PLAIN_KINDS = frozenset(
    {
        AbilityKind.KEYWORD,
        AbilityKind.ACTIVATED,
        AbilityKind.LOYALTY,
        AbilityKind.TRIGGERED,
        AbilityKind.SPELL,
    }
)


def plain(state: GameState) -> bool:
    """Whether ``state`` is a plain game (above); worked out once per state."""
    return state.once(("plain",), lambda: _plain(state))


def _plain(state: GameState) -> bool:
    cards = state._lineage.plain_cards
    return all(
        not (e.remove_all_abilities or e.add_abilities or e.becomes or e.copy_of)
        and not (e.add_types or e.add_subtypes or e.set_types is not None)
        and e.set_subtypes is None
        for e in state.effects
    ) and all(_plain_object(o, state._lineage.plain_objects, cards) for o in state.objects)


def _plain_object(obj: GameObject, seen: dict[int, tuple[GameObject, bool]], cards: dict) -> bool:
    """Whether ``obj`` is plain (no copy effect, one face up, a plain card), remembered by
    identity in ``seen`` (the object is kept beside the answer: its id can't be reused)."""
    found = seen.get(id(obj))
    if found is None or found[0] is not obj:
        if len(seen) >= _PLAIN_CARDS_KEPT:
            seen.clear()
        found = seen[id(obj)] = (
            obj,
            obj.copy_of is None
            and not (obj.face_down or obj.transformed or obj.flipped or obj.prototyped)
            and obj.face_name is None
            and _plain_card(obj.card, cards),
        )
    return found[1]


def _plain_card(card: CardDef, seen: dict[int, tuple[CardDef, bool]]) -> bool:
    found = seen.get(id(card))
    if found is not None and found[0] is card:
        return found[1]
    simple = (
        card.layout == "normal"
        and card.back_face is None
        and not card.halves
        and not card.melds_from
        and not card.missing_faces
        and all(a.kind in _PLAIN_KINDS and a.defines_pt is None for a in card.abilities)
        and not any(isinstance(v, str) for v in (card.power, card.toughness))
    )
    if len(seen) >= _PLAIN_CARDS_KEPT:
        seen.clear()
    seen[id(card)] = (card, simple)  # the card is kept: its id can't be reused
    return simple


def _plain_memory(state: GameState) -> dict[tuple, tuple[GameObject, Any]]:
    """The memory of the lineage's plain states at this point of the turn, for these effects.

    The same effects (the very ones, in the same order) share the latest memory. When
    effects began or ended since, at the same point of the turn, the new memory keeps
    what was worked out for every object none of those effects lists (in a plain game
    only the effects that list an object change it, CR 611.2a, 613.1): a new effect works
    out again the objects it changes, not the whole board. An effect that moved in the
    order starts a memory anew (effects with the same timestamp apply in that order)."""
    latest = state._lineage.plain
    effects = state.effects
    point = (state.turn, state.active_player, state.phase, state.step)
    memo: dict[tuple, tuple[GameObject, Any]] = {}
    if latest and latest[0][1:] == point and len(latest[1]) < _PLAIN_KEPT:
        before: tuple[ContinuousEffect, ...] = latest[0][0]
        if len(before) == len(effects) and all(
            a is b for a, b in zip(before, effects, strict=True)
        ):
            latest[0] = (effects, *point)
            return latest[1]
        now_ids = {id(e) for e in effects}
        before_ids = {id(e) for e in before}
        kept_before = [e for e in before if id(e) in now_ids]
        kept_now = [e for e in effects if id(e) in before_ids]
        if all(a is b for a, b in zip(kept_before, kept_now, strict=True)):
            changed = [e for e in before if id(e) not in now_ids]
            changed += [e for e in effects if id(e) not in before_ids]
            listed = {oid for e in changed for oid in e.affects}
            memo = {k: v for k, v in latest[1].items() if v[0].oid not in listed}
    latest[:] = [(effects, *point), memo]
    return memo


def per_state(
    compute: Callable[..., _R],
) -> Callable[..., _R]:
    """Remember ``compute(state, obj, **options)`` on ``state``, per object and options.

    A state and its objects are immutable, so the value can't go stale; a state
    made from another (:meth:`GameState.with_objects`, ``dataclasses.replace``)
    starts with an empty memory, unless only what no remembered computation reads
    changed (:func:`shared_memory`): ``compute`` must read of the state only its
    objects, effects, players, turn, active player, phase and step. The
    object itself is kept beside its value, so an object that isn't in the
    state (a permanent as it would enter) is never mistaken for another one
    that happens to reuse its ``id``. Exceptions (an ``Unsupported``) are not
    remembered: they are raised again on the next call.
    """
    name = f"{compute.__module__}.{compute.__qualname__}"

    @functools.wraps(compute)
    def remembered(state: GameState, obj: GameObject, **options: Any) -> _R:
        if obj.copy_of is not None and state._by_id.get(obj.oid) is not obj:
            # an object as it would be (entering as a copy), not in the state: it depends on
            # what it copies, which a shared memory (plain games) doesn't follow
            return compute(state, obj, **options)
        if not options:
            key: tuple = (name, id(obj))
        elif len(options) == 1:  # (one option, as characteristics' ``through``: no sorting)
            key = (name, id(obj), *options.items())
        else:
            key = (name, id(obj), *sorted(options.items()))
        memo = state._memo if state._memo is not None else state.memory()
        hit = memo.get(key)
        if hit is not None and hit[0] is obj:
            return hit[1]
        value = compute(state, obj, **options)
        memo[key] = (obj, value)
        return value

    return remembered
