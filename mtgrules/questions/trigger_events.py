"""The hypothetical event of ``triggers: {event: ...}`` (DESIGN, "The game in motion").

A case may ask what *would* trigger on one event described against the current board
(after any ``actions:``), without playing it: the event is built on a copy of the game
(states are immutable, so the case's game never changes) and handed to the same trigger
detector the play-out uses (CR 603.2). The kinds, each one game event of
:mod:`mtgrules.model.events`:

- ``enters: REF``: the object enters the battlefield (603.6a). One in another zone is
  moved there under its controller (its owner, for a card in a hidden or public zone,
  400.3); one already on the battlefield is judged as it is now, as if it had just
  entered from nowhere (a token appearing).
- ``dies: REF``: a creature on the battlefield is put into its owner's graveyard (700.4);
  leaves-the-battlefield abilities look back at the board before it (603.6c, 603.10a).
- ``cast: REF``: its controller (a card's owner) casts it: it moves to the stack (601.2a,
  601.2i). Targets are not chosen, so a "becomes the target" condition can't be judged.
- ``attacks: REF``: a creature on the battlefield is declared as an attacker by its
  controller (508.3a, 508.3d), alone. Only the declaration: the tapping that attacking
  also causes (508.1f) is a separate event, not included.
- ``tapped_for_mana: REF``: a permanent is tapped for mana by its controller (106.12a);
  it becomes tapped too (one ``tapped`` event, 701.26a).
- ``step: STEP``: the beginning of that step (or main phase) of the active player's turn
  (603.2b), and the delayed triggered abilities waiting for it (603.7b).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from mtgrules.model.events import Event
from mtgrules.model.state import GameObject, GameState, Zone
from mtgrules.rules.layers.characteristics import characteristics
from mtgrules.rules.triggers.abilities import trigger_abilities
from mtgrules.rules.zones import move, with_object

# the event kinds a case may write, in the order the schema lists them
EVENT_KEYS = ("enters", "dies", "cast", "attacks", "tapped_for_mana", "step")


@dataclass(frozen=True)
class Hypothetical:
    """The game just before and just after the event, the events it is made of (CR 603.2),
    how a judge says it, and the rules that say what kind of event it is."""

    before: GameState
    after: GameState
    events: tuple[Event, ...]
    words: str
    rules: tuple[str, ...]
    # event kinds that come with the real thing but aren't built here: the counters a
    # permanent may enter with (122.6, 714.3a), the tapping attacking causes (508.1f), the
    # mana ability activated to tap for mana (602.2)
    left_out: tuple[str, ...] = ()


def build(state: GameState, spec: dict[str, Any]) -> Hypothetical | str:
    """CR 603.2, 603.6a, 603.10a, 700.4, 601.2i, 508.3a, 106.12a, 603.2b: the event
    ``spec`` (one key of EVENT_KEYS) describes, on ``state``; or why it can't happen on
    this board (a str)."""
    key = next(k for k in EVENT_KEYS if k in spec)
    ref = spec[key]
    if key == "step":
        event = Event("step_begins", step=ref, player=state.active_player)
        said = ref.replace("_", " ")
        kind = "phase" if said.endswith("main") else "step"
        return Hypothetical(
            state,
            state,
            (event,),
            f"the beginning of {state.active_player}'s {said} {kind}",
            ("603.2b",),
        )
    try:
        obj = state.find(ref)
    except KeyError:
        return f"nothing on the board is {ref!r}"
    if key == "enters":
        return _enters(state, obj)
    if key == "cast":
        return _cast(state, obj)
    if obj.zone is not Zone.BATTLEFIELD:
        return f"{obj.label} isn't on the battlefield (it is in {obj.zone.value})"
    if key in ("dies", "attacks") and not characteristics(state, obj).is_a("Creature"):
        return f"{obj.label} isn't a creature, so it can't {'die' if key == 'dies' else 'attack'}"
    if key == "dies":
        after, event = move(state, obj.oid, Zone.GRAVEYARD)
        return Hypothetical(
            state,
            after,
            (event,),
            f"{obj.label} dying (looking back at the battlefield as it was)",
            ("700.4", "603.6c", "603.10a"),
        )
    if key == "attacks":
        event = Event("attacks", obj=obj.oid, player=obj.controller)
        return Hypothetical(
            state,
            state,
            (event,),
            f"{obj.label} attacking alone",
            ("508.3a", "508.3d"),
            left_out=("tapped",),
        )
    if obj.tapped:
        return f"{obj.label} is tapped, so it can't be tapped for mana"
    after = with_object(state, replace(obj, tapped=True))
    events = (
        Event("tapped_for_mana", obj=obj.oid, player=obj.controller),
        Event("tapped", obj=obj.oid),
    )
    return Hypothetical(
        state,
        after,
        events,
        f"{obj.label} being tapped for mana",
        ("106.12a", "701.26a"),
        left_out=("activated",),  # tapping for mana activates a mana ability (602.2)
    )


def _enters(state: GameState, obj: GameObject) -> Hypothetical | str:
    """CR 603.6a: entering looks at the permanent as it is on the battlefield; an instant
    or sorcery can't enter it (304.4, 307.4)."""
    chars = characteristics(state, obj)
    if chars.is_a("Instant") or chars.is_a("Sorcery"):
        return f"{obj.label} is an instant or sorcery, which can't enter the battlefield"
    if obj.zone is Zone.BATTLEFIELD:
        before = state.with_objects(tuple(o for o in state.objects if o.oid != obj.oid))
        event = Event("moves", obj=obj.oid, player=obj.controller, to_zone="battlefield")
        return Hypothetical(
            before,
            state,
            (event,),
            f"{obj.label} entering the battlefield (as it is there now)",
            ("603.6a",),
            left_out=("counters_put",),
        )
    stack = tuple(i for i in state.stack if i.oid != obj.oid)
    after, event = move(
        replace(state, stack=stack), obj.oid, Zone.BATTLEFIELD, controller=obj.controller
    )
    return Hypothetical(
        state,
        after,
        (event,),
        f"{obj.label} entering the battlefield from {obj.zone.value}",
        ("603.6a",),
        left_out=("counters_put",),
    )


