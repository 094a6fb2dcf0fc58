"""Whether the condition of an "If [condition], ..." instruction holds as it resolves (CR
608.2c, 608.2h: the information is determined as the instruction applies).

Only what the board the case describes decides with every input known is answered: a
board count of the static abilities' kind (:func:`~mtgrules.rules.layers.conditions.condition_met`,
with the characteristics as they are now, every layer applied), the instant and sorcery
cards in the controller's graveyard (a graveyard the case lists), X as announced, whose
turn it is and the counters on one permanent.
Whether a spell was kicked and what kind of card a named object is are refused, naming the
instruction, as is anything the case leaves out: never a guess.
"""

from __future__ import annotations

from typing import Any

from mtgrules.cards.effects_conditions import (
    CardsInGraveyard,
    Condition,
    HasCounters,
    If,
    OnBoard,
    XAtLeast,
    YourTurn,
)
from mtgrules.model.state import GameObject, GameState, Zone
from mtgrules.rules import Unsupported
from mtgrules.rules.effects.context import Resolving, objects_of
from mtgrules.rules.layers.characteristics import characteristics
from mtgrules.rules.layers.conditions import condition_met
from mtgrules.rules.layers.faces import face_up
from mtgrules.rules.layers.statics_in_force import counted_kinds_read


def _now(state: GameState, obj: GameObject, **_: Any) -> Any:
    """CR 613.1, 608.2h: an object's characteristics as the instruction applies, every
    layer applied (not the partial view a static ability's own condition uses)."""
    return characteristics(state, obj)


def condition_holds(state: GameState, step: If, ctx: Resolving) -> tuple[bool, str]:
    """CR 608.2c, 608.2h, 109.5: whether ``step``'s condition holds now, and why, in words;
    :class:`Unsupported` naming the instruction when it can't be told from the case."""
    condition: Condition = step.condition
    if isinstance(condition, OnBoard):
        if ctx.source.controller != ctx.controller:
            _refuse(step, ctx, "its source's controller is not the one who follows it")
        return condition_met(state, condition.condition, ctx.source, _now)
    if isinstance(condition, XAtLeast):  # CR 107.3a: X as announced
        if ctx.x is None:
            _refuse(step, ctx, "X was not announced (`x:` on the action)")
        return ctx.x >= condition.at_least, f"X is {ctx.x}"
    if isinstance(condition, CardsInGraveyard):
        return _graveyard(state, condition, step, ctx)
    if isinstance(condition, YourTurn):  # CR 102.1: the active player's turn
        mine = state.active_player == ctx.controller
        return mine == condition.mine, f"it is {state.active_player}'s turn"
    if isinstance(condition, HasCounters):
        return _counters(state, condition, step, ctx)
    _refuse(step, ctx, "mtgrules doesn't decide this condition from the board")
    raise AssertionError  # pragma: no cover - _refuse raises


def _graveyard(
    state: GameState, condition: CardsInGraveyard, step: If, ctx: Resolving
) -> tuple[bool, str]:
    """CR 404.1, 205.2a, 108.2b: the controller's graveyard's cards with one of the card
    types (a token there is no card); refused when the case doesn't list the graveyard."""
    you = ctx.controller
    if "graveyard" not in state.player(you).zones_given:
        _refuse(step, ctx, f"the case doesn't list {you}'s graveyard")
    counted_kinds_read(state, condition.render())  # an unread ability changing card types
    found = [
        o
        for o in state.objects
        if o.zone is Zone.GRAVEYARD
        and o.owner == you
        and not o.token
        and set(_types(o)) & set(condition.types)
    ]
    names = ", ".join(o.label for o in found) or "none"
    return len(found) >= condition.at_least, f"{you}'s graveyard holds {len(found)}: {names}"


def _counters(
    state: GameState, condition: HasCounters, step: If, ctx: Resolving
) -> tuple[bool, str]:
    """CR 122.1, 608.2h: the counters of a kind on the one permanent named, as it is now;
    refused when it isn't one permanent on the battlefield (an object that left is a new
    one, 400.7, and what its counters were is not this condition's question)."""
    if condition.was:  # as it last existed (608.2h): not what is on the board now
        _refuse(step, ctx, "it asks about the object as it last existed")
    found = [
        state._by_id[oid] for oid in objects_of(state, condition.what, ctx) if oid in state._by_id
    ]
    if len(found) != 1 or found[0].zone is not Zone.BATTLEFIELD:
        _refuse(step, ctx, "it names no one permanent on the battlefield")
    n = found[0].counter(condition.counter)
    holds = n >= condition.at_least and (condition.at_most is None or n <= condition.at_most)
    return holds, f"{found[0].label} has {n} {condition.counter} counter{'s' * (n != 1)}"


def _types(obj: GameObject) -> tuple[str, ...]:
    """CR 709.4c, 712.8a, 715.4: a card's types in a graveyard: a split card's both
    halves', a double-faced or adventurer card's front or normal face's."""
    face = face_up(obj)
    return (face.card if face is not None else obj.card).types


def _refuse(step: If, ctx: Resolving, why: str) -> None:
    raise Unsupported(
        f"{ctx.source.label}'s instruction “{step.render()}” depends on whether "
        f"{step.condition.render()}, and {why} (CR 608.2c)"
    )
