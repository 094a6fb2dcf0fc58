"""Room on the stack for code that is recursive by nature over a deep value.

The loader builds values without recursion, but some libraries walk a value recursively:
jsonschema validates nested lists and mappings by descending into them, and ``repr`` (in
its error messages) calls itself once per level. A file nested to the depth limit's
ceiling (``--max-depth 1000``) would pass Python's default recursion limit there, so
:func:`room_for` raises the limit by what the value's depth needs while such code runs,
and puts it back after. The depth is measured without recursion.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

FRAMES_PER_LEVEL = 4  # jsonschema's descend, its keyword function, repr: a few per level
MOST = 50_000  # never more than this: deeper values are refused by the loader's limits


def nesting(value: Any, most: int = MOST) -> int:
    """How deeply lists and mappings nest in ``value`` (a scalar is 0), without recursion.

    The walk goes a level at a time and visits a shared list or mapping once per level,
    so a value whose parts repeat (YAML aliases, "billion laughs") costs its distinct
    parts, not its expansion; a value that contains itself stops at ``most`` levels.
    """
    containers = dict | list | tuple
    deepest = 0
    level: list[Any] = [value] if isinstance(value, containers) else []
    while level and deepest < most:
        deepest += 1
        seen: set[int] = set()
        below: list[Any] = []
        for item in level:
            if id(item) in seen:
                continue
            seen.add(id(item))
            children = item.values() if isinstance(item, dict) else item
            below.extend(child for child in children if isinstance(child, containers))
        level = below
    return deepest


@contextmanager
def room_for(value: Any) -> Iterator[None]:
    """Run the body with a recursion limit high enough to walk ``value`` recursively."""
    before = sys.getrecursionlimit()
    need = min(MOST, before + FRAMES_PER_LEVEL * nesting(value))
    if need > before:
        sys.setrecursionlimit(need)
    try:
        yield
    finally:
        if need > before:
            sys.setrecursionlimit(before)
