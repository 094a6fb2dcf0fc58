"""Moving an object from one zone to another (CR 400.3, 400.7), the one primitive every
effect, state-based action and player action that changes zones goes through.

An object that changes zones becomes a new object with no memory of its previous
existence (400.7): it keeps its card, owner and the case's ``id`` (so a case can follow a
card from zone to zone, DESIGN.md "Objects made during the play-out"), but loses its
status, counters, damage, attachments and combat role, and the continuous effects that
named it stop applying to it. ``moves`` counts its zone changes, so a target chosen before
the move no longer finds it (608.2b). A card goes to its owner's hand, library or
graveyard (400.3); on the battlefield it is controlled by the player the effect names,
by default its owner (110.2a does not hold here: the caller says who).

Each move returns the new state and the :class:`~mtgrules.model.events.Event` it caused,
with the object as it last existed (``lki``, 113.7a, 603.10a).
"""

from __future__ import annotations

from mtgrules.model.events import Event
from mtgrules.model.state import GameObject, GameState, Zone, evolve

# the zones a card goes to under its owner (CR 400.3)
_OWNERS_ZONES = (Zone.HAND, Zone.LIBRARY, Zone.GRAVEYARD)


def moved(
    obj: GameObject, to: Zone, *, controller: str | None = None, tapped: bool = False
) -> GameObject:
    """``obj`` as the new object it becomes in zone ``to`` (CR 400.7)."""
    return GameObject(
        oid=obj.oid,
        card=obj.card,
        zone=to,
        owner=obj.owner,
        controller=obj.owner if to in _OWNERS_ZONES or controller is None else controller,
        handle=obj.handle,
        tapped=tapped and to is Zone.BATTLEFIELD,
        token=obj.token,
        moves=obj.moves + 1,
        entered_this_turn=True if to is Zone.BATTLEFIELD else None,
        # a spell's face and prototype choice carry to the permanent it becomes (718.3, 712.8)
        face_name=obj.face_name if to in (Zone.STACK, Zone.BATTLEFIELD) else None,
        prototyped=obj.prototyped and to in (Zone.STACK, Zone.BATTLEFIELD),
        x=obj.x if to in (Zone.STACK, Zone.BATTLEFIELD) else None,
    )


def move(
    state: GameState,
    oid: str,
    to: Zone,
    *,
    controller: str | None = None,
    tapped: bool = False,
    top: bool = True,
    new: GameObject | None = None,
) -> tuple[GameState, Event]:
    """Move object ``oid`` to zone ``to`` (CR 400.7): the new state and the zone-change event.

    ``new`` is the object as it arrives when the caller has made it (a permanent spell
    entering with its choices, 608.3); by default :func:`moved`. A card put into a
    library goes on top (``top``) or at the bottom; the library's order is the order of
    its owner's library objects in ``state.objects``, top first (401.1).
    """
    old = state.obj(oid)
    arriving = new if new is not None else moved(old, to, controller=controller, tapped=tapped)
    rest = [o for o in state.objects if o.oid != oid]
    if to is Zone.LIBRARY and top:
        first = next(
            (i for i, o in enumerate(rest) if o.zone is Zone.LIBRARY and o.owner == old.owner),
            len(rest),
        )
        rest.insert(first, arriving)
    else:
        rest.append(arriving)
    # attachments to it stay where they are until state-based actions see them (704.5m);
    # effects that named the old object don't apply to the new one (400.7); when none named
    # it, the state keeps the very tuple of effects (what remembers them compares identity)
    effects = state.effects
    if any(oid in e.affects for e in effects):
        effects = tuple(
            evolve(e, affects=tuple(a for a in e.affects if a != oid)) if oid in e.affects else e
            for e in effects
        )
    players = state.players
    if Zone.LIBRARY in (old.zone, to) and old.zone is not to:
        step = 1 if to is Zone.LIBRARY else -1
        players = tuple(
            evolve(p, library_size=p.library_size + step)
            if p.name == old.owner and p.library_size is not None
            else p
            for p in players
        )
    after = evolve(state, objects=tuple(rest), effects=effects, players=players)
    event = Event(
        "moves",
        obj=oid,
        player=arriving.controller,
        from_zone=old.zone.value,
        to_zone=to.value,
        lki=old,
    )
    return after, event


def with_object(state: GameState, obj: GameObject) -> GameState:
    """``state`` with ``obj`` in place of the object of the same id (a status change that
    is not a zone change: tapped, counters, damage; CR 110.5)."""
    return evolve(state, objects=tuple(obj if o.oid == obj.oid else o for o in state.objects))


def add_object(state: GameState, obj: GameObject) -> GameState:
    """``state`` with a new object (a token created, CR 111.1)."""
    return evolve(state, objects=(*state.objects, obj))
