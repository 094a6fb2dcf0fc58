"""Turn structure during a play-out (CR 500-514): steps and phases end when every player
passes with the stack empty (500.2), and the next begins with its turn-based actions.

What each part does by itself: the untap step untaps the active player's permanents
(502.3); the draw step draws a card (504.1); when no creature attacks, combat goes
straight on to its end step (508.8); the cleanup step discards to hand
size (514.1), removes damage and ends "until end of turn" effects (514.2). Mana empties
from the pools as each step and phase ends (500.5). Anything the engine can't do without
hidden information (drawing from a library the case doesn't list, discarding from a hand
it doesn't list) refuses.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from mtgrules.model.events import Event
from mtgrules.model.state import GameState, Zone
from mtgrules.model.turn import NO_PRIORITY_STEPS, STEPS_OF, Phase, Step
from mtgrules.play import combat_steps
from mtgrules.play.game import Game
from mtgrules.rules import Unsupported
from mtgrules.rules.effects.guards import refuse_unread
from mtgrules.rules.turn.order import next_player
from mtgrules.rules.zones import move

Part = tuple[Phase, Step | None]

PARTS: tuple[Part, ...] = tuple(
    (phase, step) for phase, steps in STEPS_OF.items() for step in (steps or (None,))
)
MAX_HAND = 7  # CR 402.2


def part_named(name: str) -> Part | None:
    """The part of the turn ``next:`` names: a step, or a phase (its first part)."""
    for phase, step in PARTS:
        if (step is not None and step.value == name) or phase.value == name:
            return phase, step
    return None


def where(state: GameState) -> Part:
    return state.phase, state.step


def next_part(game: Game, attacked: bool, choices: Any = None, declaring: bool = False) -> Game:
    """End the current step or phase and begin the next (CR 500.2-500.5), doing its
    turn-based actions; the game then waits for priority in it (or moves on again from a
    step where no one receives priority). ``choices``: what the case chooses during it
    (a division of combat damage); ``declaring``: the case's ``attack:`` or ``block:``
    makes the declaration of the step that begins."""
    for p in game.state.players:
        if p.mana_pool:
            game = game.log(
                None, f"{p.name}'s unused mana {p.mana_pool} empties from their pool", "500.5"
            )
    state = _end_part(game.state)
    index = PARTS.index(where(state))
    if state.step is Step.END_OF_COMBAT:
        state = combat_steps.end_of_combat(state)
        game = game.then(state).log(None, "combat ends: nothing is in combat any more", "511.3")
    turn_over = index + 1 == len(PARTS)
    phase, step = PARTS[0] if turn_over else PARTS[index + 1]
    if combat_steps.another_damage_step(state):  # CR 510.4: a second combat damage step
        phase, step = Phase.COMBAT, Step.COMBAT_DAMAGE
    if step in (Step.DECLARE_BLOCKERS, Step.COMBAT_DAMAGE) and not attacked:
        game = game.then(state).log(
            None,
            "no creature attacked, so combat goes straight on to the end of combat step",
            "508.8",
        )
        phase, step = Phase.COMBAT, Step.END_OF_COMBAT
    if turn_over:
        state = _next_turn(state)
    state = replace(state, phase=phase, step=step, priority=None)
    game = game.then(state)
    game = game.log(None, f"{state.when} begins", "500.1")
    game = _turn_based(game, choices, declaring)
    state = game.state
    priority = None if step in NO_PRIORITY_STEPS else state.active_player
    state = replace(state, priority=priority)
    event = Event("step_begins", step=(step or phase).value, player=state.active_player)
    return replace(game.then(state), passes=()).happened(event)


def _end_part(state: GameState) -> GameState:
    """CR 500.4-500.5: as a step or phase ends, the pools empty."""
    players = tuple(replace(p, mana_pool="") for p in state.players)
    return replace(state, players=players)


def _next_turn(state: GameState) -> GameState:
    """The next player's turn begins (CR 500.1, 101.4)."""
    player = next_player(state, state.active_player)
    players = tuple(
        replace(
            p,
            lands_played_this_turn=0,
            spells_cast_this_turn=0 if p.spells_cast_this_turn is not None else None,
            attacked_this_turn=False if p.name == player else p.attacked_this_turn,
        )
        for p in state.players
    )
    objects = tuple(
        replace(
            o,
            entered_this_turn=False if o.zone is Zone.BATTLEFIELD else o.entered_this_turn,
            activated_this_turn=() if o.activated_this_turn is not None else None,
            loyalty_activated_this_turn=False
            if o.loyalty_activated_this_turn is not None
            else None,
        )
        for o in state.objects
    )
    return replace(
        state, turn=state.turn + 1, active_player=player, players=players, objects=objects
    )


def _turn_based(game: Game, choices: Any, declaring: bool) -> Game:
    state = game.state
    if state.phase is Phase.COMBAT:
        return combat_steps.begin_step(game, choices, declaring)
    if state.step is Step.UNTAP:
        return _untap(game)
    if state.step is Step.DRAW:
        return _draw(game)
    if state.step is Step.CLEANUP:
        return _cleanup(game)
    return game


def _untap(game: Game) -> Game:
    """CR 502.3: the active player untaps their permanents (phasing is not modeled)."""
    state = game.state
    refuse_unread(state, "tap", "the untap step")
    mine = [o for o in state.in_zone(Zone.BATTLEFIELD, state.active_player) if o.tapped]
    objects = tuple(replace(o, tapped=False) if o in mine else o for o in state.objects)
    state = replace(state, objects=objects)
    names = ", ".join(o.label for o in mine) or "nothing"
    return game.then(state).log(None, f"{state.active_player} untaps {names}", "502.3")


def _draw(game: Game) -> Game:
    """CR 504.1: the active player draws a card (from a listed library only)."""
    state = game.state
    player = state.active_player
    if state.turn == 1 and len(state.players) == 2:
        return game.log(None, f"{player} skips the draw on the first turn of the game", "103.8a")
    refuse_unread(state, "draw", "the draw step")
    library = [o for o in state.objects if o.zone is Zone.LIBRARY and o.owner == player]
    if "library" not in state.player(player).zones_given or not library:
        raise Unsupported(
            f"{player} draws in the draw step from a library the case doesn't list "
            "(hidden information: list `library:` top first to play it out)"
        )
    state, event = move(state, library[0].oid, Zone.HAND)
    drew = Event("drew", obj=library[0].oid, player=player)
    return (
        game.then(state).log(None, f"{player} draws a card", "504.1", "121.1").happened(event, drew)
    )


def _cleanup(game: Game) -> Game:
    """CR 514.1-514.2: discard to hand size, then damage wears off and "until end of
    turn" effects end."""
    state = game.state
    player = state.active_player
    if "hand" not in state.player(player).zones_given:
        raise Unsupported(
            f"whether {player} discards to hand size in the cleanup step depends on their "
            "hand, which the case doesn't list"
        )
    hand = [o for o in state.objects if o.zone is Zone.HAND and o.owner == player]
    if len(hand) > MAX_HAND:
        raise Unsupported(
            f"{player} discards down to {MAX_HAND} cards: a choice not played out yet"
        )
    objects = tuple(
        replace(o, damage=0, deathtouch_damage=False) if o.damage or o.deathtouch_damage else o
        for o in state.objects
    )
    effects = tuple(e for e in state.effects if e.until != "end_of_turn")
    state = replace(state, objects=objects, effects=effects)
    return game.then(state).log(
        None, "damage wears off and effects that last until end of turn end", "514.2"
    )
