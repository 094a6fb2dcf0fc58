"""Evasion: which creatures can block an attacker (CR 509.1b and the keywords of 702).

Each evasion ability the attacker has (after the layers, so granted ones count) is one
check, held or failed, citing its rule:

- flying: only a blocker with flying or reach (702.9b, 702.17b);
- horsemanship: only a blocker with horsemanship (702.31b);
- shadow: a blocker has shadow exactly when the attacker does (702.28b, both ways);
- fear: only an artifact creature or a black creature (702.36b);
- intimidate: only an artifact creature or one sharing a color with it (702.13b);
- landwalk: not while the defending player controls a land of the kind (702.14c);
- skulk: not a blocker with greater power (702.118b);
- menace: only two or more blockers, so never this blocker alone (702.111b);
- "This creature can't be blocked." (509.1b);
- protection: not a blocker with the quality (702.16f, :mod:`.protection`).
"""

from __future__ import annotations

import re

from mtgrules.answer import Reason
from mtgrules.cards.mana import COLOR_NAMES
from mtgrules.model.state import GameObject, GameState, Zone
from mtgrules.rules import Unsupported
from mtgrules.rules.combat.protection import PROTECTION, has_quality, qualities
from mtgrules.rules.layers.characteristics import Characteristics, characteristics
from mtgrules.rules.layers.grants import granted_from

LANDWALK = re.compile(
    r"^(?:(?P<super>nonbasic|legendary|snow) )?(?P<type>plains|island|swamp|mountain|forest"
    r"|desert|land)walk$"
)


def _whence(chars: Characteristics, keyword: str) -> str:
    source = granted_from(chars, keyword)
    return f" (from {source}'s static ability)" if source else ""


def _keywords(chars: Characteristics) -> list[str]:
    return [a.keyword for a in chars.abilities if a.keyword]


def _colors(chars: Characteristics) -> str:
    names = [COLOR_NAMES[c] for c in sorted(chars.colors) if c in COLOR_NAMES]
    return " and ".join(names) if names else "colorless"


def evasion_checks(
    state: GameState,
    attacker: GameObject,
    a: Characteristics,
    blocker: GameObject,
    b: Characteristics,
    defender: str,
) -> list[Reason]:
    """One reason per evasion ability of the attacker (and the blocker's shadow)."""
    reasons: list[Reason] = []
    if a.has_keyword("flying"):
        ok = b.has_keyword("flying") or b.has_keyword("reach")
        how = "flying" if b.has_keyword("flying") else "reach" if ok else "neither flying nor reach"
        reasons.append(
            Reason(
                ok,
                f"{attacker.label} has flying{_whence(a, 'flying')}: only creatures with flying"
                f" or reach can block it, and {blocker.label} has {how}"
                f"{_whence(b, how) if ok else ''}.",
                ("702.9b", "702.17b") if how == "reach" else ("702.9b",),
            )
        )
    if a.has_keyword("horsemanship"):
        ok = b.has_keyword("horsemanship")
        reasons.append(
            Reason(
                ok,
                f"{attacker.label} has horsemanship: only creatures with horsemanship can block"
                f" it, and {blocker.label} {'has' if ok else 'doesn’t have'} horsemanship.",
                ("702.31b",),
            )
        )
    if a.has_keyword("shadow") or b.has_keyword("shadow"):
        ok = a.has_keyword("shadow") and b.has_keyword("shadow")
        text = (
            "both have shadow, so one can block the other"
            if ok
            else f"{attacker.label if a.has_keyword('shadow') else blocker.label} has shadow"
            " and the other doesn't: a creature with shadow and one without can't block each other"
        )
        reasons.append(Reason(ok, text[:1].upper() + text[1:] + ".", ("702.28b",)))
    if a.has_keyword("fear"):
        ok = b.is_a("Artifact") or "B" in b.colors
        reasons.append(
            Reason(
                ok,
                f"{attacker.label} has fear: only artifact creatures and black creatures can block"
                f" it, and {blocker.label} is {'an artifact' if b.is_a('Artifact') else _colors(b)}.",
                ("702.36b",),
            )
        )
    if a.has_keyword("intimidate"):
        shared = a.colors & b.colors
        ok = b.is_a("Artifact") or bool(shared)
        why = (
            "an artifact creature"
            if b.is_a("Artifact")
            else f"{_colors(b)}, sharing {'a color' if shared else 'no color'} with it"
            f" ({_colors(a)})"
        )
        reasons.append(
            Reason(
                ok,
                f"{attacker.label} has intimidate: only artifact creatures and creatures that"
                f" share a color with it can block it, and {blocker.label} is {why}.",
                ("702.13b",),
            )
        )
    for keyword in _keywords(a):
        walk = LANDWALK.match(keyword)
        if walk is not None:
            reasons.append(_landwalk(state, attacker, keyword, walk, defender))
    if a.has_keyword("skulk"):
        if not isinstance(a.power, int) or not isinstance(b.power, int):
            raise Unsupported(
                "skulk compares powers, and a power here isn't a number (CR 702.118b)"
            )
        ok = b.power <= a.power
        reasons.append(
            Reason(
                ok,
                f"{attacker.label} has skulk: creatures with greater power can't block it;"
                f" {blocker.label}'s power is {b.power}, its is {a.power}.",
                ("702.118b",),
            )
        )
    if any(x.unasked_rule == "cant_be_blocked" for x in a.abilities):
        reasons.append(
            Reason(False, f"{attacker.label} has “This creature can't be blocked.”", ("509.1b",))
        )
    for keyword in _keywords(a):
        if PROTECTION.match(keyword):
            for quality in qualities(keyword):
                has = has_quality(b, quality, keyword)
                reasons.append(
                    Reason(
                        not has,
                        f"{attacker.label} has protection from {quality}{_whence(a, keyword)}:"
                        f" creatures that are {quality} can't block it, and {blocker.label}"
                        f" {'is' if has else 'isn’t'}.",
                        ("702.16f",),
                    )
                )
    if a.has_keyword("menace"):
        reasons.append(
            Reason(
                False,
                f"{attacker.label} has menace{_whence(a, 'menace')}: it can't be blocked except by"
                f" two or more creatures, so {blocker.label} can't block it alone (it could"
                " together with another creature that can).",
                ("702.111b", "509.1b"),
            )
        )
    return reasons


def _landwalk(
    state: GameState, attacker: GameObject, keyword: str, walk: re.Match, defender: str
) -> Reason:
    """CR 702.14c: unblockable while the defending player controls a land of the kind."""
    kind, supertype = walk.group("type"), walk.group("super")
    matching = []
    for land in state.in_zone(Zone.BATTLEFIELD, defender):
        chars = characteristics(state, land)
        if not chars.is_a("Land"):
            continue
        if kind != "land" and not chars.has_subtype(kind.capitalize()):
            continue
        if supertype == "nonbasic" and "Basic" in chars.supertypes:
            continue
        if supertype in ("legendary", "snow") and supertype.capitalize() not in chars.supertypes:
            continue
        matching.append(land)
    what = " ".join(w for w in (supertype, kind.capitalize() if kind != "land" else "land") if w)
    if matching:
        return Reason(
            False,
            f"{attacker.label} has {keyword} and {defender} controls {matching[0].label}: it"
            " can't be blocked.",
            ("702.14c",),
        )
    return Reason(
        True,
        f"{attacker.label} has {keyword}, but {defender} controls no {what}, so it can be blocked.",
        ("702.14c",),
    )
