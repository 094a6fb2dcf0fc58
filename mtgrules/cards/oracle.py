"""Abilities from Oracle text, for the templates the engine models.

Imported cards carry their Oracle text; the engine needs abilities as
structured data (:mod:`mtgrules.cards.vocabulary`). This parser reads the
templates the rules modules implement and nothing else:

- keyword lines (``Flying, haste``): each keyword is one ability (CR 702.1);
  keywords judged by name (flying, haste, flash, defender, changeling, ...) and
  keywords with a mana cost the engine expands (plot, embalm, eternalize, ...);
- activated, loyalty, triggered, replacement, copy, counters, characteristic-
  defining and casting-cost templates (:mod:`mtgrules.cards.oracle_templates`),
  with costs and mana effects read by :mod:`mtgrules.cards.oracle_costs`.

Both current wording ("this creature enters") and older wording ("enters the
battlefield", the card's own name) are read. Reminder text (in parentheses) is
not an ability (CR 207.2a). Every other ability becomes
``AbilityKind.UNMODELED`` with a short description in the project's own words
(never the card's text), so an answer depending on it is unsupported instead of
guessed. Each parsed ability renders back (``Ability.render()``) to its Oracle
wording; tests compare the two over whole card corpora.

>>> [a.render() for a in parse_abilities("Flying, haste", ("Flying", "Haste"))]
['Flying', 'Haste']
>>> parse_abilities("{T}: Add {G}.")[0].effect.adds_mana.fixed
('G',)
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace

from mtgrules.cards import oracle_templates as templates
from mtgrules.cards.copying import EntersWithCounters
from mtgrules.cards.keywords import (
    ALTERNATIVE_COSTS,
    ENTERS_COUNTERS,
    TRIGGERS,
    TYPECYCLING,
    counted,
)
from mtgrules.cards.mana import ManaCost
from mtgrules.cards.oracle_costs import SelfRefs
from mtgrules.cards.vocabulary import Ability, AbilityKind, Cost, Prototype

# Keywords the engine knows by name; they need no cost. Besides the ones the rules
# modules read (flash, haste, defender, changeling, ...), these are static or
# triggered abilities that no question the engine answers depends on (combat,
# evasion, damage, protection): no activated ability, no cost or permission to
# cast, nothing on entering, dying or colors. Keywords that do any of that and
# have no rule in :mod:`mtgrules.rules.keywords` stay not modeled.
NAMED_KEYWORDS = frozenset(
    {
        "flying",
        "haste",
        "flash",
        "defender",
        "vigilance",
        "trample",
        "reach",
        "deathtouch",
        "lifelink",
        "first strike",
        "double strike",
        "menace",
        "indestructible",
        "hexproof",
        "shroud",
        "changeling",
        "fear",
        "intimidate",
        "shadow",
        "horsemanship",
        "skulk",
        "banding",
        "flanking",
        "infect",
        "wither",
        "exalted",
        "prowess",
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
    }
)
# Keywords followed by a mana cost that the engine defines (rules/keywords, rules/casting.py),
# and keywords with a cost that, like the ones above, no question depends on (morph's face-down
# casting is not a `can_cast` method; echo and ward are triggers the engine never asks about).
COST_KEYWORDS = frozenset(
    {
        *(f"{kind}cycling" for kind in TYPECYCLING),
        "plot",
        "embalm",
        "outlast",
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
        *ALTERNATIVE_COSTS,
    }
)
# Keywords with a parameter in words or a number, judged by name like the ones above.
_NAMED_FORMS = re.compile(
    r"^(?:enchant (?:(?:creature|land|artifact|enchantment|permanent|planeswalker)"
    r"(?: you control| an opponent controls)?|player|opponent)"
    r"|(?:protection|hexproof) from [a-z0-9 -]+"
    r"|(?:(?:nonbasic|legendary|snow) )?(?:plains|island|swamp|mountain|forest|desert|land)walk"
    r"|(?:bushido|rampage|afflict|frenzy|annihilator|toxic|renown|absorb|crew|soulshift"
    r"|afterlife|modular|fading|vanishing|graft|fabricate|backup|bloodthirst|devour|tribute"
    r"|amplify|dredge|mobilize) \d+"
    r"|affinity for (?:artifacts|creatures|enchantments|lands|planeswalkers|[a-z]+)"
    r"|champion an? [a-z]+)$"
)

_REMINDER = re.compile(r"\s*\([^()]*\)")
_KEYWORD_COST = re.compile(r"^(?P<name>[a-z][a-z0-9' -]*?)(?: (?P<cost>(?:\{[^{}]+\})+))?$")
_LOYALTY = re.compile(r"^\[?[+−\-]?(?:\d+|X)\]?: ")


def strip_reminder(line: str) -> str:
    """A line without its reminder text (CR 207.2a)."""
    previous = None
    while previous != line:
        previous, line = line, _REMINDER.sub("", line)
    return line.strip()


def ability_lines(text: str) -> list[str]:
    """The ability paragraphs of a text: reminder text dropped, modes kept with their ability."""
    out: list[str] = []
    for raw in text.replace("\r\n", "\n").split("\n"):
        line = strip_reminder(raw)
        if not line:
            continue
        if line.startswith("•") and out:
            out[-1] += "\n" + line
        else:
            out.append(line)
    return out


def parse_abilities(
    text: str | None, keywords: Iterable[str] = (), types: Iterable[str] = (), name: str = ""
) -> tuple[Ability, ...]:
    """The abilities of one face's Oracle text, in Oracle order.

    ``keywords`` are the face's keywords as the data lists them (they tell a
    keyword line from other text); ``types`` its card types (an instant's or
    sorcery's text is its spell effect, not an ability on the battlefield);
    ``name`` the face's name, which its text uses to refer to itself.
    """
    return tuple(a for _, found in parse_lines(text, keywords, types, name) for a in found)


def parse_lines(
    text: str | None, keywords: Iterable[str] = (), types: Iterable[str] = (), name: str = ""
) -> list[tuple[str, list[Ability]]]:
    """Each ability paragraph with the abilities read from it (see :func:`parse_abilities`)."""
    known = {k.lower() for k in keywords} | NAMED_KEYWORDS | COST_KEYWORDS
    spell = bool({"Instant", "Sorcery"} & set(types))
    out: list[tuple[str, list[Ability]]] = []
    for line in ability_lines(text or ""):
        found = _keyword_line(line, known)
        if found is None:
            ability = parse_line(line, name)
            found = [ability if ability is not None else _unmodeled(line, spell)]
        out.append((line, [replace(a, oracle=line) for a in found]))
    return out


def parse_line(line: str, name: str = "") -> Ability | None:
    """One ability paragraph in a modeled template, or None."""
    if "\n" in line:
        return None  # modal abilities are not modeled
    refs = SelfRefs(line, name)
    for read in templates.READERS:
        found = read(refs)
        if found is not None:
            return found
    return None


def _keyword_line(line: str, known: set[str]) -> list[Ability] | None:
    """One ability per keyword when every comma-separated part is a keyword; else None."""
    dashed = _dash_cost_keyword(line)
    if dashed is not None:
        return [dashed]
    prototype = prototype_keyword(line)
    if prototype is not None:
        return [prototype]
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
            out.append(_named_keyword(name or ""))
        elif name in COST_KEYWORDS and cost is not None:
            try:
                out.append(
                    Ability(AbilityKind.KEYWORD, keyword=name, keyword_cost=ManaCost.parse(cost))
                )
            except ValueError:
                out.append(_not_modeled(f"keyword ability ({keyword}) with an unusual cost"))
        else:
            out.append(_not_modeled(f"keyword ability ({keyword})"))
    return out


# Keywords whose cost may have non-mana parts, written "Keyword—cost": the ones whose
# activated form takes those parts along (rules/keywords) and ward and echo, judged by name.
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
    from mtgrules.cards.oracle_costs import read_cost

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


_PROTOTYPE = re.compile(
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


def _named_keyword(name: str) -> Ability:
    """A keyword judged by name; modular, fading, vanishing and graft N also say how it
    enters (CR 702.43a, 702.32a, 702.63a, 702.58a)."""
    first, _, last = name.partition(" ")
    if first in ENTERS_COUNTERS and last.isdigit():
        counters = EntersWithCounters(ENTERS_COUNTERS[first][0], int(last))
        return Ability(AbilityKind.KEYWORD, keyword=name, enters_with=counters)
    if first == "affinity" and counted(name.split()[-1]) is None:
        return _not_modeled(f"keyword ability ({name})")
    return Ability(AbilityKind.KEYWORD, keyword=name)


def _which_keyword(name: str, known: set[str]) -> str | None:
    """The keyword a keyword-line part names: exactly, or followed by a short parameter."""
    if name in known:
        return name
    for k in known:
        if name.startswith(k + " ") and len(name.split()) <= len(k.split()) + 3:
            return k
    return None


def _unmodeled(line: str, spell: bool) -> Ability:
    """Describe, in the project's words, what kind of ability the engine can't read."""
    lower = line.lower()
    if re.search(r"\benters? (?:the battlefield )?as a copy\b", lower):
        what = "enters as a copy (replacement effect)"
    elif _LOYALTY.match(line):
        what = "loyalty ability"
    elif re.match(r"^(?:[^.:—]+ — )?(?:when|whenever|at)\b", lower):
        what = "triggered mana ability" if "for mana" in lower else "triggered ability"
    elif re.match(r"^[^.\"“]*\{[^}]+\}[^.\"“]*: ", line) or re.match(r"^[^.\"“]+: ", line):
        what = "mana ability" if re.search(r": Add\b", line) else "activated ability"
    elif spell:
        what = "spell effect"
    else:
        what = "static ability"
    return _not_modeled(what)


def _not_modeled(what: str) -> Ability:
    return Ability(AbilityKind.UNMODELED, text=f"not modeled: {what}")
