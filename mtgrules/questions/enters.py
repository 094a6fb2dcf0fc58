"""``enters: {object, as_copy_of, embalmed}`` — what a permanent enters as, clone-style.

Applies a "you may have this enter as a copy of ..." replacement (CR 614.1c,
707.5): the choice is made before it enters (614.12a) among what is already
on the battlefield; the copy's "enters with" abilities apply (614.12, 707.5)
with X as 107.3m says; its enters-the-battlefield abilities trigger (603.6a);
then state-based actions are checked (704.5f, 704.5i, 704.5j). The value is the
resulting permanent's characteristics, counters, triggers and whether it survives.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from mtgrules.answer import Answer, Reason, unsupported
from mtgrules.cards.copying import (
    COLOR_WORDS,
    CopyExceptions,
    EntersAsCopy,
    unnumbered,
)
from mtgrules.cards.define import color_code
from mtgrules.cards.library import CardLibrary
from mtgrules.cards.vocabulary import Ability, AbilityKind
from mtgrules.caseio.case import Case
from mtgrules.model.state import ContinuousEffect, GameObject, GameState, Zone
from mtgrules.questions import depends
from mtgrules.questions.characteristics import breakdown, chars_value, state_based, summary_line
from mtgrules.rules import Unsupported
from mtgrules.rules.copy import copiable_values, described, printed_values
from mtgrules.rules.copy_choice import choice_checks
from mtgrules.rules.copy_others import OthersCopy, applies, copy_sources, last_applied, with_targets
from mtgrules.rules.copy_timing import zone_text
from mtgrules.rules.keywords import DIES_TRIGGER_KEYWORDS, base_keyword
from mtgrules.rules.keywords.entering import check_enters_known, enters_trigger_keywords
from mtgrules.rules.layers import Characteristics, characteristics
from mtgrules.rules.legend_rule import legend_rule
from mtgrules.rules.rulings import rulings_on
from mtgrules.rules.scope_query import require


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
) -> Answer:
    clone = next(
        (a.enters_as_copy for a in printed_values(obj).abilities if a.enters_as_copy), None
    )
    controller = obj.controller or obj.owner
    sources = copy_sources(state, obj, cards)
    state = with_targets(state, sources)
    copying = _copying(state, obj, choice, clone, embalmed, controller, sources, colors, other_card)
    if copying.illegal:
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
    read = require(state, depends.enters(state, obj, copied))
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
    counters, counter_reasons = _enters_with(obj, chars, copiable_values(base, entering).loyalty)
    if copy_of and clone is not None:
        mine = state.find(copy_of).controller == controller
        extra, extra_reasons = _extra_counters(obj, clone, chars, mine)
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
    reasons += counter_reasons
    tapped = any(a.enters_tapped for a in chars.abilities)
    if tapped:  # CR 614.1c: "[this permanent] enters tapped" replaces how it enters
        reasons.append(Reason(None, "It enters tapped: its own ability says so.", ("614.1c",)))
    entering = replace(entering, counters=tuple(sorted(counters.items())), tapped=tapped)
    after = _with(state, entering, drop=obj.oid, add=gains)
    chars = characteristics(after, entering)
    # an unread trigger that entering might set off: the scope index (ENTERS_TRIGGER) asked
    # above, for its own abilities and those of what it copies
    on_entering = [
        a
        for a in chars.abilities
        if (a.kind is AbilityKind.TRIGGERED and a.event is not None and a.event.event == "enters")
        or a in enters_trigger_keywords(chars.abilities)
    ]
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
            ("603.6a", "707.5") if copy_of else ("603.6a",),
            rulings_on(obj.card, "copy-etb") if copy_of and triggers else (),
        )
    )
    reasons += conditional_triggers(on_entering, "as it enters")
    triggers += linked
    sba = state_based(entering, chars) + legend_rule(after, entering, chars)
    survives = not any(r.holds is False for r in sba)
    if not survives:
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
            None, f"It enters as {summary_line(chars)}.", ("707.5",) if copy_of else ("614.1c",)
        ),
    )
    return Answer(sentence, value, tuple([*reasons, *breakdown(chars), *sba, read]))


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
        after = _with(state, entering, drop=obj.oid)
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
        exceptions, color_reasons = chosen_colors(_exceptions(clone, embalmed), colors)
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


def other_card_checks(state: GameState, chosen: GameObject, other_card: str | None) -> list[Reason]:
    """CR 614.1c, 707.5 (The Mimeoplasm): two creature cards are exiled from graveyards as it
    enters; it copies one, and the other, the question's ``other_card``, sets its counters."""
    if other_card is None:
        raise Unsupported(
            "it exiles two creature cards from graveyards as it enters and its counters come "
            "from the power of the one it doesn't copy; add `other_card` to the question"
        )
    other = state.find(other_card)
    creature = characteristics(state, other).is_a("Creature")
    ok = other.zone is Zone.GRAVEYARD and other.oid != chosen.oid and creature
    if ok:
        text = f"{other.label} is another creature card in a graveyard, exiled with it."
    else:
        text = (
            f"{other.label} must be a second creature card in a graveyard"
            + (" (it is the copied card)" if other.oid == chosen.oid else "")
            + ("" if other.zone is Zone.GRAVEYARD else f" (it is in {zone_text(other.zone)})")
            + ("" if creature else " (it isn't a creature card)")
            + "."
        )
    return [Reason(ok, text, ("614.1c", "707.5"))]


