"""The rule that says what kind of trigger an event makes (CR 603.2b, 603.6a, 603.6c,
603.10a, 106.12a): cited where a triggered ability is said to trigger."""

from __future__ import annotations

from mtgrules.cards.trigger_conditions import TriggerCondition
from mtgrules.model.events import Event, Triggered
from mtgrules.model.state import GameState
from mtgrules.rules import Unsupported
from mtgrules.rules.activation.ability_numbers import find_ability
from mtgrules.rules.layers.characteristics import characteristics
from mtgrules.rules.triggers.abilities import conditions_of

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


def triggered_rules(state: GameState, t: Triggered) -> tuple[str, ...]:
    """The rules of the kind of trigger ``t`` is: :func:`event_rules`, and for an attack
    whether the ability waits for a creature attacking (508.3a, once for each attacker) or
    for a player attacking (508.3d, once when one or more of their creatures attack), read
    from the ability as its source has it (or last had it)."""
    rules = event_rules(t.event)
    if t.event.kind != "attacks" or t.delayed is not None:
        return rules
    player = any(c.event == "you_attack" for c in trigger_conditions(state, t))
    return (*rules, "508.3d" if player else "508.3a")


def trigger_conditions(state: GameState, t: Triggered) -> tuple[TriggerCondition, ...]:
    """The trigger conditions of the ability ``t`` is (CR 603.1), read from the ability as
    its source has it (or last had it, 113.7a); () when it can't be found."""
    try:
        source = state.obj(t.source)
    except KeyError:
        source = t.source_lki
    ability = t.ability_lki
    if ability is None and source is not None:
        try:
            named = find_ability(characteristics(state, source), t.ability)
        except Unsupported:
            named = None
        ability = named.ability if named is not None else None
    name = source.card.name if source is not None else ""
    return conditions_of(ability, name) if ability is not None else ()
