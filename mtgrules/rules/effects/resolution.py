"""Following a resolving spell's or ability's instructions in order (CR 608.2c).

:func:`carry_out` takes the :class:`~mtgrules.cards.effects.Script` read from its text
and the facts of its resolution (:class:`Resolving`: its source, controller, targets and
which of them are still legal, X, modes, the object its trigger named) and returns the
new state, the events it caused and a sentence per instruction with its rules. An
instruction that acts on an illegal target does nothing to it (608.2b); information is
read as the instruction applies, and from last known information for an object that has
left (608.2h). Any instruction the engine can't carry out raises
:class:`~mtgrules.rules.Unsupported` naming it: never a guess.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from mtgrules.cards import effects as fx
from mtgrules.cards.vocabulary import CardDef
from mtgrules.model.events import DelayedTrigger, Event
from mtgrules.model.state import ContinuousEffect, GameObject, GameState, Zone
from mtgrules.rules import Unsupported
from mtgrules.rules.effects.changes import add_counters, change_life
from mtgrules.rules.effects.damage import deal_damage
from mtgrules.rules.effects.guards import refuse_unread
from mtgrules.rules.layers import characteristics
from mtgrules.rules.statics_in_force import in_group
from mtgrules.rules.turn_order import apnap_order
from mtgrules.rules.zones import add_object, move, with_object

# the answers a "may" choice takes (YAML reads yes/no as booleans)
YES_NO = ("yes", "no", "True", "False")


def said_yes(value: Any) -> bool:
    """Whether a ``may`` choice's value is yes."""
    return value in (True, "yes", "True")


Ask = Callable[[str, Sequence[str], str], Any]  # (choose key, options, what) -> the choice


@dataclass
class Resolving:
    """What a resolving spell or ability acts with (CR 608.2b-h)."""

    source: GameObject  # the spell, or the ability's source (as it last existed, 113.7a)
    controller: str
    targets: tuple[str, ...] = ()  # object ids or player names, in order
    legal: tuple[bool, ...] = ()  # whether each target is still legal (608.2b)
    x: int | None = None
    modes: tuple[int, ...] = ()
    refers_to: str | None = None  # what its trigger event named ("that creature", 603.7c)
    ask: Ask | None = None
    # filled in as it resolves
    events: list[Event] = field(default_factory=list)
    lines: list[tuple[str, tuple[str, ...]]] = field(default_factory=list)
    delayed: list[DelayedTrigger] = field(default_factory=list)
    last_known: dict[str, tuple[GameObject, Any]] = field(default_factory=dict)
    did: bool | None = None  # whether the last optional instruction was done ("if you do")

    def say(self, text: str, rules: Sequence[str]) -> None:
        self.lines.append((text, tuple(rules)))


def carry_out(state: GameState, script: fx.Script, ctx: Resolving) -> GameState:
    """Follow ``script`` on ``state`` (CR 608.2c); unsupported if any of it is unread."""
    if not script.complete:
        raise Unsupported(f"what {ctx.source.label} does is not all read: {script.render()}")
    for step in script.steps:
        handler = HANDLERS.get(type(step))
        if handler is None:
            raise Unsupported(
                f"{ctx.source.label}'s instruction “{step.render()}” is read but not carried "
                "out by the play-out yet"
            )
        state = handler(state, step, ctx)
    return state


# -- who and what ---------------------------------------------------------------------


def players_of(state: GameState, subject: fx.Subject, ctx: Resolving) -> list[str]:
    """The players ``subject`` names (CR 109.5, 102.2), in APNAP order (101.4)."""
    if subject.kind == "you":
        return [ctx.controller]
    if subject.kind == "each_player":
        return list(apnap_order(state))
    if subject.kind == "each_opponent":
        return [p for p in apnap_order(state) if p != ctx.controller]
    if subject.kind == "target":
        key = _target(ctx, subject.index)
        if key is None:
            return []
        if key in state.player_names:
            return [key]
        raise Unsupported(f"target {subject.index + 1} of {ctx.source.label} is not a player")
    if subject.kind == "its_controller":
        key = _target(ctx, subject.index, legal_only=False)
        if key is None or key in state.player_names:
            return []
        obj = _current_or_last(state, key, ctx)
        return [obj.controller]
    if subject.kind == "that" and ctx.refers_to in state.player_names:
        return [ctx.refers_to]
    raise Unsupported(f"{ctx.source.label}: “{subject.render()}” as a player is not read")


