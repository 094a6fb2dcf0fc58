"""Between the actions of a play-out: state-based actions and triggered abilities before a
player receives priority (CR 117.5, 704.3, 603.3).

What a board that stands still is at priority (:func:`settled`) is in
:mod:`mtgrules.play.still_board`; :func:`settle` does the same between actions and puts
what triggered on the stack.
"""

from __future__ import annotations

from typing import Any

from mtgrules.answer import Reason
from mtgrules.caseio.case import Case
from mtgrules.model.state import GameState, StackItem, evolve
from mtgrules.play.game import Game, Refused
from mtgrules.play.trigger_targets import aim
from mtgrules.rules.effects.referents import event_referents
from mtgrules.rules.sba import SbaResult, perform
from mtgrules.rules.targets.legality import target_names
from mtgrules.rules.triggers import (
    delayed_fires,
    order_for_stack,
    trigger_conditions,
    triggered,
    triggered_rules,
)

# -- between actions: the play-out (format version 2) ---------------------------------

MAX_ROUNDS = 50  # state-based actions and triggers repeating: more is a loop (117.5)


def settle(game: Game, case: Case, action: Any, choices: Any) -> Game:
    """CR 117.5, 704.3, 603.3: before a player receives priority, state-based actions are
    performed until none apply, then the abilities that triggered (on what the last action
    did and on the state-based actions) go on the stack in APNAP order, their order within
    one controller chosen by the case (``choose: {order: [...]}``), each with its modes and
    targets (603.3c-d, :mod:`mtgrules.play.trigger_targets`); repeated until neither
    happens. Delayed triggered abilities (603.7) trigger on the step beginnings. The game
    keeps what triggered, in stack order, and the notes on what didn't, for the
    ``triggers`` question."""
    if game.over is not None:  # CR 104.2a: nothing more happens in a game that ended
        return game
    before = game.settled or game.state
    state = game.state
    events = list(game.events)
    placed: list[Any] = []
    notes: list[Reason] = []
    for _ in range(MAX_ROUNDS):
        # CR 603.2, 603.6a: an ability triggers when its event happens, seen in the game as
        # it was then, before state-based actions (a creature that enters and dies at once
        # to them still triggers on entering); what the state-based actions do is an event
        # of its own, seen after them (leaving looks back, 603.10a)
        happened = triggered(before, state, events)
        waiting = _chapters_waiting(happened, events)
        pre = state
        result = perform(state, waiting=waiting)
        if result.needs:
            need = result.needs[0]
            if choices is None:
                raise Refused(action, f"state-based actions: {need.text}: a choice")
            names = tuple(n for o in need.options for n in (o, state.obj(o).handle))
            kept = choices.take("object", need.labels, need.text, also=names)
            found = [
                o
                for o, label in zip(need.options, need.labels, strict=True)
                if kept in (o, label) or state.obj(o).handle == kept
            ]
            result = perform(state, {need.key: found[0] if found else str(kept)}, waiting)
        if result.unsupported is not None:
            raise Refused(action, f"state-based actions: {result.unsupported}")
        if any(p.lost for p in result.state.players):  # CR 104.2a, 800.4a
            return _game_over(game, result, action)
        if result.steps:
            game = game.then(result.state, *result.steps)
        state = result.state
        by_sba = triggered(pre, state, list(result.events))
        unread = [*happened.unsupported, *by_sba.unsupported]
        if unread:
            note = unread[0]
            number = f" (its ability {note.ability})" if note.ability else ""
            raise Refused(action, f"what triggers: {note.text}{number}", ())
        notes += [Reason(None, n.text, n.rules) for n in (*happened.notes, *by_sba.notes)]
        both = [*happened.triggered, *by_sba.triggered]
        events += result.events
        mana = [t for t in both if t.mana_ability]
        if mana:  # CR 605.1b, 605.3b: it resolves at once, which is not played out
            raise Refused(
                action,
                f"{_label(state, mana[0])} is a triggered mana ability: it resolves at once "
                "(CR 605.3b), which is not played out yet",
            )
        fired = both
        for event in events:
            if event.kind == "step_begins" and state.delayed:
                fires = delayed_fires(state, state.delayed, event)
                fired += fires
                gone = {id(t.delayed) for t in fires}
                state = evolve(state, delayed=tuple(d for d in state.delayed if id(d) not in gone))
        before, events = state, []
        if not fired:
            break
        state, game, stacked, removed = _on_the_stack(game, state, fired, action, choices)
        placed += stacked
        notes += removed
    else:
        raise Refused(action, f"state-based actions and triggers repeated {MAX_ROUNDS} times")
    return evolve(
        game.then(state),
        events=(),
        settled=state,
        triggered=(*game.triggered, *placed),
        trigger_notes=(*game.trigger_notes, *notes),
    )


def _chapters_waiting(found: Any, events: list) -> frozenset[str]:
    """CR 714.4: the Sagas whose chapter abilities triggered on what just happened (a lore
    counter put on them; ``found``, what triggered) and wait to be put on the stack: they
    aren't sacrificed yet."""
    if not any(e.kind == "counters_put" and e.counter == "lore" for e in events):
        return frozenset()
    return frozenset(
        t.source
        for t in found.triggered
        if any(e.kind == "counters_put" and e.obj == t.source for e in (t.event,))
    )


