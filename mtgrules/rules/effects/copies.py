"""Two instructions around a copy effect made on the battlefield (Identity Thief): an
object becomes a copy of another until end of turn (CR 707.2, 613.2a, 611.2a, 514.2),
and a card is put onto the battlefield by an effect (a delayed trigger returning an
exiled card: a new object, 400.7, whose enters abilities see it enter, 603.6a).

What isn't carried out soundly refuses, naming the card: a copied object whose copiable
values as it last existed differ from those of the card it became (it was itself a copy,
face down, a back face ...: 707.2 takes them as it last existed), and a card that would
enter in a way an ability changes (614.1c: tapped, with counters, as a copy, an Aura).
"""

from __future__ import annotations

from dataclasses import replace

from mtgrules.cards import effects as fx
from mtgrules.cards.effects_control import BecomeCopy
from mtgrules.model.state import ContinuousEffect, GameState, Zone
from mtgrules.rules import Unsupported
from mtgrules.rules.copy.values import copiable_values
from mtgrules.rules.effects.context import Resolving, leave, objects_of, one_target
from mtgrules.rules.effects.guards import refuse_unread
from mtgrules.rules.entering.counters import changes_entering, enters_with
from mtgrules.rules.layers.characteristics import characteristics
from mtgrules.rules.zones import moved


def become_copy(state: GameState, step: BecomeCopy, ctx: Resolving) -> GameState:
    """CR 707.2, 613.2a, 611.2a: ``what`` becomes a copy of ``of`` until end of turn; a copy
    of an object that has just left the battlefield gets its copiable values as it last
    existed (608.2h), which are the card's own only when no copy effect, face or status
    shaped them: otherwise refused."""
    if step.duration != "end_of_turn" or step.of.kind != "target":
        raise Unsupported(f"{ctx.source.label}: “{step.render()}” is not played out yet")
    key = one_target(ctx, step.of.index, legal_only=False)
    copiers = objects_of(state, step.what, ctx)
    if key is None or not copiers:
        return state
    target = state.obj(key)
    before = ctx.before.get(key)
    if before is None and target.zone is not Zone.BATTLEFIELD:
        raise Unsupported(
            f"{target.label} is in {target.zone.value} without this effect having moved it: "
            "what a copy of it would copy is not played out (CR 707.2)"
        )
    if before is not None:
        was = copiable_values(before, before.obj(key))
        now = copiable_values(state, target)
        if replace(was, steps=()) != replace(now, steps=(), is_copy=was.is_copy) or was.is_copy:
            raise Unsupported(
                f"{target.label} had copiable values of its own making as it last existed "
                "(a copy, a face down or back face): a copy of it as it last existed is not "
                "played out yet (CR 707.2, 608.2h)"
            )
    stamp = max((e.timestamp for e in state.effects), default=0) + 1
    effect = ContinuousEffect(
        affects=tuple(copiers),
        timestamp=stamp,
        source=ctx.source.oid,
        until="end_of_turn",
        copy_of=key,
    )
    state = replace(state, effects=(*state.effects, effect))
    names = ", ".join(state.obj(o).label for o in copiers)
    where = "" if target.zone is Zone.BATTLEFIELD else " as it last existed on the battlefield"
    ctx.say(
        f"{names} becomes a copy of {target.label}{where} until end of turn (a copy effect in "
        "layer 1; its non-copy effects and status stay)",
        ("707.2", "613.2a", "611.2a"),
    )
    return state


def onto_battlefield(state: GameState, step: fx.Move, ctx: Resolving) -> GameState:
    """CR 400.7, 110.2, 603.6a: each card named is put onto the battlefield (under its
    owner's control, or the controller's), a new object with no memory of its past; its
    enters abilities and others' see it enter. A card an ability of its own would make
    enter differently (614.1c: tapped, with counters, as a copy; an Aura, 303.4f) or one
    an unread ability could change is refused."""
    for oid in objects_of(state, step.what, ctx):
        obj = state.obj(oid)
        if obj.zone is Zone.BATTLEFIELD:
            continue
        if obj.zone not in (Zone.EXILE, Zone.GRAVEYARD, Zone.HAND):
            raise Unsupported(f"{obj.label} put onto the battlefield from {obj.zone.value}")
        controller = obj.owner if step.under == "owner" else ctx.controller
        arriving = moved(obj, Zone.BATTLEFIELD, controller=controller, tapped=step.tapped)
        chars = characteristics(state, arriving)
        for ability in chars.abilities:
            if (
                ability.enters_as_copy is not None
                or ability.enters_tapped
                or changes_entering(ability)
            ):
                raise Unsupported(
                    f"{obj.label} has an ability that may change how it enters "
                    f"(“{ability.words.rstrip('.')}”): entering that way from an effect is "
                    "not played out yet"
                )
        if chars.has_subtype("Aura"):
            raise Unsupported(f"{obj.label} is an Aura put onto the battlefield: not played out")
        refuse_unread(state, "enter", f"{obj.label} entering the battlefield")
        counters, _ = enters_with(arriving, chars, chars.loyalty)
        arriving = replace(
            arriving, counters=tuple(counters.items()), controlled_since_turn=state.turn
        )
        state = leave(state, oid, Zone.BATTLEFIELD, ctx, new=arriving)
        text = f"{obj.label} is put onto the battlefield under {controller}'s control"
        text += ", tapped" if step.tapped else ""
        ctx.say(f"{text}, a new object", ("400.7", "110.2", "603.6a"))
    return state
