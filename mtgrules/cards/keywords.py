"""Keywords judged by name (CR 702): what they do is something no question mtgrules
answers depends on, so the keyword is recognised and named, and nothing more.

* alternative costs whose condition is an event of this turn a case doesn't record
  (another spell cast, an opponent losing life, combat damage by an Assassin) or
  that casts the card face down: ``can_cast`` asks about casting for the mana cost
  (or plot, flashback), never for these costs, so its answer doesn't change;
* triggered abilities on attacking or on casting a spell: no question asks which
  abilities trigger on those events.

Keywords that let a card be cast from a graveyard or exile by a permission the case
can't show are in :data:`mtgrules.rules.keywords.costs.UNTRACKED_PERMISSIONS`.
"""

from __future__ import annotations

# keyword -> the rule that defines it
ALTERNATIVE_COSTS = {
    "surge": "702.117a",  # if you or a teammate cast another spell this turn
    "spectacle": "702.137a",  # if an opponent lost life this turn
    "freerunning": "702.173a",  # if an Assassin or commander dealt combat damage this turn
    "web-slinging": "702.188a",  # paid with a tapped creature returned to hand
    "disguise": "702.168a",  # cast face down for {3}, turned up for its disguise cost
}
TRIGGERS = {
    "mobilize": "702.181a",  # whenever this creature attacks
    "increment": "702.191a",  # whenever you cast a spell
}
BY_NAME = {**ALTERNATIVE_COSTS, **TRIGGERS}