def _game_over(game: Game, result: SbaResult, action: Any) -> Game:
    """CR 104.2a, 104.4a: a state-based action made players lose. With one player left
    (or none: a draw) the game is over, and the play-out ends on that state with a step
    that says so; with several left it goes on without the loser (800.4a), which is not
    played out: refused."""
    left = [p.name for p in result.state.players if not p.lost]
    lost = next(s for s in result.steps if "lose" in s.text)
    if len(left) > 1:
        raise Refused(
            action,
            f"{lost.text}: the game goes on without that player (CR 800.4a), which is not "
            "played out",
        )
    if left:
        over, rule = f"the game is over: {left[0]} wins", "104.2a"
    else:
        over, rule = "the game is over: every player lost at once, so it is a draw", "104.4a"
    game = game.then(result.state, *result.steps).log(None, over, rule)
    return evolve(game, events=(), settled=result.state, over=over)


def _on_the_stack(
    game: Game, state: GameState, fired: list, action: Any, choices: Any
) -> tuple[GameState, Game, list, list[Reason]]:
    """CR 603.3b: the triggered abilities go on the stack, APNAP, each controller's in the
    order the case chooses (the first named goes on first, the last resolves first); each
    with its modes and targets chosen as it goes on (603.3c-d), or removed from the stack
    when it has no legal target (603.3d). Returns the abilities in the order they went on,
    and the reasons those removed were."""
    ordered = order_for_stack(state, fired)
    if not hasattr(ordered, "abilities"):
        if choices is None:
            raise Refused(action, f"{ordered.controller} orders triggered abilities: a choice")
        offered = tuple(
            dict.fromkeys(
                f"{ref}{suffix}"
                for t in ordered.options
                for suffix in ("", f"'s ability {t.ability}")
                for ref in _source_refs(state, t)
            )
        )
        chosen = choices.take(
            "order",
            offered,
            f"the order of {ordered.controller}'s triggered abilities "
            f"({', '.join(_label(state, t) for t in ordered.options)})",
        )
        names = [chosen] if isinstance(chosen, str) else list(chosen)
        ordered = order_for_stack(
            state, fired, {ordered.controller: [_ref(state, n) for n in names]}
        )
        if not hasattr(ordered, "abilities"):
            raise Refused(action, ordered.problem or "the order chosen doesn't fit")
    stack = state.stack
    removed: list[Reason] = []
    for t in ordered.abilities:
        label = _label(state, t)
        refers = t.event.obj if t.event.obj is not None else t.event.player
        aimed = aim(evolve(state, stack=stack), t, label, action, choices)
        rules = ("603.7", "603.3") if t.delayed is not None else ("603.2", "603.3", "603.3b")
        if t.delayed is None:
            rules += triggered_rules(state, t)  # entering, leaving, attacking, ...
        if len({f.controller for f in ordered.abilities}) > 1:
            rules += ("101.4",)  # APNAP order
        if aimed.removed is not None:
            removed.append(aimed.removed)
            game = game.log(
                None,
                f"{label} triggers, but it has no legal target: it is removed from the stack",
                *rules,
                "603.3d",
            )
            continue
        item = StackItem(
            controller=t.controller,
            ability_of=t.source,
            ability=t.ability or None,
            refers_to=refers,
            refers_lki=t.event.lki
            if t.event.kind == "moves" and t.event.from_zone == "battlefield"
            else None,
            referents=event_referents(state, t.event, t.source, trigger_conditions(state, t))
            if t.delayed is None
            else None,
            source_lki=t.source_lki or state._by_id.get(t.source),
            delayed=t.delayed,
            ability_lki=t.ability_lki,
            targets=aimed.targets,
            target_moves=aimed.moves,
            modes=aimed.modes,
        )
        stack = (item, *stack)
        aimed_at = (f" targeting {target_names(state, aimed.targets)}" if aimed.targets else "") + (
            f" (mode {', '.join(map(str, aimed.modes))})" if aimed.modes else ""
        )
        game = game.log(
            None,
            f"{label} triggers and is put on the stack{aimed_at}",
            *rules,
            *(("603.3d", "115.1d") if aimed.targets else ()),
            *(("603.3c",) if aimed.modes else ()),
        )
    state = evolve(state, stack=stack, priority=state.active_player)
    return state, game, list(ordered.abilities), removed


def _source_refs(state: GameState, t: Any) -> tuple[str, ...]:
    """How a case may name a triggered ability's source in an order: its id, its name."""
    source = state._by_id.get(t.source) or t.source_lki
    if source is None:
        return (t.source,)
    return tuple(n for n in (source.handle, source.face_name or source.card.name) if n)


def _label(state: GameState, t: Any) -> str:
    source = state._by_id.get(t.source) or t.source_lki
    name = source.label if source is not None else t.source
    if t.delayed is not None:
        return f"the delayed ability of {name}"
    return f"{name}'s ability {t.ability}"


def _ref(state: GameState, name: str) -> Any:
    """An entry of a chosen order: a REF of a source, or "REF's ability N"."""
    if "'s ability " in name:
        ref, number = name.rsplit("'s ability ", 1)
        return (_ref(state, ref), int(number))
    try:
        return state.find(name).oid
    except KeyError:
        for o in state.objects:
            if o.label == name:
                return o.oid
        return name
