"""Which triggered abilities trigger on a batch of game events (CR 603.2, 603.6, 603.10).

The play-out engine calls :func:`triggered` after every action or effect with the game
before and after it and the events it caused (:mod:`mtgrules.model.events`). Each
event is matched against the trigger conditions of every object whose abilities work
where it is (CR 113.6: permanents on the battlefield; a card in another zone only when
its text says so, 113.6b, 113.6k, 113.6m; "When you cast this spell" on the stack):

- most events are judged on the game as it is after them (CR 603.10): enters abilities
  look forward, at the permanent as it is on the battlefield (603.6a, 603.6b);
- leaves-the-battlefield abilities (dies, leaves) and abilities that trigger on a
  sacrifice look back in time (603.10a): the objects, their abilities and the other
  permanents as they were just before the event (the ``before`` game, or the event's
  ``lki``), so a creature that died while an anthem gave it an ability triggers it;
- an ability triggers once for each event that matches (603.2c), and once for all of
  them when its condition says "one or more";
- an intervening "if" is checked as it triggers (603.4, :func:`intervening_if_holds`).

A condition mtgrules can't read refuses the answer (``unsupported``) only for events of
a kind it could be about; what doesn't trigger is kept as a note with its reason.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from mtgrules.cards.trigger_conditions import TriggerCondition
from mtgrules.model.events import KINDS, Event, Triggered
from mtgrules.model.state import GameObject, GameState, Zone
from mtgrules.rules.layers.characteristics import characteristics
from mtgrules.rules.layers.statics_in_force import in_group, spell_is
from mtgrules.rules.triggers.abilities import TriggerAbility, trigger_abilities
from mtgrules.rules.triggers.event_rules import event_rules
from mtgrules.rules.triggers.intervening import intervening_if_holds


@dataclass(frozen=True)
class TriggerNote:
    """Why an ability did not trigger on an event, or why mtgrules can't tell."""

    source: str  # the object's id
    ability: int
    text: str
    rules: tuple[str, ...]


@dataclass(frozen=True)
class TriggerResult:
    """What triggered (in event order, CR 603.2), what mtgrules can't tell (each naming the
    card, the ability and why), and notes on what didn't trigger."""

    triggered: tuple[Triggered, ...] = ()
    unsupported: tuple[TriggerNote, ...] = ()
    notes: tuple[TriggerNote, ...] = ()


@dataclass
class _Found:
    triggered: list[Triggered] = field(default_factory=list)
    unsupported: list[TriggerNote] = field(default_factory=list)
    notes: list[TriggerNote] = field(default_factory=list)
    once: set[tuple] = field(default_factory=set)  # "one or more": already triggered


def normalise(event: Event) -> Event:
    """The event, checked to be of a kind the trigger rules know; ValueError otherwise (an
    engine bug, not a board to judge)."""
    if event.kind not in KINDS:
        raise ValueError(f"unknown game event kind {event.kind!r}")
    return event


def looks_back(event: Event) -> bool:
    """CR 603.10a: an event leaves-the-battlefield and sacrifice abilities look back on."""
    return event.kind == "sacrificed" or (
        event.kind == "moves" and event.from_zone == Zone.BATTLEFIELD.value
    )


def triggered(before: GameState, after: GameState, events: Sequence[Event]) -> TriggerResult:
    """CR 603.2, 603.2c, 603.3a, 603.4, 603.6a, 603.6c, 603.10, 603.10a, 113.6: the
    triggered abilities ``events`` trigger, in event order, each controlled by its
    source's controller as it triggered; the abilities mtgrules can't judge; notes."""
    found = _Found()
    batch = [normalise(e) for e in events]
    watchers: dict[int, tuple[tuple[GameObject, TriggerAbility], ...]] = {}
    for event in batch:
        past = looks_back(event)
        view = before if past else after
        key = id(view)
        if key not in watchers:
            watchers[key] = _watchers(view)
        for source, ability in watchers[key]:
            _check(found, view, before, after, batch, event, source, ability, past)
    return TriggerResult(tuple(found.triggered), tuple(found.unsupported), tuple(found.notes))


def _watchers(state: GameState) -> tuple[tuple[GameObject, TriggerAbility], ...]:
    """Each triggered ability that works where its object is (CR 113.6); found once per
    state (``GameState.once``: the state-based actions' events and the action's often
    look at the same one)."""
    return state.once(
        ("trigger_watchers",),
        lambda: tuple(
            (obj, ability)
            for obj in state.objects
            if obj.zone is not Zone.LIBRARY  # a hidden zone: nothing there triggers unseen (603.2f)
            for ability in trigger_abilities(state, obj)
            if any(_works_in(c, obj.zone) for c in ability.conditions)
        ),
    )


