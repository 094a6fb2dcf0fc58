"""What a resolving spell or ability acts with (CR 608.2b-h): :class:`Resolving`, and
who and what its words name as it resolves: players (in APNAP order, 101.4), objects,
its targets by phrase (those no longer legal left out, 608.2b), amounts (determined
once, from last known information for an object that has left, 608.2h), and moving an
object while remembering it as it last existed (400.7).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from mtgrules.cards import effects as fx
from mtgrules.cards import effects_groups as fx_groups
from mtgrules.cards.statics import Group
from mtgrules.model.events import DelayedTrigger, Event
from mtgrules.model.state import GameObject, GameState, Zone
from mtgrules.rules import Unsupported
from mtgrules.rules.effects.referents import (
    event_amount,
    left_battlefield,
    referent_objects,
    referent_players,
)
from mtgrules.rules.layers.characteristics import characteristics
from mtgrules.rules.layers.qualities import with_x
from mtgrules.rules.layers.statics_in_force import in_group
from mtgrules.rules.scope.index import Scope
from mtgrules.rules.scope.query import Depends, require
from mtgrules.rules.turn.order import apnap_order
from mtgrules.rules.zones import move

# the answers a "may" choice takes (YAML reads yes/no as booleans)
YES_NO = ("yes", "no", "True", "False")


def said_yes(value: Any) -> bool:
    """Whether a ``may`` choice's value is yes."""
    return value in (True, "yes", "True")


# (choose key, options, what, other names of the options) -> the choice
Ask = Callable[..., Any]


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
    # that object as it last existed on the battlefield, when the event was its leaving
    refers_lki: GameObject | None = None
    # what its trigger event named (rules/effects/referents.EventReferents, 603.2)
    referents: Any = None
    ask: Ask | None = None
    # the positions in ``targets`` each target phrase took (601.2c); None: one per phrase
    groups: tuple[tuple[int, ...], ...] | None = None
    # filled in as it resolves
    events: list[Event] = field(default_factory=list)
    lines: list[tuple[str, tuple[str, ...]]] = field(default_factory=list)
    delayed: list[DelayedTrigger] = field(default_factory=list)
    last_known: dict[str, tuple[GameObject, Any]] = field(default_factory=dict)
    # the game just before each object it moved left its zone (a copy of it as it last
    # existed reads its copiable values there, 707.2, 608.2h)
    before: dict[str, GameState] = field(default_factory=dict)
    did: bool | None = None  # whether the last optional instruction was done ("if you do")

    def say(self, text: str, rules: Sequence[str]) -> None:
        self.lines.append((text, tuple(rules)))


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
        keys = targets_of(ctx, subject.index)
        if any(key not in state.player_names for key in keys):
            raise Unsupported(f"target {subject.index + 1} of {ctx.source.label} is not a player")
        return keys
    if subject.kind == "its_controller":
        key = one_target(ctx, subject.index, legal_only=False)
        if key is None or key in state.player_names:
            return []
        obj = current_or_last(state, key, ctx)
        return [obj.controller]
    if subject.kind == "that" and subject.noun:  # what the trigger event named (603.2)
        return referent_players(subject, ctx)
    if subject.kind == "that" and ctx.refers_to in state.player_names:
        return [ctx.refers_to]
    if subject.kind == "that_controller":  # 608.2h: as the object last existed there
        if ctx.refers_lki is None or ctx.refers_lki.oid != ctx.refers_to:
            raise Unsupported(
                f"{ctx.source.label}: whose controller “{subject.render()}” means is read "
                "only for an object whose leaving the battlefield triggered it"
            )
        ctx.say(
            f"{ctx.refers_lki.label} has left the battlefield: its controller as it last "
            f"existed there, {ctx.refers_lki.controller}, is used",
            ("608.2h",),
        )
        return [ctx.refers_lki.controller]
    raise Unsupported(f"{ctx.source.label}: “{subject.render()}” as a player is not read")


def objects_of(state: GameState, subject: fx.Subject, ctx: Resolving) -> list[str]:
    """The ids of the objects ``subject`` names, where they are now."""
    if subject.kind == "target":
        keys = targets_of(ctx, subject.index)
        if any(key in state.player_names for key in keys):
            raise Unsupported(f"target {subject.index + 1} of {ctx.source.label} is a player")
        return keys
    if subject.kind == "self":
        obj = state._by_id.get(ctx.source.oid)
        if obj is None or obj.moves != ctx.source.moves:  # it left: a new object (400.7)
            return []
        return [obj.oid]
    if subject.kind == "that" and subject.noun:  # what the trigger event named (603.2)
        return referent_objects(state, subject, ctx)
    if subject.kind == "that" and ctx.refers_to is not None:
        return [ctx.refers_to] if ctx.refers_to in state._by_id else []
    if subject.kind == "each" and subject.group is not None:
        return [o.oid for o in members(state, subject.group, ctx)]
    if subject.kind == "selection" and subject.selection is not None:
        return selected(state, subject.selection, ctx)
    raise Unsupported(f"{ctx.source.label}: “{subject.render()}” as objects is not read")


