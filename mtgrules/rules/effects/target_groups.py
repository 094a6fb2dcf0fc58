"""Which chosen targets belong to which target phrase, and whether each is still legal as
the spell or ability resolves (CR 601.2c, 115.3, 608.2b).

A spell's targets are one list in the order chosen; its text names them by phrase ("two
target creatures" is one phrase that took two). :func:`target_groups` splits the list
by phrase, as the casting rules assign them (each phrase in order takes as many as it
needs); :func:`recheck` judges each target again on its own against its phrase (608.2b):
one that changed zones is a new object (400.7), and the others are judged as the
requirement judges them when they are chosen (hexproof, protection, type, controller).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from mtgrules.cards.targets import TargetSpec
from mtgrules.model.state import GameObject, GameState
from mtgrules.rules import Unsupported
from mtgrules.rules.layers.characteristics import Characteristics
from mtgrules.rules.targets.candidates import Chooser, judge_all, judge_ref


@dataclass(frozen=True)
class Rechecked:
    """One target judged again as its spell or ability resolves (CR 608.2b)."""

    legal: bool
    why: str = ""  # why it is illegal now
    rules: tuple[str, ...] = ()


def target_groups(
    specs: Sequence[TargetSpec], n: int, x: int | None
) -> tuple[tuple[int, ...], ...]:
    """CR 601.2c: the positions among ``n`` chosen targets that each phrase took, in order.
    A phrase with a fixed number takes that many; one with a range ("up to two") takes
    the rest only when it is the last; otherwise which targets are whose is unknown."""
    out: list[tuple[int, ...]] = []
    at = 0
    for i, spec in enumerate(specs):
        if spec.x:
            count = x
        elif spec.maximum is not None and spec.minimum == spec.maximum:
            count = spec.minimum
        else:
            count = None
        if count is None:
            if i != len(specs) - 1:
                raise Unsupported(
                    "which of its targets go with which phrase is not worked out when a phrase "
                    "before the last takes a varying number"
                )
            count = n - at
        out.append(tuple(range(at, min(at + count, n))))
        at += count
    if at < n:
        raise Unsupported("it was given more targets than its phrases take")
    return tuple(out)


def recheck(
    state: GameState,
    source: GameObject,
    chars: Characteristics,
    controller: str,
    spell: bool,
    specs: Sequence[TargetSpec],
    groups: tuple[tuple[int, ...], ...],
    targets: tuple[str, ...],
    moved_away: Sequence[bool],
) -> tuple[Rechecked, ...]:
    """CR 608.2b, 400.7: each target judged again on its own, against its own phrase."""
    # a spell's X is the value announced as it was cast (CR 107.3a, 601.2b); an ability's
    # isn't on its source, so a target's "X" is then not known (candidates refuse it)
    x = source.x if spell else None
    chooser = Chooser(state, source, chars, controller, spell, ("608.2b",), "resolve", x)
    out: list[Rechecked | None] = [None] * len(targets)
    for spec, positions in zip(specs, groups, strict=True):
        for k in positions:
            if moved_away[k]:
                out[k] = Rechecked(False, "it has changed zones since, a new object", ("400.7",))
                continue
            judged = judge_ref(chooser, spec, targets[k])
            if judged.legal:  # an unread ability that could change it makes it unknown
                judged = next((j for j in judge_all(chooser, spec) if j.key == judged.key), judged)
            if judged.legal is None:
                raise Unsupported(
                    f"whether {judged.who} is still a legal target depends on {judged.why}, "
                    "which mtgrules doesn't read"
                )
            out[k] = Rechecked(judged.legal, judged.why, judged.rules)
    return tuple(r if r is not None else Rechecked(True) for r in out)
