"""Keywords granted by static abilities, in layer 6 (CR 613.1f, 604.2, 611.3a).

"Creatures you control have haste" is a continuous effect of a static ability: while its
permanent is on the battlefield and has the ability (604.2, 113.6), it adds the keywords
to every object of the group at any given moment (611.3a), the objects joining the group
included. :func:`static_grants` applies those effects to one object after the case's own
layer-6 effects:

- every effect these abilities generate only adds abilities, and none adds, removes or
  changes another grant, so no dependency exists among them (613.8a) and the order in
  which they apply, whatever their timestamps, doesn't change the result (613.7);
- an effect that removes all abilities is different: whether the object keeps a granted
  keyword depends on which of the two has the later timestamp (613.7, 613.7a), and the
  timestamp of a static ability's effect is its permanent's, which a case doesn't give:
  that answer is unsupported;
- a condition the engine computes ("during your turn") decides whether the grant applies.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from mtgrules.cards.vocabulary import Ability, AbilityKind
from mtgrules.model.state import ContinuousEffect, GameObject, GameState
from mtgrules.rules import Unsupported
from mtgrules.rules.copy.values import Applied
from mtgrules.rules.layers.conditions import condition_met
from mtgrules.rules.layers.statics_in_force import (
    CharacteristicsOf,
    condition_holds,
    condition_words,
    could_be_in_force,
    in_force,
    in_group,
)

if TYPE_CHECKING:
    from mtgrules.rules.layers.characteristics import Characteristics

GRANT_RULES = ("613.1f", "604.2", "611.3a")


def static_grants(
    state: GameState,
    obj: GameObject,
    c: Characteristics,
    effects: list[ContinuousEffect],
    chars_of: CharacteristicsOf,
) -> tuple[Characteristics, list[Applied]]:
    """``c`` (the object's characteristics through its layer-6 case effects) with the keywords
    static abilities grant it, and notes on the grants that don't apply now."""
    if not could_be_in_force(state, "grant"):
        return c, []
    applied, notes = list(c.applied), []
    abilities = list(c.abilities)
    granted_by: list[str] = []
    granted = list(c.granted)
    for source, ability in in_force(state, "grant", chars_of, grants=False):
        grant = ability.grant
        assert grant is not None
        if not in_group(state, grant.group, source, obj, c):
            continue
        holds, why = condition_holds(state, grant.during, source.controller)
        when = condition_words(grant.during, source.controller) if grant.during else ""
        if holds and grant.condition is not None:  # rules/layers/conditions.py
            holds, why = condition_met(state, grant.condition, source, chars_of)
            when = grant.condition.describe(source.controller)
        what = grant.what
        if not holds:
            notes.append(
                Applied(
                    "6",
                    f"{source.label}'s static ability would give it {what}, but only "
                    f"{when}, and {why}",
                    GRANT_RULES,
                    source=source.label,
                )
            )
            continue
        abilities += [Ability(AbilityKind.KEYWORD, keyword=k) for k in grant.keywords]
        abilities += list(grant.quoted)  # CR 613.1f, 113.2: a quoted ability, its own now
        granted += [(k, source.label) for k in grant.keywords]
        granted_by.append(source.label)
        applied.append(
            Applied(
                "6",
                f"gains {what} from {source.label}'s static ability “{ability.words}”",
                GRANT_RULES,
                source=source.label,
            )
        )
    if not granted_by:
        return c, notes
    removers = [e for e in effects if e.remove_all_abilities]
    if removers:
        by = removers[0].source or "an effect"
        raise Unsupported(
            f"{obj.label} gets keywords from {granted_by[0]}'s static ability and loses all its "
            f"abilities to {by}'s effect; which applies last depends on timestamps (CR 613.7, "
            f"613.7a), and the case doesn't give {granted_by[0]}'s"
        )
    if len(granted_by) + sum(1 for e in effects if e.add_abilities) > 1:
        notes.append(
            Applied(
                "6",
                "several effects add abilities to it: adding effects don't depend on each other, "
                "so their order (by timestamp) doesn't change the result",
                ("613.7", "613.8a"),
            )
        )
    c = replace(c, abilities=tuple(abilities), applied=tuple(applied), granted=tuple(granted))
    return c, notes


def granted_from(c: Characteristics, keyword: str) -> str | None:
    """The permanent whose static ability gives the object this keyword, if one does."""
    return next((source for k, source in c.granted if k == keyword), None)
