"""The effect reader's conditions written after their instruction (docs/effects.md,
"Conditions"): "Draw a card if you control a creature with power 4 or greater.", "Put a
+1/+1 counter on target creature if it's a Knight." -- the same "if" as the one written
before its instruction (CR 608.2c: checked as the instruction is followed, one time), read
by the same condition reader (:func:`~mtgrules.cards.oracle.effects_conditions.read_if_condition`).

Only a sentence of ONE instruction is read this way: after two ("Tap it and draw a card if
...") which of them the condition governs is a question of English this reader doesn't
answer, so such a sentence stays unread. An "it" in the condition is the object the
instruction names (the condition comes after it in the tree, and a transformer works left
to right), else the one the sentences before named.
"""

from __future__ import annotations

from typing import Any

from mtgrules import lazyre
from mtgrules.cards.effects import Script
from mtgrules.cards.effects_conditions import If
from mtgrules.cards.oracle.effects_conditions import no_other_in_a_spell, read_if_condition
from mtgrules.cards.oracle.effects_instead import InsteadPhrases
from mtgrules.cards.oracle.effects_parts import Unread

_HEAD = lazyre.compile(r"^\s*if ")
# conditions of the game so far that effects_instead reads before "instead"
_GAME_WORDS = ("a creature died this turn", "you have the city's blessing", "you have a full party")


class TrailingConditions:
    """The transformer methods of a condition after its instruction (see the module's
    docstring)."""

    state: Any  # the reader's sentence state (oracle/effects._State)

    # -- CR 608.2c: "<instruction> if <condition>."
    def tc_if_after(self, body, condition):
        if len(body) != 1:
            raise Unread("which instructions the condition governs")
        no_other_in_a_spell(body, self.state)
        return [If(condition, Script(tuple(body)))]

    def tc_if_words(self, token):
        words = _HEAD.sub("", str(token), count=1)
        if words in _GAME_WORDS:  # the game so far (CR 700.4, 702.131c, 700.8c), as "instead"'s
            return InsteadPhrases.ins_if_game(self, f"if {words}")
        return read_if_condition(words, self.state, self.obj_it)  # type: ignore[attr-defined]
