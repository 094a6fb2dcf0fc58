"""Special actions (CR 116): playing a land (116.2a, 305).

Plotting (116.2k) is in :mod:`mtgrules.rules.keywords.plot`, beside the rest
of the plot keyword.
"""

from __future__ import annotations

from mtgrules.answer import Reason
from mtgrules.model.state import GameObject, GameState, Zone
from mtgrules.rules.layers.characteristics import Characteristics
from mtgrules.rules.layers.faces import land_face
from mtgrules.rules.turn.timing import sorcery_timing

LAND_RULES = ("116.2a", "305.1")


def play_land_checks(
    state: GameState, obj: GameObject, chars: Characteristics, player: str
) -> list[Reason]:
    """CR 116.2a, 305.1-305.3: may ``player`` play ``obj`` as their land now?

    It must be a land card in the player's hand; the player needs priority in
    a main phase of their own turn with the stack empty (never on another
    player's turn, 305.3), and must not have used up their land plays (305.2).
    """
    reasons = []
    is_land = chars.is_a("Land")
    back_land = land_face(obj, is_land)  # rules/layers/faces.py: a modal card's land face (712.12)
    reasons.append(
        Reason(
            True,
            f"Its back face, {back_land}, is a land: it may be played as that face.",
            ("712.12",),
        )
        if back_land
        else Reason(
            is_land,
            "It is a land card." if is_land else "It is not a land, so it can't be played as one.",
            ("305.1",),
        )
    )
    if obj.zone is Zone.HAND and obj.owner == player:
        reasons.append(Reason(True, f"It is in {player}'s hand.", LAND_RULES, decides=False))
    else:
        where = f"{obj.owner}'s hand" if obj.zone is Zone.HAND else f"the {obj.zone.value}"
        reasons.append(
            Reason(
                False,
                f"It is in {where}; without an effect allowing it, {player} plays lands only from their own hand.",
                LAND_RULES,
            )
        )
    timing = sorcery_timing(state, player, LAND_RULES)
    if state.active_player != player:  # CR 305.3 says more than "not a main phase of theirs"
        timing[0] = Reason(
            False,
            f"It is {state.active_player}'s turn: nobody can play a land during another player's turn.",
            ("305.3", *LAND_RULES),
        )
    reasons += timing
    reasons.append(_land_count(state, player))
    return reasons


def _land_count(state: GameState, player: str) -> Reason:
    """CR 305.2, 305.2b: one land a turn unless an effect allows more."""
    played = state.player(player).lands_played_this_turn
    if played == 0:
        return Reason(True, f"{player} hasn't played a land this turn.", ("305.2",))
    # an unread ability that might let them play more: the scope index's (PLAY_LAND)
    return Reason(
        False,
        f"{player} has already played {played} land{'s' if played > 1 else ''} this turn, and "
        "nothing in the case lets them play more.",
        ("305.2", "305.2b"),
    )
