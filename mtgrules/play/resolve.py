"""The top of the stack resolves (CR 608).

Its targets are checked again first (608.2b): one that has changed zones since it was
chosen is a new object and illegal (400.7), and one that no longer meets the
requirement is illegal too; with every target illegal the spell or ability doesn't
resolve. A permanent spell becomes a permanent (608.3); an instant, a sorcery or an
ability follows its instructions (:mod:`mtgrules.rules.effects`), then the spell goes
to its owner's graveyard and the ability ceases to exist (608.2n).
"""

from __future__ import annotations

from typing import Any

from mtgrules.cards.effects import Script
from mtgrules.cards.statics import PERMANENT_TYPES
from mtgrules.cards.targets import TargetSpec
from mtgrules.cards.vocabulary import Ability, AbilityKind
from mtgrules.caseio.actions import Action
from mtgrules.caseio.case import Case
from mtgrules.model.state import GameObject, GameState, StackItem, Zone, evolve
from mtgrules.play.choices import Choices
from mtgrules.play.game import Game, Refused
from mtgrules.play.legality import entering
from mtgrules.play.token_copies import embalm_token
from mtgrules.rules import Unsupported
from mtgrules.rules.activation.abilities import ActivationPlan
from mtgrules.rules.activation.ability_numbers import find_ability
from mtgrules.rules.casting.spells import CastPlan
from mtgrules.rules.effects.context import YES_NO, Resolving, said_yes
from mtgrules.rules.effects.guards import refuse_unread
from mtgrules.rules.effects.resolution import carry_out
from mtgrules.rules.effects.target_groups import recheck, target_groups
from mtgrules.rules.entering.counters import changes_entering, enters_with
from mtgrules.rules.layers.characteristics import characteristics
from mtgrules.rules.targets.legality import ability_target_checks, spell_target_checks
from mtgrules.rules.triggers import intervening_if_holds
from mtgrules.rules.zones import move, moved


def resolve_top(game: Game, case: Case, action: Action | None, choices: Choices | None) -> Game:
    """CR 608.1-608.3: the top object of the stack resolves."""
    state = game.state
    item = state.stack[0]
    try:
        if item.oid is not None:
            return _spell(game, case, item, action, choices)
        return _ability(game, case, item, action, choices)
    except Unsupported as err:
        raise Refused(
            action, f"resolving {_name(state, item)}: {err.reason}", tuple(err.reasons)
        ) from None


def _name(state: GameState, item: StackItem) -> str:
    if item.oid is not None:
        return state.obj(item.oid).label
    source = state._by_id.get(item.ability_of or "") or item.source_lki
    label = source.label if source is not None else item.ability_of
    return f"ability {item.ability} of {label}"


def _legal(state: GameState, item: StackItem, check: Any) -> tuple[bool, ...]:
    """CR 608.2b: which targets are still legal. A target that changed zones is a new
    object (400.7); the others are judged as the requirements judge them when chosen.
    When several remain and one of them fails, which one is not worked out: refused."""
    moved_away = []
    for key, moves in zip(item.targets, item.target_moves, strict=False):
        if key in state.player_names or moves is None:
            moved_away.append(False)
            continue
        obj = state._by_id.get(key)
        moved_away.append(obj is None or obj.moves != moves)
    staying = tuple(t for t, gone in zip(item.targets, moved_away, strict=True) if not gone)
    if not staying:
        return tuple(not gone for gone in moved_away)
    if len(staying) != len(item.targets):
        raise Unsupported(
            "some of its targets changed zones and some didn't: the others are judged on "
            "their own only for a single target yet"
        )
    reasons = check(staying)
    if all(r.holds is not False for r in reasons):
        return tuple(True for _ in item.targets)
    if len(item.targets) == 1:
        return (False,)
    raise Unsupported("one of its several targets became illegal; which one is not worked out yet")


def _phrases(abilities: Any) -> tuple[TargetSpec, ...] | None:
    """The target phrases of these abilities, in order, when all are read and none is
    modal (a mode's targets are counted within the mode, 700.2); None otherwise."""
    specs: list[TargetSpec] = []
    for ability in abilities:
        targeting = ability.targeting
        if targeting is None:
            continue
        if targeting.modes or not targeting.read:
            return None
        specs += targeting.specs
    return tuple(specs)


