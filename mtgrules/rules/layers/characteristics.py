"""Characteristics after continuous effects: the layer system (CR 613).

Layer 1 (copy effects, face-down status) comes from :mod:`mtgrules.rules.copy.values`;
the object's copiable values are where the other layers start (CR 613.2c).
Then, layer by layer, characteristic-defining abilities apply first (613.3,
613.4a) and the case's continuous effects in timestamp order (613.7), with the
dependency check of 613.8 for what the case format can express; counters apply
in layer 7c (613.4c). Every applied effect is recorded with its source and
timestamp, so answers can show the breakdown.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from mtgrules import lazyre
from mtgrules.cards.copying import CARD_TYPES, NONCREATURE_SUBTYPES, DefinesPT
from mtgrules.cards.mana import COLOR_CODES, ManaCost
from mtgrules.cards.vocabulary import Ability, AbilityKind
from mtgrules.model.state import ContinuousEffect, GameObject, GameState, Zone, per_state
from mtgrules.rules import Unsupported
from mtgrules.rules.copy.values import Applied, copiable_values, copy_mana_value
from mtgrules.rules.layers.boosts import static_boosts
from mtgrules.rules.layers.colors import static_colors
from mtgrules.rules.layers.durations import ended, in_force
from mtgrules.rules.layers.grants import static_grants
from mtgrules.rules.layers.land_types import static_types
from mtgrules.rules.layers.levels import bar_abilities, bar_base_pt
from mtgrules.rules.layers.statics_in_force import counted_kinds_read
from mtgrules.rules.layers.subtypes import basic_land_dependency, type_change
from mtgrules.rules.mana.basic_lands import intrinsic_abilities

ALL_CREATURE_TYPES = "all creature types"
LAYERS = ("1a", "1b", "2", "3", "4", "5", "6", "7a", "7b", "7c", "7d")
LAYER_RULES = {
    "1a": ("613.2a",),
    "1b": ("613.2b",),
    "2": ("613.1b",),
    "3": ("613.1c",),
    "4": ("613.1d",),
    "5": ("613.1e",),
    "6": ("613.1f",),
    "7a": ("613.4a",),
    "7b": ("613.4b",),
    "7c": ("613.4c",),
    "7d": ("613.4d",),
}
__all__ = ["ALL_CREATURE_TYPES", "LAYERS", "Applied", "Characteristics", "characteristics"]


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
    mana_cost: ManaCost = field(default_factory=ManaCost)
    mana_value: int = 0
    mana_value_rules: tuple[str, ...] = ("202.3",)
    loyalty: int | None = None
    is_token: bool = False
    notes: tuple[Applied, ...] = ()  # orderings and checks that explain, not change
    copiable_abilities: tuple[Ability, ...] = ()  # the abilities after layer 1 (CR 613.2c)
    granted: tuple[tuple[str, str], ...] = ()  # (keyword, source) granted by static abilities

    def is_a(self, card_type: str) -> bool:
        return card_type in self.types

    def has_subtype(self, subtype: str) -> bool:
        """One of its subtypes. "All creature types" (changeling, 702.73a) covers a creature
        type, never an artifact, enchantment, land, spell or battle type (205.3g-q); only
        ask it about those and creature types (205.3m), as planeswalker types aren't listed."""
        if subtype in self.subtypes:
            return True
        return ALL_CREATURE_TYPES in self.subtypes and subtype not in NONCREATURE_SUBTYPES

    def has_keyword(self, keyword: str) -> bool:
        return any(a.kind is AbilityKind.KEYWORD and a.keyword == keyword for a in self.abilities)


def x_mana_value_rules(has_x: bool, on_stack: bool) -> tuple[str, ...]:
    """The rules of a mana value (CR 202.3): with {X} in the cost, X counts as 0 off the stack
    and as the announced value on it (202.3e; X is chosen as the spell is cast, 107.3a)."""
    if not has_x:
        return ("202.3",)
    return ("202.3e", "107.3a") if on_stack else ("202.3e",)


