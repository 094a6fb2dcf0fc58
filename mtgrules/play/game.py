"""A game in progress: a state and the steps that led to it (python-chess's ``push``).

Each action makes a new :class:`Game` from the last one; nothing changes in place. A
game carries the :class:`~mtgrules.model.state.GameState` as it stands, the steps taken
so far (each with its rules, shown in the answer), the players who have passed in a row
since the last thing was done (CR 117.4), and the abilities that triggered on the last
entry (for the ``triggers`` question).

Three outcomes stop a play-out early, each raised as an exception carrying what the
answer needs: :class:`Illegal` (the action can't be taken: the answer is NO for it),
:class:`Refused` (the engine can't play it out without guessing: unsupported) and
:class:`Invalid` (the case is missing a choice or names what isn't there: a diagnostic).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from mtgrules.answer import Answer, Reason, Step
from mtgrules.caseio.actions import Action
from mtgrules.model.events import Event, Triggered
from mtgrules.model.state import GameState, evolve


@dataclass(frozen=True)
class Game:
    """The game after some actions."""

    state: GameState
    steps: tuple[Step, ...] = ()
    passes: tuple[str, ...] = ()  # players who passed in a row since the last action
    triggered: tuple[Triggered, ...] = ()  # what the last entry made trigger, stack order
    # what the last entry made not trigger, and why; triggered abilities removed (603.3d)
    trigger_notes: tuple[Reason, ...] = ()
    events: tuple[Event, ...] = ()  # what happened since the game last settled
    settled: GameState | None = None  # the state when the game last settled (117.5)
    over: str | None = None  # how the game ended (104.2a, 104.4a): nothing more is played

    def then(self, state: GameState, *steps: Step) -> Game:
        """This game moved on to ``state``, with ``steps`` taken."""
        return evolve(self, state=state, steps=self.steps + steps)

    def log(self, action: int | None, text: str, *rules: str) -> Game:
        """This game with one more step."""
        return evolve(self, steps=(*self.steps, Step(action, text, rules)))

    def happened(self, *events: Event) -> Game:
        return evolve(self, events=self.events + events)


class Stop(Exception):
    """The play-out stops before the question is asked."""


@dataclass
class Illegal(Stop):
    """Action ``action`` can't be taken: ``answer`` is the NO that says why."""

    action: Action
    answer: Answer
    steps: tuple[Step, ...] = ()  # the play-out before it (filled in by the game loop)


@dataclass
class Refused(Stop):
    """The engine can't play action ``action`` out without guessing."""

    action: Action | None
    reason: str
    reasons: tuple[Reason, ...] = field(default=())


@dataclass
class Invalid(Stop):
    """The case can't be played out as written: ``code`` P001 (names what isn't there),
    P002 (a choice the game needs is missing; ``options`` lists the legal ones) or P003
    (a choice the game didn't ask for, or an option it doesn't offer)."""

    action: Action
    code: str
    reason: str
    options: tuple[str, ...] = ()

    def message(self) -> str:
        if not self.options:
            return self.reason
        return f"{self.reason}; the options: {', '.join(self.options)}"
