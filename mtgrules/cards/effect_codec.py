"""An effect as read (a :class:`~mtgrules.cards.effects.Script`), as JSON and back.

The readings stored at import (:mod:`mtgrules.cards.readings`) are Scripts: trees of frozen
dataclasses (the vocabulary of :mod:`mtgrules.cards.effects` and
:mod:`mtgrules.cards.effects_actions`, :mod:`~mtgrules.cards.effects_library`,
:mod:`~mtgrules.cards.effects_changes`, :mod:`~mtgrules.cards.effects_control`, :mod:`~mtgrules.cards.effects_conditions` and :mod:`~mtgrules.cards.effects_game`, with the groups of :mod:`mtgrules.cards.statics` (and the board conditions of
:mod:`mtgrules.cards.static_conditions` a condition reads) and
the mana of :mod:`mtgrules.cards.mana_effects` and the mana costs of
:mod:`mtgrules.cards.mana` inside: a token's quoted abilities have costs). Each dataclass is written as a JSON
object naming its class (``"@": "effects.DealDamage"``, the module under
``mtgrules.cards`` and the class name) with the fields that differ from their defaults;
a tuple as a list; an enum as ``{"@enum": "vocabulary.AbilityKind", "value": ...}``.
Reading it back builds the same values (``==``), so the play-out follows exactly what the
reader produced. A class is looked up only in :data:`MODULES`, never imported by name from
the data: a stored reading can't make a check load anything else (the grammar library
above all). A class or value outside them can't be written (:class:`CodecError`): a new
vocabulary module is added here (``tests/test_readings.py`` checks that none is missing,
and round-trips a sample of the real corpus's readings).
"""

from __future__ import annotations

import dataclasses
import enum
import json
from typing import Any

from mtgrules.cards import (
    effect_subjects,
    effects,
    effects_actions,
    effects_amounts,
    effects_casting,
    effects_changes,
    effects_choices,
    effects_conditions,
    effects_continuous,
    effects_control,
    effects_counters,
    effects_damage,
    effects_frames,
    effects_game,
    effects_groups,
    effects_instead,
    effects_library,
    effects_moves,
    effects_named,
    effects_objects,
    effects_players,
    mana,
    mana_effects,
    static_conditions,
    static_permissions,
    statics,
    targets,
    vocabulary,
)
from mtgrules.cards.effects import Script

MODULES = {
    "effect_subjects": effect_subjects,
    "effects": effects,
    "effects_actions": effects_actions,
    "effects_amounts": effects_amounts,
    "effects_casting": effects_casting,
    "effects_changes": effects_changes,
    "effects_conditions": effects_conditions,
    "effects_continuous": effects_continuous,
    "effects_choices": effects_choices,
    "effects_control": effects_control,
    "effects_counters": effects_counters,
    "effects_damage": effects_damage,
    "effects_frames": effects_frames,
    "effects_game": effects_game,
    "effects_groups": effects_groups,
    "effects_instead": effects_instead,
    "effects_library": effects_library,
    "effects_moves": effects_moves,
    "effects_objects": effects_objects,
    "effects_named": effects_named,
    "effects_players": effects_players,
    "mana": mana,
    "mana_effects": mana_effects,
    "static_conditions": static_conditions,
    "static_permissions": static_permissions,
    "statics": statics,
    "targets": targets,
    "vocabulary": vocabulary,
}
_PREFIX = "mtgrules.cards."


class CodecError(ValueError):
    """A value the codec can't write or read (a class outside :data:`MODULES`, bad JSON)."""


def _name(cls: type) -> str:
    module = cls.__module__.removeprefix(_PREFIX)
    if module not in MODULES or getattr(MODULES[module], cls.__name__, None) is not cls:
        raise CodecError(f"{cls.__module__}.{cls.__qualname__} is not a vocabulary class")
    return f"{module}.{cls.__name__}"


def _plain(value: Any) -> Any:
    if isinstance(value, enum.Enum):  # before str: a StrEnum is a str
        return {"@enum": _name(type(value)), "value": value.value}
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out: dict[str, Any] = {"@": _name(type(value))}
        for field in dataclasses.fields(value):
            if not field.init:
                continue
            got = getattr(value, field.name)
            if field.default is not dataclasses.MISSING and got == field.default:
                continue
            out[field.name] = _plain(got)
        return out
    raise CodecError(f"a {type(value).__name__} can't be stored in a reading")


def _class(name: Any) -> Any:
    module, _, cls = str(name).partition(".")
    found = getattr(MODULES.get(module), cls, None)
    if not isinstance(found, type):
        raise CodecError(f"{name!r} is not a vocabulary class")
    return found


def _value(data: Any) -> Any:
    if isinstance(data, list):
        return tuple(_value(v) for v in data)
    if not isinstance(data, dict):
        return data
    if "@enum" in data:
        return _class(data["@enum"])(data["value"])
    cls = _class(data.get("@"))
    if not dataclasses.is_dataclass(cls):
        raise CodecError(f"{data.get('@')!r} is not a vocabulary class")
    try:
        return cls(**{k: _value(v) for k, v in data.items() if k != "@"})
    except TypeError as err:
        raise CodecError(f"{data.get('@')}: {err}") from None


def dumps(script: Script) -> str:
    """The reading as compact JSON."""
    return json.dumps(_plain(script), separators=(",", ":"), ensure_ascii=False)


def loads(text: str) -> Script:
    """The reading :func:`dumps` wrote."""
    try:
        script = _value(json.loads(text))
    except (ValueError, KeyError) as err:
        raise CodecError(f"not a stored reading ({err})") from None
    if not isinstance(script, Script):
        raise CodecError("not a stored reading (no Script)")
    return script