def _judged(
    state: GameState,
    item: StackItem,
    source: GameObject,
    chars: Any,
    spell: bool,
    specs: tuple[TargetSpec, ...] | None,
    check: Any,
) -> tuple[tuple[bool, ...], tuple[tuple[int, ...], ...] | None, list[tuple[str, tuple[str, ...]]]]:
    """CR 608.2b: which targets are still legal, the positions each target phrase took
    (None when the phrases aren't read: one target per phrase) and, for each illegal one,
    a sentence saying why with its rules."""
    if not item.targets:
        return (), None, []
    if not specs:
        return _legal(state, item, check), None, []
    groups = target_groups(specs, len(item.targets), item.x)
    moved_away = _moved_away(state, item)
    if not any(moved_away):
        check(item.targets)  # what can't be judged (an unread ability) refuses, as when cast
    judged = recheck(
        state, source, chars, item.controller, spell, specs, groups, item.targets, moved_away
    )
    why = []
    for key, j in zip(item.targets, judged, strict=True):
        if not j.legal:
            name = key if key in state.player_names else state.obj(key).label
            why.append((f"{name} is no longer a legal target: {j.why}", ("608.2b", *j.rules)))
    return tuple(j.legal for j in judged), groups, why


def _moved_away(state: GameState, item: StackItem) -> list[bool]:
    """CR 400.7: whether each target has changed zones since it was chosen."""
    out = []
    for key, moves in zip(item.targets, item.target_moves, strict=False):
        if key in state.player_names or moves is None:
            out.append(False)
            continue
        obj = state._by_id.get(key)
        out.append(obj is None or obj.moves != moves)
    return out + [False] * (len(item.targets) - len(out))


def _why_illegal(game: Game, index: int | None, why: list[tuple[str, tuple[str, ...]]]) -> Game:
    for text, rules in why:
        game = game.log(index, text, *dict.fromkeys(rules))
    return game


def _every(item: StackItem) -> str:
    return "its target is" if len(item.targets) == 1 else "every one of its targets is"


def _spell(
    game: Game, case: Case, item: StackItem, action: Action | None, choices: Choices | None
) -> Game:
    state = game.state
    obj = state.obj(item.oid)
    chars = characteristics(state, obj)

    def check(targets: tuple[str, ...]):
        plan = CastPlan(targets=targets, x=item.x)
        return spell_target_checks(state, obj, chars, item.controller, plan)

    permanent = any(chars.is_a(t) for t in PERMANENT_TYPES)
    specs = (
        None if permanent else _phrases(a for a in chars.abilities if a.kind is AbilityKind.SPELL)
    )
    legal, groups, why = _judged(state, item, obj, chars, True, specs, check)
    index = action.index if action else None
    if item.targets and not any(legal):
        state = evolve(state, stack=state.stack[1:])
        state, left = move(state, obj.oid, Zone.GRAVEYARD)
        game = _why_illegal(game, index, why)
        return (
            game.then(state)
            .log(
                index,
                f"{obj.label} doesn't resolve: {_every(item)} illegal now, so it leaves the "
                "stack for its owner's graveyard without doing anything",
                "608.2b",
            )
            .happened(left)
        )
    if permanent:
        return _permanent(game, case, item, obj, chars, index, choices)
    unread = [a for a in chars.abilities if a.kind is AbilityKind.UNMODELED]
    if unread:  # its words may be what it does (608.2c): never resolve it as doing nothing
        raise Unsupported(
            f"{obj.label}'s ability “{unread[0].oracle or unread[0].text}” is not read, so "
            "what the spell does as it resolves is not known"
        )
    ctx = _context(state, obj, item, legal, choices)
    ctx.groups = groups
    state = evolve(state, stack=state.stack[1:])
    for ability in chars.abilities:
        if ability.kind is AbilityKind.SPELL:
            state = carry_out(state, script_of(ability, obj), ctx)
    game = _why_illegal(game, index, why)
    game = _told(game.log(index, f"{obj.label} resolves", "608.1", "608.2", "608.2c"), index, ctx)
    if state._by_id.get(obj.oid) is not None and state.obj(obj.oid).zone is Zone.STACK:
        state, left = move(state, obj.oid, Zone.GRAVEYARD)
        ctx.events.append(left)
        game = game.log(index, f"{obj.label} is put into its owner's graveyard", "608.2n")
    state = evolve(state, delayed=(*state.delayed, *ctx.delayed))
    return game.then(state).happened(*ctx.events)


