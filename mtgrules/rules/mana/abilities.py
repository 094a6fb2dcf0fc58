"""Mana abilities (CR 605.1a, 605.1b, 605.5): which abilities are mana abilities."""

from __future__ import annotations

from mtgrules.answer import Reason
from mtgrules.cards.define import cost_moves_library
from mtgrules.cards.vocabulary import Ability, AbilityKind

# Trigger events that are the activation or resolution of a mana ability (CR 605.1b):
# a permanent "tapped for mana" is a {T} mana ability resolving (CR 106.12, 106.12a).
MANA_ABILITY_EVENTS = frozenset({"tapped_for_mana"})


def mana_ability_criteria(ability: Ability) -> list[Reason]:
    """CR 605.1a: no target, could add mana, not a loyalty ability, no library movement.

    One reason per criterion; the ability is a mana ability when all hold.
    Replacement effects other than self-replacement effects are not taken into
    account (605.1a), so only the ability's own cost and effect are read.
    """
    rules = ("605.1a",)
    effect = ability.effect
    moves = (ability.cost is not None and cost_moves_library(ability.cost)) or (
        effect is not None and effect.moves_library
    )
    return [
        _no_target(ability, rules),
        _could_add(ability, rules),
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


def triggered_mana_ability_criteria(ability: Ability) -> list[Reason]:
    """CR 605.1b: no target, triggers from a mana ability (or mana being added), could add mana."""
    rules = ("605.1b",)
    event = ability.event
    from_mana = event is not None and event.event in MANA_ABILITY_EVENTS
    if from_mana:
        trigger = Reason(
            True,
            "It triggers when a permanent is tapped for mana, that is when a mana ability resolves.",
            ("605.1b", "106.12a"),
        )
    else:
        trigger = Reason(
            False,
            f"It triggers on something other than a mana ability or mana being added ({ability.trigger.lower()}).",
            ("605.1b", "605.5a"),
        )
    return [_no_target(ability, rules), trigger, _could_add(ability, rules)]


def _no_target(ability: Ability, rules: tuple[str, ...]) -> Reason:
    """CR 605.5a: an ability with a target is no mana ability even if it could add mana;
    that rule decides a "no", and the answer names it among its deciding rules."""
    if not ability.targets:
        return Reason(True, "It has no target.", rules)
    adds = ability.effect is not None and ability.effect.adds_mana is not None
    return Reason(
        False,
        "It has a target, so it is not a mana ability"
        + (" even though it could add mana." if adds else "."),
        (*rules, "605.5a"),
    )


def _could_add(ability: Ability, rules: tuple[str, ...]) -> Reason:
    adds = ability.effect is not None and ability.effect.adds_mana is not None
    return Reason(adds, "It could add mana." if adds else "It doesn't add mana.", rules)


def criteria(ability: Ability) -> list[Reason]:
    """The criteria of 605.1a or 605.1b, whichever kind of ability this is; [] for neither."""
    if ability.is_activated:
        return mana_ability_criteria(ability)
    if ability.kind is AbilityKind.TRIGGERED:
        return triggered_mana_ability_criteria(ability)
    return []


def is_mana_ability(ability: Ability) -> bool:
    """CR 605.1, 605.5: an activated or triggered ability meeting its set of criteria
    (:func:`criteria`, without writing out their reasons: a payment asks it of every
    ability of every permanent, on each state of a play-out)."""
    effect = ability.effect
    if ability.targets or effect is None or effect.adds_mana is None:  # 605.5a; 605.1a-b
        return False
    if ability.is_activated:  # CR 605.1a
        moves = (ability.cost is not None and cost_moves_library(ability.cost)) or (
            effect.moves_library
        )
        return ability.kind is not AbilityKind.LOYALTY and not moves
    if ability.kind is AbilityKind.TRIGGERED:  # CR 605.1b
        event = ability.event
        return event is not None and event.event in MANA_ABILITY_EVENTS
    return False