def selected(state: GameState, selection: fx_groups.Selection, ctx: Resolving) -> list[str]:
    """CR 608.2c-d, 115.1: permanents of a group the controller chooses as the instruction
    is carried out, not targets ("Return a land you control to its owner's hand"): all of
    them when there are no more than asked, else the case's ``choose: {object}``. Cards in a
    graveyard or a hand, every one of a group and a choice at random are refused, naming
    the words."""
    group = selection.group
    if group is None or not selection.count or selection.at_random:
        raise Unsupported(
            f"{ctx.source.label}: “{selection.render()}” is read but not played out yet"
        )
    candidates = members(state, group, ctx)
    n = selection.count
    what = f"which {'permanent' if n == 1 else f'{n} permanents'} {ctx.controller} chooses"
    chosen = chosen_objects(ctx, ctx.controller, candidates, n, what)
    labels = ", ".join(state.obj(oid).label for oid in chosen) or "nothing (none to choose)"
    ctx.say(f"{ctx.controller} chooses {labels} as it resolves, not a target", ("608.2d",))
    return chosen


# what decides whether a permanent is in a group: its copiable values, controller, types,
# colors, abilities and power/toughness (layers 1-7, 613.1)
_GROUP_SCOPES = (Scope.COPY, Scope.CONTROL, Scope.TYPES, Scope.COLORS, Scope.ABILITIES, Scope.PT)


def members(state: GameState, group: Group, ctx: Resolving) -> list[GameObject]:
    """The permanents in ``group`` now (CR 608.2c, 613.1), refused when an unread ability
    could change which permanents are in it ("Lands you control are 2/2 creatures as long
    as ...", a keyword granted on a condition): every permanent is asked about, those the
    group leaves out as much as those in it."""
    if group.whose == "player":  # "all lands target player controls" (CR 109.5)
        kind, _, index = group.player.partition(":")
        named = fx.Subject(kind, index=int(index or 0), noun="player" if kind == "that" else "")
        players = players_of(state, named, ctx)
        if len(players) > 1:
            raise Unsupported(f"{ctx.source.label}: “{group.render()}” names several players")
        mine = members(state, dataclasses.replace(group, whose="any", player=""), ctx)
        return [o for o in mine if o.controller in players]
    if any(q.endswith("X") for q in group.qualities):  # "mana value X or less" (107.3a)
        qualities = tuple(with_x(q, ctx.x) for q in group.qualities)
        group = dataclasses.replace(group, qualities=qualities)
    battlefield = state.in_zone(Zone.BATTLEFIELD)
    source = state._by_id.get(ctx.source.oid, ctx.source)
    # the resolving spell's own abilities are what is being carried out (608.2c)
    own = characteristics(state, source).abilities if source.zone is Zone.STACK else ()
    if battlefield:
        skip = tuple((source.oid, a) for a in own)
        which = f"which are {group.render()}"
        require(state, Depends(tuple(battlefield), _GROUP_SCOPES, which, skip=skip))
    return [o for o in battlefield if in_group(state, group, source, o, characteristics(state, o))]


def targets_of(ctx: Resolving, index: int, legal_only: bool = True) -> list[str]:
    """The targets the ``index``-th target phrase took ("two target creatures": two),
    without those no longer legal (608.2b)."""
    if ctx.groups is None:
        positions: tuple[int, ...] = (index,)
    elif index < len(ctx.groups):
        positions = ctx.groups[index]
    else:
        positions = (len(ctx.targets),)
    if any(k >= len(ctx.targets) for k in positions):
        raise Unsupported(f"{ctx.source.label} refers to a target it wasn't given")
    return [ctx.targets[k] for k in positions if not legal_only or ctx.legal[k]]


def one_target(ctx: Resolving, index: int, legal_only: bool = True) -> str | None:
    """The one target of the ``index``-th target phrase; None if it is no longer legal
    (608.2b). A phrase that took several, where one is needed, is not read."""
    if ctx.groups is not None and index < len(ctx.groups) and len(ctx.groups[index]) > 1:
        raise Unsupported(
            f"{ctx.source.label} uses one thing about a phrase that took several targets"
        )
    found = targets_of(ctx, index, legal_only)
    return found[0] if found else None


