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

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from mtgrules.cards import effects as fx
from mtgrules.cards.define import color_code
from mtgrules.cards.effects_actions import KeywordAction
from mtgrules.cards.effects_choices import IfYouDont
from mtgrules.cards.effects_conditions import If
from mtgrules.cards.effects_control import BecomeCopy
from mtgrules.cards.vocabulary import Ability, AbilityKind, CardDef
from mtgrules.model.events import DelayedTrigger, Event
from mtgrules.model.state import ContinuousEffect, GameObject, GameState, Zone
from mtgrules.rules import Unsupported
from mtgrules.rules.effects.changes import add_counters, change_life
from mtgrules.rules.effects.conditions import condition_holds
from mtgrules.rules.effects.context import (
    YES_NO,
    Resolving,
    amount_of,
    chosen_objects,
    leave,
    names_a_target,
    objects_of,
    one_target,
    players_of,
    said_yes,
    targets_of,
)
from mtgrules.rules.effects.copies import become_copy, onto_battlefield
from mtgrules.rules.effects.damage import deal_damage
from mtgrules.rules.effects.guards import refuse_unfollowed, refuse_unread
from mtgrules.rules.effects.hands_libraries import discard, draw, mill
from mtgrules.rules.effects.keyword_actions import fight, keyword_action, scry
from mtgrules.rules.layers.characteristics import characteristics
from mtgrules.rules.layers.statics_in_force import in_group
from mtgrules.rules.scope.index import Scope
from mtgrules.rules.scope.query import Depends, require
from mtgrules.rules.zones import add_object, with_object


def carry_out(state: GameState, script: fx.Script, ctx: Resolving) -> GameState:
    """Follow ``script`` on ``state`` (CR 608.2c); unsupported if any of it is unread."""
    refuse_unfollowed(script, ctx.source.label)
    for step in script.steps:
        handler = HANDLERS.get(type(step))
        if handler is None:
            raise Unsupported(
                f"{ctx.source.label}'s instruction “{step.render()}” is read but not carried "
                "out by the play-out yet"
            )
        state = handler(state, step, ctx)
    return state


# -- the instructions -----------------------------------------------------------------


def _damage(state: GameState, step: fx.DealDamage, ctx: Resolving) -> GameState:
    n = amount_of(state, step.amount, ctx)
    source = ctx.source
    if step.source.kind == "that" and objects_of(state, step.source, ctx) == [source.oid]:
        pass  # "it deals": the object its trigger event named is the source itself (603.2)
    elif step.source.kind != "self":
        raise Unsupported(f"damage dealt by “{step.source.render()}” is not played out yet")
    recipients: list[str] = []
    if step.to.kind in ("you", "each_player", "each_opponent", "its_controller"):
        recipients = players_of(state, step.to, ctx)
    elif step.to.kind == "target":
        recipients = targets_of(ctx, step.to.index)
    elif step.to.kind == "that" and step.to.noun == "player":  # "that player" (603.7c)
        recipients = players_of(state, step.to, ctx)
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
        # 702.12b: whether it is indestructible is its abilities' (layer 6), which an
        # unread ability could grant, as "can't be destroyed" or regeneration could stop it
        require(
            state,
            Depends(
                (obj,), (Scope.SBA_DYING, Scope.ABILITIES), f"whether {obj.label} is destroyed"
            ),
        )
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
        return onto_battlefield(state, step, ctx)
    for oid in objects_of(state, step.what, ctx):
        obj = state.obj(oid)
        refuse_unread(state, "zone", f"moving {obj.label}")
        state = leave(state, oid, zone, ctx, top=step.zone != "library_bottom")
        ctx.say(f"{obj.label} is {words}", ("400.3", "400.7"))
    return state


