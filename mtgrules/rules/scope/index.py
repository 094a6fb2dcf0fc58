"""The scope of an ability: what it could affect, of whom, and from where (CR 113.6, 604, 611.3).

mtgrules answers only what it can read. Every ability of every object in the game is
either *read* (the engine applies it: a keyword, an activated ability with a modeled
cost, a triggered ability with a structured event, a static ability with a structured
field) or *unread* (``unmodeled``, or a static or triggered ability the engine only
describes in words). An unread ability is harmless only if it cannot touch what a
question depends on; this module says what each ability could touch.

**The vocabulary** is :class:`Scope`: casting (permission, timing, restrictions, costs),
activation (permission, haste, timing, restrictions, costs), special actions (playing a
land, plotting), characteristics by layer (copy, control, text, types, colors, abilities,
power/toughness), entering (replacements, counters, entering tapped, its own enters
triggers), mana (the mana an ability could add, triggered mana abilities, replacements),
targeting (hexproof, shroud, protection, "can't be the target") and the value of X.

**Read abilities** declare their scopes through :data:`READ_FIELDS`: a structured field
of :class:`~mtgrules.cards.vocabulary.Ability` the rules apply, and the scopes whose
rules apply it. A read ability is never a reason to refuse; its scopes only say which
abilities were considered. To plug in a newly modeled static ability (a keyword grant,
a "can't cast" restriction, ...), add its field to the vocabulary and register it here
with :func:`register_read_field`; nothing else changes.

**Unread abilities** are read CONSERVATIVELY from their words (``Ability.oracle`` for
imported cards, else the author's ``text``): ``TEXT_PATTERNS`` in :mod:`mtgrules.rules.scope.words` is the one table of
the words that can touch each scope. When in doubt a pattern matches: an answer refused
is honest, an ability ignored is a guess. The patterns are applied by *form*: a
triggered ability's words only matter for the mana it could add when a permanent is
tapped for mana and for its own object's enters triggers; an activated ability's only
for the mana its own object could produce; an instant's or sorcery's effect (a spell
ability) only acts as it resolves (CR 608.2), so only its static words ("this spell
costs", "split second", "cast ... from your graveyard") count.

**Reach** (:func:`~mtgrules.rules.scope.reach.could_reach`, in
:mod:`~mtgrules.rules.scope.reach`): an ability of another object matters only if its
words could denote the object asked about (one of its types, subtypes, colors or supertypes,
"permanents", "spells", "each", "other", "non-", the permanent it enchants or equips)
or, for what players may do, a player ("you", "opponents", "players").

**Where it functions** (:func:`functions_now`, CR 113.6): a permanent's abilities on the
battlefield, an instant's or sorcery's on the stack; an ability that names its zone
("as long as this card is in your graveyard", "this spell", split second) there too;
characteristic-defining abilities everywhere (113.6a); an object's own abilities that
change how it is cast wherever it could be cast from (113.6d-f).
"""

from __future__ import annotations

import re
from dataclasses import fields
from enum import StrEnum

from mtgrules import lazyre
from mtgrules.cards.oracle.costs import CDA_WORDS, CHAPTER, SPELL_STATIC
from mtgrules.cards.vocabulary import Ability, AbilityKind, CardDef

# The words of the unread ability the card database adds for a color indicator the data
# doesn't state (cards/db.py's UNKNOWN_INDICATOR; tests/test_real_card_guards.py checks both)
UNKNOWN_INDICATOR_WORDS = "this face's color indicator"


