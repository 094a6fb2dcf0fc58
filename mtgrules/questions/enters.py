"""``enters: {object, as_copy_of, embalmed}`` — what a permanent enters as, clone-style.

Applies a "you may have this enter as a copy of ..." replacement (CR 614.1c,
707.5): the choice is made before it enters (614.12a) among what is already
on the battlefield; the copy's "enters with" abilities apply (614.12, 707.5)
with X as 107.3m says; its enters-the-battlefield abilities trigger (603.6a);
then state-based actions are checked (704.5f, 704.5i, 704.5j). The value is the
resulting permanent's characteristics, counters, triggers and whether it survives.

This module is the question's flow; the rules it combines are in ``rules/``: what may
be copied (:mod:`~mtgrules.rules.copy_choice`), the copy effect as it enters
(:mod:`~mtgrules.rules.copy_entering`), "others enter as a copy"
(:mod:`~mtgrules.rules.copy_others`), its counters (:mod:`~mtgrules.rules.enters_with`)
and the legend rule (:mod:`~mtgrules.rules.sba.legend_rule`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any

from mtgrules import lazyre
from mtgrules.answer import Answer, Reason, explains_if_met, unsupported
from mtgrules.cards.copying import (
    CopyExceptions,
    EntersAsCopy,
)
from mtgrules.cards.library import CardLibrary
from mtgrules.cards.statics import PERMANENT_TYPES
from mtgrules.cards.vocabulary import Ability, AbilityKind
from mtgrules.caseio.case import Case
from mtgrules.model.state import ContinuousEffect, GameObject, GameState, Zone
from mtgrules.questions import depends
from mtgrules.questions.characteristics import breakdown, chars_value, state_based, summary_line
from mtgrules.rules import Unsupported
from mtgrules.rules.copy import copiable_values, copy_effects, described, printed_values
from mtgrules.rules.copy_choice import choice_checks
from mtgrules.rules.copy_entering import (
    check_unless_has,
    chosen_colors,
    copy_notes,
    prototyped_copy_notes,
)
from mtgrules.rules.copy_others import OthersCopy, applies, copy_sources, last_applied, with_targets
from mtgrules.rules.copy_own import entering_exceptions
from mtgrules.rules.counter_replacements import counter_changes, replace_counters
from mtgrules.rules.enters_with import (
    enters_with,
    extra_counters,
    other_card_checks,
    other_card_counters,
)
from mtgrules.rules.keywords import DIES_TRIGGER_KEYWORDS, base_keyword
from mtgrules.rules.keywords.entering import (
    check_enters_known,
    enters_trigger_keywords,
    keyword_rules,
)
from mtgrules.rules.layers import Characteristics, characteristics
from mtgrules.rules.rulings import rulings_on
from mtgrules.rules.sba.auras_sagas import (
    aura_entering,
    battle_protector,
    chapter_triggers,
    entering_counters,
)
from mtgrules.rules.sba.legend_rule import legend_rule
from mtgrules.rules.scope import Scope
from mtgrules.rules.scope_query import Considered, Finding, consider, note, refusal, require
from mtgrules.rules.scope_subject import EnteringGroup, Phrase, entering_group
from mtgrules.rules.statics_in_force import counted_kinds_read, in_group
from mtgrules.rules.triggers import intervening_if_holds
from mtgrules.rules.world_rule import world_rule


def ask(case: Case) -> Answer:
    spec = case.question.value
    state = case.state
    obj = state.find(spec["object"])
    choice = spec.get("as_copy_of")
    embalmed = bool(spec.get("embalmed", obj.embalmed))
    what = "the token its embalm ability creates" if embalmed and not obj.embalmed else obj.label
    sentence = (
        f"What does {what} enter the battlefield as, copying {described(state, state.find(choice))}?"
        if choice
        else f"What does {what} enter the battlefield as, copying nothing?"
    )
    try:
        return _ask(
            state,
            obj,
            choice,
            embalmed,
            sentence,
            case.cards,
            spec.get("choose_colors"),
            spec.get("other_card"),
            spec.get("keeps"),
        )
    except Unsupported as err:
        return unsupported(sentence, err.reason, list(err.reasons))


@dataclass(frozen=True)
class _Copying:
    """What the copy effects that apply as it enters make it (CR 614.12, 616.1): the object
    it copies, the exceptions, whether its own "enter as a copy" ability is the one that
    decided (so its extra counters and linked trigger apply), and the reasons."""

    copy_of: str | None = None
    exceptions: CopyExceptions | None = None
    own: EntersAsCopy | None = None
    reasons: tuple[Reason, ...] = ()
    illegal: tuple[Reason, ...] = ()  # the choice isn't allowed: legal_choice false


def _ask(
    state: GameState,
    obj: GameObject,
    choice: str | None,
    embalmed: bool,
    sentence: str,
    cards: CardLibrary,
    colors: list[str] | None = None,
    other_card: str | None = None,
    keeps: str | None = None,
) -> Answer:
    clone = next(
        (a.enters_as_copy for a in printed_values(obj).abilities if a.enters_as_copy), None
    )
    controller = obj.controller or obj.owner
    sources = copy_sources(state, obj, cards)
    state = with_targets(state, sources)
    copying = _copying(state, obj, choice, clone, embalmed, controller, sources, colors, other_card)
    if copying.illegal:
        # CR 614.1c, 614.12: an unread ability (its own first: "you may have this land enter
        # ... as a copy") could make the choice legal; refuse rather than answer no
        chosen = state.find(choice) if choice else None
        considered = consider(state, depends.copy_choice(obj, chosen))
        if considered.findings:
            raise refusal(considered, depends.copy_choice(obj, chosen).changes)
        return Answer(
            sentence,
            {"legal_choice": False},
            tuple(sorted(copying.illegal, key=lambda r: r.holds is not False)),
        )
    if choice is None and copying.copy_of is not None:
        sentence = sentence.replace(", copying nothing?", "?")
    reasons = list(copying.reasons)
    copy_of, exceptions, clone = copying.copy_of, copying.exceptions, copying.own
    copied = state.find(copy_of) if copy_of else None
    changes = counter_changes(state)  # CR 122.6, 614.1c: read here, applied below
    deps = depends.enters(state, obj, copied)
    deps = replace(deps, skip=deps.skip + tuple((c.source.oid, c.ability) for c in changes))
    try:
        considered, waiting = _entering_triggers_aside(consider(state, deps))
        if considered.findings:
            raise refusal(considered, deps.changes)
    except Unsupported:
        if copy_of is not None:
            raise
        # CR 303.4g: an Aura with nothing it could enchant doesn't enter, whatever its
        # counters, triggers or power would have been; only what decides that must be read
        staying = _aura_stays(state, obj, controller, embalmed, sentence)
        if staying is None:
            raise
        return staying
    entering = _entering(state, obj, controller, embalmed, copy_of, exceptions)
    # CR 400.7: it is a new object; no effect on the card it was applies to it.
    gains = _gains(state, obj, entering, clone) if copy_of and clone is not None else ()
    if gains:
        reasons.append(
            Reason(
                None,
                f"Having entered as a copy, it gains {' and '.join(gains[0].add_abilities)} until "
                "end of turn: an effect of its ability, not an exception of the copy effect, so "
                "not a copiable value.",
                ("707.2", "613.1f", "514.2"),
            )
        )
    base = _with(state, entering, drop=obj.oid, add=gains)
    chars = characteristics(base, entering)
    check_enters_known(chars.abilities)
    counters, counter_reasons = enters_with(obj, chars, copiable_values(base, entering).loyalty)
    intrinsic, intrinsic_reasons = entering_counters(obj, chars, copying=copy_of is not None)
    for kind, n in intrinsic.items():
        counters[kind] = counters.get(kind, 0) + n
    counter_reasons += intrinsic_reasons
    if copy_of and clone is not None:
        mine = state.find(copy_of).controller == controller
        extra, extra_reasons = extra_counters(obj, clone, chars, mine)
        for kind, n in extra.items():
            counters[kind] = counters.get(kind, 0) + n
        counter_reasons += extra_reasons
        if clone.counters_from_other_card and other_card is not None:
            kind, n, why = other_card_counters(state, clone, state.find(other_card))
            counters[kind] = counters.get(kind, 0) + n
            counter_reasons.append(why)
    if other_card is not None and not (copy_of and clone and clone.counters_from_other_card):
        counter_reasons.append(
            Reason(
                None, "`other_card` is given, but no second card is exiled: ignored.", ("614.1c",)
            )
        )
    counters, changed = replace_counters(changes, controller, chars, counters)
    counter_reasons += changed
    reasons += [replace(r, decides=True) for r in counter_reasons]  # they decide the counters
    tapped = False
    for a in (a for a in chars.abilities if a.enters_tapped):
        if a.enters_tapped_unless is None:
            # CR 614.1c: "[this permanent] enters tapped" replaces how it enters
            reasons.append(Reason(None, "It enters tapped: its own ability says so.", ("614.1c",)))
            tapped = True
            continue
        untapped, why = _unless_holds(state, entering, a.enters_tapped_unless)
        tapped = tapped or not untapped
        reasons.append(
            Reason(
                None,
                f"Its own ability: it enters tapped unless {a.enters_tapped_unless.render()}; "
                f"{why}, so it enters {'untapped' if untapped else 'tapped'}.",
                # 109.2: "a Plains", "two or more other lands" are permanents on the battlefield
                ("614.1c", "614.12", "109.2"),
                decides=True,
            )
        )
    entering = replace(entering, counters=tuple(sorted(counters.items())), tapped=tapped)
    _refuse_copies_of(state, obj)
    _refuse_cast_triggers(state, obj)
    after = _with(state, entering, drop=obj.oid, add=gains)
    chars = characteristics(after, entering)
    not_triggered = _not_triggered(waiting, entering, chars, deps.changes)
    read = note(replace(considered, read=considered.read + len(waiting)), deps.changes)
    attached = aura_entering(state, obj, entering, chars)
    if attached and attached[0].holds is False:  # CR 303.4g: it doesn't enter at all
        return _not_entering(sentence, obj, entering, [*attached, read])
    # an unread trigger that entering might set off: the scope index (ENTERS_TRIGGER) asked
    # above, for its own abilities and those of what it copies
    on_entering = [
        a
        for a in chars.abilities
        if (
            a.kind is AbilityKind.TRIGGERED
            and a.event is not None
            and a.event.event == "enters"
            and _its_own_entering(after, entering, chars, a)
        )
        or a in enters_trigger_keywords(chars.abilities)
    ]
    others = [
        a
        for a in chars.abilities
        if a.event is not None and a.event.what == "group" and a not in on_entering
    ]
    on_entering, condition_reasons = _conditions_checked(after, entering, on_entering)
    unset = [f"“{a.words.rstrip('.')}”" for a in others] + not_triggered
    if unset:
        reasons.append(
            Reason(
                None,
                "Its own entering doesn't trigger "
                + "; ".join(unset)
                + ": it isn't one of the permanents whose entering they wait for.",
                ("603.6a",),
            )
        )
    triggers = [a.render() for a in on_entering]
    linked = []
    if copy_of and clone is not None and clone.when_you_do:
        # CR 603.11, 707.9g: the ability linked to the copy effect triggers as it applies
        linked.append(f"When you do, {clone.when_you_do}.")
        reasons.append(
            Reason(
                None,
                "Its copy effect applied, so the triggered ability linked to it (written after "
                f"it, not an enters ability) triggers: {linked[0]}",
                ("603.11", "707.9g"),
            )
        )
    plain = [a.render() for a in on_entering if not a.intervening_if]
    reasons.append(
        Reason(
            None,
            (
                f"Its enters-the-battlefield abilities trigger: {'; '.join(t.rstrip('.') for t in plain)}."
                if plain
                else "It has no enters-the-battlefield triggered abilities"
                + (" without a condition." if triggers else ".")
            ),
            (*(("603.6a", "707.5") if copy_of else ("603.6a",)), *keyword_rules(on_entering)),
            rulings_on(obj.card, "copy-etb") if copy_of and triggers else (),
            decides=bool(plain),
        )
    )
    reasons += condition_reasons
    triggers += linked
    chapters = chapter_triggers(chars, counters.get("lore", 0))
    if chapters:
        # CR 714.2b: a chapter ability triggers as the lore counter it enters with is put on it
        triggers += [a.words for a in chapters]
        reasons.append(
            Reason(
                None,
                "Its lore counter triggers its chapter ability: "
                + "; ".join(f"“{a.words.rstrip('.')}”" for a in chapters)
                + ".",
                ("714.2b", "714.3a", "122.6"),
                decides=True,
            )
        )
    reasons += attached  # where an Aura is attached (303.4f, 608.3c)
    if chars.is_a("Battle"):
        reasons.append(battle_protector(state, entering, chars))
    legend = legend_rule(after, entering, chars, entering.oid if keeps == obj.oid else keeps)
    legend += world_rule(after, entering, chars, entering=True)  # CR 704.5k
    sba = [explains_if_met(r) for r in state_based(entering, chars) + legend]
    survives: bool | None = not any(r.holds is False for r in sba)
    if survives and any(r.holds is None for r in legend):
        survives = None  # CR 704.5j: the legend rule leaves it to its controller's choice
    if survives is False:
        dying = [
            a
            for a in chars.abilities
            if (a.kind is AbilityKind.TRIGGERED and a.event is not None and a.event.event == "dies")
            or (
                a.kind is AbilityKind.KEYWORD
                and base_keyword(a.keyword or "") in DIES_TRIGGER_KEYWORDS
            )
        ]
        dies = [a.render() for a in dying if not a.intervening_if]
        if dies and chars.is_a("Creature"):
            sba.append(
                Reason(
                    None,
                    f"Its leaves-the-battlefield ability then triggers: {'; '.join(d.rstrip('.') for d in dies)}.",
                    ("603.10a",),
                )
            )
        if chars.is_a("Creature"):
            sba += conditional_triggers(dying, "as it dies")
    value: dict[str, Any] = {
        "enters": True,
        **chars_value(chars),
        "legal_choice": True,
        "copied": state.find(copy_of).label if copy_of else None,
        "counters": {k: v for k, v in counters.items() if v},
        "tapped": tapped,
        "triggers": triggers,
        "survives_sba": survives,
    }
    reasons.insert(
        0,
        Reason(
            None,
            f"It enters as {summary_line(chars)}.",
            ("707.5",) if copy_of else ("614.1c",),
            decides=True,
        ),
    )
    return Answer(sentence, value, tuple([*reasons, *breakdown(chars), *sba, read]))


def _entering_triggers_aside(
    considered: Considered,
) -> tuple[Considered, list[tuple[Finding, EnteringGroup]]]:
    """The findings, less its own unread triggered abilities on a group's entering whose
    group mtgrules reads ("Whenever a land you control enters"): whether its own entering
    sets one off depends on what it enters as (CR 603.6a, 603.10a), judged by
    :func:`_not_triggered` once that is known."""
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


def _not_triggered(
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


def _aura_stays(
    state: GameState, obj: GameObject, controller: str, embalmed: bool, sentence: str
) -> Answer | None:
    """The answer that an Aura doesn't enter (CR 303.4g), when the only unread abilities
    are ones that couldn't change it: its types, text, abilities, control and copy effects
    and replacements on entering decide whether it is an Aura and what it could enchant
    (303.4f), and what could be enchanted is asked of the permanents there. None when it
    isn't such an Aura, or something unread could change that."""
    entering = _entering(state, obj, controller, embalmed, None, None)
    try:
        chars = characteristics(_with(state, entering, drop=obj.oid), entering)
        attached = aura_entering(state, obj, entering, chars)
        if not attached or attached[0].holds is not False:
            return None
        read = require(state, depends.aura_enters(obj))
    except Unsupported:
        return None
    return _not_entering(sentence, obj, entering, [*attached, read])


