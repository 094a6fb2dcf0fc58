"""The Oracle effect reader's choices (docs/effects.md, "Choices"): the heads of modal spells
and abilities whose number of modes is a range or may repeat (CR 700.2, 700.2a-b, 700.2d),
read into :class:`~mtgrules.cards.effects_choices.ChooseModes`, and the transformer methods
for optional actions and the choices of other players (608.2d), mixed into the reader's
transformer (:mod:`mtgrules.cards.oracle.effects`) like the other subjects' modules.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from mtgrules import lazyre
from mtgrules.cards.effects import (
    YOU,
    Amount,
    IfYouDo,
    Instruction,
    May,
    Sacrifice,
    Script,
    Subject,
)
from mtgrules.cards.effects_choices import IfTheyDo, IfYouDont, TheyMay
from mtgrules.cards.effects_instead import if_did
from mtgrules.cards.oracle.effects_parts import (
    Unread,
    VerbPhrase,
    flat,
    is_player,
    player_only,
    third_person,
)
from mtgrules.cards.oracle.statics import read_group
from mtgrules.cards.statics import Group
from mtgrules.cards.targets import NUMBER_WORDS

# "Choose one or both —", "Choose one or more —", "Choose up to two —", "Choose any
# number —", "Choose one that hasn't been chosen [this turn] —", "Choose three. You may
# choose the same mode more than once." (700.2d); the exact "Choose one —" is Modal's
_RANGE_HEAD = lazyre.compile(
    r"^Choose (?:(?P<both>one or both)|(?P<more>one or more)|up to (?P<upto>one|two|three|four)"
    r"|(?P<any>any number)|(?P<fresh>one that hasn't been chosen(?P<turn> this turn)?)) —$"
    r"|^Choose (?P<rep>two|three|four|five)\. You may choose the same mode more than once\.$"
)


@dataclass(frozen=True)
class ModesHead:
    """How many modes a modal head lets its controller choose (CR 700.2a-b, 700.2d)."""

    least: int
    most: int
    repeat: bool = False
    fresh: str = ""


def modes_head(head: str, count: int) -> ModesHead | None:
    """The range a modal ``head`` line allows, for ``count`` modes; None when the head is
    not one of these (the reader leaves it unread)."""
    found = _RANGE_HEAD.match(head)
    if found is None:
        return None
    if found.group("both"):
        return ModesHead(1, 2) if count == 2 else None
    if found.group("more"):
        return ModesHead(1, count)
    if found.group("upto"):
        most = NUMBER_WORDS.index(found.group("upto"))
        return ModesHead(0, most) if most < count else None
    if found.group("any"):
        return ModesHead(0, count)
    if found.group("fresh"):
        return ModesHead(1, 1, fresh="turn" if found.group("turn") else "ever")
    times = NUMBER_WORDS.index(found.group("rep"))
    return ModesHead(times, times, repeat=True)


class ChoicePhrases:
    """Transformer methods for optional actions and choices (mixed into the reader's
    transformer, :mod:`mtgrules.cards.oracle.effects`)."""

    state: Any  # the reader's sentence state (oracle/effects._State)

    def if_you_dont(self, *_):
        return ("if_you_dont",)

    def if_they_do(self, *_):
        return ("if_they_do",)

    def if_they_dont(self, *_):
        return ("if_they_dont",)

    def they_may(self, who, _may, vps):
        """ "Its controller may draw a card": that player chooses as it resolves (CR
        608.2d), and does it; each of several players in turn (101.4)."""
        if not is_player(who, self.state.players) or who == YOU:
            raise Unread("an object's option")
        if any(vp.third for vp in vps):
            raise Unread("verb form after 'may'")
        steps = tuple(flat(vp.make(who) for vp in vps))
        self.state.last_player = who
        return [TheyMay(who, Script(steps))]

    def may_have_clause(self, subject, vps):
        """ "You may have [subject] [verb]": the controller chooses whether it happens
        (CR 608.2d); the subject does it, so its verbs are in the base form ("have target
        creature get", never "gets")."""
        if any(vp.third for vp in vps):
            raise Unread("verb form after 'have'")
        if subject == YOU:
            raise Unread("you may have you")
        return ("may", YOU, [_done_by(subject, vp) for vp in vps])

    def sacrifice_another(self, verb, _another, group):
        """CR 701.21a, 608.2d: "sacrifice another creature", one permanent of the group
        other than the source, chosen by the player as it resolves."""
        if group.other:
            raise Unread("another other")
        return _sacrifice_one(self.state, verb, replace(group, other=True))

    def sacrifice_subtype(self, verb, _article, noun):
        """CR 701.21a, 608.2d: "sacrifice a Food", one permanent of that subtype."""
        group = read_group(f"Each {noun}")
        if group is None or group.noun != str(noun):
            raise Unread(str(noun))
        return _sacrifice_one(self.state, verb, group)


def _done_by(subject: Subject, vp: VerbPhrase) -> VerbPhrase:
    """A verb phrase whose actor is ``subject`` whoever the clause says acts."""
    return VerbPhrase(False, lambda _actor: vp.make(subject))


def _sacrifice_one(state: Any, verb: Any, group: Group) -> VerbPhrase:
    chosen = Subject("chosen", group=replace(group, quantifier=""))
    return VerbPhrase(
        third_person(verb),
        lambda a: player_only(a, state.players) and Sacrifice(a, chosen, Amount(1)),
    )


IF_PREFIXES = ("if_you_do", "if_you_dont", "if_they_do", "if_they_dont")


def after_choice(
    before: list[Instruction], steps: tuple[Instruction, ...], done: bool, they: bool = False
) -> Instruction | None:
    """ "If you do, ..." (``done``) or "If you don't, ..." after the instructions ``before``
    (CR 608.2c, 608.2d): done or not as the player chose for the "you may" just before; an
    "If you don't" may follow that "you may"'s "If you do" when nothing in it asks again.
    None when there is no such choice to follow (the sentence is left unread). "If they
    do" follows one other player's option, the sentence just before."""
    if they:
        last = before[-1] if before else None
        if not isinstance(last, TheyMay) or last.who.kind in ("each_player", "each_opponent"):
            return None
        return IfTheyDo(Script(steps), done)
    if before and isinstance(before[-1], May):
        return IfYouDo(Script(steps)) if done else IfYouDont(Script(steps))
    if done and before and (did := if_did(before[-1], steps)) is not None:
        return did  # "Sacrifice it. If you do, ..." (118.12)
    if done or len(before) < 2 or not isinstance(before[-2], May):
        return None
    if not isinstance(before[-1], IfYouDo) or _asks(before[-1].then):
        return None
    return IfYouDont(Script(steps))


def _asks(script: Script) -> bool:
    """Whether following ``script`` may make another optional choice (a "you may" of its
    own, modes, anything that is not an instruction of the base vocabulary's actions)."""
    for step in script.steps:
        if step.FAMILY == "glue" or any(isinstance(v, Script) for v in vars(step).values()):
            return True
    return False
