"""How questions and case facts number an object's abilities ("ability 2").

Abilities are numbered from 1 in Oracle order over the object's copiable values (the
printed card, or what a copy effect made it, CR 707.2), each keyword counting once;
abilities it has from rules or effects follow in the order they apply. Rules read the
numbers too: `activated_this_turn: [2]` says which abilities were activated (602.5b).
"""

from __future__ import annotations

from mtgrules.cards.vocabulary import Ability, AbilityKind
from mtgrules.rules.layers import Characteristics


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