def _not_entering(
    sentence: str, obj: GameObject, entering: GameObject, reasons: list[Reason]
) -> Answer:
    """CR 303.4g: an Aura with nothing it could enchant doesn't enter; it stays where it is
    (a token isn't created: ``remains_in`` null)."""
    value = {"enters": False, "remains_in": None if entering.token else obj.zone.value}
    return Answer(sentence, value, tuple(reasons))


def _entering(
    state: GameState,
    obj: GameObject,
    controller: str,
    embalmed: bool,
    copy_of: str | None,
    exceptions: CopyExceptions | None,
) -> GameObject:
    """The object as it would exist on the battlefield, copying ``copy_of`` (CR 614.12)."""
    return replace(
        obj,
        oid=f"{obj.oid}(entering)",
        zone=Zone.BATTLEFIELD,
        controller=controller,
        token=obj.token or embalmed,
        embalmed=embalmed,
        prototyped=obj.prototyped and not embalmed,
        copy_of=copy_of,
        copy_except=exceptions,
        # its own copy ability's exceptions (CR 707.9), or another permanent's copy effect
        copy_via="own" if exceptions is not None else "other",
        counters=(),
        tapped=False,
        attacking=None,
        face_down=False,
        transformed=False,
        controlled_since_turn=state.turn,
        entered_this_turn=True,
    )


