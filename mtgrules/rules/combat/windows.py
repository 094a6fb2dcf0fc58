"""When attackers and blockers are declared, and who attacks and defends (CR 500.1, 506.1,
506.2, 508.1, 509.1).

``can_attack`` asks about the declaration of attackers (508.1, the turn-based action that
begins the declare attackers step) of the turn being played: from the upkeep to the
beginning of combat step it is still to come, in the declare attackers step with no
creature attacking yet it is being made. Once a creature attacks, or after that step, this
combat's declaration is past (NO); after the combat phase the turn has no other (NO: an
effect adding a combat phase, 500.8, is not something a case states). In the untap step the
permanents are still to untap (502.3): refused.

``can_block`` asks about the declaration of blockers (509.1) of this combat: in the declare
attackers step it is still to come, in the declare blockers step it is being made (a case
records no blocks, so it is taken as the moment the step begins). Earlier there are no
attackers to block, later it is past (NO).
"""

from __future__ import annotations

from mtgrules.answer import Reason
from mtgrules.model.state import GameObject, GameState, Zone
from mtgrules.model.turn import Phase, Step
from mtgrules.rules import Unsupported
from mtgrules.rules.layers.characteristics import characteristics

_BEFORE_ATTACKS = (Step.UPKEEP, Step.DRAW, Step.BEGINNING_OF_COMBAT)
_PAST_ATTACKS = (Step.DECLARE_BLOCKERS, Step.COMBAT_DAMAGE, Step.END_OF_COMBAT)


def attackers(state: GameState) -> list[GameObject]:
    """The creatures attacking now (the case's ``attacking``)."""
    return [o for o in state.in_zone(Zone.BATTLEFIELD) if o.attacking]


def attack_window(state: GameState) -> Reason:
    """CR 508.1, 506.1, 500.1: is the declaration of attackers still to come, or being made?"""
    where = state.step.label if state.step else state.phase.label
    if state.step is Step.UNTAP:
        raise Unsupported(
            "in the untap step the active player's permanents are still to untap (CR 502.3); "
            "ask from the upkeep on"
        )
    if state.phase is Phase.COMBAT and state.step is None:
        raise Unsupported("the case doesn't say which step of combat it is (CR 506.1)")
    if state.phase is Phase.PRECOMBAT_MAIN or state.step in _BEFORE_ATTACKS:
        return Reason(
            True,
            f"It is the {where}: attackers are declared later this turn, as the declare attackers"
            " step begins (asked of the board as it is now).",
            ("508.1", "506.1"),
        )
    if state.step is Step.DECLARE_ATTACKERS:
        declared = attackers(state)
        if state.combat.attackers_declared and not declared:  # the play-out declared none
            return Reason(
                False,
                "Attackers were declared as this declare attackers step began (none attacked):"
                " a creature is declared as an attacker only then.",
                ("508.1",),
            )
        if declared:
            return Reason(
                False,
                f"Attackers were declared as this declare attackers step began ({declared[0].label}"
                " is attacking): a creature is declared as an attacker only then.",
                ("508.1", "508.1k"),
            )
        return Reason(
            True,
            "It is the declare attackers step and no creature is attacking: asked of the"
            " declaration of attackers that begins it.",
            ("508.1",),
        )
    if state.step in _PAST_ATTACKS:
        return Reason(
            False,
            f"It is the {where}: this combat's attackers were declared as its declare attackers"
            " step began, so no other creature can be declared as an attacker now.",
            ("508.1", "506.1"),
        )
    return Reason(
        False,
        f"It is the {where}: this turn's combat phase is over, and a turn has one (an effect"
        " adding another is not part of the case).",
        ("500.1", "500.8"),
    )


def block_window(state: GameState) -> Reason:
    """CR 509.1, 506.1: is the declaration of blockers still to come in this combat, or being made?"""
    where = state.step.label if state.step else state.phase.label
    if state.phase is Phase.COMBAT and state.step is None:
        raise Unsupported("the case doesn't say which step of combat it is (CR 506.1)")
    if state.step is Step.DECLARE_ATTACKERS:
        return Reason(
            True,
            "It is the declare attackers step: blockers are declared as the declare blockers"
            " step begins.",
            ("509.1", "506.1"),
        )
    if state.step is Step.DECLARE_BLOCKERS and state.combat.blockers_declared:
        return Reason(
            False,
            "Blockers were declared as this declare blockers step began: a creature is"
            " declared as a blocker only then.",
            ("509.1",),
        )
    if state.step is Step.DECLARE_BLOCKERS:
        return Reason(
            True,
            "It is the declare blockers step: asked of the declaration of blockers that begins it.",
            ("509.1",),
        )
    if state.step in (Step.COMBAT_DAMAGE, Step.END_OF_COMBAT):
        return Reason(
            False,
            f"It is the {where}: blockers were declared as the declare blockers step began, so"
            " no creature can be declared as a blocker now.",
            ("509.1", "506.1"),
        )
    return Reason(
        False,
        f"It is the {where}: blockers are declared only in the declare blockers step of a"
        " combat phase, after attackers are declared.",
        ("509.1", "506.1"),
    )


def defending_player(state: GameState, attacker: GameObject) -> tuple[str, str]:
    """The player who may block ``attacker`` (CR 506.2, 509.1a, 310.9c), and what it attacks
    in words. In a two-player game it is the nonactive player whatever the attacker attacks
    (506.2); with more players it is the player attacked or the planeswalker's controller,
    and unsupported for a battle (its protector isn't part of a case) or when the case
    doesn't say what it attacks."""
    what = attacker.attacking
    others = [p for p in state.player_names if p != state.active_player]
    attacked = _attacked_words(state, what)
    if len(state.players) == 2 and len(others) == 1:
        return others[0], attacked
    if isinstance(what, str) and what in state.player_names:
        return what, attacked
    if isinstance(what, str):
        target = state.find(what)
        chars = characteristics(state, target)
        if chars.is_a("Planeswalker") and not chars.is_a("Battle"):
            return target.controller, attacked
        raise Unsupported(
            f"{attacker.label} attacks {target.label}: which player may block it depends on "
            "who protects or controls it, which the case doesn't say (CR 310.9c, 506.2a)"
        )
    raise Unsupported(
        f"the case doesn't say which player {attacker.label} attacks, and with "
        f"{len(state.players)} players that decides who may block it (CR 506.2a)"
    )


def _attacked_words(state: GameState, what: str | bool | None) -> str:
    if isinstance(what, str) and what in state.player_names:
        return what
    if isinstance(what, str):
        try:
            return state.find(what).label
        except KeyError:
            return what
    return "the defending player"
