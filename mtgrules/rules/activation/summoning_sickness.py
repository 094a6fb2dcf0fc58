"""Summoning sickness (CR 302.6, 602.5a) and haste (CR 702.10c)."""

from __future__ import annotations

from mtgrules.answer import Reason
from mtgrules.model.state import GameObject, GameState
from mtgrules.rules.casting.permissions import haste_permission
from mtgrules.rules.keywords.entering import check_haste_known
from mtgrules.rules.layers.characteristics import Characteristics
from mtgrules.rules.layers.grants import granted_from
from mtgrules.rules.turn.order import most_recent_turn


def controlled_since_latest_turn(state: GameState, obj: GameObject) -> tuple[bool, str]:
    """CR 302.6: has the controller controlled it continuously since their most recent turn began?

    ``controlled_since_turn`` is the turn during which control began, so control
    that began during the controller's most recent turn (or later) is too recent.
    A player who hasn't had a turn yet has no most recent turn to have controlled
    anything since, so their creatures are always affected.
    """
    who = obj.controller
    recent = most_recent_turn(state, who)
    since = obj.controlled_since_turn
    if recent is None:  # no turn has begun for them, so no control can date from one
        when = f" and it came under their control on turn {since}" if since is not None else ""
        return False, f"{who} has not had a turn yet{when}"
    if since is None:
        return True, f"{who} has controlled it since before their most recent turn began"
    if since < recent:
        return (
            True,
            f"{who} has controlled it since turn {since}, before their most recent turn (turn {recent}) began",
        )
    if since == recent:
        when = (
            "this turn"
            if recent == state.turn
            else f"during their most recent turn (turn {recent})"
        )
        return False, f"it came under {who}'s control {when}, after that turn began"
    return (
        False,
        f"it came under {who}'s control on turn {since}, after their most recent turn (turn {recent}) began",
    )


def tap_symbol_checks(
    state: GameState, obj: GameObject, chars: Characteristics, symbol: str
) -> list[Reason]:
    """CR 302.6 / 602.5a / 702.10c for an ability with ``symbol`` ({T} or {Q}) in its cost."""
    rules = ("302.6", "602.5a")
    if not chars.is_a("Creature"):
        return [
            Reason(
                True,
                f"It is not a creature, so summoning sickness doesn't restrict its {symbol} abilities.",
                rules,
            )
        ]
    ok, why = controlled_since_latest_turn(state, obj)
    if ok:
        return [Reason(True, f"It is a creature and {why}.", rules)]
    sick = Reason(
        False,
        f"It is a creature and {why}: summoning sickness stops its {symbol} abilities.",
        rules,
    )
    if not chars.has_keyword("haste"):
        permitted = haste_permission(state, obj, chars, symbol, why)  # rules/casting/permissions.py
        if permitted is not None:
            return permitted
        check_haste_known(chars.abilities)
    if chars.has_keyword("haste"):
        source = granted_from(chars, "haste")  # a grant in layer 6 (rules/layers/grants.py)
        whence = f" from {source}'s static ability" if source else ""
        return [
            Reason(
                None,
                f"It is a creature and {why}, which alone would stop its {symbol} abilities.",
                rules,
            ),
            Reason(
                True,
                f"It has haste{whence}, so its {symbol} abilities can be activated anyway.",
                ("702.10c", "613.1f") if source else ("702.10c",),
            ),
        ]
    return [sick]
