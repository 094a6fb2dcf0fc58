"""The ``actions:`` of a case (format version 2), as the play-out reads them.

Each entry is one :class:`Action`: its ``kind`` (the entry's key: ``cast``, ``activate``,
``play_land``, ``special``, ``pass``, ``resolve``, ``resolve_all``, ``attack``,
``block``, ``next``, ``choose``), its main value, the options beside it (``targets``,
``modes``, ``x``, ``pay``, ``by``, ...), its index (counted from 1 over all entries,
``choose:`` included) and where the file gives it, so a diagnostic or a NO can name it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from mtgrules.caseio.yamlload import Positions

# The entry keys, each one a kind of action (DESIGN.md, "The game in motion").
ACTION_KINDS = (
    "cast",
    "activate",
    "play_land",
    "special",
    "pass",
    "resolve",
    "resolve_all",
    "attack",
    "block",
    "next",
    "choose",
)
BARE_ACTIONS = ("pass", "resolve", "resolve_all")


@dataclass(frozen=True)
class Action:
    """One entry of ``actions:``."""

    index: int  # from 1, over all entries
    kind: str
    value: Any = None
    options: tuple[tuple[str, Any], ...] = ()
    line: int = 0
    col: int = 0

    def option(self, name: str, default: Any = None) -> Any:
        return dict(self.options).get(name, default)

    @property
    def by(self) -> str | None:
        """The player the entry names as taking it (``by:``), if any."""
        return self.option("by")

    def as_json(self) -> Any:
        if self.kind in BARE_ACTIONS and not self.options:
            return self.kind
        return {self.kind: self.value, **dict(self.options)}


def read_actions(data: dict[str, Any], positions: Positions) -> tuple[Action, ...]:
    """The case's actions, in order (the schema has checked their shape)."""
    out = []
    for i, entry in enumerate(data.get("actions") or ()):
        line, col = positions.of(("actions", i))
        if isinstance(entry, str):
            out.append(Action(i + 1, entry, None, (), line, col))
            continue
        kind = next(k for k in entry if k in ACTION_KINDS)
        options = tuple((k, v) for k, v in entry.items() if k != kind)
        out.append(Action(i + 1, kind, entry[kind], options, line, col))
    return tuple(out)
