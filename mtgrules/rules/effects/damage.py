"""What damage does (CR 120.3) to the player or object dealt it.

Damage to a player makes them lose life (120.3a); to a planeswalker it removes loyalty
counters (120.3c); to a battle, defense counters (120.3h); to a creature it is marked
(120.3e), or becomes -1/-1 counters from a source with wither or infect (120.3d). A
source with lifelink also makes its controller gain that much life (120.3f, 702.15b);
damage from a source with deathtouch is remembered for the state-based action (702.2b,
704.5h). A source that would deal 0 deals none (120.8). Damage from a source with a quality the
recipient has protection from is prevented (702.16e). Poison counters from infect
(120.3b), protection from a quality not read and unread prevention effects (615) refuse.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from mtgrules.model.events import Event
from mtgrules.model.state import GameObject, GameState, Zone
from mtgrules.rules import Unsupported
from mtgrules.rules.effects.changes import add_counters, change_life
from mtgrules.rules.effects.guards import refuse_unread
from mtgrules.rules.keywords.protection import protection_from
from mtgrules.rules.layers.characteristics import characteristics
from mtgrules.rules.zones import with_object

if TYPE_CHECKING:
    from mtgrules.rules.effects.context import Resolving


def deal_damage(
    state: GameState, source: GameObject, to: str, n: int, ctx: Resolving, combat: bool = False
) -> GameState:
    """``source`` deals ``n`` damage to ``to`` (a player's name or an object id)."""
    if n <= 0:  # CR 120.8
        ctx.say(f"{source.label} would deal 0 damage: it deals none", ("120.8",))
        return state
    chars = _source_chars(state, source, ctx)
    controller = source.controller
    refuse_unread(state, "damage", f"{source.label} dealing damage")
    keywords = {k for k in ("lifelink", "deathtouch", "infect", "wither") if chars.has_keyword(k)}
    if to in state.player_names:
        if "infect" in keywords:
            raise Unsupported(
                "damage from a source with infect (poison counters) is not played out yet"
            )
        state = change_life(state, to, -n)
        ctx.events.append(Event("damage", player=to, source=source.oid, amount=n))
        ctx.events.append(Event("life_lost", player=to, amount=n))
        ctx.say(f"{source.label} deals {n} damage to {to}, who loses {n} life", ("120.3a",))
    else:
        obj = state.obj(to)
        if obj.zone is not Zone.BATTLEFIELD:
            return state
        target = characteristics(state, obj)
        protected, quality = protection_from(target, chars)
        if protected is None:
            raise Unsupported(
                f"{obj.label} has {quality}: whether it prevents this damage (702.16e) is not read"
            )
        if protected:
            ctx.say(
                f"{obj.label} has protection from {quality}: the {n} damage {source.label} "
                "would deal to it is prevented",
                ("702.16e",),
            )
            return state
        ctx.events.append(Event("damage", obj=to, source=source.oid, amount=n))
        rules: list[str] = []
        if target.is_a("Creature"):
            if keywords & {"wither", "infect"}:
                state = add_counters(state, to, "-1/-1", n)
                rules.append("120.3d")
            else:
                obj = state.obj(to)
                dt = obj.deathtouch_damage or "deathtouch" in keywords
                state = with_object(
                    state, replace(obj, damage=obj.damage + n, deathtouch_damage=dt)
                )
                rules.append("120.3e")
        if target.is_a("Planeswalker"):
            state = add_counters(state, to, "loyalty", -n)
            rules.append("120.3c")
        if target.is_a("Battle"):
            state = add_counters(state, to, "defense", -n)
            rules.append("120.3h")
        ctx.say(f"{source.label} deals {n} damage to {obj.label}", tuple(rules) or ("120.3",))
    if "lifelink" in keywords:
        state = change_life(state, controller, n)
        ctx.events.append(Event("life_gained", player=controller, amount=n))
        ctx.say(f"lifelink: {controller} gains {n} life", ("120.3f", "702.15b"))
    return state


def _source_chars(state: GameState, source: GameObject, ctx: Resolving):
    """The source's characteristics: as it is, or as it last existed (608.2h, 113.7a)
    when that was remembered as it left."""
    current = state._by_id.get(source.oid)
    if current is not None and current.moves == source.moves:
        return characteristics(state, current)
    known = ctx.last_known.get(source.oid)
    if known is not None and known[0].moves == source.moves:
        return known[1]
    raise Unsupported(
        f"{source.label} has left its zone; the characteristics it last had (for lifelink, "
        "deathtouch, infect) are not computed by the play-out yet (CR 608.2h)"
    )
