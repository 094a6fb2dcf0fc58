"""Eternalize (CR 702.129): embalm's shape with a black 4/4 token.

Only the ability's shape is here (what it costs, where and when it can be
activated), as for embalm (:mod:`mtgrules.rules.keywords.embalm`).
"""

from __future__ import annotations

from mtgrules.cards.vocabulary import Ability
from mtgrules.rules.keywords.embalm import graveyard_token_ability

RULES = ("702.129a",)


def eternalize(keyword: Ability) -> Ability:
    """CR 702.129a: Eternalize [cost] = "[cost], exile this card from your graveyard:
    create a token copy of it, except black, 4/4, a Zombie too and without a mana
    cost; activate only as a sorcery", functioning while the card is in a graveyard.

    >>> from mtgrules.cards.vocabulary import AbilityKind
    >>> from mtgrules.cards.mana import ManaCost
    >>> ability = eternalize(Ability(AbilityKind.KEYWORD, keyword="eternalize", keyword_cost=ManaCost.parse("{4}{B}{B}")))
    >>> ability.zone, ability.timing, ability.cost.render()
    ('graveyard', 'sorcery', '{4}{B}{B}, Exile this card')
    """
    return graveyard_token_ability(
        keyword,
        "Create a token copy of this card, except that it is black, is 4/4, is a Zombie "
        "in addition to its other types and has no mana cost",
    )
