"""Casting spells (CR 601): permission, timing, X and the total cost.

:func:`cast_checks` lists every condition for ``player`` casting one card now
by one method, pass or fail, each with the rules that impose it:

- permission by zone (601.3): from its owner's hand normally; from exile as a
  plotted card (702.170d); lands are never cast (305.9);
- timing (117.1a and the card-type rules 301.1-310.1; flash 702.8a);
- X (107.3a-b), alternative costs (118.9, 118.9a), additional costs such as
  kicker (118.8, 702.33a) and mandatory ones (601.2b, 601.2f-h);
- with ``pay``, whether the total cost can be paid (601.2g-h).

The costs themselves (what is announced and applied, their parts, the total and its
payment) are :mod:`mtgrules.rules.casting.costs`'s.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from mtgrules.answer import Reason
from mtgrules.cards.keywords import ALTERNATIVE_COSTS
from mtgrules.cards.vocabulary import AbilityKind
from mtgrules.model.state import GameObject, GameState, Zone
from mtgrules.rules import Unsupported
from mtgrules.rules.casting.cost_changes import apply_changes, cost_changes
from mtgrules.rules.casting.costs import (
    ALTERNATIVE_COST_KEYWORDS,
    CostChoice,
    no_mana_cost,
    pays_life,
    prototype_choice,
    total_cost_checks,
)
from mtgrules.rules.casting.permissions import flash_permission
from mtgrules.rules.casting.restrictions import cast_restrictions
from mtgrules.rules.keywords.costs import (
    affinity_reductions,
    check_untracked_permission,
    flashback_permission,
    pay_helper_notes,
    reduce_generic,
    require_mana_alone,
)
from mtgrules.rules.keywords.plot import plotted_cast_checks
from mtgrules.rules.layers.characteristics import Characteristics
from mtgrules.rules.layers.faces import casting_faces
from mtgrules.rules.rulings import case_rulings
from mtgrules.rules.targets.legality import spell_target_checks
from mtgrules.rules.turn.timing import has_priority, sorcery_timing

# CR 301.1-310.1: the card types cast in their owner's main phase with an empty stack.
MAIN_PHASE_TYPES = {
    "Artifact": "301.1",
    "Creature": "302.1",
    "Enchantment": "303.1",
    "Planeswalker": "306.1",
    "Sorcery": "307.1",
    "Battle": "310.1",
}
# Keywords offering another cost to cast the card from its owner's hand, which a normal
# cast (none announced) doesn't pay: those above and the ones known by name
# (cards/keywords.py), warp from the hand (702.185a), casting face down for {3} (702.37c,
# 702.168a), prototype's other mana cost (702.160a)
OTHER_COSTS = {
    **ALTERNATIVE_COST_KEYWORDS,
    **ALTERNATIVE_COSTS,
    "warp": "702.185a",
    "morph": "702.37c",
    "megamorph": "702.37c",
    "disguise": "702.168a",
    "prototype": "702.160a",
}


@dataclass(frozen=True)
class CastPlan:
    """What the caster announces (CR 601.2b): how, X, kicker, an alternative cost; and whether to check payment."""

    method: str = "normal"  # "normal" | "plot" | "flashback"
    x: int | None = None
    kicked: bool = False
    alternative: str | bool | None = None  # a keyword ("evoke") or True for the card's own
    pay: bool = False
    prototyped: bool | None = (
        None  # cast with its prototype characteristics (CR 718.3); None: not said
    )
    targets: tuple[str, ...] | None = None  # the targets announced (CR 601.2c): REFs, players


def default_method(obj: GameObject) -> str:
    """The permission that applies by default: plot for a plotted card in exile, flashback for
    a card with flashback in a graveyard (702.34a), else a normal cast."""
    if obj.zone is Zone.EXILE and obj.plotted_on_turn is not None:
        return "plot"
    if obj.zone is Zone.GRAVEYARD and any(
        a.kind is AbilityKind.KEYWORD and (a.keyword or "").startswith("flashback")
        for a in obj.card.abilities
    ):
        return "flashback"
    return "normal"


def cast_checks(
    state: GameState, obj: GameObject, chars: Characteristics, player: str, plan: CastPlan
) -> list[Reason]:
    casting_faces(obj)  # rules/layers/faces.py: a card with two castable faces (709.3, 715.3)
    if chars.is_a("Land"):
        other = [t for t in chars.types if t != "Land"]
        extra = f" (even though it is also {' and '.join(other).lower()})" if other else ""
        return [Reason(False, f"It is a land{extra}: lands are played, never cast.", ("305.9",))]
    plot = plan.method == "plot"
    if plot:
        reasons = plotted_cast_checks(state, obj, chars, player)
    elif plan.method == "flashback":
        reasons = [
            *flashback_permission(obj, chars, player),
            *_normal_timing(state, chars, player),
        ]
    else:
        reasons = [
            *_normal_permission(state, obj, chars, player),
            *_normal_timing(state, chars, player),
        ]
    reasons += cast_restrictions(
        state, obj, chars, player
    )  # 601.3, 101.2 (rules/casting/restrictions.py)
    reasons += prototype_choice(obj, player, plan)
    reasons += _x_checks(state, obj, plan, plot)
    costs = CostChoice.of(obj, chars, plan)
    reasons += costs.reasons(state, obj, player, plot)
    unpayable = no_mana_cost(obj, plan, costs, plot)
    reasons += unpayable
    total, changed = _priced(state, obj, chars, player, plan, costs)
    reasons += changed
    reasons += pay_helper_notes(chars, plan.pay)
    payment = [] if unpayable else total_cost_checks(state, player, total, plan, pays_life(chars))
    if plan.pay:
        require_mana_alone(chars, payment)
    reasons += payment
    reasons += spell_target_checks(state, obj, chars, player, plan, reasons)  # CR 601.2c
    reasons += _other_costs(state, obj, chars, player, plan, reasons)
    return reasons


def _priced(
    state: GameState,
    obj: GameObject,
    chars: Characteristics,
    player: str,
    plan: CastPlan,
    costs: CostChoice,
) -> tuple[tuple[str, ...] | None, list[Reason]]:
    """CR 601.2f: the total cost (the mana cost or the alternative cost, plus additional
    costs, then increases and reductions, 118.7) and the reasons for each change."""
    total = costs.total(obj, plan, plan.method == "plot")
    changes = cost_changes(
        state, obj, chars, player
    )  # 601.2f, 118.7 (rules/casting/cost_changes.py)
    reasons = [why for _, _, why in changes]
    total = apply_changes(total, changes) if total is not None else None
    for n, why in affinity_reductions(state, chars, player):
        reasons.append(why)
        total = reduce_generic(total, n, why.text) if total is not None else None
    return total, reasons


def total_cost(
    state: GameState, obj: GameObject, chars: Characteristics, player: str, plan: CastPlan
) -> tuple[str, ...] | None:
    """CR 601.2f: the mana symbols of the total cost of casting ``obj`` as ``plan`` says
    (None: a cost with no mana cost to pay, 118.6), what the play-out pays (601.2g-h)."""
    return _priced(state, obj, chars, player, plan, CostChoice.of(obj, chars, plan))[0]


def _other_costs(
    state: GameState,
    obj: GameObject,
    chars: Characteristics,
    player: str,
    plan: CastPlan,
    reasons: list[Reason],
) -> list[Reason]:
    """CR 118.9, 601.2b, 601.2f: a card that can't be cast by paying its mana cost only
    because that cost can't be paid may still be cast for another cost it offers (evoke,
    warp, face down for morph's {3}, prototype). With none announced, each one mtgrules
    models is tried too: the NO stands, with a note, when none of them can be paid either;
    otherwise, or when it has one mtgrules doesn't model, it is refused, saying how to ask.
    ``alternative_cost: false`` asks about its mana cost alone."""
    if plan.method != "normal" or plan.alternative is not None or plan.prototyped:
        return []
    failing = [r for r in reasons if r.holds is False]
    if not failing or not all("601.2g" in r.rules for r in failing):
        return []
    other = [
        ((a.keyword or "").split(" ")[0], a.keyword or "")
        for a in chars.abilities
        if a.kind is AbilityKind.KEYWORD and (a.keyword or "").split(" ")[0] in OTHER_COSTS
    ]
    if any(
        a.casting_cost is not None and a.casting_cost.kind == "alternative" for a in chars.abilities
    ):
        other.append(("true", "its own alternative cost"))
    notes = []
    for name, words in other:
        if name == "prototype" and plan.prototyped is False:
            continue  # said: not prototyped
        if name == "miracle" and not state.stack:
            continue  # only as its trigger for being drawn resolves (702.94a)
        rule = OTHER_COSTS.get(name, "118.9")
        cost = words if name == "true" else f"its {name} cost"
        if name == "prototype":
            tried, how = replace(plan, prototyped=True), "`prototyped: true`"
        elif name in ALTERNATIVE_COST_KEYWORDS or name == "true":
            alternative = True if name == "true" else name
            tried, how = replace(plan, alternative=alternative), f"`alternative_cost: {name}`"
        else:
            raise Unsupported(
                f"{obj.label} can't be cast by paying its mana cost, but it has {words} (CR "
                f"{rule}), another cost to cast it for, which mtgrules doesn't model; ask with "
                "`alternative_cost: false` about its mana cost alone"
            )
        if all(r.holds is not False for r in cast_checks(state, obj, chars, player, tried)):
            raise Unsupported(
                f"{obj.label} can't be cast by paying its mana cost, but it could be cast for "
                f"{cost} (CR {rule}), which was not announced: ask with {how}, or "
                "`alternative_cost: false` about its mana cost alone"
            )
        notes.append(
            Reason(
                None,
                f"Cast for {cost} instead, it couldn't be either (ask with {how} for why).",
                (rule, "118.9"),
            )
        )
    return notes


def _normal_permission(
    state: GameState, obj: GameObject, chars: Characteristics, player: str
) -> list[Reason]:
    """CR 601.3: a normal cast needs the card in the caster's own hand."""
    if obj.zone is Zone.HAND:
        if obj.owner == player:
            # the question's premise: it decides only a NO
            return [Reason(True, f"It is in {player}'s hand.", ("601.3",), decides=False)]
        return [
            Reason(
                False,
                f"It is in {obj.owner}'s hand; {player} can't cast it from there.",
                ("601.3",),
            )
        ]
    if obj.zone is Zone.EXILE and obj.plotted_on_turn is not None:
        return [
            Reason(
                False,
                "It is a plotted card in exile: the only permission to cast it from there is "
                "plot's (without paying its mana cost), not a normal cast.",
                ("601.3", "702.170d"),
            )
        ]
    check_untracked_permission(obj, chars)
    # an unread ability that might let them cast it from there: the scope index's
    # (CAST_PERMISSION), asked by the can_cast question first
    return [
        Reason(
            False,
            f"It is in the {obj.zone.value}; nothing in the case lets {player} cast it from there.",
            ("601.3",),
        )
    ]