def _ability(
    game: Game, case: Case, item: StackItem, action: Action | None, choices: Choices | None
) -> Game:
    state = game.state
    if item.delayed is not None:
        return _delayed(game, item, action, choices)
    current = state._by_id.get(item.ability_of or "")
    source = item.source_lki or current
    if source is None:
        raise Unsupported("its source is unknown")
    where = current if current is not None and current.moves == source.moves else None
    chars = characteristics(state, where) if where is not None else item.source_chars
    if where is None and chars is not None:  # CR 113.7a: it left; as it last existed
        where = source
    if chars is None:
        return _left(game, item, source, action, choices)
    named = find_ability(chars, item.ability) if item.ability is not None else None
    if named is None:
        raise Unsupported(f"{source.label} has no ability {item.ability} now")
    ability = named.ability

    def check(targets: tuple[str, ...]):
        plan = ActivationPlan(number=named.number, x=item.x, targets=targets)
        return ability_target_checks(state, where, chars, ability, item.controller, plan)

    specs = _phrases([ability])
    legal, groups, why = _judged(state, item, where, chars, False, specs, check)
    index = action.index if action else None
    state = evolve(state, stack=state.stack[1:])
    label = f"ability {named.number} of {source.label}"
    game = _why_illegal(game, index, why)
    if item.targets and not any(legal):
        return game.then(state).log(
            index, f"{label} doesn't resolve: {_every(item)} illegal now", "608.2b"
        )
    if ability.intervening_if:  # CR 603.4: checked again as it resolves
        holds = intervening_if_holds(state, where, ability.intervening_if)
        if holds is None:
            raise Unsupported(f"{label}'s condition “if {ability.intervening_if}” is not read")
        if not holds:
            return game.then(state).log(
                index, f"{label} does nothing: its condition no longer holds", "603.4"
            )
    if ability.keyword == "embalm":  # CR 702.128a
        game = game.log(index, f"{label} resolves", "608.1", "608.2")
        return embalm_token(game, case, state, item, source, index, choices)
    ctx = _context(state, source, item, legal, choices)
    ctx.groups = groups
    if item.source_chars is not None:  # the source left paying the cost (113.7a)
        ctx.last_known[source.oid] = (source, item.source_chars)
    state = carry_out(state, script_of(ability, source), ctx)
    game = _told(game.log(index, f"{label} resolves", "608.1", "608.2", "608.2c"), index, ctx)
    state = evolve(state, delayed=(*state.delayed, *ctx.delayed))
    return game.then(state).happened(*ctx.events)


def _left(
    game: Game,
    item: StackItem,
    source: GameObject,
    action: Action | None,
    choices: Choices | None,
) -> Game:
    """CR 113.7a, 603.10a: a triggered ability whose source has left its zone resolves as
    the source last had it (a dies or leaves-the-battlefield ability). Refused when that
    ability isn't known, or when resolving it asks more of the source as it last existed
    (targets to check again, 608.2b; an intervening "if", 603.4)."""
    ability = item.ability_lki
    targeting = getattr(ability, "targeting", None)
    aims = getattr(ability, "targets", False) or (
        targeting is not None and targeting.targets_anything
    )
    if ability is None or item.targets or aims or getattr(ability, "intervening_if", ""):
        raise Unsupported(
            f"{source.label} has left the battlefield; its abilities as it last existed are "
            "not computed by the play-out yet (CR 113.7a)"
        )
    state = evolve(game.state, stack=game.state.stack[1:])
    index = action.index if action else None
    ctx = _context(state, source, item, (), choices)
    state = carry_out(state, script_of(ability, source), ctx)
    label = f"ability {item.ability} of {source.label}"
    game = game.log(index, f"{label} resolves, as its source last existed", "608.2", "113.7a")
    game = _told(game, index, ctx)
    state = evolve(state, delayed=(*state.delayed, *ctx.delayed))
    return game.then(state).happened(*ctx.events)


