"""The combat phase played out (CR 506-511): the declarations, combat damage, the end.

- ``attack:`` (:func:`declare_attackers`, 508.1): each creature is checked by the
  ``can_attack`` question asked of the game as it stands (a NO stops the play-out with it),
  then it taps unless it has vigilance (508.1f, 702.20b) and becomes an attacking creature
  (508.1k); "whenever ~ attacks" abilities trigger (508.1m, 508.3a).
- ``block:`` (:func:`declare_blockers`, 509.1): each pair is checked by ``can_block`` (two
  or more blockers of a creature with menace together, 702.111b), the blockers become
  blocking creatures (509.1g) and each attacker blocked or unblocked (509.1h); "blocks"
  and "becomes blocked" abilities trigger (509.1i, 509.3).
- Passing through a declaration step declares nothing (no blockers: every attacker is
  unblocked).
- The combat damage step (:func:`combat_damage`, 510.1-510.2): each creature assigns its
  damage (:mod:`mtgrules.rules.combat.damage`), a division its controller chooses taken from
  ``choose: {damage: {...}}``; with first strike or double strike the phase gets a second
  combat damage step (510.4).
- A creature that leaves the battlefield is a new object, so it is out of combat; one that
  changes controller or stops being a creature is removed from combat (506.4); as the end
  of combat step ends, everything is (511.3).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from mtgrules.answer import Answer, Reason, verdict
from mtgrules.caseio.actions import Action
from mtgrules.caseio.case import Case
from mtgrules.model.events import Event
from mtgrules.model.state import Combat, GameObject, GameState, Zone
from mtgrules.model.turn import Step
from mtgrules.play.game import Game, Illegal, Invalid, Refused
from mtgrules.play.legality import ask, lawful
from mtgrules.play.player_actions import find
from mtgrules.rules import Unsupported
from mtgrules.rules.combat.damage import (
    Division,
    assignment,
    blockers_of,
    deal,
    first_strikers,
    in_combat,
    refuse_unread_combat,
    strikers,
)
from mtgrules.rules.combat.statics import attack_statics
from mtgrules.rules.combat.windows import defending_player
from mtgrules.rules.effects.guards import refuse_unread
from mtgrules.rules.layers.characteristics import characteristics
from mtgrules.rules.zones import with_object


def _no(action: Action, question: str, text: str, *rules: str) -> Illegal:
    return Illegal(action, verdict(question, [Reason(False, text, rules)]))


def _declared_already(game: Game, action: Action, step: Step, done: bool) -> None:
    """NO if this declaration is not the one being made now (CR 508.1, 509.1)."""
    state = game.state
    word = "attackers" if step is Step.DECLARE_ATTACKERS else "blockers"
    question = f"Can {word} be declared now ({state.when})?"
    if state.step is not step:
        raise _no(
            action,
            question,
            f"It is the {state.step.label if state.step else state.phase.label}: {word} are "
            f"declared only as the {step.label} begins.",
            "508.1" if word == "attackers" else "509.1",
            "506.1",
        )
    if done:
        raise _no(
            action,
            question,
            f"The {word} of this combat were declared as the {step.label} began; it isn't "
            f"declared again (write `{action.kind}:` before anything else in that step).",
            "508.1" if word == "attackers" else "509.1",
        )


# -- declare attackers (508) -----------------------------------------------------------


def declare_attackers(game: Game, case: Case, action: Action, choices: Any) -> Game:
    """CR 508.1: the active player declares the attackers ``action`` names."""
    state = game.state
    _declared_already(game, action, Step.DECLARE_ATTACKERS, state.combat.attackers_declared)
    active = state.active_player
    if action.by is not None and action.by != active:
        raise Invalid(
            action, "P001", f"{action.by} doesn't declare attackers: {active} does (508.1)"
        )
    named = dict(action.value or {})
    chosen: list[tuple[GameObject, str]] = []
    allowed: dict[str, tuple[str, ...]] = {}  # the keyword rules each legal attack passed
    for ref, target in named.items():
        obj = find(state, action, ref)
        answer = ask(case, state, "can_attack", obj.oid)
        lawful(action, answer)
        allowed[obj.oid] = tuple(
            dict.fromkeys(
                n for r in answer.reasons if r.holds for n in r.rules if n.startswith("702.")
            )
        )
        chosen.append((obj, _attack_target(state, action, obj, str(target))))
    _requirements(case, state, action, {o.oid for o, _ in chosen})
    if not chosen:
        game = game.log(action.index, f"{active} declares no attackers", "508.1")
    events: list[Event] = []
    if any(not characteristics(state, o).has_keyword("vigilance") for o, _ in chosen):
        refuse_unread(state, "tap", "attacking creatures becoming tapped")
    for obj, target in chosen:
        vigilant = characteristics(state, obj).has_keyword("vigilance")
        what = target if target in state.player_names else state.obj(target).label
        state = with_object(
            state, replace(obj, attacking=target, tapped=obj.tapped or not vigilant)
        )
        events.append(Event("attacks", obj=obj.oid, player=active, target=target))
        if vigilant:
            game = game.log(
                action.index,
                f"{obj.label} attacks {what}; it has vigilance, so it doesn't tap",
                "508.1k",
                "702.20b",
                *allowed[obj.oid],
            )
        else:
            events.append(Event("tapped", obj=obj.oid))
            game = game.log(
                action.index,
                f"{obj.label} attacks {what} and becomes tapped",
                "508.1k",
                "508.1f",
                *allowed[obj.oid],
            )
    players = tuple(
        replace(p, attacked_this_turn=True) if p.name == active and chosen else p
        for p in state.players
    )
    combat = replace(
        state.combat,
        attackers_declared=True,
        attacked=bool(chosen),
        declared=(*state.combat.declared, *((o.oid, o.moves) for o, _ in chosen)),
    )
    state = replace(state, players=players, combat=combat)
    return game.then(state).happened(*events)


def _attack_target(state: GameState, action: Action, obj: GameObject, target: str) -> str:
    """CR 506.2, 508.1b: an opponent, a planeswalker an opponent controls (a battle's
    protector isn't part of a case: refused)."""
    question = f"Can {obj.label} attack {target}?"
    if target in state.player_names:
        if target == state.active_player:
            raise _no(
                action,
                question,
                f"{target} is the attacking player: creatures attack an opponent, a "
                "planeswalker an opponent controls or a battle.",
                "506.2",
                "508.1b",
            )
        return target
    other = find(state, action, target, " as what is attacked")
    chars = characteristics(state, other, through="4")
    if chars.is_a("Battle"):
        raise Unsupported(
            f"{obj.label} attacks {other.label}, a battle: its protector isn't part of a case "
            "(CR 310.9c, 508.1b)"
        )
    if not chars.is_a("Planeswalker") or other.zone is not Zone.BATTLEFIELD:
        raise _no(
            action,
            question,
            f"{other.label} is not a planeswalker on the battlefield: only a player, a "
            "planeswalker or a battle can be attacked.",
            "506.3",
            "508.1b",
        )
    if other.controller == state.active_player:
        raise _no(
            action,
            question,
            f"{state.active_player} controls {other.label}: a player attacks only the "
            "planeswalkers of opponents.",
            "506.2",
            "508.1b",
        )
    return other.oid


def _requirements(case: Case, state: GameState, action: Action, chosen: set[str]) -> None:
    """CR 508.1c-d: the declaration as a whole must obey the restrictions and as many
    requirements as it can. A creature left out that must attack if able refuses (weighing
    the requirements is not played out), and so does one whose attacking mtgrules can't
    judge: an unread ability could require it to attack ("attacks each combat if able") or
    make the declaration illegal without it ("can't attack alone")."""
    for obj in state.in_zone(Zone.BATTLEFIELD, state.active_player):
        if obj.oid in chosen:
            continue
        chars = characteristics(state, obj, through="6")
        if not chars.is_a("Creature"):
            continue
        answer = ask(case, state, "can_attack", obj.oid)
        if answer.unsupported:
            raise Refused(
                action,
                f"{obj.label} isn't declared, and whether it could or must attack is not known "
                f"({answer.unsupported}): the declaration's requirements and restrictions "
                "(CR 508.1c-d) can't be checked",
            )
        notes = [r for r in attack_statics(state, obj, chars) if "508.1d" in r.rules]
        if notes and answer.value == "yes":
            raise Refused(
                action,
                f"{obj.label} must attack if able and isn't declared: whether the declaration "
                "obeys the requirements (CR 508.1d) is not played out",
            )


def _block_requirements(
    case: Case, state: GameState, action: Action, who: str, pairs: list
) -> None:
    """CR 509.1b-c: the same for blockers. A creature of the defending player left out of
    the declaration whose blocking an attacker mtgrules can't judge refuses: an unread
    ability could require it to block ("must be blocked if able", "blocks each combat if
    able") or restrict the declaration as a whole."""
    attackers = [o for o in state.in_zone(Zone.BATTLEFIELD) if o.attacking]
    blocking = {b.oid for b, _ in pairs}
    for obj in state.in_zone(Zone.BATTLEFIELD, who):
        if obj.oid in blocking or not characteristics(state, obj, through="6").is_a("Creature"):
            continue
        for attacker in attackers:
            answer = ask(case, state, "can_block", {"object": obj.oid, "attacker": attacker.oid})
            if answer.unsupported:
                raise Refused(
                    action,
                    f"{obj.label} isn't declared as a blocker, and whether it could or must "
                    f"block {attacker.label} is not known ({answer.unsupported}): the "
                    "declaration's requirements and restrictions (CR 509.1b-c) can't be checked",
                )


# -- declare blockers (509) ------------------------------------------------------------


def declare_blockers(game: Game, case: Case, action: Action, choices: Any) -> Game:
    """CR 509.1: the defending player declares the blockers ``action`` names."""
    state = game.state
    _declared_already(game, action, Step.DECLARE_BLOCKERS, state.combat.blockers_declared)
    pairs: list[tuple[GameObject, GameObject]] = []
    for ref, attacked in dict(action.value or {}).items():
        blocker = find(state, action, ref)
        refs = attacked if isinstance(attacked, list) else [attacked]
        if len(refs) > 1:
            raise Refused(
                action,
                f"{blocker.label} blocks {len(refs)} creatures: blocking more than one "
                "attacker (an ability saying it can, 509.1a) is not played out",
            )
        pairs.append((blocker, find(state, action, refs[0])))
    count = {a.oid: sum(1 for _, x in pairs if x.oid == a.oid) for _, a in pairs}
    evasion: dict[str, tuple[str, ...]] = {}  # the evasion rules each legal block passed
    for blocker, attacker in pairs:
        answer = ask(case, state, "can_block", {"object": blocker.oid, "attacker": attacker.oid})
        answer = _with_others(answer, count[attacker.oid])
        lawful(action, answer)
        evasion[blocker.oid] = tuple(
            n for r in answer.reasons if r.holds for n in r.rules if n.startswith("702.")
        )
    who = _defender(state, action, pairs)
    if action.by is not None and action.by != who:
        raise Invalid(action, "P001", f"{action.by} doesn't declare blockers: {who} does (509.1)")
    _block_requirements(case, state, action, who, pairs)
    events: list[Event] = []
    for blocker, attacker in pairs:
        state = with_object(state, replace(state.obj(blocker.oid), blocking=(attacker.oid,)))
        events.append(Event("blocks", obj=blocker.oid, player=who, target=attacker.oid))
        game = game.log(
            action.index,
            f"{blocker.label} blocks {attacker.label}",
            "509.1g",
            *dict.fromkeys(evasion[blocker.oid]),
        )
    if not pairs:
        game = game.log(action.index, f"{who} declares no blockers", "509.1")
    state, game = _blocked_status(state, game, action.index, {a.oid for _, a in pairs})
    for attacker in dict.fromkeys(a.oid for _, a in pairs):
        events.append(Event("becomes_blocked", obj=attacker))
    declared = (*state.combat.declared, *((b.oid, b.moves) for b, _ in pairs))
    state = replace(state, combat=replace(state.combat, blockers_declared=True, declared=declared))
    return game.then(state).happened(*events)


def _with_others(answer: Answer, blockers: int) -> Answer:
    """A NO only for menace (this blocker alone, 702.111b) is a YES with others beside it."""
    failed = [r for r in answer.reasons if r.holds is False]
    if blockers < 2 or not failed or any("702.111b" not in r.rules for r in failed):
        return answer
    reasons = [
        Reason(True, f"{r.text} It is blocked by {blockers} creatures together.", r.rules)
        if r.holds is False
        else r
        for r in answer.reasons
    ]
    return verdict(answer.question, reasons)


def _defender(state: GameState, action: Action, pairs: list) -> str:
    """The defending player (CR 506.2), the one who declares blockers."""
    attackers = [o for o in state.in_zone(Zone.BATTLEFIELD) if o.attacking]
    if attackers:
        try:
            return defending_player(state, attackers[0])[0]
        except Unsupported as err:
            raise Refused(action, err.reason) from None
    others = [p for p in state.player_names if p != state.active_player]
    return others[0]


def _blocked_status(
    state: GameState, game: Game, index: int | None, blocked: set[str]
) -> tuple[GameState, Game]:
    """CR 509.1h: each attacker with a blocker declared is blocked, the others unblocked."""
    for attacker in [o for o in state.in_zone(Zone.BATTLEFIELD) if o.attacking]:
        state = with_object(state, replace(attacker, blocked=attacker.oid in blocked))
        if attacker.oid not in blocked:
            game = game.log(index, f"{attacker.label} is unblocked", "509.1h")
    return state, game


# -- the steps begin (turn.py) ---------------------------------------------------------


def begin_step(game: Game, choices: Any, declaring: bool) -> Game:
    """The turn-based actions of a combat step as it begins; ``declaring``: the case's
    own ``attack:`` / ``block:`` makes this step's declaration."""
    step = game.state.step
    game = remove_from_combat(game)
    state = game.state
    if step is Step.DECLARE_ATTACKERS and not declaring:
        return game.then(replace(state, combat=replace(state.combat, attackers_declared=True)))
    if step is Step.DECLARE_BLOCKERS and not declaring:
        state, game = _blocked_status(
            state, game.log(None, "no blockers are declared", "509.1"), None, set()
        )
        return game.then(replace(state, combat=replace(state.combat, blockers_declared=True)))
    if step is Step.COMBAT_DAMAGE:
        return combat_damage(game, choices)
    return game


def another_damage_step(state: GameState) -> bool:
    """CR 510.4: after a first-strike combat damage step the phase gets a second one."""
    return bool(state.combat.first_strikers) and state.combat.damage_steps == 1


def end_of_combat(state: GameState) -> GameState:
    """CR 511.3: as the end of combat step ends, everything is removed from combat."""
    objects = tuple(
        replace(o, attacking=None, blocking=(), blocked=None)
        if o.attacking or o.blocking or o.blocked is not None
        else o
        for o in state.objects
    )
    return replace(state, objects=objects, combat=Combat())


def remove_from_combat(game: Game) -> Game:
    """CR 506.4: a creature whose controller changed or that stopped being a creature is
    removed from combat (one that left the battlefield is a new object already)."""
    state = game.state
    for oid, moves in state.combat.declared:
        now = state._by_id.get(oid)
        if now is not None and now.moves == moves and now.zone is Zone.BATTLEFIELD:
            continue
        gone = state.combat.declared
        state = replace(
            state, combat=replace(state.combat, declared=tuple(d for d in gone if d[0] != oid))
        )
        label = now.label if now is not None else oid
        game = game.then(state).log(
            None, f"{label} has left the battlefield, so it is no longer in combat", "506.4"
        )
    attackers, blockers = in_combat(state)
    for obj in attackers + blockers:
        chars = characteristics(state, obj, through="4")
        wrong = (
            obj.controller != state.active_player
            if obj.attacking
            else obj.controller == state.active_player
        )
        if chars.is_a("Creature") and not wrong:
            continue
        why = (
            "it is no longer a creature" if not chars.is_a("Creature") else "its controller changed"
        )
        state = with_object(state, replace(obj, attacking=None, blocking=(), blocked=None))
        game = game.then(state).log(None, f"{obj.label} is removed from combat: {why}", "506.4")
    return game


# -- combat damage (510) ---------------------------------------------------------------


def combat_damage(game: Game, choices: Any) -> Game:
    """CR 510.1-510.2: each creature assigns its combat damage, the active player's first,
    then all of it is dealt at once."""
    state = game.state
    if state.combat.damage_steps == 0:
        first = first_strikers(state)
        combat = replace(state.combat, first_strikers=first or None, damage_steps=1)
    else:
        combat = replace(state.combat, damage_steps=state.combat.damage_steps + 1)
    state = replace(state, combat=combat)
    dealing, rules = strikers(state)
    if combat.first_strikers and combat.damage_steps == 1:
        names = ", ".join(state.obj(o).label for o in combat.first_strikers)
        game = game.log(
            None,
            f"creatures with first strike or double strike deal their combat damage first, in "
            f"a combat damage step of their own: {names}",
            *rules,
        )
    elif combat.first_strikers:
        game = game.log(
            None,
            "the second combat damage step: the creatures that didn't strike first, and those "
            "with double strike",
            *rules,
        )
    attackers, blockers = in_combat(state)
    refuse_unread_combat(state, attackers + blockers)
    active = state.active_player
    ordered = sorted(dealing, key=lambda o: (o.controller != active, 0 if o.attacking else 1))
    assigned = []
    for creature in ordered:
        how = assignment(state, creature)
        stranded = creature.attacking and creature.blocked and not blockers_of(state, creature)
        if how == () and stranded:
            game = game.log(
                None,
                f"{creature.label} stays blocked though no creature blocks it now: it "
                "assigns no combat damage",
                "509.1h",
                "510.1c",
            )
        elif how == () and (characteristics(state, creature).power or 0) <= 0:
            game = game.log(
                None,
                f"{creature.label} has no power to assign: it deals no combat damage",
                "510.1a",
            )
        if isinstance(how, Division):
            how = _divide(state, how, choices, creature)
        if how:
            assigned.append((creature, how))
    if not assigned:
        game = game.log(None, "no creature assigns combat damage", "510.1a", *rules)
    done = deal(state, assigned)
    for text, cited in done.lines:
        game = game.log(None, text, *cited)
    return game.then(done.state).happened(*done.events)


def _divide(state: GameState, division: Division, choices: Any, creature: GameObject) -> tuple:
    """The division of ``creature``'s damage the case chooses (``choose: {damage: ...}``)."""

    def ref(oid: str) -> str:
        if oid in state.player_names:
            return oid
        obj = state.obj(oid)
        return obj.handle or obj.name

    shown = [
        "{" + ", ".join(f"{ref(k)}: {v}" for k, v in option.items()) + "}"
        for option in division.options()
    ]
    what = (
        f"how {creature.label} divides its {division.power} combat damage (CR 510.1c-d"
        f"{', 702.19b' if division.attacked else ''})"
    )
    if choices is None:
        raise Unsupported(f"{what}: a choice")
    if choices.next_key() != "damage":  # P002, listing the legal divisions
        raise Invalid(
            choices.action,
            "P002",
            f"action {choices.action.index} ({choices.action.kind}) needs a choice the case "
            f"doesn't make: {what} (`choose: {{damage: {{REF: N, ...}}}}` after it)",
            tuple(shown),
        )
    chosen = choices.take("damage", (), what)
    if not isinstance(chosen, dict):
        raise Invalid(
            choices.action, "P003", f"{what}: give `{{damage: {{REF: N, ...}}}}`", tuple(shown)
        )
    split: dict[str, int] = {}
    for key, n in chosen.items():
        key = str(key)
        if key in state.player_names:
            split[key] = n
            continue
        try:
            split[state.find(key).oid] = n
        except KeyError:
            split[key] = n
    problem = division.problem(split)
    if problem is not None:
        raise Invalid(
            choices.action,
            "P003",
            f"the damage chosen for {creature.label}: {problem}",
            tuple(shown),
        )
    return tuple((k, v) for k, v in split.items() if v)
