"""Keyword abilities (CR 702): one shared definition per keyword.

A keyword that stands for an activated ability (outlast, ...) expands here to
the :class:`~mtgrules.cards.vocabulary.Ability` it means, so every card with
it is judged by the same code. Keywords not listed are still recognised by
name (flying, haste, ...) when they only matter as a name.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from mtgrules.cards.vocabulary import Ability, AbilityKind, Cost, Effect
from mtgrules.rules.keywords.embalm import embalm


@dataclass(frozen=True)
class KeywordRule:
    name: str
    rules: tuple[str, ...]  # where the CR defines it
    activated: Callable[[Ability], Ability] | None = None  # the activated ability it stands for


def _outlast(keyword: Ability) -> Ability:
    """CR 702.107a: Outlast [cost] = "[cost], {T}: put a +1/+1 counter on it; only as a sorcery"."""
    assert keyword.keyword_cost is not None
    return Ability(
        AbilityKind.ACTIVATED,
        keyword="outlast",
        cost=Cost(mana=keyword.keyword_cost, tap=True),
        effect=Effect(does="Put a +1/+1 counter on this creature"),
        timing="sorcery",
    )


KEYWORDS: dict[str, KeywordRule] = {
    k.name: k
    for k in (
        KeywordRule("haste", ("702.10",)),
        KeywordRule("outlast", ("702.107a",), activated=_outlast),
        KeywordRule("embalm", ("702.128a",), activated=embalm),
        KeywordRule("flash", ("702.8a",)),
        KeywordRule("kicker", ("702.33a",)),  # an optional additional cost: rules/casting.py
        KeywordRule("evoke", ("702.74a",)),  # an alternative cost: rules/casting.py
        KeywordRule("plot", ("702.170a",)),  # a special action: rules/keywords/plot.py
    )
}


def activated_form(ability: Ability) -> tuple[Ability, tuple[str, ...]] | None:
    """The activated ability a keyword stands for, with the rule defining it; None if none."""
    if ability.kind is AbilityKind.KEYWORD and ability.keyword in KEYWORDS:
        rule = KEYWORDS[ability.keyword]
        if rule.activated is not None:
            return rule.activated(ability), rule.rules
    return None
