"""What a triggered ability's words name that its trigger event named: "it", "that
creature", "that card", "that player", "they", "that much" (CR 603.2, 608.2c,
608.2h, 400.7; docs/playout.md, "What a trigger's event named").

The reader keeps the words' noun (``Subject("that", noun=...)``), not which part of the
event they mean: it reads an effect by its words alone, without the trigger condition.
So a referent is bound only when the event named exactly one object (or one player) that
fits the noun, never by guessing which of two: "Whenever this creature deals damage to a
creature, destroy that creature" names the damaged creature (the ability's source is
named by its name, never "that creature"), but "Whenever a creature you control becomes
blocked by a creature, destroy that creature" names a blocker the event doesn't carry,
and is refused, naming the card and the words.

:func:`event_referents` notes, as a triggered ability is put on the stack, what its
event named: each object with its zone changes then (an object that has left the zone
the event left it in since is a new object the ability can't find, 400.7), each player,
and the amount the event carried (damage dealt, life gained or lost: 120.3, 119.3,
119.9).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from mtgrules.model.events import Event
from mtgrules.model.state import GameState, Zone
from mtgrules.rules import Unsupported
from mtgrules.rules.layers.characteristics import characteristics

if TYPE_CHECKING:
    from mtgrules.cards import effects as fx
    from mtgrules.cards.trigger_conditions import TriggerCondition
    from mtgrules.rules.effects.context import Resolving

# the events that carry an amount "that much" / "that many" may mean: damage dealt
# (120.3), life gained (119.9) or lost (119.3)
_AMOUNTS = frozenset({"damage", "life_gained", "life_lost"})
# events whose words may name an object the event doesn't carry: the creatures blocking
# (509.3c "becomes blocked by a creature"), a spell's or ability's targets ("a spell that
# targets a creature"): there only "it" (the object the event carries) or "that spell"
_HIDDEN = {"becomes_blocked": ("object",), "cast": ("object", "spell"), "activated": ()}
# trigger conditions whose event is another object's (the spell that targets) or one of
# several (each attacker of "whenever you attack", 508.3d)
_NOT_IN_EVENT = frozenset({"targeted", "you_attack"})
# a damage condition's recipient that is "a player" or "an opponent" (not "you")
_PLAYER_DEALT_TO = frozenset({"player", "opponent", "player_or_planeswalker"})
_CARD_TYPES = frozenset({"creature", "artifact", "land", "enchantment", "planeswalker"})


@dataclass(frozen=True)
class Named:
    """An object a trigger event named, as it was when its ability went on the stack."""

    oid: str
    moves: int | None  # its zone changes then; None: it had already left (400.7)
    zone: Zone | None  # where the event left it
    types: frozenset[str] = frozenset()  # its card types then, lowercase
    token: bool = False


@dataclass(frozen=True)
class EventReferents:
    """What a trigger event named (CR 603.2): objects, players, an amount."""

    kind: str
    objects: tuple[Named, ...] = ()
    players: tuple[str, ...] = ()
    amount: int | None = None
    # the event was the object leaving the battlefield (608.2h: its last known information)
    left_battlefield: bool = False
    # why nothing is bound: the trigger condition isn't known or read, or an intervening
    # "if" (603.4) may name what the words refer to ("if enchanted creature is red, tap it")
    why_not: str = ""
    # "whenever one or more ...": the event is one of several the ability triggered on once
    one_of_several: bool = False


def _zone_of(event: Event, role: str) -> Zone | None:
    """Where the event left the object in ``role`` (CR 400.7: elsewhere is a new object)."""
    if event.kind == "moves" and role == "obj":
        return Zone(event.to_zone) if event.to_zone else None
    if event.kind == "cast" and role == "obj":
        return Zone.STACK
    if event.kind == "drew":
        return Zone.HAND
    if event.kind in ("discarded", "sacrificed"):
        return Zone.GRAVEYARD
    return Zone.BATTLEFIELD


def event_referents(
    state: GameState, event: Event, source: str, conditions: Sequence[TriggerCondition]
) -> EventReferents:
    """What ``event`` named, noted as ``source``'s triggered ability, whose trigger
    conditions are ``conditions``, is put on the stack (CR 603.3). Combat damage carries
    its amount only when the ability's source dealt it: damage dealt at once by several
    sources to one recipient is one event (510.2, 603.2c), which the play-out notes one
    source at a time."""
    why_not = ""
    if not conditions or any(not c.read for c in conditions):
        why_not = "its trigger condition is not read"
    elif any(c.intervening_if for c in conditions):
        why_not = "its intervening “if” (603.4) may name what the words refer to"
    elif any(c.event in _NOT_IN_EVENT for c in conditions):
        # "whenever this creature becomes the target of a spell, it gets +0/+2": the event
        # is the spell cast, not the creature; "whenever you attack": one attacker of several
        why_not = "its event doesn't carry what its trigger condition named"
    roles: list[tuple[str, str | None]] = [("obj", event.obj)]
    if event.kind == "damage":
        roles = [("source", event.source), ("obj", event.obj)]
    elif event.kind in ("attacks", "blocks") and event.target not in state.player_names:
        roles.append(("target", event.target))
    objects = []
    for role, oid in roles:
        if oid is None or oid in state.player_names:
            continue
        zone = _zone_of(event, role)
        obj = state._by_id.get(oid)
        if obj is None or obj.zone is not zone:
            objects.append(Named(oid, None, zone))
            continue
        chars = characteristics(state, obj)
        types = frozenset(t.lower() for t in chars.types)
        objects.append(Named(oid, obj.moves, zone, types, chars.is_token))
    one_amount = not (event.kind == "damage" and event.combat and event.source != source)
    players = [event.player] if event.player is not None else []
    if event.kind == "damage" and not all(c.to in _PLAYER_DEALT_TO for c in conditions):
        # "whenever a source an opponent controls deals damage to you, that player ...":
        # the source's controller, whom the event doesn't name; only a player the
        # condition names as the one dealt damage ("to a player") is "that player"
        players = []
    if event.kind == "attacks" and event.target in state.player_names:
        players.append(event.target)  # the attacking and the attacked player: two
    return EventReferents(
        kind=event.kind,
        objects=tuple(objects),
        players=tuple(dict.fromkeys(players)),
        amount=event.amount if event.kind in _AMOUNTS and one_amount else None,
        left_battlefield=event.kind == "moves" and event.from_zone == "battlefield",
        why_not=why_not,
        one_of_several=any(c.one_or_more for c in conditions),
    )


def _fits(named: Named, noun: str) -> bool:
    """Whether the object is what the noun says (CR 109.2: "card", "permanent", "spell",
    "token"; 205.2a: a card type)."""
    if noun == "object":
        return True
    if noun == "card":
        return not named.token
    if noun == "token":
        return named.token
    if noun == "permanent":
        return named.zone is Zone.BATTLEFIELD
    if noun == "spell":
        return named.zone is Zone.STACK
    return noun in _CARD_TYPES and noun in named.types


def _words(subject: fx.Subject) -> str:
    """The words the reader read as ``subject`` ("it", "that creature", "that player")."""
    return "it" if subject.noun == "object" else f"that {subject.noun}"


def _refuse(ctx: Resolving, subject: fx.Subject, why: str) -> Unsupported:
    return Unsupported(f"{ctx.source.label}: “{_words(subject)}” is not read here: {why}")


def _named(ctx: Resolving, subject: fx.Subject) -> EventReferents:
    referents = ctx.referents
    if not isinstance(referents, EventReferents):
        raise _refuse(ctx, subject, "no trigger event is known for it")
    if referents.why_not:
        raise _refuse(ctx, subject, referents.why_not)
    # "whenever one or more ...": the event is one of those it triggered on once; only
    # the player of a "... deal combat damage to a player" (once for each player) is one
    if referents.one_of_several and not (subject.noun == "player" and referents.kind == "damage"):
        raise _refuse(ctx, subject, "it triggered once for one or more events")
    return referents


def referent_objects(state: GameState, subject: fx.Subject, ctx: Resolving) -> list[str]:
    """The one object the trigger event named that fits ``subject.noun`` (CR 603.2,
    608.2c), where it is now; none if it has left the zone the event left it in since
    (400.7). Refused when the event named a player, no such object or more than one."""
    referents = _named(ctx, subject)
    noun = subject.noun
    if noun == "player":
        raise _refuse(ctx, subject, "it names a player")
    hidden = _HIDDEN.get(referents.kind)
    if hidden is not None and noun not in hidden:
        raise _refuse(ctx, subject, f"a {referents.kind} event may concern objects it doesn't name")
    # the ability's source is named by its name or "this ...", never "that creature"
    candidates = [
        n
        for n in referents.objects
        if (noun == "object" or n.oid != ctx.source.oid) and (n.moves is None or _fits(n, noun))
    ]
    if len(candidates) != 1:
        what = "no object" if not candidates else f"{len(candidates)} objects"
        raise _refuse(ctx, subject, f"its trigger event named {what} that fits it")
    named = candidates[0]
    if named.moves is None:
        raise _refuse(ctx, subject, "the object its event named had already left that zone")
    now = state._by_id.get(named.oid)
    if now is None or now.moves != named.moves or now.zone is not named.zone:
        ctx.say(
            f"the {noun} its trigger event named has left {named.zone.value if named.zone else 'its zone'} "
            "since: it is a new object, which the ability doesn't find",
            ("400.7",),
        )
        return []
    ctx.say(
        f"“{_words(subject)}” is {now.label}, the one {noun} its trigger event named",
        ("603.2", "608.2c"),
    )
    return [named.oid]


def referent_players(subject: fx.Subject, ctx: Resolving) -> list[str]:
    """The one player the trigger event named ("that player", "they": CR 603.2, 608.2c).
    Refused for "it" or an object's noun, or when the event named no player or two."""
    referents = _named(ctx, subject)
    if subject.noun != "player":
        raise _refuse(ctx, subject, "it names an object, not a player")
    if len(referents.players) != 1:
        what = "no player" if not referents.players else "more than one player"
        raise _refuse(ctx, subject, f"its trigger event named {what}")
    ctx.say(
        f"“{_words(subject)}” is {referents.players[0]}, the one player its trigger event named",
        ("603.2", "608.2c"),
    )
    return [referents.players[0]]


