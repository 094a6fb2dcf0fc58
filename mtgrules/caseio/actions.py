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

from mtgrules.caseio.diagnostics import CODES, Diagnostic, json_path
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

    def arg(self, name: str, default: Any = None) -> Any:
        """An option given beside the action key or inside its mapping (``activate:`` and
        ``special:`` hold theirs inside: ``{object, ability, x, targets, pay}``)."""
        found = dict(self.options)
        if name in found:
            return found[name]
        if isinstance(self.value, dict):
            return self.value.get(name, default)
        return default

    @property
    def path(self) -> str:
        """Its JSON path in the case: ``$.actions[0]`` for the first entry."""
        return json_path(("actions", self.index - 1))

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


# The codes of the play-out (case format version 2): the engine raises them at the action
# concerned, as validation raises the C codes at the value concerned.
PLAY_CODES = ("P001", "P002", "P003")


def play_diagnostic(file: str, action: Action, code: str, message: str) -> Diagnostic:
    """A problem the play-out found at ``action``, as ``file:line:col: CODE message`` with
    the action's position in the file (docs/diagnostics.md documents the codes).

    P001: the action names an object, player or ability that isn't there at that point;
    P002: a choice the game needs is missing (``message`` lists the legal options);
    P003: a ``choose:`` the game didn't ask for, or an option it doesn't offer.

    >>> act = Action(2, "cast", "bolt", (("targets", ["bears"]),), 9, 5)
    >>> str(play_diagnostic("c.yaml", act, "P001", "nothing named 'bears' is on the battlefield"))
    "c.yaml:9:5: P001 action 2 (cast: bolt): nothing named 'bears' is on the battlefield"
    """
    if code not in PLAY_CODES:
        raise ValueError(f"{code} is not a play-out code ({', '.join(PLAY_CODES)})")
    assert code in CODES
    said = f"action {action.index} ({describe(action)}): {message}"
    return Diagnostic(file, code, said, action.line, action.col, action.path)


def describe(action: Action) -> str:
    """An action in short, as the case writes it: ``cast: bolt``, ``pass``,
    ``activate: elves ability 1``, ``choose: {may: true}``."""
    if action.value is None:
        return action.kind
    value = action.value
    if action.kind == "activate" and isinstance(value, dict):
        return f"activate: {value.get('object')} ability {value.get('ability', 1)}"
    if action.kind == "special" and isinstance(value, dict):
        return f"special: {value.get('action')} {value.get('object')}"
    if isinstance(value, dict):
        inner = ", ".join(f"{k}: {_said(v)}" for k, v in value.items())
        return f"{action.kind}: {{{inner}}}"
    return f"{action.kind}: {_said(value)}"


def _said(value: Any) -> str:
    """A value as the case writes it: yes/no for a boolean, lists in brackets."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return "[" + ", ".join(map(_said, value)) + "]"
    return str(value)