def _copying(
    state: GameState,
    obj: GameObject,
    choice: str | None,
    clone: EntersAsCopy | None,
    embalmed: bool,
    controller: str,
    sources: list[OthersCopy],
    colors: list[str] | None = None,
    other_card: str | None = None,
) -> _Copying:
    """The copy effects that apply as it enters, in the order its controller chooses
    (CR 614.12, 616.1, 616.1f): ``as_copy_of`` names what its own ability copies (its own
    effect applied first), or a permanent whose "others enter as a copy" ability applies,
    which is then the one applied last."""
    reasons: list[Reason] = _self_note(obj)
    chosen = state.find(choice) if choice is not None else None

    def looked(
        copy_of: str | None, exceptions: CopyExceptions | None = None
    ) -> tuple[GameObject, Characteristics]:
        entering = _entering(state, obj, controller, embalmed, copy_of, exceptions)
        gains = _gains(state, obj, entering, clone) if copy_of and clone is not None else ()
        after = _with(state, entering, drop=obj.oid, add=gains)
        return entering, characteristics(after, entering, through="6")

    as_is = looked(None)
    plain = [applies(s, *as_is) for s in sources]
    named = next((i for i, s in enumerate(sources) if chosen and s.source.oid == chosen.oid), None)
    if named is not None and plain[named].holds:
        # CR 616.1: its controller applies the named permanent's copy effect last
        source = sources[named]
        reasons.append(plain[named])
        if clone is not None or sum(bool(r.holds) for r in plain) > 1:
            reasons.append(_last(source))
        reasons += _notes(state, obj, source)
        return _Copying(source.copied().oid, None, None, tuple(reasons))
    if named is not None and clone is None:
        return _Copying(illegal=(*_no_clone(obj), plain[named]))
    if (
        named is not None
        and applies(sources[named], as_is[0], replace(as_is[1], types=("Creature",))).holds
        and any(r.holds is False for r in choice_checks(state, obj, chosen, clone, controller))
    ):
        # it would apply if its own copy effect, applied first, made it a creature
        raise Unsupported(
            f"{sources[named].source.label}'s copy effect would apply only after its own "
            "copy ability made it a creature: name in as_copy_of what its own ability copies"
        )
    copy_of, exceptions, own = None, None, None
    if chosen is not None:
        checks = choice_checks(state, obj, chosen, clone, controller)
        ok = not any(r.holds is False for r in checks)
        if clone is not None and clone.counters_from_other_card and ok:
            checks += other_card_checks(state, chosen, other_card)
        if any(r.holds is False for r in checks):
            notes = [plain[named]] if named is not None else [r for r in plain if r.holds]
            return _Copying(illegal=(*checks, *notes))
        assert clone is not None
        check_unless_has(state, chosen, clone)
        exceptions, color_reasons = chosen_colors(entering_exceptions(clone, embalmed), colors)
        copy_of, own = chosen.oid, clone
        reasons += [r for r in checks if r.holds is not False]
        reasons += color_reasons
    after = [applies(s, *looked(copy_of, exceptions)) for s in sources]
    applying = [s for s, r in zip(sources, after, strict=True) if r.holds]
    if not applying:
        if chosen is not None:
            reasons += copy_notes(state, obj, chosen)
            reasons += prototyped_copy_notes(obj, exceptions)
        elif clone is not None:
            reasons.append(_copy_nothing(obj))
        reasons += [
            _note(s, r, before, chosen) for s, r, before in zip(sources, after, plain, strict=True)
        ]
        return _Copying(copy_of, exceptions, own, tuple(reasons))
    source, several = last_applied(state, applying)
    reasons += [r for r in after if r.holds]
    reasons += several
    if clone is not None:
        reasons.append(_then(chosen if own is not None else None, source))
    if own is not None:
        reasons += _overridden(own)
    reasons += _notes(state, obj, source)
    reasons += [_note(s, r, r, chosen) for s, r in zip(sources, after, strict=True) if not r.holds]
    return _Copying(source.copied().oid, None, None, tuple(reasons))