def objects_of(state: GameState, subject: fx.Subject, ctx: Resolving) -> list[str]:
    """The ids of the objects ``subject`` names, where they are now."""
    if subject.kind == "target":
        key = _target(ctx, subject.index)
        if key is None:
            return []
        if key in state.player_names:
            raise Unsupported(f"target {subject.index + 1} of {ctx.source.label} is a player")
        return [key]
    if subject.kind == "self":
        obj = state._by_id.get(ctx.source.oid)
        if obj is None or obj.moves != ctx.source.moves:  # it left: a new object (400.7)
            return []
        return [obj.oid]
    if subject.kind == "that" and ctx.refers_to is not None:
        return [ctx.refers_to] if ctx.refers_to in state._by_id else []
    if subject.kind == "each" and subject.group is not None:
        source = state._by_id.get(ctx.source.oid, ctx.source)
        return [
            o.oid
            for o in state.in_zone(Zone.BATTLEFIELD)
            if in_group(state, subject.group, source, o, characteristics(state, o))
        ]
    raise Unsupported(f"{ctx.source.label}: “{subject.render()}” as objects is not read")


def _target(ctx: Resolving, index: int, legal_only: bool = True) -> str | None:
    """The ``index``-th target; None if it is no longer legal (608.2b)."""
    if index >= len(ctx.targets):
        raise Unsupported(f"{ctx.source.label} refers to a target it wasn't given")
    if legal_only and not ctx.legal[index]:
        return None
    return ctx.targets[index]


def _current_or_last(state: GameState, oid: str, ctx: Resolving) -> GameObject:
    """The object, or as it last existed (608.2h)."""
    if oid in ctx.last_known:
        return ctx.last_known[oid][0]
    return state.obj(oid)


def amount_of(state: GameState, amount: fx.Amount, ctx: Resolving) -> int:
    """The number an instruction uses, determined once as it applies (608.2h)."""
    if amount.x:
        if ctx.x is None:
            raise Unsupported(f"{ctx.source.label} uses X, and no value of X was announced")
        return ctx.x
    if amount.count in ("power_of", "toughness_of") and amount.of is not None:
        which = amount.count.removesuffix("_of")
        keys = (
            objects_of(state, amount.of, ctx)
            if amount.of.kind != "target"
            else [_target(ctx, amount.of.index, legal_only=False)]
        )
        if len(keys) != 1 or keys[0] is None:
            raise Unsupported(f"{ctx.source.label}: whose {which} it uses is not clear")
        oid = keys[0]
        if oid in ctx.last_known:  # it left the battlefield: its last known value (608.2h)
            value = getattr(ctx.last_known[oid][1], which)
        else:
            value = getattr(characteristics(state, state.obj(oid)), which)
        if not isinstance(value, int):
            raise Unsupported(f"the {which} of {state.obj(oid).label} is not a number here")
        return value
    if amount.count == "group" and amount.group is not None:
        each = fx.Subject("each", group=amount.group)
        return amount.times * len(objects_of(state, each, ctx))
    if amount.count:
        raise Unsupported(f"{ctx.source.label}: the amount “{amount.render()}” is not read")
    return amount.fixed


def leave(state: GameState, oid: str, to: Zone, ctx: Resolving, **how: Any) -> GameState:
    """Move ``oid`` to ``to``, remembering it as it last existed (608.2h, 400.7)."""
    obj = state.obj(oid)
    if obj.zone is Zone.BATTLEFIELD:
        ctx.last_known[oid] = (obj, characteristics(state, obj))
    state, event = move(state, oid, to, **how)
    ctx.events.append(event)
    return state


# -- the instructions -----------------------------------------------------------------


