"""Land types added by permanents' static abilities, in layer 4 (CR 613.1d, 305.7, 305.6).

"Each land is a Forest in addition to its other land types." is a continuous effect of a
static ability: while its permanent is on the battlefield and has the ability (604.2,
113.6) every land has that basic land type besides its own (611.3a), the land with the
ability too; it keeps its types and rules text and gains the type's mana ability (305.7,
305.6, given with the types by rules/mana/basic_lands.py). The source's ability is read from its
copiable values (layer 1); a case's own type-changing effect on the land or on the
source applies in timestamp order with it, or could take the ability away (305.7), and
the case doesn't give such an effect's timestamp against a static ability's: refused.

"Nonbasic lands are Mountains." sets every nonbasic land's land type instead (305.7,
205.4c); beside an ability adding a land type, the two are ordered by dependency where one
removes the other's source ability (613.8a-b), by timestamp otherwise (613.7, 613.7a): the
permanents' timestamps as the case states them (``timestamp:``, 613.7d), refused without.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from mtgrules.cards.vocabulary import Ability
from mtgrules.model.state import ContinuousEffect, GameObject, GameState, Zone
from mtgrules.model.stated import timestamp
from mtgrules.rules import Unsupported
from mtgrules.rules.copy.values import Applied, copiable_values
from mtgrules.rules.layers.durations import in_force as effects_in_force
from mtgrules.rules.layers.statics_in_force import could_be_in_force, in_group, source_unchanged
from mtgrules.rules.layers.subtypes import set_subtypes
from mtgrules.rules.scope.index import Scope, register_read_field

if TYPE_CHECKING:
    from mtgrules.rules.layers.characteristics import Characteristics

TYPE_RULES = ("613.1d", "305.7", "305.6")
register_read_field("adds_types", frozenset({Scope.TYPES}))


def _changes_types(e: ContinuousEffect) -> bool:
    becomes = dict(e.becomes)
    return bool(
        e.add_types
        or e.add_subtypes
        or e.set_types is not None
        or e.set_subtypes is not None
        or any(k in becomes for k in ("types", "subtypes", "supertypes"))
    )


def _statics(state: GameState) -> list[tuple[GameObject, Ability]]:
    """Each permanent's land-type static abilities, from its copiable values (layer 1)."""
    return [
        (source, ability)
        for source in state.in_zone(Zone.BATTLEFIELD)
        for ability in copiable_values(state, source).abilities
        if ability.adds_types is not None
    ]


def _nonbasic_land(state: GameState, source: GameObject) -> bool:
    """CR 205.4c: a land without the basic supertype (its copiable values; a case's own
    type-changing effect on it is refused below)."""
    values = copiable_values(state, source)
    return "Land" in values.types and "Basic" not in values.supertypes


def static_types(
    state: GameState, obj: GameObject, c: Characteristics, effects: list[ContinuousEffect]
) -> Characteristics:
    """``c`` (through the case's layer-4 effects) with the land types static abilities add
    or set, in layer 4 (CR 613.1d).

    "Nonbasic lands are Mountains." sets every nonbasic land's land type, so such a land
    loses the abilities of its rules text (305.7, 205.4c). A land-type ability of a
    nonbasic land (Urborg's "each land is a Swamp") therefore depends on that effect: the
    setting effect would change its existence (613.8a), so the setting effect applies first
    whatever their timestamps (613.8, 613.8b) and the other no longer exists. Without such
    a dependency the two apply in timestamp order (613.7), a static ability's timestamp
    being its permanent's (613.7a), which the case doesn't give: where the order changes
    the result (a land made a Mountain and given Swamp by an enchantment's ability) the
    answer is unsupported; where it doesn't (the same type twice) it is given."""
    if not could_be_in_force(state, "adds_types"):
        return c
    statics = _statics(state)
    setters = [(s, a) for s, a in statics if a.adds_types is not None and a.adds_types.sets]
    for source, ability in setters:
        if _nonbasic_land(state, source):
            raise Unsupported(
                f"{source.label} is a nonbasic land whose own static ability “{ability.words}” "
                "sets its land type and so would remove itself (CR 305.7): the order of such "
                "dependent effects (CR 613.8a, 613.8b) is not worked out"
            )
    applying: list[tuple[GameObject, Ability]] = []
    notes: list[Applied] = []
    for source, ability in statics:
        adding = ability.adds_types
        assert adding is not None
        if not in_group(state, adding.group, source, obj, c):
            continue
        source_unchanged(state, source, ability)
        on_source = effects_in_force(state, list(state.effects_on(source.oid)))
        if any(_changes_types(e) or e.remove_all_abilities for e in (*effects, *on_source)):
            raise Unsupported(
                f"{source.label}'s static ability “{ability.words}” gives {obj.label} a land "
                "type, and another effect changes types or abilities there; their order "
                "depends on timestamps and dependencies (CR 613.7, 613.8a, 305.7), and the "
                f"case doesn't give {source.label}'s"
            )
        remover = next(((s, a) for s, a in setters if s.oid != source.oid), None)
        if remover is not None and _nonbasic_land(state, source):
            _setter_unchanged(state, *remover)
            notes.append(_removed(source, ability, remover[0]))
            continue
        applying.append((source, ability))
    c = replace(c, applied=(*c.applied, *notes))
    set_to = {a.adds_types.subtype for _, a in applying if a.adds_types and a.adds_types.sets}
    added = {a.adds_types.subtype for _, a in applying if a.adds_types and not a.adds_types.sets}
    if len(set_to) > 1 or (set_to and added - set_to):
        return _by_timestamp(c, obj, applying)
    for source, ability in sorted(applying, key=lambda sa: not sa[1].adds_types.sets):  # type: ignore[union-attr]
        c = _apply(c, source, ability)
    return c


