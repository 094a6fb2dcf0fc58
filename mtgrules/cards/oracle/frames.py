"""The Oracle effect reader's sentence frames (docs/effects.md, "Sentence frames"): words that
frame a sentence or an ability rather than act.

- A triggered ability's limit, "This ability triggers only once each turn." (CR 603.2,
  603.2h): taken out of the effect's words by :func:`trigger_limit` and recorded with the
  trigger (``Script.trigger_limit``), never an instruction.
- A coin flip (705.1, 705.2): "Flip a coin." and the sentences "If you win the flip, ..." /
  "If you lose the flip, ..." after it, each completing the flip before it
  (:class:`~mtgrules.cards.effects_frames.FlipCoin`); a result sentence after anything else
  is unread.
- Mana kept as steps and phases end (500.5, 106.4) "until end of turn" (514.2) or "until end
  of combat" (500.5a), after a sentence that added it.

These are transformer methods mixed into the reader's transformer
(:mod:`mtgrules.cards.oracle.effects`); a tree they can't hold whole raises
:class:`~mtgrules.cards.oracle.effects_parts.Unread`, and its sentence stays unread.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from mtgrules.cards.effects import YOU, Instruction, Script, Subject
from mtgrules.cards.effects_frames import FlipCoin, KeepMana
from mtgrules.cards.oracle.effects_parts import Amend, Unread

# the limit's sentence, anywhere among a triggered ability's sentences (CR 603.2h)
_LIMIT = re.compile(
    r"(?:^|(?<=\.)\s+)This ability triggers only (?P<n>once|twice)(?P<each> each turn)?\.(?=\s|$)"
)


def trigger_limit(text: str, kind: str) -> tuple[str, str]:
    """A triggered ability's words without its limit sentence, and the limit
    (``effects_frames.TRIGGER_LIMITS``'s key; "" for none). Only a triggered ability's
    (``kind``) words are looked at: in any other the sentence is left to be unread. Two
    limit sentences, or a limit with no other words, are kept (read as nothing, so unread)."""
    if kind != "triggered":
        return text, ""
    found = list(_LIMIT.finditer(text))
    if len(found) != 1:
        return text, ""
    limit = found[0]["n"] + ("_each_turn" if found[0]["each"] else "")
    if limit == "twice":  # "only twice" with no period of time: no such limit in the rules
        return text, ""
    rest = (text[: found[0].start()] + " " + text[found[0].end() :]).strip()
    return (rest, limit) if rest else (text, "")


class FramePhrases:
    """The transformer's methods for the frames above (see the module's docstring)."""

    def frames_flip(self, _token: Any) -> list[Instruction]:
        """ "Flip a coin." (CR 705.1): its results are the sentences after it."""
        return [FlipCoin()]

    def frames_flip_result(self, token: Any, body: list[Instruction]) -> Amend:
        """ "If you win the flip, ..." / "If you lose the flip, ...": completes the flip
        the sentence before made, once per result (CR 705.2)."""
        won = "win" in str(token).lower()
        steps = Script(tuple(body))

        def apply(step: Instruction) -> Instruction:
            if not isinstance(step, FlipCoin) or step.who != YOU:
                raise Unread("no flip before")
            if won and not step.then.steps and not step.otherwise.steps:
                return replace(step, then=steps)
            if not won and not step.otherwise.steps:
                return replace(step, otherwise=steps)
            raise Unread("a flip's result twice, or out of order")

        return Amend(apply)

    def frames_keep_mana(self, token: Any) -> list[Instruction]:
        """ "Until end of turn, you don't lose this mana as steps and phases end." after a
        sentence that added mana (CR 500.5, 106.4, 514.2); "Until end of combat, ... as
        steps end." (500.5a)."""
        words = str(token).lower()
        who: Subject = YOU
        if re.search(r"\b(they|that player)\b", words):
            who = self._frames_that_player()  # type: ignore[attr-defined]
        combat = words.startswith("until end of combat")
        if combat != words.endswith("as steps end"):
            raise Unread("how long the mana is kept")
        return [KeepMana(who, "end_of_combat" if combat else "end_of_turn", steps_only=combat)]

    def _frames_that_player(self) -> Subject:
        last = self.state.last_player  # type: ignore[attr-defined]
        if last is None:
            raise Unread("that player")
        return last
