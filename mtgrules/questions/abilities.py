"""How answers quote an ability. Finding "ability N" or "ability KEYWORD" of an object
(:func:`mtgrules.rules.activation.ability_numbers.find_ability`) is the numbering's, which
validation reads too.
"""

from __future__ import annotations

from mtgrules.cards.vocabulary import Ability


def describe(ability: Ability) -> str:
    """How an answer quotes an ability: its canonical wording."""
    return ability.render() or (ability.keyword or "")
