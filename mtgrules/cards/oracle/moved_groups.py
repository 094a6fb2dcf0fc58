"""A group acted on and then named again in the same effect (CR 400.7, 610.3): the effect
reader leaves such a text unread (:func:`group_named_after_it_moved`)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from mtgrules.cards.effects import Instruction, Script, Subject

# the families of instructions that take objects out of where a group finds them
_MOVING = frozenset({"exile", "move", "destroy", "sacrifice"})


def group_named_after_it_moved(steps: list[Instruction]) -> bool:
    """Whether a later instruction acts on a group ("all creatures") that an earlier one
    exiled, destroyed, sacrificed or moved: "Exile all creatures. At the beginning of the
    next end step, return those cards ..." means the cards that were exiled (new objects
    where they went, CR 400.7, 610.3), which a group looked for again no longer finds. No
    Subject says "the objects an instruction acted on", so such a text is not read."""
    moved: set[str] = set()
    for step in in_order(steps):
        groups = {
            repr(v)
            for v in vars(step).values()
            if isinstance(v, Subject) and v.kind == "each" and v.group is not None
        }
        # "They can't be regenerated." is the destruction's own rider (701.19c), not a
        # later instruction that looks for the group again
        if groups & moved and getattr(step, "FAMILY", "") != "regenerate":
            return True
        if getattr(step, "FAMILY", "") in _MOVING:
            moved |= groups
    return False


def in_order(steps: Iterable[Instruction]) -> Iterator[Instruction]:
    """Every instruction of ``steps`` and those inside them (a delayed trigger's, an
    option's), each before the ones it holds, in the order they are written."""
    for step in steps:
        yield step
        for value in vars(step).values():
            for inner in value if isinstance(value, tuple) else (value,):
                if isinstance(inner, Script):
                    yield from in_order(inner.steps)
                elif isinstance(inner, Instruction):
                    yield from in_order((inner,))
