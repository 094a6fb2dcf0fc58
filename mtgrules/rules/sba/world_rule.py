"""The world rule (CR 704.5k, 205.4f): of the permanents with the world supertype, only
the one that has had it for the shortest time stays; the others (all of them, on a tie)
are put into their owners' graveyards as a state-based action.

The case format gives no time at which a permanent gained the world supertype. A printed
one was had since the permanent entered, so the order is known only when an entering
permanent meets the ones already there, or when the case says which of two entered this
turn (``entered_this_turn``) and no stated effect changes their types; otherwise whether
it stays is left undecided (``holds`` None), as the legend rule leaves its choice.
"""

from __future__ import annotations

from mtgrules.answer import Reason
from mtgrules.model.state import GameObject, GameState, Zone
from mtgrules.rules.layers.characteristics import Characteristics, characteristics

WORLD = "World"


def world_rule(
    state: GameState, obj: GameObject, chars: Characteristics, *, entering: bool = False
) -> list[Reason]:
    """CR 704.5k: whether ``obj`` (with characteristics ``chars``) stays beside the other
    world permanents on the battlefield. ``entering``: it is entering now, so it is the one
    that has had the supertype for the shortest time (the others were already there)."""
    if WORLD not in chars.supertypes:
        return []
    others = [
        o
        for o in state.in_zone(Zone.BATTLEFIELD)
        if o.oid != obj.oid and WORLD in characteristics(state, o, through="4").supertypes
    ]
    if not others:
        return []
    names = ", ".join(o.label for o in others)
    if entering:
        return [
            Reason(
                True,
                f"It has the world supertype, as {names} already on the battlefield "
                f"{'does' if len(others) == 1 else 'do'}: having just entered, it has had it "
                "for the shortest time, so it stays and "
                + (
                    "that one is put into its owner's graveyard"
                    if len(others) == 1
                    else "those are put into their owners' graveyards"
                )
                + " (the world rule).",
                ("704.5k", "205.4f"),
            )
        ]
    newer = newer_world(state, obj, others)
    if newer is None:
        return [
            Reason(
                None,
                f"It and {names} have the world supertype: all but the one that has had it for "
                "the shortest time are put into their owners' graveyards (the world rule), and "
                "the case doesn't say which that is (give `entered_this_turn`).",
                ("704.5k", "205.4f"),
            )
        ]
    stays = newer is obj
    return [
        Reason(
            stays,
            f"It and {names} have the world supertype; "
            + (
                "it entered this turn and the others before, so it has had it for the shortest "
                "time and stays (the world rule)."
                if stays
                else f"{newer.label} entered this turn and it before, so it is put into its "
                "owner's graveyard (the world rule)."
            ),
            ("704.5k", "205.4f"),
        )
    ]


def newer_world(state: GameState, obj: GameObject, others: list[GameObject]) -> GameObject | None:
    """The one of them that entered this turn while all the rest entered before, as the
    case states it; None when that isn't known (unstated, a tie, or an effect in the case
    that could have changed their types since)."""
    everyone = [obj, *others]
    if any(o.entered_this_turn is None for o in everyone):
        return None
    if any(
        e.add_types or e.set_types is not None or e.becomes or e.copy_of is not None
        for o in everyone
        for e in state.effects_on(o.oid)
    ):
        return None
    recent = [o for o in everyone if o.entered_this_turn]
    return recent[0] if len(recent) == 1 else None
