"""Which copy effects make a permanent what it enters as, for the ``enters`` question.

Its own "you may have this enter as a copy of ..." ability and other permanents' "others
enter as a copy" abilities, applied in the order its controller chooses (CR 614.12, 616.1,
616.1f), the choice checked (614.1c, 707.5), what the copy takes (707.2), and what another
copy effect applied after its own cancels (707.9e, 707.9g); the object as it would exist
on the battlefield (614.12, 400.7) and what its copy ability grants it until end of turn
(613.7, 514.2).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from mtgrules.answer import Reason
from mtgrules.cards.copying import (
    CopyExceptions,
    EntersAsCopy,
)
from mtgrules.model.state import ContinuousEffect, GameObject, GameState, Zone
from mtgrules.rules import Unsupported
from mtgrules.rules.copy.choice import choice_checks
from mtgrules.rules.copy.entering import (
    check_unless_has,
    chosen_colors,
    copy_notes,
    prototyped_copy_notes,
)
from mtgrules.rules.copy.others import OthersCopy, applies, last_applied
from mtgrules.rules.copy.own import entering_exceptions
from mtgrules.rules.copy.values import printed_values
from mtgrules.rules.entering.counters import other_card_checks
from mtgrules.rules.layers.characteristics import Characteristics, characteristics
from mtgrules.rules.rulings import rulings_on


@dataclass(frozen=True)
class Copying:
    """What the copy effects that apply as it enters make it (CR 614.12, 616.1): the object
    it copies, the exceptions, whether its own "enter as a copy" ability is the one that
    decided (so its extra counters and linked trigger apply), and the reasons."""

    copy_of: str | None = None
    exceptions: CopyExceptions | None = None
    own: EntersAsCopy | None = None
    reasons: tuple[Reason, ...] = ()
    illegal: tuple[Reason, ...] = ()  # the choice isn't allowed: legal_choice false


def entering_object(
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


def copies_entering(
    state: GameState,
    obj: GameObject,
    choice: str | None,
    clone: EntersAsCopy | None,
    embalmed: bool,
    controller: str,
    sources: list[OthersCopy],
    colors: list[str] | None = None,
    other_card: str | None = None,
) -> Copying:
    """The copy effects that apply as it enters, in the order its controller chooses
    (CR 614.12, 616.1, 616.1f): ``as_copy_of`` names what its own ability copies (its own
    effect applied first), or a permanent whose "others enter as a copy" ability applies,
    which is then the one applied last."""
    reasons: list[Reason] = _self_note(obj)
    chosen = state.find(choice) if choice is not None else None

    def looked(
        copy_of: str | None, exceptions: CopyExceptions | None = None
    ) -> tuple[GameObject, Characteristics]:
        entering = entering_object(state, obj, controller, embalmed, copy_of, exceptions)
        gains = copy_gains(state, obj, entering, clone) if copy_of and clone is not None else ()
        after = board_with(state, entering, drop=obj.oid, add=gains)
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
        return Copying(source.copied().oid, None, None, tuple(reasons))
    if named is not None and clone is None:
        return Copying(illegal=(*_no_clone(obj), plain[named]))
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
            return Copying(illegal=(*checks, *notes))
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
        return Copying(copy_of, exceptions, own, tuple(reasons))
    source, several = last_applied(state, applying)
    reasons += [r for r in after if r.holds]
    reasons += several
    if clone is not None:
        reasons.append(_then(chosen if own is not None else None, source))
    if own is not None:
        reasons += _overridden(own)
    reasons += _notes(state, obj, source)
    reasons += [_note(s, r, r, chosen) for s, r in zip(sources, after, strict=True) if not r.holds]
    return Copying(source.copied().oid, None, None, tuple(reasons))


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


def board_with(
    state: GameState, obj: GameObject, drop: str, add: tuple[ContinuousEffect, ...] = ()
) -> GameState:
    objects = (*(o for o in state.objects if o.oid != drop), obj)
    effects = tuple(e for e in state.effects if drop not in e.affects) + add
    return state.with_objects(objects, effects)


def copy_gains(
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