def _delayed(game: Game, item: StackItem, action: Action | None, choices: Choices | None) -> Game:
    """CR 603.7: a delayed triggered ability resolves, acting on the object it refers to
    only if that object is where it was expected (603.7c)."""
    state = evolve(game.state, stack=game.state.stack[1:])
    source = item.source_lki or state.obj(item.ability_of)
    ctx = _context(state, source, item, (), choices)
    ctx.refers_to = item.delayed.refers_to
    index = action.index if action else None
    resolves = f"the delayed ability of {source.label} resolves"
    now = state._by_id.get(ctx.refers_to or "")
    if item.delayed.refers_moves is not None and (
        now is None or now.moves != item.delayed.refers_moves
    ):  # CR 400.7, 603.7c: what it refers to has moved since: a new object, not found
        gone = f"{resolves} and does nothing: what it refers to has changed zones since"
        return game.then(state).log(index, gone, "603.7c", "400.7")
    state = carry_out(state, item.delayed.script, ctx)
    game = _told(game.log(index, resolves, "603.7", "608.2"), index, ctx)
    return game.then(state).happened(*ctx.events)


def _told(game: Game, index: int | None, ctx: Resolving) -> Game:
    """The game with a step for each thing the resolution did, in order."""
    for text, rules in ctx.lines:
        game = game.log(index, text, *rules)
    return game


def _context(
    state: GameState,
    source: GameObject,
    item: StackItem,
    legal: tuple[bool, ...],
    choices: Choices | None,
) -> Resolving:
    ask = choices.take if choices is not None else None
    return Resolving(
        source=source,
        controller=item.controller,
        targets=item.targets,
        legal=legal,
        x=item.x,
        modes=item.modes,
        refers_to=item.refers_to,
        refers_lki=item.refers_lki,
        referents=item.referents,
        ask=ask,
    )


def script_of(ability: Ability, obj: GameObject) -> Script:
    """What ``ability`` does, as read from its words: the reading stored when its card was
    imported or the built-in cards were read (cards/readings.py, docs/effects.md)."""
    effect = ability.effect
    if effect is not None and effect.script is not None:
        return effect.script
    if effect is not None and effect.adds_mana is not None:
        raise Unsupported(f"{obj.label}'s mana effect on the stack is not played out yet")
    # lazy: the stored readings (and their codec) load only when a play-out resolves one
    from mtgrules.cards.readings import effect_words, stored_reading

    words, kind = effect_words(ability)
    if not words:
        raise Unsupported(f"{obj.label}'s ability has no words to read")
    return stored_reading(words, obj.card.name, kind)


def entering_as_read(state: GameState, obj: GameObject, chars: Any, clone: bool = False) -> bool:
    """CR 614.1c-d, 614.12: whether ``obj`` enters tapped by its own ability; unsupported
    when an ability of its own changes how it enters in a way not played out (a second
    copy ability, "enters tapped unless", others entering as copies, a replacement), or,
    unless it is a clone (the ``enters`` question reads those), when an unread ability
    on the battlefield could."""
    copies = 0
    for ability in chars.abilities:
        copies += ability.enters_as_copy is not None
        if copies > 1 or changes_entering(ability):
            raise Unsupported(
                f"{obj.label} has an ability that changes how it enters ({ability.render()}); "
                "entering that way is not played out yet"
            )
    if not clone:
        refuse_unread(state, "enter", f"{obj.label} entering the battlefield")
    return any(a.enters_tapped for a in chars.abilities)


