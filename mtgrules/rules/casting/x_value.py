"""The value of X (CR 107.3).

:func:`x_of_object` is X in an object's mana cost; :func:`x_of_ability` is X
for one of its abilities. Each returns the value and the reasons, citing
107.3a (a spell on the stack: the announced value), 107.3b (a spell cast
without paying a cost with X: 0), 107.3g (a card anywhere but the stack: 0),
107.3k (an activated ability: its own X), 107.3m (an enters-the-battlefield
ability or replacement: the X of the spell it came from, while the
permanent's own X is 0) and 707.2 (a copy's mana cost is copied, not its X).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from mtgrules import lazyre
from mtgrules.answer import Reason
from mtgrules.cards.vocabulary import Ability, AbilityKind, CardDef, TriggerEvent
from mtgrules.model.state import GameObject, GameState, Zone
from mtgrules.rules import Unsupported


@dataclass(frozen=True)
class XValue:
    value: int
    reasons: tuple[Reason, ...]


def copied_card(state: GameState, obj: GameObject) -> CardDef:
    """The card whose copiable values ``obj`` has: itself, or what it copies (CR 707.2)."""
    seen = {obj.oid}
    while obj.copy_of is not None:
        obj = state.obj(obj.copy_of)
        if obj.oid in seen:
            raise Unsupported("a loop of copy effects can't be resolved")
        seen.add(obj.oid)
    return obj.card


def x_of_object(state: GameState, obj: GameObject) -> XValue:
    """X in the object's mana cost now."""
    card = copied_card(state, obj)
    if not card.mana_cost.has_x:
        raise Unsupported(f"{obj.label} has no {{X}} in its mana cost")
    if obj.zone is Zone.STACK:
        return _spell_x(obj)
    if obj.copy_of is not None:
        return XValue(
            0,
            (
                Reason(
                    True,
                    f"{obj.label} is a copy of {card.name}: it copies the mana cost with its {{X}}, but not any value of X chosen for {card.name}.",
                    ("707.2",),
                ),
                Reason(True, "Off the stack, {X} in its mana cost is 0.", ("107.3g",)),
            ),
        )
    reasons = [
        Reason(
            True,
            f"{obj.label} is {_where(obj)}, not on the stack, so {{X}} in its mana cost is 0.",
            ("107.3g",),
        )
    ]
    if obj.zone is Zone.BATTLEFIELD and obj.x is not None:
        reasons.append(
            Reason(
                None,
                f"X was {obj.x} for the spell it was, but for the permanent X is 0; only its enters abilities see that value.",
                ("107.3m",),
            )
        )
    return XValue(0, tuple(reasons))


def _spell_x(obj: GameObject) -> XValue:
    if obj.without_paying_mana_cost:
        reasons = [
            Reason(
                True,
                "It was cast without paying its mana cost (nor an alternative cost with X), so 0 was the only legal choice for X.",
                ("107.3b",),
            )
        ]
        if obj.x:
            reasons.append(
                Reason(
                    None,
                    f"The case says X is {obj.x}, which couldn't have been chosen.",
                    ("107.3b",),
                )
            )
        return XValue(0, tuple(reasons))
    if obj.x is None:
        raise Unsupported(f"the case doesn't say which value of X was announced for {obj.label}")
    return XValue(
        obj.x,
        (
            Reason(
                True,
                f"{obj.label} is a spell on the stack: X is the value announced as it was cast, {obj.x}.",
                ("107.3a",),
            ),
        ),
    )


def _where(obj: GameObject) -> str:
    return "on the battlefield" if obj.zone is Zone.BATTLEFIELD else f"in the {obj.zone.value}"


# X named in an ability's words (not in a mana symbol such as {X})
_NAMES_X = lazyre.compile(r"(?<![{\w])X(?![}\w])")
# Words by which an ability defines its own X (so the X of the spell doesn't carry, 107.3m).
_DEFINES_X = lazyre.compile(r"\bX (?:is|are|was|can't be)\b|\bX equal\b|\bwhere X\b", re.IGNORECASE)


def x_of_ability(state: GameState, obj: GameObject, number: int, ability: Ability) -> XValue:
    """X for one ability of ``obj``."""
    if ability.is_activated and ability.cost is not None and ability.cost.mana.has_x:
        return _activated_x(state, obj, number)
    enters_with_x = ability.enters_with is not None and str(ability.enters_with.count) == "X"
    if not (ability.refers_to_x or enters_with_x):
        words = ability.words or ability.render()
        if _NAMES_X.search(words):
            # CR 107.3c: its text defines X; a reason that said it "doesn't use X" was untrue
            raise Unsupported(
                f"ability {number} of {obj.label} defines its X in its text (“{words}”); "
                "mtgrules doesn't read how",
                (Reason(None, "Its own text defines X.", ("107.3c",)),),
            )
        raise Unsupported(f"ability {number} of {obj.label} doesn't use X")
    enters = enters_with_x or (
        ability.kind is AbilityKind.TRIGGERED
        and ability.event is not None
        and ability.event == TriggerEvent("enters")
    )
    if not enters:
        raise Unsupported(f"how ability {number} of {obj.label} defines X is not modeled")
    if _DEFINES_X.search(ability.words):  # "where X is the number of ...": not the spell's X
        raise Unsupported(
            f"ability {number} of {obj.label} says what its X is (“{ability.words}”); mtgrules "
            "doesn't compute it, and the spell's X doesn't apply to it (CR 107.3m)"
        )
    kind = "replacement effect" if ability.kind is AbilityKind.STATIC else "triggered ability"
    if obj.copy_of is not None or obj.token:
        what = "a copy" if obj.copy_of is not None else "a token"
        x_given = (
            f" The X of {copied_card(state, obj).name} doesn't carry over."
            if obj.copy_of is not None
            else ""
        )
        return XValue(
            0,
            (
                Reason(
                    True,
                    f"{obj.label} is {what}; no value of X was chosen for a spell that became it, so its enters {kind} uses the permanent's X, which is 0.{x_given}",
                    ("107.3m", "107.3g"),
                ),
            ),
        )
    if obj.x is None:
        raise Unsupported(
            f"the case doesn't say what X was for the spell {obj.label} came from (give `x`)"
        )
    return XValue(
        obj.x,
        (
            Reason(
                True,
                f"Its enters {kind} refers to X, and X was {obj.x} for the spell that became {obj.label}, so X is {obj.x} for it.",
                ("107.3m",),
            ),
            Reason(
                None,
                f"For {obj.label} itself X is 0; the enters ability keeps the spell's value.",
                ("107.3m", "107.3g"),
            ),
        ),
    )


def _activated_x(state: GameState, obj: GameObject, number: int) -> XValue:
    on_stack = [
        item
        for item in state.stack
        if item.ability_of == obj.oid and item.ability == number and item.x is not None
    ]
    if not on_stack:
        raise Unsupported(
            f"ability {number} of {obj.label} is not on the stack with a value of X; X is chosen as it is activated (CR 107.3a)"
        )
    x = on_stack[0].x
    assert x is not None
    reasons = [
        Reason(
            True,
            f"Ability {number} of {obj.label} is on the stack with X announced as {x}.",
            ("107.3a", "107.3k"),
        )
    ]
    if obj.x is not None:
        reasons.append(
            Reason(
                None,
                f"The X of {obj.x} chosen for the spell it was is a separate value and doesn't matter.",
                ("107.3k",),
            )
        )
    return XValue(x, tuple(reasons))
