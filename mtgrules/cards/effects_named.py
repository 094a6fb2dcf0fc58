"""The effect vocabulary of a value chosen as an effect resolves and used by its later words
(docs/effects.md, "Values chosen as it resolves"): "Choose a creature type." and then "creatures
of the chosen type", "becomes that type"; "Choose a color." and then "protection from the
chosen color".

The choice is an instruction of its own, :class:`ChooseValue` (CR 608.2d: the player announces
it while the effect is applied); the later words that refer to it are readings of their own:

- a group of permanents "of the chosen type" / "that aren't of the chosen type" keeps the
  quality :func:`chosen_quality` (:attr:`~mtgrules.cards.statics.Group.qualities`), which no
  check of a group's qualities knows, so a play-out that reached it would refuse it
  (rules/layers/qualities.fits_quality raises ``Unsupported``);
- :class:`BecomesChosenValue` and :class:`ProtectionFromChosenValue`.

"You may pay {X}." in a triggered ability is :class:`PayManaX`, X chosen as it is paid
(CR 107.3f), and the effect's later X, the reflexive trigger's after "When you do," too, is
the X paid (:func:`paid_x`, :func:`with_x_paid`).

None of these is carried out by the play-out: resolving one is refused, naming it
(:func:`~mtgrules.rules.effects.resolution.carry_out` has no handler for them), and the
choice comes first in its effect, so an effect that uses it is refused before anything is done.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields, is_dataclass, replace
from typing import Any, ClassVar

from mtgrules.cards.effects import YOU, Amount, Instruction, May, Modify, Subject
from mtgrules.cards.effects_conditions import XAtLeast
from mtgrules.cards.wording import acts

# what a player may be told to choose, and the rule that says what may be chosen
CHOICE_RULES = {
    "creature type": "205.3m",
    "basic land type": "205.3i",
    "land type": "205.3i",
    "color": "105.4",
    "card type": "205.2a",
    "opponent": "102.2",
    "player": "102.1",
    "card name": "201.4",
    "nonland card name": "201.4a",
    "land card name": "201.4a",
    "creature card name": "201.4a",
}
_DURATION = {"end_of_turn": " until end of turn", "": ""}


@dataclass(frozen=True)
class ChooseValue(Instruction):
    """The effect's controller chooses a ``what`` (a key of :data:`CHOICE_RULES`: a creature
    type, CR 205.3m; a land type or basic land type, 205.3i; a color, 105.4; a card type,
    205.2a; an opponent, 102.2, or a player, 102.1; a card name, 201.4, of a kind of card,
    201.4a) as the effect resolves (608.2d); ``other_than``: a value it may not be ("other
    than Wall"). The effect's later words "the chosen type", "that color" mean this choice;
    the permanent's other abilities may use it too (607.2d)."""

    what: str
    other_than: str = ""
    RULES: ClassVar[tuple[str, ...]] = (
        "608.2d", "205.3m", "205.3i", "105.4", "205.2a", "102.2", "102.1", "201.4", "201.4a",
    )  # fmt: skip
    FAMILY: ClassVar[str] = "glue"

    def render(self) -> str:
        other = f" other than {self.other_than}" if self.other_than else ""
        article = "an" if self.what[:1] in "aeiou" else "a"
        return f"you choose {article} {self.what}{other}"


# the player chosen by "Choose an opponent." / "Choose a player.": what "that player" after it
# names
CHOSEN_PLAYER = Subject("chosen_player")


def chosen_quality(what: str, negated: bool = False) -> str:
    """The group quality "of the chosen ``what``" (or "not of ..."), as a group keeps it
    (:attr:`~mtgrules.cards.statics.Group.qualities`)."""
    return f"{'not ' if negated else ''}of the chosen {what}"


@dataclass(frozen=True)
class BecomesChosenValue(Instruction):
    """``what`` becomes the ``choice`` (a creature type or land type) chosen before in the
    same effect (:class:`ChooseValue`), for ``duration``: a type-changing effect whose new
    subtype replaces the object's subtypes of that kind (CR 205.1a, 613.1d; 611.2a); a land
    given a basic land type loses its old land types and the abilities of its rules text, and
    has that type's mana ability (305.7)."""

    what: Subject
    choice: str
    duration: str = ""
    RULES: ClassVar[tuple[str, ...]] = ("205.1a", "305.7", "613.1d", "611.2a")
    FAMILY: ClassVar[str] = "becomes"

    def render(self) -> str:
        kind = "creature types" if self.choice == "creature type" else "land types"
        return (
            f"{self.what.render()} becomes the chosen {self.choice}, instead of its other "
            f"{kind}{_DURATION[self.duration]}"
        )


@dataclass(frozen=True)
class ProtectionFromChosenValue(Instruction):
    """``what`` gains protection from the color chosen before in the same effect
    (:class:`ChooseValue`; CR 702.16a) for ``duration`` (611.2a)."""

    what: Subject
    duration: str = "end_of_turn"
    RULES: ClassVar[tuple[str, ...]] = ("702.16a", "611.2a")
    FAMILY: ClassVar[str] = "pump"

    def render(self) -> str:
        return (
            f"{self.what.render()} gains protection from the chosen color{_DURATION[self.duration]}"
        )


# -- "You may pay {X}." and the X paid ------------------------------------------------------


@dataclass(frozen=True)
class PayManaX(Instruction):
    """``who`` pays ``mana`` (mana symbols with {X}) as the effect resolves, choosing the
    value of X as they pay it: a triggered ability's text doesn't define X and no cost of it
    announced one (CR 107.3f, 118.3a, 608.2d). The effect's later X is the X paid
    (``Amount(count="x_paid")``), never an announced X (107.3a)."""

    mana: str
    who: Subject = YOU
    RULES: ClassVar[tuple[str, ...]] = ("107.3f", "118.3a", "608.2d")
    FAMILY: ClassVar[str] = "payment"

    def render(self) -> str:
        return acts(self.who, f"pays {self.mana}, choosing X as they pay")


X_PAID = Amount(count="x_paid")
# an X in words the reading keeps as they are (a quality "mana value<=X", a card filter's)
_X_WORD = re.compile(r"(?<![A-Za-z])X(?![A-Za-z])")
# an X in a target's words ("target creature card with mana value X", "up to X target
# creatures"): the target reader keeps them apart from the reading, and its X is the one
# announced (107.3a), never the X paid
X_IN_WORDS = re.compile(r"\b(?:mana value|power|toughness) X\b|\bX (?:other )?target|\bup to X\b")


class _XElsewhere(Exception):
    """An X the rewriting can't tell is the X paid."""


def paid_x(steps: tuple[Instruction, ...], kind: str, text: str) -> tuple[Instruction, ...] | None:
    """``steps`` with every X after a top-level "you may pay {X}" (``May`` of one
    :class:`PayManaX`) read as the X paid (:data:`X_PAID`); ``steps`` as they are when no
    :class:`PayManaX` is in them. None (the effect is left unread) where the X paid can't be
    told apart: an X before the payment or kept in words ("mana value X or less"), a payment
    that isn't the controller's own top-level option, an X in a target's words (``text``:
    :data:`X_IN_WORDS`), or an effect other than a triggered ability's (a spell or an
    activated ability may have an announced X, 107.3a)."""
    if not _has(steps, PayManaX):
        return steps
    at = next((i for i, s in enumerate(steps) if _pays_x(s)), None)
    if at is None or kind != "triggered" or X_IN_WORDS.search(text):
        return None
    may = steps[at]
    assert isinstance(may, May)
    pay, *more = may.then.steps  # more: "When you do, ..." joined to the option (603.12)
    try:
        _rewrite(steps[:at], check_only=True)
        then = replace(may.then, steps=(pay, *_rewrite(tuple(more))))
        return (*steps[:at], May(then), *_rewrite(steps[at + 1 :]))
    except _XElsewhere:
        return None


def _pays_x(step: Instruction) -> bool:
    """Whether ``step`` is "you may pay {X}" (and what is joined to it)."""
    if not isinstance(step, May) or not step.then.steps:
        return False
    pay = step.then.steps[0]
    return isinstance(pay, PayManaX) and pay.who == YOU


def with_x_paid(steps: tuple[Instruction, ...]) -> tuple[Instruction, ...] | None:
    """``steps`` (a reflexive trigger's, after "you may pay {X}. When you do,") with every
    X read as the X paid; None where an X is kept in words."""
    try:
        return _rewrite(steps)
    except _XElsewhere:
        return None


def _has(value: object, cls: type) -> bool:
    if isinstance(value, cls):
        return True
    if isinstance(value, tuple | list):
        return any(_has(v, cls) for v in value)
    if is_dataclass(value) and not isinstance(value, type):
        return any(_has(getattr(value, f.name), cls) for f in fields(value))
    return False


def _rewrite(value: Any, check_only: bool = False) -> Any:
    """``value`` with each ``Amount(x=True)`` as :data:`X_PAID`; raises
    :class:`_XElsewhere` for an X kept in words (or any X, ``check_only``)."""
    if isinstance(value, Amount) and value.x:
        if check_only or value.count or value.fixed or value.plus or value.times != 1:
            raise _XElsewhere
        return X_PAID
    if isinstance(value, str):
        if _X_WORD.search(value):
            raise _XElsewhere
        return value
    if isinstance(value, tuple):
        return tuple(_rewrite(v, check_only) for v in value)
    if isinstance(value, PayManaX | XAtLeast):
        raise _XElsewhere  # a second payment of X; "if X is 5 or more" (the announced X)
    if isinstance(value, Modify) and (value.x_power or value.x_toughness) and value.x_is is None:
        if check_only:  # "+X/+0" with no "where X is": the announced X (107.3a)
            raise _XElsewhere
        value = replace(value, x_is=X_PAID)
    if is_dataclass(value) and not isinstance(value, type):
        changes = {}
        for f in fields(value):
            if not f.init:
                continue
            old = getattr(value, f.name)
            new = _rewrite(old, check_only)
            if new is not old:
                changes[f.name] = new
        return replace(value, **changes) if changes else value
    return value


@dataclass(frozen=True)
class ChooseNewTargets(Instruction):
    """New targets chosen for ``what``, a spell or ability on the stack: any number of its
    targets may stay as they are, even illegal ones; the new ones must be legal and leave
    no unchanged target illegal, the final set judged as a whole (CR 115.7d, 115.7e)."""

    what: Subject
    RULES: ClassVar[tuple[str, ...]] = ("115.7d", "115.7e")
    FAMILY: ClassVar[str] = "copy"

    def render(self) -> str:
        return f"choose new targets for {self.what.render()}"


@dataclass(frozen=True)
class AddChosenColorMana(Instruction):
    """Add ``amount`` mana of the color chosen before in the same effect (:class:`ChooseValue`;
    CR 106.1, 105.4)."""

    amount: Amount
    RULES: ClassVar[tuple[str, ...]] = ("106.1", "105.4")
    FAMILY: ClassVar[str] = "mana"

    def render(self) -> str:
        return f"add {self.amount.render()} mana of the chosen color"
