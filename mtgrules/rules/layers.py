"""Characteristics after continuous effects: the layer system (CR 613).

Starts from the printed card (or the token's stated characteristics) and
applies the case's continuous effects layer by layer, in timestamp order
within a layer (CR 613.7). Copy effects (layer 1a) are not modeled yet: an
object they touch raises :class:`~mtgrules.rules.Unsupported`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from mtgrules.cards.vocabulary import Ability, AbilityKind
from mtgrules.model.state import ContinuousEffect, GameObject, GameState
from mtgrules.rules import Unsupported
from mtgrules.rules.lands import intrinsic_abilities

ALL_CREATURE_TYPES = "all creature types"


@dataclass(frozen=True)
class Applied:
    """One effect the layer system applied, for the breakdown an answer shows."""

    layer: str  # "4", "6", "7c", ...
    what: str
    rules: tuple[str, ...]
    source: str | None = None
    timestamp: int | None = None


@dataclass(frozen=True)
class Characteristics:
    name: str
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    supertypes: tuple[str, ...]
    colors: frozenset[str]
    abilities: tuple[Ability, ...]
    power: int | str | None
    toughness: int | str | None
    applied: tuple[Applied, ...] = ()

    def is_a(self, card_type: str) -> bool:
        return card_type in self.types

    def has_keyword(self, keyword: str) -> bool:
        return any(a.kind is AbilityKind.KEYWORD and a.keyword == keyword for a in self.abilities)


def characteristics(state: GameState, obj: GameObject) -> Characteristics:
    """The object's characteristics now, with the effects applied on the way."""
    effects = sorted(state.effects_on(obj.oid), key=lambda e: e.timestamp)
    if obj.copy_of is not None or any(e.copy_of for e in effects):
        raise Unsupported("copy effects (layer 1a, CR 707) are not modeled yet")
    card = obj.card
    c = Characteristics(
        name=card.name,
        types=card.types,
        subtypes=card.subtypes,
        supertypes=card.supertypes,
        colors=card.colors,
        abilities=card.abilities,
        power=card.power,
        toughness=card.toughness,
    )
    if obj.face_down:  # layer 1b, CR 708.2
        c = Characteristics(
            "",
            ("Creature",),
            (),
            (),
            frozenset(),
            (),
            2,
            2,
            (
                Applied(
                    "1b", "face down: a 2/2 creature with no name, types or abilities", ("708.2",)
                ),
            ),
        )
    for e in effects:  # layer 4
        c = _layer4(c, e)
    c = replace(c, abilities=c.abilities + intrinsic_abilities(c.types, c.subtypes))
    for e in effects:  # layer 5
        if e.colors is not None or dict(e.becomes).get("colors") is not None:
            colors = e.colors if e.colors is not None else tuple(dict(e.becomes)["colors"])
            c = _applied(
                replace(c, colors=frozenset(colors)),
                "5",
                f"becomes {'/'.join(colors) or 'colorless'}",
                ("613.1e",),
                e,
            )
    for e in effects:  # layer 6
        c = _layer6(c, e)
    for e in effects:  # layer 7b
        becomes = dict(e.becomes)
        if "power" in becomes or "toughness" in becomes:
            c = _applied(
                replace(
                    c,
                    power=becomes.get("power", c.power),
                    toughness=becomes.get("toughness", c.toughness),
                ),
                "7b",
                f"base power/toughness {becomes.get('power')}/{becomes.get('toughness')}",
                ("613.4b",),
                e,
            )
        if e.power_toughness and e.power_toughness.startswith("="):
            p, t = (int(v) for v in e.power_toughness[1:].split("/"))
            c = _applied(
                replace(c, power=p, toughness=t),
                "7b",
                f"power/toughness set to {p}/{t}",
                ("613.4b",),
                e,
            )
    for e in effects:  # layer 7c
        if e.power_toughness and not e.power_toughness.startswith("="):
            dp, dt = (int(v) for v in e.power_toughness.split("/"))
            c = _modify_pt(
                c, dp, dt, Applied("7c", f"{e.power_toughness}", ("613.4c",), e.source, e.timestamp)
            )
    plus, minus = obj.counter("+1/+1"), obj.counter("-1/-1")
    if plus or minus:
        c = _modify_pt(
            c,
            plus - minus,
            plus - minus,
            Applied("7c", f"counters: +1/+1 x{plus}, -1/-1 x{minus}", ("613.4c",)),
        )
    return c


def _applied(
    c: Characteristics, layer: str, what: str, rules: tuple[str, ...], e: ContinuousEffect
) -> Characteristics:
    return replace(c, applied=(*c.applied, Applied(layer, what, rules, e.source, e.timestamp)))


def _modify_pt(c: Characteristics, dp: int, dt: int, applied: Applied) -> Characteristics:
    if not isinstance(c.power, int) or not isinstance(c.toughness, int):
        raise Unsupported(
            "power/toughness defined by a characteristic-defining ability (layer 7a) is not modeled yet"
        )
    return replace(c, power=c.power + dp, toughness=c.toughness + dt, applied=(*c.applied, applied))


def _layer4(c: Characteristics, e: ContinuousEffect) -> Characteristics:
    types, subtypes = list(c.types), list(c.subtypes)
    changes = []
    if e.set_types is not None:
        types = list(e.set_types)
        changes.append(f"types become {' '.join(types)}")
    becomes = dict(e.becomes)
    for t in (*e.add_types, *becomes.get("types", ())):
        if t not in types:
            types.append(t)
            changes.append(f"becomes a {t}")
    for s in (*e.add_subtypes, *becomes.get("subtypes", ())):
        if s not in subtypes:
            subtypes.append(s)
            changes.append(f"gains subtype {s}")
    if becomes.get("all_creature_types"):
        subtypes.append(ALL_CREATURE_TYPES)
        changes.append("has all creature types")
    if not changes:
        return c
    return _applied(
        replace(c, types=tuple(types), subtypes=tuple(subtypes)),
        "4",
        "; ".join(changes),
        ("613.1d",),
        e,
    )


def _layer6(c: Characteristics, e: ContinuousEffect) -> Characteristics:
    if e.remove_all_abilities:
        c = _applied(replace(c, abilities=()), "6", "loses all abilities", ("613.1f",), e)
    granted = (*e.add_abilities, *dict(e.becomes).get("abilities", ()))
    if granted:
        new = tuple(Ability(AbilityKind.KEYWORD, keyword=k.lower()) for k in granted)
        c = _applied(
            replace(c, abilities=c.abilities + new),
            "6",
            f"gains {', '.join(granted)}",
            ("613.1f",),
            e,
        )
    return c
