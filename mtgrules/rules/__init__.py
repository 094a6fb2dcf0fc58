"""The rules, organised by Comprehensive Rules section.

Rule functions read a :class:`~mtgrules.model.state.GameState` and return
:class:`~mtgrules.answer.Reason` values citing the rules they apply. When the
engine does not model something an answer depends on, they raise
:class:`Unsupported` instead of guessing.
"""

from __future__ import annotations


class Unsupported(Exception):
    """The answer depends on something the engine does not model.

    ``reasons`` (optional) are notes the refusal shows, with the rules they cite (the
    scope index gives one per unread ability that could change the answer)."""

    def __init__(self, reason: str, reasons: tuple = ()):
        super().__init__(reason)
        self.reason = reason
        self.reasons = tuple(reasons)
