"""Validate, part three: checks of the question that need the built board.

Whether "ability N" exists depends on the object's characteristics after
continuous effects (an effect may grant a keyword), so it can only be checked
once the :class:`~mtgrules.model.state.GameState` is built; so do the ability
numbers of an object's `activated_this_turn`. An expectation must be comparable
with the answer the question gives.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mtgrules.caseio.diagnostics import Diagnostic, json_path
from mtgrules.caseio.question_types import QUESTIONS
from mtgrules.caseio.yamlload import Positions
from mtgrules.model.state import GameState
from mtgrules.model.walk import iter_objects
from mtgrules.rules import Unsupported
from mtgrules.rules.activation.ability_numbers import (
    find_ability,
    lists_loyalty_ability,
    numbered_abilities,
)
from mtgrules.rules.layers.characteristics import characteristics

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
    played = bool(data.get("actions"))  # asked after a play-out: its REFs are the engine's
    if kind in ABILITY_QUESTIONS and isinstance(spec, dict) and _on_board(state, spec, played):
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
    _check_activated(data, state, add)
    expect = data.get("expect")
    if (
        isinstance(expect, dict)
        and "answer" in expect
        and QUESTIONS[kind].yes_no
        and expect.get("answer") not in YES_NO
    ):
        add(
            "C013",
            ("expect", "answer"),
            f"`{kind}` is answered yes or no, so `expect.answer` must be yes or no, not {expect.get('answer')!r}",
        )
    if isinstance(expect, dict):
        for path in _nested_in_lists(expect.get("answer"), ("expect", "answer")):
            if kind == "state" and path[2:3] == ("stack",):
                continue  # the stack compares in order, each object as a mapping
            if kind == "triggers" and len(path) == 3:
                continue  # the abilities compare in stack order, each as a mapping
            add(
                "C013",
                path,
                "a list in `expect.answer` is compared as a set of values, so its items are "
                "text, numbers or yes/no, not lists or mappings",
            )
    return out


def _on_board(state: GameState, spec: dict[str, Any], played: bool) -> bool:
    """Whether the question's object is on the board as given: always for a version-1
    case (validation made sure); after ``actions:`` it may be made during the play-out."""
    if not played:
        return True
    try:
        state.find(spec["object"])
    except KeyError:
        return False
    return True


def _nested_in_lists(value: Any, path: tuple) -> list[tuple]:
    """The paths of the lists and mappings that are items of a list inside ``value`` (an
    expected answer): lists compare as sets, which can't hold them (results.matches)."""
    found: list[tuple] = []
    if isinstance(value, dict):
        for key, inner in value.items():
            found += _nested_in_lists(inner, (*path, key))
    elif isinstance(value, list):
        found += [(*path, i) for i, item in enumerate(value) if isinstance(item, list | dict)]
    return found


def _check_activated(
    data: dict[str, Any], state: GameState, add: Callable[[str, tuple, str], None]
) -> None:
    """C008 for a number in `activated_this_turn` the object has no ability for; C009 when
    `loyalty_activated_this_turn` contradicts the loyalty abilities it lists (CR 606.3)."""
    for raw in iter_objects(data):
        done = raw.fields.get("activated_this_turn")
        if not isinstance(done, list):
            continue
        obj = state.find(raw.oid)
        try:
            chars = characteristics(state, obj)
        except Unsupported:
            continue
        numbered = numbered_abilities(chars)
        path = (*raw.path, "activated_this_turn")
        for i, n in enumerate(done):
            if n > len(numbered):
                add(
                    "C008",
                    (*path, i),
                    f"{obj.label} has {len(numbered)} abilities: there is no ability {n} "
                    "(see `mtgrules card`)",
                )
        loyalty = lists_loyalty_ability(chars, tuple(done))
        said = raw.fields.get("loyalty_activated_this_turn")
        if said is not None and said != loyalty:
            add(
                "C009",
                (*raw.path, "loyalty_activated_this_turn"),
                f"`loyalty_activated_this_turn: {str(said).lower()}` contradicts "
                f"`activated_this_turn`, which lists {'a' if loyalty else 'no'} loyalty ability",
            )
