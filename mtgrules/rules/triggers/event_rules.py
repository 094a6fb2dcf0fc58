"""The rule that says what kind of trigger an event makes (CR 603.2b, 603.6a, 603.6c,
603.10a, 106.12a): cited where a triggered ability is said to trigger."""

from __future__ import annotations

from mtgrules.model.events import Event

_BATTLEFIELD = "battlefield"


def event_rules(event: Event) -> tuple[str, ...]:
    """The rules of the kind of trigger ``event`` makes: entering looks forward (603.6a),
    leaving looks back in time (603.6c, 603.10a), a sacrifice looks back (603.10a), tapping
    for mana is a mana ability resolving (106.12a), a step or phase beginning (603.2b)."""
    if event.kind == "moves" and event.to_zone == _BATTLEFIELD and event.from_zone != _BATTLEFIELD:
        return ("603.6a",)
    if event.kind == "moves" and event.from_zone == _BATTLEFIELD:
        return ("603.6c", "603.10a")
    if event.kind == "sacrificed":
        return ("603.10a",)
    if event.kind == "tapped_for_mana":
        return ("106.12a",)
    if event.kind == "step_begins":
        return ("603.2b",)
    return ()
