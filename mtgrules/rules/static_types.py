"""Land types added by permanents' static abilities, in layer 4 (CR 613.1d, 305.7, 305.6).

"Each land is a Forest in addition to its other land types." is a continuous effect of a
static ability: while its permanent is on the battlefield and has the ability (604.2,
113.6) every land has that basic land type besides its own (611.3a), the land with the
ability too; it keeps its types and rules text and gains the type's mana ability (305.7,
305.6, given with the types by rules/lands.py). The source's ability is read from its
copiable values (layer 1); a case's own type-changing effect on the land or on the
source applies in timestamp order with it, or could take the ability away (305.7), and
the case doesn't give a static ability's timestamp: refused.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from mtgrules.model.state import ContinuousEffect, GameObject, GameState, Zone
from mtgrules.rules import Unsupported
from mtgrules.rules.copy import Applied, copiable_values
from mtgrules.rules.durations import in_force as effects_in_force
from mtgrules.rules.scope import Scope, register_read_field
from mtgrules.rules.statics_in_force import could_be_in_force, in_group, source_unchanged

if TYPE_CHECKING:
    from mtgrules.rules.layers import Characteristics

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


def static_types(
    state: GameState, obj: GameObject, c: Characteristics, effects: list[ContinuousEffect]
) -> Characteristics:
    """``c`` (through the case's layer-4 effects) with the land types static abilities add."""
    if not could_be_in_force(state, "adds_types"):
        return c
    for source in state.in_zone(Zone.BATTLEFIELD):
        for ability in copiable_values(state, source).abilities:
            adding = ability.adds_types
            if adding is None or not in_group(state, adding.group, source, obj, c):
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
            if adding.subtype in c.subtypes:
                continue
            what = Applied(
                "4",
                f"a {adding.subtype} in addition to its other land types, by {source.label}'s "
                f"static ability “{ability.words}”",
                TYPE_RULES,
                source=source.label,
            )
            c = replace(c, subtypes=(*c.subtypes, adding.subtype), applied=(*c.applied, what))
    return c