def _damage(state: GameState, step: fx.DealDamage, ctx: Resolving) -> GameState:
    n = amount_of(state, step.amount, ctx)
    source = ctx.source
    if step.source.kind != "self":
        raise Unsupported(f"damage dealt by “{step.source.render()}” is not played out yet")
    recipients: list[str] = []
    if step.to.kind in ("you", "each_player", "each_opponent", "its_controller"):
        recipients = players_of(state, step.to, ctx)
    elif step.to.kind == "target":
        key = _target(ctx, step.to.index)
        recipients = [] if key is None else [key]
    else:
        recipients = objects_of(state, step.to, ctx)
    if not recipients:
        ctx.say(
            f"{step.to.render().capitalize()} is no longer a legal target: no damage "
            "is dealt to it",
            ("608.2b",),
        )
        return state
    for key in recipients:
        state = deal_damage(state, source, key, n, ctx)
    return state


def _destroy(state: GameState, step: fx.Destroy, ctx: Resolving) -> GameState:
    for oid in objects_of(state, step.what, ctx):
        obj = state.obj(oid)
        if obj.zone is not Zone.BATTLEFIELD:
            continue
        refuse_unread(state, "destroy", f"destroying {obj.label}")
        if characteristics(state, obj).has_keyword("indestructible"):
            ctx.say(f"{obj.label} is indestructible: it isn't destroyed", ("702.12b",))
            continue
        state = leave(state, oid, Zone.GRAVEYARD, ctx)
        ctx.say(f"{obj.label} is destroyed and put into its owner's graveyard", ("701.8a",))
    return state


_ZONES = {
    "hand": (Zone.HAND, "returned to its owner's hand"),
    "graveyard": (Zone.GRAVEYARD, "put into its owner's graveyard"),
    "library_top": (Zone.LIBRARY, "put on top of its owner's library"),
    "library_bottom": (Zone.LIBRARY, "put on the bottom of its owner's library"),
    "battlefield": (Zone.BATTLEFIELD, "put onto the battlefield"),
}


def _exile(state: GameState, step: fx.Exile, ctx: Resolving) -> GameState:
    for oid in objects_of(state, step.what, ctx):
        obj = state.obj(oid)
        refuse_unread(state, "zone", f"exiling {obj.label}")
        state = leave(state, oid, Zone.EXILE, ctx)
        ctx.say(f"{obj.label} is exiled", ("701.13a", "400.7"))
    return state


def _move(state: GameState, step: fx.Move, ctx: Resolving) -> GameState:
    if step.zone not in _ZONES:
        raise Unsupported(f"putting a card into “{step.zone}” is not played out yet")
    zone, words = _ZONES[step.zone]
    if zone is Zone.BATTLEFIELD:
        raise Unsupported(
            f"{ctx.source.label} puts a permanent onto the battlefield: how it enters "
            "(replacement effects, copies, counters) is not played out for effects yet"
        )
    for oid in objects_of(state, step.what, ctx):
        obj = state.obj(oid)
        refuse_unread(state, "zone", f"moving {obj.label}")
        state = leave(state, oid, zone, ctx, top=step.zone != "library_bottom")
        ctx.say(f"{obj.label} is {words}", ("400.3", "400.7"))
    return state


def _sacrifice(state: GameState, step: fx.Sacrifice, ctx: Resolving) -> GameState:
    if step.what.kind != "self":
        raise Unsupported(
            f"{ctx.source.label}: which permanent is sacrificed is a choice the play-out "
            "doesn't take yet"
        )
    for oid in objects_of(state, step.what, ctx):
        obj = state.obj(oid)
        if obj.zone is not Zone.BATTLEFIELD:
            continue
        refuse_unread(state, "zone", f"sacrificing {obj.label}")
        state = leave(state, oid, Zone.GRAVEYARD, ctx)
        ctx.events.append(Event("sacrificed", obj=oid, player=obj.controller))
        ctx.say(f"{obj.controller} sacrifices {obj.label}", ("701.21a",))
    return state


