"""A triggered ability on the entering of a group of permanents ("Whenever a creature you
control enters, ..."): the group read as the static-ability vocabulary reads groups
(:func:`~mtgrules.cards.oracle.statics.read_group`), the permanent's own entering
triggering it when it is in the group (CR 603.6a, 603.2), the rest of the ability read as
:func:`~mtgrules.cards.oracle.templates.read_triggered` reads its own triggers.
"""

from __future__ import annotations

import re

from mtgrules import lazyre
from mtgrules.cards.oracle.costs import SelfRefs
from mtgrules.cards.oracle.statics import read_group
from mtgrules.cards.oracle.templates import read_triggered
from mtgrules.cards.vocabulary import Ability, TriggerEvent

# "Whenever a creature you control enters, ...": a group the entering permanent may be in
_GROUP_ENTERS = lazyre.compile(
    r"^(When(?:ever)? an? (?P<group>[^,.]+?) enters(?: the battlefield)?), "
)


def read_group_entering(refs: SelfRefs) -> Ability | None:
    """A triggered ability on the entering of a group the static-ability vocabulary reads
    ("a Rogue creature", "a land you control", "an artifact you control"): its own
    entering triggers it when it is in the group (CR 603.6a); the rest is read as
    :func:`read_triggered` reads its own triggers."""
    found = _GROUP_ENTERS.match(re.sub(r"^[A-Z][\w'’-]*(?: [\w'’-]+){0,3}[?!]? — ", "", refs.line))
    if found is None:
        return None
    group = read_group(f"Each {found.group('group')}")
    if group is None or group.attached or group.cards_not_on_battlefield or group.other:
        return None
    event = TriggerEvent("enters", what="group", group=group)
    return read_triggered(refs, ((_GROUP_ENTERS, event),))