def _self_note(obj: GameObject) -> list[Reason]:
    """CR 614.12: a permanent's "others enter as a copy" doesn't apply to its own entering."""
    if not any(a.others_enter_as_copy for a in printed_values(obj).abilities):
        return []
    return [
        Reason(
            None,
            f"{obj.name}'s own ability that makes creatures enter as a copy works from the "
            "battlefield on other objects entering; it doesn't apply to this one as it enters.",
            ("614.12",),
        )
    ]


def _no_clone(obj: GameObject) -> list[Reason]:
    return [
        Reason(
            False,
            f"{obj.name} has no ability that lets it enter as a copy of something.",
            ("614.1c",),
        )
    ]


def _copy_nothing(obj: GameObject) -> Reason:
    return Reason(
        None,
        "Copying is optional; choosing nothing, it enters as the card itself.",
        ("614.1c", "707.5"),
        rulings_on(obj.card, "copy-nothing"),
    )


def _last(source: OthersCopy) -> Reason:
    return Reason(
        None,
        f"Its controller applies {source.source.label}'s copy effect last (the order of "
        "copy effects is theirs to choose), so that one decides what it is.",
        ("616.1", "616.1c", "616.1f"),
    )


def _then(chosen: GameObject | None, source: OthersCopy) -> Reason:
    """Its own copy effect first, then the permanent's (CR 616.1f); the other way round,
    its own ability is gone once it is a copy of that permanent (614.12): the same result."""
    first = f"its own copy effect (copying {chosen.label})" if chosen else "its own copy ability"
    return Reason(
        None,
        f"Whichever order its controller applies them in, {first} doesn't decide what it is: "
        f"applied first, it leaves a creature, so {source.source.label}'s effect still applies "
        f"afterwards; applied second, there is nothing left to apply, because as a copy of "
        f"{source.copied().name} it no longer has its own copy ability.",
        ("616.1", "616.1f", "614.12"),
    )