def _counter(state: GameState, step: fx.Counter, ctx: Resolving) -> GameState:
    if step.what.kind != "target":
        raise Unsupported(f"countering “{step.what.render()}” is not played out yet")
    key = _target(ctx, step.what.index)
    if key is None:
        return state
    item = next((i for i in state.stack if i.oid == key), None)
    if item is None:
        raise Unsupported(f"{ctx.source.label} counters an ability: not played out yet")
    obj = state.obj(key)
    if any("countered" in (a.oracle or a.text or "").lower() for a in obj.card.abilities):
        raise Unsupported(f"{obj.label} says something about being countered, not read")
    refuse_unread(state, "counter_spell", f"countering {obj.label}")
    state = replace(state, stack=tuple(i for i in state.stack if i is not item))
    state = leave(state, key, Zone.GRAVEYARD, ctx)
    ctx.say(f"{obj.label} is countered and put into its owner's graveyard", ("701.6a",))
    return state


def _library(state: GameState, player: str) -> list[GameObject]:
    return [o for o in state.objects if o.zone is Zone.LIBRARY and o.owner == player]


def _known_library(state: GameState, player: str, n: int, what: str) -> list[GameObject]:
    """The top ``n`` cards of ``player``'s library, when the case lists it (hidden
    information stays hidden: DESIGN.md)."""
    if "library" not in state.player(player).zones_given:
        raise Unsupported(
            f"{what} takes cards from {player}'s library, which the case doesn't list "
            "(hidden information: list `library:` top first to play it out)"
        )
    cards = _library(state, player)
    if len(cards) < n:
        raise Unsupported(
            f"{what}: {player}'s library has {len(cards)} card(s) left; drawing from an "
            "empty library (CR 704.5b) is not played out yet"
        )
    return cards[:n]


def _draw(state: GameState, step: fx.Draw, ctx: Resolving) -> GameState:
    n = amount_of(state, step.amount, ctx)
    for player in players_of(state, step.who, ctx):
        refuse_unread(state, "draw", f"{player} drawing")
        for card in _known_library(state, player, n, f"{player} drawing {n}"):
            state = leave(state, card.oid, Zone.HAND, ctx)
            ctx.events.append(Event("drew", obj=card.oid, player=player))
        ctx.say(f"{player} draws {n} card{'s' if n != 1 else ''}", ("121.1", "121.2"))
    return state


def _mill(state: GameState, step: fx.Mill, ctx: Resolving) -> GameState:
    n = amount_of(state, step.amount, ctx)
    for player in players_of(state, step.who, ctx):
        refuse_unread(state, "mill", f"{player} milling")
        for card in _known_library(state, player, n, f"{player} milling {n}"):
            state = leave(state, card.oid, Zone.GRAVEYARD, ctx)
        ctx.say(f"{player} mills {n} card{'s' if n != 1 else ''}", ("701.17a",))
    return state


def _discard(state: GameState, step: fx.Discard, ctx: Resolving) -> GameState:
    n = amount_of(state, step.amount, ctx)
    for player in players_of(state, step.who, ctx):
        if "hand" not in state.player(player).zones_given:
            raise Unsupported(f"{player}'s hand is not listed: what they discard is unknown")
        hand = [o for o in state.objects if o.zone is Zone.HAND and o.owner == player]
        if step.at_random and len(hand) > n:
            raise Unsupported("a card discarded at random is not played out (no randomness)")
        if len(hand) > n:
            raise Unsupported(f"which cards {player} discards is a choice not played out yet")
        refuse_unread(state, "discard", f"{player} discarding")
        for card in hand:
            state = leave(state, card.oid, Zone.GRAVEYARD, ctx)
            ctx.events.append(Event("discarded", obj=card.oid, player=player))
        ctx.say(f"{player} discards {len(hand)} card(s)", ("701.9a",))
    return state


