"""The conditions of state-based actions (CR 704.5), checked on one state.

:func:`check` looks at every player and permanent once and lists what a check performs
(:class:`Act`), the notes a judge would want beside it (an indestructible creature with
lethal damage stays, 702.12b), and the choices it needs (:class:`Choice`, the legend
rule, 704.5j). It raises :class:`~mtgrules.rules.Unsupported` when an ability mtgrules
doesn't read could change what the check does (the scope index, ``Scope.SBA_DYING`` and
``Scope.SBA_LOSING``, and the characteristics that decide toughness and types), or when
a condition depends on what a case can't state (the world rule's timestamps, 704.5k).

Performed: 704.5a-d, 704.5f-k, 704.5m, 704.5n, 704.5p, 704.5q, 704.5s, 704.5v, 704.5w;
704.5e is the case format's (a spell copy is a token on the stack; a token elsewhere
ceases to exist, 704.5d). Not modeled, because a case can't reach them: 704.5r, 704.5t,
704.5u, 704.5x-aa.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from mtgrules.answer import Step
from mtgrules.model.state import GameObject, GameState, Zone
from mtgrules.rules import Unsupported
from mtgrules.rules.copy.timing import attachment_sba
from mtgrules.rules.layers.characteristics import Characteristics, characteristics
from mtgrules.rules.sba.auras_sagas import object_sba
from mtgrules.rules.sba.legend_rule import legend_groups
from mtgrules.rules.sba.world_rule import newer_world
from mtgrules.rules.scope.index import Scope
from mtgrules.rules.scope.query import Depends, require

_MOVES = ("graveyard", "destroy", "sacrifice")


@dataclass(frozen=True)
class Act:
    """One state-based action a check performs (CR 704.5).

    ``kind``: ``graveyard`` (put into its owner's graveyard: 704.5f, i, j, k, m, v, w),
    ``destroy`` (704.5g, h: indestructible stops it, 702.12b), ``sacrifice`` (704.5s),
    ``cease`` (a token ceases to exist, 704.5d), ``unattach`` (704.5n, p), ``counters``
    (704.5q), ``lose`` (``player`` loses the game, 704.5a-c).
    """

    kind: str
    text: str
    rules: tuple[str, ...]
    oid: str | None = None
    player: str | None = None


@dataclass(frozen=True)
class Choice:
    """A choice a state-based action leaves to a player (the legend rule, CR 704.5j):
    ``player`` chooses one of ``options`` (object ids, ``labels`` as answers name them);
    ``key`` is what ``chosen`` answers it by."""

    key: str
    player: str
    options: tuple[str, ...]
    labels: tuple[str, ...]
    text: str
    rules: tuple[str, ...] = ("704.5j",)


@dataclass(frozen=True)
class Found:
    acts: tuple[Act, ...] = ()
    notes: tuple[Step, ...] = ()
    needs: tuple[Choice, ...] = ()


def legend_key(controller: str, name: str) -> str:
    """The key of the legend rule's choice for ``controller``'s permanents named ``name``."""
    return f"legend_rule:{controller}:{name}"


def check(
    state: GameState, chosen: Mapping[str, str], waiting: frozenset[str] = frozenset()
) -> Found:
    """What one check of the state-based actions performs on ``state`` (CR 704.3, 704.5);
    ``waiting``: Sagas whose chapter abilities wait to go on the stack (714.4)."""
    acts: list[Act] = []
    notes: list[Step] = []
    at_risk: list[GameObject] = []
    known: dict[str, Characteristics] = {}

    def chars_of(obj: GameObject) -> Characteristics:
        if obj.oid not in known:
            known[obj.oid] = characteristics(state, obj)
        return known[obj.oid]

    losing = _players(state)
    acts += losing
    for obj in state.objects:
        if obj.zone is Zone.BATTLEFIELD:
            _permanent(state, obj, chars_of(obj), acts, notes, at_risk, waiting)
        elif obj.token and obj.zone is not Zone.STACK:
            acts.append(
                Act(
                    "cease",
                    f"{obj.label} is a token in {_zone(obj)} and ceases to exist",
                    ("704.5d", "111.7"),
                    obj.oid,
                )
            )
    needs = _legend_rule(state, chars_of, chosen, acts)
    _world_rule(state, chars_of, acts)
    _no_unread(state, acts, at_risk, losing)
    return Found(tuple(acts), tuple(notes), tuple(needs))


def _zone(obj: GameObject) -> str:
    return "exile" if obj.zone is Zone.EXILE else f"{obj.owner}'s {obj.zone.value}"


def _players(state: GameState) -> list[Act]:
    """CR 704.5a-c: a player at 0 or less life, who drew from an empty library since the
    last check, or with ten or more poison counters loses the game."""
    out = []
    for p in state.players:
        if p.lost:
            continue
        if p.life <= 0:
            out.append(
                Act(
                    "lose",
                    f"{p.name} has {p.life} life and loses the game",
                    ("704.5a",),
                    None,
                    p.name,
                )
            )
        elif p.drew_from_empty:
            out.append(
                Act(
                    "lose",
                    f"{p.name} attempted to draw from an empty library and loses the game",
                    ("704.5b",),
                    None,
                    p.name,
                )
            )
        elif p.poison >= 10:
            out.append(
                Act(
                    "lose",
                    f"{p.name} has {p.poison} poison counters and loses the game",
                    ("704.5c",),
                    None,
                    p.name,
                )
            )
    return out


def _permanent(
    state: GameState,
    obj: GameObject,
    chars: Characteristics,
    acts: list[Act],
    notes: list[Step],
    at_risk: list[GameObject],
    waiting: frozenset[str] = frozenset(),
) -> None:
    """The conditions of one permanent (CR 704.5f-i, m, n, p, q, s, v, w); its label is made
    only for what applies (most permanents: nothing)."""
    gone = False
    if chars.is_a("Creature"):
        toughness = chars.toughness
        if not isinstance(toughness, int):
            if obj.damage or obj.deathtouch_damage or obj.counter("-1/-1"):
                raise Unsupported(
                    f"{obj.label}'s toughness ({toughness}) isn't known, and it decides whether "
                    "state-based actions destroy it (CR 704.5f, 704.5g)"
                )
        elif toughness <= 0:
            acts.append(
                Act(
                    "graveyard",
                    f"{obj.label} has toughness {toughness} and is put into its owner's graveyard",
                    ("704.5f",),
                    obj.oid,
                )
            )
            gone = True
        elif obj.damage >= toughness or obj.deathtouch_damage:
            lethal = obj.damage >= toughness
            what = (
                f"has lethal damage ({obj.damage} damage, toughness {toughness})"
                if lethal
                else "was dealt damage by a source with deathtouch"
            )
            rules = ("704.5g", "120.6") if lethal else ("704.5h", "702.2b")
            at_risk.append(obj)
            if chars.has_keyword("indestructible"):
                notes.append(
                    Step(
                        None,
                        f"state-based actions: {obj.label} {what} but is indestructible, so it "
                        "isn't destroyed",
                        (rules[0], "702.12b"),
                    )
                )
            else:
                acts.append(Act("destroy", f"{obj.label} {what} and is destroyed", rules, obj.oid))
                gone = True
        elif obj.damage or obj.counter("-1/-1"):
            at_risk.append(obj)  # an unread change of its toughness could kill it
    if not gone and chars.is_a("Planeswalker") and (chars.loyalty or 0) <= 0:
        acts.append(
            Act(
                "graveyard",
                f"{obj.label} has loyalty {chars.loyalty or 0} and is put into its owner's graveyard",
                ("704.5i", "306.5c"),
                obj.oid,
            )
        )
        gone = True
    if (
        not gone
        and chars.is_a("Battle")
        and not chars.has_subtype("Siege")
        and obj.counter("defense") <= 0
    ):
        acts.append(
            Act(
                "graveyard",
                f"{obj.label} is a battle with defense 0 and is put into its owner's graveyard",
                ("704.5w", "310.4c"),
                obj.oid,
            )
        )
        gone = True
    if not gone:
        gone = _attached(state, obj, chars, acts, waiting, notes)
    if not gone and obj.counter("+1/+1") and obj.counter("-1/-1"):
        n = min(obj.counter("+1/+1"), obj.counter("-1/-1"))
        acts.append(
            Act(
                "counters",
                f"{n} +1/+1 counter{'s' * (n != 1)} and {n} -1/-1 counter{'s' * (n != 1)} "
                f"are removed from {obj.label}",
                ("704.5q",),
                obj.oid,
            )
        )


def _attached(
    state: GameState,
    obj: GameObject,
    chars: Characteristics,
    acts: list[Act],
    waiting: frozenset[str] = frozenset(),
    notes: list[Step] | None = None,
) -> bool:
    """CR 704.5m, 704.5s, 704.5v (rules/sba/auras_sagas.py), an attachment whose object
    left the battlefield (303.4c, 301.5c), and 704.5n, 704.5p. Whether it left."""
    reasons = attachment_sba(state, obj, chars.subtypes)
    if not reasons and (
        chars.has_subtype("Aura") or chars.has_subtype("Saga") or chars.is_a("Battle")
    ):
        reasons = object_sba(state, obj, chars, waiting)
    for r in reasons:
        if r.holds is True and "704.5s" in r.rules and notes is not None:
            # CR 714.4: at its final chapter, kept by its chapter ability: say so
            notes.append(Step(None, f"state-based actions: {obj.label}: {r.text}", r.rules))
        if r.holds is not False:
            continue
        kind = "sacrifice" if "704.5s" in r.rules else "graveyard"
        what = {
            "704.5s": "has as many lore counters as its final chapter number and is sacrificed",
            "704.5v": "is a Siege with defense 0 and is put into its owner's graveyard",
        }
        key = next((k for k in what if k in r.rules), None)
        if key is not None:
            text = what[key]
        elif "303.4c" in r.rules:
            text = (
                "is an Aura attached to an object no longer on the battlefield and is put "
                "into its owner's graveyard"
            )
        else:
            text = (
                "is an Aura attached to nothing or to what it can't enchant and is put into "
                "its owner's graveyard"
            )
        acts.append(Act(kind, f"{obj.label} {text}", r.rules, obj.oid))
        return True
    if obj.attached_to is None or chars.has_subtype("Aura"):
        return False
    host = state.obj(obj.attached_to)
    if host.zone is not Zone.BATTLEFIELD:
        if chars.has_subtype("Equipment") or chars.has_subtype("Fortification"):
            acts.append(
                Act(
                    "unattach",
                    f"{obj.label} is attached to nothing on the battlefield and becomes unattached",
                    ("704.5n", "301.5c"),
                    obj.oid,
                )
            )
        return False
    host_chars = characteristics(state, host)
    if chars.has_subtype("Equipment") and not chars.is_a("Creature"):
        legal = host_chars.is_a("Creature") and host.oid != obj.oid
        rules: tuple[str, ...] = ("704.5n", "301.5c")
        what = "a creature"
    elif chars.has_subtype("Fortification") and not chars.is_a("Creature"):
        legal = host_chars.is_a("Land") and host.oid != obj.oid
        rules, what = ("704.5n", "301.6"), "a land"
    else:
        legal, rules, what = False, ("704.5p",), ""
    if not legal:
        why = f"{host.label}, which isn't {what}" if what else host.label
        acts.append(
            Act(
                "unattach",
                f"{obj.label} is attached to {why}, and becomes unattached",
                rules,
                obj.oid,
            )
        )
    return False


def _legend_rule(
    state: GameState, chars_of, chosen: Mapping[str, str], acts: list[Act]
) -> list[Choice]:
    """CR 704.5j: the controller keeps one of each group, chosen; the rest go to the
    graveyard. A group already leaving by another action of this check still counts
    (the check is one event), so the choice is asked whenever the rule applies."""
    needs = []
    for controller, name, objs in legend_groups(state, chars_of):
        key = legend_key(controller, name)
        pick = chosen.get(key)
        kept = next((o for o in objs if pick in (o.oid, o.handle)), None) if pick else None
        if kept is None:
            needs.append(
                Choice(
                    key,
                    controller,
                    tuple(o.oid for o in objs),
                    tuple(o.label for o in objs),
                    f"{controller} controls {len(objs)} legendary permanents named {name} and "
                    "chooses the one to keep (the legend rule)",
                )
            )
            continue
        for o in objs:
            if o.oid != kept.oid:
                acts.append(
                    Act(
                        "graveyard",
                        f"{controller} keeps {kept.label} by the legend rule, and {o.label} is "
                        "put into its owner's graveyard",
                        ("704.5j",),
                        o.oid,
                    )
                )
    return needs


def _world_rule(state: GameState, chars_of, acts: list[Act]) -> None:
    """CR 704.5k, 205.4f: of two or more world permanents, all but the one that has had the
    supertype for the shortest time go to the graveyard; which that is is known only as
    rules/sba/world_rule.py can tell it (one entered this turn, the others before), else the
    check refuses."""
    worlds = [o for o in state.in_zone(Zone.BATTLEFIELD) if "World" in chars_of(o).supertypes]
    if len(worlds) < 2:
        return
    newest = newer_world(state, worlds[0], worlds[1:])
    if newest is None:
        raise Unsupported(
            f"{', '.join(o.label for o in worlds)} are world permanents: all but the one that "
            "has had the world supertype for the shortest time go to the graveyard (the world "
            "rule, CR 704.5k), and the case can't say which that is (give `entered_this_turn`)"
        )
    for o in worlds:
        if o is not newest:
            acts.append(
                Act(
                    "graveyard",
                    f"{o.label} is put into its owner's graveyard by the world rule: "
                    f"{newest.label} has had the world supertype for a shorter time",
                    ("704.5k", "205.4f"),
                    o.oid,
                )
            )


def _no_unread(
    state: GameState, acts: list[Act], at_risk: list[GameObject], losing: list[Act]
) -> None:
    """Nothing mtgrules doesn't read could change what this check does: a replacement of
    dying or of going to the graveyard, "can't be destroyed", regeneration or indestructible
    from an unread ability (614.1a, 701.19, 702.12b), or an unread change of the toughness
    or types that decide 704.5f-g, for each permanent the check moves or whose damage or
    -1/-1 counters put it at risk; a replacement of losing the game (704.5a-c, 104.3)."""
    moving = [state.obj(a.oid) for a in acts if a.kind in _MOVES and a.oid is not None]
    subjects = tuple({o.oid: o for o in [*moving, *at_risk]}.values())
    if subjects:
        scopes = (Scope.SBA_DYING, Scope.PT, Scope.TYPES, Scope.COPY)
        if any(a.kind == "destroy" for a in acts) or at_risk:
            scopes = (*scopes, Scope.ABILITIES)
        require(state, Depends(subjects, scopes, "what state-based actions do"))
    # an attachment made illegal by types (704.5n, 704.5p): what it is, and what it is on
    loose = tuple(state.obj(a.oid) for a in acts if a.kind == "unattach" and a.oid is not None)
    if loose:
        scopes = (Scope.TYPES, Scope.COPY)
        require(state, Depends(loose, scopes, "whether state-based actions unattach it"))
    if losing and state.objects:
        require(
            state,
            Depends(tuple(state.objects), (Scope.SBA_LOSING,), "whether a player loses the game"),
        )
