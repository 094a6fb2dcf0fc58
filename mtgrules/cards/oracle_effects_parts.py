"""The pieces the Oracle effect reader's transformers share (issue #33): the exception that
leaves a sentence unread, a verb phrase waiting for its actor, and the checks of who may
act. :mod:`mtgrules.cards.oracle_effects` builds the first round's vocabulary with them,
:mod:`mtgrules.cards.oracle_effects_more` the second round's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from mtgrules.cards.effects import YOU, Amount, Subject
from mtgrules.cards.oracle_costs import number


class Unread(Exception):
    """A tree the vocabulary can't hold: its sentence stays unread."""


class NotYours(Unread):
    """An instruction the ability's controller follows ("Destroy ...", CR 608.2c), given
    another actor."""


@dataclass(frozen=True)
class VerbPhrase:
    """A verb phrase: its verb's form (third person or base) and how it makes an
    instruction once its actor is known."""

    third: bool
    make: Any  # Callable[[Subject], Instruction]


def third_person(token: Any) -> bool:
    """The verb's third-person form ("draws"): no base form of the grammar's verbs ends in s."""
    return str(token).lower().endswith("s")


PLAYERS = ("you", "each_player", "each_opponent")


def is_player(subject: Subject, players: set[int]) -> bool:
    """Whether ``subject`` names players (CR 102.1); ``players``: the indexes of the
    targets that are players."""
    if subject.kind in PLAYERS or subject.kind == "its_controller":
        return True
    return subject.kind == "target" and subject.index in players


def amount_word(word: str) -> Amount:
    """A number word or X (CR 107.3a) as an amount."""
    if word == "X":
        return Amount(x=True)
    n = number(word)
    if n is None:
        raise Unread(word)
    return Amount(n)


def you_only(actor: Subject) -> bool:
    """An instruction only the ability's controller is told to follow ("Destroy ...")."""
    if actor != YOU:
        raise NotYours("an action of another player")
    return True


def player_only(actor: Subject, players: set[int]) -> bool:
    if not is_player(actor, players):
        raise Unread("an action of an object")
    return True


def object_only(actor: Subject, players: set[int]) -> bool:
    if is_player(actor, players):
        raise Unread("a player as an object")
    return True
