"""The game loop: a case's actions played out from its board, one new game per action.

:func:`play_out` walks ``actions:`` in order (DESIGN.md "The game in motion"). Each
entry makes a new :class:`~mtgrules.play.game.Game` from the last, the way
python-chess's ``push`` makes a move; the ``choose:`` entries after an action answer
what the game asks during it. Between actions the game does what the rules do by
themselves (:mod:`mtgrules.play.settle`): state-based actions and triggered abilities
whenever a player would receive priority (117.5).

Passing (117.3d, 117.4): when every player has passed in a row, the top of the stack
resolves, or, with an empty stack, the step or phase ends (500.2). ``resolve`` and
``resolve_all`` are everyone passing until the top object (or the whole stack) has
resolved; ``next: STEP`` is everyone passing until that step begins. Each loop is
bounded, so no case runs forever.
"""

from __future__ import annotations

from collections.abc import Callable

from mtgrules.caseio.actions import Action
from mtgrules.caseio.case import Case
from mtgrules.model.state import evolve
from mtgrules.model.turn import Phase, Step
from mtgrules.play import combat_steps, player_actions
from mtgrules.play.choices import Choices
from mtgrules.play.game import Game, Illegal, Invalid, Refused
from mtgrules.play.resolve import resolve_top
from mtgrules.play.settle import settle
from mtgrules.play.turn import PARTS, next_part, part_named, where
from mtgrules.rules import Unsupported
from mtgrules.rules.turn.order import next_player

MAX_RESOLUTIONS = 500  # `resolve_all`: more is a loop, not a game (hostile-inputs.md)
MAX_PARTS = 40  # `next:`: at most this many steps and phases passed through

Push = Callable[[Game, Case, Action, Choices], Game]


def play_out(case: Case) -> Game:
    """Every action of ``case`` played out from its board; raises
    :class:`~mtgrules.play.game.Stop` (Illegal, Refused, Invalid) where it stops."""
    game = settle(Game(case.state), case, None, None)
    actions = case.actions
    i = 0
    while i < len(actions):
        action = actions[i]
        if action.kind == "choose":
            raise Invalid(action, "P003", f"choice {action.index} follows no action that asks it")
        if game.over is not None:  # CR 104.2a, 104.4a: nothing follows the end of the game
            raise Refused(action, f"{game.over} before this action; nothing is played after it")
        chosen = []
        while i + 1 + len(chosen) < len(actions) and actions[i + 1 + len(chosen)].kind == "choose":
            chosen.append(actions[i + 1 + len(chosen)])
        choices = Choices(action, chosen)
        game = evolve(game, triggered=(), trigger_notes=())
        try:
            game = push(game, case, action, choices)
        except Unsupported as err:
            raise Refused(action, err.reason, tuple(err.reasons)) from None
        except Illegal as stop:
            stop.steps = stop.steps or game.steps
            raise
        choices.finish()
        i += 1 + len(chosen)
    return game


def push(game: Game, case: Case, action: Action, choices: Choices) -> Game:
    """The game after ``action`` (and what the game then does by itself)."""
    kind = action.kind
    if kind in ACTING:
        passed = game.passes
        game = ACTING[kind](game, case, action, choices)
        if passed:  # CR 117.4: passes count only when no action comes between them
            game = game.log(
                action.index,
                f"the passes before it ({', '.join(passed)}) no longer count: everyone must "
                "pass again, one after another, for the stack to resolve or the step to end",
                "117.4",
            )
        return settle(evolve(game, passes=()), case, action, choices)
    if kind == "pass":
        return pass_priority(game, case, action, choices)
    if kind == "resolve":
        return resolve(game, case, action, choices)
    if kind == "resolve_all":
        return resolve_all(game, case, action, choices)
    if kind == "next":
        return next_step(game, case, action, choices)
    if kind in DECLARING:
        game = _to_declaration(game, case, action, choices, DECLARING[kind][0])
        try:
            game = DECLARING[kind][1](game, case, action, choices)
        except Illegal as stop:  # the NO follows the passes that led to the declaration
            stop.steps = game.steps
            raise
        return settle(evolve(game, passes=()), case, action, choices)
    raise Refused(action, f"the action `{kind}` is not played out yet")


ACTING: dict[str, Push] = {
    "cast": player_actions.cast,
    "activate": player_actions.activate,
    "play_land": player_actions.play_land,
    "special": player_actions.special,
}


def pass_priority(game: Game, case: Case, action: Action, choices: Choices) -> Game:
    """CR 117.3d, 117.4: the player with priority passes; when all have passed in a row,
    the top of the stack resolves or the step ends."""
    state = game.state
    player = player_actions.acting_player(state, action)
    if state.priority != player:
        raise Invalid(
            action, "P001", f"{player} doesn't have priority (117.1): {state.priority} does"
        )
    passes = (*game.passes, player)
    game = evolve(game, passes=passes).log(action.index, f"{player} passes", "117.3d")
    if len(set(passes)) < len(state.players):
        nxt = next_player(state, player)
        return evolve(game, state=evolve(state, priority=nxt))
    game = game.log(action.index, "all players have passed in succession", "117.4")
    return _all_passed(game, case, action, choices)


