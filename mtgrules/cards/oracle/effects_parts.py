"""The pieces the Oracle effect reader's transformers share (docs/effects.md): the exception that
leaves a sentence unread, a verb phrase waiting for its actor, and the checks of who may
act. :mod:`mtgrules.cards.oracle.effects` builds the first round's vocabulary with them,
:mod:`mtgrules.cards.oracle.effects_more` the second round's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from mtgrules import lazyre
from mtgrules.cards.effects import SELF, YOU, Amount, Instruction, Subject
from mtgrules.cards.oracle.costs import number


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


@dataclass(frozen=True)
class Amend:
    """A sentence that completes the instruction before it ("You may choose new targets
    for the copy.", "It's still a land."): ``apply`` takes that instruction and returns it
    completed, or raises :class:`Unread` when it is not one the sentence completes."""

    apply: Any  # Callable[[Instruction], Instruction]
    # ``apply`` takes every instruction read before (a list) and returns them all, where
    # which of them the sentence completes is decided from all of them ("... instead")
    whole: bool = False


def third_person(token: Any) -> bool:
    """The verb's third-person form ("draws"): no base form of the grammar's verbs ends in s."""
    return str(token).lower().endswith("s")


PLAYERS = (
    "you",
    "each_player",
    "each_opponent",
    "each_other_player",
    "defending_player",
    "you_and_target",
)


def is_player(subject: Subject, players: set[int]) -> bool:
    """Whether ``subject`` names players (CR 102.1); ``players``: the indexes of the
    targets that are players."""
    if subject.kind in PLAYERS or subject.kind in ("its_controller", "that_controller"):
        return True
    if subject.kind == "that" and subject.noun == "player":  # "that player", "they"
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


IT_TARGETS_PHRASE = lazyre.compile(r"\b[Tt]he (?P<what>[a-z]+(?: [a-z]+)*) it targets\b")


def it_targets(text: str) -> tuple[str, set[int]]:
    """The built-in cards' own wording: "the artifact it targets" is the spell's or
    ability's one target (its targets come from the card's definition, CR 601.2c); the
    text with it marked as the first target, and whether that target is a player. Only
    one such phrase, naming one object: otherwise the text is left as it is (unread)."""
    found = list(IT_TARGETS_PHRASE.finditer(text))
    if len(found) != 1 or found[0].group("what").endswith("s"):
        return text, set()
    what = found[0].group("what")
    players = {0} if what in ("player", "opponent") else set()
    return text[: found[0].start()] + "TGT0" + text[found[0].end() :], players


def flat(made: Any) -> list[Instruction]:
    """The instructions verb phrases made (one phrase may make two: "deals 2 damage to
    target creature and 2 damage to that creature's controller")."""
    out: list[Instruction] = []
    for one in made:
        out += list(one) if isinstance(one, tuple) else [one]
    return out


def spell_acts(vp: VerbPhrase) -> Instruction:
    """What a spell that "destroys" or "deals" does: an instruction its controller follows
    (CR 608.2c) when the verb is one, else the spell's own (its damage, 120.3)."""
    try:
        return vp.make(SELF)
    except NotYours:
        return vp.make(YOU)


def signed_pt(pt: str) -> tuple[int, int, int, int]:
    """A P/T change ("+2/-1", "-X/-X", "+X/+0"): its fixed power and toughness, and how
    many times X each adds (CR 107.3a)."""
    found = re.fullmatch(r"([+-])(\d+|X)/([+-])(\d+|X)", pt)
    if found is None:
        raise Unread(pt)
    out = []
    for sign, value in ((found.group(1), found.group(2)), (found.group(3), found.group(4))):
        n = (1 if value == "X" else int(value)) * (-1 if sign == "-" else 1)
        out.append((0, n) if value == "X" else (n, 0))
    (power, x_power), (toughness, x_toughness) = out
    return power, toughness, x_power, x_toughness
