"""The one way reports get an ability's effect as read (``mtgrules cards coverage``,
``mtgrules card NAME``): the reading stored with the ability when there is one (a card
whose effect is given as data, docs/effects.md), else the Oracle effect reader's reading
of its words (:func:`~mtgrules.cards.oracle.effects.read_effect`). Readings stored at
import will be taken here too, so that no report parses what is already read.
"""

from __future__ import annotations

import functools

from mtgrules.cards.effects import Script
from mtgrules.cards.oracle.costs import self_pattern
from mtgrules.cards.oracle.effects import read_effect
from mtgrules.cards.vocabulary import Ability

# distinct effect texts of a corpus (about 24,000 of 37,000 abilities); a Script is small
_CACHED = 32768


def effect_reading(kind: str, words: str, name: str, ability: Ability | None = None) -> Script:
    """What ``ability`` of the card ``name`` does, as read (CR 608.2c): ``words`` are its
    effect (``kind``: ``spell``, ``activated`` or ``triggered``, as
    :func:`~mtgrules.cards.oracle.effect_texts.ability_effect` gives them)."""
    effect = ability.effect if ability is not None else None
    if effect is not None and effect.script is not None:
        return effect.script
    # the reader uses the card's name only to find where the text names the card itself:
    # a text that doesn't name it reads the same for every card (one reading per text)
    if self_pattern(name).sub("~", words) == self_pattern().sub("~", words):
        name = ""
    return _read(words, name, kind)


@functools.lru_cache(maxsize=_CACHED)
def _read(words: str, name: str, kind: str) -> Script:
    return read_effect(words, name, kind)