def _permanent(
    game: Game,
    case: Case,
    item: StackItem,
    obj: GameObject,
    chars: Any,
    index: int | None,
    choices: Choices | None,
) -> Game:
    """CR 608.3a-c: a permanent spell enters the battlefield under its controller's
    control; an Aura attached to what it targeted; a clone as a copy of what its
    controller chooses (614.1c, 614.12a, 707.5)."""
    state = game.state
    clone = next((a.enters_as_copy for a in chars.abilities if a.enters_as_copy), None)
    if clone is not None:
        entering_as_read(state, obj, chars, clone=True)
        return _as_copy(game, case, item, obj, clone, index, choices)
    tapped = entering_as_read(state, obj, chars)
    counters, _ = enters_with(obj, chars, chars.loyalty)
    aura = chars.is_a("Enchantment") and chars.has_subtype("Aura")
    arriving = evolve(
        moved(obj, Zone.BATTLEFIELD, controller=item.controller, tapped=tapped),
        counters=tuple(counters.items()),
        controlled_since_turn=state.turn,
        attached_to=item.targets[0] if aura and item.targets else None,
    )
    state = evolve(state, stack=state.stack[1:])
    state, entered = move(state, obj.oid, Zone.BATTLEFIELD, new=arriving)
    rules = ["608.3a"] if not aura else ["608.3c"]
    text = f"{obj.label} resolves and enters the battlefield under {item.controller}'s control"
    if aura and item.targets:
        text += f" attached to {state.obj(item.targets[0]).label}"
    if counters:
        text += " with " + _counted(counters)
        rules.append("614.1c")
    if tapped:
        text += ", tapped"
        rules.append("614.1c")
    game = game.then(state).log(index, text, *rules).happened(entered)
    return _other_legends(game, state, obj, chars, index)


def _other_legends(
    game: Game, state: GameState, obj: GameObject, chars: Any, index: int | None
) -> Game:
    """CR 704.5j: the legend rule compares one player's permanents only; a legendary
    permanent entering while another player controls one of the same name is said to stay,
    so the play-out shows why nothing happened."""
    if "Legendary" not in chars.supertypes:
        return game
    others = [
        o.label
        for o in state.in_zone(Zone.BATTLEFIELD)
        if o.controller != obj.controller
        and "Legendary" in characteristics(state, o).supertypes
        and characteristics(state, o).name == chars.name
    ]
    if not others:
        return game
    return game.log(
        index,
        f"the legend rule doesn't apply to {obj.label} and {', '.join(others)}: they have "
        "different controllers",
        "704.5j",
    )


def _counted(counters: dict[str, int]) -> str:
    return ", ".join(f"{n} {k} counter{'s' if n != 1 else ''}" for k, n in counters.items())


def _as_copy(
    game: Game,
    case: Case,
    item: StackItem,
    obj: GameObject,
    clone: Any,
    index: int | None,
    choices: Choices | None,
) -> Game:
    """CR 614.1c, 614.12a, 707.5: "you may have it enter as a copy of ...": the choice is
    the case's (``choose: {object: REF}``, or ``{may: no}``), judged as the ``enters``
    question judges it; the permanent enters with the copy's counters."""
    state = game.state
    if choices is None:
        raise Unsupported(f"{obj.label} enters as a copy of a chosen object: nobody can choose")
    label = obj.label
    candidates = tuple(o.label for o in state.in_zone(Zone.BATTLEFIELD))
    if choices.next_key() == "may":
        wants = choices.take("may", YES_NO, f"whether {label} enters as a copy")
        clone = clone if said_yes(wants) else None
    if clone is None:
        spec: dict[str, Any] = {"object": obj.oid}
        chosen = None
    else:
        ref = choices.take(
            "object", (), f"what {label} enters as a copy of ({', '.join(candidates)})"
        )
        try:
            chosen = state.find(str(ref))
        except KeyError:
            raise Unsupported(f"{ref!r} is not on the battlefield to be copied") from None
        spec = {"object": obj.oid, "as_copy_of": chosen.oid}
    said = entering(case, state, spec, label)
    value = dict(said.value)
    counters = dict(value.get("counters") or {})
    arriving = evolve(
        moved(obj, Zone.BATTLEFIELD, controller=item.controller, tapped=bool(value.get("tapped"))),
        counters=tuple(counters.items()),
        controlled_since_turn=state.turn,
        copy_of=chosen.oid if chosen is not None else None,
    )
    state = evolve(state, stack=state.stack[1:])
    state, entered = move(state, obj.oid, Zone.BATTLEFIELD, new=arriving)
    text = f"{label} resolves and enters the battlefield under {item.controller}'s control"
    rules = ["608.3a", "614.1c", "614.12a"]
    if chosen is not None:
        text += f" as a copy of {chosen.label}"
        rules += ["707.5"]
    if counters:
        text += " with " + _counted(counters)
    decisive = [r for rs in (r.rules for r in said.reasons if r.holds) for r in rs]
    rules += [r for r in decisive if r.startswith("707")][:3]
    return game.then(state).log(index, text, *dict.fromkeys(rules)).happened(entered)
