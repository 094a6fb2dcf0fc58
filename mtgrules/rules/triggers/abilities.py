"""The triggered abilities of an object, each with its trigger conditions (CR 603.1, 113.6).

An object's abilities are its characteristics after the layers (CR 613; granted abilities
included, removed ones gone), numbered as questions number them
(:func:`mtgrules.rules.activation.ability_numbers.numbered_abilities`). A triggered ability is one
the card vocabulary reads as triggered, a keyword that is (or includes) a triggered
ability (:data:`mtgrules.cards.trigger_conditions.TRIGGER_KEYWORDS`), or an unread
ability whose words are "When/Whenever/At ..." or a Saga chapter (714.2b); its
conditions come from :mod:`mtgrules.cards.oracle.trigger_conditions`.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, replace

from mtgrules.cards.oracle.costs import short_name
from mtgrules.cards.oracle.trigger_conditions import (
    chapter_condition,
    read_trigger_condition,
    split_trigger,
)
from mtgrules.cards.trigger_conditions import TRIGGER_KEYWORDS, TriggerCondition
from mtgrules.cards.vocabulary import Ability, AbilityKind
from mtgrules.model.state import GameObject, GameState, per_state
from mtgrules.rules import Unsupported
from mtgrules.rules.activation.ability_numbers import numbered_abilities
from mtgrules.rules.layers.characteristics import characteristics
from mtgrules.rules.mana.abilities import is_mana_ability

_KEYWORDS_LONGEST = sorted(TRIGGER_KEYWORDS, key=len, reverse=True)
_TRIGGER_WORDS = re.compile(r"^(?:[^.:—]+ — )?(?:When|Whenever|At)\b")


@dataclass(frozen=True)
class TriggerAbility:
    """One triggered ability of an object: its number, the ability and its conditions."""

    number: int
    ability: Ability
    conditions: tuple[TriggerCondition, ...]
    mana_ability: bool = False  # a triggered mana ability: it doesn't use the stack (605.1b)

    @property
    def words(self) -> str:
        return self.ability.words


@per_state
def trigger_abilities(state: GameState, obj: GameObject) -> tuple[TriggerAbility, ...]:
    """The object's triggered abilities as it is in ``state`` (CR 613: abilities after the
    layers), with their conditions; () when it has none."""
    try:
        chars = characteristics(state, obj, through="6")
    except Unsupported as refused:
        # its abilities can't be worked out (CR 613): any of them might trigger on anything
        unknown = TriggerCondition(
            "",
            zone=obj.zone.value,
            unread=f"its abilities (not modeled: {refused.reason})",
            words="its abilities",
        )
        return (TriggerAbility(0, Ability(AbilityKind.UNMODELED, text=refused.reason), (unknown,)),)
    if not any(_maybe_triggered(a) for a in chars.abilities):
        return ()
    short = short_name(chars.name, chars.supertypes)
    out = []
    for number, ability in enumerate(numbered_abilities(chars), 1):
        if ability not in chars.abilities or not _maybe_triggered(ability):
            continue
        conditions = conditions_of(ability, chars.name, short)
        if conditions:
            mana = ability.kind is AbilityKind.TRIGGERED and (
                is_mana_ability(ability) or _mana_trigger(ability, conditions)
            )
            out.append(TriggerAbility(number, ability, conditions, mana))
    return tuple(out)


def _mana_trigger(ability: Ability, conditions: tuple[TriggerCondition, ...]) -> bool:
    """CR 605.1b, 106.12a: a triggered ability without a target that could add mana and
    triggers on a permanent being tapped for mana, as its condition reads (a case's own
    card may give no structured ``event``)."""
    adds = ability.effect is not None and ability.effect.adds_mana is not None
    return adds and not ability.targets and all(c.event == "tapped_for_mana" for c in conditions)


def _maybe_triggered(ability: Ability) -> bool:
    return ability.kind in (AbilityKind.TRIGGERED, AbilityKind.UNMODELED, AbilityKind.KEYWORD)


def keyword_of(ability: Ability) -> str:
    """The TRIGGER_KEYWORDS name of a keyword ability ("fabricate 2" -> "fabricate"), or ""."""
    word = (ability.keyword or "").lower()
    if not word and ability.kind is AbilityKind.UNMODELED:
        word = (ability.oracle or "").lower()
    return next((k for k in _KEYWORDS_LONGEST if word == k or word.startswith(k + " ")), "")


def conditions_of(ability: Ability, name: str, short: str = "") -> tuple[TriggerCondition, ...]:
    """The trigger conditions of one ability; () if it isn't a triggered ability."""
    try:
        # the card's words are part of the key: they aren't part of an Ability's equality
        # (two unread abilities with different words compare equal)
        return _conditions(ability, ability.oracle, name, short)
    except TypeError:  # an ability that can't be hashed: read it without the cache
        return _conditions.__wrapped__(ability, ability.oracle, name, short)


@functools.lru_cache(maxsize=8192)
def _conditions(
    ability: Ability, oracle: str, name: str, short: str
) -> tuple[TriggerCondition, ...]:
    if ability.kind is AbilityKind.KEYWORD or (
        ability.kind is AbilityKind.UNMODELED and keyword_of(ability)
    ):
        key = keyword_of(ability)
        if not key:
            return ()
        rule = TRIGGER_KEYWORDS[key]
        if rule.conditions:
            return tuple(replace(c, words=ability.keyword or key) for c in rule.conditions)
        return tuple(
            TriggerCondition(
                "",
                zone=zone,
                unread=f"{key} (CR {rule.rule})",
                kinds=rule.kinds,
                words=ability.keyword or key,
            )
            for zone in rule.zones
        )
    if ability.kind is AbilityKind.TRIGGERED:
        whole = ability.oracle or ability.render()
        if ability.trigger:
            return read_trigger_condition(
                ability.trigger, name, short, ability.intervening_if, whole
            )
        return _from_paragraph(whole, name, short)
    if ability.kind is AbilityKind.UNMODELED:
        words = ability.oracle or ""
        if not words and (chapter_condition(ability.text) or _TRIGGER_WORDS.match(ability.text)):
            words = ability.text  # a case's own words for a chapter or a trigger (714.2b)
        if words:
            chapter = chapter_condition(words)
            if chapter is not None:
                return (chapter,)
            if _TRIGGER_WORDS.match(words):
                return _from_paragraph(words, name, short)
            return ()
        if "triggered" in ability.text:  # a label without the card's words
            return (TriggerCondition("", unread=ability.text, words=ability.text),)
    return ()


def _from_paragraph(words: str, name: str, short: str) -> tuple[TriggerCondition, ...]:
    split = split_trigger(words, name, short)
    if split is None:
        return (TriggerCondition("", unread=words, words=words),)
    trigger, condition, _rest = split
    return read_trigger_condition(trigger, name, short, condition, words)
