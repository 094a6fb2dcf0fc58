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
    """One event (CR 603.2). The play-out engine emits these kinds, with these fields
    (what :mod:`mtgrules.rules.triggers` reads):

    - ``moves``: ``obj`` moved ``from_zone`` -> ``to_zone`` (its id is kept across zones);
      ``lki`` the object as it last existed in ``from_zone`` (CR 603.10a, 113.7a).
      Entering the battlefield is a move with ``to_zone`` ``battlefield`` (603.6a; a
      token created on the battlefield: ``from_zone`` None); dying is ``battlefield`` ->
      ``graveyard`` (700.4); leaving is ``from_zone`` ``battlefield`` (603.6c).
    - ``cast``: ``obj`` the spell (on the stack), ``player`` who cast it (601.2i).
    - ``activated``: ``obj`` the source, ``player`` who activated it, ``ability`` its
      number as questions number them (602.2); mana abilities too.
    - ``tapped`` / ``untapped``: ``obj`` (701.26a); ``tapped_for_mana``: ``obj`` the
      permanent, ``player`` who activated the mana ability, ``mana`` the symbols produced
      ("GG", 106.12a). Tapping for mana is also a ``tapped`` event.
    - ``damage``: ``source`` dealt ``amount`` to ``obj`` (a permanent) or ``player``;
      ``combat`` True for combat damage (510.2), one event per recipient (120).
    - ``life_gained`` / ``life_lost``: ``player``, ``amount`` (119.9, 119.3).
    - ``drew``: ``player`` drew ``obj`` (None if unknown), one event per card (121.2).
    - ``discarded``: ``player`` discarded ``obj`` (701.9a); it is also a ``moves``.
    - ``counters_put``: ``amount`` counters of kind ``counter`` on ``obj`` (122.6); a
      permanent that enters with counters (a Saga's lore counter, 714.3a) has one too,
      after its ``moves``.
    - ``attacks``: ``obj`` declared as an attacker by ``player``, attacking ``target``
      (a player's name or a permanent's id) (508.3a).
    - ``blocks``: ``obj`` blocks ``target`` (an attacker), one event per attacker blocked
      (509.3a-b); ``becomes_blocked``: the attacker ``obj``, once (509.3c).
    - ``step_begins``: ``step`` a Step value, or a main phase's Phase value
      (``precombat_main``), of ``player``'s turn (the active player) (603.2b).
    - ``token_created``: ``obj`` the token, ``player`` its controller (111.1; its entering
      is also a ``moves``).
    - ``sacrificed``: ``obj`` by ``player`` (701.21a; also a ``moves``), ``lki`` as above.
    - ``turned_face_up``: the permanent ``obj`` (702.37e, 708.8); ``transformed``: the
      permanent ``obj`` transformed or converted (701.27a, 701.27e).
    - ``scried`` / ``surveilled`` / ``proliferated`` / ``investigated``: ``player`` did
      that keyword action (701.22d, 701.25d; 701.34a, 701.16a; ``amount`` N for a scry or
      surveil). No condition mtgrules reads triggers on them; they are there so that an
      unread one that might ("whenever you scry") is refused, not missed.
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
    combat: bool = False  # damage: combat damage (CR 510.2)
    target: str | None = None  # attacks: what it attacks; blocks: the attacker it blocks
    ability: int | None = None  # activated: the ability's number
    mana: str = ""  # tapped_for_mana: the mana produced, as symbols ("GG")


# Every kind above.
KINDS = frozenset(
    {
        "moves",
        "cast",
        "activated",
        "tapped",
        "untapped",
        "tapped_for_mana",
        "damage",
        "life_gained",
        "life_lost",
        "drew",
        "discarded",
        "counters_put",
        "attacks",
        "blocks",
        "becomes_blocked",
        "step_begins",
        "token_created",
        "sacrificed",
        "turned_face_up",
        "transformed",
        "scried",
        "surveilled",
        "proliferated",
        "investigated",
    }
)


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
    # a triggered mana ability (CR 605.1b): it resolves at once, without the stack (605.3b)
    mana_ability: bool = False
    # a delayed triggered ability (CR 603.7) that fired: ``ability`` is then 0
    delayed: DelayedTrigger | None = None
    # the ability as its source last had it, when the source left with the event (603.10a,
    # 113.7a): a cards.vocabulary.Ability
    ability_lki: object = None


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
    # how many zone changes the object it refers to had when it was created: one that has
    # moved since is a new object the ability can't find (CR 400.7, 603.7c)
    refers_moves: int | None = None
