"""Starter cases for ``mtgrules new``: one commented, valid case per question type.

Each starter is a small board a judge edits (two players, a few built-in
cards with ids) and one question of the chosen type. ``expect`` is left
commented out: the judge fills in the answer they expect and the rules it
must cite, and the case becomes a test.
"""

from __future__ import annotations

import os
from importlib import resources
from pathlib import Path

from mtgrules.caseio.question_types import QUESTIONS

# The question block of each type: the key's value, and a comment on what it asks.
QUESTION_BLOCKS: dict[str, tuple[str, str]] = {
    "can_cast": (
        "can_cast: bears",
        "Can this card be cast now? An id, or a card name only one object has.\n"
        "# Options beside it: `method: normal | plot`, `x: N`, `pay: true`.",
    ),
    "can_activate": (
        "can_activate: {object: elves, ability: 1}",
        "Can this ability be activated now? `ability` counts the card's abilities\n"
        "# from 1 (see `mtgrules card NAME`) or names a keyword; `by: PLAYER` is optional;\n"
        "# `pay: true` (with `x: N` for a cost with {X}) also checks paying its mana.",
    ),
    "can_take_special_action": (
        "can_take_special_action: {action: play_land, object: forest}",
        "Can this special action be taken now? `action: plot | play_land`.",
    ),
    "characteristics": (
        "characteristics: elves",
        "What are this object's characteristics now, after every continuous effect?",
    ),
    "enters": (
        "enters: {object: bears, as_copy_of: elves}",
        "What does this permanent enter as? `as_copy_of: null` copies nothing.",
    ),
    "is_mana_ability": (
        "is_mana_ability: {object: stone, ability: 1}",
        "Is this ability a mana ability?",
    ),
    "could_produce": (
        "could_produce: stone",
        "Which types of mana could this permanent produce?",
    ),
    "mana_produced": (
        "mana_produced: {object: elves, ability: 1}",
        "What mana does activating this ability add?",
    ),
    "x_value": (
        "x_value: {object: walker}",
        "What is X here? For X in an ability, add `ability: N`.",
    ),
    "state": (
        "state: [life, {zone: bears, tapped: elves}, stack]",
        "What is the game's state now: after the case's `actions:` if it has any\n"
        "# (docs/playout.md), else of the board? Facts: life, stack, attacking, blocking,\n"
        "# and {zone | controller | tapped | counters | damage | attached_to | attachments: REF}.",
    ),
    "triggers": (
        "triggers: {}",
        "What triggered on the case's last action, in the order the abilities go on the\n"
        "# stack? Add `actions:` first (docs/playout.md), e.g. `actions: [{play_land: forest}]`;\n"
        "# a case without actions has no last action, and the answer is unsupported.",
    ),
    "can_attack": (
        "can_attack: elves",
        "Can this creature be declared as an attacker this turn? Asked from the upkeep\n"
        "# to the declare attackers step (docs/combat.md).",
    ),
    "can_block": (
        "can_block: {object: elves, attacker: elves}",
        "Can `object` block `attacker`? Give the blocker to the defending player, mark the\n"
        "# attacker `attacking: Bob` (and tapped), and set `phase: combat`,\n"
        "# `step: declare_attackers` (docs/combat.md).",
    ),
}

# Question types whose board has a spell on the stack.
STACK = {"x_value": "    - {card: Hangarback Walker, id: walker, controller: Alice, x: 2}"}

TEMPLATE = """\
# yaml-language-server: $schema={schema}
# A starter `{kind}` case written by `mtgrules new`. Edit the board and the
# question, uncomment `expect`, then run `mtgrules check` on this file.
# The format: `mtgrules schema`; the cards mtgrules knows: `mtgrules card NAME`.
id: my-{slug}-case  # unique in a bank; defaults to the file name
title: Say in one sentence what this case shows
tags: [{slug}]
game:
  turn: 3                          # the current turn number
  active_player: Alice
  phase: precombat_main            # beginning | precombat_main | combat | postcombat_main | ending
  # step: upkeep                   # within beginning, combat and ending
  # priority: Alice                # defaults to the active player
  stack:{stack}
players:                           # in turn order
  - name: Alice
    battlefield:
      - card: Llanowar Elves
        id: elves                  # a handle the question refers to
        controlled_since_turn: 3   # came under Alice's control this turn
      - card: Mind Stone
        id: stone
        tapped: false
    hand:
      - card: Grizzly Bears
        id: bears
      - card: Forest
        id: forest
  - name: Bob
    life: 20
question:
  # {comment}
  {question}
# expect:                          # uncomment to make the case a test
#   answer: {answer_hint}
#   rules: [302.6]                 # rule numbers the answer must cite
"""


def schema_reference(target: Path | None) -> str:
    """The modeline's schema path: a ``schemas/case.schema.json`` above ``target``, else the installed one."""
    folder = (target.parent if target is not None else Path()).resolve()
    for parent in (folder, *folder.parents):
        candidate = parent / "schemas" / "case.schema.json"
        if candidate.is_file():
            return Path(os.path.relpath(candidate, folder)).as_posix()
    return str(resources.files("mtgrules.schemas") / "case.schema.json")


def starter(kind: str, target: Path | None = None) -> str:
    """The starter case text for question type ``kind``, to be written at ``target``.

    Raises KeyError with a message naming the known types for an unknown ``kind``.
    """
    if kind not in QUESTIONS:
        raise KeyError(f"no question type {kind!r}; choose one of {', '.join(QUESTIONS)}")
    question, comment = QUESTION_BLOCKS[kind]
    stack = STACK.get(kind)
    return TEMPLATE.format(
        schema=schema_reference(target),
        kind=kind,
        slug=kind.replace("_", "-"),
        stack=f"                          # top first\n{stack}" if stack else " []",
        comment=comment.replace("\n", "\n  "),
        question=question,
        answer_hint="no                     # yes or no"
        if QUESTIONS[kind].yes_no
        else "{}                     # the keys that matter, e.g. {power: 2}",
    )
