"""Reading "Cast this spell only during ..." on a card: when the card itself may be cast.

Such an ability restricts how that particular card is cast, so it works wherever the card
could be cast from (CR 113.6e); a spell can be begun only when nothing forbids it (601.3).
The windows read are those :data:`~mtgrules.cards.static_permissions.CAST_WINDOWS` names ("during
combat", "during the declare blockers step", "after combat", "during an opponent's
upkeep", each optionally on your or an opponent's turn); a condition joined with "and
only if" is kept in the card's words, and the rules refuse to judge it. Windows whose
bounds depend on what happened earlier in the turn ("before attackers are declared",
"before the combat damage step") aren't read.
"""

from __future__ import annotations

import re

from mtgrules import lazyre
from mtgrules.cards.oracle.costs import SELF, SelfRefs
from mtgrules.cards.static_permissions import Restriction
from mtgrules.cards.vocabulary import Ability, AbilityKind


def _whose(group: str) -> str:
    return rf"(?: on (?P<{group}>your|an opponent's) turn)?"


_WINDOW = lazyre.compile(
    rf"^Cast {SELF} only (?:"
    rf"during combat{_whose('on')}(?P<blockers> (?:before|after) blockers are declared)?"
    rf"|during (?:the|(?P<step_whose>your)) (?P<step>declare attackers|declare blockers) step{_whose('step_on')}"
    r"|during (?P<phase_whose>your|an opponent's) (?P<phase>upkeep|end step)"
    r"|during (?P<turn>your|an opponent's) turn"
    r"|(?P<after>after combat)"
    r")(?: and only (?P<also>if [^.]+))?\.$"
)


def read_cast_window(refs: SelfRefs) -> Ability | None:
    """``Cast this spell only during combat on an opponent's turn.`` -> a ``cast_window``
    restriction (CR 113.6e, 601.3)."""
    found = _WINDOW.match(refs.line)
    if found is None:
        return None
    g = found.groupdict()
    owner = g["on"] or g["step_on"] or g["step_whose"] or g["phase_whose"] or g["turn"]
    who = {"your": "you", "an opponent's": "opponents"}.get(owner or "", "players")
    if g["after"]:
        window = "after_combat"
    elif g["turn"]:
        window = "turn"
    elif g["phase"]:
        window = "upkeep" if g["phase"] == "upkeep" else "end"
    elif g["step"]:
        window = g["step"].replace(" ", "_")
    elif g["blockers"]:
        window = "combat_before_blockers" if "before" in g["blockers"] else "combat_after_blockers"
    else:
        window = "combat"
    also = re.sub(r"\s+", " ", refs.restore(g["also"] or ""))
    restriction = Restriction("cast_window", who=who, only=window, also=also)
    return Ability(AbilityKind.STATIC, restriction=restriction)
