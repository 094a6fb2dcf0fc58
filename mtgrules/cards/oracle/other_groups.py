"""A group "other" than something the effect named (CR 109.1, 608.2c): the effect reader
leaves such a text unread (:func:`other_than_named`).

The vocabulary's ``Group.other`` means "other than this object", the ability's source, as
in a creature's own trigger that deals damage to each other creature. An instant or sorcery
is no object among such a group, so a spell's "other" means other than an object or group
its words named before it (its target, the creatures of the instruction before, each
object counted), unless nothing was named before (then it leaves nothing out). And once an
ability's effect has named a target object or created a token in an earlier sentence, its
"other" may be other than that one (a target pumped and every other creature pumped less
leaves the target out). No Subject says "other than the object named before", so such a
text is not read rather than read with the target in its group."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Iterator
from typing import Any

from mtgrules import lazyre
from mtgrules.cards.effects import Instruction, Script, Subject
from mtgrules.cards.oracle.effects_parts import PLAYERS
from mtgrules.cards.oracle.moved_groups import in_order
from mtgrules.cards.statics import Group
from mtgrules.cards.vocabulary import Ability

_OTHER = lazyre.compile(r"\b(?:other|another)\b", re.IGNORECASE)
# an object the effect names before its "other" group: a target object (a player target
# isn't among a group of objects), or a token it created in an earlier sentence (one the
# same sentence creates doesn't exist yet when its count or group is looked at: "create a
# token for each other creature you control")
_TARGET = lazyre.compile(r"\btarget (?!opponents?\b|players?\b)", re.IGNORECASE)
_CREATED = lazyre.compile(r"\bcreates?\b[^.]*\.", re.IGNORECASE)
# subjects that are players, never among a group of objects (Subject's kinds)
_PLAYERS = frozenset((*PLAYERS, "chosen_player", "its_controller", "that_controller"))


def other_than_named(steps: Iterable[Instruction], kind: str, text: str) -> bool:
    """Whether ``steps`` hold a group "other" than the source (``Group.other``) where the
    words may mean other than something else (see the module). A quoted ability's "other"
    is its own object's (a token's "for each other Illusion you control") and isn't looked
    at."""
    if not any(group.other for group in _groups(steps)):
        return False
    if kind == "spell":
        return _after_an_object(steps)
    others = [m.start() for m in _OTHER.finditer(text)]
    if not others:
        return True
    before = text[: others[-1]]
    return _TARGET.search(before) is not None or _CREATED.search(before) is not None


def _after_an_object(steps: Iterable[Instruction]) -> bool:
    """Whether an instruction's "other" group comes after an instruction that named an
    object, or beside another object in its own instruction, in the order written."""
    named = False
    for step in in_order(steps):
        mentions = [m for f in dataclasses.fields(step) for m in _mentions(getattr(step, f.name))]
        if any(mentions) and (named or not all(mentions)):
            return True
        named = named or bool(mentions)
    return False


def _mentions(value: Any) -> Iterator[bool]:
    """For each object an instruction's own field names (a subject other than a player, a
    group counted), whether it is an "other" group; nested instructions are their own."""
    if isinstance(value, Instruction | Script | Ability):
        return
    if isinstance(value, Subject):
        if value.kind not in _PLAYERS:
            yield any(group.other for group in _groups(value))
    elif isinstance(value, Group):
        yield value.other
    elif isinstance(value, tuple | list):
        for item in value:
            yield from _mentions(item)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            yield from _mentions(getattr(value, field.name))


def _groups(value: Any) -> Iterator[Group]:
    """Every :class:`Group` in ``value`` (instructions, their subjects and amounts, nested
    scripts), at any depth."""
    if isinstance(value, Group):
        yield value
    elif isinstance(value, Ability):  # a quoted ability: its "other" is its own object's
        return
    elif isinstance(value, tuple | list):
        for item in value:
            yield from _groups(item)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            yield from _groups(getattr(value, field.name))