def _works_in(condition: TriggerCondition, zone: Zone) -> bool:
    return condition.zone == "any" or condition.zone == zone.value


def _check(
    found: _Found,
    view: GameState,
    before: GameState,
    after: GameState,
    batch: list[Event],
    event: Event,
    source: GameObject,
    ability: TriggerAbility,
    past: bool,
) -> None:
    """Match one ability of ``source`` (as it is in ``view``) against ``event``."""
    matched: TriggerCondition | None = None
    for condition in ability.conditions:
        if not _works_in(condition, source.zone):
            continue
        kinds = condition.event_kinds
        if kinds and event.kind not in kinds:
            continue
        if not condition.read:
            found.unsupported.append(
                TriggerNote(
                    source.oid,
                    ability.number,
                    f"{source.label}'s ability “{_quote(ability)}” could trigger on this "
                    f"event ({_describe(event, view)}), but mtgrules doesn't read its "
                    f"trigger condition (“{condition.unread}”)",
                    ("603.2",),
                )
            )
            return
        verdict = _matches(condition, event, source, view, before, after, batch)
        if verdict is True:
            matched = condition
            break
        if verdict is None:
            found.unsupported.append(
                TriggerNote(
                    source.oid,
                    ability.number,
                    f"{source.label}'s ability “{_quote(ability)}”: whether it triggers on "
                    f"{_describe(event, view)} isn't something mtgrules can tell",
                    ("603.2",),
                )
            )
            return
        if isinstance(verdict, str):
            found.notes.append(
                TriggerNote(
                    source.oid,
                    ability.number,
                    f"{source.label}'s ability {ability.number} doesn't trigger: {verdict}",
                    ("603.2", *event_rules(event)),
                )
            )
    if matched is None:
        return
    if matched.one_or_more or matched.event == "you_attack":
        # once for all the simultaneous events; "... deal combat damage to a player": once
        # for each player dealt damage
        to_whom = event.player if matched.event == "damage" and not matched.dealt else None
        key = (source.oid, ability.number, to_whom)
        if key in found.once:
            return
        found.once.add(key)
    if matched.intervening_if:
        lki = event.lki if (past and event.obj == source.oid) else None
        holds = intervening_if_holds(view, source, matched.intervening_if, lki)
        if matched.intervening_if == "?" or holds is None:
            found.unsupported.append(
                TriggerNote(
                    source.oid,
                    ability.number,
                    f"{source.label}'s ability “{_quote(ability)}” triggers only if its "
                    "intervening “if” holds, which mtgrules doesn't read",
                    ("603.4",),
                )
            )
            return
        if not holds:
            found.notes.append(
                TriggerNote(
                    source.oid,
                    ability.number,
                    f"{source.label}'s ability {ability.number} doesn't trigger: its condition “if "
                    f"{matched.intervening_if}” is false as the event happens",
                    ("603.4",),
                )
            )
            return
    controller = _controller(matched, event, source)
    left = past and (event.obj == source.oid or _gone(after, source))
    found.triggered.append(
        Triggered(
            source.oid,
            ability.number,
            controller,
            event,
            source if left else None,
            mana_ability=ability.mana_ability,
            ability_lki=ability.ability if left else None,
        )
    )


def _gone(after: GameState, source: GameObject) -> bool:
    """The source is no longer where it was (it left the battlefield with the event)."""
    now = after._by_id.get(source.oid)
    return now is None or now.zone is not source.zone


def _controller(condition: TriggerCondition, event: Event, source: GameObject) -> str:
    """CR 603.3a: the player who controlled the source as it triggered; a "When you cast
    this spell" ability is controlled by the spell's controller, who cast it."""
    if condition.event == "cast" and condition.zone == "stack" and event.player:
        return event.player
    return source.controller


def _quote(ability: TriggerAbility) -> str:
    words = ability.ability.words
    return words if len(words) <= 90 else words[:87] + "..."


def _describe(event: Event, view: GameState) -> str:
    what = event.kind.replace("_", " ")
    obj = view._by_id.get(event.obj or "") or event.lki
    if obj is not None:
        return f"{what}: {obj.label}"
    if event.player:
        return f"{what}: {event.player}"
    return what


