"""The costs a spell is cast for (CR 601.2b, 601.2f-h): the costs its caster announces and
applies, whether their non-mana parts can be paid, and the total cost with its payment.

An alternative cost instead of the mana cost (118.9, 118.9a: evoke, dash, flashback's
702.34a, the card's own), kicker (702.33a, 118.8a) and mandatory additional costs (601.2b,
601.2f, 601.2h, 118.3), each part checked against what the caster has (118.3, 119.4,
601.2a); a prototype card cast prototyped (702.160a, 718.3, 718.3a, 718.3b); a card with
no mana cost, whose cost is unpayable (118.6, 202.1b); the total cost shown or its payment
checked (601.2f, 601.2g, 601.2h), with life a cost could pay beside Phyrexian mana (107.4f).
:mod:`mtgrules.rules.casting.spells` asks these for every cast.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from mtgrules.answer import Reason
from mtgrules.cards.mana import COLOR_NAMES, ManaCost
from mtgrules.cards.vocabulary import Ability, AbilityKind, CastingCost, Cost, CostPart
from mtgrules.model.state import GameObject, GameState, Zone
from mtgrules.rules import Unsupported
from mtgrules.rules.activation.cost_parts import is_kind, part_check, shared_resource
from mtgrules.rules.keywords.costs import flashback_ability
from mtgrules.rules.layers.characteristics import Characteristics, characteristics
from mtgrules.rules.layers.statics_in_force import counted_kinds_read
from mtgrules.rules.mana.payment import payment_checks
from mtgrules.rules.rulings import case_rulings

if TYPE_CHECKING:
    from mtgrules.rules.casting.spells import CastPlan

# Keywords that stand for a cost the card sets for casting it.
ALTERNATIVE_COST_KEYWORDS = {"evoke": "702.74a", "dash": "702.109a"}
KICKER = "kicker"


@dataclass(frozen=True)
class CostChoice:
    """The costs the caster applies: an alternative cost, kicker, mandatory additional costs."""

    alternative: tuple[str, CastingCost | None] | None  # (name, cost) when one was announced
    kicker: tuple[bool, Ability | None]  # (announced, the kicker ability)
    mandatory: tuple[CastingCost, ...]
    has_alternatives: bool
    refused: str | None = None  # another alternative cost announced on top of flashback

    @classmethod
    def of(cls, obj: GameObject, chars: Characteristics, plan: CastPlan) -> CostChoice:
        own = [a.casting_cost for a in chars.abilities if a.casting_cost is not None]
        alternatives = {
            a.keyword: CastingCost("alternative", Cost(mana=a.keyword_cost))
            for a in chars.abilities
            if a.kind is AbilityKind.KEYWORD
            and a.keyword in ALTERNATIVE_COST_KEYWORDS
            and a.keyword_cost is not None
        }
        own_alts = [c for c in own if c.kind == "alternative"]
        alternative = None
        flashback = flashback_ability(chars) if plan.method == "flashback" else None
        if (
            isinstance(plan.alternative, str)
            and plan.alternative not in alternatives
            and any(
                a.kind is AbilityKind.KEYWORD and a.keyword == plan.alternative
                for a in chars.abilities
            )
        ):
            raise Unsupported(f"paying its {plan.alternative} cost this way is not modeled")
        refused = None
        if flashback is not None and flashback.keyword_cost is not None:
            if plan.alternative:
                refused = (
                    plan.alternative
                    if isinstance(plan.alternative, str)
                    else "its own alternative cost"
                )
            parts = flashback.cost.parts if flashback.cost is not None else ()
            alternative = (
                "its flashback cost",
                CastingCost("alternative", Cost(mana=flashback.keyword_cost, parts=parts)),
            )
        elif plan.alternative is True:
            alternative = ("its alternative cost", own_alts[0] if own_alts else None)
        elif isinstance(plan.alternative, str):
            alternative = (f"its {plan.alternative} cost", alternatives.get(plan.alternative))
        kicker = next(
            (a for a in chars.abilities if a.kind is AbilityKind.KEYWORD and a.keyword == KICKER),
            None,
        )
        if kicker is not None and kicker.keyword_cost is None:
            raise Unsupported(f"{obj.name}'s kicker cost is not modeled")
        mandatory = tuple(c for c in own if c.kind == "additional" and not c.optional)
        return cls(
            alternative,
            (plan.kicked, kicker),
            mandatory,
            bool(alternatives or own_alts),
            refused,
        )

    def reasons(self, state: GameState, obj: GameObject, player: str, plot: bool) -> list[Reason]:
        refs = case_rulings(state, obj, "plot-costs") if plot else ()
        out = []
        if self.refused is not None:
            out.append(
                Reason(
                    False,
                    f"Cast with flashback, its flashback cost is already the alternative cost; "
                    f"{self.refused} can't be applied too.",
                    ("118.9a", "702.34a"),
                )
            )
        if self.alternative is not None:
            name, cost = self.alternative
            if cost is None:
                out.append(
                    Reason(
                        False,
                        f"It has no such cost ({name}) to pay instead of its mana cost.",
                        ("118.9",),
                    )
                )
            elif plot:
                out.append(
                    Reason(
                        False,
                        f"Casting a plotted card without paying its mana cost is already an alternative cost; {name} can't be applied too.",
                        ("118.9a", "601.2b", "702.170d"),
                        refs,
                    )
                )
            else:
                out.append(
                    Reason(
                        True,
                        f"{player} announces paying {name} ({cost.cost.render()}) rather than its mana cost.",
                        ("118.9", "601.2b"),
                    )
                )
                if cost.cost.parts:
                    out.append(_mandatory(state, obj, player, cost, plot, refs))
        elif plot and self.has_alternatives:
            out.append(
                Reason(
                    None,
                    "Cast from plot, none of its own alternative costs can be used as well.",
                    ("118.9a", "702.170d"),
                    refs,
                )
            )
        announced, kicker = self.kicker
        if announced:
            if kicker is None:
                out.append(Reason(False, "It has no kicker cost to pay.", ("702.33a",)))
            else:
                also = (
                    "; additional costs can be paid even when it is cast from plot" if plot else ""
                )
                out.append(
                    Reason(
                        True,
                        f"{player} announces paying its kicker cost {kicker.keyword_cost} as an additional cost{also}.",
                        ("702.33a", "118.8a", "601.2b"),
                        refs,
                    )
                )
        for cost in self.mandatory:
            out.append(_mandatory(state, obj, player, cost, plot, refs))
        return out

    def total(self, obj: GameObject, plan: CastPlan, plot: bool) -> tuple[str, ...] | None:
        """CR 601.2f: mana cost or alternative cost, plus additional costs; None if no valid choice."""
        if self.alternative is not None:
            _, cost = self.alternative
            if cost is None or plot:
                return None
            base = cost.cost.mana.symbols
        elif plot:
            base = ()
        else:
            cost = cast_mana_cost(obj, plan)
            if cost is None:
                return None
            base = cost.with_x(plan.x or 0)
        extra: tuple[str, ...] = ()
        announced, kicker = self.kicker
        if announced:
            if kicker is None or kicker.keyword_cost is None:
                return None
            extra += kicker.keyword_cost.symbols
        for cost in self.mandatory:
            extra += cost.cost.mana.symbols
        return base + extra


def no_mana_cost(obj: GameObject, plan: CastPlan, costs: CostChoice, plot: bool) -> list[Reason]:
    """CR 118.6, 202.1b, 601.2h: a card with no mana cost (no symbols where its mana cost
    would be: Ancestral Vision, an Attraction) has an unpayable cost, so it can't be cast
    by paying its mana cost; an alternative cost, flashback's or casting it from plot
    without paying its mana cost may still be paid (118.6a, 702.170d)."""
    if plot or plan.method == "flashback" or costs.alternative is not None:
        return []
    cost = cast_mana_cost(obj, plan)
    if cost is None or cost.symbols:
        return []
    return [
        Reason(
            False,
            f"{obj.name} has no mana cost, which is an unpayable cost: it can't be cast by "
            "paying its mana cost (an alternative cost could be paid, if it has one).",
            ("118.6", "202.1b", "601.2h"),
        )
    ]


def cast_mana_cost(obj: GameObject, plan: CastPlan) -> ManaCost | None:
    """The mana cost the spell has as it is cast: its prototype mana cost when cast
    prototyped (CR 718.3a), else its printed one; None if it has no prototype to use."""
    if not plan.prototyped:
        return obj.card.mana_cost
    prototype = obj.card.prototype
    return prototype.mana_cost if prototype is not None else None


def prototype_choice(obj: GameObject, player: str, plan: CastPlan) -> list[Reason]:
    """CR 702.160a, 718.3, 718.3a-b: the caster chooses to cast a prototype card prototyped;
    while it is cast its mana cost, power and toughness are the prototype ones."""
    if not plan.prototyped:
        return []
    prototype = obj.card.prototype
    if prototype is None:
        return [
            Reason(
                False,
                f"{obj.name} has no prototype ability, so it can't be cast prototyped.",
                ("702.160a",),
            )
        ]
    colors = ", ".join(COLOR_NAMES[c] for c in "WUBRG" if c in prototype.mana_cost.colors)
    return [
        Reason(
            True,
            f"{player} chooses to cast it prototyped: as it is cast, its mana cost is "
            f"{prototype.mana_cost} and it is a {colors or 'colorless'} "
            f"{prototype.power}/{prototype.toughness}, the prototype values, not its printed ones.",
            ("702.160a", "718.3", "718.3a", "718.3b"),
        )
    ]


def _mandatory(
    state: GameState, obj: GameObject, player: str, cost: CastingCost, plot: bool, refs: tuple
) -> Reason:
    """CR 601.2b, 601.2f-h, 118.3: a mandatory additional cost must be paid, so it must be payable."""
    rules = ("601.2b", "601.2f", "601.2h", "118.3")
    lead = f"Its {cost.kind} cost ({cost.cost.render()}) must be paid" + (
        ", even when it is cast from plot" if plot else ""
    )
    shared = shared_resource(cost.cost)
    if shared:
        raise Unsupported(
            f"two parts of its {cost.kind} cost ({cost.cost.render()}) draw on the same "
            f"{shared}; which can pay both is not modeled"
        )
    problems = [
        p for p in (_part_problem(state, obj, player, part) for part in cost.cost.parts) if p
    ]
    if problems:
        return Reason(False, f"{lead}, and {player} can't: {'; '.join(problems)}.", rules, refs)
    return Reason(True, f"{lead}; {player} can pay its non-mana part.", rules, refs)


def _part_problem(state: GameState, obj: GameObject, player: str, part: CostPart) -> str:
    """Why ``player`` can't pay one non-mana cost part, or "" if they can (CR 118.3). The
    spell is on the stack when its costs are paid (601.2a), so it is never one of the
    cards the part uses. A part that sacrifices or exiles from a graveyard draws on nothing
    the mana payment uses: mana abilities are activated before costs are paid (601.2g-h),
    so a land tapped for mana can still be sacrificed."""
    kind, amount = part.kind, part.amount
    if kind in ("sacrifice", "sacrifice_creature", "exile_from_graveyard"):
        reason = part_check(state, obj, Cost(parts=(part,)), part)
        assert reason is not None
        return "" if reason.holds else reason.text.rstrip(".")
    if kind == "discard_card_of":
        counted_kinds_read(state, f"{part.counter} cards")  # CR 613.1d: what is such a card
        hand = [
            o
            for o in state.in_zone(Zone.HAND)
            if o.owner == player
            and o.oid != obj.oid
            and is_kind(characteristics(state, o, through="4"), part.counter)
        ]
        return (
            ""
            if len(hand) >= amount
            else f"{player} has {_count(len(hand), f'other {part.counter} card')} in hand to discard"
        )
    if kind == "discard":  # CR 601.2a: the spell is on the stack by then, so it can't be discarded
        hand = [o for o in state.in_zone(Zone.HAND) if o.owner == player and o.oid != obj.oid]
        return (
            ""
            if len(hand) >= amount
            else f"{player} has {_count(len(hand), 'other card')} in hand to discard"
        )
    if kind == "pay_life":  # CR 119.4
        life = state.player(player).life
        return "" if life >= amount else f"{player} has only {life} life"
    raise Unsupported(f"the additional cost part {kind!r} is not modeled yet")


def pays_life(chars: Characteristics) -> bool:
    """Whether a cost of casting it (an additional, alternative or keyword cost) could pay
    life beside its Phyrexian mana (CR 107.4f, 119.4)."""
    costs = [a.casting_cost.cost for a in chars.abilities if a.casting_cost is not None]
    costs += [a.cost for a in chars.abilities if a.cost is not None]
    return any(part.kind == "pay_life" for cost in costs for part in cost.parts)


def total_cost_checks(
    state: GameState,
    player: str,
    total: tuple[str, ...] | None,
    plan: CastPlan,
    life_elsewhere: bool = False,
) -> list[Reason]:
    if total is None:
        return []
    if plan.pay:
        return payment_checks(state, player, total, life_elsewhere=life_elsewhere)
    shown = "".join(f"{{{s}}}" for s in total)
    if not shown:
        return [Reason(True, "The total cost includes no mana to pay.", ("601.2f",))]
    return [
        Reason(
            None,
            f"The total cost is {shown}; whether it can be paid isn't checked (ask with `pay: true`).",
            ("601.2f",),
        )
    ]


def _count(n: int, noun: str) -> str:
    return f"no {noun}" if n == 0 else f"{n} {noun}{'s' if n > 1 else ''}"
