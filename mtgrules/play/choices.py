"""The choices a case makes with ``choose:`` (DESIGN.md "Where ``choose:`` goes").

The ``choose:`` entries right after an action answer, in order, what the game asks
during that action. The engine asks with :meth:`Choices.take`; a choice the case
doesn't make is a missing choice (P002, listing the legal options), an option the game
doesn't offer or a ``choose:`` left over is P003. Choices are never guessed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from mtgrules.caseio.actions import Action
from mtgrules.play.game import Invalid


@dataclass
class Choices:
    """The ``choose:`` entries after ``action``, taken in order."""

    action: Action
    entries: Sequence[Action] = ()
    _next: int = field(default=0)

    def take(self, key: str, options: Sequence[str], what: str, also: Sequence[str] = ()) -> Any:
        """The value of the next ``choose: {key: ...}``; P002 (listing ``options``) if the
        case doesn't make this choice here; P003 if it chooses what isn't offered.

        ``options`` empty means any value of the right form is offered (the caller checks
        it); ``also`` are other names of the same options (an object's id), accepted but
        not listed."""
        if self._next >= len(self.entries) or key not in (self.entries[self._next].value or {}):
            raise Invalid(
                self.action,
                "P002",
                f"action {self.action.index} ({self.action.kind}) needs a choice the case "
                f"doesn't make: {what} (`choose: {{{key}: ...}}` after it)",
                tuple(options),
            )
        entry = self.entries[self._next]
        self._next += 1
        value = entry.value[key]
        if options and not _offered(value, (*options, *also)):
            raise Invalid(
                entry,
                "P003",
                f"choice {entry.index} ({key}: {value}) is not an option the game offers for "
                f"{what}",
                tuple(options),
            )
        return value

    def taken(self) -> Action:
        """The ``choose:`` entry taken last (a NO or a diagnostic names it)."""
        return self.entries[self._next - 1]

    def next_key(self) -> str | None:
        """The key of the next ``choose:`` entry, if any (a choice with two forms: an
        object to copy, or ``may: no``)."""
        if self._next >= len(self.entries):
            return None
        value = self.entries[self._next].value
        return next(iter(value), None) if isinstance(value, dict) else None

    def finish(self) -> None:
        """P003 for a ``choose:`` the game didn't ask for."""
        if self._next < len(self.entries):
            entry = self.entries[self._next]
            raise Invalid(
                entry,
                "P003",
                f"choice {entry.index} answers nothing the game asked during action "
                f"{self.action.index} ({self.action.kind})",
            )


def _offered(value: Any, options: Sequence[str]) -> bool:
    values = value if isinstance(value, list) else [value]
    return all(str(v) in options for v in values)
