"""Validate: the `targets` a question announces (`can_cast`, `can_activate`) must each name a
player or an object in the case (C019), and a card name must name exactly one object (C003).

A REF in `targets` is a player's name, an object's id, or a card name exactly one object
has; a player's name is read as the player.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from mtgrules.cards.library import name_key

Path = tuple[str | int, ...]


class Refs(Protocol):
    """What the semantic checks know of the case's objects (``semantic._Resolver``)."""

    ids: set[str]
    names: Any  # Counter of name keys
    labels: list[str]


def check_target_refs(
    add: Callable[..., None], question: dict[str, Any], refs: Refs, players: list[str]
) -> None:
    """C019 for a target naming nothing in the case; C003 for a card name several objects have."""
    kind = next((k for k in ("can_cast", "can_activate") if k in question), None)
    if kind is None:
        return
    spec = question[kind]
    if kind == "can_activate" and isinstance(spec, dict):
        targets, path = spec.get("targets"), ("question", kind, "targets")
    else:
        targets, path = question.get("targets"), ("question", "targets")
    for i, ref in enumerate(targets or []):
        if ref in players or ref in refs.ids:
            continue
        count = refs.names.get(name_key(ref), 0)
        if count == 1:
            continue
        if count > 1:
            add(
                "C003",
                (*path, i),
                f"{count} objects are named {ref!r}: give the one you mean an `id` and use it",
            )
            continue
        import difflib  # lazy: only for a target that is not found

        found = difflib.get_close_matches(ref, [*players, *refs.labels], n=1, cutoff=0.5)
        hint = f"; did you mean {found[0]!r}?" if found else ""
        add(
            "C019",
            (*path, i),
            f"target {ref!r} is neither a player nor an object in this case{hint}",
        )