# -- matching one read condition against one event ------------------------------------


def _matches(
    c: TriggerCondition,
    event: Event,
    source: GameObject,
    view: GameState,
    before: GameState,
    after: GameState,
    batch: list[Event],
) -> bool | str | None:
    """True if ``event`` meets ``c`` for ``source``; a reason (str) or False if not;
    None if mtgrules can't tell."""
    kind = event.kind
    if kind == "moves":
        return _zone_change(c, event, source, view, before, after)
    if kind == "step_begins":
        if event.step != c.step:
            return False
        if c.player == "enchanted_controller":
            enchanted = view._by_id.get(source.attached_to or "")
            if enchanted is None or event.player is None:
                return None
            return (
                event.player == enchanted.controller
                or "it isn't the upkeep of the enchanted creature's controller"
            )
        return _player(c.player, event.player, source, "the turn")
    if kind == "cast" and c.event == "targeted":
        # CR 601.2c: a spell's targets are chosen as it is cast
        if c.player != "any":
            who = _player(c.player, event.player, source, "the spell's caster")
            if who is not True:
                return who
        item = next((i for i in after.stack if i.oid == event.obj), None)
        if item is None:
            return None
        return source.oid in item.targets or "the spell doesn't target it"
    if kind == "cast":
        if c.zone == "stack":  # "When you cast this spell"
            return event.obj == source.oid
        who = _player(c.player, event.player, source, "the spell's caster")
        if who is not True:
            return who
        if not c.spell:
            return True
        spell = after._by_id.get(event.obj or "")
        if spell is None:
            return None
        chars = characteristics(after, spell)
        if any(spell_is(chars, k) for k in c.spell):
            return True
        return f"{spell.label} isn't a{'n' if c.spell[0][:1] in 'aeiou' else ''} {' or '.join(c.spell)} spell"
    if kind in ("life_gained", "life_lost", "drew", "discarded", "token_created"):
        return _player(c.player, event.player, source, "that player")
    if kind == "attacks":
        if c.event == "you_attack":
            attacker = _object_now(event, view)
            who = event.player or (attacker.controller if attacker else None)
            return _player(c.player, who, source, "the attacking player")
        subject = _subject(c, event.obj, event, source, view, before, after)
        if subject is not True or not c.alone:
            return subject
        return sum(1 for e in batch if e.kind == "attacks") == 1 or "it doesn't attack alone"
    if kind == "blocks":
        subject = _subject(c, event.obj, event, source, view, before, after)
        if subject is not True or c.each_blocked:
            return subject
        first = next(e for e in batch if e.kind == "blocks" and e.obj == event.obj)
        return first is event  # CR 509.3a: once each combat, however many it blocks
    if kind in ("becomes_blocked", "tapped", "untapped", "turned_face_up", "transformed"):
        return _subject(c, event.obj, event, source, view, before, after)
    if kind == "tapped_for_mana":
        if c.subject == "group" and c.player != "any":
            who = _player(c.player, event.player, source, "the player who tapped it")
            if who is not True:
                return who
        return _subject(c, event.obj, event, source, view, before, after)
    if kind == "counters_put":
        if c.counter and event.counter != c.counter:
            return False
        if c.chapters:
            return _chapter(c, event, source, view)
        if event.amount > 1 and not c.one_or_more:
            return None  # "a counter is put": once per counter? not judged
        return _subject(c, event.obj, event, source, view, before, after)
    if kind == "sacrificed":
        who = _player(c.player, event.player, source, "the player who sacrificed it")
        if who is not True:
            return who
        return _subject(c, event.obj, event, source, view, before, after)
    if kind == "damage":
        return _damage(c, event, source, view, before, after)
    return False


def _chapter(
    c: TriggerCondition, event: Event, source: GameObject, view: GameState
) -> bool | str | None:
    """CR 714.2b-c: lore counters put on this Saga take their number from below a chapter's
    number to at least it; two of one ability's chapters at once would trigger it twice,
    which mtgrules doesn't judge."""
    if event.obj != source.oid:
        return False
    now = source.counter("lore")
    was = now - event.amount
    crossed = [n for n in c.chapters if was < n <= now]
    if not crossed:
        return f"its lore counters went from {was} to {now}, past no chapter of this ability"
    return True if len(crossed) == 1 else None


