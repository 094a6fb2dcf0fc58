"""Trigger conditions as data: what event a triggered ability waits for (CR 603.1, 603.2).

A triggered ability is written "[When/Whenever/At] [trigger condition], [effect]" (CR
603.1). :mod:`mtgrules.cards.oracle.trigger_conditions` reads the words before the comma
into one or more :class:`TriggerCondition` values (one per alternative: "enters or
attacks" is two); :mod:`mtgrules.rules.triggers` matches them against the game events of
:mod:`mtgrules.model.events`.

``event`` names the kind of game event (the kinds of ``model.events.Event``, with the
zone changes told apart):

- ``enters`` (a permanent moved to the battlefield, CR 603.6a), ``dies`` (battlefield to
  graveyard, 700.4), ``leaves`` (battlefield to anywhere, 603.6c), ``to_graveyard``
  (from anywhere to a graveyard: "is put into a graveyard from anywhere");
- ``attacks``, ``blocks``, ``becomes_blocked`` (508.3a, 509.3a, 509.3c), ``you_attack``
  (one or more creatures of that player are declared as attackers, 508.3d);
- ``tapped``, ``untapped`` (603.2e), ``tapped_for_mana`` (106.12a);
- ``damage`` (the subject deals it, or with ``dealt``, is dealt it, 120);
- ``cast`` (601.2i), ``activated`` (602.2);
- ``life_gained``, ``life_lost``, ``drew``, ``discarded``, ``counters_put``,
  ``token_created``, ``sacrificed``, ``turned_face_up`` (702.37e), ``transformed``
  (transforms or converts, 701.27a, 701.27e); ``counters_put`` with ``chapters``: a
  Saga's chapter ability (714.2b-c);
- ``step_begins`` (603.2b; ``step`` the step or main phase, ``player`` whose turn).

``subject`` says which object the event must be about: ``self`` (the object with the
ability), ``enchanted`` / ``equipped`` (the permanent it is attached to), ``group``
(an object of ``group``, a :class:`~mtgrules.cards.statics.Group`), or ``player`` for
events about a player (``player``: ``you``, ``opponent``, ``any``). Filters narrow it:
``spell`` (the kinds of spell a cast must be, none = any), ``to`` (what damage must be
dealt to: ``any``, ``player``, ``opponent``, ``creature``, ``player_or_planeswalker``),
``combat``, ``alone``, ``each_blocked``, ``counter``. ``one_or_more``: the ability triggers
once for all the simultaneous events (CR 603.2c). ``zone``: the zone it functions from
(CR 113.6, 113.6b, 113.6k): ``battlefield``, ``graveyard``, ``hand``, ``exile``,
``stack`` ("When you cast this spell") or ``any``.

A condition that is not fully read has ``unread`` (the words not read) and, where the
kind of event is still sure, ``event`` set to it, else ``event`` is ``""`` (it may be
any); :mod:`mtgrules.rules.triggers` refuses to answer only for events it could match.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from mtgrules.cards.statics import Group

# the kinds of game event each condition event is matched against (model/events.py)
EVENT_KINDS: dict[str, tuple[str, ...]] = {
    "enters": ("moves",),
    "dies": ("moves",),
    "leaves": ("moves",),
    "to_graveyard": ("moves",),
    "attacks": ("attacks",),
    "you_attack": ("attacks",),
    "blocks": ("blocks",),
    "becomes_blocked": ("becomes_blocked",),
    "tapped": ("tapped",),
    "untapped": ("untapped",),
    "tapped_for_mana": ("tapped_for_mana",),
    "damage": ("damage",),
    "cast": ("cast",),
    "activated": ("activated",),
    "life_gained": ("life_gained",),
    "life_lost": ("life_lost",),
    "drew": ("drew",),
    "discarded": ("discarded",),
    "counters_put": ("counters_put",),
    "token_created": ("token_created",),
    "sacrificed": ("sacrificed",),
    "step_begins": ("step_begins",),
    "turned_face_up": ("turned_face_up",),
    "transformed": ("transformed",),
    # becoming the target of a spell or ability: targets are chosen as it is cast or
    # activated (601.2c, 602.2b), or as a triggered ability is put on the stack
    "targeted": ("cast", "activated"),
}


@dataclass(frozen=True)
class TriggerCondition:
    """One trigger condition of a triggered ability (CR 603.1); see the module docstring."""

    event: str
    subject: str = "self"
    group: Group | None = None
    player: str = "any"
    step: str = ""
    spell: tuple[str, ...] = ()
    to: str = ""  # damage: "player", "opponent", "creature", "any" (the subject deals it)
    dealt: bool = False  # damage: the subject is dealt the damage
    combat: bool | None = None
    alone: bool = False
    each_blocked: bool = False  # "blocks a creature": once for each creature it blocks (509.3b)
    counter: str = ""
    # a Saga's chapter ability: its chapter numbers (CR 714.2b-c)
    chapters: tuple[int, ...] = ()
    one_or_more: bool = False
    zone: str = "battlefield"
    intervening_if: str = ""  # CR 603.4, without the "if", in the card's words
    unread: str = ""
    # the kinds of game event an unread condition could match (EVENT_KINDS values); () any
    kinds: tuple[str, ...] = ()
    words: str = field(default="", compare=False)

    @property
    def read(self) -> bool:
        return not self.unread

    @property
    def event_kinds(self) -> tuple[str, ...]:
        """The kinds of game event it could match; () when that isn't known (any)."""
        if self.kinds:
            return self.kinds
        return EVENT_KINDS.get(self.event, ())

    @property
    def looks_back(self) -> bool:
        """CR 603.10a: leaves-the-battlefield abilities and abilities that trigger on a
        sacrifice look back in time: the game as it was before the event decides."""
        return self.event in ("dies", "leaves", "sacrificed")


