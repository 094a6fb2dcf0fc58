"""``enters: {object, as_copy_of, embalmed}`` — what a permanent enters as, clone-style.

Applies a "you may have this enter as a copy of ..." replacement (CR 614.1c,
707.5): the choice is made before it enters (614.12a) among what is already
on the battlefield; the copy's "enters with" abilities apply (614.12, 707.5)
with X as 107.3m says; its enters-the-battlefield abilities trigger (603.6a);
then state-based actions are checked (704.5f, 704.5i, 704.5j). The value is the
resulting permanent's characteristics, counters, triggers and whether it survives.

This module is the question's flow; the rules it combines are in ``rules/``: what may
be copied (:mod:`~mtgrules.rules.copy.choice`), the copy effect as it enters
(:mod:`~mtgrules.rules.copy.entering`), "others enter as a copy"
(:mod:`~mtgrules.rules.copy.others`), its counters (:mod:`~mtgrules.rules.entering.counters`)
and the legend rule (:mod:`~mtgrules.rules.sba.legend_rule`).
Which copy effects make it what it enters as is in
:mod:`~mtgrules.questions.enters_copying`, what its entering triggers in
:mod:`~mtgrules.questions.enters_triggers`.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from mtgrules import lazyre
from mtgrules.answer import Answer, Reason, explains_if_met, unsupported
from mtgrules.cards.library import CardLibrary
from mtgrules.cards.vocabulary import AbilityKind
from mtgrules.caseio.case import Case
from mtgrules.model.state import GameObject, GameState, Zone
from mtgrules.questions import depends
from mtgrules.questions.characteristics import breakdown, chars_value, state_based, summary_line
from mtgrules.questions.enters_copying import (
    board_with,
    copies_entering,
    copy_gains,
    entering_object,
)
from mtgrules.questions.enters_triggers import (
    conditional_triggers,
    conditions_checked,
    entering_triggers_aside,
    its_own_entering,
    triggers_not_set_off,
)
from mtgrules.rules import Unsupported
from mtgrules.rules.copy.others import copy_sources, with_targets
from mtgrules.rules.copy.values import copiable_values, copy_effects, described, printed_values
from mtgrules.rules.entering.counter_replacements import counter_changes, replace_counters
from mtgrules.rules.entering.counters import (
    enters_with,
    extra_counters,
    other_card_counters,
)
from mtgrules.rules.keywords import DIES_TRIGGER_KEYWORDS, base_keyword
from mtgrules.rules.keywords.entering import (
    check_enters_known,
    enters_trigger_keywords,
    keyword_rules,
)
from mtgrules.rules.layers.characteristics import characteristics
from mtgrules.rules.layers.statics_in_force import counted_kinds_read, in_group
from mtgrules.rules.rulings import rulings_on
from mtgrules.rules.sba.auras_sagas import (
    aura_entering,
    battle_protector,
    chapter_triggers,
    entering_counters,
)
from mtgrules.rules.sba.legend_rule import legend_rule
from mtgrules.rules.sba.world_rule import world_rule
from mtgrules.rules.scope.query import consider, note, refusal, require


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
    copying = copies_entering(
        state, obj, choice, clone, embalmed, controller, sources, colors, other_card
    )
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
        considered, waiting = entering_triggers_aside(consider(state, deps))
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
    entering = entering_object(state, obj, controller, embalmed, copy_of, exceptions)
    # CR 400.7: it is a new object; no effect on the card it was applies to it.
    gains = copy_gains(state, obj, entering, clone) if copy_of and clone is not None else ()
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
    base = board_with(state, entering, drop=obj.oid, add=gains)
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
    after = board_with(state, entering, drop=obj.oid, add=gains)
    chars = characteristics(after, entering)
    not_triggered = triggers_not_set_off(waiting, entering, chars, deps.changes)
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
            and its_own_entering(after, entering, chars, a)
        )
        or a in enters_trigger_keywords(chars.abilities)
    ]
    others = [
        a
        for a in chars.abilities
        if a.event is not None and a.event.what == "group" and a not in on_entering
    ]
    on_entering, condition_reasons = conditions_checked(after, entering, on_entering)
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


def _aura_stays(
    state: GameState, obj: GameObject, controller: str, embalmed: bool, sentence: str
) -> Answer | None:
    """The answer that an Aura doesn't enter (CR 303.4g), when the only unread abilities
    are ones that couldn't change it: its types, text, abilities, control and copy effects
    and replacements on entering decide whether it is an Aura and what it could enchant
    (303.4f), and what could be enchanted is asked of the permanents there. None when it
    isn't such an Aura, or something unread could change that."""
    entering = entering_object(state, obj, controller, embalmed, None, None)
    try:
        chars = characteristics(board_with(state, entering, drop=obj.oid), entering)
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
