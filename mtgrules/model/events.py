"""Game events: what happened during an action, as the trigger rules read it (CR 603.2).

The play-out engine (:mod:`mtgrules.play`) reports every event an action or an effect
caused; :mod:`mtgrules.rules.triggers` reads them to find the abilities that trigger.
An event that concerns an object that left its zone carries the object as it last
existed (``lki``, CR 603.10a, 113.7a), since "leaves-the-battlefield" abilities look
back in time.
"""

from __future__ import annotations

from dataclasses import dataclass

from mtgrules.model.state import GameObject


@dataclass(frozen=True)
class Event:
    """One event (CR 603.2).

    ``kind`` is one of: ``zone_change`` (``obj`` moved ``from_zone`` -> ``to_zone``;
    entering the battlefield is a zone change to ``battlefield``, 603.6a; dying is one
    from ``battlefield`` to ``graveyard``, 700.4), ``cast`` (``obj``, a spell, by
    ``player``, 601.2i), ``damage`` (``source`` dealt ``amount`` to ``obj`` or
    ``player``, 120), ``life_gained`` / ``life_lost`` (119.9, 119.3), ``draw`` (121.1),
    ``tapped`` / ``untapped`` (701.26), ``tapped_for_mana`` (106.12a), ``counters``
    (``amount`` counters of ``counter`` put on ``obj``, 122.6), ``token_created``
    (111.1), ``step_begins`` (``step`` of the active player's turn, 603.2b),
    ``attacks`` / ``blocks`` (508.3a, 509.3a), ``ability_activated`` (602.2).
    """

    kind: str
    obj: str | None = None
    player: str | None = None
    source: str | None = None
    amount: int = 0
    from_zone: str | None = None
    to_zone: str | None = None
    counter: str = ""
    step: str = ""
    lki: GameObject | None = None  # the object as it last existed before the event


@dataclass(frozen=True)
class Triggered:
    """A triggered ability that has triggered and waits to be put on the stack (CR 603.3):
    ability ``ability`` (numbered as questions number them) of ``source``, controlled
    by ``controller`` (603.3a), for ``event``."""

    source: str
    ability: int
    controller: str
    event: Event
    source_lki: GameObject | None = None


@dataclass(frozen=True)
class DelayedTrigger:
    """A delayed triggered ability (CR 603.7): ``when`` (``next_end_step``), created by
    ``source``'s ability for ``controller``, doing ``script`` (a cards.effects.Script)
    with ``refers_to`` the object it acts on."""

    when: str
    source: str
    controller: str
    script: object
    refers_to: str | None = None
