"""How questions and case facts number an object's abilities ("ability 2").

Abilities are numbered from 1 in Oracle order over the object's copiable values (the
printed card, or what a copy effect made it, CR 707.2), each keyword counting once;
abilities it has from rules or effects follow in the order they apply. Rules read the
numbers too: `activated_this_turn: [2]` says which abilities were activated (602.5b).
"""

from __future__ import annotations

from dataclasses import dataclass

from mtgrules.cards.vocabulary import Ability, AbilityKind
from mtgrules.rules.layers.characteristics import Characteristics


def numbered_abilities(chars: Characteristics) -> list[Ability]:
    """The numbering list: copiable abilities, then those gained from rules or effects."""
    printed = list(chars.copiable_abilities)
    return printed + [a for a in chars.abilities if a not in printed]


def lists_loyalty_ability(chars: Characteristics, numbers: tuple[int, ...]) -> bool:
    """Whether any of these ability numbers is a loyalty ability (CR 606.3); numbers past the
    last ability are ignored (validation reports them)."""
    numbered = numbered_abilities(chars)
    return any(
        numbered[n - 1].kind is AbilityKind.LOYALTY for n in numbers if 1 <= n <= len(numbered)
    )


@dataclass(frozen=True)
class NamedAbility:
    """An ability as a question or a case fact names it: its number and whether the object has it."""

    number: int
    ability: Ability
    has_it: bool  # False: the object lost it (e.g. an effect removed all abilities)


def find_ability(chars: Characteristics, which: int | str) -> NamedAbility | None:
    """``ability: N`` (from 1, as :func:`numbered_abilities` numbers them) or ``ability:
    KEYWORD`` of an object with these characteristics; None if there is no such ability."""
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
