"""The question types a case may ask (one per case), read by validation and by the askers.

``QUESTIONS`` is the registry: the case key, whether the answer is yes/no or a
value, and the module of :mod:`mtgrules.questions` that answers it (imported by
name only when asked, so the case format names the askers without importing them).
What a question depends on and the engine does not model makes its answer
unsupported, never a guess.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass


@dataclass(frozen=True)
class QuestionType:
    key: str
    yes_no: bool
    module: str  # "mtgrules.questions.can_activate"

    def asker(self):  # -> Callable[[Case], Answer]
        return importlib.import_module(self.module).ask


QUESTIONS: dict[str, QuestionType] = {
    q.key: q
    for q in (
        QuestionType("can_cast", True, "mtgrules.questions.can_cast"),
        QuestionType("can_activate", True, "mtgrules.questions.can_activate"),
        QuestionType("can_take_special_action", True, "mtgrules.questions.can_take_special_action"),
        QuestionType("characteristics", False, "mtgrules.questions.characteristics"),
        QuestionType("enters", False, "mtgrules.questions.enters"),
        QuestionType("is_mana_ability", True, "mtgrules.questions.is_mana_ability"),
        QuestionType("could_produce", False, "mtgrules.questions.could_produce"),
        QuestionType("mana_produced", False, "mtgrules.questions.mana_produced"),
        QuestionType("x_value", False, "mtgrules.questions.x_value"),
        QuestionType("state", False, "mtgrules.questions.state"),
        QuestionType("triggers", False, "mtgrules.questions.triggers"),
        QuestionType("can_attack", True, "mtgrules.questions.can_attack"),
        QuestionType("can_block", True, "mtgrules.questions.can_block"),
    )
}

# Options that sit beside a question key, and the questions that take them.
OPTIONS: dict[str, tuple[str, ...]] = {
    "method": ("can_cast",),
    "x": ("can_cast",),
    "pay": ("can_cast",),
    "by": ("can_cast",),
    "kicked": ("can_cast",),
    "alternative_cost": ("can_cast",),
    "prototyped": ("can_cast",),
    "targets": ("can_cast",),
}
