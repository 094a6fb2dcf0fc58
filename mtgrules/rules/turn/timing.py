"""Timing and priority (CR 117, 307.5): when a player may act."""

from __future__ import annotations

from mtgrules.answer import Reason
from mtgrules.model.state import GameState
from mtgrules.model.turn import Step

_NO_PRIORITY_RULE = {Step.UNTAP: "502.4", Step.CLEANUP: "514.3"}


def has_priority(state: GameState, player: str, rules: tuple[str, ...]) -> Reason:
    """The player holds priority (CR 117.1: only the player with priority acts)."""
    if state.priority == player:
        return Reason(True, f"{player} has priority.", rules)
    if state.priority is None:
        where = state.step.label if state.step else state.phase.label
        # CR 502.4, 514.3, 117.3a: the rule of the step that gives nobody priority decides
        step_rule = _NO_PRIORITY_RULE.get(state.step) if state.step else None
        extra = (step_rule, "117.3a") if step_rule else ()
        return Reason(False, f"Nobody has priority in the {where}.", (*rules, *extra))
    return Reason(False, f"{state.priority} has priority, not {player}.", rules)


def sorcery_timing(state: GameState, player: str, rules: tuple[str, ...]) -> list[Reason]:
    """CR 307.5: "only as a sorcery" means priority, own main phase, empty stack.

    Returns one reason per condition so that an answer shows each one.
    """
    own_turn = state.active_player == player
    main = state.phase.is_main and state.step is None
    if own_turn and main:
        phase = Reason(True, f"It is {player}'s {state.phase.label}.", rules)
    elif not own_turn:
        phase = Reason(
            False,
            f"It is {state.active_player}'s turn, not {player}'s; sorcery timing needs {player}'s own main phase.",
            rules,
        )
    else:
        where = state.step.label if state.step else state.phase.label
        phase = Reason(False, f"It is the {where}, not a main phase.", rules)
    if state.stack_empty:
        stack = Reason(True, "The stack is empty.", rules)
    else:
        n = len(state.stack)
        stack = Reason(
            False, f"The stack is not empty ({n} object{'s' if n > 1 else ''} on it).", rules
        )
    return [phase, stack, has_priority(state, player, rules)]
