"""Keyword lines from Oracle text: which keywords the engine knows, and how a line of
keywords ("Flying, haste", "Outlast {1}{W}", "Eternalize—{2}{W}{W}, Discard a card",
"Prototype {2}{U}{U} — 3/3") becomes one ability per keyword (CR 702.1).

Keywords judged by name and keywords with a cost come from the tables here and in
:mod:`mtgrules.cards.keywords`; a keyword line with any other keyword is not modeled.
"""

from __future__ import annotations

import re

from mtgrules import lazyre
from mtgrules.cards.copying import EntersWithCounters
from mtgrules.cards.keywords import (
    ALTERNATIVE_COSTS,
    ENTERS_COUNTERS,
    TRIGGERS,
    TYPECYCLING,
    counted,
)
from mtgrules.cards.mana import ManaCost
from mtgrules.cards.oracle.costs import read_cost
from mtgrules.cards.statics import GRANTABLE_KEYWORDS
from mtgrules.cards.vocabulary import Ability, AbilityKind, Cost, Prototype

# Keywords the engine knows by name; they need no cost. Besides the ones the rules
# modules read (flash, haste, defender, changeling, split second, ...), these are static or
# triggered abilities that no question the engine answers depends on (combat,
# evasion, damage, protection): no activated ability, no cost or permission to
# cast, nothing on entering, dying or colors. Keywords that do any of that and
# have no rule in :mod:`mtgrules.rules.keywords` stay not modeled.
NAMED_KEYWORDS = frozenset(
    {
        *GRANTABLE_KEYWORDS,  # flying, haste, flash, defender, ...: a grant may give them
        "changeling",
        "banding",
        "flanking",
        "exalted",
        *TRIGGERS,  # mobilize N is read by _NAMED_FORMS
        "provoke",
        "battle cry",
        "melee",
        "myriad",
        "mentor",
        "training",
        "dethrone",
        "extort",
        "decayed",
        "undying",
        "persist",
        "cascade",
        "storm",
        "partner",
        "enlist",
        "phasing",
        # rules/keywords (costs.py, entering.py, layers.py) define these
        "devoid",
        "convoke",
        "improvise",
        "delve",
        "assist",
        "rebound",
        "retrace",
        "jump-start",
        "riot",
        "unleash",
        "sunburst",
        "daybound",
        # triggers on other objects or on combat damage, and a replacement of draws:
        # no question the engine answers depends on them
        "nightbound",
        "evolve",
        "ingest",
        # works on the stack: rules/casting/restrictions.py stops casting and non-mana activation (702.61)
        "split second",
        # optional additional costs paid as it is cast (cards/keywords.py OPTIONAL_COSTS); casualty
        # N and gift a [something] are read by _NAMED_FORMS
        "bargain",
        "conspire",
        # abilities of a spell on the stack that copy it or exile it encoded (702.144a, 702.99a)
        "demonstrate",
        "cipher",
        # the Commander variant's deck construction, before the game begins (702.124a)
        "choose a background",
        "doctor's companion",
        "friends forever",
        # replaces its enchanted permanent's destruction (702.89a; once "totem armor")
        "umbra armor",
        "totem armor",
        # a death trigger that exiles it haunting a creature, and what that sets off (702.55a)
        "haunt",
        # "when this enters" triggers (rules/keywords/entering.py ENTERS_TRIGGERS); hideaway N
        # and partner with [name] are read by _NAMED_FORMS
        "exploit",
        "living weapon",
        "soulbond",
        "job select",
        "for mirrodin!",
        # a player's speed starts at 1: only "max speed" abilities read it (702.179a)
        "start your engines!",
        # how it enters depends on how it was cast or a choice (rules/keywords/entering.py
        # ENTERS_UNKNOWN)
        "ravenous",
        "compleated",
        "read ahead",
    }
)
# Keywords followed by a mana cost that the engine defines (rules/keywords, rules/casting/spells.py),
# and keywords with a cost that, like the ones above, no question depends on (morph's face-down
# casting is not a `can_cast` method; echo and ward are triggers the engine never asks about).
COST_KEYWORDS = frozenset(
    {
        *(f"{kind}cycling" for kind in TYPECYCLING),
        "plot",
        "embalm",
        "outlast",
        "level up",
        "eternalize",
        "unearth",
        "kicker",
        "evoke",
        "equip",
        "cycling",
        "morph",
        "megamorph",
        "echo",
        "ward",
        "flashback",
        "dash",
        "madness",
        "foretell",
        "scavenge",
        "transmute",
        "buyback",
        # an upkeep trigger no question asks about, like echo
        "cumulative upkeep",
        "ninjutsu",
        "mayhem",
        "warp",
        "disturb",  # cast transformed from a graveyard (rules/keywords/costs.py)
        "entwine",
        "escalate",
        "replicate",
        "offspring",  # an optional cost, and a trigger as it enters if it was paid
        "squad",  # the same, any number of times
        *ALTERNATIVE_COSTS,
    }
)
# Keywords with a parameter in words or a number, judged by name like the ones above.
_NAMED_FORMS = lazyre.compile(
    r"^(?:enchant (?:(?:creature|land|artifact|enchantment|permanent|planeswalker)"
    r"(?: you control| an opponent controls)?|player|opponent)"
    r"|(?:protection|hexproof) from [a-z0-9 -]+"
    r"|(?:(?:nonbasic|legendary|snow) )?(?:plains|island|swamp|mountain|forest|desert|land)walk"
    r"|(?:bushido|rampage|afflict|frenzy|annihilator|toxic|renown|absorb|crew|soulshift"
    r"|afterlife|modular|fading|vanishing|graft|fabricate|backup|bloodthirst|devour|tribute"
    r"|amplify|dredge|mobilize|casualty|hideaway) \d+"
    r"|gift an? [a-z ]+"
    r"|partner with [a-z ,'-]+"
    r"|affinity for (?:artifacts|creatures|enchantments|lands|planeswalkers|[a-z]+)"
    r"|champion an? [a-z]+)$"
)