def _cast(state: GameState, obj: GameObject) -> Hypothetical | str:
    """CR 601.2a, 601.2i: a spell cast moves to the stack; it is cast once it is paid for.
    A land is played, never cast (305.9)."""
    if obj.zone is Zone.BATTLEFIELD:
        return f"{obj.label} is a permanent on the battlefield, not a card that can be cast"
    if obj.zone is not Zone.STACK and characteristics(state, obj).is_a("Land"):
        return f"{obj.label} is a land: it is played, not cast"
    if obj.zone is Zone.STACK:
        after = state
        before = state
    else:
        before = state
        after, _ = move(state, obj.oid, Zone.STACK, controller=obj.controller)
    event = Event("cast", obj=obj.oid, player=obj.controller)
    return Hypothetical(
        before, after, (event,), f"{obj.controller} casting {obj.label}", ("601.2i",)
    )


def left_out_watchers(built: Hypothetical) -> list[str]:
    """CR 603.2, 122.6, 508.1f: the triggered abilities (named by card and ability) that
    watch for an event kind the hypothetical leaves out, which the real event may bring
    (counters on entering, the attacker becoming tapped): their answer can't be told."""
    out = []
    for view in (built.before, built.after):
        for obj in view.objects:
            if obj.zone is Zone.LIBRARY:
                continue
            for ability in trigger_abilities(view, obj):
                if any(
                    (c.zone == "any" or c.zone == obj.zone.value)
                    and set(c.event_kinds) & set(built.left_out)
                    for c in ability.conditions
                ):
                    said = f"{obj.label}'s ability {ability.number}"
                    if said not in out:
                        out.append(said)
    return out
