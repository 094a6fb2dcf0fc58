"""The types of mana an unread ability of the permanent asked about names by its symbols.

``could_produce`` asks which types of mana a permanent could produce: the types its
abilities would add if they resolved now, whatever their costs (CR 106.7). An ability
mtgrules doesn't read whole ("{T}: Add {R} or {G}. You gain 2 life.", a Saga's "II —
Add {R}.") still settles that much when every sentence of it that adds mana names the
mana by its symbols: the types are those symbols ("one mana of any color" names the five
colors), whatever else it does. An amount that depends on something ("for each lore
counter", "equal to its power", X where X is a count) may be zero now, and an ability that would add no mana
adds no type (106.7), so such a sentence leaves the ability unread; so does any other way
of naming mana ("of the chosen color", "that a land could produce", "of any type") or an
"add" inside a quoted ability it gives (another object's), and the answer is unsupported.
"Add X mana in any combination of {W} and/or {U}" with X announced as it is activated (no
"where X is": CR 107.3k) names those colors: costs are ignored, so X may be one or more.
"""

from __future__ import annotations

import re

from mtgrules import lazyre
from mtgrules.cards.vocabulary import Ability
from mtgrules.rules.scope.index import words_of
from mtgrules.rules.scope.reach import QUOTED

_SENTENCES = lazyre.compile(r"(?<=[.;])\s+")
_ADD = lazyre.compile(r"\badds?\b", re.IGNORECASE)
_SYMBOL = lazyre.compile(r"\{([WUBRGC])\}")
# words that name mana by something else than its symbols
_OPEN = lazyre.compile(
    r"\bany\b(?! combination of \{)|\bchosen\b|\bcould produce\b|\bcolou?rs?\b|\btypes?\b"
    r"|\bsame\b|\bthat mana\b|\bproduced\b|\binstead of\b|\bmana of\b",
    re.IGNORECASE,
)
# an amount that depends on something ("for each lore counter on this Saga", "equal to its
# power", X), or that holds only under a condition ("If you control a Desert, add {R}
# instead"): it may add no mana, or not that mana, now (106.7)
_COUNTED = lazyre.compile(
    r"\bfor each\b|\bequal to\b|\bX\b|\bthat (?:much|many)\b|\bnumber of\b"
    r"|\binstead\b|\bif\b|\bunless\b|\bas long as\b|\bonly\b",
    re.IGNORECASE,
)
# "one mana of any color", "two mana in any combination of colors": each of the five colors
# (CR 105.1, 106.1b), not colorless
_ANY_COLOR = lazyre.compile(
    r"\bmana of any (?:one )?colou?r\b(?! that| among| of)|\bmana in any combination of colou?rs\b(?! that)",
    re.IGNORECASE,
)
# "Add X mana in any combination of {W} and/or {U}" with no "where X is": X is announced as
# the ability is activated (its cost says it, CR 107.3k), and costs are ignored (106.7), so
# X may be one or more and the types are those colors (the five for "of colors")
_X_ANNOUNCED = lazyre.compile(
    r"^\s*X mana in any combination of (?:colou?rs|\{([WUBRG])\} and/or \{([WUBRG])\})\.?\s*$"
)
MANA_WORDS_RULES = ("106.7",)


def types_named(ability: Ability) -> frozenset[str] | None:
    """The mana types (W U B R G C) the ability's words name wherever they add mana, or
    None when they name any mana another way (see the module)."""
    words = words_of(ability)
    quoted = " ".join(QUOTED.findall(words))
    if _ADD.search(quoted):
        return None
    adding = [s for s in _SENTENCES.split(QUOTED.sub(" ", words)) if _ADD.search(s)]
    if not adding:
        return None
    found: set[str] = set()
    for sentence in adding:
        x = _X_ANNOUNCED.match(sentence[_ADD.search(sentence).end() :])
        if x is not None and not re.search(r"\bwhere\b", sentence, re.IGNORECASE):
            found |= set(x.groups()) if x.group(1) else set("WUBRG")
            continue
        after = _ANY_COLOR.sub("{W}{U}{B}{R}{G}", sentence[_ADD.search(sentence).end() :])
        symbols = _SYMBOL.findall(after)
        if (
            _OPEN.search(after)
            or _COUNTED.search(sentence)
            or not symbols
            or re.search(r"\{[^}]*/[^}]*\}", after)
        ):
            return None
        found |= set(symbols)
    return frozenset(found)
