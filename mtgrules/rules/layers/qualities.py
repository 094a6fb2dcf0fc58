"""Whether an object has one quality a filter names, in the target reader's words
(:attr:`mtgrules.cards.targets.TargetSpec.qualifiers`): the one check for a target's
qualifiers (:mod:`mtgrules.rules.targets.candidates`, CR 115.1) and an effect's group's
qualities (:attr:`mtgrules.cards.statics.Group.qualities`,
:func:`mtgrules.rules.layers.statics_in_force.in_group`), so that every place reads the
same words the same way.

Each is judged on the object's characteristics as given (CR 613.1: the caller says through
which layer; a power or toughness needs layer 7) and its status and counters (110.5, 122.1).
A quality this module doesn't know is refused, naming it: an object is never said to have
(or lack) a quality no rule here checks.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from mtgrules.cards.mana import COLOR_CODES
from mtgrules.model.state import GameObject
from mtgrules.rules import Unsupported

if TYPE_CHECKING:  # the characteristics module imports in_group, which imports this one
    from mtgrules.rules.layers.characteristics import Characteristics

_TYPES = ("artifact", "creature", "enchantment", "land", "planeswalker", "battle", "instant")
_TYPES += ("sorcery", "kindred", "tribal")  # CR 205.2a
_STAT = re.compile(r"(power|toughness|mana value)(<=|>=|=)(\d+)")


def with_x(q: str, x: int | None) -> str:
    """A stat compared with X (CR 107.3a: "mana value X or less") with the value announced
    for it (601.2b), when known; else unchanged (and :func:`fits_quality` refuses it)."""
    found = re.fullmatch(r"(power|toughness|mana value)(<=|>=|=)X", q)
    return f"{found.group(1)}{found.group(2)}{x}" if found and x is not None else q


def fits_quality(chars: Characteristics, obj: GameObject, q: str) -> bool | None:
    """Whether ``obj`` (with characteristics ``chars``) has the quality ``q``; None when
    its characteristics don't tell (a power mtgrules can't compute). Raises
    :class:`~mtgrules.rules.Unsupported` for a quality it doesn't know.

    CR 110.5 (tapped, untapped, face down), 111.1 (token), 105.2 (colors, colorless,
    multicolored, monocolored), 205.4 (supertypes: legendary, basic, snow), 205.2a and
    205.3 ("non"-types and -subtypes), 702 (with or without a keyword ability), 122.1
    (counters), 208.1 and 202.3 (power, toughness, mana value compared with a number).
    """
    if q in ("tapped", "untapped"):
        return obj.tapped == (q == "tapped")
    if q in ("token", "nontoken"):
        return obj.token == (q == "token")
    if q == "face-down":
        return obj.face_down
    if q in COLOR_CODES:
        return COLOR_CODES[q] in chars.colors
    if q.startswith("non") and q[3:] in COLOR_CODES:
        return COLOR_CODES[q[3:]] not in chars.colors
    if q == "colorless":
        return not chars.colors
    if q == "multicolored":
        return len(chars.colors) >= 2
    if q == "monocolored":
        return len(chars.colors) == 1
    for sup in ("legendary", "basic", "snow"):
        if q == sup:
            return sup.capitalize() in chars.supertypes
        if q == f"non{sup}":
            return sup.capitalize() not in chars.supertypes
    if q.startswith("non-"):
        return not chars.has_subtype(q[4:])
    if q.startswith("non") and q[3:] in _TYPES:
        word = q[3:]
        return not (
            chars.is_a("Kindred")
            if word in ("kindred", "tribal")
            else chars.is_a(word.capitalize())
        )
    if q.startswith("with "):
        return chars.has_keyword(q[5:])
    if q.startswith("without "):
        return not chars.has_keyword(q[8:])
    if q == "counter":
        return any(n > 0 for _, n in obj.counters)
    if q.endswith(" counter"):
        return obj.counter(q[: -len(" counter")]) > 0
    found = _STAT.fullmatch(q)
    if found:
        stat, op, n = found.group(1), found.group(2), int(found.group(3))
        value = {"power": chars.power, "toughness": chars.toughness}.get(stat, chars.mana_value)
        if not isinstance(value, int):
            return None
        return value <= n if op == "<=" else value >= n if op == ">=" else value == n
    raise Unsupported(f"the quality “{quality_words(q)}” is not modeled")


def quality_words(q: str) -> str:
    """How a reason names the quality: "a permanent with power 2 or less", "legendary"."""
    found = re.fullmatch(r"(power|toughness|mana value)(<=|>=|=)(\d+|X)", q)
    if found:
        tail = {"<=": " or less", ">=": " or greater", "=": ""}[found.group(2)]
        return f"one with {found.group(1)} {found.group(3)}{tail}"
    if q.startswith(("with ", "without ")):
        return q
    if q == "counter":
        return "with a counter on it"
    if q.endswith(" counter"):
        return f"with a {q} on it"
    return q