@dataclass(frozen=True)
class TriggerKeyword:
    """A keyword that is (or includes) a triggered ability (CR 702): the conditions it
    triggers on when mtgrules reads them, else the event kinds it could trigger on and
    the zones it works from, so that an event of those kinds is refused, not guessed."""

    rule: str
    conditions: tuple[TriggerCondition, ...] = ()
    kinds: tuple[str, ...] = ()
    zones: tuple[str, ...] = ("battlefield",)


_ENTERS = (TriggerCondition("enters"),)
_DIES = (TriggerCondition("dies"),)
_MOVES = ("moves",)
_STEP = ("step_begins",)
_CAST = ("cast",)
_COMBAT = ("attacks", "blocks", "becomes_blocked", "damage")

# keyword (its name without a number or cost) -> what it triggers on
TRIGGER_KEYWORDS: dict[str, TriggerKeyword] = {
    # enters-the-battlefield keywords (rules/keywords/entering.py ENTERS_TRIGGERS)
    "fabricate": TriggerKeyword("702.123a", _ENTERS),
    "backup": TriggerKeyword("702.165a", _ENTERS),
    "champion": TriggerKeyword("702.72a", (TriggerCondition("enters"), TriggerCondition("leaves"))),
    "exploit": TriggerKeyword("702.110a", _ENTERS),
    "living weapon": TriggerKeyword("702.92a", _ENTERS),
    "hideaway": TriggerKeyword("702.75a", _ENTERS),
    "soulbond": TriggerKeyword("702.95a", kinds=_MOVES),  # also another creature entering
    "job select": TriggerKeyword("702.182a", _ENTERS),
    "for mirrodin!": TriggerKeyword("702.163a", _ENTERS),
    "partner with": TriggerKeyword("702.124j", _ENTERS),
    # dies keywords (rules/keywords DIES_TRIGGER_KEYWORDS); undying and persist have an
    # intervening "if" on the counters it had (CR 603.4, 603.10a)
    "undying": TriggerKeyword(
        "702.93a", (TriggerCondition("dies", intervening_if="it had no +1/+1 counters on it"),)
    ),
    "persist": TriggerKeyword(
        "702.79a", (TriggerCondition("dies", intervening_if="it had no -1/-1 counters on it"),)
    ),
    "afterlife": TriggerKeyword("702.135a", _DIES),
    "modular": TriggerKeyword("702.43a", _DIES),
    "soulshift": TriggerKeyword("702.46a", _DIES),
    # read: prowess (a noncreature spell its controller casts), exalted (a creature its
    # controller controls attacks alone)
    "prowess": TriggerKeyword(
        "702.108a",
        (TriggerCondition("cast", subject="player", player="you", spell=("noncreature",)),),
    ),
    "exalted": TriggerKeyword(
        "702.83a",
        (TriggerCondition("attacks", subject="group", group=Group(whose="you"), alone=True),),
    ),
    # not read: the kinds of event they could trigger on
    "ward": TriggerKeyword("702.21a", kinds=EVENT_KINDS["targeted"]),
    "rampage": TriggerKeyword("702.23a", kinds=("becomes_blocked",)),
    "cumulative upkeep": TriggerKeyword("702.24a", kinds=_STEP),
    "flanking": TriggerKeyword("702.25a", kinds=("blocks", "becomes_blocked")),
    "echo": TriggerKeyword("702.30a", kinds=_STEP),
    "fading": TriggerKeyword("702.32a", kinds=_STEP),
    "madness": TriggerKeyword("702.35a", kinds=("discarded", "moves"), zones=("exile", "hand")),
    "provoke": TriggerKeyword("702.39a", kinds=("attacks",)),
    "storm": TriggerKeyword("702.40a", kinds=_CAST, zones=("stack",)),
    "bushido": TriggerKeyword("702.45a", kinds=("blocks", "becomes_blocked")),
    "epic": TriggerKeyword("702.50a", kinds=(*_CAST, *_STEP), zones=("stack", "any")),
    "haunt": TriggerKeyword("702.55a", kinds=_MOVES, zones=("battlefield", "stack", "exile")),
    "replicate": TriggerKeyword("702.56a", kinds=_CAST, zones=("stack",)),
    "graft": TriggerKeyword("702.58a", kinds=_MOVES),
    "recover": TriggerKeyword("702.59a", kinds=_MOVES, zones=("graveyard",)),
    "ripple": TriggerKeyword("702.60a", kinds=_CAST, zones=("stack",)),
    "suspend": TriggerKeyword("702.62a", kinds=(*_STEP, "moves"), zones=("exile",)),
    "vanishing": TriggerKeyword("702.63a", kinds=(*_STEP, "counters_put")),
    "frenzy": TriggerKeyword("702.68a", kinds=("becomes_blocked", "blocks", "step_begins")),
    "gravestorm": TriggerKeyword("702.69a", kinds=_CAST, zones=("stack",)),
    "poisonous": TriggerKeyword("702.70a", kinds=("damage",)),
    # keywords whose trigger has a condition mtgrules doesn't read (an intervening "if" it
    # can't check: "?"), so only their own event is refused
    "evoke": TriggerKeyword("702.74a", (TriggerCondition("enters", intervening_if="?"),)),
    "conspire": TriggerKeyword("702.78a", kinds=_CAST, zones=("stack",)),
    "cascade": TriggerKeyword("702.85a", kinds=_CAST, zones=("stack",)),
    "annihilator": TriggerKeyword("702.86a", kinds=("attacks",)),
    "rebound": TriggerKeyword("702.88a", kinds=(*_STEP, "moves"), zones=("stack", "exile")),
    "battle cry": TriggerKeyword("702.91a", kinds=("attacks",)),
    "miracle": TriggerKeyword("702.94a", kinds=("drew",), zones=("hand",)),
    "evolve": TriggerKeyword(
        "702.100a",
        (
            TriggerCondition(
                "enters",
                subject="group",
                group=Group(other=True, quantifier="each"),
                intervening_if="?",
            ),
        ),
    ),
    "extort": TriggerKeyword("702.101a", kinds=_CAST),
    "dethrone": TriggerKeyword("702.105a", kinds=("attacks",)),
    "renown": TriggerKeyword("702.112a", kinds=("damage",)),
    "ingest": TriggerKeyword("702.115a", kinds=("damage",)),
    "myriad": TriggerKeyword("702.116a", kinds=("attacks",)),
    "melee": TriggerKeyword("702.121a", kinds=("attacks",)),
    "afflict": TriggerKeyword("702.130a", kinds=("becomes_blocked",)),
    "mentor": TriggerKeyword("702.134a", kinds=("attacks",)),
    "demonstrate": TriggerKeyword("702.144a", kinds=_CAST, zones=("stack",)),
    "decayed": TriggerKeyword("702.147a", kinds=("attacks", *_STEP)),
    "training": TriggerKeyword("702.149a", kinds=("attacks",)),
    "blitz": TriggerKeyword("702.152a", (TriggerCondition("dies", intervening_if="?"),)),
    "casualty": TriggerKeyword("702.153a", kinds=_CAST, zones=("stack",)),
    "enlist": TriggerKeyword("702.154a", kinds=("attacks",)),
    "ravenous": TriggerKeyword("702.156a", (TriggerCondition("enters", intervening_if="?"),)),
    "squad": TriggerKeyword("702.157a", (TriggerCondition("enters", intervening_if="?"),)),
    "solved": TriggerKeyword("702.169a", kinds=_STEP),
    "gift": TriggerKeyword("702.174a", kinds=(*_MOVES, *_CAST), zones=("battlefield", "stack")),
    "impending": TriggerKeyword("702.176a", kinds=_STEP),
    "mobilize": TriggerKeyword("702.181a", kinds=("attacks",)),
    "warp": TriggerKeyword("702.185a", kinds=(*_STEP, *_CAST), zones=("battlefield", "stack")),
    "firebending": TriggerKeyword("702.189a", kinds=("attacks",)),
    "increment": TriggerKeyword("702.191a", kinds=_CAST),
    "paradigm": TriggerKeyword("702.192a", kinds=(*_CAST, *_STEP), zones=("stack", "exile")),
}
# all the kinds of event a combat keyword may read, for a reader that needs them
COMBAT_KINDS = _COMBAT
