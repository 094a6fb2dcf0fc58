"""What happens later around a copy effect made on the battlefield (Identity Thief).

* :func:`missed_attack_triggers` — a creature that became a copy after attackers
  were declared gets the copied "whenever this attacks" abilities too late for
  them to trigger that combat (CR 508.1m, 508.3a, 603.2).
* :func:`delayed_return` — a card exiled until a delayed triggered ability
  returns it at the beginning of the next end step (CR 603.7, 603.7b, 603.2b):
  when, under whose control, and as what (a new object, CR 400.7: no counters,
  122.2; front face up, 712.14; Auras and Equipment stay behind, 704.5m, 704.5n).
* :func:`attachment_sba` — an Aura or Equipment attached to an object that is no
  longer on the battlefield (CR 303.4c, 301.5c, 704.5m, 704.5n).
"""

from __future__ import annotations

from typing import Any

from mtgrules.answer import Reason, RulingRef
from mtgrules.cards.vocabulary import Ability, AbilityKind
from mtgrules.model.state import GameObject, GameState, Zone
from mtgrules.model.turn import Step
from mtgrules.rules import Unsupported
from mtgrules.rules.copy.values import copiable_values
from mtgrules.rules.layers.durations import in_force


def missed_attack_triggers(state: GameState, obj: GameObject) -> list[Reason]:
    """CR 508.1m, 508.3a, 603.2: an "attacks" trigger triggers as attackers are declared.

    Said only when the copy effect is known to come later: its source is a permanent
    whose own "attacks" trigger created it (Identity Thief), so attackers were
    already declared when the object got the copied abilities.
    """
    if obj.zone is not Zone.BATTLEFIELD or not obj.attacking:
        return []
    effects = [e for e in in_force(state, state.effects_on(obj.oid)) if e.copy_of is not None]
    late = [e for e in effects if _from_attack_trigger(state, e.source)]
    if not late:
        return []
    own = set(obj.card.abilities)
    gained = [a for a in copiable_values(state, obj).abilities if _attacks(a) and a not in own]
    if not gained:
        return []
    text = "; ".join(f"“{a.render().rstrip('.')}”" for a in gained)
    return [
        Reason(
            None,
            f"It has {text} only since it became a copy, which happened after attackers were "
            "declared (the copy effect comes from an ability that triggered on attacking): the "
            "ability didn't trigger this combat, and neither did other permanents' abilities "
            "that look for an attacking creature with characteristics it only got by copying.",
            ("508.1m", "508.3a", "603.2"),
            rulings(obj, "thief-attack-trigger"),
        )
    ]


def delayed_return(state: GameState, obj: GameObject) -> tuple[dict[str, Any] | None, list[Reason]]:
    """CR 603.7, 603.7b, 603.2b, 400.7: when and as what an exiled card comes back."""
    if obj.returns_at is None:
        return None, []
    if obj.zone is not Zone.EXILE:
        return None, []
    if state.step is Step.CLEANUP:
        raise Unsupported(
            "a card exiled before this turn's end step would have returned during it; the case "
            "format can't say that the delayed trigger was created later"
        )
    triggered = state.step is Step.END
    if triggered:
        when = (
            "This turn's end step has begun, so the delayed triggered ability that returns it "
            "has triggered; the card stays in exile until that ability resolves"
        )
        rules: tuple[str, ...] = ("603.7", "603.7b", "603.2b")
    else:
        when = (
            f"A delayed triggered ability returns it at the beginning of the next end step "
            f"(turn {state.turn}'s); it triggers only that once"
        )
        rules = ("603.7", "603.7b")
    reasons = [
        Reason(
            None,
            f"{when}. It returns to the battlefield under its owner's ({obj.owner}'s) control.",
            rules,
        ),
        Reason(
            None,
            "It returns as a new object with no memory of the permanent it was: none of the "
            "counters that permanent had (they stopped existing when it was exiled), nothing "
            "attached to it, and none of the effects that applied to that permanent.",
            ("400.7", "122.2"),
            tuple(r for c in _copiers(state, obj) for r in rulings(c, "thief-exiled")),
        ),
    ]
    if (obj.card.back_face is not None and obj.card.layout != "flip") or obj.transformed:
        reasons.append(
            Reason(
                None,
                "A double-faced card returns front face up, whatever face was up when it was exiled.",
                ("712.14",),
                tuple(r for c in _copiers(state, obj) for r in rulings(c, "thief-dfc")),
            )
        )
    reasons += _left_behind(state, obj)
    reasons += _copies_of_it(state, obj, triggered)
    return {"under": obj.owner, "turn": state.turn, "triggered": triggered}, reasons