def _normal_timing(state: GameState, chars: Characteristics, player: str) -> list[Reason]:
    """CR 117.1a, 304.1, 702.8a: instants and flash with priority; the rest at sorcery speed."""
    if chars.is_a("Instant"):
        return [has_priority(state, player, ("117.1a", "304.1"))]
    # flash granted by another permanent, or "as though it had flash" (rules/casting/permissions.py)
    permitted = flash_permission(state, chars, player)
    if permitted is not None:
        return permitted
    if chars.has_keyword("flash"):
        return [
            Reason(
                None,
                "It has flash, so it can be cast any time its caster could cast an instant.",
                ("702.8a",),
            ),
            has_priority(state, player, ("702.8a", "117.1a")),
        ]
    by_type = tuple(rule for t, rule in MAIN_PHASE_TYPES.items() if chars.is_a(t))
    if not by_type:
        raise Unsupported(
            f"casting a card with types {', '.join(chars.types) or 'none'} is not modeled"
        )
    return sorcery_timing(state, player, ("117.1a", *by_type))


def _x_checks(state: GameState, obj: GameObject, plan: CastPlan, plot: bool) -> list[Reason]:
    """CR 107.3a-b: X is announced; cast without paying a cost with {X}, X can only be 0."""
    if not obj.card.mana_cost.has_x:
        return []
    refs = case_rulings(state, obj, "plot-x")
    if plot:
        if plan.x:
            return [
                Reason(
                    False,
                    f"It has {{X}} in its mana cost and is cast without paying that cost, so X must be 0, not {plan.x}.",
                    ("107.3b",),
                    refs,
                )
            ]
        return [
            Reason(
                True,
                "It has {X} in its mana cost and is cast without paying that cost, so X is 0.",
                ("107.3b",),
                refs,
            )
        ]
    chosen = f"X is announced as {plan.x}" if plan.x is not None else "X is announced"
    return [Reason(None, f"It has {{X}} in its mana cost: {chosen} as it is cast.", ("107.3a",))]
