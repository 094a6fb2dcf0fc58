"""Protection and blocking (CR 702.16f): an attacking creature with protection from a
quality can't be blocked by creatures that have it.

The qualities read: a color ("protection from green"), "all colors" and "each color"
(702.16h), "everything" (702.16j), "multicolored", "monocolored", "colorless", a card type
("creatures", "artifacts", ...) and a subtype ("Goblins", "Dragons"). "Protection from [A]
and from [B]" is one ability per quality (702.16g). Any other quality (a player, "the
chosen color", a name, a mana value) refuses the answer, naming it.
"""

from __future__ import annotations

import re

from mtgrules.cards.mana import COLOR_CODES
from mtgrules.cards.statics import TYPE_WORDS, singular
from mtgrules.rules import Unsupported
from mtgrules.rules.layers import Characteristics

PROTECTION = re.compile(r"^protection from (?P<qualities>.+)$", re.IGNORECASE)
_CARD_TYPES = {**{f"{w}s": t for w, t in TYPE_WORDS.items()}, "sorceries": "Sorcery"}
_CARD_TYPES.update({"instants": "Instant", "planeswalkers": "Planeswalker", "battles": "Battle"})


def qualities(keyword: str) -> list[str]:
    """ "protection from black and from red" -> ["black", "red"] (CR 702.16g)."""
    found = PROTECTION.match(keyword)
    if found is None:
        return []
    parts = re.split(r",? and from |, from ", found.group("qualities"))
    return [p.strip().removeprefix("from ").strip() for p in parts if p.strip()]


def has_quality(blocker: Characteristics, quality: str, keyword: str) -> bool:
    """Does the blocker have the quality protection is from (CR 702.16a, 702.16f)?"""
    q = quality.lower()
    colors = blocker.colors
    if q in COLOR_CODES:
        return COLOR_CODES[q] in colors
    if q in ("all colors", "each color"):
        return bool(colors)
    if q == "everything":
        return True
    if q == "multicolored":
        return len(colors) > 1
    if q == "monocolored":
        return len(colors) == 1
    if q == "colorless":
        return not colors
    if q in _CARD_TYPES:
        return blocker.is_a(_CARD_TYPES[q])
    subtype = singular(quality) or singular(quality.capitalize())
    if subtype is not None and subtype not in ("permanent",):
        return blocker.has_subtype(subtype)
    raise Unsupported(
        f"the attacker has “{keyword}”: mtgrules doesn't read protection from {quality!r}, "
        "which decides which creatures can block it (CR 702.16a, 702.16f)"
    )
