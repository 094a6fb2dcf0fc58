"""Keyword abilities (CR 702): one shared definition per keyword.

A keyword that stands for an activated ability (outlast, ...) expands here to
the :class:`~mtgrules.cards.vocabulary.Ability` it means, so every card with
it is judged by the same code. Keywords not listed are still recognised by
name (flying, haste, ...) when they only matter as a name.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from mtgrules.cards.keywords import BY_NAME, ENTERS_COUNTERS, OPTIONAL_COSTS, TYPECYCLING
from mtgrules.cards.vocabulary import Ability, AbilityKind, Cost, Effect
from mtgrules.rules import Unsupported
from mtgrules.rules.keywords.activated import (
    crew,
    cycling,
    equip,
    ninjutsu,
    scavenge,
    transmute,
    typecycling,
    unearth,
)
from mtgrules.rules.keywords.costs import PAY_HELPERS, UNTRACKED_PERMISSIONS
from mtgrules.rules.keywords.embalm import embalm
from mtgrules.rules.keywords.entering import ENTERS_TRIGGERS, ENTERS_UNKNOWN
from mtgrules.rules.keywords.eternalize import eternalize


@dataclass(frozen=True)
class KeywordRule:
    name: str
    rules: tuple[str, ...]  # where the CR defines it
    activated: Callable[[Ability], Ability] | None = None  # the activated ability it stands for
    mana_cost: bool = True  # its cost is a mana cost ("Equip {2}"); crew's is tapping creatures


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


def _level_up(keyword: Ability) -> Ability:
    """CR 702.87a: Level up [cost] = "[cost]: put a level counter on this permanent; only as a
    sorcery" (711.4: it has it whatever its level counters)."""
    assert keyword.keyword_cost is not None
    return Ability(
        AbilityKind.ACTIVATED,
        keyword="level up",
        cost=Cost(mana=keyword.keyword_cost),
        effect=Effect(does="Put a level counter on this permanent"),
        timing="sorcery",
    )


KEYWORDS: dict[str, KeywordRule] = {
    k.name: k
    for k in (
        KeywordRule("haste", ("702.10",)),
        KeywordRule("outlast", ("702.107a",), activated=_outlast),
        KeywordRule("level up", ("702.87a",), activated=_level_up),
        KeywordRule("embalm", ("702.128a",), activated=embalm),
        KeywordRule("eternalize", ("702.129a",), activated=eternalize),
        KeywordRule("equip", ("702.6a",), activated=equip),
        KeywordRule("cycling", ("702.29a",), activated=cycling),
        KeywordRule("unearth", ("702.84a",), activated=unearth),
        KeywordRule("flash", ("702.8a",)),
        KeywordRule("kicker", ("702.33a",)),  # an optional additional cost: rules/casting/spells.py
        KeywordRule("evoke", ("702.74a",)),  # an alternative cost: rules/casting/spells.py
        KeywordRule("plot", ("702.170a",)),  # a special action: rules/keywords/plot.py
        KeywordRule("crew", ("702.122a",), activated=crew, mana_cost=False),
        KeywordRule("scavenge", ("702.97a",), activated=scavenge),
        KeywordRule("transmute", ("702.53a",), activated=transmute),
        KeywordRule("dash", ("702.109a",)),  # an alternative cost: rules/casting/spells.py
        KeywordRule(
            "flashback", ("702.34a",)
        ),  # a permission and alternative cost: keywords/costs.py
        KeywordRule("buyback", ("702.27a",)),  # an optional additional cost, never announced
        KeywordRule(
            "devoid", ("702.114a",)
        ),  # a color-defining ability: rules/layers/characteristics.py
        KeywordRule("affinity", ("702.41a",)),  # a cost reduction: keywords/costs.py
        KeywordRule("ninjutsu", ("702.49a",), activated=ninjutsu),
        *(KeywordRule(k, (rule,)) for k, rule in BY_NAME.items()),
        *(KeywordRule(k, (rule,)) for k, rule in OPTIONAL_COSTS.items()),
        *(KeywordRule(k, rules) for k, (rules, _) in PAY_HELPERS.items()),
        *(KeywordRule(k, (rule,)) for k, (_, rule) in UNTRACKED_PERMISSIONS.items()),
        *(KeywordRule(k, (rule,)) for k, (_, rule) in ENTERS_COUNTERS.items()),
        *(KeywordRule(k, (rule,)) for k, rule in ENTERS_TRIGGERS.items()),
        *(KeywordRule(k, (rule,)) for k, (rule, _) in ENTERS_UNKNOWN.items()),
        *(
            KeywordRule(f"{kind}cycling", ("702.29e",), activated=typecycling)
            for kind in TYPECYCLING
        ),
    )
}
# Keywords that are (or include) a "when this permanent is put into a graveyard from the
# battlefield" trigger (CR 603.6c): undying, persist, soulshift N, afterlife N, modular N.
DIES_TRIGGER_KEYWORDS = {
    "undying": "702.93a",
    "persist": "702.79a",
    "soulshift": "702.46a",
    "afterlife": "702.135a",
    "modular": "702.43a",
}


def base_keyword(keyword: str) -> str:
    """``"crew 3"`` -> ``"crew"``: the keyword without its number."""
    name, _, last = keyword.rpartition(" ")
    return name if name and last.isdigit() else keyword


def activated_form(ability: Ability) -> tuple[Ability, tuple[str, ...]] | None:
    """The activated ability a keyword stands for, with the rule defining it; None if none."""
    name = base_keyword(ability.keyword or "")
    if ability.kind is AbilityKind.KEYWORD and name in KEYWORDS:
        rule = KEYWORDS[name]
        if rule.activated is not None:
            # a case's `add_abilities: [equip]` states no cost
            if ability.keyword_cost is None and rule.mana_cost:
                raise Unsupported(
                    f"{ability.keyword} with no cost stated: the activated ability it stands "
                    "for can't be judged without its cost"
                )
            return rule.activated(ability), rule.rules
    return None
