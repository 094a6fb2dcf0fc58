"""A leveler card's level bars (CR 711, 702.87b), read from its Oracle paragraphs.

A level symbol ("LEVEL 1-3", "LEVEL 4+") opens a striation of the text box; the
power/toughness box and the abilities printed after it, up to the next level symbol, are
part of that symbol's static ability (711.2, 711.2a-b, 711.3). :func:`level_bars` finds
those paragraphs; :func:`read_level_bar` reads one striation as a
:class:`~mtgrules.cards.vocabulary.LevelBar` when it holds only a power/toughness box and
keyword lines of keywords known by name (those a grant reads, CR 613.1f), else None: the
striation is then left unread, each of its paragraphs not modeled (an ability printed
there works only at those levels, so it is never read as one the card always has).
"""

from __future__ import annotations

import re

from mtgrules import lazyre
from mtgrules.cards.oracle.keywords import keyword_line
from mtgrules.cards.statics import GRANTABLE_KEYWORDS
from mtgrules.cards.vocabulary import Ability, AbilityKind, LevelBar

LEVEL_SYMBOL = lazyre.compile(r"^LEVEL (?P<low>\d+)(?:-(?P<high>\d+)|(?P<plus>\+))$")
_PT_BOX = lazyre.compile(r"^(?P<p>\d+)/(?P<t>\d+)$")
# The label of a paragraph printed in a level bar's striation that isn't read (711.2)
UNREAD_LABEL = "not modeled: part of a level bar (static ability)"


def level_bars(lines: list[str]) -> list[tuple[int, int]]:
    """(start, end) of each striation in ``lines``: a level symbol and the paragraphs after
    it, up to the next level symbol or the end of the text box (CR 711.2, 711.3)."""
    starts = [i for i, line in enumerate(lines) if LEVEL_SYMBOL.match(line)]
    return [(s, starts[k + 1] if k + 1 < len(starts) else len(lines)) for k, s in enumerate(starts)]


def read_level_bar(lines: list[str], known: set[str]) -> Ability | None:
    """One striation (its level symbol first) as the level symbol's static ability (CR
    711.2a-b), or None when a paragraph of it isn't a power/toughness box or keywords
    a grant reads."""
    symbol = LEVEL_SYMBOL.match(lines[0])
    if symbol is None:
        return None
    power = toughness = None
    keywords: list[tuple[str, ...]] = []
    plain = [re.sub(r" \([^)]*\)$", "", line) for line in lines]  # reminder text aside
    for line in plain[1:]:
        box = _PT_BOX.match(line)
        if box is not None and power is None and not keywords:
            power, toughness = int(box.group("p")), int(box.group("t"))
            continue
        found = keyword_line(line, known)
        if not found or any(
            a.kind is not AbilityKind.KEYWORD or a.keyword not in GRANTABLE_KEYWORDS - {"flash"}
            for a in found
        ):
            return None
        keywords.append(tuple(a.keyword for a in found if a.keyword is not None))
    if power is None or toughness is None:
        return None  # a leveler land's striations have no box: not read
    high = None if symbol.group("plus") else int(symbol.group("high"))
    bar = LevelBar(int(symbol.group("low")), high, power, toughness, tuple(keywords))
    ability = Ability(AbilityKind.STATIC, level_bar=bar, oracle="\n".join(lines))
    return ability if bar.render() == "\n".join(plain) else None
