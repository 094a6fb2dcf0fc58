"""The choices made as a triggered ability is put on the stack: its modes and its
targets (CR 603.3c, 603.3d, 115.1d, 700.2b).

A triggered ability that targets has its targets chosen as it goes on the stack, the way
a spell's are as it is cast (603.3d, 601.2c). The case makes that choice with
``choose: {targets: [...]}`` right after the action that made the ability trigger
(DESIGN.md "Where ``choose:`` goes"); a modal one's modes come first with
``choose: {modes: [N]}``. Three outcomes besides an ability put on the stack with its
targets:

- no legal choice exists: the ability is removed from the stack (603.3d), which is a
  step of the play-out, not a question to the case;
- the case doesn't make the choice: P002, listing the legal targets;
- the case chooses an illegal target: the answer is NO for that ``choose:`` entry, with
  the reasons the target rules give (:func:`mtgrules.rules.targets.legality.ability_target_checks`).

Targets are judged as the target rules judge them; what they can't judge is refused.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from mtgrules.answer import Answer, Reason
from mtgrules.cards.effects import Modal
from mtgrules.caseio.actions import Action
from mtgrules.model.events import Triggered
from mtgrules.model.state import GameObject, GameState
from mtgrules.play.choices import Choices
from mtgrules.play.game import Illegal, Invalid, Refused
from mtgrules.play.resolve import script_of
from mtgrules.rules import Unsupported
from mtgrules.rules.activation.abilities import ActivationPlan
from mtgrules.rules.activation.ability_numbers import find_ability
from mtgrules.rules.layers.characteristics import characteristics
from mtgrules.rules.targets.candidates import Chooser, judge_all
from mtgrules.rules.targets.legality import ability_target_checks, target_names

RULES = ("603.3d", "601.2c", "115.1d")


@dataclass(frozen=True)
class Aimed:
    """What was chosen for one triggered ability going on the stack: its targets (with
    the zone-change count of each object, to tell it later, 400.7) and modes; or
    ``removed``, the reason it is removed from the stack instead (603.3d, 700.2b)."""

    targets: tuple[str, ...] = ()
    moves: tuple[int | None, ...] = ()
    modes: tuple[int, ...] = ()
    removed: Reason | None = None


def source_of(state: GameState, t: Triggered) -> GameObject | None:
    """The triggered ability's source: as it last existed if it left (603.10a), else as
    it is now."""
    if t.source_lki is not None:
        return t.source_lki
    try:
        return state.obj(t.source)
    except KeyError:
        return None


def aim(
    state: GameState, t: Triggered, label: str, action: Action | None, choices: Choices | None
) -> Aimed:
    """CR 603.3c, 603.3d, 700.2b: the modes and targets of ``t`` as it goes on the stack."""
    if t.delayed is not None or not t.ability:
        return Aimed()
    source = source_of(state, t)
    if source is None:
        return Aimed()
    try:
        chars = characteristics(state, source)
    except Unsupported:  # its characteristics unknown: resolving it refuses
        return Aimed()
    named = find_ability(chars, t.ability)
    if named is None:
        return Aimed()
    ability = t.ability_lki or named.ability  # as its source last had it, if it left
    modes = _modes(ability, source, label, action, choices)
    targeting = ability.targeting
    if not (ability.targets or (targeting is not None and targeting.targets_anything)):
        return Aimed(modes=modes)
    if targeting is not None and targeting.modes:
        raise Refused(
            action,
            f"{label} is modal and targets: choosing the targets of its modes as it goes on "
            "the stack is not played out yet",
        )

    def checks(targets: tuple[str, ...] | None) -> list[Reason]:
        plan = ActivationPlan(number=named.number, targets=targets)
        return ability_target_checks(
            state, source, chars, ability, t.controller, plan, triggered=True
        )

    try:
        exist = checks(None)
    except Unsupported as err:
        raise Refused(action, f"{label}'s targets: {err.reason}", tuple(err.reasons)) from None
    failed = [r for r in exist if r.holds is False]
    if failed:
        why = " ".join(r.text for r in failed)
        return Aimed(
            modes=modes,
            removed=Reason(
                False,
                f"{label} has no legal target as it is put on the stack, so it is removed "
                f"from the stack and does nothing: {why}",
                tuple(dict.fromkeys((*RULES, *(n for r in failed for n in r.rules)))),
                decides=True,
            ),
        )
    what = f"the targets of {label} as it goes on the stack (CR 603.3d)"
    legal, unknown = _legal(state, source, chars, ability, t.controller)
    if not legal and not unknown:  # only "up to" targets, and none to choose: not asked
        return Aimed(modes=modes)
    if choices is None:
        raise Refused(action, f"{what}: nobody can choose them here")
    if choices.next_key() != "targets":
        choices.take("targets", legal, what)
    refs = choices.take("targets", (), what)
    entry = choices.taken()
    chosen: list[tuple[str, int | None]] = []
    for ref in refs if isinstance(refs, list) else [refs]:
        ref = str(ref)
        if ref in state.player_names:
            chosen.append((ref, None))
            continue
        try:
            obj = state.find(ref)
        except KeyError:
            raise Invalid(
                entry, "P001", f"choice {entry.index} names {ref!r}, which isn't in the game"
            ) from None
        chosen.append((obj.oid, obj.moves))
    targets = tuple(oid for oid, _ in chosen)
    try:
        judged = checks(targets)
    except Unsupported as err:
        raise Refused(entry, f"{label}'s targets: {err.reason}", tuple(err.reasons)) from None
    if any(r.holds is False for r in judged):
        question = f"Can {label} be put on the stack targeting {target_names(state, targets)}?"
        raise Illegal(entry, Answer(question=question, value="no", reasons=tuple(judged)))
    return Aimed(targets, tuple(m for _, m in chosen), modes)


def _legal(
    state: GameState, source: GameObject, chars: Any, ability: Any, controller: str
) -> tuple[tuple[str, ...], int]:
    """The legal targets of each requirement, as a case names them (a player's name, an
    object's id or name): the options a missing choice lists; and how many candidates
    mtgrules can't judge."""
    chooser = Chooser(state, source, chars, controller, False, RULES, "put on the stack")
    found: list[str] = []
    unknown = 0
    for spec in ability.targeting.specs if ability.targeting is not None else ():
        for judged in judge_all(chooser, spec):
            unknown += judged.legal is None
            if not judged.legal:
                continue
            if judged.key.startswith("player:"):
                name = judged.key.removeprefix("player:")
            else:
                obj = state.obj(judged.key)
                name = obj.handle or obj.face_name or obj.card.name
            if name not in found:
                found.append(name)
    return tuple(found), unknown


def _modes(
    ability: Any, source: GameObject, label: str, action: Action | None, choices: Choices | None
) -> tuple[int, ...]:
    """CR 603.3c, 700.2b: a modal triggered ability's modes, chosen by the case
    (``choose: {modes: [N]}``) as it goes on the stack."""
    try:
        script = script_of(ability, source)
    except Unsupported:
        return ()
    modal = script.steps[0] if script.steps and isinstance(script.steps[0], Modal) else None
    if modal is None:
        return ()
    what = f"the mode{'s' if modal.choose > 1 else ''} of {label} (CR 603.3c, 700.2b)"
    if choices is None:
        raise Refused(action, f"{what}: nobody can choose them here")
    offered = tuple(str(n) for n in range(1, len(modal.modes) + 1))
    chosen = choices.take("modes", offered, what)
    modes = tuple(int(m) for m in (chosen if isinstance(chosen, list) else [chosen]))
    if len(modes) != modal.choose or len(set(modes)) != len(modes):
        raise Invalid(
            choices.taken(),
            "P003",
            f"{label} is modal: choose {modal.choose} different mode(s), not {list(modes)}",
            offered,
        )
    return modes