def left_battlefield(ctx: Resolving) -> bool:
    """Whether the trigger event was an object leaving the battlefield (603.6c, 608.2h)."""
    referents = ctx.referents
    return isinstance(referents, EventReferents) and referents.left_battlefield


def event_amount(ctx: Resolving, words: str) -> int:
    """The amount the trigger event carried ("that much", "that many"): damage dealt
    (CR 120.3), life gained (119.9) or lost (119.3). Refused for any other event."""
    referents = ctx.referents
    if isinstance(referents, EventReferents) and (referents.why_not or referents.one_of_several):
        raise Unsupported(
            f"{ctx.source.label}: “{words}” is not read here: "
            f"{referents.why_not or 'it triggered once for one or more events'}"
        )
    if not isinstance(referents, EventReferents) or referents.amount is None:
        kind = referents.kind if isinstance(referents, EventReferents) else "no"
        raise Unsupported(
            f"{ctx.source.label}: “{words}” is read only after damage or a life total's "
            f"change, not a {kind} event"
        )
    what, rule = {"damage": ("damage dealt", "120.3"), "life_gained": ("life gained", "119.9")}.get(
        referents.kind, ("life lost", "119.3")
    )
    ctx.say(
        f"“{words}” is {referents.amount}, the {what} its trigger event carried", ("603.2", rule)
    )
    return referents.amount
