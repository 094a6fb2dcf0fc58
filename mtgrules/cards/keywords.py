"""Keywords as data (CR 702): the tables that both the Oracle reader (``cards/oracle*.py``)
and the keyword rules (:mod:`mtgrules.rules.keywords`) read, so the reader needs no rule.

Keywords judged by name: what they do is something no question mtgrules
answers depends on, so the keyword is recognised and named, and nothing more.

* alternative costs whose condition is an event of this turn a case doesn't record
  (another spell cast, an opponent losing life, combat damage by an Assassin) or
  that casts the card face down: ``can_cast`` never casts for these costs; a NO for
  the mana cost alone that one of them could change is refused
  (:func:`mtgrules.rules.casting.spells.cast_checks`);
* triggered abilities on attacking or on casting a spell: no question asks which
  abilities trigger on those events.

Keywords that let a card be cast from a graveyard or exile by a permission the case
can't show are in :data:`mtgrules.rules.keywords.costs.UNTRACKED_PERMISSIONS`.

The other tables: the land types of [type]cycling (702.29e), the keywords that mean
"this permanent enters with N counters" (fading, vanishing, graft, modular), and what
"affinity for [quality]" counts (702.41a).
"""

from __future__ import annotations

# keyword -> the rule that defines it
ALTERNATIVE_COSTS = {
    "surge": "702.117a",  # if you or a teammate cast another spell this turn
    "spectacle": "702.137a",  # if an opponent lost life this turn
    "freerunning": "702.173a",  # if an Assassin or commander dealt combat damage this turn
    "web-slinging": "702.188a",  # paid with a tapped creature returned to hand
    "disguise": "702.168a",  # cast face down for {3}, turned up for its disguise cost
    "emerge": "702.119a",  # sacrificing a creature, reduced by its mana value
    "cleave": "702.148a",  # without the words in square brackets
    "overload": "702.96a",  # "target" becomes "each"
    "prowl": "702.76a",  # if a player dealt combat damage with a creature sharing a type
    "miracle": "702.94a",  # as the trigger for drawing it first this turn resolves
    "more than meets the eye": "702.162a",  # cast converted (back face up)
}
# Optional additional costs and choices made as a spell is cast (601.2b, 601.2f): casting it
# without them is unaffected, and no question asks whether they were paid.
OPTIONAL_COSTS = {
    "entwine": "702.42a",
    "escalate": "702.120a",  # for each mode beyond the first
    "replicate": "702.56a",
    "bargain": "702.166a",
    "conspire": "702.78a",
    "casualty": "702.153a",
    "gift": "702.174a",
}
TRIGGERS = {
    "mobilize": "702.181a",  # whenever this creature attacks
    "increment": "702.191a",  # whenever you cast a spell
}
BY_NAME = {**ALTERNATIVE_COSTS, **TRIGGERS}

# [Type]cycling for the land types and "basic land" (CR 702.29e)
TYPECYCLING = ("plains", "island", "swamp", "mountain", "forest", "basic land", "land", "desert")
# keyword -> (counter kind, rule): "[keyword] N" means "this permanent enters with N such counters"
ENTERS_COUNTERS = {
    "fading": ("fade", "702.32a"),
    "vanishing": ("time", "702.63a"),
    "graft": ("+1/+1", "702.58a"),
    "modular": ("+1/+1", "702.43a"),
}

# affinity for [quality] (CR 702.41a): what it counts, as the reader and the rules read it
_TYPES = {"artifacts", "creatures", "enchantments", "lands", "planeswalkers"}
_NOT_SUBTYPES = {"outlaws", "tokens", "affinity", "permanents", "spells", "cards"}
_SINGULAR = {
    "plains": "Plains",
    "equipment": "Equipment",
    "elves": "Elf",
    "dwarves": "Dwarf",
    "allies": "Ally",
}


def counted(what: str) -> tuple[str, str] | None:
    """("type", "Artifact") or ("subtype", "Island") for the word after "affinity for"."""
    if what in _TYPES:
        return "type", what.removesuffix("s").capitalize()
    if what in _NOT_SUBTYPES:
        return None
    return "subtype", _SINGULAR.get(what, what.removesuffix("s").capitalize())
