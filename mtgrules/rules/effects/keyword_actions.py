"""Keyword actions an effect names, played out on a listed board: fight (CR 701.14),
scry (701.22), surveil (701.25) and proliferate (701.34).

Each choice they make is the case's (``choose:``), never guessed; a library the case
doesn't list is hidden information, so looking at it refuses (DESIGN.md). The order
of several cards put on top of (or at the bottom of) a library is a further choice the
play-out doesn't take yet: refused, naming the card.
"""

from __future__ import annotations

from dataclasses import replace

from mtgrules.cards import effects as fx
from mtgrules.cards.effects_actions import KeywordAction
from mtgrules.model.events import Event
from mtgrules.model.state import GameObject, GameState, Zone
from mtgrules.rules import Unsupported
from mtgrules.rules.effects.changes import add_counters
from mtgrules.rules.effects.context import (
    Resolving,
    amount_of,
    leave,
    objects_of,
    one_target,
    players_of,
)
from mtgrules.rules.effects.damage import deal_damage
from mtgrules.rules.effects.guards import refuse_unread
from mtgrules.rules.layers.characteristics import characteristics


def _fighter(state: GameState, subject: fx.Subject, ctx: Resolving) -> tuple[str | None, bool]:
    """The object a fight names and whether it is still a legal target (608.2b); a
    subject that names no single object is not read."""
    if subject.kind == "target":
        key = one_target(ctx, subject.index, legal_only=False)
        return key, key is not None and key in _legal_target(ctx, subject.index)
    keys = objects_of(state, subject, ctx)
    if len(keys) > 1:
        raise Unsupported(f"{ctx.source.label}: “{subject.render()}” fights as several objects")
    return (keys[0] if keys else None), True


def _legal_target(ctx: Resolving, index: int) -> tuple[str, ...]:
    """The ``index``-th target if it is still legal (608.2b), else nothing."""
    key = one_target(ctx, index)
    return (key,) if key is not None else ()


def fight(state: GameState, step: fx.Fight, ctx: Resolving) -> GameState:
    """CR 701.14a-d: each of the two creatures deals damage equal to its power to the
    other (not combat damage, 701.14d); one fighting itself deals twice its power to
    itself (701.14c). If either is no longer a creature on the battlefield, or is an
    illegal target now, neither deals damage (701.14b, 608.2b)."""
    (a, a_legal), (b, b_legal) = (
        _fighter(state, step.fighter, ctx),
        _fighter(state, step.other, ctx),
    )
    objs = [state._by_id.get(k or "") for k in (a, b)]
    if any(o is None or o.zone is not Zone.BATTLEFIELD for o in objs) or not (a_legal and b_legal):
        ctx.say("one of the creatures told to fight can't: neither deals damage", ("701.14b",))
        return state
    first, second = objs[0], objs[1]
    assert first is not None and second is not None
    chars = [characteristics(state, o) for o in (first, second)]
    if not all(c.is_a("Creature") for c in chars):
        ctx.say("one of them is no longer a creature: neither deals damage", ("701.14b",))
        return state
    powers = [c.power for c in chars]
    if not all(isinstance(p, int) for p in powers):
        raise Unsupported(f"{ctx.source.label}: a fighter's power is not a number here")
    if first.oid == second.oid:
        ctx.say(f"{first.label} fights itself: twice its power to itself", ("701.14c", "701.14d"))
        return deal_damage(state, first, first.oid, 2 * powers[0], ctx)
    ctx.say(f"{first.label} fights {second.label}", ("701.14a", "701.14d"))
    # both amounts are fixed before either is dealt (701.14a: dealt at the same time)
    state = deal_damage(state, first, second.oid, powers[0], ctx)
    return deal_damage(state, second, first.oid, powers[1], ctx)


def _top(state: GameState, player: str, n: int, what: str) -> list[GameObject]:
    """The top ``n`` cards of ``player``'s library, when the case lists it (hidden
    information otherwise; DESIGN.md). Fewer cards: all of them (701.22a, 701.25a)."""
    if "library" not in state.player(player).zones_given:
        raise Unsupported(
            f"{what} looks at {player}'s library, which the case doesn't list "
            "(hidden information: list `library:` top first to play it out)"
        )
    return [o for o in state.objects if o.zone is Zone.LIBRARY and o.owner == player][:n]


def _picked(ctx: Resolving, cards: list[GameObject], what: str) -> list[str]:
    """Which of ``cards`` the player chooses (any number, none included): the case's
    ``choose: {objects: [...]}``; never a guess."""
    if ctx.ask is None:
        raise Unsupported(f"{ctx.source.label}: nobody can choose {what}")
    names = {k: o.oid for o in cards for k in (o.oid, o.handle, o.label) if k}
    chosen = ctx.ask("objects", tuple(o.label for o in cards), what, tuple(names))
    picked = chosen if isinstance(chosen, list) else [chosen]
    if any(str(p) not in names for p in picked):
        raise Unsupported(f"{what}: only {', '.join(o.label for o in cards)} can be chosen")
    return list(dict.fromkeys(names[str(p)] for p in picked))