def _overridden(own: EntersAsCopy) -> list[Reason]:
    """CR 707.9e, 707.9g: another copy effect applied after its own cancels the additional
    effect of its own copy effect's exception and its linked triggered ability."""
    out = []
    if own.extra_counters:
        out.append(
            Reason(
                None,
                "The extra counters its own copy effect's exception would give don't come: "
                "another copy effect was applied after that one.",
                ("707.9e",),
            )
        )
    if own.when_you_do:
        out.append(
            Reason(
                None,
                "The triggered ability linked to its own copy effect doesn't trigger: another "
                "copy effect was applied after that one.",
                ("707.9g", "603.11"),
            )
        )
    return out


def _note(source: OthersCopy, now: Reason, before: Reason, chosen: GameObject | None) -> Reason:
    """A permanent whose copy effect doesn't apply, as a note; if it would have applied
    before its own copy effect changed it, say that the order decided (CR 616.1f)."""
    if before.holds and not now.holds and chosen is not None:
        return Reason(
            None,
            f"{source.source.label}'s ability would make it enter as a copy of "
            f"{source.copied().name}, but its own copy effect is applied first (its "
            f"controller chooses the order), and as a copy of {chosen.label} it isn't a "
            "creature, so that ability no longer applies; applied the other way round, it "
            f"would be a copy of {source.copied().name}.",
            ("614.12", "616.1", "616.1f"),
        )
    return replace(now, holds=None)