def _zone_change(
    c: TriggerCondition,
    event: Event,
    source: GameObject,
    view: GameState,
    before: GameState,
    after: GameState,
) -> bool | str | None:
    """CR 603.6a (enters), 603.6c and 700.4 (leaves, dies), 603.10a (looking back)."""
    frm, to = event.from_zone, event.to_zone
    battlefield = Zone.BATTLEFIELD.value
    if c.event == "enters":
        if to != battlefield or frm == battlefield:
            return False
    elif c.event == "dies":
        if frm != battlefield or to != Zone.GRAVEYARD.value:
            return False
    elif c.event == "leaves":
        if frm != battlefield or to == battlefield:
            return False
    elif c.event == "to_graveyard":
        if to != Zone.GRAVEYARD.value:
            return False
    else:
        return False
    return _subject(c, event.obj, event, source, view, before, after)


def _damage(
    c: TriggerCondition,
    event: Event,
    source: GameObject,
    view: GameState,
    before: GameState,
    after: GameState,
) -> bool | str | None:
    """Damage dealt (CR 120.1, 510.2): by the subject, or to it (``dealt``)."""
    if c.combat is not None and event.combat != c.combat:
        return "the damage isn't combat damage" if c.combat else "the damage is combat damage"
    if c.dealt:
        if event.obj is None:
            return False
        return _subject(c, event.obj, event, source, view, before, after)
    subject = _subject(c, event.source, event, source, view, before, after)
    if subject is not True:
        return subject
    if c.to == "any":
        return True
    if c.to in ("player", "opponent"):
        if event.player is None:
            return "it isn't dealt to a player"
        if c.to == "opponent":
            dealer = view._by_id.get(event.source or "")
            controller = dealer.controller if dealer is not None else source.controller
            return event.player != controller or "it isn't dealt to an opponent"
        return True
    recipient = view._by_id.get(event.obj or "")
    if c.to == "player_or_planeswalker":
        if event.player is not None:
            return True
        if recipient is None:
            return None
        return characteristics(view, recipient).is_a("Planeswalker")
    if c.to == "creature":
        if recipient is None:
            return False if event.player is not None else None
        return characteristics(view, recipient).is_a("Creature") or "it isn't dealt to a creature"
    return None


def _object_now(event: Event, view: GameState) -> GameObject | None:
    """The event's object as ``view`` has it (or as it last existed)."""
    return view._by_id.get(event.obj or "") or event.lki


def _subject(
    c: TriggerCondition,
    oid: str | None,
    event: Event,
    source: GameObject,
    view: GameState,
    before: GameState,
    after: GameState,
) -> bool | str | None:
    """Whether the object ``oid`` is the condition's subject for ``source``. A group is of
    permanents (CR 109.2): the object as it is on the battlefield in ``view``, else as it
    last was there (the other game of the two, 608.2h); a spell is no permanent; an object
    on the battlefield in neither game can't be judged."""
    if oid is None:
        return False
    if c.subject == "self":
        return oid == source.oid
    if c.subject in ("enchanted", "equipped"):
        return source.attached_to == oid
    if c.subject != "group" or c.group is None:
        return None
    for state in (view, before, after):
        obj = state._by_id.get(oid)
        if obj is not None and obj.zone is Zone.BATTLEFIELD:
            chars = characteristics(state, obj, through="6")
            if in_group(state, c.group, source, obj, chars):
                return True
            return f"{obj.label} isn't {_one_of(c.group)}"
    for state in (view, before, after):
        obj = state._by_id.get(oid)
        if obj is not None and obj.zone is Zone.STACK:
            return f"{obj.label} is a spell, not a permanent"
    return None


def _one_of(group) -> str:
    """ "another creature", "a creature you control": one object of the group."""
    phrase = replace(group, quantifier="each").phrase()
    phrase = phrase[5:] if phrase.lower().startswith("each ") else phrase
    if phrase.startswith("other "):
        return "an" + phrase
    return ("an " if phrase[:1] in "aeiou" else "a ") + phrase


def _player(whose: str, who: str | None, source: GameObject, what: str) -> bool | str | None:
    """Whether the event's player is the one the condition names, for the ability of
    ``source`` (its controller is "you", CR 109.5)."""
    if whose == "any":
        return True
    if who is None:
        return None
    if whose == "you":
        return who == source.controller or f"{what} ({who}) isn't {source.controller}"
    if whose == "opponent":
        return (
            who != source.controller or f"{what} ({who}) isn't an opponent of {source.controller}"
        )
    return None