def current_or_last(state: GameState, oid: str, ctx: Resolving) -> GameObject:
    """The object, or as it last existed (608.2h)."""
    if oid in ctx.last_known:
        return ctx.last_known[oid][0]
    return state.obj(oid)


def amount_of(state: GameState, amount: fx.Amount, ctx: Resolving) -> int:
    """The number an instruction uses, determined once as it applies (608.2h): X as
    announced (107.3a), a number, or a count the text defines (107.3c) times ``times`` plus
    ``plus``, zero where that is less than zero (107.1b)."""
    if amount.x:
        if ctx.x is None:
            raise Unsupported(f"{ctx.source.label} uses X, and no value of X was announced")
        return ctx.x
    if not amount.count:
        return amount.fixed
    base = _counted(state, amount, ctx)
    if amount.times == 1 and not amount.plus:
        return base
    value = amount.times * base + amount.plus
    if value < 0:
        ctx.say(f"{amount.render()} is {value}, less than zero: zero is used", ("107.1b",))
        return 0
    if amount.plus or amount.count not in ("group", *_PLAYER_COUNTS):
        ctx.say(f"{amount.render()} is {value}", ("107.3c",))
    return value


def _counted(state: GameState, amount: fx.Amount, ctx: Resolving) -> int:
    """The count ``amount`` names, before its ``times`` and ``plus`` (107.3c, 608.2h)."""
    if amount.count in ("power_of", "toughness_of") and amount.of is not None:
        which = amount.count.removesuffix("_of")
        obj, chars, left = _counted_object(state, amount, ctx, which)
        value = getattr(chars, which)
        if left:
            ctx.say(
                f"{obj.label} has left the battlefield: its {which} as it last existed, "
                f"{value}, is used",
                ("608.2h", "113.7a"),
            )
        if not isinstance(value, int):
            raise Unsupported(f"the {which} of {obj.label} is not a number here")
        return value
    if amount.count == "counters" and amount.of is not None:
        # CR 122.1: the counters of that kind on it (of every kind, "each counter on it")
        obj, _, left = _counted_object(state, amount, ctx, "counters")
        value = obj.counter(amount.counter) if amount.counter else sum(n for _, n in obj.counters)
        kind = f"{amount.counter} " if amount.counter else ""
        then = " as it last existed" if left else ""
        ctx.say(f"{obj.label} has {value} {kind}counter(s) on it{then}", ("122.1", "608.2h"))
        return value
    if amount.count == "group" and amount.group is not None:
        each = fx.Subject("each", group=amount.group)
        return len(objects_of(state, each, ctx))
    if amount.count in ("greatest_power", "greatest_toughness") and amount.group is not None:
        return _greatest(state, amount, ctx)
    if amount.count == "opponents":  # CR 102.2, 102.3
        opponents = players_of(state, fx.Subject("each_opponent"), ctx)
        ctx.say(f"{ctx.controller} has {len(opponents)} opponent(s)", ("102.2", "102.3"))
        return len(opponents)
    if amount.count == "event":  # "that much", "that many" (603.2)
        return event_amount(ctx, amount.render())
    if amount.count in _PLAYER_COUNTS and amount.of is not None and amount.cards is None:
        return _player_count(state, amount, ctx)
    raise Unsupported(f"{ctx.source.label}: the amount “{amount.render()}” is not read")


def _counted_object(
    state: GameState, amount: fx.Amount, ctx: Resolving, which: str
) -> tuple[GameObject, Any, bool]:
    """The one object whose power, toughness or counters ``amount`` counts, now or as it
    last existed if it left the battlefield (608.2h, 113.7a, then ``True``), with its
    characteristics."""
    assert amount.of is not None
    if amount.of.kind == "that" and amount.of.noun and left_battlefield(ctx):
        # 608.2h: its last known information, which the event's object in its new
        # zone doesn't hold (its characteristics there are its card's)
        raise Unsupported(
            f"{ctx.source.label}: the {which} of {amount.of.render()}, which has left "
            "the battlefield, is not read"
        )
    keys = (
        objects_of(state, amount.of, ctx)
        if amount.of.kind != "target"
        else [one_target(ctx, amount.of.index, legal_only=False)]
    )
    if amount.of.kind == "self" and not keys and ctx.source.oid in ctx.last_known:
        keys = [ctx.source.oid]  # it left: its last known value (113.7a, 608.2h)
    if len(keys) != 1 or keys[0] is None:
        raise Unsupported(f"{ctx.source.label}: whose {which} it uses is not clear")
    oid = keys[0]
    if oid in ctx.last_known:  # it left the battlefield: its last known value (608.2h)
        obj, chars = ctx.last_known[oid]
        return obj, chars, True
    obj = state.obj(oid)
    return obj, characteristics(state, obj), False


