"""Validate, part three: checks of the question that need the built board.

Whether "ability N" exists depends on the object's characteristics after
continuous effects (an effect may grant a keyword), so it can only be checked
once the :class:`~mtgrules.model.state.GameState` is built. An expectation
must be comparable with the answer the question gives.
"""

from __future__ import annotations

from typing import Any

from mtgrules.caseio.diagnostics import Diagnostic, json_path
from mtgrules.caseio.yamlload import Positions
from mtgrules.model.state import GameState
from mtgrules.questions import QUESTIONS
from mtgrules.questions.abilities import find_ability, numbered_abilities
from mtgrules.rules import Unsupported
from mtgrules.rules.layers import characteristics

# Questions about one ability of an object: `{object: REF, ability: N | KEYWORD}`.
ABILITY_QUESTIONS = ("can_activate", "is_mana_ability", "mana_produced")
YES_NO = ("yes", "no")


def check_question(
    data: dict[str, Any], state: GameState, file: str, positions: Positions
) -> list[Diagnostic]:
    """C008 for an ability the object doesn't have; C013 for an answer of the wrong kind."""
    out: list[Diagnostic] = []

    def add(code: str, path: tuple[str | int, ...], message: str) -> None:
        line, col = positions.of(path)
        out.append(Diagnostic(file, code, message, line, col, json_path(path)))

    question = data["question"]
    kind = next(k for k in question if k in QUESTIONS)
    spec = question[kind]
    if kind in ABILITY_QUESTIONS and isinstance(spec, dict):
        obj = state.find(spec["object"])
        which = spec.get("ability", 1)
        try:
            chars = characteristics(state, obj)
        except Unsupported:
            chars = None  # the answer will say why; nothing to check against
        if chars is not None and find_ability(chars, which) is None:
            count = len(numbered_abilities(chars))
            has = (
                f"has {count} abilit{'y' if count == 1 else 'ies'}" if count else "has no abilities"
            )
            path = ("question", kind, "ability") if "ability" in spec else ("question", kind)
            add(
                "C008",
                path,
                f"{obj.label} {has}: there is no ability {which!r} (see `mtgrules card`)",
            )
    expect = data.get("expect")
    if isinstance(expect, dict) and QUESTIONS[kind].yes_no and expect.get("answer") not in YES_NO:
        add(
            "C013",
            ("expect", "answer"),
            f"`{kind}` is answered yes or no, so `expect.answer` must be yes or no, not {expect.get('answer')!r}",
        )
    return out