class Scope(StrEnum):
    """What an ability could affect. The value names it in answers and docs."""

    CAST_PERMISSION = "casting: permission"  # from where, whether at all (601.3)
    CAST_TIMING = "casting: timing"  # flash, "as though it had flash" (117.1a, 702.8a)
    CAST_RESTRICTION = "casting: restrictions"  # "can't cast", split second (101.2, 702.61a)
    CAST_COST = "casting: costs"  # cost increases, reductions, alternatives (601.2f)
    ACTIVATE_PERMISSION = "activation: permission"  # "activate", losing abilities (602.5)
    HASTE = "activation: haste"  # haste, "as though it had haste" (302.6, 702.10c)
    ACTIVATE_TIMING = "activation: timing"  # "any time you could cast an instant" (602.5d)
    ACTIVATE_RESTRICTION = "activation: restrictions"  # "can't be activated" (602.5, 101.2)
    ACTIVATE_COST = "activation: costs"  # "cost {1} more to activate" (602.2b, 601.2f)
    COST_RESOURCE = "costs: what can pay a cost part"  # 118.3, 701.21a, 701.26a
    ATTACHING = "attaching: what an Aura can enchant"  # 303.4f, 704.5m
    PLAY_LAND = "special actions: playing lands"  # 305.2, 305.2b, 305.9
    PLOT = "special actions: plotting"  # 702.170a-b
    COPY = "characteristics: copy (layer 1)"  # 613.1a, 707
    CONTROL = "characteristics: control (layer 2)"  # 613.1b
    TEXT = "characteristics: text (layer 3)"  # 613.1c
    TYPES = "characteristics: types (layer 4)"  # 613.1d
    COLORS = "characteristics: colors (layer 5)"  # 613.1e
    ABILITIES = "characteristics: abilities (layer 6)"  # 613.1f
    PT = "characteristics: power/toughness (layer 7)"  # 613.4
    ENTERS_REPLACEMENT = "entering: replacements"  # 614.1c, 614.12
    ENTERS_COUNTERS = "entering: counters"  # 614.1c, 122.6
    ENTERS_TAPPED = "entering: enters tapped"  # 614.1c
    ENTERS_TRIGGER = "entering: its enters triggers"  # 603.6a
    MANA_ABILITY = "mana: what it could add"  # 106.7, 605.1a
    MANA_TRIGGER = "mana: triggered mana abilities"  # 106.12a, 605.1b
    MANA_REPLACEMENT = "mana: replacement effects"  # 106.12b, 614
    TARGETING = "targeting: who can be targeted"  # 115.1, 702.11b, 702.16b, 702.18a
    X_VALUE = "the value of X"  # 107.3
    # what state-based actions do to a permanent: where it goes, whether it is destroyed
    # (replacements, "can't be destroyed", regeneration; 704.5f-i, 614, 701.19, 702.12b)
    SBA_DYING = "state-based actions: dying and destruction"
    SBA_LOSING = "state-based actions: losing the game"  # 704.5a-c, 104.3, 614
    # who may attack or block (rules/combat/): restrictions and requirements on declaring
    # attackers (508.1c-d) and blockers (509.1b-c), evasion
    ATTACKING = "combat: attacking"  # 508.1a, 508.1c-d
    BLOCKING = "combat: blocking"  # 509.1a-c


# The layer each characteristics scope is applied in (CR 613.1, 613.4).
LAYER_OF: dict[Scope, tuple[str, ...]] = {
    Scope.COPY: ("1a",),
    Scope.CONTROL: ("2",),
    Scope.TEXT: ("3",),
    Scope.TYPES: ("4",),
    Scope.COLORS: ("5",),
    Scope.ABILITIES: ("6",),
    Scope.PT: ("7a", "7b", "7c"),
}
CHARACTERISTICS = frozenset(LAYER_OF)
CASTING = frozenset(
    {Scope.CAST_PERMISSION, Scope.CAST_TIMING, Scope.CAST_RESTRICTION, Scope.CAST_COST}
)
# Who may attack and block: the declaration as a whole is checked (508.1c-d, 509.1b-c), so
# another creature's restriction or requirement may change what this one may do.
COMBAT = frozenset({Scope.ATTACKING, Scope.BLOCKING})
# Scopes about what a player may do: an ability that speaks of players reaches them.
PLAYER_SCOPES = CASTING | {
    Scope.ACTIVATE_PERMISSION,
    Scope.ACTIVATE_TIMING,
    Scope.ACTIVATE_RESTRICTION,
    Scope.ACTIVATE_COST,
    Scope.PLAY_LAND,
    Scope.PLOT,
    Scope.SBA_LOSING,
}


# -- read abilities: structured fields and the scopes whose rules apply them ----------

