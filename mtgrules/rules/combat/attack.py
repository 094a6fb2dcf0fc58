"""Whether a creature can be declared as an attacker (CR 508.1a, 508.1c, 506.2, 506.3,
302.6, 702.10b, 702.3b)."""

from __future__ import annotations

from mtgrules.answer import Reason
from mtgrules.model.state import GameObject, GameState, Zone
from mtgrules.rules.activation.summoning_sickness import controlled_since_latest_turn
from mtgrules.rules.combat.keywords import require_known
from mtgrules.rules.combat.statics import attack_statics
from mtgrules.rules.combat.windows import attack_window
from mtgrules.rules.keywords.entering import check_haste_known
from mtgrules.rules.layers.characteristics import Characteristics
from mtgrules.rules.layers.grants import granted_from


def attack_checks(state: GameState, obj: GameObject, chars: Characteristics) -> list[Reason]:
    """Every condition on declaring ``obj`` as an attacker, each a reason citing its rule."""
    active = state.active_player
    require_known(obj, chars, f"whether {obj.label} can attack")
    reasons = [attack_window(state)]
    if obj.zone is not Zone.BATTLEFIELD:
        reasons.append(
            Reason(
                False,
                f"It is in {obj.owner}'s {obj.zone.value}, not on the battlefield.",
                ("506.3",),
            )
        )
        return reasons
    creature = chars.is_a("Creature")
    reasons.append(
        Reason(
            creature,
            "It is a creature." if creature else "It isn't a creature: only creatures attack.",
            ("506.3",),
        )
    )
    if chars.is_a("Battle"):
        reasons.append(
            Reason(False, "It is also a battle, and a battle can't attack.", ("508.1a",))
        )
    mine = obj.controller == active
    reasons.append(
        Reason(
            mine,
            f"{obj.controller} controls it and is the active player, who declares attackers."
            if mine
            else f"{obj.controller} controls it, but it is {active}'s turn: only the active player"
            " attacks, with creatures they control.",
            ("506.2", "508.1a"),
        )
    )
    reasons.append(
        Reason(
            not obj.tapped,
            "It is untapped." if not obj.tapped else "It is tapped: attackers must be untapped.",
            ("508.1a",),
        )
    )
    if creature:
        reasons += _summoning_sickness(state, obj, chars)
    if chars.has_keyword("defender"):
        reasons.append(
            Reason(
                False,
                f"It has defender{_whence(chars, 'defender')}, so it can't attack.",
                ("702.3b",),
            )
        )
    reasons += attack_statics(state, obj, chars)
    return reasons


def _whence(chars: Characteristics, keyword: str) -> str:
    source = granted_from(chars, keyword)
    return f" (from {source}'s static ability)" if source else ""


def _summoning_sickness(state: GameState, obj: GameObject, chars: Characteristics) -> list[Reason]:
    """CR 302.6, 508.1a, 702.10b: controlled continuously since the turn began, or haste."""
    ok, why = controlled_since_latest_turn(state, obj)
    if ok:
        return [Reason(True, f"{why[:1].upper()}{why[1:]}.", ("302.6", "508.1a"))]
    if not chars.has_keyword("haste"):
        check_haste_known(chars.abilities)  # riot, dash: haste by a choice not recorded
        return [
            Reason(
                False,
                f"It has no haste and {why}: summoning sickness stops it from attacking.",
                ("302.6", "508.1a"),
            )
        ]
    return [
        Reason(
            None,
            f"{why[:1].upper()}{why[1:]}, which alone would stop it from attacking.",
            ("302.6",),
        ),
        Reason(
            True,
            f"It has haste{_whence(chars, 'haste')}, so it can attack anyway.",
            ("702.10b", "613.1f") if granted_from(chars, "haste") else ("702.10b",),
        ),
    ]
