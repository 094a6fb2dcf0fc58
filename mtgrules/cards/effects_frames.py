"""The effect vocabulary of sentence frames: words that frame what an effect does rather than
act themselves (docs/effects.md, "Sentence frames").

A coin flip whose result decides the sentences after it (CR 705.1, 705.2) and mana kept in a
pool as steps and phases end (500.5, 106.4). A triggered ability's limit ("This ability
triggers only once each turn.") is no instruction: it is recorded with the trigger, in
:attr:`~mtgrules.cards.effects.Script.trigger_limit` (:data:`TRIGGER_LIMITS`).

The play-out carries none of these out yet: resolving one is refused, naming it
(:func:`~mtgrules.rules.effects.resolution.carry_out` has no handler for them, and refuses a
Script with a trigger limit), so reading them widens what the engine can show and count,
never what it answers by a guess (a flip's result is never made up).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from mtgrules.cards.effects import YOU, Instruction, Script, Subject
from mtgrules.cards.wording import acts

# a triggered ability's limit on how often it triggers (CR 603.2, 603.2h), in own words
TRIGGER_LIMITS = {
    "once_each_turn": "triggers only once each turn",
    "twice_each_turn": "triggers only twice each turn",
    "once": "triggers only once",
    # "Do this only once each turn." (CR 603.2h): the action its controller takes
    "if_not_done_this_turn": "triggers only if its controller hasn't done what it says this turn",
}


@dataclass(frozen=True)
class FlipCoin(Instruction):
    """``who`` flips a coin (CR 705.1) and wins or loses the flip (705.2); ``then`` is
    followed if they win it, ``otherwise`` if they lose it (either may be empty: nothing
    happens for that result). The result is never guessed: the play-out needs it given."""

    who: Subject = YOU
    then: Script = Script()  # noqa: RUF009 - a frozen (immutable) default
    otherwise: Script = Script()  # noqa: RUF009 - a frozen (immutable) default
    RULES: ClassVar[tuple[str, ...]] = ("705.1", "705.2")
    FAMILY: ClassVar[str] = "glue"

    def render(self) -> str:
        text = acts(self.who, "flips a coin")
        if self.then.steps:
            text += f"; if the flip is won: {self.then.render()}"
        if self.otherwise.steps:
            text += f"; if the flip is lost: {self.otherwise.render()}"
        return text


@dataclass(frozen=True)
class KeepMana(Instruction):
    """``who`` doesn't lose the mana an instruction before added as steps and phases end
    (CR 500.5, 106.4: a pool otherwise empties at each step's and phase's end) until
    ``duration`` ends (611.2a): ``end_of_turn`` (514.2) or ``end_of_combat`` (500.5a;
    ``steps`` only: as steps end, the phase's end still empties it)."""

    who: Subject = YOU
    duration: str = "end_of_turn"
    steps_only: bool = False
    RULES: ClassVar[tuple[str, ...]] = ("500.5", "106.4", "611.2a")
    FAMILY: ClassVar[str] = "mana"

    def render(self) -> str:
        ends = "steps" if self.steps_only else "steps and phases"
        until = self.duration.replace("_", " ")
        return acts(self.who, f"keeps that mana as {ends} end, until {until}")


@dataclass(frozen=True)
class RollDie(Instruction):
    """``who`` rolls one die of ``sides`` sides (CR 706.1); the result (706.2: no
    modifier is stated) picks the instructions followed: ``modes[i]`` for a result from
    ``ranges[i][0]`` to ``ranges[i][1]``, the ranges covering 1 to ``sides`` once each. The
    result is never guessed: the play-out needs it given."""

    sides: int
    ranges: tuple[tuple[int, int], ...]
    modes: tuple[Script, ...]
    who: Subject = YOU
    RULES: ClassVar[tuple[str, ...]] = ("706.1", "706.2")
    FAMILY: ClassVar[str] = "glue"

    def render(self) -> str:
        results = "; ".join(
            f"{low}-{high}: {mode.render()}" if low != high else f"{low}: {mode.render()}"
            for (low, high), mode in zip(self.ranges, self.modes, strict=True)
        )
        return acts(self.who, f"rolls a d{self.sides}") + f" ({results})"


@dataclass(frozen=True)
class ForEachPlayer(Instruction):
    """ "For each opponent, ...": ``then`` followed once for each player ``players`` names
    (``each_opponent`` or ``each_player``; CR 608.2c), words that don't depend on which
    player it is (the reader reads no "that player" in them), so each time does the same."""

    players: Subject
    then: Script
    RULES: ClassVar[tuple[str, ...]] = ("608.2c", "102.1")
    FAMILY: ClassVar[str] = "glue"

    def render(self) -> str:
        return f"for {self.players.render()}: {self.then.render()}"