def _by_timestamp(
    c: Characteristics, obj: GameObject, applying: list[tuple[GameObject, Ability]]
) -> Characteristics:
    """Land-type effects on ``obj`` whose order changes the result and of which none depends
    on another: they apply in timestamp order (CR 613.7), a static ability's effect having
    its permanent's timestamp (613.7a), as the case states it (``timestamp:``, 613.7d). A
    type set after another was added replaces it; one added after a set stays. Without a
    stated timestamp for each, or with two the same, the answer is unsupported, naming the
    permanents."""
    sources = list(dict.fromkeys(s for s, _ in applying))
    stamps = {s.oid: timestamp(s) for s in sources}
    names = " and ".join(s.label for s in sources)
    if any(t is None for t in stamps.values()):
        missing = " and ".join(s.label for s in sources if stamps[s.oid] is None)
        raise Unsupported(
            f"the static abilities of {names} both change {obj.label}'s land types and neither "
            "depends on the other, so they apply in timestamp order (CR 613.7, 613.7a): a "
            "type set after another is added replaces it, one added after stays; the case "
            f"doesn't give the timestamp of {missing} (`timestamp:` on the permanent)"
        )
    if len(set(stamps.values())) < len(stamps):
        raise Unsupported(
            f"{names} have the same timestamp as the case states it; permanents that would "
            "get one at the same time are ordered by their controllers (CR 613.7m), which the "
            "case doesn't say"
        )
    ordered_sources = sorted(sources, key=lambda s: stamps[s.oid])  # type: ignore[arg-type,return-value]
    for source in ordered_sources:
        for src, ability in applying:
            if src is source:
                c = _apply(c, source, ability)
    order = ", then ".join(f"{s.label} (timestamp {stamps[s.oid]})" for s in ordered_sources)
    note = Applied(
        "4",
        f"no effect here depends on another, so they apply in timestamp order: {order}",
        ("613.7", "613.7a"),
        source=ordered_sources[-1].label,
    )
    return replace(c, applied=(*c.applied, note))


def _setter_unchanged(state: GameState, setter: GameObject, ability: Ability) -> None:
    """The setting effect that removes another land's ability (CR 613.8a) is taken as in
    force only while nothing could take it away: an unread ability (source_unchanged) or a
    case's own effect changing the setter's types or abilities, whose order with it the
    case doesn't give (613.7)."""
    source_unchanged(state, setter, ability)
    on_setter = effects_in_force(state, list(state.effects_on(setter.oid)))
    if any(_changes_types(e) or e.remove_all_abilities for e in on_setter):
        raise Unsupported(
            f"{setter.label}'s static ability “{ability.words}” would remove another land's "
            "land-type ability (CR 305.7, 613.8a), and an effect changes the types or "
            f"abilities of {setter.label}; their order depends on timestamps (CR 613.7), "
            f"and the case doesn't give {setter.label}'s"
        )


def _removed(source: GameObject, ability: Ability, remover: GameObject) -> Applied:
    adding = ability.adds_types
    assert adding is not None
    return Applied(
        "4",
        f"not a {adding.subtype} by {source.label}'s static ability “{ability.words}”: "
        f"{remover.label}'s effect sets {source.label}'s land type, and with it {source.label} "
        "loses the abilities of its rules text, so its effect depends on that one (applying "
        "it would end its existence): that one applies first whatever their timestamps and "
        f"{source.label}'s no longer exists",
        ("613.8a", "613.8b", "305.7"),
        source=remover.label,
    )


def _apply(c: Characteristics, source: GameObject, ability: Ability) -> Characteristics:
    """One land-type static ability on the land (CR 613.1d, 305.7)."""
    adding = ability.adds_types
    assert adding is not None
    if not adding.sets:
        if adding.subtype in c.subtypes:
            return c
        what = Applied(
            "4",
            f"a {adding.subtype} in addition to its other land types, by {source.label}'s "
            f"static ability “{ability.words}”",
            TYPE_RULES,
            source=source.label,
        )
        return replace(c, subtypes=(*c.subtypes, adding.subtype), applied=(*c.applied, what))
    subs, replaced, _ = set_subtypes(c.types, c.subtypes, (adding.subtype,))
    was = f", replacing {', '.join(replaced)}" if replaced else ""
    what = Applied(
        "4",
        f"a nonbasic land, its land type is set to {adding.subtype}{was}, by {source.label}'s "
        f"static ability “{ability.words}”; with it the land loses the abilities of its rules "
        "text (abilities other effects grant stay) and has the new type's mana ability",
        ("613.1d", "305.7", "205.4c"),
        source=source.label,
    )
    return replace(c, subtypes=subs, abilities=(), applied=(*c.applied, what))
