"""Whether an action may be taken: the still-board question that already answers it,
asked of the game as it stands (DESIGN.md "An illegal action"), for the player actions
and for the choices made as something resolves (a clone's copy, 614.12a)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from mtgrules.answer import Answer
from mtgrules.caseio.actions import Action
from mtgrules.caseio.case import Case, Question
from mtgrules.model.state import GameState
from mtgrules.play.game import Illegal, Refused


def ask(case: Case, state: GameState, kind: str, value: Any, **options: Any) -> Answer:
    """The still-board question ``kind`` asked of ``state`` (the legality of an action)."""
    # lazy: the registry imports every question module; an action needs only its own
    from mtgrules.caseio.question_types import QUESTIONS

    question = Question(kind, value, tuple((k, v) for k, v in options.items() if v is not None))
    asked = replace(case, state=state, question=question, actions=(), expect=None)
    return QUESTIONS[kind].asker()(asked)


def lawful(action: Action, answer: Answer) -> None:
    """Stop the play-out unless ``answer`` (the action's legality) is YES."""
    if answer.value is None:
        raise Refused(action, answer.unsupported or "", answer.reasons)
    if answer.value != "yes":
        raise Illegal(action, answer)
