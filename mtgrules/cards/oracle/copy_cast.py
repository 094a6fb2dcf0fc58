"""The Oracle effect reader's copies of spells and abilities and what completes them
(docs/effects.md, "Copying a spell or ability"): "Copy it." in a triggered ability, the
spell or ability its event named (CR 707.10, 603.2, 608.2h), "You may choose new targets
for the copy." (707.10c) and "You may cast the copy" (707.12) after a copy made only if a
"you may" was taken (608.2d) or "If you do" (608.2c), and a delayed triggered ability
that copies the next instant or sorcery spell cast this turn (603.7a, 603.7c).

These are transformer methods mixed into the reader's transformer
(:mod:`mtgrules.cards.oracle.effects`); a tree they can't hold whole raises
:class:`~mtgrules.cards.oracle.effects_parts.Unread`, and its sentence stays unread.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from mtgrules import lazyre
from mtgrules.cards.effects import Amount, IfYouDo, Instruction, May, Script, Subject
from mtgrules.cards.effects_casting import CastCopy, WhenNextCast
from mtgrules.cards.effects_library import CopySpell
from mtgrules.cards.oracle.effects_casting import spell_kinds
from mtgrules.cards.oracle.effects_parts import (
    Amend,
    Unread,
    VerbPhrase,
    third_person,
    you_only,
)


def last_copy(step: Instruction, change: Callable[[CopySpell], Instruction]) -> Instruction:
    """``step`` with the copy it makes changed by ``change``: the copy itself, or the last
    instruction of what a "you may" (CR 608.2d), an "If you do" (608.2c) or a delayed
    triggered ability (603.7a) does, when that is the copy. Anything else raises
    :class:`Unread`: a sentence about "the copy" completes only the copy just made."""
    if isinstance(step, CopySpell):
        return change(step)
    if isinstance(step, (May, IfYouDo, WhenNextCast)) and step.then.steps:
        *before, last = step.then.steps
        then = replace(step.then, steps=(*before, last_copy(last, change)))
        return replace(step, then=then)
    raise Unread("which copy")


class CopyPhrases:
    """The transformer methods of copies (see the module's docstring)."""

    state: Any  # the reader's sentence state (oracle_effects._State)
    _that_spell: Any  # InsteadPhrases._that_spell, on the same transformer

    # -- CR 707.10: "Copy target instant or sorcery spell"; 603.2, 608.2h: "Copy it." as a
    # triggered ability's first sentence is the spell or ability its event named
    # ("Whenever you cast an instant or sorcery spell, copy it"), bound by the play-out
    # only when the event named exactly one object
    def copy_spell(self, verb, what):
        event = self.state.kind == "triggered" and not self.state.sentences_read
        if what.kind != "target" and not (event and what == _EVENT_IT):
            raise Unread("a copy of what")
        return VerbPhrase(third_person(verb), lambda a: you_only(a) and CopySpell(what))

    # -- CR 707.10c: "You may choose new targets for the copy."
    def new_targets(self, token):
        copies = str(token).endswith("copies")
        specs = self.state.specs

        def new(step: CopySpell) -> Instruction:
            # "the copies": more than one copy, made more than once or of several targets
            many = step.times != Amount(1)
            what = step.what
            if what.kind == "target" and what.index < len(specs):
                many = many or specs[what.index].maximum != 1
            if step.new_targets or copies != many:
                raise Unread("new targets for what")
            return replace(step, new_targets=True)

        return Amend(lambda step: last_copy(step, new))

    # -- CR 707.12, 707.10a: "Copy it. You may cast the copy (without paying its mana cost)."
    def cast_the_copy(self, words):
        free = str(words).lower().endswith("mana cost")

        def cast(step: CopySpell) -> Instruction:
            if step.new_targets or step.times != Amount(1):
                raise Unread("cast which copy")
            return May(Script((CastCopy(step.what, free=free),)))

        return Amend(lambda step: last_copy(step, cast))

    # -- CR 707.10: "Copy target instant or sorcery spell twice", "Copy it X times"
    def xc_copy_times(self, verb, what, times):
        phrase = self.copy_spell(verb, what)
        return _times(phrase, str(times))

    # -- CR 707.10, 603.2: "Copy that spell or ability (twice)" in a triggered ability: the
    # one its event named (as "counter that spell or ability", oracle/effects_instead.py)
    def xc_copy_that(self, verb, words, *times):
        that = self._that_spell(words)
        phrase = VerbPhrase(third_person(verb), lambda a: you_only(a) and CopySpell(that))
        return _times(phrase, str(times[0])) if times else phrase

    # -- CR 603.7a, 603.7c, 707.10: "When you next cast an instant or sorcery spell this
    # turn, copy that spell." -- a delayed triggered ability; "that spell" is the spell
    # whose casting triggered it
    def xc_when_next_cast(self, when, verb, _that_spell):
        found = _NEXT_CAST.match(str(when))
        if found is None:
            raise Unread("which spell")
        copy = CopySpell(Subject("that", noun="spell"))
        delayed = WhenNextCast(spell_kinds(f"{found['kinds']} spells"), Script((copy,)))
        return VerbPhrase(third_person(verb), lambda a: you_only(a) and delayed)


_TIMES = {"twice": Amount(2), "three times": Amount(3), "four times": Amount(4)}


def _times(phrase: VerbPhrase, words: str) -> VerbPhrase:
    """A copy made ``words`` ("twice", "X times") times (CR 707.10)."""
    times = Amount(x=True) if words == "X times" else _TIMES[words]

    def make(actor: Subject) -> Instruction:
        return replace(phrase.make(actor), times=times)

    return VerbPhrase(phrase.third, make)


# "it" in a triggered ability's first sentence: what its event named (trigger_referents.py)
_EVENT_IT = Subject("that", noun="object")
# the kinds of spell a "when you next cast" names (effects.lark XC_WHEN_NEXT_CAST)
_NEXT_CAST = lazyre.compile(r"^when you next cast an? (?P<kinds>.*?) ?spell this turn,$")