@per_state
def characteristics(
    state: GameState, obj: GameObject, *, through: str = "7d", statics: bool = True
) -> Characteristics:
    """The object's characteristics now, with the effects applied on the way (CR 613.1).

    ``through`` stops after a layer (``"4"`` gives types for counting permanents
    without evaluating anyone's power and toughness, ``"6"`` the abilities);
    ``statics=False`` leaves out the keywords other permanents' static abilities grant
    (:mod:`mtgrules.rules.layers.grants`, which reads its sources that way).

    Layers 1-6 are worked out once per object and ``statics`` (:func:`_through_layer6`):
    the whole computation continues from the very value ``through="6"`` answers.
    """
    if through == "4":
        return _layers_1_to(state, obj, "4", statics)[0]
    c, notes_so_far, effects = _through_layer6(state, obj, statics=statics)
    if through == "6":  # its abilities are known; no power and toughness evaluated
        return c
    notes = list(notes_so_far)
    c = _layer7a(state, obj, c)
    c = bar_base_pt(obj, c, effects)  # layer 7b: a leveler's level bar (rules/layers/levels.py)
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
    c, boost_notes = static_boosts(
        state, obj, c, characteristics
    )  # layer 7c: rules/layers/boosts.py
    notes += boost_notes
    plus, minus = obj.counter("+1/+1"), obj.counter("-1/-1")
    if (plus or minus) and c.is_a("Creature"):
        c = _modify_pt(
            c,
            plus - minus,
            plus - minus,
            Applied("7c", f"counters: +1/+1 x{plus}, -1/-1 x{minus}", ("613.4c",)),
        )
    if c.is_a("Creature"):
        c = _other_pt_counters(obj, c)
    if not c.is_a("Creature") and obj.zone is Zone.BATTLEFIELD and c.power is not None:
        c = replace(
            c,
            power=None,
            toughness=None,
            applied=(
                *c.applied,
                Applied("7", "not a creature, so it has no power or toughness", ("208.3",)),
            ),
        )
    return replace(c, notes=tuple(notes)) if notes else c  # c.notes is () until here


@per_state
def _through_layer6(
    state: GameState, obj: GameObject, *, statics: bool
) -> tuple[Characteristics, tuple[Applied, ...], tuple[ContinuousEffect, ...]]:
    """Layers 1-6 of :func:`characteristics`, the notes made on the way and the effects
    applied, remembered on the state like it (the state and its objects are immutable)."""
    c, notes, effects = _layers_1_to(state, obj, "6", statics)
    return c, tuple(notes), tuple(effects)


def _layers_1_to(
    state: GameState, obj: GameObject, through: str, statics: bool
) -> tuple[Characteristics, list[Applied], list[ContinuousEffect]]:
    """Layers 1 to ``through`` (``"4"`` or ``"6"``) of :func:`characteristics`: the
    characteristics so far, the notes made on the way and the case's continuous effects
    on the object in force, in timestamp order (CR 613.7), copy effects aside (layer 1's)."""
    values = copiable_values(state, obj)  # layer 1, CR 613.2
    listed = sorted(state.effects_on(obj.oid), key=lambda e: e.timestamp)
    effects = [e for e in in_force(state, listed) if e.copy_of is None]
    mv_override = copy_mana_value(values)
    x = obj.x if obj.zone is Zone.STACK and obj.x is not None else 0
    c = Characteristics(
        name=values.name,
        types=values.types,
        subtypes=values.subtypes,
        supertypes=values.supertypes,
        colors=values.colors,
        abilities=values.abilities,
        power=values.power,
        toughness=values.toughness,
        applied=values.steps,
        mana_cost=values.mana_cost,
        mana_value=mv_override[0] if mv_override else values.mana_cost.mana_value(x),
        mana_value_rules=mv_override[1]
        if mv_override
        else x_mana_value_rules(values.mana_cost.has_x, obj.zone is Zone.STACK),
        loyalty=_loyalty(obj, values.loyalty, values.types),
        is_token=obj.token,
        copiable_abilities=values.abilities,
    )
    notes: list[Applied] = [
        Applied(
            "ended",
            f"the effect from {e.source or 'an earlier effect'} (timestamp {e.timestamp}) lasted "
            f"“{(e.until or '').replace('_', ' ')}” and has ended by {state.when}",
            rules,
        )
        for e in listed
        if (rules := ended(state, e)) is not None
    ]
    if obj.controller and obj.owner and obj.controller != obj.owner:  # layer 2
        c = replace(
            c,
            applied=(
                *c.applied,
                Applied("2", f"{obj.controller} controls it; {obj.owner} owns it", ("613.1b",)),
            ),
        )
    # layer 4: characteristic-defining abilities first (613.3), then effects
    if any(a.kind is AbilityKind.KEYWORD and a.keyword == "changeling" for a in c.abilities):
        c = replace(
            c,
            subtypes=(*c.subtypes, ALL_CREATURE_TYPES)
            if ALL_CREATURE_TYPES not in c.subtypes
            else c.subtypes,
            applied=(
                *c.applied,
                Applied(
                    "4",
                    "changeling, a characteristic-defining ability: it is every creature type "
                    "(applied before other effects in its layer)",
                    ("702.73a", "613.3"),
                    source="its own ability",
                ),
            ),
        )
    basic_land_dependency(state, effects)  # CR 305.7, 613.8a
    for e in effects:
        c = _layer4(c, e)
    c = static_types(state, obj, c, effects)  # layer 4: rules/layers/land_types.py
    if through == "4":
        return c, notes, effects
    intrinsic = intrinsic_abilities(c.types, c.subtypes)
    if intrinsic:  # most objects are no land with a basic land type: nothing to add
        c = replace(c, abilities=c.abilities + intrinsic)
    if any(a.kind is AbilityKind.KEYWORD and a.keyword == "devoid" for a in c.abilities):
        c = replace(  # layer 5: devoid, a characteristic-defining ability, first (613.3)
            c,
            colors=frozenset(),
            applied=(
                *c.applied,
                Applied(
                    "5",
                    "devoid, a characteristic-defining ability: it is colorless "
                    "(applied before other effects in its layer)",
                    ("702.114a", "604.3", "613.3"),
                    source="its own ability",
                ),
            ),
        )
    c = static_colors(state, obj, c, effects, characteristics)  # layer 5: rules/layers/colors.py
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
    notes += _layer6_dependencies(state, effects)
    for e in effects:  # layer 6
        c = _layer6(c, e)
    c = bar_abilities(obj, c)  # layer 6: a leveler's own level bar (rules/layers/levels.py)
    if statics:  # layer 6: keywords granted by static abilities (rules/layers/grants.py)
        c, granted_notes = static_grants(state, obj, c, effects, characteristics)
        notes += granted_notes
    return c, notes, effects


