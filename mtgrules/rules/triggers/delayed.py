"""Delayed triggered abilities (CR 603.7): created by a resolving spell or ability, they
trigger the next time their event happens (603.7b), controlled by the player who
controlled what created them (603.7d-e), and act on the object they refer to only if it
is still where it was expected (603.7c).

``DelayedTrigger.when`` (model/events.py) is one of :data:`DELAYED_EVENTS`:
``next_end_step`` ("at the beginning of the next end step", 513.1a), ``next_upkeep``
("at the beginning of your next upkeep", the controller's), ``end_of_combat`` ("at end
of combat", 511.2), ``next_cleanup`` (the next cleanup step, 514).
"""

from __future__ import annotations

from collections.abc import Sequence

from mtgrules.model.events import DelayedTrigger, Event, Triggered
from mtgrules.model.state import GameState
from mtgrules.rules.triggers.detect import normalise

# when -> (the step whose beginning fires it, whether it must be the controller's turn)
DELAYED_EVENTS: dict[str, tuple[str, bool]] = {
    "next_end_step": ("end", False),
    "next_upkeep": ("upkeep", True),
    "end_of_combat": ("end_of_combat", False),
    "next_cleanup": ("cleanup", False),
}


def delayed_fires(
    state: GameState, delayed: Sequence[DelayedTrigger], event: Event
) -> list[Triggered]:
    """CR 603.7, 603.7b, 603.7d-e: the delayed triggered abilities ``event`` triggers, each
    as a Triggered (``delayed`` set, ``ability`` 0) the engine puts on the stack with the
    others and then drops from ``state.delayed`` (it triggers only once). A ``when`` not
    in DELAYED_EVENTS is a ValueError (the engine made one mtgrules can't judge)."""
    event = normalise(event)
    out = []
    for d in delayed:
        if d.when not in DELAYED_EVENTS:
            raise ValueError(f"unknown delayed trigger time {d.when!r}")
        step, own_turn = DELAYED_EVENTS[d.when]
        if event.kind != "step_begins" or event.step != step:
            continue
        if own_turn and (event.player or state.active_player) != d.controller:
            continue
        out.append(Triggered(d.source, 0, d.controller, event, delayed=d))
    return out
