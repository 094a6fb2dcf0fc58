"""The order triggered abilities go on the stack (CR 603.3b, 101.4).

The next time a player would receive priority, each player in APNAP order (the active
player first, then the others in turn order, CR 101.4) puts the abilities they control
that triggered on the stack, in the order they choose; so the active player's go on the
stack first and resolve last. Within one player's abilities the order is a choice:
a case makes it with ``choose: {order: [...]}``; abilities that are interchangeable (the
same ability of sources with the same characteristics, not referring to what triggered
it, or triggered by the same event) need no choice, since every order gives the same game.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from mtgrules.model.events import Triggered
from mtgrules.model.state import GameObject, GameState
from mtgrules.rules.layers.characteristics import characteristics
from mtgrules.rules.triggers.abilities import trigger_abilities
from mtgrules.rules.turn.order import apnap_order

ORDER_RULES = ("603.3b", "101.4")
# words of an effect that refer to what made it trigger (CR 603.7c, 608.2h): "that
# creature", "it", "that much", X defined by the event
_REFERS = re.compile(r"\bthat\b|\bthose\b|\bit\b|\bits\b|\bthey\b|\bthem\b|\bX\b")


@dataclass(frozen=True)
class Ordered:
    """The abilities in the order they go on the stack: the first is put on first (bottom)
    and resolves last (CR 603.3b, 405.5)."""

    abilities: tuple[Triggered, ...]
    rules: tuple[str, ...] = ORDER_RULES


@dataclass(frozen=True)
class NeedsOrder:
    """``controller`` must choose the order of ``options`` (not interchangeable), and no
    valid order was given (``problem`` says what was wrong with one given, if any)."""

    controller: str
    options: tuple[Triggered, ...]
    rules: tuple[str, ...] = ORDER_RULES
    problem: str = ""


# one entry of a chosen order: a source (its id or a REF the state finds), or a source and
# the number of its ability
Choice = str | tuple[str, int]


def order_for_stack(
    state: GameState,
    triggered: Sequence[Triggered],
    chosen_orders: Mapping[str, Sequence[Choice]] | None = None,
) -> Ordered | NeedsOrder:
    """CR 603.3b, 101.4: ``triggered`` in the order they go on the stack, APNAP by
    controller, each controller's in the order chosen (``chosen_orders[controller]``,
    the first named goes on first); NeedsOrder when a controller has two or more abilities
    that aren't interchangeable and no valid order is given."""
    chosen_orders = chosen_orders or {}
    out: list[Triggered] = []
    for player in apnap_order(state):
        mine = [t for t in triggered if t.controller == player]
        if not mine:
            continue
        choice = chosen_orders.get(player)
        if choice is None:
            if len(mine) > 1 and not _interchangeable(state, mine):
                return NeedsOrder(player, tuple(mine))
            out += mine
            continue
        ordered = _apply(state, mine, choice)
        if isinstance(ordered, str):
            return NeedsOrder(player, tuple(mine), problem=ordered)
        out += ordered
    return Ordered(tuple(out))


def _apply(
    state: GameState, mine: list[Triggered], choice: Sequence[Choice]
) -> list[Triggered] | str:
    """The abilities in the chosen order; what is wrong with it (a str) if it names one
    that didn't trigger, or leaves out abilities that aren't interchangeable."""
    left = list(mine)
    out = []
    for entry in choice:
        source, number = (entry, None) if isinstance(entry, str) else entry
        oid = _oid(state, source)
        pick = next(
            (t for t in left if t.source == oid and (number is None or t.ability == number)),
            None,
        )
        if pick is None:
            return (
                f"{source} names no ability of that player's that triggered and isn't ordered yet"
            )
        out.append(pick)
        left.remove(pick)
    if len(left) > 1 and not _interchangeable(state, left):
        return "the order leaves out abilities whose order matters"
    return out + left


def _oid(state: GameState, ref: str) -> str:
    if ref in state._by_id:
        return ref
    try:
        return state.find(ref).oid
    except KeyError:
        return ref


def _interchangeable(state: GameState, abilities: list[Triggered]) -> bool:
    """Every order of these abilities gives the same game: each is the same ability of a
    source with the same characteristics, and either none refers to what triggered it or
    all triggered on the same event."""
    keys = {_key(state, t) for t in abilities}
    return len(keys) == 1


def _key(state: GameState, t: Triggered) -> tuple:
    source = t.source_lki or state._by_id.get(t.source)
    if source is None:
        return (t.source, t.ability, t.event)
    words = _words(state, source, t.ability)
    chars = (
        characteristics(state, source, through="6")
        if source is state._by_id.get(source.oid)
        else None
    )
    name = chars.name if chars is not None else source.name
    refers = _REFERS.search(words.split(", ", 1)[-1]) is not None
    return (name, source.controller, words, t.event if refers else None)


def _words(state: GameState, source: GameObject, number: int) -> str:
    if source is not state._by_id.get(source.oid):
        return f"{source.name}#{number}"  # a source as it last existed: its own ability
    for ability in trigger_abilities(state, source):
        if ability.number == number:
            return ability.words
    return f"{source.name}#{number}"
