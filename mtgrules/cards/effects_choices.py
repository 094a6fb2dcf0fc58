"""The effect vocabulary of choices made by a spell's or ability's controller (docs/effects.md,
"Choices"): a modal spell or ability whose number of modes is a range or may repeat
(CR 700.2, 700.2a-b, 700.2d). It is its own instruction, not a
:class:`~mtgrules.cards.effects.Modal`, whose ``choose`` is an exact number every reader of
it relies on; the play-out refuses it, naming it, until it checks the range.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from mtgrules.cards.effects import Instruction, Script, Subject
from mtgrules.cards.targets import NUMBER_WORDS


@dataclass(frozen=True)
class ChooseModes(Instruction):
    """A modal spell or ability (CR 700.2) whose controller chooses between ``least`` and
    ``most`` of its ``modes`` as it is cast or put on the stack (700.2a-b): "Choose one or
    both —" (1 to 2), "Choose one or more —" (1 to all), "Choose up to two —" (0 to 2),
    "Choose any number —" (0 to all). ``repeat``: "You may choose the same mode more than
    once" (700.2d; otherwise no mode twice). ``fresh``: only a mode that hasn't been chosen
    before, ``"ever"`` or ``"turn"`` (this turn), as the text says."""

    modes: tuple[Script, ...]
    least: int = 1
    most: int = 1
    repeat: bool = False
    fresh: str = ""
    RULES: ClassVar[tuple[str, ...]] = ("700.2", "700.2a", "700.2b", "700.2d")
    FAMILY: ClassVar[str] = "glue"

    def how_many(self) -> str:
        """The number of modes chosen, in words."""
        if self.least == self.most:
            count = _words(self.most)
        elif (self.least, self.most) == (1, 2) == (1, len(self.modes)):
            count = "one or both"
        elif self.least == 0:
            count = "any number" if self.most >= len(self.modes) else f"up to {_words(self.most)}"
        elif self.most >= len(self.modes):
            count = f"{_words(self.least)} or more"
        else:
            count = f"{_words(self.least)} to {_words(self.most)}"
        if self.repeat:
            count += ", the same mode more than once if you like"
        if self.fresh:
            count += " not chosen before" + (" this turn" if self.fresh == "turn" else "")
        return count

    def render(self) -> str:
        return f"choose {self.how_many()}: " + "; or ".join(m.render() for m in self.modes)


def _words(n: int) -> str:
    return NUMBER_WORDS[n] if 0 < n < len(NUMBER_WORDS) else str(n)


@dataclass(frozen=True)
class IfYouDont(Instruction):
    """ "If you don't, [more]": done only if the player chose not to do the optional
    instruction before it (CR 608.2c, 608.2d)."""

    then: Script
    RULES: ClassVar[tuple[str, ...]] = ("608.2c", "608.2d")
    FAMILY: ClassVar[str] = "glue"

    def render(self) -> str:
        return f"if you don't, {self.then.render()}"


@dataclass(frozen=True)
class TheyMay(Instruction):
    """ "[Another player] may [do it]": ``who`` chooses as it resolves (CR 608.2d), each
    of several players in turn, the active player first (101.4)."""

    who: Subject
    then: Script
    RULES: ClassVar[tuple[str, ...]] = ("608.2d", "101.4")
    FAMILY: ClassVar[str] = "glue"

    def render(self) -> str:
        return f"{self.who.render()} may: {self.then.render()}"


@dataclass(frozen=True)
class IfTheyDo(Instruction):
    """ "If they do, [more]" (``done``) or "If they don't, [more]" after another player's
    option: as that player chose (CR 608.2c, 608.2d)."""

    then: Script
    done: bool = True
    RULES: ClassVar[tuple[str, ...]] = ("608.2c", "608.2d")
    FAMILY: ClassVar[str] = "glue"

    def render(self) -> str:
        done = "do" if self.done else "don't"
        return f"if they {done}, {self.then.render()}"
