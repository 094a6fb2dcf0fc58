"""How much of the imported card data the Oracle parser models (``mtgrules cards coverage``).

Every face of every imported card is parsed (:mod:`mtgrules.cards.oracle.abilities`);
a card is *fully modeled* when none of its abilities is ``UNMODELED`` (a card
with no abilities at all, a vanilla creature or a basic land, counts as fully
modeled and is counted apart too). Abilities are grouped into template
families; the abilities that are not modeled are reduced to *shapes* (the
card's references to itself, numbers, mana symbols and quoted names replaced
by placeholders) and the most frequent shapes are listed with example cards.

Three groups of cards measure the issue's targets: cards with plot, embalm or
eternalize; cards whose only abilities are keywords and mana abilities (read
from the text's shape, not from the parser); creatures that enter as a copy.
"""

from __future__ import annotations

import json
import re
import sqlite3
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from mtgrules import lazyre
from mtgrules.cards.effect_coverage import EffectCoverage, effects_of, render_effects
from mtgrules.cards.oracle.abilities import parse_lines
from mtgrules.cards.oracle.costs import self_pattern
from mtgrules.cards.oracle.paragraphs import ability_lines
from mtgrules.cards.vocabulary import Ability, AbilityKind

TARGET_KEYWORDS = ("plot", "embalm", "eternalize")
# The lines that hold a group's defining ability.
GROUP_LINES = {
    "plot, embalm or eternalize": lazyre.compile(r"^(?:plot|embalm|eternalize)\b", re.IGNORECASE),
    "enter-as-a-copy creatures": lazyre.compile(r"\benters?(?: the battlefield)? as a copy\b"),
}
_MANA_LINE = lazyre.compile(r"^[^:\"“]+: Add\b")
_COPY = lazyre.compile(r"\benters?(?: the battlefield)? as a copy\b")


def is_modeled(ability: Ability) -> bool:
    """Modeled, and so is every ability it grants (a clone's "except it has ...")."""
    if ability.kind is AbilityKind.UNMODELED:
        return False
    copy = ability.enters_as_copy
    if copy is None:
        return True
    granted = (*copy.exceptions.abilities, *copy.exceptions.abilities_unless_has)
    return all(is_modeled(a) for a in granted)


def family(ability: Ability) -> str:
    """The template family of an ability, modeled or not."""
    kind = ability.kind
    if kind is AbilityKind.UNMODELED:
        text = ability.text.removeprefix("not modeled: ")
        if text.startswith("keyword"):
            return "keyword"
        if text.startswith("enters as a copy"):
            return "enters as a copy"
        if text == "spell effect":  # an instant's or sorcery's paragraph not read as one
            return "spell ability"
        return text.split(" (")[0]
    if kind is AbilityKind.KEYWORD:
        return "keyword"
    if kind is AbilityKind.SPELL:  # CR 113.3a
        return "spell ability"
    mana = ability.effect is not None and ability.effect.adds_mana is not None
    if kind is AbilityKind.ACTIVATED:
        return "mana ability" if mana else "activated ability"
    if kind is AbilityKind.LOYALTY:
        return "loyalty ability"
    if kind is AbilityKind.TRIGGERED:
        return "triggered mana ability" if mana else "triggered ability"
    if ability.enters_as_copy is not None or ability.others_enter_as_copy is not None:
        return "enters as a copy"
    if ability.enters_with is not None:
        return "enters with counters"
    if ability.enters_tapped:
        return "enters tapped"
    if ability.defines_pt is not None:
        return "characteristic-defining P/T"
    if ability.goads:
        return "goad"
    if ability.unasked_rule:
        return "combat, untap or counter rule"
    if ability.casting_cost is not None:
        return f"{ability.casting_cost.kind} cost"
    if ability.replacement is not None:
        return "replacement effect"
    for name in STATIC_FAMILIES:  # cards/statics.py
        if getattr(ability, name) is not None:
            return STATIC_FAMILIES[name]
    return "static ability"


STATIC_FAMILIES = {
    "boost": "power/toughness change",
    "grant": "keyword grant",
    "permission": "as-though permission",
    "restriction": "restriction",
    "cost_change": "cost change",
}


