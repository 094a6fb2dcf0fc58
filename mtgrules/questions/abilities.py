"""Finding "ability N" or "ability KEYWORD" of an object, as questions name them.

Abilities are numbered from 1 in Oracle order over the object's copiable
values (the printed card, or what a copy effect made it: a Clone copying Llanowar
Elves numbers the Elves' abilities, CR 707.2), each keyword counting once;
abilities it has from rules or effects (a basic land type's mana ability, a
granted keyword) follow in the order they apply.
"""

from __future__ import annotations

from dataclasses import dataclass

from mtgrules.cards.vocabulary import Ability, AbilityKind
from mtgrules.rules.ability_numbers import numbered_abilities
from mtgrules.rules.layers import Characteristics


@dataclass(frozen=True)
class NamedAbility:
    number: int
    ability: Ability
    has_it: bool  # False: the object lost it (e.g. an effect removed all abilities)


def find_ability(chars: Characteristics, which: int | str) -> NamedAbility | None:
    numbered = numbered_abilities(chars)
    if isinstance(which, int):
        if not 1 <= which <= len(numbered):
            return None
        index = which - 1
    else:
        wanted = which.lower()
        index = next(
            (
                i
                for i, a in enumerate(numbered)
                if a.kind is AbilityKind.KEYWORD and a.keyword == wanted
            ),
            -1,
        )
        if index < 0:
            return None
    ability = numbered[index]
    return NamedAbility(index + 1, ability, ability in chars.abilities)


def describe(ability: Ability) -> str:
    """How an answer quotes an ability: its canonical wording."""
    return ability.render() or (ability.keyword or "")