_KEYWORD_COST = lazyre.compile(r"^(?P<name>[a-z][a-z0-9' !-]*?)(?: (?P<cost>(?:\{[^{}]+\})+))?$")


def keyword_line(line: str, known: set[str]) -> list[Ability] | None:
    """One ability per keyword when every comma-separated part is a keyword; else None."""
    dashed = _dash_cost_keyword(line)
    if dashed is not None:
        return [dashed]
    prototype = prototype_keyword(line)
    if prototype is not None:
        return [prototype]
    if line.endswith(".") and "—" not in line:
        # a keyword ability's line has no period ("Flying, haste", "Equip {2}"), unless its
        # cost is written after a dash; "Surveil 2.", "Investigate.", "Amass Orcs 1." are
        # keyword actions (CR 701) an instruction performs, a spell's effect
        return None
    parts = [p.strip() for p in re.split(r"[,;] ", line.rstrip("."))]
    out = []
    for part in parts:
        found = _KEYWORD_COST.match(part.lower()) if "—" not in part else None
        name = found.group("name") if found else None
        keyword = _which_keyword(name, known) if name else None
        if keyword is None and name and _NAMED_FORMS.match(name):
            keyword = name  # "protection from black and from red": one named form, however long
        if keyword is None:
            return None
        cost = found.group("cost") if found else None
        if (name in NAMED_KEYWORDS or _NAMED_FORMS.match(name or "")) and cost is None:
            out.append(named_keyword(name or ""))
        elif name in COST_KEYWORDS and cost is not None:
            try:
                out.append(
                    Ability(AbilityKind.KEYWORD, keyword=name, keyword_cost=ManaCost.parse(cost))
                )
            except ValueError:
                out.append(not_modeled(f"keyword ability ({keyword}) with an unusual cost"))
        else:
            out.append(not_modeled(f"keyword ability ({keyword})"))
    return out


