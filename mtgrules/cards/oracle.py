"""Abilities from Oracle text, for the templates the engine models.

Imported cards carry their Oracle text; the engine needs abilities as
structured data (:mod:`mtgrules.cards.vocabulary`). This parser reads the
templates the rules modules implement and nothing else:

- keyword lines (``Flying, haste``): each keyword is one ability (CR 702.1);
  keywords judged by name (flying, haste, flash, defender, ...) and keywords
  with a mana cost the engine expands (plot, embalm, outlast, ...);
- simple mana abilities: a cost of mana symbols and {T}, and the effect
  "add" fixed mana symbols or one mana of any color (CR 605.1a, 106.1).

Reminder text (in parentheses) is not an ability (CR 207.2a). Every other
ability becomes ``AbilityKind.UNMODELED`` with a short description in the
project's own words (never the card's text), so an answer depending on it is
unsupported instead of guessed.

>>> [a.render() for a in parse_abilities("Flying, haste", ("Flying", "Haste"))]
['Flying', 'Haste']
>>> parse_abilities("{T}: Add {G}.")[0].effect.adds_mana.fixed
('G',)
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from mtgrules.cards.vocabulary import Ability, AbilityKind, Cost, Effect, Mana
from mtgrules.model.mana import ManaCost, parse_symbols

# Keywords the engine knows by name; they need no cost.
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
    }
)
# Keywords followed by a mana cost that the engine defines (rules/keywords).
COST_KEYWORDS = frozenset({"plot", "embalm", "outlast", "eternalize", "unearth"})

_REMINDER = re.compile(r"\s*\([^()]*\)")
_MANA_LINE = re.compile(
    r"^(?P<cost>(?:\{[^{}]+\}(?:, )?)+): Add (?P<what>(?:\{[WUBRGC]\})+|one mana of any color)\.$"
)
_KEYWORD_COST = re.compile(r"^(?P<name>[a-z][a-z' -]*?)(?: (?P<cost>(?:\{[^{}]+\})+))?$")
_LOYALTY = re.compile(r"^[+−\-]?(?:\d+|X): ")


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
    text: str | None, keywords: Iterable[str] = (), types: Iterable[str] = ()
) -> tuple[Ability, ...]:
    """The abilities of one face's Oracle text, in Oracle order.

    ``keywords`` are the face's keywords as the data lists them (they tell a
    keyword line from other text); ``types`` its card types (an instant's or
    sorcery's text is its spell effect, CR 113.3a... not an ability on the battlefield).
    """
    known = {k.lower() for k in keywords} | NAMED_KEYWORDS | COST_KEYWORDS
    spell = bool({"Instant", "Sorcery"} & set(types))
    out: list[Ability] = []
    for line in ability_lines(text or ""):
        keyword_abilities = _keyword_line(line, known)
        if keyword_abilities is not None:
            out += keyword_abilities
            continue
        mana = _mana_ability(line)
        out.append(mana if mana is not None else _unmodeled(line, spell))
    return tuple(out)


def _keyword_line(line: str, known: set[str]) -> list[Ability] | None:
    """One ability per keyword when every comma-separated part is a keyword; else None."""
    parts = [p.strip() for p in re.split(r"[,;] ", line.rstrip("."))]
    out = []
    for part in parts:
        found = _KEYWORD_COST.match(part.lower()) if "—" not in part else None
        name = found.group("name") if found else None
        keyword = _which_keyword(name, known) if name else None
        if keyword is None:
            return None
        cost = found.group("cost") if found else None
        if name in NAMED_KEYWORDS and cost is None:
            out.append(Ability(AbilityKind.KEYWORD, keyword=name))
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


def _which_keyword(name: str, known: set[str]) -> str | None:
    """The keyword a keyword-line part names: exactly, or followed by a short parameter."""
    if name in known:
        return name
    for k in known:
        if name.startswith(k + " ") and len(name.split()) <= len(k.split()) + 3:
            return k
    return None


def _mana_ability(line: str) -> Ability | None:
    """``{T}: Add {G}.``, ``{1}, {T}: Add {C}{C}.``, ``{T}: Add one mana of any color.``"""
    found = _MANA_LINE.match(line)
    if not found:
        return None
    try:
        symbols = parse_symbols(found.group("cost").replace(",", ""), also=frozenset("TQ"))
    except ValueError:
        return None
    what = found.group("what")
    adds = Mana(any_color=1) if what.startswith("one") else Mana(fixed=parse_symbols(what))
    cost = Cost(
        mana=ManaCost(tuple(s for s in symbols if s not in {"T", "Q"})),
        tap="T" in symbols,
        untap="Q" in symbols,
    )
    return Ability(AbilityKind.ACTIVATED, cost=cost, effect=Effect(adds_mana=adds))


def _unmodeled(line: str, spell: bool) -> Ability:
    """Describe, in the project's words, what kind of ability the engine can't read."""
    lower = line.lower()
    if "enter as a copy" in lower or "enters as a copy" in lower:
        what = "enters as a copy (replacement effect)"
    elif _LOYALTY.match(line):
        what = "loyalty ability"
    elif re.match(r"^(?:[^.:—]+ — )?(?:when|whenever|at)\b", lower):
        what = "triggered ability"
    elif re.match(r"^[^.\"“]*\{[^}]+\}[^.\"“]*: ", line) or re.match(r"^[^.\"“]+: ", line):
        what = "activated ability"
    elif spell:
        what = "spell effect"
    else:
        what = "static ability"
    return _not_modeled(what)


def _not_modeled(what: str) -> Ability:
    return Ability(AbilityKind.UNMODELED, text=f"not modeled: {what}")