def _notes(state: GameState, obj: GameObject, source: OthersCopy) -> list[Reason]:
    """What the copy takes from the permanent (CR 707.2), or from a named card."""
    target = source.copied()
    if target.named_card:
        return [
            Reason(
                None,
                f"It copies the card named {target.name} as its Oracle text gives it, "
                "not any object in the game.",
                ("707.2",),
            )
        ]
    return copy_notes(state, obj, target)


def _unless_holds(state: GameState, entering: GameObject, unless) -> tuple[bool, str]:
    """CR 614.12: "unless you control ..." is checked as it would enter, over the permanents
    its controller controls then (the entering permanent isn't among them yet)."""
    groups = [replace(g, whose="you") for g in unless.groups]
    counted_kinds_read(state, unless.render())
    found = [
        o
        for o in state.in_zone(Zone.BATTLEFIELD, entering.controller)
        if o.oid != entering.oid
        and any(
            in_group(state, g, entering, o, characteristics(state, o, through="6")) for g in groups
        )
    ]
    names = f" ({', '.join(o.label for o in found)})" if found else ""
    return unless.holds(len(found)), f"{entering.controller} controls {len(found)} of those{names}"


def _its_own_entering(
    state: GameState, entering: GameObject, chars: Characteristics, ability: Ability
) -> bool:
    """CR 603.6a: an enters trigger of its own ("When this creature enters"), or one on a
    group's entering ("Whenever a creature you control enters") that it is in, as the
    permanent it becomes."""
    event = ability.event
    if event is None or event.what != "group" or event.group is None:
        return True
    return in_group(state, event.group, entering, entering, chars)


