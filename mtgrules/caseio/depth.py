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


def nesting(value: Any) -> int:
    """How deeply lists and mappings nest in ``value`` (a scalar is 0), without recursion."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list | tuple):
            children = item
        else:
            continue
        deepest = max(deepest, depth + 1)
        stack.extend((child, depth + 1) for child in children)
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
