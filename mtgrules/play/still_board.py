"""A still board as a player would receive priority: after state-based actions (CR 117.5,
704.3).

A version-1 case's board is a moment when a player would receive priority unless the
case says otherwise: no player has priority (``priority: null``, an untap step, 502.4)
or a spell is being cast and its mana paid (``paying_mana``, 601.2g-h). At such a moment
the game has performed every state-based action, so a question is asked of the state
:func:`mtgrules.rules.sba.perform` leaves. :func:`settled` is the one place that does it
for a board that stands still (:func:`mtgrules.bank.checking.evaluate`); between the
actions of a play-out, :mod:`mtgrules.play.settle` does it and puts what triggered on the
stack. Kept apart from the play-out so that checking a still board doesn't load the
triggers and the resolution of spells.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from mtgrules.answer import Reason, Step
from mtgrules.caseio.case import Case
from mtgrules.model.state import GameObject, GameState
from mtgrules.rules.sba import SbaResult, perform


@dataclass(frozen=True)
class Settled:
    """The case with its board after state-based actions, and what they did.

    ``steps``: one per action performed (none when nothing applied). ``unsupported``:
    why mtgrules can't tell what they do (an unread ability, a choice the case can't
    make), naming the card and the ability. ``removed``: for each object the question
    names that an action moved, the reason saying so (it decides the answer) and the
    state it last existed in on the battlefield (704.8)."""

    case: Case
    steps: tuple[Step, ...] = ()
    unsupported: str | None = None
    removed: tuple[tuple[str, Reason, GameState], ...] = ()
    result: SbaResult | None = None
    note: Reason | None = None  # what else the actions did (a note citing their rules)


def at_priority(state: GameState) -> bool:
    """Whether the board is a moment a player would receive priority (CR 117.5)."""
    return state.priority is not None and state.paying_mana is None


# Questions that describe an object rather than ask whether a player may act now: asked
# about an object a state-based action moved, they describe it as it last existed on the
# battlefield (last known information, CR 704.8, 113.7a); the characteristics question's
# ``survives_sba`` says what the actions do to it.
DESCRIBING = frozenset(
    {"characteristics", "is_mana_ability", "could_produce", "mana_produced", "x_value"}
)


def settled(case: Case) -> Settled:
    """The case as a player would receive priority: its board after all state-based
    actions (CR 704.3); the case itself when its board isn't such a moment or nothing
    applies (the very same state, so what questions remember on it is kept).

    A describing question (:data:`DESCRIBING`) about an object the actions move is asked
    of the state it last existed in (704.8); so is one about a permanent the legend rule
    puts its controller to a choice over (the characteristics question says the choice
    decides whether it stays). Any other choice the case can't make, or an unread ability
    that could change what the actions do, makes the answer unsupported."""
    state = case.state
    if not at_priority(state):
        return Settled(case)
    result = perform(state)
    if result.state is state and result.settled:  # nothing performed; maybe a note
        return Settled(case, result.steps, result=result, note=_note(result.steps, set()))
    describing = case.question.kind in DESCRIBING
    subjects = [o.oid for o in _subjects(state, case.question.value)]
    if result.needs:
        choice = result.needs[0]
        if describing and set(choice.options) & set(subjects):
            return Settled(replace(case, state=result.state), result.steps, result=result)
        return Settled(
            case,
            result.steps,
            f"state-based actions: {choice.text}, one of {', '.join(choice.labels)} (CR "
            f"{', '.join(choice.rules)}); a question about a board that stands still can't "
            "make that choice",
            result=result,
        )
    if result.unsupported is not None:
        return Settled(
            case, result.steps, f"state-based actions: {result.unsupported}", result=result
        )
    lost = [p for p in result.state.players if p.lost and not state.player(p.name).lost]
    if lost:  # CR 104.2a, 800.4a: the game is over, or goes on without them
        step = next(s for s in result.steps if lost[0].name in s.text and "lose" in s.text)
        return Settled(
            case,
            result.steps,
            f"{step.text} (CR {', '.join(step.rules)}): the game is over for that player "
            "(CR 104.2a, 800.4a), and mtgrules doesn't answer questions about what follows",
            result=result,
        )
    removed = []
    asked = replace(case, state=result.state)
    for oid in subjects:
        before = result.moved(oid)
        if before is None:
            continue
        obj = state.obj(oid)
        step = result.moved_by(oid)
        why = step.text.removeprefix("state-based actions: ") if step else f"{obj.label} left"
        rules = (*(step.rules if step else ()), "704.3", "117.5")
        if describing:
            reason = Reason(
                None,
                f"State-based actions are performed before a player receives priority: {why}. "
                "This answer describes it as it last existed on the battlefield.",
                (*rules, "704.8", "113.7a"),
            )
            asked = replace(case, state=before)
        else:
            reason = Reason(
                None,
                "As a player would receive priority, state-based actions have been "
                f"performed: {why}.",
                rules,
                decides=True,
            )
        removed.append((oid, reason, before))
    note = _note(result.steps, {r.text for _, r, _ in removed})
    return Settled(asked, result.steps, None, tuple(removed), result, note)


def _note(steps: tuple[Step, ...], told: set[str]) -> Reason | None:
    """One note of what the state-based actions did that no other reason tells (an
    indestructible creature's lethal damage too), citing their rules; None if nothing."""
    others = [
        s for s in steps if not any(s.text.removeprefix("state-based actions: ") in t for t in told)
    ]
    if not others:
        return None
    return Reason(
        None,
        "Before a player receives priority, state-based actions are checked: "
        + "; ".join(s.text.removeprefix("state-based actions: ") for s in others)
        + ".",
        (*dict.fromkeys(r for s in others for r in s.rules), "704.3"),
    )


def _subjects(state: GameState, value: Any) -> list[GameObject]:
    """The objects a question's value names (a REF, or a mapping's string values)."""
    refs = [value] if isinstance(value, str) else []
    if isinstance(value, dict):
        refs = [v for v in value.values() if isinstance(v, str)]
    found = []
    for ref in refs:
        try:
            found.append(state.find(ref))
        except KeyError:
            continue
    return found
