"""Whether a creature can be declared as a blocker of an attacking creature (CR 509.1a-b,
506.2, 506.3, and the evasion abilities of 702)."""

from __future__ import annotations

from mtgrules.answer import Reason
from mtgrules.model.state import GameObject, GameState, Zone
from mtgrules.rules.combat.evasion import evasion_checks
from mtgrules.rules.combat.keywords import require_known
from mtgrules.rules.combat.statics import block_statics
from mtgrules.rules.combat.windows import block_window, defending_player
from mtgrules.rules.layers.characteristics import Characteristics, characteristics


def block_checks(
    state: GameState,
    blocker: GameObject,
    b: Characteristics,
    attacker: GameObject,
    a: Characteristics,
) -> list[Reason]:
    """Every condition on declaring ``blocker`` as a blocker of ``attacker``."""
    for obj, chars in ((blocker, b), (attacker, a)):
        require_known(obj, chars, f"whether {blocker.label} can block {attacker.label}")
    reasons = [block_window(state)]
    for obj in (blocker, attacker):
        if obj.zone is not Zone.BATTLEFIELD:
            reasons.append(
                Reason(
                    False,
                    f"{obj.label} is in a {obj.zone.value}, not on the battlefield.",
                    ("506.3",),
                )
            )
            return reasons
    if blocker.oid == attacker.oid:
        reasons.append(Reason(False, "A creature can't block itself.", ("509.1a",)))
        return reasons
    if not attacker.attacking or attacker.controller != state.active_player:
        reasons.append(
            Reason(
                False,
                f"{attacker.label} isn't attacking: a blocker blocks an attacking creature.",
                ("509.1a", "506.2"),
            )
        )
        return reasons
    if not a.is_a("Creature"):
        reasons.append(
            Reason(
                False,
                f"{attacker.label} isn't a creature, so it isn't an attacking creature (a"
                " permanent that stops being a creature is removed from combat).",
                ("506.3", "506.4"),
            )
        )
        return reasons
    target = attacker.attacking
    if isinstance(target, str) and target not in state.player_names:
        what = characteristics(state, state.find(target), through="4")
        if not (what.is_a("Planeswalker") or what.is_a("Battle")):
            reasons.append(
                Reason(
                    False,
                    f"The case has {attacker.label} attacking {state.find(target).label}, which"
                    " is neither a planeswalker nor a battle: only players, planeswalkers and"
                    " battles are attacked, so it isn't an attacking creature.",
                    ("506.3", "506.3c"),
                )
            )
            return reasons
    defender, attacked = defending_player(state, attacker)
    reasons.append(Reason(True, f"{attacker.label} is attacking {attacked}.", ("508.1k",)))
    creature = b.is_a("Creature")
    reasons.append(
        Reason(
            creature,
            f"{blocker.label} is a creature."
            if creature
            else f"{blocker.label} isn't a creature: only creatures block.",
            ("506.3",),
        )
    )
    if b.is_a("Battle"):
        reasons.append(
            Reason(
                False, f"{blocker.label} is also a battle, and a battle can't block.", ("509.1a",)
            )
        )
    mine = blocker.controller == defender
    reasons.append(
        Reason(
            mine,
            f"{defender} controls {blocker.label} and is the defending player, who declares"
            " blockers."
            if mine
            else f"{blocker.controller} controls it, but only {defender}, the defending player,"
            f" blocks {attacker.label}.",
            ("509.1a", "506.2"),
        )
    )
    reasons.append(
        Reason(
            not blocker.tapped,
            f"{blocker.label} is untapped."
            if not blocker.tapped
            else f"{blocker.label} is tapped: blockers must be untapped.",
            ("509.1a",),
        )
    )
    reasons += block_statics(state, blocker, b)
    reasons += evasion_checks(state, attacker, a, blocker, b, defender)
    return reasons