def other_card_counters(
    state: GameState, clone: EntersAsCopy, other: GameObject
) -> tuple[str, int, Reason]:
    """CR 614.1c, 614.12: it enters with as many additional counters as the other exiled
    card's power, read as the card is in the graveyard (its printed power)."""
    power = copiable_values(state, other).power
    if not isinstance(power, int):
        raise Unsupported(
            f"the power of {other.label} in the graveyard is {power!r}, which mtgrules doesn't "
            "compute there, and the number of counters is that power"
        )
    kind = clone.counters_from_other_card
    text = (
        f"It enters with {power} additional {kind} counter{'s' if power != 1 else ''}: "
        f"the power of {other.label}, the other exiled card."
    )
    return kind, max(power, 0), Reason(None, text, ("614.1c", "614.12"))


def chosen_colors(
    ex: CopyExceptions, colors: list[str] | None
) -> tuple[CopyExceptions, list[Reason]]:
    """CR 707.9b: "it's the colors of your choice in addition to its other colors" — the
    colors are chosen as it enters; the question's ``choose_colors`` gives them."""
    if not ex.colors_of_choice:
        if colors is None:
            return ex, []
        note = "`choose_colors` is given, but its copy effect makes no color choice: ignored."
        return ex, [Reason(None, note, ("707.9b",))]
    if colors is None:
        raise Unsupported(
            "its copy effect makes it the colors its controller chooses as it enters, in "
            "addition to the copied colors; add `choose_colors: [...]` (W, U, B, R, G) to the "
            "question"
        )
    chosen = tuple(c for c in "WUBRG" if c in {color_code(c) for c in colors})
    names = " and ".join(COLOR_WORDS[c] for c in chosen)
    reason = Reason(
        None,
        f"Its controller chooses {names} as it enters: it is {names} in addition to the "
        "copied colors (part of its copiable values).",
        ("707.9b",),
    )
    return replace(ex, colors_of_choice=False, additional_colors=chosen), [reason]


