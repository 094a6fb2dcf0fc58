"""A leveler permanent's level bars, by the level counters on it (CR 711.2a-b, 711.5, 711.6).

Each level symbol is a static ability of the permanent itself: as long as it has at least
N1 (and at most N2) level counters, it has base power and toughness [P/T] (layer 7b, CR
613.4b) and the abilities printed in that striation (layer 6, 613.1f). With fewer counters
than the lowest symbol asks, no bar applies and it has the power and toughness of its
uppermost box, the printed one (711.5); off the battlefield it always has that (711.6).
The counters are those the case lists on it (none listed: none, 122.1). A bar applies only
while the permanent has that ability (a case's "loses all abilities" applied before it in
layer 6 takes it away: its effect depends on that one, 613.8a).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from mtgrules.cards.vocabulary import Ability, AbilityKind, LevelBar
from mtgrules.model.state import ContinuousEffect, GameObject, Zone
from mtgrules.rules import Unsupported
from mtgrules.rules.copy.values import Applied
from mtgrules.rules.scope.index import Scope, register_read_field

if TYPE_CHECKING:
    from mtgrules.rules.layers.characteristics import Characteristics

LEVEL_RULES = ("711.2a", "711.2b", "702.87a")
register_read_field("level_bar", frozenset({Scope.PT, Scope.ABILITIES}))


def active_bar(obj: GameObject, c: Characteristics) -> LevelBar | None:
    """The level bar of its abilities (after layer 6's case effects) that its level counters
    satisfy now, on the battlefield (CR 711.2a-b, 711.6), or None."""
    if obj.zone is not Zone.BATTLEFIELD:
        return None
    n = obj.counter("level")
    return next(
        (a.level_bar for a in c.abilities if a.level_bar is not None and a.level_bar.holds(n)),
        None,
    )


def bar_abilities(obj: GameObject, c: Characteristics) -> Characteristics:
    """Layer 6 (CR 613.1f, 711.2a-b): the keywords of the level bar that applies, added."""
    bar = active_bar(obj, c)
    if bar is None or not bar.granted:
        return c
    added = tuple(Ability(AbilityKind.KEYWORD, keyword=k) for k in bar.granted)
    what = Applied(
        "6",
        f"its level bar {bar.symbol()} ({_counters(obj)}) gives it {', '.join(bar.granted)}",
        ("613.1f", *LEVEL_RULES),
        source="its own ability",
    )
    return replace(c, abilities=c.abilities + added, applied=(*c.applied, what))


def bar_base_pt(
    obj: GameObject, c: Characteristics, effects: tuple[ContinuousEffect, ...] | list
) -> Characteristics:
    """Layer 7b (CR 613.4b, 711.2a-b): the base power and toughness of the level bar that
    applies. A case's effect setting its power/toughness in the same layer applies in
    timestamp order with it (613.7), and the case doesn't give the permanent's: refused."""
    bar = active_bar(obj, c)
    if bar is None:
        if any(a.level_bar is not None for a in c.abilities) and obj.zone is Zone.BATTLEFIELD:
            return replace(
                c,
                applied=(
                    *c.applied,
                    Applied(
                        "7b",
                        f"no level bar applies with {_counters(obj)}: it has its printed "
                        "power and toughness",
                        ("711.5",),
                    ),
                ),
            )
        return c
    setters = [
        e
        for e in effects
        if "power" in dict(e.becomes)
        or "toughness" in dict(e.becomes)
        or (e.power_toughness or "").startswith("=")
    ]
    if setters:
        raise Unsupported(
            f"{obj.label}'s level bar {bar.symbol()} sets its base power and toughness, and so "
            f"does {setters[0].source or 'an effect'}'s effect; which applies last depends on "
            f"timestamps (CR 613.4b, 613.7), and the case doesn't give {obj.label}'s"
        )
    what = Applied(
        "7b",
        f"its level bar {bar.symbol()} ({_counters(obj)}): base power/toughness "
        f"{bar.power}/{bar.toughness}",
        ("613.4b", *LEVEL_RULES),
        source="its own ability",
    )
    return replace(c, power=bar.power, toughness=bar.toughness, applied=(*c.applied, what))


def _counters(obj: GameObject) -> str:
    n = obj.counter("level")
    return f"{n} level counter{'s' * (n != 1)}"
