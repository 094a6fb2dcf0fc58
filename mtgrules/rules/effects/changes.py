"""The small changes effects make to players and objects: life totals (CR 119.3) and
counters (122.1), each a new state."""

from __future__ import annotations

from dataclasses import replace

from mtgrules.model.state import GameState
from mtgrules.rules.zones import with_object


def change_life(state: GameState, player: str, delta: int) -> GameState:
    """``player``'s life total moved by ``delta`` (CR 119.3)."""
    players = tuple(
        replace(p, life=p.life + delta) if p.name == player else p for p in state.players
    )
    return replace(state, players=players)


def add_counters(state: GameState, oid: str, kind: str, n: int) -> GameState:
    """``n`` counters of ``kind`` on ``oid`` (negative: removed, never below 0; 122.1)."""
    obj = state.obj(oid)
    counts = dict(obj.counters)
    counts[kind] = max(0, counts.get(kind, 0) + n)
    counters = tuple((k, v) for k, v in counts.items() if v)
    return with_object(state, replace(obj, counters=counters))