def check_unless_has(state: GameState, chosen: GameObject, clone: EntersAsCopy) -> None:
    """CR 707.9a, 613.1: "it has vanishing 3 if that creature doesn't have vanishing" is
    decided on the copied values; if the chosen creature has or lacks that keyword only
    because of an effect that isn't a copy effect, which one the card means is not
    settled, so the answer is unsupported."""
    for granted in clone.exceptions.abilities_unless_has:
        name = unnumbered(granted.keyword or "")
        now = {unnumbered(a.keyword or "") for a in characteristics(state, chosen).abilities}
        copied = {unnumbered(a.keyword or "") for a in copiable_values(state, chosen).abilities}
        if (name in now) != (name in copied):
            raise Unsupported(
                f"{chosen.label} {'has' if name in now else 'lacks'} {name} only because of an "
                f"effect that isn't a copy effect; whether {granted.keyword} is granted then "
                "is not modeled"
            )


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


def copy_notes(state: GameState, obj: GameObject, chosen: GameObject) -> list[Reason]:
    """What the copy does and doesn't take from the chosen permanent (CR 707.2, 707.3)."""
    left_out = []
    if chosen.tapped:
        left_out.append("that it is tapped")
    if chosen.counters:
        left_out.append("its counters (" + ", ".join(f"{k} x{v}" for k, v in chosen.counters) + ")")
    others = [e for e in state.effects_on(chosen.oid) if e.copy_of is None]
    if others:
        left_out.append(
            "the non-copy effects on it (from "
            + ", ".join(e.source or "an effect" for e in others)
            + ")"
        )
    if any(o.attached_to == chosen.oid for o in state.objects):
        left_out.append("what is attached to it")
    text = "It copies the copiable values only"
    if len(left_out) > 1:
        left_out[-2:] = [f"{left_out[-2]} or {left_out[-1]}"]
    text += ": not " + ", ".join(left_out) + "." if left_out else "."
    out = [Reason(None, text, ("707.2",), rulings_on(obj.card, "copy-printed") if left_out else ())]
    if chosen.copy_of is not None or any(e.copy_of for e in state.effects_on(chosen.oid)):
        out.append(
            Reason(
                None,
                f"{chosen.label} is itself a copy, so what it copies is what is copied.",
                ("707.3",),
                rulings_on(obj.card, "copy-of-copy"),
            )
        )
    if chosen.token:
        out.append(
            Reason(
                None,
                f"{chosen.label} is a token: the copy gets the characteristics its creating effect stated, "
                "but the copy is not a token.",
                ("707.2", "111.4"),
                rulings_on(obj.card, "copy-of-token"),
            )
        )
    cost = copiable_values(state, chosen).mana_cost
    if cost.has_x:
        out.append(
            Reason(
                None,
                f"The copied mana cost {cost} has X, which counts as 0.",
                ("107.3g",),
                rulings_on(obj.card, "copy-x"),
            )
        )
    return out


def prototyped_copy_notes(obj: GameObject, exceptions: CopyExceptions) -> list[Reason]:
    """CR 718.2a, 707.2, 707.9c: a prototyped spell entering as a copy. Its prototype values are
    copiable values, so the copy effect overwrites them with the copied object's; an exception
    that keeps "this creature's" power and toughness keeps the prototype ones (718.3b)."""
    prototype = obj.card.prototype
    if not obj.prototyped or prototype is None:
        return []
    text = (
        "It was cast prototyped, but its prototype mana cost, power and toughness are copiable "
        "values, so the copy effect overwrites them: its mana cost and colors are the copied "
        "object's"
    )
    rules: tuple[str, ...] = ("718.2a", "707.2")
    if exceptions.own_pt:
        text += (
            f"; its power and toughness, which the exception takes from this creature, are the "
            f"prototype's {prototype.power}/{prototype.toughness}"
        )
        rules += ("718.3b", "707.9c")
    return [Reason(None, text + ".", rules)]


def _exceptions(clone: EntersAsCopy, embalmed: bool) -> CopyExceptions:
    ex = clone.exceptions
    if embalmed and clone.if_embalmed is not None:
        extra = clone.if_embalmed
        ex = replace(
            ex,
            mana_cost=extra.mana_cost if extra.mana_cost is not None else ex.mana_cost,
            colors=extra.colors if extra.colors is not None else ex.colors,
            additional_types=ex.additional_types + extra.additional_types,
            abilities=ex.abilities + extra.abilities,
        )
    return ex


