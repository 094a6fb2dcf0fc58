"""``triggers: {}`` — what triggered on the last action? (DESIGN, "The game in motion")

Asked after a case's ``actions:``: the triggered abilities that the last entry that isn't
a ``choose:`` made trigger (CR 603.2), during it and during what the game did by itself
before a player next received priority (state-based actions, resolving, steps beginning:
117.5, 603.3). The answer lists them in the order they were put on the stack, first =
bottom (603.3b: APNAP, each player's in the order the case chose), each as ``{object:
REF, ability: N, controller: P}`` (a delayed triggered ability, 603.7, as ``{object:
REF, delayed: true, controller: P}``); ``[]`` when nothing triggered.

The reasons say, for each, what made it trigger and the rule that says so (an enters
ability looks at the permanent on the battlefield, 603.6a; a leaves-the-battlefield
ability looks back, 603.6c, 603.10a; tapped for mana, 106.12a; a step beginning,
603.2b), and what didn't trigger and why where the trigger rules know (another
object, a false intervening "if", 603.4), and which were removed from the stack for want
of a legal target (603.3d).

A trigger the engine can't judge (an unread condition that could match the event) never
reaches this question: the play-out refuses at the action, naming the card and ability.

``triggers: {event: {...}}`` asks instead what *would* trigger on one event described
against the current board (after any actions; :mod:`mtgrules.questions.trigger_events`
builds it on a copy, so the game doesn't change). The answer has the same form, in the
order the abilities would go on the stack (603.3b: APNAP; abilities of one controller whose
order matters are listed in board order, a choice that player makes); an unread trigger
condition that could match the event makes it unsupported, naming the card and ability.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from mtgrules.answer import Answer, Ordered, Reason, unsupported
from mtgrules.caseio.case import Case
from mtgrules.model.events import Triggered
from mtgrules.model.state import GameObject, GameState, Zone
from mtgrules.questions.trigger_events import build, left_out_watchers
from mtgrules.rules import Unsupported
from mtgrules.rules.activation.ability_numbers import find_ability
from mtgrules.rules.layers.characteristics import characteristics
from mtgrules.rules.triggers import (
    NeedsOrder,
    delayed_fires,
    event_rules,
    order_for_stack,
    triggered,
    triggered_rules,
)
from mtgrules.rules.turn.order import apnap_order

SENTENCE = "What triggered on the last action, in the order the abilities go on the stack?"
EVENT_SENTENCE = "What would trigger on this event, in the order the abilities go on the stack?"


def ask(case: Case) -> Answer:
    spec = case.question.value
    if isinstance(spec, dict) and isinstance(spec.get("event"), dict):
        try:
            return _ask_event(case.state, spec["event"])
        except Unsupported as e:
            return unsupported(EVENT_SENTENCE, str(e))
    if case.trigger_notes is None:  # not played out: a version-1 case
        return unsupported(
            SENTENCE,
            "the triggers question asks what the case's last action made trigger, and this "
            "case has no `actions:` (a board that stands still has no last action; CR 603.2)",
        )
    state = case.state
    found = tuple(case.triggered)
    value = Ordered(_entry(state, t) for t in found)
    reasons = [_why(state, t, i, len(found)) for i, t in enumerate(found)]
    reasons += _twice(state, found)
    reasons += [r for t in found if (r := _condition(state, t)) is not None]
    if not found:
        reasons.append(Reason(True, "Nothing triggered on the last action.", ("603.2",)))
    reasons += _order(state, found)
    reasons += list(case.trigger_notes)
    return Answer(question=SENTENCE, value=value, reasons=tuple(reasons))


def _source(state: GameState, t: Triggered) -> GameObject | None:
    try:
        return state.obj(t.source)
    except KeyError:
        return t.source_lki


def _ref(state: GameState, t: Triggered) -> str:
    """How the answer names the source: its id, else its name (as it last was, if gone)."""
    obj = _source(state, t) or t.source_lki
    if obj is None:
        return t.source
    return obj.handle or obj.face_name or obj.card.name


def _entry(state: GameState, t: Triggered) -> dict[str, Any]:
    if t.delayed is not None:
        return {"object": _ref(state, t), "delayed": True, "controller": t.controller}
    return {"object": _ref(state, t), "ability": t.ability, "controller": t.controller}


def _label(state: GameState, t: Triggered) -> str:
    obj = _source(state, t)
    name = obj.label if obj is not None else t.source
    return (
        f"the delayed ability of {name}"
        if t.delayed is not None
        else f"{name}'s ability {t.ability}"
    )


def _event_words(state: GameState, t: Triggered) -> tuple[str, tuple[str, ...]]:
    """What happened, as a judge says it, and the rules of that kind of trigger."""
    e = t.event
    if t.delayed is not None:
        return "the moment it was waiting for came", ("603.7", "603.7b")
    obj = None
    if e.obj is not None:
        try:
            obj = state.obj(e.obj)
        except KeyError:
            obj = e.lki
    name = obj.label if obj is not None else (e.obj or "")
    rules = event_rules(e)
    battlefield = Zone.BATTLEFIELD.value
    if e.kind == "moves" and e.to_zone == battlefield:
        return f"{name} entering the battlefield", rules
    if e.kind == "moves" and e.from_zone == battlefield:
        to = "exile" if e.to_zone == Zone.EXILE.value else f"its owner's {e.to_zone}"
        where = (
            "dying" if e.to_zone == Zone.GRAVEYARD.value else f"leaving the battlefield for {to}"
        )
        return f"{name} {where} (looking back at the battlefield as it was)", rules
    if e.kind == "moves":
        return f"{name} moving from {e.from_zone or 'outside the game'} to {e.to_zone}", rules
    if e.kind == "tapped_for_mana":
        return f"{name} being tapped for mana", rules
    if e.kind == "step_begins":
        return f"the beginning of {e.player}'s {e.step.replace('_', ' ')}", rules
    if e.kind == "cast":
        return f"{e.player} casting {name}", ("601.2i",)
    if e.kind == "damage":
        return f"{e.amount} damage dealt to {e.player or name}", ("120.3",)
    if e.kind == "life_gained":
        return f"{e.player} gaining {e.amount} life", ("119.9",)
    if e.kind == "drew":
        return f"{e.player} drawing a card", ("121.2",)
    if e.kind == "tapped":
        return f"{name} becoming tapped", ("603.2e",)
    said = e.kind.replace("_", " ")
    return (f"{said}: {name}" if name else said), rules


def _why(state: GameState, t: Triggered, i: int, total: int) -> Reason:
    what, rules = _event_words(state, t)
    place = (
        "at the bottom"
        if i == 0
        else "on top"
        if i == total - 1
        else f"number {i + 1} from the bottom"
    )
    where = "" if total == 1 else f"; of the {total}, it goes on the stack {place}"
    return Reason(
        True,
        f"{_label(state, t)} ({t.controller} controls it) triggers on {what}{where}.",
        tuple(
            dict.fromkeys(
                (
                    "603.2",
                    *rules,
                    *triggered_rules(state, t),
                    *(("603.3a",) if t.delayed is None else ()),
                )
            )
        ),
    )


def _twice(state: GameState, found: tuple[Triggered, ...]) -> list[Reason]:
    """CR 603.2c: one ability triggered more than once, once for each event."""
    counts = Counter((t.source, t.ability) for t in found if t.delayed is None)
    out = []
    for t in found:
        n = counts.pop((t.source, t.ability), 0)
        if n > 1:
            out.append(
                Reason(
                    True,
                    f"{_label(state, t)} triggered {n} times: once for each event that "
                    "matched its trigger condition.",
                    ("603.2c",),
                )
            )
    return out


def _condition(state: GameState, t: Triggered) -> Reason | None:
    """CR 603.4: an intervening "if" that held as the ability triggered."""
    obj = _source(state, t)
    if obj is None or t.delayed is not None:
        return None
    try:
        named = find_ability(characteristics(state, obj), t.ability)
    except Unsupported:
        return None
    words = named.ability.intervening_if if named is not None else ""
    if not words:
        return None
    return Reason(
        True,
        f"{_label(state, t)} has an intervening “if”: {words} held as it triggered; it is "
        "checked again as it resolves, and does nothing if it no longer holds.",
        ("603.4",),
    )


def _order(state: GameState, found: tuple[Triggered, ...]) -> list[Reason]:
    """CR 603.3b, 101.4: why they are in this order."""
    if len(found) < 2:
        return []
    players = list(dict.fromkeys(t.controller for t in found))
    if len(players) > 1:
        return [
            Reason(
                True,
                "Abilities of several players triggered: each player puts theirs on the stack "
                f"in APNAP order ({', '.join(players)}), so {players[-1]}'s resolve first.",
                ("603.3b", "101.4"),
            )
        ]
    return [
        Reason(
            True,
            f"All of them are {players[0]}'s, who puts them on the stack in the order they "
            "choose (`choose: {order: [...]}`, or any order when it can't matter).",
            ("603.3b",),
        )
    ]


def _ask_event(state: GameState, spec: dict[str, Any]) -> Answer:
    """CR 603.2, 603.2b, 603.3b, 603.6a, 603.6c, 603.7b, 603.10a: what the hypothetical
    event ``spec`` would trigger on ``state``, in stack order; unsupported when an unread
    trigger condition (or intervening "if") could match it."""
    built = build(state, spec)
    if isinstance(built, str):
        return unsupported(EVENT_SENTENCE, f"the event can't happen on this board: {built}")
    watching = left_out_watchers(built)
    if watching:
        left = " and ".join(k.replace("_", " ") for k in built.left_out)
        return unsupported(
            EVENT_SENTENCE,
            f"{', '.join(watching)} {'watches' if len(watching) == 1 else 'watch'} for an event ({left}) that may come with "
            f"{built.words} and that this hypothetical leaves out (CR 603.2, 122.6, 508.1f)",
        )
    result = triggered(built.before, built.after, built.events)
    if result.unsupported:
        return unsupported(
            EVENT_SENTENCE,
            "; ".join(note.text for note in result.unsupported) + " (CR 603.2)",
        )
    found = [t for t in result.triggered if not t.mana_ability]
    for event in built.events:
        found += delayed_fires(state, state.delayed, event)
    # CR 605.1b, 605.3b: a triggered mana ability resolves at once, without the stack:
    # listed first, apart from the stack order
    mana = [t for t in result.triggered if t.mana_ability]
    ordered = order_for_stack(state, found)
    chosen = isinstance(ordered, NeedsOrder)
    stacked = _apnap(state, found) if chosen else ordered.abilities
    value = Ordered(_entry(state, t) for t in (*mana, *stacked))
    reasons = [
        Reason(
            None,
            f"Hypothetical event: {built.words}, on the board as it is now; the case's game "
            "doesn't change.",
            ("603.2", *built.rules),
        )
    ]
    reasons += [
        Reason(
            True,
            f"{_label(state, t)} ({t.controller} controls it) is a triggered mana ability: it "
            "triggers and resolves at once, without using the stack (listed first).",
            ("603.2", "605.1b", "605.3b"),
        )
        for t in mana
    ]
    reasons += [_why(state, t, i, len(stacked)) for i, t in enumerate(stacked)]
    reasons += [r for t in (*mana, *stacked) if (r := _condition(state, t)) is not None]
    if not stacked and not mana:
        reasons.append(Reason(True, "Nothing would trigger on this event.", ("603.2",)))
    reasons += _order(state, tuple(stacked))
    if chosen:
        reasons.append(
            Reason(
                None,
                f"{ordered.controller} chooses the order of their abilities; they are listed "
                "in board order.",
                ("603.3b",),
            )
        )
    reasons += [Reason(False, n.text + ".", n.rules) for n in result.notes]
    return Answer(question=EVENT_SENTENCE, value=value, reasons=tuple(reasons))


def _apnap(state: GameState, found: list[Triggered]) -> tuple[Triggered, ...]:
    """CR 603.3b, 101.4: by controller in APNAP order, each player's in board order."""
    order = {name: i for i, name in enumerate(apnap_order(state))}
    return tuple(sorted(found, key=lambda t: order.get(t.controller, len(order))))
