"""Keywords that stand for one activated ability: equip, cycling, typecycling,
unearth, crew (CR 702).

Each function expands the keyword ability ("Equip {2}") into the activated
ability the rule says it means, so activation questions judge it like any
other activated ability: its cost, the zone it works from, its timing.
"""

from __future__ import annotations

from mtgrules.cards.targets import Targeting, TargetSpec
from mtgrules.cards.vocabulary import Ability, AbilityKind, Cost, CostPart, Effect
from mtgrules.rules.keywords.embalm import extra_parts


def equip(keyword: Ability) -> Ability:
    """CR 702.6a: Equip [cost] = "[cost]: attach this permanent to a target creature
    you control; activate only as a sorcery"."""
    assert keyword.keyword_cost is not None
    return Ability(
        AbilityKind.ACTIVATED,
        keyword="equip",
        cost=Cost(mana=keyword.keyword_cost, parts=extra_parts(keyword)),
        effect=Effect(does="Attach this permanent to a target creature you control"),
        targets=True,
        targeting=Targeting((TargetSpec(("creature",), controller="you"),)),
        timing="sorcery",
    )


def cycling(keyword: Ability) -> Ability:
    """CR 702.29a: Cycling [cost] = "[cost], discard this card: draw a card",
    working only while the card is in a hand."""
    assert keyword.keyword_cost is not None
    return Ability(
        AbilityKind.ACTIVATED,
        keyword="cycling",
        cost=Cost(
            mana=keyword.keyword_cost, parts=(*extra_parts(keyword), CostPart("discard_self"))
        ),
        effect=Effect(does="Draw a card", moves_library=True),
        zone="hand",
    )


def typecycling(keyword: Ability) -> Ability:
    """CR 702.29e: [Type]cycling [cost] = "[cost], discard this card: search your library
    for a [type] card, reveal it, put it into your hand, then shuffle", from a hand."""
    assert keyword.keyword_cost is not None and keyword.keyword is not None
    kind = keyword.keyword.removesuffix("cycling")
    return Ability(
        AbilityKind.ACTIVATED,
        keyword=keyword.keyword,
        cost=Cost(mana=keyword.keyword_cost, parts=(CostPart("discard_self"),)),
        effect=Effect(
            does=f"Search your library for a {kind} card, reveal it, put it into your hand, "
            "then shuffle",
            moves_library=True,
        ),
        zone="hand",
    )


def crew(keyword: Ability) -> Ability:
    """CR 702.122a: Crew N = "tap any number of other untapped creatures you control with
    total power N or greater: this permanent becomes an artifact creature until end of turn"."""
    assert keyword.keyword is not None
    n = int(keyword.keyword.split()[-1])
    return Ability(
        AbilityKind.ACTIVATED,
        keyword=keyword.keyword,
        cost=Cost(parts=(CostPart("tap_creatures_power", n),)),
        effect=Effect(does="This permanent becomes an artifact creature until end of turn"),
    )


def unearth(keyword: Ability) -> Ability:
    """CR 702.84a: Unearth [cost] = "[cost]: return this card from your graveyard to the
    battlefield with haste, exiled at the next end step or if it would leave the
    battlefield; activate only as a sorcery", working while the card is in a graveyard."""
    assert keyword.keyword_cost is not None
    return Ability(
        AbilityKind.ACTIVATED,
        keyword="unearth",
        cost=Cost(mana=keyword.keyword_cost, parts=extra_parts(keyword)),
        effect=Effect(
            does="Return this card from your graveyard to the battlefield; it gains haste, "
            "and is exiled at the beginning of the next end step or if it would leave the battlefield"
        ),
        timing="sorcery",
        zone="graveyard",
    )


def scavenge(keyword: Ability) -> Ability:
    """CR 702.97a: Scavenge [cost] = "[cost], exile this card from your graveyard: put
    +1/+1 counters equal to its power on target creature; activate only as a sorcery",
    working only while the card is in a graveyard."""
    assert keyword.keyword_cost is not None
    return Ability(
        AbilityKind.ACTIVATED,
        keyword="scavenge",
        cost=Cost(mana=keyword.keyword_cost, parts=(CostPart("exile_self"),)),
        effect=Effect(
            does="Put a number of +1/+1 counters equal to the power of the exiled card "
            "on target creature"
        ),
        targets=True,
        targeting=Targeting((TargetSpec(("creature",)),)),
        timing="sorcery",
        zone="graveyard",
    )


def transmute(keyword: Ability) -> Ability:
    """CR 702.53a: Transmute [cost] = "[cost], discard this card: search your library for a
    card with the same mana value, reveal it, put it into your hand, then shuffle; activate
    only as a sorcery", working only while the card is in a hand."""
    assert keyword.keyword_cost is not None
    return Ability(
        AbilityKind.ACTIVATED,
        keyword="transmute",
        cost=Cost(mana=keyword.keyword_cost, parts=(CostPart("discard_self"),)),
        effect=Effect(
            does="Search your library for a card with the same mana value as the discarded "
            "card, reveal it, put it into your hand, then shuffle",
            moves_library=True,
        ),
        timing="sorcery",
        zone="hand",
    )


def ninjutsu(keyword: Ability) -> Ability:
    """CR 702.49a: Ninjutsu [cost] = "[cost], reveal this card from your hand, return an
    unblocked attacking creature you control to its owner's hand: put this card onto the
    battlefield from your hand tapped and attacking", working only from a hand.

    Whether a creature is attacking and unblocked isn't part of a case, so the
    cost part ``return_unblocked_attacker`` makes activation questions unsupported.
    """
    assert keyword.keyword_cost is not None
    return Ability(
        AbilityKind.ACTIVATED,
        keyword="ninjutsu",
        cost=Cost(mana=keyword.keyword_cost, parts=(CostPart("return_unblocked_attacker"),)),
        effect=Effect(does="Put this card onto the battlefield tapped and attacking"),
        zone="hand",
    )