# Ability field -> the scopes the rules that apply it belong to. Any ability with one of
# these set (and not UNMODELED) is read. Register a new field with register_read_field.
READ_FIELDS: dict[str, frozenset[Scope]] = {
    "defines_pt": frozenset({Scope.PT}),  # rules/layers/characteristics.py, layer 7a
    "enters_with": frozenset({Scope.ENTERS_COUNTERS}),  # questions/enters.py
    "enters_as_copy": frozenset({Scope.ENTERS_REPLACEMENT, Scope.COPY}),  # rules/copy*.py
    "others_enter_as_copy": frozenset({Scope.ENTERS_REPLACEMENT, Scope.COPY}),
    "enters_tapped": frozenset({Scope.ENTERS_TAPPED}),  # questions/enters.py
    "replacement": frozenset({Scope.MANA_REPLACEMENT}),  # rules/mana/board.py
    "event": frozenset({Scope.MANA_TRIGGER, Scope.ENTERS_TRIGGER}),  # rules/mana/board.py, enters
    "casting_cost": frozenset({Scope.CAST_COST, Scope.CAST_RESTRICTION}),  # rules/casting/spells.py
    "legend_rule_exempt": frozenset(),  # rules/sba/legend_rule.py: no question's scope
    "goads": frozenset({Scope.ATTACKING}),  # attack requirements (701.15b): rules/combat/
    # combat restrictions and requirements (508.1c-d, 509.1b): rules/combat/statics.py and
    # evasion.py; untap restrictions and "can't be countered" (502.3, 701.6a): no question's
    "unasked_rule": frozenset({Scope.ATTACKING, Scope.BLOCKING}),
    "prototype": frozenset({Scope.CAST_COST, Scope.PT}),  # rules/copy/values.py, casting.py
    # keywords granted to a group in layer 6, haste and flash among them: rules/layers/grants.py
    "grant": frozenset({Scope.ABILITIES, Scope.HASTE, Scope.CAST_TIMING}),
    # "as though it had flash / haste": rules/casting/permissions.py
    "permission": frozenset({Scope.CAST_TIMING, Scope.HASTE}),
    # "can't" / "only" restrictions on casting, activating, playing lands: rules/casting/restrictions.py
    "restriction": frozenset({Scope.CAST_RESTRICTION, Scope.ACTIVATE_RESTRICTION, Scope.PLAY_LAND}),
}


def register_read_field(name: str, scopes: frozenset[Scope]) -> None:
    """Declare that the rules now apply ``Ability.<name>`` for ``scopes``.

    Call it from the module whose rules apply the field, next to the field's rules, so
    an ability with that field set counts as read. The field must exist on Ability.
    """
    if name not in {f.name for f in fields(Ability)}:
        raise ValueError(f"Ability has no field {name!r}")
    READ_FIELDS[name] = frozenset(scopes)


def read_fields(ability: Ability) -> list[str]:
    """The registered structured fields this ability has set."""
    return [name for name in READ_FIELDS if getattr(ability, name, None) not in (None, False, "")]


def is_read(ability: Ability) -> bool:
    """Does the engine apply this ability (so it is never a reason to refuse)?

    Keywords are read (each is defined in rules/keywords or recognised by name as
    something no question depends on, see ``NAMED_KEYWORDS`` in cards/oracle/abilities.py);
    activated and loyalty abilities are read (their cost and timing are modeled; what
    they do happens only if they are activated, and then the case states it); a
    triggered ability is read when its event is structured or it has a modeled effect
    and no question depends on its trigger (see :func:`form`); a static ability when a
    registered field is set.
    """
    if ability.kind in (AbilityKind.KEYWORD, AbilityKind.ACTIVATED, AbilityKind.LOYALTY):
        return True
    if ability.kind is AbilityKind.UNMODELED:
        return False
    if ability.kind is AbilityKind.TRIGGERED:
        return ability.event is not None
    # the fields, looked at once per ability (and per number of fields registered, which
    # only grows as modules load): the scope pass asks it on every state of a play-out
    hit = _READ.get(id(ability))
    if hit is not None and hit[0] is ability and hit[1] == len(READ_FIELDS):
        return hit[2]
    found = bool(read_fields(ability))
    if len(_READ) >= _READ_MAX:
        _READ.clear()
    _READ[id(ability)] = (ability, len(READ_FIELDS), found)  # kept: its id can't be reused
    return found


_READ: dict[int, tuple[Ability, int, bool]] = {}
_READ_MAX = 50_000  # forgotten all at once past this (a long batch of many cards)


# -- unread abilities: their words --------------------------------------------------


def words_of(ability: Ability) -> str:
    """The words an unread ability is read from: the card's own (imported), else the
    author's text (a triggered ability's with its trigger), else its rendering."""
    if ability.oracle:
        return ability.oracle
    if ability.kind is AbilityKind.TRIGGERED:
        return ability.render()
    return ability.text or ability.render()


_TRIGGER_WORDS = lazyre.compile(r"^(?:[^.:—]+ — )?(?:when|whenever|at)\b", re.IGNORECASE)
# An Attraction's visit ability, with the prize it may claim: triggered (CR 702.159a-b)
VISIT = lazyre.compile(r"^(?:visit|prize) — ", re.IGNORECASE)
_ACTIVATED_WORDS = lazyre.compile(
    r"^(?:[^.\"“]*\{[^}]+\}[^.\"“]*|[^.\"“]+): |^\[?[+−\-]?(?:\d+|X)\]?:"
)


