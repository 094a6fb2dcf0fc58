"""The card vocabulary's data form of static abilities (``schemas/card.schema.json``:
``boost``, ``grant``, ``permission``, ``restriction``, ``sets_colors``, ``adds_types``), as
built-in and inline cards write them, into :class:`~mtgrules.cards.statics.Boost` (layer
7c, CR 613.4c), :class:`~mtgrules.cards.statics.KeywordGrant` (layer 6, 613.1f),
:class:`~mtgrules.cards.statics.ColorSetting` (layer 5, 613.1e, 105.2c),
:class:`~mtgrules.cards.statics.TypeAddition` (layer 4, 613.1d, 305.7),
:class:`~mtgrules.cards.static_permissions.Permission` (702.8a, 702.10c) and
:class:`~mtgrules.cards.static_permissions.Restriction` (101.2), and the "enters tapped
unless you control ..." condition (:class:`~mtgrules.cards.statics.ControlUnless`,
614.1c).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from mtgrules.cards.static_conditions import condition_from_data, count_from_data
from mtgrules.cards.static_permissions import Permission, Restriction
from mtgrules.cards.statics import (
    Boost,
    ColorSetting,
    ControlUnless,
    Group,
    KeywordGrant,
    TypeAddition,
)
from mtgrules.cards.vocabulary import Ability, AbilityKind

STATIC_FIELDS = ("boost", "grant", "permission", "restriction", "sets_colors", "adds_types")


def group_from_data(data: Mapping[str, Any]) -> Group:
    return Group(
        noun=data.get("noun", "creature"),
        adjectives=tuple(data.get("adjectives", ())),
        token=data.get("token"),
        other=bool(data.get("other", False)),
        status=data.get("status", ""),
        whose=data.get("whose", "you"),
        quantifier=data.get("quantifier", ""),
        attached=data.get("attached", ""),
        cards_not_on_battlefield=bool(data.get("cards_not_on_battlefield", False)),
        with_counter=data.get("with_counter", ""),
        named=data.get("named", ""),
    )


def grant_from_data(data: Mapping[str, Any]) -> KeywordGrant:
    """Its ``abilities`` (quoted abilities) are read by cards/define.py, which knows them."""
    return KeywordGrant(
        group=group_from_data(data.get("to") or {}),
        keywords=tuple(k.lower() for k in data.get("keywords", ())),
        during=data.get("during", ""),
        condition=condition_from_data(data.get("condition"), group_from_data),
        requires=data.get("requires", ""),
    )


def unless_from_data(data: Any) -> ControlUnless | None:
    """``true`` (enters tapped, always) or ``{unless_control: [Plains, Island]}``,
    ``{unless_control: [land], other: true, at_most: 2}``."""
    if data is True:
        return None
    other = bool(data.get("other", False))
    groups = tuple(Group(noun=noun, other=other) for noun in data["unless_control"])
    at_most = data.get("at_most")
    return ControlUnless(
        groups, int(data.get("at_least", 0 if at_most is not None else 1)), at_most
    )


def boost_from_data(data: Mapping[str, Any]) -> Boost:
    def counted(key: str) -> Group | None:
        spec = data.get(key)
        return None if spec is None else replace(group_from_data(spec), quantifier="each")

    return Boost(
        group=group_from_data(data.get("to") or {}),
        power=int(data["power"]),
        toughness=int(data["toughness"]),
        keywords=tuple(k.lower() for k in data.get("keywords", ())),
        during=data.get("during", ""),
        for_each=counted("for_each"),
        while_control=counted("while_control"),
        condition=condition_from_data(data.get("condition"), group_from_data),
        for_each_counted=count_from_data(data.get("for_each_counted")),
    )


def permission_from_data(data: Mapping[str, Any]) -> Permission:
    kind = "haste" if "haste_for" in data else "flash"
    return Permission(
        kind=kind,
        who=data.get("who", "you"),
        spells=tuple(data.get("spells", ())),
        each_noun=bool(data.get("each_noun", False)),
        group=group_from_data(data["haste_for"]) if kind == "haste" else None,
        during=data.get("during", ""),
    )


def restriction_from_data(data: Mapping[str, Any]) -> Restriction:
    return Restriction(
        kind=data["kind"],
        who=data.get("who", "opponents"),
        spells=tuple(data.get("spells", ())),
        from_zones=tuple(data.get("from_zones", ())),
        during=data.get("during", ""),
        leading=bool(data.get("leading", False)),
        also_activate=tuple(data.get("also_activate", ())),
        only=data.get("only", ""),
        per_turn=int(data.get("per_turn", 0)),
        of_types=tuple(data.get("of_types", ())),
        whose=data.get("whose", "any"),
        attached=data.get("attached", ""),
        unless_mana=bool(data.get("unless_mana", False)),
        also=data.get("also", ""),
    )


def static_from_data(data: Mapping[str, Any]) -> Ability:
    """An ``abilities`` entry with ``boost``, ``grant``, ``permission`` or ``restriction``."""
    if "boost" in data:
        boost = boost_from_data(data["boost"])
        return Ability(AbilityKind.STATIC, boost=boost, grant=boost.grant)
    if "grant" in data:
        return Ability(AbilityKind.STATIC, grant=grant_from_data(data["grant"]))
    if "permission" in data:
        return Ability(AbilityKind.STATIC, permission=permission_from_data(data["permission"]))
    if "adds_types" in data:  # CR 613.1d, 305.7
        spec = data["adds_types"]
        if spec.get("sets"):  # "Nonbasic lands are Mountains." (CR 305.7, 205.4c)
            group = group_from_data({"noun": "land", "adjectives": ["nonbasic"], "whose": "any"})
        else:
            group = group_from_data({"noun": "land", "quantifier": "each", "whose": "any"})
        return Ability(
            AbilityKind.STATIC,
            adds_types=TypeAddition(group, spec["subtype"], bool(spec.get("sets"))),
        )
    if "sets_colors" in data:  # CR 613.1e, 105.2c
        spec = data["sets_colors"]
        setting = ColorSetting(
            group_from_data({"quantifier": "all", "whose": "any", **(spec.get("to") or {})}),
            tuple(spec.get("colors", ())),
        )
        return Ability(AbilityKind.STATIC, sets_colors=setting)
    return Ability(AbilityKind.STATIC, restriction=restriction_from_data(data["restriction"]))
