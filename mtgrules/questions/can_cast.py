"""``can_cast: REF`` (options ``by``, ``method``, ``x``, ``kicked``, ``alternative_cost``, ``pay``,
``prototyped``, ``targets``).

Can this card be cast now? Combines permission by zone (601.3, 305.9, 702.170d),
timing (117.1a, 301.1-310.1, 702.8a), X (107.3), the costs announced (118.8,
118.9, 601.2b, 601.2f-h), its targets (601.2c, 115, 303.4a; the ones given with
``targets``, or whether legal ones exist) and, on request, payment (601.2g-h) into
a yes/no answer that lists every condition checked.
"""

from __future__ import annotations

from dataclasses import replace

from mtgrules.answer import Answer, Reason, unsupported, verdict
from mtgrules.caseio.case import Case
from mtgrules.model.state import GameObject, GameState
from mtgrules.questions import depends
from mtgrules.rules import Unsupported
from mtgrules.rules.cast_options import adds_a_way
from mtgrules.rules.casting import CastPlan, cast_checks, default_method
from mtgrules.rules.layers import characteristics
from mtgrules.rules.scope import words_of
from mtgrules.rules.scope_query import Considered, Finding, consider, note, refusal
from mtgrules.rules.targets import target_names


def ask(case: Case) -> Answer:
    question = case.question
    state = case.state
    obj = state.find(question.value)
    player = question.option("by") or obj.owner
    plan = CastPlan(
        method=question.option("method") or default_method(obj),
        x=question.option("x"),
        kicked=bool(question.option("kicked", False)),
        alternative=question.option("alternative_cost"),
        pay=bool(question.option("pay", False)),
        prototyped=question.option("prototyped"),
        targets=_targets(question.option("targets")),
    )
    sentence = f"Can {player} cast {obj.label}{_how(plan, state)}?"
    try:
        deps = depends.can_cast(obj, player, plan.pay)
        considered = consider(state, deps)
        ways = _other_ways(considered, obj, plan)
        if len(ways) < len(considered.findings):
            raise refusal(considered, deps.changes)
        # CR 601.2a-h: nothing in casting reads the spell's own power and toughness, so an
        # unread characteristic-defining ability that sets them (604.3) can't matter here
        chars = characteristics(state, obj, through="6")
        answer = verdict(sentence, [*cast_checks(state, obj, chars, player, plan)])
        if ways and answer.value != "yes":
            raise refusal(considered, deps.changes)  # another way might still work
        read = note(
            replace(considered, findings=(), read=considered.read + len(ways)), deps.changes
        )
        return verdict(sentence, [*answer.reasons, *(_way_note(f, rule) for f, rule in ways), read])
    except Unsupported as err:
        return unsupported(sentence, err.reason, list(err.reasons))


def _other_ways(
    considered: Considered, obj: GameObject, plan: CastPlan
) -> list[tuple[Finding, str]]:
    """The unread abilities found that are the card's own and only offer another way to cast
    it (rules/cast_options.py), when the usual way is asked about."""
    if plan.method != "normal" or plan.alternative not in (None, False):
        return []
    own = (f for f in considered.findings if f.source.oid == obj.oid)
    found = ((f, adds_a_way(words_of(f.ability), obj.card.name)) for f in own)
    return [(f, rule) for f, rule in found if rule is not None]


def _way_note(found: Finding, rule: str) -> Reason:
    """CR 118.9, 118.9b, 601.3: another way to cast it can't undo a YES."""
    return Reason(
        None,
        f"Its ability “{found.words}” only offers another way to cast it (another cost, "
        "zone or time), which mtgrules doesn't read: that could make a NO a YES but not a "
        "YES a NO, and it can be cast the usual way.",
        (rule, "601.3"),
    )


def _how(plan: CastPlan, state: GameState) -> str:
    parts = ["as a plotted card"] if plan.method == "plot" else []
    if plan.x is not None:
        parts.append(f"with X = {plan.x}")
    if plan.kicked:
        parts.append("kicked")
    if plan.prototyped:
        parts.append("prototyped")
    if plan.alternative:
        name = plan.alternative if isinstance(plan.alternative, str) else "alternative"
        parts.append(f"for its {name} cost")
    elif plan.alternative is False:
        parts.append("for its mana cost")
    if plan.pay:
        parts.append("and pay for it")
    if plan.targets is not None:
        parts.append(f"targeting {target_names(state, plan.targets)}")
    return (" " + ", ".join(parts)) if parts else ""


def _targets(value: list[str] | None) -> tuple[str, ...] | None:
    return tuple(value) if value is not None else None
