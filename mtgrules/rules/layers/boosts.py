"""Power and toughness changed by static abilities, in layer 7c (CR 613.4c, 604.2, 611.3a).

"Creatures you control get +1/+1" is a continuous effect of a static ability: while its
permanent is on the battlefield and has the ability (604.2, 113.6), it changes the power
and toughness of every object of the group at any given moment (611.3a). Each such effect
adds to or subtracts from power and toughness, like counters and the case's own "+N/+M"
effects in the same layer, so the order among them doesn't change the result; what sets
a value (7b) comes before and is read by the layers module.

A condition the engine computes ("during your turn") decides whether a change applies;
when it doesn't, the answer says so. The keywords of "... gets +1/+1 and has flying" are
the same ability's layer-6 grant (:mod:`mtgrules.rules.layers.grants`).
"""

from __future__ import annotations

import heapq
from collections.abc import Iterator
from dataclasses import replace
from typing import TYPE_CHECKING

from mtgrules.cards.statics import Group, control_phrase
from mtgrules.cards.vocabulary import Ability
from mtgrules.model.state import GameObject, GameState, Zone
from mtgrules.rules import Unsupported
from mtgrules.rules.copy.values import Applied
from mtgrules.rules.layers.conditions import condition_met, counted_times
from mtgrules.rules.layers.statics_in_force import (
    CharacteristicsOf,
    condition_holds,
    condition_words,
    could_be_in_force,
    counted_kinds_read,
    in_force,
    in_group,
)
from mtgrules.rules.scope.index import Scope, register_read_field

if TYPE_CHECKING:
    from mtgrules.rules.layers.characteristics import Characteristics

BOOST_RULES = ("613.4c", "604.2", "611.3a")

register_read_field("boost", frozenset({Scope.PT}))


def static_boosts(
    state: GameState, obj: GameObject, c: Characteristics, chars_of: CharacteristicsOf
) -> tuple[Characteristics, list[Applied]]:
    """``c`` (through layer 7b) with the changes static abilities make to its power and
    toughness, and notes on those whose condition doesn't hold now."""
    if not could_be_in_force(state, "boost"):
        return c, []
    notes: list[Applied] = []
    for source, ability in _boosts_for(state, obj, chars_of):
        boost = ability.boost
        assert boost is not None
        if not in_group(state, boost.group, source, obj, c):
            continue
        change = f"{boost.power:+d}/{boost.toughness:+d}"
        holds, why = condition_holds(state, boost.during, source.controller)
        when = condition_words(boost.during, source.controller) if boost.during else ""
        if holds and boost.while_control is not None:
            holds, why = _controls(state, boost.while_control, source, chars_of)
            when = f"while {source.controller} controls {control_phrase(boost.while_control)}"
        if holds and boost.condition is not None:  # rules/layers/conditions.py
            holds, why = condition_met(state, boost.condition, source, chars_of)
            when = boost.condition.describe(source.controller)
        if not holds:
            notes.append(
                Applied(
                    "7c",
                    f"{source.label}'s static ability would give it {change}, but only "
                    f"{when}, and {why}",
                    BOOST_RULES,
                    source=source.label,
                )
            )
            continue
        times, counted = 1, ""
        if boost.for_each is not None:
            found = _group_members(state, boost.for_each, source, chars_of)
            if boost.for_each.other:  # "other" than what gets the bonus: the enchanted one too
                found = [o for o in found if o.oid != obj.oid]
            times = len(found)
            counted = f" × {times} ({', '.join(o.label for o in found) or 'none'})"
        if boost.for_each_counted is not None:  # rules/layers/conditions.py
            times, counted = counted_times(state, boost.for_each_counted, source, chars_of)
        if not isinstance(c.power, int) or not isinstance(c.toughness, int):
            raise Unsupported(
                f"{source.label}'s static ability changes {obj.label}'s power and toughness, "
                "which a characteristic-defining ability mtgrules doesn't model sets (CR 613.4a)"
            )
        c = replace(
            c,
            power=c.power + boost.power * times,
            toughness=c.toughness + boost.toughness * times,
            applied=(
                *c.applied,
                Applied(
                    "7c",
                    f"{change}{counted} from {source.label}'s static ability “{ability.words}”",
                    # 109.2: "for each Elf you control" counts permanents on the battlefield
                    BOOST_RULES + (("109.2",) if boost.for_each is not None else ()),
                    source=source.label,
                ),
            ),
        )
    return c, notes


def _boosts_for(
    state: GameState, obj: GameObject, chars_of: CharacteristicsOf
) -> Iterator[tuple[GameObject, Ability]]:
    """The boosts in force that could reach ``obj``, in :func:`in_force`'s order (and its
    ``Unsupported`` after them, if it has one): an Equipment's or Aura's "equipped/enchanted
    creature gets" reaches only what it is attached to (CR 301.5, 303.4), so those are
    indexed by what they are attached to, once per state; the others are all looked at.
    Looking at every attached one for every object would be quadratic (tests/test_big_boards.py)."""
    general, attached, error = state.once(
        ("boosts_by_attachment", chars_of), lambda: _by_attachment(state, chars_of)
    )
    mine = attached.get(obj.oid)
    for _, source, ability in heapq.merge(general, mine) if mine else general:
        yield source, ability
    if error is not None:
        raise error


_Numbered = list[tuple[int, GameObject, Ability]]


def _by_attachment(
    state: GameState, chars_of: CharacteristicsOf
) -> tuple[_Numbered, dict[str | None, _Numbered], Unsupported | None]:
    """The boosts in force, numbered in order: those of the "attached" groups by the object
    their source is attached to, and the rest; and the ``Unsupported`` that ends them."""
    found: list[tuple[GameObject, Ability]] = []
    error: Unsupported | None = None
    try:
        found.extend(in_force(state, "boost", chars_of))
    except Unsupported as err:
        error = err
    general: _Numbered = []
    attached: dict[str | None, _Numbered] = {}
    for i, (source, ability) in enumerate(found):
        group = ability.boost.group  # type: ignore[union-attr]
        if group.attached and group.noun != "self":  # in_group: only what it's attached to
            attached.setdefault(source.attached_to, []).append((i, source, ability))
        else:
            general.append((i, source, ability))
    return general, attached, error


def _group_members(
    state: GameState, group: Group, source: GameObject, chars_of: CharacteristicsOf
) -> list[GameObject]:
    """The permanents of a counted group ("each other Rat you control"), by their types and
    colors through layer 6: counting reads no power or toughness, so no layer-7 effect
    depends on another here (CR 613.8). Unsupported if an unread ability could change
    which permanents are in it."""
    counted_kinds_read(state, group.phrase(), names=bool(group.named))
    return [
        o
        for o in state.in_zone(Zone.BATTLEFIELD)
        if in_group(state, group, source, o, chars_of(state, o, through="6"))
    ]


def _controls(
    state: GameState, group: Group, source: GameObject, chars_of: CharacteristicsOf
) -> tuple[bool, str]:
    """ "As long as you control an artifact": whether one exists now, and which."""
    found = _group_members(state, group, source, chars_of)
    if found:
        return True, f"{source.controller} controls {found[0].label}"
    return False, f"{source.controller} controls none"
