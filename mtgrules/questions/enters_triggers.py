"""What a permanent's own entering triggers, for the ``enters`` question.

Its enters-the-battlefield abilities (CR 603.6a), a group's enters triggers it can or
can't set off by what it enters as (603.6a, 603.3a, 603.10a), intervening "if" conditions
checked as it enters (603.4, 608.2a), and a dies trigger's condition named (603.4).
"""

from __future__ import annotations

from dataclasses import replace

from mtgrules.answer import Reason
from mtgrules.cards.statics import PERMANENT_TYPES
from mtgrules.cards.vocabulary import Ability
from mtgrules.model.state import GameObject, GameState
from mtgrules.rules import Unsupported
from mtgrules.rules.layers.characteristics import Characteristics
from mtgrules.rules.layers.statics_in_force import in_group
from mtgrules.rules.scope.index import Scope
from mtgrules.rules.scope.query import Considered, Finding, refusal
from mtgrules.rules.scope.subject import EnteringGroup, Phrase, entering_group
from mtgrules.rules.triggers import intervening_if_holds


def entering_triggers_aside(
    considered: Considered,
) -> tuple[Considered, list[tuple[Finding, EnteringGroup]]]:
    """The findings, less its own unread triggered abilities on a group's entering whose
    group mtgrules reads ("Whenever a land you control enters"): whether its own entering
    sets one off depends on what it enters as (CR 603.6a, 603.10a), judged by
    :func:`triggers_not_set_off` once that is known."""
    waiting: list[tuple[Finding, EnteringGroup]] = []
    rest: list[Finding] = []
    for f in considered.findings:
        group = entering_group(f.words) if f.scope is Scope.ENTERS_TRIGGER else None
        if group is None:
            rest.append(f)
        else:
            waiting.append((f, group))
    return replace(considered, findings=tuple(rest)), waiting


_CARD_TYPES = frozenset(t.lower() for t in PERMANENT_TYPES)


def triggers_not_set_off(
    waiting: list[tuple[Finding, EnteringGroup]],
    entering: GameObject,
    chars: Characteristics,
    changes: str,
) -> list[str]:
    """The words of each waiting trigger its own entering can't set off, because it can't
    be in the group (CR 603.6a): the group is of "other" permanents; or of an opponent's,
    and its own ability's controller controls it (603.3a); or every phrase of the group
    names a card type it doesn't have, or one it has after "non". Any other is refused, as
    the scope pass found it."""
    types = {t.lower() for t in chars.types}
    unread: list[Finding] = []
    words: list[str] = []
    for found, group in waiting:
        if group.other or group.opponents or all(_not_of(p, types) for p in group.phrases):
            words.append(f"“{found.words.rstrip('.')}”")
        else:
            unread.append(found)
    if unread:
        raise refusal(Considered(tuple(unread), 0, 0), changes)
    return words


def _not_of(phrase: Phrase, types: set[str]) -> bool:
    """Whether the phrase ("nonbasic land", "artifact creatures", "noncreature permanent")
    names a card type the object doesn't have, or one it has after "non"."""
    named = [w.lower().removesuffix("s") for w in (*phrase.modifiers, phrase.head)]
    if any(w in _CARD_TYPES and w not in types for w in named):
        return True
    return any(w.startswith("non") and w[3:].lstrip("-") in types for w in named)


def its_own_entering(
    state: GameState, entering: GameObject, chars: Characteristics, ability: Ability
) -> bool:
    """CR 603.6a: an enters trigger of its own ("When this creature enters"), or one on a
    group's entering ("Whenever a creature you control enters") that it is in, as the
    permanent it becomes."""
    event = ability.event
    if event is None or event.what != "group" or event.group is None:
        return True
    return in_group(state, event.group, entering, entering, chars)


def conditions_checked(
    after: GameState, entering: GameObject, abilities: list[Ability]
) -> tuple[list[Ability], list[Reason]]:
    """CR 603.4: an enters ability with an intervening "if" triggers only if the condition
    is true as it enters. Where mtgrules reads the condition it checks it on the board with
    the permanent on it: an ability whose condition is false doesn't trigger and is left
    out; one whose condition is true is listed. An unread condition refuses: listing the
    ability would say it triggers, leaving it out that it doesn't. Returns the abilities
    that trigger and the reasons for the conditions."""
    kept: list[Ability] = []
    reasons: list[Reason] = []
    for a in abilities:
        holds = (
            intervening_if_holds(after, entering, a.intervening_if) if a.intervening_if else None
        )
        if a.intervening_if and holds is None:
            raise Unsupported(
                f"whether {entering.label}'s “{a.render().rstrip('.')}” triggers as it enters depends on "
                f"“{a.intervening_if}”, a condition mtgrules doesn't read (CR 603.4)"
            )
        if holds is not False:
            kept.append(a)
        if holds is None:
            continue
        verdict = "is true, so it triggers" if holds else "is false, so it doesn't trigger"
        reasons.append(
            Reason(
                None,
                f"“{a.render().rstrip('.')}”: as it enters, “{a.intervening_if}” {verdict}"
                + (
                    " (it does nothing if that is no longer true as it resolves)." if holds else "."
                ),
                ("603.4",) if not holds else ("603.4", "608.2a"),
                decides=not holds,
            )
        )
    return kept, reasons


def conditional_triggers(abilities: list[Ability], when: str) -> list[Reason]:
    """CR 603.4, 608.2a: a triggered ability with an intervening "if" triggers only if its
    condition is true when the event happens, and does nothing if it is false as it
    resolves. mtgrules doesn't evaluate the condition (it is kept in the card's words), so
    the ability is named with its condition, never as surely triggering."""
    return [
        Reason(
            None,
            f"“{a.render().rstrip('.')}” has an intervening “if”: it triggers only if "
            f"{a.intervening_if} {when}, and does nothing if that is no longer true as it "
            "resolves. mtgrules doesn't check the condition, so it names the ability with it.",
            ("603.4", "608.2a"),
        )
        for a in abilities
        if a.intervening_if
    ]
