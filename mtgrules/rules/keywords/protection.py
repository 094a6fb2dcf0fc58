"""Protection's qualities (CR 702.16a): what an object with protection is protected from,
read once for every place protection matters: targeting (702.16b), blocking (702.16f),
damage (702.16e) and attaching (702.16c-d, 704.5m).

The qualities read: a color ("protection from green"), "all colors" and "each color"
(702.16h), "everything" (702.16j), "multicolored", "monocolored", "colorless", a card type
("creatures", "artifacts", "sorceries") and a creature type ("Goblins"). "Protection from
[A] and from [B]" is one ability per quality (702.16g). Any other quality (a player, "the
chosen color", a name, a mana value) is not read: :func:`has_quality` says None and the
caller refuses, naming it.
"""

from __future__ import annotations

import re

from mtgrules.cards.mana import COLOR_CODES
from mtgrules.cards.statics import TYPE_WORDS, singular
from mtgrules.cards.vocabulary import AbilityKind
from mtgrules.rules.layers.characteristics import Characteristics

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


def has_quality(chars: Characteristics, quality: str) -> bool | None:
    """Does an object with ``chars`` have the quality protection is from (CR 702.16a)?
    None when mtgrules doesn't read the quality."""
    q = quality.lower()
    colors = chars.colors
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
        return chars.is_a(_CARD_TYPES[q])
    subtype = singular(quality) or singular(quality.capitalize())
    if subtype is not None and subtype != "permanent":
        return chars.has_subtype(subtype)
    return None


def protection_from(holder: Characteristics, source: Characteristics) -> tuple[bool | None, str]:
    """CR 702.16a: whether ``holder`` has protection from ``source`` (True, with the
    quality), not (False), or unknown (None, with the quality mtgrules doesn't read)."""
    for a in holder.abilities:
        keyword = (a.keyword or "").lower()
        if a.kind is not AbilityKind.KEYWORD or not keyword.startswith("protection"):
            continue
        found = qualities(keyword)
        if not found:
            return None, keyword
        for quality in found:
            has = has_quality(source, quality)
            if has is None or has:
                return has, quality
    return False, ""