def _life(state: GameState, step: fx.GainLife | fx.LoseLife, ctx: Resolving) -> GameState:
    n = amount_of(state, step.amount, ctx)
    gain = isinstance(step, fx.GainLife)
    for player in players_of(state, step.who, ctx):
        refuse_unread(state, "life", f"{player} {'gaining' if gain else 'losing'} life")
        state = change_life(state, player, n if gain else -n)
        ctx.events.append(Event("life_gained" if gain else "life_lost", player=player, amount=n))
        # its last known power or toughness
        lki = ("608.2h",) if step.amount.count in ("power_of", "toughness_of") else ()
        ctx.say(f"{player} {'gains' if gain else 'loses'} {n} life", ("119.3", *lki))
    return state


def _counters(state: GameState, step: fx.PutCounters, ctx: Resolving) -> GameState:
    n = amount_of(state, step.amount, ctx)
    for oid in objects_of(state, step.what, ctx):
        obj = state.obj(oid)
        refuse_unread(state, "counters", f"counters on {obj.label}")
        state = add_counters(state, oid, step.kind, -n if step.remove else n)
        if not step.remove:
            ctx.events.append(Event("counters_put", obj=oid, amount=n, counter=step.kind))
        verb = "removed from" if step.remove else "put on"
        ctx.say(f"{n} {step.kind} counter(s) {verb} {obj.label}", ("122.1", "122.6"))
    return state


def _token(state: GameState, step: fx.CreateToken, ctx: Resolving) -> GameState:
    n = amount_of(state, step.amount, ctx)
    spec = step.token
    refuse_unread(state, "token", "creating tokens")
    if spec.keywords:
        raise Unsupported(f"a token with keywords ({', '.join(spec.keywords)}) is not made yet")
    for player in players_of(state, step.who, ctx):
        name = spec.name or " ".join(spec.subtypes) + " Token"  # 111.4
        card = CardDef(
            name=name,
            types=spec.types,
            subtypes=spec.subtypes,
            supertypes=spec.supertypes,
            color_indicator=spec.colors,
            power=spec.power,
            toughness=spec.toughness,
            source="inline",
        )
        for _ in range(n):
            oid = f"token:{sum(o.token for o in state.objects) + 1}:{len(state.objects)}"
            token = GameObject(
                oid=oid,
                card=card,
                zone=Zone.BATTLEFIELD,
                owner=player,
                controller=player,
                token=True,
                tapped=step.tapped,
                controlled_since_turn=state.turn,
                entered_this_turn=True,
            )
            state = add_object(state, token)
            ctx.events.append(
                Event("moves", obj=oid, player=player, from_zone=None, to_zone="battlefield")
            )
            ctx.events.append(Event("token_created", obj=oid, player=player))
        ctx.say(f"{player} creates {n} {spec.render()}", ("111.1", "111.2", "701.7a"))
    return state


def _tap(state: GameState, step: fx.Tap, ctx: Resolving) -> GameState:
    for oid in objects_of(state, step.what, ctx):
        obj = state.obj(oid)
        if obj.tapped != step.untap:  # 701.26a-b: only untapped taps, only tapped untaps
            continue
        refuse_unread(state, "tap", f"tapping {obj.label}")
        state = with_object(state, replace(obj, tapped=not step.untap))
        ctx.events.append(Event("untapped" if step.untap else "tapped", obj=oid))
        ctx.say(
            f"{obj.label} becomes {'untapped' if step.untap else 'tapped'}",
            ("701.26b",) if step.untap else ("701.26a",),
        )
    return state


def _modify(state: GameState, step: fx.Modify, ctx: Resolving) -> GameState:
    if step.duration != "end_of_turn":
        raise Unsupported(f"an effect lasting “{step.duration}” is not played out yet")
    affected = tuple(objects_of(state, step.what, ctx))  # fixed as it begins (611.2c)
    if not affected:
        return state
    if step.x_power or step.x_toughness:  # X as announced (107.3a)
        x = amount_of(state, fx.Amount(x=True), ctx)
        step = replace(
            step,
            power=step.power + step.x_power * x,
            toughness=step.toughness + step.x_toughness * x,
            x_power=0,
            x_toughness=0,
        )
    stamp = max((e.timestamp for e in state.effects), default=0) + 1
    effect = ContinuousEffect(
        affects=affected,
        timestamp=stamp,
        source=ctx.source.oid,
        until="end_of_turn",
        power_toughness=f"{step.power:+d}/{step.toughness:+d}"
        if step.power or step.toughness
        else None,
        add_abilities=step.keywords,
    )
    state = replace(state, effects=(*state.effects, effect))
    names = ", ".join(state.obj(o).label for o in affected)
    rules = ("611.2a", "611.2c", "613.4c") if step.power or step.toughness else ("611.2a", "611.2c")
    ctx.say(f"{names} {_what(step)}", rules)
    return state


