"""Mana abilities (CR 605.1a): which activated abilities are mana abilities."""

from __future__ import annotations

from mtgrules.answer import Reason
from mtgrules.cards.define import cost_moves_library
from mtgrules.cards.vocabulary import Ability, AbilityKind


def mana_ability_criteria(ability: Ability) -> list[Reason]:
    """CR 605.1a: no target, could add mana, not a loyalty ability, no library movement.

    One reason per criterion; the ability is a mana ability when all hold.
    """
    rules = ("605.1a",)
    effect = ability.effect
    adds = effect is not None and effect.adds_mana is not None
    moves = (ability.cost is not None and cost_moves_library(ability.cost)) or (
        effect is not None and effect.moves_library
    )
    return [
        Reason(
            not ability.targets,
            "It has no target." if not ability.targets else "It has a target.",
            rules,
        ),
        Reason(adds, "It could add mana." if adds else "It doesn't add mana.", rules),
        Reason(
            ability.kind is not AbilityKind.LOYALTY,
            "It is not a loyalty ability."
            if ability.kind is not AbilityKind.LOYALTY
            else "It is a loyalty ability.",
            rules,
        ),
        Reason(
            not moves,
            "Its cost and effect move no card to or from a library."
            if not moves
            else "Its cost or effect moves a card to or from a library.",
            rules,
        ),
    ]


def is_mana_ability(ability: Ability) -> bool:
    return ability.is_activated and all(r.holds for r in mana_ability_criteria(ability))