def shape(line: str, name: str) -> str:
    """A line with its particulars replaced by placeholders, so similar abilities group."""
    text = self_pattern(name).sub("~", line)
    text = re.sub(r"[“\"][^”\"]*[”\"]", '"…"', text)
    text = re.sub(r"\{[WUBRGCSX]\}|\{[^{}]*/[^{}]*\}", "{M}", text)
    text = re.sub(r"\{\d+\}", "{N}", text)
    text = re.sub(r"[+−-]?\b\d+\b", "N", text)
    text = re.sub(
        r"\b(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten)\b(?= \w)", "N", text
    )
    return text


@dataclass
class Coverage:
    """The counts behind the report (see :func:`measure`)."""

    cards: int = 0
    fully_modeled: int = 0
    no_abilities: int = 0
    abilities: int = 0
    abilities_modeled: int = 0
    families: dict[str, list[int]] = field(default_factory=lambda: defaultdict(lambda: [0, 0]))
    groups: dict[str, list[int]] = field(default_factory=lambda: defaultdict(lambda: [0, 0]))
    # cards of a group whose defining ability (plot/embalm/eternalize, the copy ability) is modeled
    group_abilities: dict[str, list[int]] = field(
        default_factory=lambda: defaultdict(lambda: [0, 0])
    )
    shapes: Counter[str] = field(default_factory=Counter)
    examples: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    unmodeled_cards: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    # what the abilities do, as read (cards/effect_coverage.py); None: not measured
    effects: EffectCoverage | None = None

    def as_dict(self, top: int = 30) -> dict[str, Any]:
        def share(a: int, b: int) -> float:
            return round(100 * a / b, 1) if b else 100.0

        effects = self.effects.as_dict(self.cards, top) if self.effects is not None else {}
        return {
            "cards": self.cards,
            "fully_modeled": self.fully_modeled,
            "fully_modeled_percent": share(self.fully_modeled, self.cards),
            **effects,
            "cards_without_abilities": self.no_abilities,
            "abilities": self.abilities,
            "abilities_modeled": self.abilities_modeled,
            "abilities_modeled_percent": share(self.abilities_modeled, self.abilities),
            "families": {
                k: {"modeled": m, "total": t, "percent": share(m, t)}
                for k, (m, t) in sorted(self.families.items(), key=lambda kv: -kv[1][1])
            },
            "targets": {
                k: {
                    "fully_modeled": m,
                    "cards": t,
                    "percent": share(m, t),
                    **(
                        {
                            "ability_modeled": self.group_abilities[k][0],
                            "ability_cards": self.group_abilities[k][1],
                            "ability_percent": share(*self.group_abilities[k]),
                        }
                        if k in GROUP_LINES
                        else {}
                    ),
                    "not_modeled": sorted(self.unmodeled_cards[k])[:20],
                }
                for k, (m, t) in self.groups.items()
            },
            "unmodeled_shapes": [
                {"shape": s, "count": n, "examples": self.examples[s]}
                for s, n in self.shapes.most_common(top)
            ],
        }


def _groups(faces: list[dict[str, Any]]) -> list[str]:
    """The target groups a card belongs to, read from its data and text shape."""
    out = []
    keywords = {k.lower() for f in faces for k in f.get("keywords") or ()}
    if keywords & set(TARGET_KEYWORDS):
        out.append("plot, embalm or eternalize")
    lines = [line for f in faces for line in ability_lines(f.get("text") or "")]
    if lines and all(_MANA_LINE.match(line) or _is_keyword_line(line, keywords) for line in lines):
        out.append("only mana abilities and keywords")
    if "Creature" in (faces[0].get("types") or ()) and any(
        _COPY.search(f.get("text") or "") for f in faces
    ):
        out.append("enter-as-a-copy creatures")
    return out


def _is_keyword_line(line: str, keywords: set[str]) -> bool:
    """Every part is a listed keyword, bare or with a cost or number (not an ability word's
    sentence, "Threshold — ...", nor a keyword with a non-mana cost, "Ward—Pay 2 life")."""
    if "—" in line or re.search(r"\. \S", line):
        return False
    parts = [p.strip().lower() for p in re.split(r"[,;] ", line.rstrip("."))]
    return bool(keywords) and all(
        any(p == k or p.startswith(k + " ") for k in keywords) for p in parts
    )


