"""A case with actions answered: its play-out, then its question (DESIGN.md "The game in
motion").

The question is asked of the game as it stands after the last action, and the answer
carries the play-out as steps. Where the play-out stops early: an illegal action is the
answer NO for that action, naming it, with the reasons its legality question gives; a
refusal is unsupported, naming the action; a case that can't be played out as written
(a missing choice, a name that isn't there) is a diagnostic at the action.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from mtgrules.answer import Answer, unsupported
from mtgrules.caseio.case import Case
from mtgrules.caseio.diagnostics import CaseError, Diagnostic
from mtgrules.model.state import GameState
from mtgrules.play.engine import play_out
from mtgrules.play.game import Illegal, Invalid, Refused
from mtgrules.questions.state import facts_asked


def answer_after_actions(case: Case, ask: Callable[[Case], Answer]) -> Answer:
    """``ask`` the case's question after its actions; the answer with the steps."""
    try:
        game = play_out(case)
    except Illegal as stop:
        action = stop.action
        said = stop.answer
        question = f"Action {action.index} ({action.kind}): {said.question}"
        return replace(said, question=question, steps=stop.steps)
    except Refused as stop:
        where = f"action {stop.action.index} ({stop.action.kind})" if stop.action else "the board"
        return unsupported(_sentence(case), f"{where}: {stop.reason}", list(stop.reasons))
    except Invalid as stop:
        raise CaseError(
            [
                Diagnostic(
                    case.file,
                    stop.code,
                    stop.message(),
                    stop.action.line,
                    stop.action.col,
                    f"$.actions[{stop.action.index - 1}]",
                )
            ]
        ) from None
    if game.over is not None and case.question.kind != "state":
        # CR 104.2a, 104.4a: the facts of the final state can be told, but not what a
        # player could do next in a game that has ended
        return replace(
            unsupported(
                _sentence(case), f"{game.over}; only `state` is asked of a game that ended"
            ),
            steps=game.steps,
        )
    _names_there(case, game.state)
    asked = replace(
        case,
        state=game.state,
        actions=(),
        triggered=game.triggered,
        trigger_notes=game.trigger_notes,
    )
    answer = ask(asked)
    return replace(answer, steps=(*game.steps, *answer.steps))


def _refs(value: Any) -> list[str]:
    """The object references a question's value holds: the value itself, or its
    ``object``, ``attacker`` and ``as_copy_of``."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        keys = ("object", "attacker", "as_copy_of")
        return [v for k, v in value.items() if k in keys and isinstance(v, str)]
    return []


def _names_there(case: Case, state: GameState) -> None:
    """P001 when the question names an object that isn't in the game after the actions
    (one made during the play-out that didn't come to be, one that left the game): the
    case can't be asked as written, as an action naming what isn't there can't. The
    ``state`` question answers for a token that ceased to exist itself (111.7, 704.5d):
    it was in the game, and is no longer."""
    if case.question.kind == "state":
        refs = [r for _fact, named in facts_asked(case.question.value) for r in named or ()]
        refs = [r for r in refs if r not in state.ceased]
    else:
        refs = _refs(case.question.value)
    for ref in refs:
        if ref in state.player_names:
            continue
        try:
            state.find(ref)
        except KeyError:
            line, col = case.positions.of(("question",))
            raise CaseError(
                [
                    Diagnostic(
                        case.file,
                        "P001",
                        f"the question names {ref!r}, which isn't in the game after the actions",
                        line,
                        col,
                        "$.question",
                    )
                ]
            ) from None


def _sentence(case: Case) -> str:
    return f"After {len(case.actions)} action(s): {case.question.kind}"