def attachment_sba(state: GameState, obj: GameObject, subtypes: tuple[str, ...]) -> list[Reason]:
    """CR 303.4c, 301.5c, 704.5m, 704.5n: an Aura or Equipment whose object left the battlefield."""
    if obj.zone is not Zone.BATTLEFIELD or obj.attached_to is None:
        return []
    host = state.obj(obj.attached_to)
    if host.zone is Zone.BATTLEFIELD:
        return []
    where = f"{host.label} is no longer on the battlefield (it is in {zone_text(host.zone)})"
    if "Aura" in subtypes:
        return [
            Reason(
                False,
                f"{where}, so this Aura is put into its owner's graveyard as a state-based action; "
                "it won't be attached to the card if that card returns.",
                ("303.4c", "704.5m"),
            )
        ]
    if "Equipment" in subtypes:
        return [
            Reason(
                None,
                f"{where}, so this Equipment becomes unattached as a state-based action and stays "
                "on the battlefield, unattached even if that card returns.",
                ("301.5c", "704.5n"),
            )
        ]
    return []


def _left_behind(state: GameState, obj: GameObject) -> list[Reason]:
    out = []
    for other in state.objects:
        if other.attached_to != obj.oid or other.zone is not Zone.BATTLEFIELD:
            continue
        subtypes = copiable_values(state, other).subtypes
        if "Aura" in subtypes:
            out.append(
                Reason(
                    None,
                    f"{other.label}, the Aura that was on it, goes to its owner's graveyard as a "
                    "state-based action and doesn't come back with it.",
                    ("303.4c", "704.5m"),
                )
            )
        elif "Equipment" in subtypes:
            out.append(
                Reason(
                    None,
                    f"{other.label}, the Equipment that was on it, becomes unattached and stays on the "
                    "battlefield; it isn't attached to the card that returns.",
                    ("301.5c", "704.5n"),
                )
            )
    return out


def _copies_of_it(state: GameState, obj: GameObject, triggered: bool) -> list[Reason]:
    """The Identity Thief ruling: the copy lasts until end of turn, past the return."""
    out = []
    for thief in _copiers(state, obj):
        out.append(
            Reason(
                None,
                f"{thief.label} is still a copy of it during {'this' if triggered else 'the'} end step: its copy effect "
                "lasts until end of turn and ends only in the cleanup step, so abilities that "
                "trigger at the beginning of the end step trigger for the copy, not for the card "
                f"that {'returns' if triggered else 'will return'}.",
                ("514.2", "603.2b"),
                rulings(thief, "thief-end-step"),
            )
        )
    return out


def _copiers(state: GameState, obj: GameObject) -> list[GameObject]:
    """The permanents that became copies of ``obj`` with an effect still in force."""
    return [
        state.obj(oid)
        for e in in_force(state, list(state.effects))
        if e.copy_of == obj.oid
        for oid in e.affects
    ]


def _from_attack_trigger(state: GameState, source: str | None) -> bool:
    if source is None:
        return False
    try:
        src = state.find(source)
    except KeyError:
        return False
    return any(_attacks(a) for a in src.card.abilities)


def _attacks(a: Ability) -> bool:
    return a.kind is AbilityKind.TRIGGERED and a.event is not None and a.event.event == "attacks"


def zone_text(zone: Zone) -> str:
    """ "exile", "the graveyard": how a sentence names a zone."""
    return "exile" if zone is Zone.EXILE else f"the {zone}"


def rulings(obj: GameObject, *topics: str) -> tuple[RulingRef, ...]:
    """The object's card rulings on these topics."""
    return tuple(
        RulingRef(obj.card.name, r.date, r.summary) for r in obj.card.rulings if r.topic in topics
    )