def _loyalty(obj: GameObject, printed: int | None, types: tuple[str, ...]) -> int | None:
    """CR 306.5a, 306.5c: printed off the battlefield; loyalty counters on it."""
    if "Planeswalker" not in types:
        return None
    return obj.counter("loyalty") if obj.zone is Zone.BATTLEFIELD else printed


def _layer7a(state: GameState, obj: GameObject, c: Characteristics) -> Characteristics:
    """Layer 7a (CR 613.4a, 604.3): a characteristic-defining ability sets power and
    toughness; a printed * without one (it was lost, or not copied) counts as 0 (208.2a)."""
    cda = next((a.defines_pt for a in c.abilities if a.defines_pt is not None), None)
    if cda is not None:
        what = cda.what()
        counted_kinds_read(state, f"the number of {what}")  # CR 613.1b, 613.1d-e
        through = "6" if cda.color else "4"  # a color is known after layer 5 (CR 613.1e)
        n = sum(
            1
            for o in state.in_zone(Zone.BATTLEFIELD, None if cda.anyone else obj.controller)
            if o.oid != obj.oid and _counted(cda, characteristics(state, o, through=through), o)
        )
        if obj.zone is Zone.BATTLEFIELD and _counted(cda, c, obj):
            n += 1
        toughness = c.toughness if cda.power_only else n
        who = "there are" if cda.anyone else f"{obj.controller} controls"
        return replace(
            c,
            power=n,
            toughness=toughness,
            applied=(
                *c.applied,
                Applied(
                    "7a",
                    f"its characteristic-defining ability: {who} {n} {what}"
                    f"{' on the battlefield' if cda.anyone else ''}, so its power is {n}"
                    f"{'' if cda.power_only else f' and its toughness {n}'}",
                    # 109.2: "Swamps you control" are permanents on the battlefield
                    ("613.4a", "604.3", "109.2"),
                    source="its own ability",
                ),
            ),
        )
    if "*" in str(c.power) or "*" in str(c.toughness):
        if any(
            a.described_only or (a.kind is AbilityKind.STATIC and "power" in a.text.lower())
            for a in c.abilities
        ):
            raise Unsupported(
                "its power/toughness comes from a characteristic-defining ability mtgrules does not model"
            )
        p, t = _star_zero(c.power), _star_zero(c.toughness)
        return replace(
            c,
            power=p,
            toughness=t,
            applied=(
                *c.applied,
                Applied("7a", f"no ability defines its *: it counts as 0, so {p}/{t}", ("208.2a",)),
            ),
        )
    return c


