"""Keywords the engine doesn't apply but knows the reach of (CR 702.1): which questions each
could change for its own object, so that the others are answered.

The Oracle reader leaves a keyword it has no rules for not modeled ("Saddle 1", "Sneak
{W}"); the scope machinery then treats it as able to change anything about its object
(:data:`mtgrules.rules.scope.words.UNKNOWN_KEYWORD`). For the keywords listed here, the
702 rule says what the keyword is: an activated ability (saddle, station, level up,
encore), a way to cast the card (sneak, bestow), a restriction on what an Aura may
enchant or an Equipment equip, a replacement effect as it enters (devour with a quality),
a player designation (ascend), a variant of combat damage assignment (trample over
planeswalkers). Each still refuses every question whose scope it lists; it refuses no
other. Its linked abilities ("whenever this attacks while saddled", a leveler's level
bars) are abilities of their own and are judged as such; station also keeps refusing
characteristics, as a station card's station symbols (CR 721.2) aren't read.

Bestow and reconfigure are the ones whose reach depends on the object: a permanent cast
bestowed is an Aura with enchant creature and no creature type while it is attached (CR
702.103b, 702.103f), and an Equipment with reconfigure attached to a creature stops being a
creature (702.151b); so while the object is attached to something, or anywhere but the
battlefield (where it could be cast bestowed), its characteristics are in its reach too.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from mtgrules import lazyre
from mtgrules.cards.vocabulary import Ability, AbilityKind
from mtgrules.model.state import GameObject, Zone
from mtgrules.rules.scope.index import CASTING, CHARACTERISTICS, Scope
from mtgrules.rules.scope.words import UNKNOWN_KEYWORD, TextPattern

ACTIVATION = frozenset(
    {
        Scope.ACTIVATE_PERMISSION,
        Scope.ACTIVATE_TIMING,
        Scope.ACTIVATE_RESTRICTION,
        Scope.ACTIVATE_COST,
        Scope.HASTE,
    }
)
ENTERING = frozenset(
    {
        Scope.ENTERS_REPLACEMENT,
        Scope.ENTERS_COUNTERS,
        Scope.ENTERS_TAPPED,
        Scope.ENTERS_TRIGGER,
    }
)


@dataclass(frozen=True)
class KeywordReach:
    """What a keyword could change about its own object: ``scopes`` always, and
    ``unless_unattached_permanent`` only while the object isn't a permanent attached to
    nothing (bestow). ``rules`` and ``what`` (our own words) say why."""

    rules: tuple[str, ...]
    what: str
    scopes: frozenset[Scope]
    unless_unattached_permanent: frozenset[Scope] = frozenset()

    def scopes_for(self, obj: GameObject) -> frozenset[Scope]:
        unattached = obj.zone is Zone.BATTLEFIELD and obj.attached_to is None
        if unattached:
            return self.scopes
        return self.scopes | self.unless_unattached_permanent


KEYWORD_REACH: dict[str, KeywordReach] = {
    "saddle": KeywordReach(
        ("702.171a", "702.171b"),
        "an activated ability (as a sorcery, tapping other creatures) that makes it "
        "saddled, a designation that is no characteristic",
        ACTIVATION,
    ),
    "station": KeywordReach(
        ("702.184a", "702.184b", "721.2a", "721.2b"),
        "an activated ability (as a sorcery, tapping another creature) that puts charge "
        "counters on it; it marks a station card, whose station symbols give it abilities, "
        "and make it a creature, by its charge counters, which mtgrules doesn't apply",
        ACTIVATION | CHARACTERISTICS,
    ),
    "level up": KeywordReach(
        ("702.87a",),
        "an activated ability (as a sorcery) that puts a level counter on it; its level "
        "bars are abilities of their own",
        ACTIVATION,
    ),
    "encore": KeywordReach(
        ("702.141a",),
        "an activated ability of the card in a graveyard (as a sorcery), making token copies",
        ACTIVATION,
    ),
    "sneak": KeywordReach(
        ("702.190a", "702.190b"),
        "a way to cast it during its controller's declare blockers step for another cost; "
        "a permanent cast this way enters tapped and attacking",
        CASTING | ENTERING,
    ),
    "bestow": KeywordReach(
        ("702.103a", "702.103b", "702.103f"),
        "a way to cast it for another cost as an Aura spell with enchant creature; it stays "
        "an Aura while attached to a creature and is itself again once unattached",
        CASTING | ENTERING | {Scope.TARGETING},
        CHARACTERISTICS,
    ),
    "reconfigure": KeywordReach(
        ("702.151a", "702.151b"),
        "two activated abilities (as a sorcery) attaching it to a creature and unattaching "
        "it; while attached it is no creature",
        ACTIVATION | {Scope.TARGETING},
        CHARACTERISTICS,
    ),
    "ascend": KeywordReach(
        ("702.131b", "702.131c"),
        "gives its controller the city's blessing, a player designation that is no "
        "characteristic of any object",
        frozenset(),
    ),
    # what it may enchant also decides whether the Aura survives state-based actions
    # (704.5m), which the characteristics answer reports: refused there too
    "enchant": KeywordReach(
        ("702.5a", "704.5m"),
        "limits what the Aura spell can target and what the Aura can enchant, and so "
        "whether it stays on the battlefield",
        CASTING | CHARACTERISTICS | {Scope.TARGETING},
    ),
    "equip": KeywordReach(
        ("702.6a", "702.6c"),
        "an activated ability (as a sorcery) attaching it to a creature of a kind its words name",
        ACTIVATION | {Scope.TARGETING},
    ),
    "devour": KeywordReach(
        ("702.82a", "702.82c"),
        "a replacement effect as it enters: it enters with counters for each permanent sacrificed",
        ENTERING,
    ),
    # "Trample over planeswalkers" with the keyword list's "Trample": a variant of trample
    "trample": KeywordReach(
        ("702.19c",),
        "a variant of trample, which changes only how its combat damage is assigned",
        frozenset(),
    ),
    "trample over planeswalkers": KeywordReach(
        ("702.19c",),
        "changes only how its combat damage is assigned",
        frozenset(),
    ),
}

_LABEL = lazyre.compile(r"^not modeled: keyword ability \((?P<name>[^)]+)\)$")


def keyword_reach(ability: Ability) -> KeywordReach | None:
    """The reach of an unmodeled keyword listed here, or None (unknown: it could change
    anything about its object)."""
    if ability.kind is not AbilityKind.UNMODELED:
        return None
    found = _LABEL.match(ability.text)
    return KEYWORD_REACH.get(found.group("name")) if found else None


def reach_note(ability: Ability) -> str:
    """What `mtgrules card` adds after such a keyword: what it is and what it could change."""
    reach = keyword_reach(ability)
    if reach is None:
        return ""
    scopes = reach.scopes | reach.unless_unattached_permanent
    changes = (
        "questions about " + ", ".join(sorted({s.value.split(":")[0] for s in scopes}))
        if scopes
        else "no question's answer"
    )
    return f" ({reach.what}; it could change {changes}: CR {', '.join(reach.rules)})"


def keyword_patterns(
    ability: Ability, obj: GameObject, wanted: tuple[Scope, ...]
) -> list[TextPattern]:
    """What an unmodeled keyword of the object asked about could change among the
    ``wanted`` scopes: everything (the first wanted scope stands for all) for a keyword not
    listed here; the listed keyword's own scopes otherwise (CR 702.1)."""
    reach = keyword_reach(ability)
    if reach is None:
        return [replace(UNKNOWN_KEYWORD, scope=wanted[0])]
    scopes = reach.scopes_for(obj)
    return [
        replace(
            UNKNOWN_KEYWORD,
            key="keyword-reach",
            scope=scope,
            could=f"change {{subject}} as {reach.what} ({scope.value})",
            rules=reach.rules,
        )
        for scope in wanted
        if scope in scopes
    ]
