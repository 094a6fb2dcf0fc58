"""Keywords a creature asked about may have, and the ones mtgrules doesn't know (CR 702.1).

A keyword the reader doesn't know is unread and refuses through the scope index; but a case's
``effects:`` may grant any word as a keyword (``add_abilities: [daunt]``). A keyword of the
attacker or blocker that mtgrules neither applies here nor knows by name could restrict or
require an attack or block, so the answer is unsupported, naming it.
"""

from __future__ import annotations

import re

from mtgrules.cards.oracle.keywords import COST_KEYWORDS, NAMED_KEYWORDS
from mtgrules.model.state import GameObject
from mtgrules.rules import Unsupported
from mtgrules.rules.layers.characteristics import Characteristics

# Keywords with a parameter after them, known by their first words (cards/oracle/keywords.py)
_WITH_PARAMETER = re.compile(
    r"^(?:protection from|hexproof from|enchant|partner with|affinity for|champion an?|gift an?"
    r"|(?:(?:nonbasic|legendary|snow) )?(?:plains|island|swamp|mountain|forest|desert|land)walk$"
    r"|(?:bushido|rampage|afflict|frenzy|annihilator|toxic|renown|absorb|crew|soulshift"
    r"|afterlife|modular|fading|vanishing|graft|fabricate|backup|bloodthirst|devour|tribute"
    r"|amplify|dredge|mobilize|casualty|hideaway) \d+$)"
)


def known(keyword: str) -> bool:
    """Is this a keyword mtgrules knows (by its rules or by name)?"""
    name = keyword.lower()
    if name in NAMED_KEYWORDS or name in COST_KEYWORDS:
        return True
    return bool(_WITH_PARAMETER.match(name)) or any(name.startswith(k + " ") for k in COST_KEYWORDS)


def require_known(obj: GameObject, chars: Characteristics, question: str) -> None:
    """Unsupported if it has a keyword mtgrules doesn't know, which could change ``question``."""
    for ability in chars.abilities:
        if ability.keyword and not known(ability.keyword):
            raise Unsupported(
                f"{obj.label} has the keyword “{ability.keyword}”, which mtgrules doesn't know:"
                f" it could change {question} (CR 702.1, 508.1c, 509.1b)"
            )
