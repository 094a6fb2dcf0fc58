"""Lands (CR 305): the intrinsic mana abilities of basic land types."""

from __future__ import annotations

import functools

from mtgrules.cards.mana_effects import Mana
from mtgrules.cards.vocabulary import Ability, AbilityKind, Cost, Effect

BASIC_LAND_MANA = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}


@functools.lru_cache(maxsize=256)
def intrinsic_abilities(types: tuple[str, ...], subtypes: tuple[str, ...]) -> tuple[Ability, ...]:
    """CR 305.6: a land with a basic land type has "{T}: Add [its mana]" for each such type.

    Remembered per (types, subtypes): the abilities depend on nothing else, and they are
    frozen values (equal to freshly made ones; nothing compares abilities by identity)."""
    if "Land" not in types:
        return ()
    return tuple(
        Ability(
            AbilityKind.ACTIVATED,
            cost=Cost(tap=True),
            effect=Effect(adds_mana=Mana(fixed=(BASIC_LAND_MANA[t],))),
            intrinsic=True,
        )
        for t in subtypes
        if t in BASIC_LAND_MANA
    )