def _enters_with(
    obj: GameObject, chars: Characteristics, printed: int | None
) -> tuple[dict[str, int], list[Reason]]:
    """CR 614.1c, 614.12: its "enters with" abilities (as the copy has them) and a
    planeswalker's loyalty (306.5b); X is the X of the spell it was, else 0 (107.3m)."""
    counters: dict[str, int] = {}
    reasons = []
    x_spell = obj.x if obj.zone is Zone.STACK and obj.x is not None else None
    for a in chars.abilities:
        if a.enters_with is None:
            continue
        n = a.enters_with.count
        rules: tuple[str, ...] = ("614.1c", "614.12")
        if n == "X":
            n = x_spell or 0
            rules += ("107.3m",)
            why = (
                f"X is {n}, the X chosen for the spell it was"
                if x_spell is not None
                else "X is 0: no value of X was chosen for the spell it was (or it wasn't cast)"
            )
        else:
            why = "its own ability says so"
        counters[a.enters_with.kind] = counters.get(a.enters_with.kind, 0) + int(n)
        reasons.append(
            Reason(
                None,
                f"It enters with {n} {a.enters_with.kind} counter{'s' if n != 1 else ''}: {why}.",
                rules,
            )
        )
    if chars.is_a("Planeswalker") and printed is not None:
        counters["loyalty"] = counters.get("loyalty", 0) + printed
        reasons.append(
            Reason(
                None,
                f"As a planeswalker it enters with {printed} loyalty counters (its printed loyalty).",
                ("306.5b",),
            )
        )
    return counters, reasons


def _extra_counters(
    obj: GameObject, clone: EntersAsCopy, chars: Characteristics, mine: bool
) -> tuple[dict[str, int], list[Reason]]:
    """CR 707.9e-f: the extra counters of a copy effect's exceptions are an additional effect,
    added only if what it enters as (not what it copied) has the card type (Spark Double),
    or only if its controller controls the copied permanent (Undercover Operative); X is
    the X of the spell it was, else 0 (107.3m, Altered Ego)."""
    counters: dict[str, int] = {}
    reasons = []
    for extra in clone.extra_counters:
        rules: tuple[str, ...] = ("707.9e",)
        n = extra.count
        why = ""
        if n == "X":
            n = obj.x if obj.zone is Zone.STACK and obj.x is not None else 0
            rules += ("107.3m",)
            why = f" (X is {n}, the X of the spell it was)" if n else " (X is 0: no X was chosen)"
        kind = f"{n} additional {extra.kind} counter{'s' if n != 1 else ''}"
        if extra.if_type is not None:
            has = chars.is_a(extra.if_type)
            rules += ("707.9f",)
            text = (
                f"It enters as {'a ' if has else 'a non'}{extra.if_type.lower()}, so it "
                + (f"gets {kind}" if has else f"doesn't get the additional {extra.kind} counters")
                + (
                    " from the exception of its copy effect (what it enters as decides, "
                    "not what the copied permanent is now)."
                )
            )
        elif extra.if_you_control:
            has = mine
            gets, controls = ("gets", "controls") if mine else ("doesn't get", "doesn't control")
            text = (
                f"It {gets} {kind} from the exception of its copy effect: its controller "
                f"{controls} the copied creature."
            )
        else:
            has = True
            text = f"It gets {kind}{why} from the exception of its copy effect."
        if has and n:
            counters[extra.kind] = counters.get(extra.kind, 0) + int(n)
        reasons.append(Reason(None, text, rules))
    return counters, reasons


def _with(
    state: GameState, obj: GameObject, drop: str, add: tuple[ContinuousEffect, ...] = ()
) -> GameState:
    objects = (*(o for o in state.objects if o.oid != drop), obj)
    effects = tuple(e for e in state.effects if drop not in e.affects) + add
    return replace(state, objects=objects, effects=effects, _by_id={})


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