def form(ability: Ability, card: CardDef) -> str:
    """How an ability acts: ``keyword``, ``activated``, ``triggered``, ``static`` or
    ``spell`` (an instant's or sorcery's effect, CR 113.3a). Unmodeled imported abilities
    carry the parser's label ("not modeled: triggered ability"); the rest are read from
    their words."""
    if ability.kind is AbilityKind.KEYWORD:
        return "keyword"
    if ability.is_activated:
        return "activated"
    if ability.kind is AbilityKind.TRIGGERED:
        return "triggered"
    if ability.kind is AbilityKind.STATIC:
        return "static"
    words = words_of(ability)
    spell = "Instant" in card.types or "Sorcery" in card.types
    if ability.kind is AbilityKind.SPELL:  # CR 113.3a; the reader makes none with these words
        return "spell" if spell and not SPELL_STATIC.search(words) else "static"
    label = ability.text.removeprefix("not modeled: ") if ability.oracle else ""
    if (
        "triggered" in label
        or CHAPTER.match(words)
        or VISIT.match(words)
        or (not label and _TRIGGER_WORDS.match(words))
    ):
        return "triggered"
    if label in ("activated ability", "mana ability", "loyalty ability") or (
        not label and _ACTIVATED_WORDS.match(words)
    ):
        return "activated"
    if spell and not SPELL_STATIC.search(words):
        return "spell"
    return "static"


# -- where an ability functions (CR 113.6) ------------------------------------------

_ZONE_WORDS = {
    "graveyard": lazyre.compile(r"\bgraveyard\b", re.IGNORECASE),
    "hand": lazyre.compile(r"\bhand\b", re.IGNORECASE),
    "exile": lazyre.compile(r"\bexile[ds]?\b", re.IGNORECASE),
    "library": lazyre.compile(r"\blibrary\b", re.IGNORECASE),
    "stack": lazyre.compile(r"\bthis spell\b|\bsplit second\b|\bon the stack\b", re.IGNORECASE),
}
# Words of an ability that functions during the draft, before the game (CR 905.2)
DRAFT_ONLY = lazyre.compile(
    r"^(?:as you draft\b|during the draft\b|draft this card face up\b"
    r"|reveal this card as you draft\b|instead of drafting\b"
    r"|as long as this card is face up during the draft\b)",
    re.IGNORECASE,
)
_SELF = lazyre.compile(r"\bthis (?:card|spell|permanent|creature|object)\b|\bit\b", re.IGNORECASE)


_ZONES_OF: dict[tuple[int, int], tuple[Ability, CardDef, frozenset[str]]] = {}
_ZONES_OF_MAX = 50_000  # forgotten all at once past this (a long batch of many cards)


def functions_in(ability: Ability, card: CardDef) -> frozenset[str]:
    """The zones an unread ability functions in (:func:`zones_of`), worked out once per
    ability and card: the scope pass asks it of every unread ability on every state of a
    play-out. Both are immutable and kept beside the answer, so a new ability or card that
    reuses an ``id`` is never given another's zones."""
    key = (id(ability), id(card))
    hit = _ZONES_OF.get(key)
    if hit is not None and hit[0] is ability and hit[1] is card:
        return hit[2]
    zones = zones_of(ability, card)
    if len(_ZONES_OF) >= _ZONES_OF_MAX:
        _ZONES_OF.clear()
    _ZONES_OF[key] = (ability, card, zones)
    return zones


def zones_of(ability: Ability, card: CardDef) -> frozenset[str]:
    """The zones an unread ability functions in, read conservatively (CR 113.6).

    ``"everywhere"`` for a characteristic-defining ability (113.6a); ``"draft"`` for one
    that works as cards are drafted, so never in the game (905.2). Otherwise the
    object's usual zone (the stack for an instant or sorcery, else the battlefield), plus
    every zone its words name alongside itself (113.6b-c, 113.6m): "this card is in your
    graveyard", "from exile", "this spell".
    """
    if ability.defines_pt is not None:
        return frozenset({"everywhere"})
    words = words_of(ability)
    if DRAFT_ONLY.match(words):
        return frozenset({"draft"})
    if CDA_WORDS.search(words) or UNKNOWN_INDICATOR_WORDS in words:
        # a color indicator is a characteristic, in every zone (CR 202.2e, 204.1)
        return frozenset({"everywhere"})
    spell = "Instant" in card.types or "Sorcery" in card.types
    zones = {"stack"} if spell else {"battlefield"}
    if _ZONE_WORDS["stack"].search(words):
        zones.add("stack")
    if _SELF.search(words) or card.name.lower() in words.lower():
        for zone, pattern in _ZONE_WORDS.items():
            if zone != "stack" and pattern.search(words):
                zones.add(zone)
    return frozenset(zones)