def _counted(cda: DefinesPT, c: Characteristics, obj: GameObject) -> bool:
    """Is a permanent with these characteristics one the ability counts (a subtype or,
    for "creatures you control", the card type; any of its kinds once; of its color,
    untapped, if it says so)? A changeling has every creature type (CR 702.73a, 205.3m)."""
    if cda.untapped and obj.tapped:
        return False
    if cda.color and COLOR_CODES[cda.color] not in c.colors:  # CR 105.2
        return False
    return any(
        k == "Permanent" or (c.is_a(k) if k in CARD_TYPES else c.has_subtype(k)) for k in cda.kinds
    )


def _star_zero(value: int | str | None) -> int | None:
    if value is None or isinstance(value, int):
        return value
    return int(value.replace("+*", "").replace("-*", "").replace("*", "") or 0)


def _layer6_dependencies(state: GameState, effects: list[ContinuousEffect]) -> list[Applied]:
    """CR 613.8a: in the case format, a layer-6 effect can depend on another only when that
    other removes the abilities of its source — if the first comes from a static ability.
    A source that is not a permanent (a resolved spell) can't have that dependency."""
    removers = [e for e in in_force(state, list(state.effects)) if e.remove_all_abilities]
    for e in effects:
        if not (e.add_abilities or dict(e.becomes).get("abilities")) or e.source is None:
            continue
        for r in removers:
            src = _source_object(state, e.source)
            if src is not None and src.zone is Zone.BATTLEFIELD and src.oid in r.affects:
                raise Unsupported(
                    f"whether {e.source}'s effect depends on the effect removing its abilities "
                    "(CR 613.8a) depends on whether it comes from a static ability, which the case doesn't say"
                )
    if len([e for e in effects if _in_layer6(e)]) > 1:
        return [
            Applied(
                "6",
                "the layer-6 effects are independent (none changes another's existence, objects "
                "or result), so they apply in timestamp order",
                ("613.8a", "613.7"),
            )
        ]
    return []


def _in_layer6(e: ContinuousEffect) -> bool:
    return bool(e.remove_all_abilities or e.add_abilities or dict(e.becomes).get("abilities"))


def _source_object(state: GameState, ref: str) -> GameObject | None:
    try:
        return state.find(ref)
    except KeyError:
        return None


def _applied(
    c: Characteristics, layer: str, what: str, rules: tuple[str, ...], e: ContinuousEffect
) -> Characteristics:
    return replace(c, applied=(*c.applied, Applied(layer, what, rules, e.source, e.timestamp)))


_PT_COUNTER = lazyre.compile(r"^([+-][0-9]{1,18})/([+-][0-9]{1,18})$")


def _other_pt_counters(obj: GameObject, c: Characteristics) -> Characteristics:
    """CR 122.1a, 613.4c: every other +X/+Y counter (+1/+0, +2/+2, -0/-1) adds X and Y in
    layer 7c, as +1/+1 and -1/-1 counters do (those two also annihilate in pairs, 704.5q,
    which the others don't)."""
    for kind, n in obj.counters:
        found = _PT_COUNTER.match(kind) if kind not in ("+1/+1", "-1/-1") and n else None
        if found:
            dp, dt = int(found[1]) * n, int(found[2]) * n
            c = _modify_pt(c, dp, dt, Applied("7c", f"counters: {kind} x{n}", ("613.4c", "122.1a")))
    return c


def _modify_pt(c: Characteristics, dp: int, dt: int, applied: Applied) -> Characteristics:
    if not isinstance(c.power, int) or not isinstance(c.toughness, int):
        raise Unsupported(
            "power/toughness defined by a characteristic-defining ability (layer 7a) is not modeled yet"
        )
    return replace(c, power=c.power + dp, toughness=c.toughness + dt, applied=(*c.applied, applied))


def _layer4(c: Characteristics, e: ContinuousEffect) -> Characteristics:
    """One type-changing effect (CR 613.1d; the type rules are in rules/layers/subtypes.py)."""
    change = type_change(c.types, c.subtypes, c.abilities, e)
    if change is None:
        return c
    return _applied(
        replace(c, types=change.types, subtypes=change.subtypes, abilities=change.abilities),
        "4",
        "; ".join(change.changes),
        ("613.1d", *change.rules),
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
