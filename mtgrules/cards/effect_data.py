"""A hand-written card's effect given as data (``effect: {script: [...]}``, see
``schemas/card.schema.json``): the effect vocabulary of :mod:`mtgrules.cards.effects`
written out as YAML, for a built-in card whose own words the Oracle effect reader
doesn't take apart (CR 608.2c: the instructions, in order).

Each entry is one instruction: ``{NAME: VALUE}``. ``may`` and ``if_you_do`` take a list
of entries (608.2d, 608.2c); ``delayed`` a mapping ``{when: next_end_step, then: [...]}``
(603.7a); the others a subject (``target``, ``target 2``, ``self``, ``that``, ``you``) or a
mapping of their fields, whose subjects are written the same way.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from mtgrules.cards import effects as fx
from mtgrules.cards.effects_control import BecomeCopy

# the instructions a card's data may name (each one the play-out carries out)
INSTRUCTIONS: dict[str, type[fx.Instruction]] = {
    "exile": fx.Exile,
    "move": fx.Move,
    "become_copy": BecomeCopy,
    "may": fx.May,
    "if_you_do": fx.IfYouDo,
    "delayed": fx.Delayed,
}
_SUBJECT_FIELDS = frozenset({"what", "of", "who", "to"})
_SUBJECTS = frozenset({"self", "that", "you"})


def script_from_data(entries: Sequence[Any]) -> fx.Script:
    """The :class:`~mtgrules.cards.effects.Script` the entries write out, in order."""
    return fx.Script(tuple(_instruction(entry) for entry in entries))


def _instruction(entry: Any) -> fx.Instruction:
    if not isinstance(entry, Mapping) or len(entry) != 1:
        raise ValueError(f"an effect script entry is one {{instruction: value}}, not {entry!r}")
    ((name, value),) = entry.items()
    kind = INSTRUCTIONS.get(name)
    if kind is None:
        raise ValueError(f"unknown effect instruction {name!r}; known: {', '.join(INSTRUCTIONS)}")
    if kind in (fx.May, fx.IfYouDo):
        return kind(script_from_data(value))
    if kind is fx.Delayed:
        return fx.Delayed(value["when"], script_from_data(value["then"]))
    if not isinstance(value, Mapping):
        first = dataclasses.fields(kind)[0].name
        value = {first: value}
    fields = {f.name for f in dataclasses.fields(kind)}
    unknown = set(value) - fields
    if unknown:
        raise ValueError(f"{name} has no field {', '.join(sorted(unknown))}")
    return kind(**{k: _subject(v) if k in _SUBJECT_FIELDS else v for k, v in value.items()})


def _subject(words: str) -> fx.Subject:
    """``target`` (the first target), ``target N`` (the N-th, from 1), ``self``, ``that``,
    ``you``."""
    if words in _SUBJECTS:
        return fx.Subject(words)
    head, _, number = words.partition(" ")
    if head == "target":
        return fx.Subject("target", int(number) - 1 if number else 0)
    raise ValueError(f"unknown subject {words!r} in an effect script")