def measure(cards: Iterable[tuple[str, list[dict[str, Any]]]], effects: bool = True) -> Coverage:
    """Coverage over (card name, faces) pairs; ``effects``: read what each spell,
    activated and triggered ability does too (cards/effect_coverage.py)."""
    cov = Coverage(effects=EffectCoverage() if effects else None)
    for name, faces in cards:
        cov.cards += 1
        ok = True
        count = 0
        defining: dict[str, bool] = {}
        card_effects = []
        for face in faces:
            face_name = face.get("name") or name
            types = face.get("types") or ()
            spell = bool({"Instant", "Sorcery"} & set(types))
            parsed = parse_lines(face.get("text"), face.get("keywords") or (), types, face_name)
            for line, abilities in parsed:
                if effects:
                    card_effects += effects_of(face_name, line, abilities, spell)
                for group, pattern in GROUP_LINES.items():
                    if pattern.search(line):
                        good = all(is_modeled(a) for a in abilities)
                        defining[group] = defining.get(group, True) and good
                for ability in abilities:
                    count += 1
                    modeled = is_modeled(ability)
                    cov.abilities += 1
                    cov.abilities_modeled += modeled
                    counts = cov.families[family(ability)]
                    counts[0] += modeled
                    counts[1] += 1
                    if not modeled:
                        ok = False
                        s = shape(line, face_name)
                        cov.shapes[s] += 1
                        if len(cov.examples[s]) < 3 and name not in cov.examples[s]:
                            cov.examples[s].append(name)
        cov.fully_modeled += ok
        cov.no_abilities += count == 0
        if cov.effects is not None:
            cov.effects.card(name, card_effects, ok)
        for group in _groups(faces):
            cov.groups[group][0] += ok
            cov.groups[group][1] += 1
            if group in defining:
                cov.group_abilities[group][0] += defining[group]
                cov.group_abilities[group][1] += 1
            if not ok:
                cov.unmodeled_cards[group].append(name)
    for group in (
        "plot, embalm or eternalize",
        "only mana abilities and keywords",
        "enter-as-a-copy creatures",
    ):
        _ = cov.groups[group]  # every target is reported, even with no cards
    return cov


def database_cards(con: sqlite3.Connection) -> Iterator[tuple[str, list[dict[str, Any]]]]:
    """Every imported card as (name, faces), from the local database."""
    for name, faces in con.execute("SELECT name, faces FROM cards ORDER BY id"):
        yield name, json.loads(faces)


def render_text(report: dict[str, Any]) -> str:
    """The report as text lines."""
    out = [
        f"cards:      {report['cards']}",
        f"fully modeled: {report['fully_modeled']} ({report['fully_modeled_percent']}%), "
        f"of which {report['cards_without_abilities']} have no abilities",
        f"abilities modeled: {report['abilities_modeled']} of {report['abilities']} "
        f"({report['abilities_modeled_percent']}%)",
        "",
        "targets (cards fully modeled):",
    ]
    for name, t in report["targets"].items():
        out.append(f"  {name:<36} {t['fully_modeled']:>6} / {t['cards']:<6} {t['percent']:>5}%")
        if "ability_modeled" in t:
            what = "its copy ability" if "copy" in name else "the keyword"
            out.append(
                f"    {what + ' modeled':<34} {t['ability_modeled']:>6} / {t['ability_cards']:<6} "
                f"{t['ability_percent']:>5}%"
            )
    out += ["", "template families (abilities modeled):"]
    for name, f in report["families"].items():
        out.append(f"  {name:<36} {f['modeled']:>6} / {f['total']:<6} {f['percent']:>5}%")
    out += ["", f"most frequent unmodeled shapes (top {len(report['unmodeled_shapes'])}):"]
    for item in report["unmodeled_shapes"]:
        out.append(f"  {item['count']:>5}  {item['shape']}")
        out.append(f"         e.g. {', '.join(item['examples'])}")
    if "effects_read_percent" in report:
        out += ["", *render_effects(report)]
    return "\n".join(out)
