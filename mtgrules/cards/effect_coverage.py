"""How much of what the imported cards' abilities do is read (``mtgrules cards coverage``,
docs/coverage.md): every spell, activated and triggered ability's effect
(:func:`~mtgrules.cards.oracle.effect_texts.ability_effect`) read as the effect vocabulary
(:func:`~mtgrules.cards.effect_reading.effect_reading`). An effect is *read* when its
Script is complete: every word in an instruction (CR 608.2c), none left unread.

Each ability counts in every effect family its effect uses: the families of the
instructions read (``Instruction.FAMILY``), and for the words left unread the family
their verb names (:data:`UNREAD_FAMILIES`, "other" for none), so the table says which
kinds of effect are left. A card is *fully read* when every ability of it is modeled
(:func:`~mtgrules.cards.coverage.is_modeled`) and every effect of it is read.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Any

from mtgrules import lazyre
from mtgrules.cards.effect_reading import effect_reading
from mtgrules.cards.oracle.costs import self_pattern
from mtgrules.cards.oracle.effect_texts import ability_effect
from mtgrules.cards.vocabulary import Ability

KINDS = ("spell", "activated", "triggered")
# the family an unread sentence is about, by its verb (the vocabulary's FAMILY names)
UNREAD_FAMILIES: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (family, lazyre.compile(pattern, re.IGNORECASE))
    for family, pattern in (
        ("damage", r"\bdeals?\b[^.]*\bdamage\b"),
        ("prevent", r"\bprevent"),
        ("destroy", r"\bdestroy"),
        ("exile", r"\bexiles?\b"),
        ("move", r"\breturns?\b|\bputs?\b[^.]*\b(?:hand|battlefield|library|graveyard)\b"),
        ("sacrifice", r"\bsacrifices?\b"),
        ("counter", r"\bcounter (?:target|it|that|all)\b"),
        ("counters", r"\bcounters?\b"),
        ("draw", r"\bdraws?\b"),
        ("discard", r"\bdiscards?\b"),
        ("mill", r"\bmills?\b"),
        ("life", r"\blife\b"),
        ("token", r"\btokens?\b"),
        ("pump", r"\bgets? [+−-]|\bgains? [a-z]+(?:,? (?:and )?[a-z]+)* until end of turn"),
        ("control", r"\bcontrol of\b"),
        ("copy", r"\bcop(?:y|ies)\b"),
        ("fight", r"\bfights?\b"),
        ("search", r"\bsearch"),
        ("scry", r"\bscry|\bsurveil"),
        ("mana", r"\badds?\b[^.]*(?:\{|\bmana\b)"),
        ("tap", r"\b(?:un)?taps?\b"),
        ("restriction", r"\bcan't\b"),
        ("reveal", r"\breveals?\b|\blook at\b"),
        ("cast", r"\bcasts?\b|\bplay\b"),
        ("attach", r"\battach"),
    )
)


@dataclass
class EffectCoverage:
    """The counts behind the effects part of the report."""

    abilities: Counter[str] = field(default_factory=Counter)  # by kind
    read: Counter[str] = field(default_factory=Counter)
    families: dict[str, list[int]] = field(default_factory=lambda: defaultdict(lambda: [0, 0]))
    cards_with_effects: int = 0
    cards_effects_read: int = 0  # every effect of the card read
    cards_fully_read: int = 0  # and every ability modeled
    unread: Counter[str] = field(default_factory=Counter)
    examples: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))

    def card(self, name: str, effects: list[tuple[str, str, str, Ability]], modeled: bool) -> None:
        """Count one card: ``effects`` are (face name, kind, words, ability) of its faces;
        ``modeled``: every ability of it is modeled."""
        every = True
        for face, kind, words, ability in effects:
            script = effect_reading(kind, words, face, ability)
            done = script.complete
            every = every and done
            self.abilities[kind] += 1
            self.read[kind] += done
            for family in families_of(script.families(), script.unread):
                self.families[family][0] += done
                self.families[family][1] += 1
            if script.unread:
                s = unread_shape(script.unread, face)
                self.unread[s] += 1
                if len(self.examples[s]) < 3 and name not in self.examples[s]:
                    self.examples[s].append(name)
        self.cards_with_effects += bool(effects)
        self.cards_effects_read += every
        self.cards_fully_read += every and modeled

    def as_dict(self, cards: int, top: int = 30) -> dict[str, Any]:
        total, read = sum(self.abilities.values()), sum(self.read.values())
        rows = sorted(self.families.items(), key=lambda kv: (kv[1][0] - kv[1][1], kv[0]))
        return {
            "effects_read_percent": share(read, total),
            "effects": total,
            "effects_read": read,
            "effects_by_kind": {
                k: {
                    "abilities": self.abilities[k],
                    "read": self.read[k],
                    "percent": share(self.read[k], self.abilities[k]),
                }
                for k in KINDS
            },
            "cards_fully_read": self.cards_fully_read,
            "cards_fully_read_percent": share(self.cards_fully_read, cards),
            "cards_effects_read": self.cards_effects_read,
            "cards_effects_read_percent": share(self.cards_effects_read, cards),
            "effect_families": [
                {"family": f, "abilities": t, "read": r, "percent": share(r, t)}
                for f, (r, t) in rows
            ],
            "unread_effects": [
                {"shape": s, "count": n, "examples": self.examples[s]}
                for s, n in self.unread.most_common(top)
            ],
        }


def share(a: int, b: int) -> float:
    return round(100 * a / b, 1) if b else 100.0


def families_of(read: frozenset[str], unread: str) -> list[str]:
    """The families an effect uses: those read, and those its unread words name."""
    out = set(read)
    if unread:
        named = {f for f, pattern in UNREAD_FAMILIES if pattern.search(unread)}
        out |= named or {"other"}
    return sorted(out) or ["other"]


def unread_shape(words: str, name: str) -> str:
    """Unread words with the card's name, numbers and mana symbols as placeholders."""
    text = self_pattern(name).sub("~", " ".join(words.split()))
    text = re.sub(r"\{[^{}]*\}", "{M}", text)
    return re.sub(r"\b\d+\b", "N", text)