def _to_bottom(state: GameState, oid: str) -> GameState:
    """``oid`` moved within its owner's library to the bottom (401.1: the order of the
    owner's library objects is the library's order, top first)."""
    obj = state.obj(oid)
    rest = tuple(o for o in state.objects if o.oid != oid)
    return replace(state, objects=(*rest, obj))


def scry(state: GameState, step: fx.Scry, ctx: Resolving) -> GameState:
    """CR 701.22a-b (scry), 701.25a, 701.25c (surveil): the player looks at the top N cards
    of their library and puts the ones the case chooses (``choose: {objects: [...]}``) at
    the bottom (scry) or into their graveyard (surveil), the rest back on top. N of 0 is
    no scry or surveil at all (701.22b, 701.25c). When two or more cards go on top or to
    the bottom, their order is another choice: refused."""
    n = amount_of(state, step.amount, ctx)
    verb = "surveils" if step.surveil else "scries"
    rules = ("701.25a",) if step.surveil else ("701.22a",)
    kind = "surveilled" if step.surveil else "scried"
    for player in players_of(state, step.who, ctx):
        if n <= 0:
            ctx.say(
                f"{player} {verb} 0: nothing happens", ("701.25c" if step.surveil else "701.22b",)
            )
            continue
        cards = _top(state, player, n, f"{player}'s {verb[:-2] if step.surveil else 'scry'} {n}")
        if not cards:
            ctx.say(f"{player}'s library is empty: there is nothing to look at", rules)
            ctx.events.append(Event(kind, player=player, amount=n))  # 701.22d, 701.25d
            continue
        away = "into the graveyard" if step.surveil else "on the bottom"
        out = _picked(ctx, cards, f"which cards {player} puts {away} ({verb} {n})")
        kept = [o for o in cards if o.oid not in out]
        if len(kept) > 1 or (not step.surveil and len(out) > 1):
            raise Unsupported(
                f"{ctx.source.label}: {player} puts several cards in an order of their choice "
                f"as they {verb[:-2] if step.surveil else 'scry'}: that order is not played out yet"
            )
        for oid in out:
            label = state.obj(oid).label
            if step.surveil:
                refuse_unread(state, "mill", f"{player} surveilling")
                state = leave(state, oid, Zone.GRAVEYARD, ctx)
            else:
                state = _to_bottom(state, oid)
            ctx.say(
                f"{player} puts {label} {away} of their library".replace(
                    "into the graveyard of their library", "into their graveyard"
                ),
                rules,
            )
        for obj in kept:
            ctx.say(f"{player} leaves {obj.label} on top of their library", rules)
        # 701.22d, 701.25d: what triggers on it triggers after it is done
        ctx.events.append(Event(kind, player=player, amount=n))
    return state


def proliferate(state: GameState, step: KeywordAction, ctx: Resolving) -> GameState:
    """CR 701.34a, 122.1: the player chooses any number of permanents and players with a
    counter (``choose: {objects: [...]}``, players by name) and gives each one more
    counter of each kind it has. A player's poison counters are the only player counters
    the play-out keeps (122.1f); a Two-Headed Giant game (701.34b) isn't modelled."""
    for player in players_of(state, step.who, ctx):
        have = [o for o in state.in_zone(Zone.BATTLEFIELD) if o.counters]
        people = [p.name for p in state.players if p.poison]
        if not have and not people:
            ctx.say(f"{player} proliferates: nothing has a counter", ("701.34a",))
            ctx.events.append(Event("proliferated", player=player))
            continue
        if ctx.ask is None:
            raise Unsupported(f"{ctx.source.label}: nobody can choose what {player} proliferates")
        names = {k: o.oid for o in have for k in (o.oid, o.handle, o.label) if k}
        names.update({p: p for p in people})
        offered = (*(o.label for o in have), *people)
        chosen = ctx.ask("objects", offered, f"what {player} proliferates", tuple(names))
        picked = chosen if isinstance(chosen, list) else [chosen]
        if any(str(p) not in names for p in picked):
            raise Unsupported(f"{player} can proliferate only {', '.join(offered)}")
        for key in dict.fromkeys(names[str(p)] for p in picked):
            if key in people:
                refuse_unread(state, "counters", f"a poison counter on {key}")
                players = tuple(
                    replace(p, poison=p.poison + 1) if p.name == key else p for p in state.players
                )
                state = replace(state, players=players)
                ctx.say(f"{key} gets another poison counter", ("701.34a", "122.1f"))
                continue
            obj = state.obj(key)
            refuse_unread(state, "counters", f"counters on {obj.label}")
            for kind, _ in obj.counters:
                state = add_counters(state, key, kind, 1)
                ctx.events.append(Event("counters_put", obj=key, amount=1, counter=kind))
            kinds = ", ".join(kind for kind, _ in obj.counters)
            ctx.say(f"{obj.label} gets one more of each kind of counter ({kinds})", ("701.34a",))
        ctx.events.append(Event("proliferated", player=player))
    return state


def keyword_action(state: GameState, step: KeywordAction, ctx: Resolving) -> GameState:
    """A keyword action (CR 701.1): proliferate (701.34a) is played out; any other is
    refused, naming it."""
    if step.name == "proliferate" and step.what is None:
        return proliferate(state, step, ctx)
    raise Unsupported(
        f"{ctx.source.label}'s instruction “{step.render()}” is read but not carried out by "
        "the play-out yet"
    )