def _sacrificed(state: GameState, step: fx.Sacrifice, ctx: Resolving) -> list[str]:
    """CR 701.21a, 101.4: what is sacrificed. "This permanent" is itself; "all creatures you
    control", every one of them the controller controls; for "sacrifices a
    creature" each player named, in APNAP order, chooses among the permanents of the group
    they control (none to choose from: nothing; no more than asked: all of them; otherwise
    the case's ``choose: {object}`` or ``{objects}``)."""
    group = step.what.group
    if step.what.kind == "each" and group is not None and group.whose == "you":
        # only their own permanents can be sacrificed (701.21a); an attached one is no group
        # of theirs
        if step.who.kind != "you" or group.attached:
            raise Unsupported(f"{ctx.source.label}: “{step.render()}” is not read")
        return objects_of(state, step.what, ctx)  # "Sacrifice all creatures you control"
    if step.what.kind != "chosen" or step.what.group is None:
        if step.what.kind != "self":
            raise Unsupported(f"{ctx.source.label}: sacrificing “{step.what.render()}” is not read")
        return objects_of(state, step.what, ctx)
    n = amount_of(state, step.amount, ctx)
    source = state._by_id.get(ctx.source.oid, ctx.source)
    out: list[str] = []
    players = players_of(state, step.who, ctx)
    if len(players) > 1:  # CR 101.4: each chooses in turn, the active player first
        ctx.say(f"{' then '.join(players)} choose what to sacrifice, in APNAP order", ("101.4",))
    for player in players:
        mine = [
            o
            for o in state.in_zone(Zone.BATTLEFIELD, player)
            if in_group(state, step.what.group, source, o, characteristics(state, o))
        ]
        what = f"which {'permanent' if n == 1 else f'{n} permanents'} {player} sacrifices"
        out += chosen_objects(ctx, player, mine, n, what)
    return out


def _sacrifice(state: GameState, step: fx.Sacrifice, ctx: Resolving) -> GameState:
    for oid in _sacrificed(state, step, ctx):
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
    key = one_target(ctx, step.what.index)
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