def effects_of(
    face_name: str, line: str, abilities: list[Ability], spell: bool
) -> list[tuple[str, str, str, Ability]]:
    """The effects of one paragraph: (face name, kind, words, ability); a paragraph of
    several abilities (a keyword line) has none."""
    if len(abilities) != 1:
        return []
    found = ability_effect(line, abilities[0], face_name, spell)
    return [] if found is None else [(face_name, *found, abilities[0])]


def render_effects(report: dict[str, Any]) -> list[str]:
    """The effects part of the text report."""
    out = [
        f"effects read: {report['effects_read']} of {report['effects']} "
        f"({report['effects_read_percent']}%) of spell, activated and triggered abilities",
    ]
    for kind, row in report["effects_by_kind"].items():
        out.append(f"  {kind:<34} {row['read']:>6} / {row['abilities']:<6} {row['percent']:>5}%")
    out += [
        f"cards fully read (every ability modeled, every effect read): "
        f"{report['cards_fully_read']} ({report['cards_fully_read_percent']}%)",
        f"cards whose every effect is read: {report['cards_effects_read']} "
        f"({report['cards_effects_read_percent']}%)",
        "",
        "effect families (abilities whose effect is read; most left first):",
    ]
    for row in report["effect_families"]:
        out.append(
            f"  {row['family']:<36} {row['read']:>6} / {row['abilities']:<6} {row['percent']:>5}%"
        )
    out += ["", f"most frequent unread effect words (top {len(report['unread_effects'])}):"]
    for item in report["unread_effects"]:
        out.append(f"  {item['count']:>5}  {item['shape'][:160]}")
        out.append(f"         e.g. {', '.join(item['examples'])}")
    return out
