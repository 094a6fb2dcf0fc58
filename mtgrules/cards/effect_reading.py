"""The one way reports get an ability's effect as read (``mtgrules cards coverage``,
``mtgrules card NAME``): the reading stored with the ability when there is one (a card
whose effect is given as data, docs/effects.md), else the reading an import stored under
the same key the play-out looks up (words, kind, the card's name where the words name it),
else the Oracle effect reader's reading of the words
(:func:`mtgrules.cards.readings.imported_or_read`). A report's words keep the sentence's
final period where the play-out's don't, so most report texts are still read here.
"""

from __future__ import annotations

from mtgrules.cards.effects import Script
from mtgrules.cards.readings import imported_or_read
from mtgrules.cards.vocabulary import Ability


def effect_reading(kind: str, words: str, name: str, ability: Ability | None = None) -> Script:
    """What ``ability`` of the card ``name`` does, as read (CR 608.2c): ``words`` are its
    effect (``kind``: ``spell``, ``activated`` or ``triggered``, as
    :func:`~mtgrules.cards.oracle.effect_texts.ability_effect` gives them)."""
    effect = ability.effect if ability is not None else None
    if effect is not None and effect.script is not None:
        return effect.script
    return imported_or_read(words, name, kind)