def _counter_unless(state: GameState, step: fx.CounterUnlessPays, ctx: Resolving) -> GameState:
    """CR 118.12a, 701.6a: the targeted spell's controller chooses, as this resolves,
    whether to pay (``choose: {pay: yes|no}``); not paying, it is countered. Paying mana
    in the middle of a resolution is not played out yet: refused (a payment counted "for
    each ..." too: not paying, it is countered whatever the count)."""
    cost = step.cost()
    key = one_target(ctx, step.what.index) if step.what.kind == "target" else None
    if key is None:
        return state
    item = next((i for i in state.stack if i.oid == key), None)
    if item is None:
        raise Unsupported(f"{ctx.source.label} counters an ability: not played out yet")
    if ctx.ask is None:
        raise Unsupported(f"{item.controller} chooses whether to pay {cost}: nobody can")
    label = state.obj(key).label
    pays = said_yes(ctx.ask("pay", YES_NO, f"whether {item.controller} pays {cost}"))
    if pays:
        raise Unsupported(
            f"{item.controller} pays {cost} for {label} as {ctx.source.label} resolves: "
            "paying mana during a resolution is not played out yet"
        )
    ctx.say(f"{item.controller} doesn't pay {cost} for {label}", ("118.12a",))
    return _counter(state, fx.Counter(step.what), ctx)


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
    if step.attached_to is not None:  # 303.4f: an Aura token made attached, not made yet
        raise Unsupported(f"a token made attached to an object is not made yet: {step.render()}")
    if spec.x_pt is not None:  # "an X/X token" (107.3): its size by X, not made yet
        raise Unsupported(
            f"a token whose power and toughness are X is not made yet: {spec.render()}"
        )
    if spec.abilities:  # 111.3: its quoted abilities are its text, not built yet
        raise Unsupported(
            f"a token with the abilities its effect gives it is not made yet: {spec.render()}"
        )
    if step.attacking:  # 508.4: which player or planeswalker it attacks is chosen, not played out
        raise Unsupported(
            f"a token put onto the battlefield attacking is not made yet: {step.render()}"
        )
    for player in players_of(state, step.who, ctx):
        name = spec.name or " ".join(spec.subtypes) + " Token"  # 111.4
        card = CardDef(
            name=name,
            types=spec.types,
            subtypes=spec.subtypes,
            supertypes=spec.supertypes,
            color_indicator=tuple(color_code(c) for c in spec.colors),  # 111.4, 105.2
            power=spec.power,
            toughness=spec.toughness,
            abilities=_predefined_abilities(spec),
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
        named = ("111.10",) if spec.predefined else ("111.4",)
        ctx.say(f"{player} creates {n} {spec.render()}", ("111.1", "111.2", "701.7a", *named))
    return state


def _predefined_abilities(spec: fx.TokenSpec) -> tuple[Ability, ...]:
    """CR 111.10: a predefined token (a Treasure, a Clue) has the ability its rule gives
    it. The play-out doesn't build that ability yet, so the token carries it unread: a
    question that depends on it refuses instead of finding no ability (a Walker has none)."""
    if not spec.predefined or spec.predefined == "Walker":
        return ()
    words = f"the ability every {spec.predefined} token has (CR 111.10), not built yet"
    return (Ability(kind=AbilityKind.UNMODELED, text=words),)


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
    if step.abilities:  # CR 113.10, 613.1f: an ability in quotes, gained in layer 6
        raise Unsupported(
            f"{ctx.source.label}: an ability given in quotes is not played out yet: {step.render()}"
        )
    if step.duration != "end_of_turn":  # CR 611.2a: no end stated, it lasts indefinitely
        lasting = f"lasting “{step.duration}”" if step.duration else "with no stated end"
        raise Unsupported(f"{ctx.source.label}: an effect {lasting} is not played out yet")
    affected = tuple(objects_of(state, step.what, ctx))  # fixed as it begins (611.2c)
    if not affected:
        return state
    if step.x_power or step.x_toughness:  # X as announced (107.3a) or as defined (107.3c)
        x = amount_of(state, step.x_is or fx.Amount(x=True), ctx)
        if step.x_is is not None:  # the text defines X: counted as it resolves (107.3c)
            ctx.say(f"X is {step.x_is.render()}: {x}", ("107.3c", "608.2h"))
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
        wanted = _must_happen(state, step.then, ctx)
        before = len(ctx.events)
        state = carry_out(state, step.then, ctx)
        done = sum(e.kind in ("sacrificed", "discarded") for e in ctx.events[before:])
        if done < wanted:
            # CR 608.2d: a player can't choose an option that's impossible, so a yes that
            # sacrificed or discarded less than it says was not a choice they could make
            raise Unsupported(
                f"{ctx.source.label}: {ctx.controller} chose to "
                f"{step.then.render().removeprefix('you ')}, which could be done only in part; "
                "a player can't choose an impossible option (CR 608.2d)"
            )
    return state


def _must_happen(state: GameState, then: fx.Script, ctx: Resolving) -> int:
    """How many permanents or cards a "you may" sacrifices or discards (CR 701.21a,
    701.9a): a yes must do them all (608.2d)."""
    steps = [s for s in then.steps if isinstance(s, fx.Sacrifice | fx.Discard)]
    return sum(amount_of(state, s.amount, ctx) for s in steps)


def _if_you_do(state: GameState, step: fx.IfYouDo, ctx: Resolving) -> GameState:
    if ctx.did is None:
        raise Unsupported(f"{ctx.source.label}: “if you do” follows nothing optional")
    return carry_out(state, step.then, ctx) if ctx.did else state


def _if(state: GameState, step: If, ctx: Resolving) -> GameState:
    """CR 608.2c, 608.2h: the condition is checked as the instruction applies; the
    instructions after it are followed only if it holds, "otherwise"'s only if not."""
    holds, why = condition_holds(state, step, ctx)
    verdict = "holds" if holds else "doesn't hold"
    rules = tuple(dict.fromkeys((*step.RULES, *step.condition.RULES)))
    ctx.say(f"“{step.condition.render()}” {verdict}: {why}", rules)
    branch = step.then if holds else step.otherwise
    return carry_out(state, branch, ctx) if branch is not None else state


def _if_you_dont(state: GameState, step: IfYouDont, ctx: Resolving) -> GameState:
    """CR 608.2c-d: "If you don't, ..." is followed when the player chose not to do the
    optional instruction before it."""
    if ctx.did is None:
        raise Unsupported(f"{ctx.source.label}: “if you don't” follows nothing optional")
    return state if ctx.did else carry_out(state, step.then, ctx)


def _modal(state: GameState, step: fx.Modal, ctx: Resolving) -> GameState:
    """CR 700.2a-b: the modes chosen as it was cast or put on the stack, followed in the
    order they are written (608.2c), whatever order the case lists them in; no mode twice
    (700.2d: only a spell that says so may repeat one, which is read as ChooseModes)."""
    if len(set(ctx.modes)) != len(ctx.modes):
        raise Unsupported(
            f"{ctx.source.label} is modal (choose {step.choose}); a mode can't be chosen twice "
            f"(CR 700.2d), and modes {list(ctx.modes)} were given"
        )
    if len(ctx.modes) != step.choose:
        raise Unsupported(
            f"{ctx.source.label} is modal (choose {step.choose}); its modes were not chosen "
            "(`modes:` on the action)"
        )
    if any(not 1 <= mode <= len(step.modes) for mode in ctx.modes):
        raise Unsupported(f"{ctx.source.label} has no mode {max(ctx.modes)}")
    if sum(names_a_target(step.modes[mode - 1]) for mode in ctx.modes) > 1:
        # each mode's targets are counted within the mode (700.2); which of the targets
        # given went with which chosen mode (601.2c) is not worked out
        raise Unsupported(f"{ctx.source.label}: more than one chosen mode names a target")
    for mode in sorted(ctx.modes):
        ctx.say(f"mode {mode}: {step.modes[mode - 1].render()}", ("700.2",))
        state = carry_out(state, step.modes[mode - 1], ctx)
    return state


def _delayed(state: GameState, step: fx.Delayed, ctx: Resolving) -> GameState:
    if step.when != "next_end_step":
        raise Unsupported(f"a delayed trigger “{step.when}” is not played out yet")
    refers = ctx.targets[0] if ctx.targets else ctx.refers_to
    found = state._by_id.get(refers or "")
    moves = found.moves if found is not None else None
    ctx.delayed.append(
        DelayedTrigger(step.when, ctx.source.oid, ctx.controller, step.then, refers, moves)
    )
    ctx.say(f"a delayed triggered ability is created: {step.render()}", ("603.7a",))
    return state


# CR 111.10: a Clue token's characteristics, which investigating makes (701.16a)
_CLUE = fx.TokenSpec(name="Clue Token", types=("Artifact",), subtypes=("Clue",), predefined="Clue")


def _keyword(state: GameState, step: KeywordAction, ctx: Resolving) -> GameState:
    """CR 701.16a: to investigate is to create a Clue token (111.10), made as any other
    token is; another keyword action is :func:`keyword_action`'s (proliferate, 701.34a)
    or refused, naming it."""
    if step.name == "investigate" and step.what is None and step.amount is None:
        for player in players_of(state, step.who, ctx):
            ctx.say(f"{player} investigates", ("701.16a",))
            ctx.events.append(Event("investigated", player=player))
        return _token(state, fx.CreateToken(_CLUE, who=step.who), ctx)
    return keyword_action(state, step, ctx)


HANDLERS: dict[type, Callable[[GameState, Any, Resolving], GameState]] = {
    fx.DealDamage: _damage,
    fx.Destroy: _destroy,
    fx.Exile: _exile,
    fx.Move: _move,
    fx.Sacrifice: _sacrifice,
    fx.Counter: _counter,
    fx.CounterUnlessPays: _counter_unless,
    fx.Draw: draw,
    fx.Mill: mill,
    fx.Discard: discard,
    fx.GainLife: _life,
    fx.LoseLife: _life,
    fx.PutCounters: _counters,
    fx.CreateToken: _token,
    fx.Tap: _tap,
    fx.Modify: _modify,
    BecomeCopy: become_copy,
    fx.AddMana: _mana,
    fx.May: _may,
    fx.IfYouDo: _if_you_do,
    IfYouDont: _if_you_dont,
    fx.Modal: _modal,
    If: _if,
    fx.Delayed: _delayed,
    fx.Fight: fight,
    fx.Scry: scry,
    KeywordAction: _keyword,
}
