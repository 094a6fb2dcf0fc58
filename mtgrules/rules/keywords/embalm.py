"""Embalm (CR 702.128): an activated ability that works from the graveyard.

Only the ability's shape is here (what it costs, where and when it can be
activated); the embalmed token's characteristics are a copy effect (CR 707.9b).
"""

from __future__ import annotations

from mtgrules.cards.vocabulary import Ability, AbilityKind, Cost, CostPart, Effect

RULES = ("702.128a",)


def embalm(keyword: Ability) -> Ability:
    """CR 702.128a: Embalm [cost] = "[cost], exile this card from your graveyard:
    create a token copy of it, except white, a Zombie too and without a mana
    cost; activate only as a sorcery", functioning while the card is in a graveyard.

    >>> from mtgrules.cards.mana import ManaCost
    >>> ability = embalm(Ability(AbilityKind.KEYWORD, keyword="embalm", keyword_cost=ManaCost.parse("{3}{W}")))
    >>> ability.zone, ability.timing, ability.cost.render()
    ('graveyard', 'sorcery', '{3}{W}, Exile this card')
    """
    return graveyard_token_ability(
        keyword,
        "Create a token copy of this card, except that it is white, is a Zombie "
        "in addition to its other types and has no mana cost",
    )


def extra_parts(keyword: Ability) -> tuple[CostPart, ...]:
    """The non-mana parts of a keyword's cost ("Eternalize—{2}{W}{W}, Discard a card")."""
    return keyword.cost.parts if keyword.cost is not None else ()


def graveyard_token_ability(keyword: Ability, does: str) -> Ability:
    """The shape embalm (702.128a) and eternalize (702.129a) share: [cost], exile this
    card from your graveyard: create a token copy; activate only as a sorcery."""
    assert keyword.keyword_cost is not None
    return Ability(
        AbilityKind.ACTIVATED,
        keyword=keyword.keyword,
        cost=Cost(mana=keyword.keyword_cost, parts=(*extra_parts(keyword), CostPart("exile_self"))),
        effect=Effect(does=does),
        timing="sorcery",
        zone="graveyard",
    )
