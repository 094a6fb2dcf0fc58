""" "As though" permissions of static abilities: flash for casting, haste for activating.

- "You may cast [kinds of] spells as though they had flash" (CR 702.8a, 601.3, 601.3b):
  the player may cast such a spell any time they could cast an instant (117.1a), from
  wherever another permission lets them cast it (its own hand, or its graveyard with
  flashback, 702.34a): the timing permission combines with the zone permission. A
  permission of its own that sets its own timing (a plotted card, 702.170d) is not
  changed by it. Restrictions still apply, and beat it (101.2,
  :mod:`mtgrules.rules.casting.restrictions`).
- "You may activate abilities of creatures you control as though those creatures had
  haste" (CR 702.10c, 302.6, 602.5a): summoning sickness doesn't stop their {T} and {Q}
  abilities, though the creatures don't have haste.
"""

from __future__ import annotations

from mtgrules.answer import Reason
from mtgrules.cards.static_permissions import spells_phrase
from mtgrules.model.state import GameObject, GameState
from mtgrules.rules import Unsupported
from mtgrules.rules.layers.characteristics import characteristics
from mtgrules.rules.layers.grants import granted_from
from mtgrules.rules.layers.statics_in_force import (
    condition_holds,
    covers_player,
    in_force,
    in_group,
    quality_choice,
    spells_match,
)
from mtgrules.rules.turn.timing import has_priority

FLASH_RULES = ("702.8a", "601.3")
HASTE_RULES = ("702.10c", "302.6")


def flash_permission(state: GameState, chars, player: str) -> list[Reason] | None:
    """CR 702.8a, 601.3, 117.1a: the reasons ``player`` may cast this spell at instant timing
    by flash another permanent's static ability grants it (613.1f) or by a permission to cast
    it as though it had flash; None when neither applies (its own flash is casting.py's)."""
    source = granted_from(chars, "flash")
    if source is not None:
        return [
            Reason(
                None,
                f"It has flash from {source}'s static ability, so it can be cast any time its "
                "caster could cast an instant.",
                ("702.8a", "613.1f"),
            ),
            has_priority(state, player, ("702.8a", "117.1a")),
        ]
    for source, ability in in_force(state, "permission", characteristics):
        permission = ability.permission
        assert permission is not None
        if permission.kind != "flash" or not covers_player(
            "you" if permission.who == "you" else "players", player, source.controller
        ):
            continue
        if not spells_match(chars, permission.spells):
            if quality_choice(chars) is not None:
                raise Unsupported(
                    f"{source.label}'s static ability “{ability.words}” covers only some kinds "
                    f"of spells, and this card has {quality_choice(chars)}: a choice while "
                    "casting it could make it one of them (CR 601.3b), which mtgrules doesn't weigh"
                )
            continue
        holds, _why = condition_holds(state, permission.during, source.controller)
        if not holds:
            continue
        kinds = spells_phrase(permission.spells, "and", permission.each_noun)
        return [
            Reason(
                None,
                f"{source.label}'s static ability lets {player} cast {kinds} as though they had "
                "flash, so this one can be cast any time they could cast an instant.",
                FLASH_RULES,
            ),
            has_priority(state, player, ("702.8a", "117.1a")),
        ]
    return None


def haste_permission(
    state: GameState, obj: GameObject, chars, symbol: str, why_sick: str
) -> list[Reason] | None:
    """CR 702.10c, 302.6: a static ability lets the creature's controller activate its
    {T}/{Q} abilities as though it had haste; None when none in force covers it."""
    for source, ability in in_force(state, "permission", characteristics):
        permission = ability.permission
        assert permission is not None
        if permission.kind != "haste" or permission.group is None:
            continue
        if not in_group(state, permission.group, source, obj, chars):
            continue
        return [
            Reason(
                None,
                f"It is a creature and {why_sick}, which alone would stop its {symbol} abilities.",
                ("302.6", "602.5a"),
            ),
            Reason(
                True,
                f"{source.label}'s static ability lets {source.controller} activate abilities of "
                f"{permission.group.phrase()} as though they had haste, so its {symbol} abilities "
                "can be activated anyway.",
                HASTE_RULES,
            ),
        ]
    return None
