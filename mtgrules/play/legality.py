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
from mtgrules.rules import Unsupported


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


def entering(case: Case, state: GameState, spec: dict[str, Any], label: str) -> Answer:
    """CR 614.1c, 614.12a, 707.5: what a permanent about to enter becomes, as the ``enters``
    question answers it (``spec``: its object and, if chosen, ``as_copy_of``); unsupported
    when that answer is, or when the copy chosen isn't one it may enter as."""
    said = ask(case, state, "enters", spec)
    if said.value is None:
        raise Unsupported(said.unsupported or "", said.reasons)
    value = dict(said.value)
    if "as_copy_of" in spec and not value.get("legal_choice", True):
        why = "; ".join(r.text for r in said.reasons if r.holds is False)
        chosen = state.obj(spec["as_copy_of"]).label
        raise Unsupported(f"{label} can't enter as a copy of {chosen}: {why}")
    return said
