"""Colors set by permanents' static abilities, in layer 5 (CR 613.1e, 105.2c, 604.2, 611.3a).

"All Slivers are colorless." is a continuous effect of a static ability: while its
permanent is on the battlefield and has the ability (604.2, 113.6) it sets the colors of
every permanent of the group at any given moment (611.3a), itself included when it is one.
Which permanents are in the group is read from their types (layer 4, before this one), and
the source's ability from its values through layer 4 (a case's "loses all abilities" on
the source, a layer-6 effect whose order with this one is a dependency question, 613.8a,
is refused here). A case's own color effect on the same object applies in timestamp order
with it (613.7), and the case doesn't give a static ability's timestamp (its permanent's):
refused; so are two such abilities setting different colors.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from mtgrules.model.state import ContinuousEffect, GameObject, GameState, Zone
from mtgrules.rules import Unsupported
from mtgrules.rules.copy.values import Applied
from mtgrules.rules.layers.statics_in_force import (
    CharacteristicsOf,
    could_be_in_force,
    in_group,
    source_unchanged,
)
from mtgrules.rules.scope.index import Scope, register_read_field

if TYPE_CHECKING:
    from mtgrules.rules.layers.characteristics import Characteristics

COLOR_RULES = ("613.1e", "105.2c", "604.2", "611.3a")
register_read_field("sets_colors", frozenset({Scope.COLORS}))


def static_colors(
    state: GameState,
    obj: GameObject,
    c: Characteristics,
    effects: list[ContinuousEffect],
    chars_of: CharacteristicsOf,
) -> Characteristics:
    """``c`` (through layer 4 and its characteristic-defining color abilities) with the
    colors static abilities of permanents set for it."""
    if not could_be_in_force(state, "sets_colors"):
        return c
    found = []
    for source in state.in_zone(Zone.BATTLEFIELD):
        values = c if source.oid == obj.oid else chars_of(state, source, through="4")
        for ability in values.abilities:
            setting = ability.sets_colors
            if setting is None or not in_group(state, setting.group, source, obj, c):
                continue
            source_unchanged(state, source, ability)
            if any(e.remove_all_abilities and source.oid in e.affects for e in state.effects):
                raise Unsupported(
                    f"{source.label}'s static ability “{ability.words}” would set {obj.label}'s "
                    f"colors, and an effect removes {source.label}'s abilities; whether it still "
                    "applies depends on the order of the two effects (CR 613.8a, 613.7)"
                )
            found.append((source, ability))
    if not found:
        return c
    if len({a.sets_colors.colors for _, a in found}) > 1 or any(
        e.colors is not None or dict(e.becomes).get("colors") is not None for e in effects
    ):
        raise Unsupported(
            f"{obj.label}'s colors are set by {found[0][0].label}'s static ability and by another "
            "effect; which applies last depends on timestamps (CR 613.7), and the case doesn't "
            f"give {found[0][0].label}'s"
        )
    source, ability = found[0]
    setting = ability.sets_colors
    what = Applied(
        "5",
        f"{setting.word} by {source.label}'s static ability “{ability.words}”",
        COLOR_RULES,
        source=source.label,
    )
    return replace(c, colors=frozenset(setting.colors), applied=(*c.applied, what))
