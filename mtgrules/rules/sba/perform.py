"""Performing state-based actions (CR 704.3): every applicable one at once, as a single
event, then the check again, until none applies.

:func:`perform` is what the play-out calls each time a player would receive priority
(117.5) and what a version-1 question's board goes through first
(:func:`mtgrules.bank.checking.settled`). Each pass reads the objects' characteristics after
all continuous effects (:func:`mtgrules.rules.layers.characteristics.characteristics`), lists what the
conditions of 704.5 call for (:mod:`mtgrules.rules.sba.conditions`), and performs all of
it on the same state: the objects that leave do so through
:func:`mtgrules.rules.zones.move`, and each event carries the object as it last existed
before any of that pass's actions (704.8). A choice the rules leave to a player (the
legend rule, 704.5j) is taken from ``chosen`` or asked for (:class:`Choice`); an unread
ability that could change what a pass does makes the result unsupported, naming it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from mtgrules.answer import Step
from mtgrules.model.events import Event
from mtgrules.model.state import GameState, Zone
from mtgrules.rules import Unsupported
from mtgrules.rules.sba.conditions import Act, Choice, check
from mtgrules.rules.zones import move, with_object

# A pass that doesn't settle after this many repetitions is a loop mtgrules doesn't model
# (each pass removes at least one object or counter, or a player loses, so a real board
# settles in fewer passes than it has objects and players).
_MAX_PASSES = 1000


@dataclass(frozen=True)
class SbaResult:
    """What :func:`perform` did (CR 704.3).

    ``state``: the state after the last pass performed (before the pass that needs a
    choice or was refused, if any). ``events``: the zone changes, with ``lki`` (704.8),
    for the trigger rules ("dies", 700.4). ``steps``: one per thing done, in order.
    ``unsupported``: why mtgrules can't tell what the actions do, naming the card and
    the ability. ``needs``: the choices the next pass needs (704.5j), their options
    listed; ``chosen`` given to :func:`perform` answers them by :attr:`Choice.key`.
    ``last_seen``: for each object a pass moved, the state it last existed in on the
    battlefield (before that pass, 704.8) and the step that moved it, for a question
    about it.
    """

    state: GameState
    events: tuple[Event, ...] = ()
    steps: tuple[Step, ...] = ()
    unsupported: str | None = None
    needs: tuple[Choice, ...] = ()
    last_seen: tuple[tuple[str, GameState, Step], ...] = ()

    @property
    def settled(self) -> bool:
        """Whether the check ended with nothing more to do (no refusal, no choice)."""
        return self.unsupported is None and not self.needs

    def moved(self, oid: str) -> GameState | None:
        """The state object ``oid`` last existed in before a state-based action moved it."""
        return next((s for o, s, _ in self.last_seen if o == oid), None)

    def moved_by(self, oid: str) -> Step | None:
        """The step of the state-based action that moved object ``oid``."""
        return next((step for o, _, step in self.last_seen if o == oid), None)


def perform(
    state: GameState,
    chosen: Mapping[str, str] | None = None,
    waiting: frozenset[str] = frozenset(),
) -> SbaResult:
    """All applicable state-based actions, repeated until none applies (CR 704.3, 117.5).

    ``chosen`` maps a :attr:`Choice.key` to the option taken (the legend rule's kept
    permanent, 704.5j); ``waiting`` names the Sagas whose chapter abilities have triggered
    and wait to be put on the stack (they aren't sacrificed yet, 714.4). A board where nothing applies comes back as it was, with no
    steps, at the cost of one look at each permanent.
    """
    chosen = chosen or {}
    events: list[Event] = []
    steps: list[Step] = []
    notes_seen: set[str] = set()
    last_seen: list[tuple[str, GameState, Step]] = []
    for _ in range(_MAX_PASSES):
        try:
            found = check(state, chosen, waiting)
        except Unsupported as err:
            return SbaResult(state, tuple(events), tuple(steps), err.reason, (), tuple(last_seen))
        for note in found.notes:
            if note.text not in notes_seen:
                notes_seen.add(note.text)
                steps.append(note)
        if found.needs:
            return SbaResult(
                state, tuple(events), tuple(steps), None, found.needs, tuple(last_seen)
            )
        if not found.acts:
            state = _checked(state)
            return SbaResult(state, tuple(events), tuple(steps), None, (), tuple(last_seen))
        before = state
        state, done = _perform_pass(state, found.acts)
        events += done
        done_steps = {
            a.oid: Step(None, f"state-based actions: {a.text}", a.rules) for a in found.acts
        }
        steps += [Step(None, f"state-based actions: {a.text}", a.rules) for a in found.acts]
        last_seen += [(e.obj, before, done_steps[e.obj]) for e in done if e.obj in done_steps]
    return SbaResult(
        state,
        tuple(events),
        tuple(steps),
        "state-based actions didn't settle: mtgrules stopped after "
        f"{_MAX_PASSES} checks (CR 704.3)",
        (),
        tuple(last_seen),
    )


def _perform_pass(state: GameState, acts: tuple[Act, ...]) -> tuple[GameState, list[Event]]:
    """One check's actions, performed simultaneously (CR 704.3): the moves first, each
    event carrying the object as it was before the pass (704.8: no action of the pass has
    changed another object yet), then what changes objects that stay."""
    events: list[Event] = []
    gone: set[str] = set()
    for act in acts:
        if act.kind in ("graveyard", "destroy", "sacrifice") and act.oid not in gone:
            state, event = move(state, act.oid, Zone.GRAVEYARD)
            events.append(event)
            gone.add(act.oid)
    for act in acts:
        if act.kind == "cease" and act.oid not in gone:
            gone.add(act.oid)
            token = state.obj(act.oid)
            state = replace(
                state,
                objects=tuple(o for o in state.objects if o.oid != act.oid),
                ceased=(*state.ceased, token.oid, token.card.name),
            )
        elif act.kind == "unattach" and act.oid not in gone:
            state = with_object(state, replace(state.obj(act.oid), attached_to=None))
        elif act.kind == "counters" and act.oid not in gone:
            obj = state.obj(act.oid)
            n = min(obj.counter("+1/+1"), obj.counter("-1/-1"))
            left = dict(obj.counters)
            for kind in ("+1/+1", "-1/-1"):
                left[kind] -= n
            counters = tuple(sorted((k, v) for k, v in left.items() if v))
            state = with_object(state, replace(obj, counters=counters))
        elif act.kind == "lose" and act.player is not None:
            state = replace(
                state,
                players=tuple(
                    replace(p, lost=True, drew_from_empty=False) if p.name == act.player else p
                    for p in state.players
                ),
            )
    return _checked(state), events


def _checked(state: GameState) -> GameState:
    """CR 704.5b, 704.5h look at what happened since the last check (a draw from an empty
    library, deathtouch damage): once checked, it is no longer "since the last check"."""
    if not any(o.deathtouch_damage for o in state.objects) and not any(
        p.drew_from_empty for p in state.players
    ):
        return state
    return replace(
        state,
        objects=tuple(
            replace(o, deathtouch_damage=False) if o.deathtouch_damage else o for o in state.objects
        ),
        players=tuple(
            replace(p, drew_from_empty=False) if p.drew_from_empty else p for p in state.players
        ),
    )