def _what(step: fx.Modify) -> str:
    parts = []
    if step.power or step.toughness:
        parts.append(f"gets {step.power:+d}/{step.toughness:+d}")
    if step.keywords:
        parts.append(f"gains {', '.join(step.keywords)}")
    return " and ".join(parts) + " until end of turn"


def _mana(state: GameState, step: fx.AddMana, ctx: Resolving) -> GameState:
    if any(ch not in "{}WUBRGC" for ch in step.symbols):
        raise Unsupported(f"adding “{step.symbols}” is not played out yet")
    players = tuple(
        replace(p, mana_pool=p.mana_pool + step.symbols) if p.name == ctx.controller else p
        for p in state.players
    )
    ctx.say(f"{ctx.controller} adds {step.symbols}", ("106.4",))
    return replace(state, players=players)


def _may(state: GameState, step: fx.May, ctx: Resolving) -> GameState:
    if ctx.ask is None:
        raise Unsupported(f"{ctx.source.label} offers a choice (“you may”) nobody can make")
    ctx.did = said_yes(ctx.ask("may", YES_NO, f"whether to {step.then.render()}"))
    ctx.say(
        f"{ctx.controller} {'chooses to' if ctx.did else 'chooses not to'} {step.then.render()}",
        ("608.2d",),
    )
    if ctx.did:
        state = carry_out(state, step.then, ctx)
    return state


def _if_you_do(state: GameState, step: fx.IfYouDo, ctx: Resolving) -> GameState:
    if ctx.did is None:
        raise Unsupported(f"{ctx.source.label}: “if you do” follows nothing optional")
    return carry_out(state, step.then, ctx) if ctx.did else state


def _modal(state: GameState, step: fx.Modal, ctx: Resolving) -> GameState:
    if len(ctx.modes) != step.choose:
        raise Unsupported(
            f"{ctx.source.label} is modal (choose {step.choose}); its modes were not chosen "
            "(`modes:` on the action)"
        )
    for mode in ctx.modes:
        if not 1 <= mode <= len(step.modes):
            raise Unsupported(f"{ctx.source.label} has no mode {mode}")
        ctx.say(f"mode {mode}: {step.modes[mode - 1].render()}", ("700.2",))
        state = carry_out(state, step.modes[mode - 1], ctx)
    return state


def _delayed(state: GameState, step: fx.Delayed, ctx: Resolving) -> GameState:
    if step.when != "next_end_step":
        raise Unsupported(f"a delayed trigger “{step.when}” is not played out yet")
    refers = ctx.targets[0] if ctx.targets else ctx.refers_to
    ctx.delayed.append(DelayedTrigger(step.when, ctx.source.oid, ctx.controller, step.then, refers))
    ctx.say(f"a delayed triggered ability is created: {step.render()}", ("603.7a",))
    return state


HANDLERS: dict[type, Callable[[GameState, Any, Resolving], GameState]] = {
    fx.DealDamage: _damage,
    fx.Destroy: _destroy,
    fx.Exile: _exile,
    fx.Move: _move,
    fx.Sacrifice: _sacrifice,
    fx.Counter: _counter,
    fx.Draw: _draw,
    fx.Mill: _mill,
    fx.Discard: _discard,
    fx.GainLife: _life,
    fx.LoseLife: _life,
    fx.PutCounters: _counters,
    fx.CreateToken: _token,
    fx.Tap: _tap,
    fx.Modify: _modify,
    fx.AddMana: _mana,
    fx.May: _may,
    fx.IfYouDo: _if_you_do,
    fx.Modal: _modal,
    fx.Delayed: _delayed,
}