def _all_passed(
    game: Game, case: Case, action: Action, choices: Choices, stop: tuple | None = None
) -> Game:
    """CR 117.4, 405.5, 500.2: everyone passed in a row. ``stop``: a step where no one
    receives priority (the untap step, 502.4; cleanup, 514.3) to stay in once its
    turn-based actions are done, for ``next:``."""
    state = game.state
    if state.stack:
        game = resolve_top(game, case, action, choices)
        state = evolve(game.state, priority=game.state.active_player)
        return settle(evolve(game.then(state), passes=()), case, action, choices)
    attacked = any(o.attacking for o in state.objects) or state.combat.attacked
    game = next_part(game, attacked, choices)
    while game.state.priority is None:  # a step where no one receives priority (502.4, 514.3)
        game = settle(game, case, action, choices)
        if game.over is not None or (stop is not None and _at(game, stop)):
            return game
        game = next_part(game, attacked=False)
    return settle(game, case, action, choices)


def _everyone_passes(
    game: Game, case: Case, action: Action, choices: Choices, stop: tuple | None = None
) -> Game:
    """Every player passes in turn order from the one with priority (117.3d)."""
    state = game.state
    if state.priority is None:
        raise Invalid(action, "P001", "no player has priority now")
    game = game.log(action.index, "all players pass in succession", "117.4")
    return _all_passed(evolve(game, passes=state.player_names), case, action, choices, stop)


def resolve(game: Game, case: Case, action: Action, choices: Choices) -> Game:
    """Everyone passes until the top object of the stack has resolved (608)."""
    if not game.state.stack:
        raise Invalid(action, "P001", f"action {action.index} (resolve): the stack is empty")
    return _everyone_passes(game, case, action, choices)


def resolve_all(game: Game, case: Case, action: Action, choices: Choices) -> Game:
    """Everyone passes until the stack is empty, triggered abilities included."""
    if not game.state.stack:
        raise Invalid(action, "P001", f"action {action.index} (resolve_all): the stack is empty")
    for _ in range(MAX_RESOLUTIONS):
        if not game.state.stack or game.over is not None:
            return game
        game = _everyone_passes(game, case, action, choices)
    raise Refused(action, f"the stack didn't empty after {MAX_RESOLUTIONS} resolutions (a loop)")


def next_step(game: Game, case: Case, action: Action, choices: Choices) -> Game:
    """Everyone passes until step or phase ``action.value`` begins (500.2); the stack
    resolves first. Passing through the declare attackers step declares no attackers. In
    a step where no one receives priority (untap, cleanup) the game stops once its
    turn-based actions and state-based actions are done (502.4, 514.1-514.3a)."""
    target = part_named(str(action.value))
    if target is None:
        raise Invalid(action, "P001", f"no step or phase is named {action.value!r}")
    for _ in range(MAX_PARTS):
        if game.over is not None:
            return game
        if game.state.stack:
            game = _everyone_passes(game, case, action, choices)
            continue
        game = _everyone_passes(game, case, action, choices, stop=target)
        if _at(game, target):
            return game
    raise Refused(action, f"{action.value} did not begin within {MAX_PARTS} steps")


def _at(game: Game, target: tuple) -> bool:
    phase, step = where(game.state)
    return phase is target[0] and (target[1] is None or step is target[1])


DECLARING: dict[str, tuple[Step, Push]] = {
    "attack": (Step.DECLARE_ATTACKERS, combat_steps.declare_attackers),
    "block": (Step.DECLARE_BLOCKERS, combat_steps.declare_blockers),
}


def _to_declaration(game: Game, case: Case, action: Action, choices: Choices, step: Step) -> Game:
    """CR 508.1, 509.1: from an earlier part of the turn, with the stack empty, everyone
    passes until ``step`` begins; the case's action is then its declaration."""
    goal = PARTS.index((Phase.COMBAT, step))
    for _ in range(MAX_PARTS):
        now = PARTS.index(where(game.state))
        if now >= goal:
            return game
        if game.state.stack:
            raise Invalid(
                action,
                "P001",
                f"action {action.index} ({action.kind}): the stack isn't empty; resolve it "
                "before moving on to the declaration",
            )
        if now + 1 < goal:
            game = _everyone_passes(game, case, action, choices)
            continue
        game = game.log(action.index, "all players pass in succession", "117.4")
        attacked = any(o.attacking for o in game.state.objects) or game.state.combat.attacked
        return next_part(evolve(game, passes=()), attacked, choices, declaring=True)
    raise Refused(action, f"{step.label} did not begin within {MAX_PARTS} steps")
