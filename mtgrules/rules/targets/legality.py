"""Targets (CR 115): whether a spell or ability has the legal targets it requires.

A spell with "target" (CR 115.1a), an Aura spell by its enchant ability (115.1b,
303.4a, 702.5a) and an activated ability with "target" (115.1c) choose their targets
as they are cast or activated (601.2c, 602.2b); if a requirement can't be met, the
spell can't be cast (601.2, 601.2e) and the ability can't be activated (602.2).

:func:`spell_target_checks` and :func:`ability_target_checks` give one reason per
requirement, whether or not it is met, naming a legal target or saying why there is
none. Without ``targets`` they ask whether a legal choice exists; with ``targets``
they check the choices given, in order, against the requirements in order (115.3:
one object can't be chosen twice for one instance of the word "target").
This module finds the requirements; checking them is
:mod:`mtgrules.rules.targets.requirements`'s.

Only what the engine knows decides: characteristics after the case's continuous
effects (:func:`mtgrules.rules.layers.characteristics.characteristics`, so a granted hexproof
counts), hexproof (702.11b), hexproof from a quality (702.11d), shroud (702.18a) and
protection (702.16b, 702.16j). A candidate whose own abilities mtgrules doesn't read
could be untargetable, and a requirement with words it doesn't read could exclude a
candidate: when the answer depends on such a candidate, it is unsupported. Players
are always candidates: the case format gives players no hexproof or protection.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Protocol

from mtgrules import lazyre
from mtgrules.answer import Reason
from mtgrules.cards.oracle.targets import read_enchant
from mtgrules.cards.targets import ANY_TARGET, Targeting
from mtgrules.cards.vocabulary import Ability, AbilityKind
from mtgrules.model.state import GameObject, GameState
from mtgrules.rules import Unsupported
from mtgrules.rules.layers.characteristics import Characteristics
from mtgrules.rules.targets.candidates import (
    LIST_AT_MOST,
    Chooser,
    label,
)
from mtgrules.rules.targets.requirements import (
    aura_target_checks,
    check_requirements,
    legal_choice_exists,
)


class Announced(Protocol):
    """What the player announces that targets depend on: ``CastPlan`` or ``ActivationPlan``."""

    targets: tuple[str, ...] | None  # the targets given, or None: does a legal choice exist?
    x: int | None  # the X announced, for "X target ..."


def spell_target_checks(
    state: GameState,
    obj: GameObject,
    chars: Characteristics,
    player: str,
    plan: Announced,
    so_far: Sequence[Reason] = (),
) -> list[Reason]:
    """CR 601.2c, 115.1a-b, 303.4a: the targets of the spell ``player`` would cast.

    ``so_far``: the conditions already checked; if one fails, targets mtgrules can't judge
    don't make the answer unsupported (it can't be cast anyway), they are only noted."""
    return _settle(
        so_far, "601.2c", lambda: _spell(state, obj, chars, player, plan.targets, plan.x)
    )


def ability_target_checks(
    state: GameState,
    obj: GameObject,
    chars: Characteristics,
    ability: Ability,
    player: str,
    plan: Announced,
    so_far: Sequence[Reason] = (),
    triggered: bool = False,
) -> list[Reason]:
    """CR 602.2b, 601.2c, 115.1c: the targets of the activated ability ``player`` would
    activate (equip: a creature its controller controls, 702.6a); ``so_far`` as for
    :func:`spell_target_checks`. ``triggered``: a triggered ability's targets, chosen as
    it is put on the stack (115.1d, 603.3d)."""
    return _settle(
        so_far,
        "603.3d" if triggered else "602.2b",
        lambda: _ability(state, obj, chars, ability, player, plan.targets, plan.x, triggered),
    )


def _settle(so_far: Sequence[Reason], rule: str, check: Callable[[], list[Reason]]) -> list[Reason]:
    try:
        return check()
    except Unsupported as err:
        if all(r.holds is not False for r in so_far):
            raise
        return [
            Reason(
                None,
                f"Its targets aren't judged ({err.reason}); it can't be done for the reasons "
                "above anyway.",
                (rule,),
            )
        ]


def _spell(
    state: GameState,
    obj: GameObject,
    chars: Characteristics,
    player: str,
    chosen: tuple[str, ...] | None,
    x: int | None,
) -> list[Reason]:
    aura = chars.is_a("Enchantment") and chars.has_subtype("Aura")
    if aura:
        rules: tuple[str, ...] = ("601.2c", "303.4a", "115.1b", "702.5a")
        found = _enchant_abilities(obj, chars)
    elif chars.is_a("Instant") or chars.is_a("Sorcery"):
        rules = ("601.2c", "115.1a")
        found = [
            (a, t)
            for a in chars.abilities
            if a.kind in (AbilityKind.SPELL, AbilityKind.UNMODELED, AbilityKind.STATIC)
            and (t := _spell_targeting(a)) is not None
            and t.targets_anything
        ]
    else:
        found = []
        rules = ("601.2c",)
    if not found:
        return _no_targets(chosen, "cast")
    if " // " in obj.card.name:
        raise Unsupported(
            f"{obj.name} is a split card: which half is cast decides what it targets, and "
            "mtgrules doesn't model casting one half"
        )
    chooser = Chooser(state, obj, chars, player, True, rules, "cast", x)
    reasons: list[Reason] = []
    for ability, targeting in found:
        _readable(obj, ability, targeting, chooser)
        if targeting.modes:
            reasons.append(_modal(chooser, ability, targeting, chosen))
    if aura:
        reasons += aura_target_checks(chooser, [t.specs[0] for _, t in found], chosen)
    elif any(t.specs for _, t in found) or not reasons:
        reasons += check_requirements(chooser, [s for _, t in found for s in t.specs], chosen)
    _target_changers(obj, chars, reasons)
    return reasons


_TARGET_WORD = lazyre.compile(r"\btargets?\b", re.IGNORECASE)


def _spell_targeting(ability: Ability) -> Targeting | None:
    """What a spell ability targets (CR 115.1a): as read, or, for words never read for
    targets (a case's own text for an ability), unreadable when they say "target"."""
    if ability.targeting is not None:
        return ability.targeting
    if ability.kind is AbilityKind.SPELL and ability.targets:  # a case's `targets: true`
        return Targeting(unreadable=ability.words)
    if not ability.oracle and _TARGET_WORD.search(ability.words):
        return Targeting(unreadable=ability.words)
    return None


def _ability(
    state: GameState,
    obj: GameObject,
    chars: Characteristics,
    ability: Ability,
    player: str,
    chosen: tuple[str, ...] | None,
    x: int | None,
    triggered: bool = False,
) -> list[Reason]:
    targeting = ability.targeting
    if targeting is None and ability.targets:
        targeting = Targeting(unreadable=ability.words)
    verb = "put on the stack" if triggered else "activated"
    if targeting is None or not targeting.targets_anything:
        return _no_targets(chosen, verb)
    rules: tuple[str, ...] = (
        ("603.3d", "601.2c", "115.1d") if triggered else ("602.2b", "601.2c", "115.1c")
    )
    if ability.keyword == "equip":
        rules += ("702.6a",)
    chooser = Chooser(state, obj, chars, player, False, rules, verb, x)
    _readable(obj, ability, targeting, chooser)
    if targeting.modes:
        return [_modal(chooser, ability, targeting, chosen)]
    return check_requirements(chooser, list(targeting.specs), chosen)


def target_names(state: GameState, refs: tuple[str, ...]) -> str:
    """How a question names the targets given: "Bob's Mind Stone (stone) and Bob"."""
    names = [r if r in state.player_names else label(state.find(r)) for r in refs]
    if not names:
        return "nothing"
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


# --- what the spell or ability requires ---------------------------------------------------


def _enchant_abilities(obj: GameObject, chars: Characteristics) -> list[tuple[Ability, Targeting]]:
    """CR 303.4a, 702.5a, 702.5c: an Aura spell's target is defined by its enchant abilities
    (all of them, when it has several)."""
    found = []
    for a in chars.abilities:
        keyword = (a.keyword or "").lower()
        if a.kind is AbilityKind.KEYWORD and keyword.startswith("enchant "):
            found.append((a, a.targeting or read_enchant(keyword)))
        elif a.targeting is not None and a.words.lower().startswith("enchant"):
            found.append((a, a.targeting))
    if not found:
        unread = [a for a in chars.abilities if a.described_only]
        what = f" (its ability “{unread[0].words}” isn't read)" if unread else ""
        raise Unsupported(
            f"{obj.name} is an Aura, whose spell targets what its enchant ability allows "
            f"(CR 303.4a), and mtgrules finds no enchant ability it reads{what}"
        )
    return found


def _readable(obj: GameObject, ability: Ability, targeting: Targeting, chooser: Chooser) -> None:
    """An unreadable target phrase: the answer depends on targets mtgrules can't read."""
    if not targeting.unreadable:
        return
    if targeting.unreadable.strip() == ability.words.strip():
        what = (
            "which of its modes it could choose (a modal form mtgrules doesn't read, CR 700.2)"
            if "•" in ability.words
            else "what it targets"
        )
        raise Unsupported(
            f"{obj.name}'s ability “{ability.words}” requires targets, and mtgrules can't read "
            f"{what}; whether a legal target exists decides whether it can be {chooser.verb} "
            f"(CR {chooser.rules[0]})"
        )
    raise Unsupported(
        f"{obj.name}'s ability “{ability.words}” requires targets, and mtgrules can't read "
        f"“{targeting.unreadable}”; whether a legal target exists decides whether it can be "
        f"{chooser.verb} (CR {chooser.rules[0]})"
    )


def _modal(
    chooser: Chooser, ability: Ability, targeting: Targeting, chosen: tuple[str, ...] | None
) -> Reason:
    """CR 700.2a, 700.2d: a modal spell or ability needs as many modes as it says whose
    targets can all be chosen (one, if the same mode may be chosen more than once)."""
    name = chooser.source.name
    if chosen is not None:
        raise Unsupported(
            f"{name} is modal, and which mode the targets given are for isn't part of the case"
        )
    possible: list[tuple[int, list[Reason]]] = []
    failed: list[tuple[int, list[Reason]]] = []
    unknown: list[tuple[int, str]] = []
    for number, mode in enumerate(targeting.modes, 1):
        if mode.unreadable or mode.modes:
            unknown.append((number, f"mtgrules can't read “{mode.unreadable or 'its modes'}”"))
            continue
        try:
            found = [legal_choice_exists(chooser, spec) for spec in mode.specs]
        except Unsupported as err:
            unknown.append((number, err.reason))
            continue
        (possible if all(r.holds for r in found) else failed).append((number, found))
    needed = 1 if targeting.repeat else targeting.choose
    rules = tuple(
        dict.fromkeys((*chooser.rules, "700.2a", *(("700.2d",) if targeting.choose > 1 else ())))
    )
    how_many = "a mode" if needed == 1 else f"{needed} different modes"
    if len(possible) >= needed:
        for _, found in possible[:LIST_AT_MOST]:
            rules = tuple(dict.fromkeys((*rules, *(n for r in found for n in r.rules))))
        shown = " ".join(_mode_text(n, f, chooser) for n, f in possible[:LIST_AT_MOST])
        return Reason(True, f"It is modal and needs {how_many} it can choose. {shown}", rules)
    if len(possible) + len(unknown) >= needed:
        number, why = unknown[0]
        raise Unsupported(
            f"{name}'s ability “{ability.words}” is modal, and whether its mode {number} can be "
            f"chosen depends on targets mtgrules can't judge: {why}"
        )
    for _, found in failed:
        rules = tuple(dict.fromkeys((*rules, *(n for r in found for n in r.rules))))
    shown = " ".join(_mode_text(n, f, chooser) for n, f in failed[:LIST_AT_MOST])
    can = "none can be" if not possible else f"only {len(possible)} can be"
    return Reason(
        False,
        f"It is modal and needs {how_many} whose targets can be chosen, and {can}, so it "
        f"can't be {chooser.verb}. {shown}",
        rules,
    )


def _mode_text(number: int, found: list[Reason], chooser: Chooser) -> str:
    """One mode's requirements, as a sentence of a modal reason."""
    if not found:
        return f"Mode {number} has no targets."
    said = " ".join(r.text for r in found if r.holds is not True) or " ".join(r.text for r in found)
    said = said.replace(f", so it can't be {chooser.verb}.", ".")
    return f"Mode {number}: {said[:1].lower()}{said[1:]}"


def _no_targets(chosen: tuple[str, ...] | None, verb: str) -> list[Reason]:
    if not chosen:
        return []
    return [
        Reason(
            False,
            f"It has no targets, so it can't be {verb} with the targets given "
            f"({', '.join(chosen)}).",
            ("115.1",),
        )
    ]


def _target_changers(obj: GameObject, chars: Characteristics, reasons: list[Reason]) -> None:
    """Overload (702.96a) and cleave (702.148a) cast a spell whose text has no "target" or
    other targets; mtgrules doesn't model casting that way, so a missing target is no answer."""
    if all(r.holds is not False for r in reasons):
        return
    for a in chars.abilities:
        words = a.words.lower()
        if (a.keyword or "").startswith(("overload", "cleave")) or words.startswith(
            ("overload", "cleave")
        ):
            raise Unsupported(
                f"{obj.name} has “{a.words}”: cast that way its targets differ, which "
                "mtgrules doesn't model"
            )


# --- judging candidates --------------------------------------------------------------------


__all__ = ["ANY_TARGET", "ability_target_checks", "spell_target_checks", "target_names"]
