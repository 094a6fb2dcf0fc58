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
from mtgrules.rules.casting.options import adds_a_way, lowers_its_cost
from mtgrules.rules.casting.spells import CastPlan, cast_checks, default_method
from mtgrules.rules.layers.characteristics import characteristics
from mtgrules.rules.scope.index import words_of
from mtgrules.rules.scope.query import Considered, Finding, consider, note, refusal
from mtgrules.rules.targets.legality import target_names


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
        helps = _only_help(considered, obj, plan)
        if len(helps) < len(considered.findings):
            raise refusal(considered, deps.changes)
        # CR 601.2a-h: nothing in casting reads the spell's own power and toughness, so an
        # unread characteristic-defining ability that sets them (604.3) can't matter here
        chars = characteristics(state, obj, through="6")
        answer = verdict(sentence, [*cast_checks(state, obj, chars, player, plan)])
        if helps and answer.value != "yes":
            raise refusal(considered, deps.changes)  # another way or a lower cost might work
        read = note(
            replace(considered, findings=(), read=considered.read + len(helps)), deps.changes
        )
        return verdict(sentence, [*answer.reasons, *dict.fromkeys(helps), read])
    except Unsupported as err:
        return unsupported(sentence, err.reason, list(err.reasons))


def _only_help(considered: Considered, obj: GameObject, plan: CastPlan) -> list[Reason]:
    """The unread abilities found that are the card's own and can only turn a NO into a YES
    (rules/casting/options.py), each with the note that says so: a reduction of its own cost
    (601.2f, 118.7), whatever the way it is cast; another way to cast it (118.9b, 601.3),
    when the usual way is asked about."""
    usual = plan.method == "normal" and plan.alternative in (None, False)
    helps: list[Reason] = []
    for found in considered.findings:
        if found.source.oid != obj.oid:
            continue
        words = words_of(found.ability)
        if rule := lowers_its_cost(words, obj.card.name):
            helps.append(_reduction_note(found, rule))
        elif usual and (rule := adds_a_way(words, obj.card.name)):
            helps.append(_way_note(found, rule))
    return helps


def _way_note(found: Finding, rule: str) -> Reason:
    """CR 118.9, 118.9b, 601.3: another way to cast it can't undo a YES."""
    return Reason(
        None,
        f"Its ability “{found.words}” only offers another way to cast it (another cost, "
        "zone or time), which mtgrules doesn't read: that could make a NO a YES but not a "
        "YES a NO, and it can be cast the usual way.",
        (rule, "601.3"),
    )


def _reduction_note(found: Finding, rule: str) -> Reason:
    """CR 601.2f, 118.7: a reduction of its own cost can't undo a YES."""
    return Reason(
        None,
        f"Its ability “{found.words}” only reduces what casting it costs, which mtgrules "
        "doesn't compute: the cost above is before that reduction, and what pays it also "
        "pays the reduced cost, so the reduction could make a NO a YES but not a YES a NO.",
        tuple(dict.fromkeys((rule, "601.2f", "118.7"))),
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