# Keywords whose cost may have non-mana parts, written "Keyword—cost": the ones whose
# activated form takes those parts along (rules/keywords) and ward and echo, judged by name.
# a keyword with its cost after a dash ("Reinforce 1—{1}{W}", "Equip—Pay 3 life"; 702.1):
# the keyword's name is ``name``
DASH_KEYWORD = r"(?P<name>[A-Z][a-z'-]+(?: [a-z'-]+)*)(?: (?:\d+|X))?—\S"

DASH_COST_KEYWORDS = frozenset(
    {
        "eternalize",
        "embalm",
        "equip",
        "cycling",
        "unearth",
        "ward",
        "echo",
        "flashback",
        "cumulative upkeep",
    }
)


def _dash_cost_keyword(part: str) -> Ability | None:
    """``Eternalize—{2}{W}{W}, Discard a card`` as one keyword ability, or None."""
    name, dash, text = part.partition("—")
    if not dash or name.lower() not in DASH_COST_KEYWORDS:
        return None
    read = read_cost(text.rstrip("."))
    if read is None or read[1] != "battlefield" or read[0].tap or read[0].untap:
        return None
    cost = read[0]
    if any(p.kind in ("sacrifice_self", "exile_self", "remove_counter") for p in cost.parts):
        return None
    return Ability(
        AbilityKind.KEYWORD,
        keyword=name.lower(),
        keyword_cost=cost.mana,
        cost=Cost(parts=cost.parts) if cost.parts else None,
    )


_PROTOTYPE = lazyre.compile(
    r"^Prototype (?P<cost>(?:\{[^{}]+\})+) — (?P<power>\d+)/(?P<toughness>\d+)$"
)


def prototype_keyword(line: str) -> Ability | None:
    """``Prototype {2}{U}{U} — 3/3`` (CR 702.160a, 718.1): the keyword with its second mana
    cost, power and toughness, or None for any other line."""
    found = _PROTOTYPE.match(line)
    if found is None:
        return None
    try:
        cost = ManaCost.parse(found.group("cost"))
    except ValueError:
        return None
    prototype = Prototype(cost, int(found.group("power")), int(found.group("toughness")))
    return Ability(AbilityKind.KEYWORD, keyword="prototype", prototype=prototype)


def defined_keyword(name: str, cost: str | None) -> Ability:
    """A keyword a card definition names (``{keyword: exploit}``, ``{keyword: outlast, cost:
    "{1}{W}"}``), read as the Oracle reader reads a keyword line: by name or form without a
    cost, with a cost when the rules define that keyword's cost; any other keyword is not
    modeled, so that an answer it could change is refused rather than guessed (CR 702.1)."""
    if cost is None and (name in NAMED_KEYWORDS or _NAMED_FORMS.match(name)):
        return named_keyword(name)
    if cost is not None and name in COST_KEYWORDS:
        return Ability(AbilityKind.KEYWORD, keyword=name, keyword_cost=ManaCost.parse(cost))
    return not_modeled(f"keyword ability ({name})")


def named_keyword(name: str) -> Ability:
    """A keyword judged by name; modular, fading, vanishing and graft N also say how it
    enters (CR 702.43a, 702.32a, 702.63a, 702.58a)."""
    first, _, last = name.partition(" ")
    if first in ENTERS_COUNTERS and last.isdigit():
        counters = EntersWithCounters(ENTERS_COUNTERS[first][0], int(last))
        return Ability(AbilityKind.KEYWORD, keyword=name, enters_with=counters)
    if first == "affinity" and counted(name.split()[-1]) is None:
        return not_modeled(f"keyword ability ({name})")
    return Ability(AbilityKind.KEYWORD, keyword=name)


def _which_keyword(name: str, known: set[str]) -> str | None:
    """The keyword a keyword-line part names: exactly, or followed by a short parameter."""
    if name in known:
        return name
    for k in known:
        if name.startswith(k + " ") and len(name.split()) <= len(k.split()) + 3:
            return k
    return None


def not_modeled(what: str) -> Ability:
    return Ability(AbilityKind.UNMODELED, text=f"not modeled: {what}")
