"""Durations of continuous effects (CR 611.2a, 514.2, 511.2).

A case lists the effects created this turn and still possibly in force. An
"until end of turn" effect lasts through the end step and ends in the cleanup
step (514.2); an "until end of combat" effect ends at the end of combat (511.2).
"""

from __future__ import annotations

from mtgrules.model.state import ContinuousEffect, GameState
from mtgrules.model.turn import Phase, Step


def ended(state: GameState, e: ContinuousEffect) -> tuple[str, ...] | None:
    """The rules that ended ``e`` by now, or None if it is still in force (CR 611.2a)."""
    if e.until == "end_of_turn" and state.step is Step.CLEANUP:
        return ("514.2", "611.2a")
    if e.until == "end_of_combat" and state.phase in (Phase.POSTCOMBAT_MAIN, Phase.ENDING):
        return ("511.2", "611.2a")
    return None


def in_force(state: GameState, effects: list[ContinuousEffect]) -> list[ContinuousEffect]:
    return [e for e in effects if ended(state, e) is None]
