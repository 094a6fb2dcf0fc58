"""Whose turn was when: players' most recent turns (CR 302.6 needs them).

Turn numbers count every player's turns in one sequence (turn 1 is the
starting player's first turn, turn 2 the next player's, ...), and players take
turns in the order the case lists them. A player's ``last_turn`` overrides the
arithmetic when extra turns broke the rotation.
"""

from __future__ import annotations

from mtgrules.model.state import GameState


def most_recent_turn(state: GameState, player: str) -> int | None:
    """The number of ``player``'s most recent turn (the current one if active); None if none yet."""
    given = state.player(player).last_turn
    if given is not None:
        return given
    names = state.player_names
    behind = (names.index(state.active_player) - names.index(player)) % len(names)
    turn = state.turn - behind
    return turn if turn >= 1 else None


def apnap_order(state: GameState) -> tuple[str, ...]:
    """The players in APNAP order (CR 101.4): the active player, then the others in turn
    order (the order the case lists them)."""
    names = state.player_names
    start = names.index(state.active_player)
    return names[start:] + names[:start]


def next_player(state: GameState, player: str) -> str:
    """The player after ``player`` in turn order (CR 101.4, 117.3d)."""
    names = state.player_names
    return names[(names.index(player) + 1) % len(names)]