def _greatest(state: GameState, amount: fx.Amount, ctx: Resolving) -> int:
    """The greatest power or toughness among a group's permanents now (208.1, 608.2h);
    with none there, refused (what the greatest of nothing is, no rule says)."""
    which = amount.count.removeprefix("greatest_")
    assert amount.group is not None
    values = []
    for oid in objects_of(state, fx.Subject("each", group=amount.group), ctx):
        value = getattr(characteristics(state, state.obj(oid)), which)
        if not isinstance(value, int):
            raise Unsupported(f"the {which} of {state.obj(oid).label} is not a number here")
        values.append(value)
    if not values:
        raise Unsupported(f"{ctx.source.label}: “{amount.render()}” among no permanent")
    ctx.say(f"{amount.render()} is {max(values)}", ("208.1", "608.2h"))
    return max(values)


# a player's counts an X the text defines may be (107.3c), by Amount.count: the zone counted
_PLAYER_COUNTS = {"life_total": None, "hand_size": Zone.HAND, "graveyard_size": Zone.GRAVEYARD}


def _player_count(state: GameState, amount: fx.Amount, ctx: Resolving) -> int:
    """CR 107.3c, 608.2h: a player's life total (119.1) or the cards in their hand or
    graveyard, taken as the instruction applies. A hand the case doesn't list is unknown
    (hidden information, DESIGN.md): refused."""
    players = players_of(state, amount.of, ctx) if amount.of is not None else []
    if len(players) != 1:
        raise Unsupported(f"{ctx.source.label}: whose count “{amount.render()}” is is not clear")
    player, zone = players[0], _PLAYER_COUNTS[amount.count]
    if zone is None:
        value = state.player(player).life
    elif zone.value not in state.player(player).zones_given:
        raise Unsupported(
            f"{ctx.source.label} counts the cards in {player}'s {zone.value}, which the case "
            f"doesn't list (list `{zone.value}:` to play it out)"
        )
    else:
        value = sum(1 for o in state.objects if o.zone is zone and o.owner == player)
    ctx.say(f"{player}'s {amount.count.replace('_', ' ')} is {value}", ("107.3c", "608.2h"))
    return value


def leave(state: GameState, oid: str, to: Zone, ctx: Resolving, **how: Any) -> GameState:
    """Move ``oid`` to ``to``, remembering it as it last existed (608.2h, 400.7)."""
    obj = state.obj(oid)
    if obj.zone is Zone.BATTLEFIELD:
        ctx.last_known[oid] = (obj, characteristics(state, obj))
    ctx.before[oid] = state
    state, event = move(state, oid, to, **how)
    ctx.events.append(event)
    return state


def chosen_objects(
    ctx: Resolving, player: str, candidates: list[GameObject], n: int, what: str
) -> list[str]:
    """CR 608.2d, 701.21a, 701.9a: the ``n`` of ``candidates`` that ``player`` chooses (to
    sacrifice, to discard): all of them when there are no more than ``n``, otherwise the
    case's ``choose: {object: REF}`` (``{objects: [...]}`` for several). Never a guess."""
    if len(candidates) <= n:
        return [o.oid for o in candidates]
    if ctx.ask is None:
        raise Unsupported(f"{player} chooses {what}: nobody can choose")
    labels = tuple(o.label for o in candidates)
    names = {k: o.oid for o in candidates for k in (o.oid, o.handle, o.label) if k}
    chosen = ctx.ask("object" if n == 1 else "objects", labels, what, tuple(names))
    picked = [chosen] if n == 1 else list(chosen)
    if len({names.get(str(p)) for p in picked}) != n or any(str(p) not in names for p in picked):
        raise Unsupported(f"{player} must choose {n} of {', '.join(labels)}")
    return [names[str(p)] for p in picked]


def names_a_target(value: object) -> bool:
    """Whether an instruction or script names a target anywhere in it (a
    ``Subject("target")``, in any field, nested scripts included)."""
    if isinstance(value, fx.Subject):
        return value.kind == "target"
    if isinstance(value, tuple):
        return any(names_a_target(v) for v in value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return any(names_a_target(getattr(value, f.name)) for f in dataclasses.fields(value))
    return False