def _conditions_checked(
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


def _refuse_copies_of(state: GameState, obj: GameObject) -> None:
    """Another object copying ``obj``: once ``obj`` moves and enters it is a new object
    (CR 400.7), and what the copy goes on copying (707.2) is not modeled."""
    for other in state.objects:
        if other.oid != obj.oid and any(e.target == obj.oid for e in copy_effects(state, other)):
            raise Unsupported(
                f"{other.label} is a copy of {obj.label}: what it copies once {obj.label} has "
                "entered as a new object (CR 400.7, 707.2) is not modeled"
            )


# a cast trigger that gives the creature spell counters as it enters, or a trigger whose
# effect casts a card that then enters with counters
_ENTERS_WORDS = lazyre.compile(r"\benters?\b", re.IGNORECASE)
_CAST_WORDS = lazyre.compile(r"\bcasts?\b", re.IGNORECASE)


def _refuse_cast_triggers(state: GameState, obj: GameObject) -> None:
    """A triggered ability read by its event whose effect says how a spell that is cast
    enters: a cast trigger (the spell that set it off gets counters as it enters, CR 601.2i,
    603.2, resolved before the spell, 405.5), or a trigger whose effect casts or lets a player cast a spell
    that then enters with something (a beginning of combat, a dies trigger). If ``obj`` was
    cast so, its entering is changed (614.1c), and what that effect does is not modeled;
    the ability's event is read only to know it doesn't trigger on entering."""
    if obj.card.types == ("Land",):
        return  # CR 305.9: a land is played, never cast
    for other in state.objects:
        if other.oid == obj.oid:
            continue
        for ability in other.card.abilities:
            event = ability.event
            if ability.kind is not AbilityKind.TRIGGERED or event is None:
                continue
            effect = ability.text or (ability.effect.does if ability.effect else "")
            if _ENTERS_WORDS.search(effect) and (
                event.event == "cast" or _CAST_WORDS.search(effect)
            ):
                raise Unsupported(
                    f"{other.label}'s ability “{ability.words}” can change how a spell that "
                    f"is cast enters (CR 601.2i, 614.1c); if {obj.label} was cast, what it "
                    "enters as depends on it, and mtgrules doesn't model that effect"
                )


def _with(
    state: GameState, obj: GameObject, drop: str, add: tuple[ContinuousEffect, ...] = ()
) -> GameState:
    objects = (*(o for o in state.objects if o.oid != drop), obj)
    effects = tuple(e for e in state.effects if drop not in e.affects) + add
    return state.with_objects(objects, effects)


def _gains(
    state: GameState, obj: GameObject, entering: GameObject, clone: EntersAsCopy
) -> tuple[ContinuousEffect, ...]:
    """ "If you do, it gains haste until end of turn": a continuous effect on the permanent
    that entered as a copy, the latest timestamp (CR 613.7), ending in the cleanup step
    (514.2); granted in layer 6 (613.1f), not by the copy effect (707.2)."""
    if not clone.gains_until_end_of_turn:
        return ()
    stamp = max((e.timestamp for e in state.effects), default=0) + 1
    return (
        ContinuousEffect(
            affects=(entering.oid,),
            timestamp=stamp,
            source=obj.name,
            until="end_of_turn",
            add_abilities=clone.gains_until_end_of_turn,
        ),
    )
