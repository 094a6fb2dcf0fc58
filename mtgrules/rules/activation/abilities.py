"""Activating activated abilities (CR 602, 605.3, 606, 107.5-107.6).

:func:`activation_checks` lists every condition for activating one ability of
one object now, pass or fail, each with the rules that impose it; with
``pay``, whether the mana part of its cost can be paid (602.2b, 601.2g-h).
"""

from __future__ import annotations

from dataclasses import dataclass

from mtgrules.answer import Reason
from mtgrules.cards.oracle.conditions import read_condition
from mtgrules.cards.vocabulary import BOAST_CONDITION, Ability, AbilityKind
from mtgrules.model.state import GameObject, GameState, Zone
from mtgrules.model.turn import Phase
from mtgrules.rules import Unsupported
from mtgrules.rules.activation.ability_numbers import lists_loyalty_ability
from mtgrules.rules.activation.cost_parts import part_check
from mtgrules.rules.activation.summoning_sickness import tap_symbol_checks
from mtgrules.rules.casting.restrictions import activation_restrictions
from mtgrules.rules.layers.characteristics import Characteristics, characteristics
from mtgrules.rules.layers.conditions import condition_met
from mtgrules.rules.mana.abilities import is_mana_ability
from mtgrules.rules.mana.payment import payment_checks
from mtgrules.rules.rulings import rulings_on
from mtgrules.rules.targets.legality import ability_target_checks
from mtgrules.rules.turn.timing import has_priority, sorcery_timing


@dataclass(frozen=True)
class ActivationPlan:
    """What the activating player announces (CR 602.2b, 601.2b): X; and what to check."""

    number: int | None = None  # the ability's number, as `ability: N` counts them
    x: int | None = None
    pay: bool = False  # also check that the mana part of the cost can be paid
    targets: tuple[str, ...] | None = None  # the targets announced (CR 602.2b, 601.2c)


def activation_checks(
    state: GameState,
    obj: GameObject,
    chars: Characteristics,
    ability: Ability,
    player: str,
    plan: ActivationPlan = ActivationPlan(),
) -> list[Reason]:
    if ability.cost is None:
        raise Unsupported("the ability's cost is not modeled")
    reasons = [_zone(obj, ability), _who(obj, player)]
    reasons += _timing(state, obj, chars, ability, player)
    reasons += _restrictions(state, obj, ability, player, plan.number)
    reasons += activation_restrictions(state, obj, chars, ability, player)  # 602.5, 101.2, 702.61
    cost = ability.cost
    # CR 702.20b: an attacking creature with vigilance didn't tap to attack; that rule is
    # what leaves it untapped, so it decides whether {T} or {Q} can be paid
    vigilant = bool(obj.attacking) and not obj.tapped and chars.has_keyword("vigilance")
    why = " (it attacked with vigilance, so attacking didn't tap it)" if vigilant else ""
    because = ("702.20b",) if vigilant else ()
    if cost.tap:
        reasons.append(
            Reason(
                not obj.tapped,
                "It is tapped, so {T} can't be paid."
                if obj.tapped
                else f"It is untapped{why}, so {{T}} can be paid.",
                ("107.5", *because),
            )
        )
    if cost.untap:
        reasons.append(
            Reason(
                obj.tapped,
                "It is tapped, so {Q} can be paid."
                if obj.tapped
                else f"It is untapped{why}, so {{Q}} can't be paid.",
                ("107.6", *because),
            )
        )
    if cost.tap or cost.untap:
        reasons += tap_symbol_checks(state, obj, chars, "{T}" if cost.tap else "{Q}")
    for (
        part
    ) in cost.parts:  # CR 118.3, 602.2b: rules/activation/cost_parts.py, then the kinds below
        reasons.append(
            part_check(state, obj, cost, part) or _cost_part(state, obj, part.kind, part.amount)
        )
    if cost.loyalty is not None and cost.loyalty < 0:
        reasons.append(_negative_loyalty(obj, -cost.loyalty))
    reasons += _mana_part(state, obj, ability, player, plan)
    reasons += ability_target_checks(state, obj, chars, ability, player, plan, reasons)
    return reasons


def _mana_part(
    state: GameState, obj: GameObject, ability: Ability, player: str, plan: ActivationPlan
) -> list[Reason]:
    """CR 602.2b, 601.2f-h, 107.3a: the mana in the activation cost, X announced, and with
    ``pay`` whether the controller's pool and untapped sources can pay it (605.3a lets them
    activate mana abilities during the payment). A source whose own {T} is in the cost can't
    also be tapped for mana (601.2g, 107.5)."""
    assert ability.cost is not None
    mana = ability.cost.mana
    out = []
    if plan.x is not None and not mana.has_x:
        out.append(
            Reason(None, f"Its cost has no {{X}}, so `x: {plan.x}` is ignored.", ("107.3a",))
        )
    if mana.is_empty:
        return out
    if all(symbol == "0" for symbol in mana.symbols):
        return [*out, Reason(True, f"Its mana cost {mana} needs no mana.", ("602.2b",))]
    x = plan.x or 0
    if mana.has_x:
        chosen = f"as {plan.x}" if plan.x is not None else "as 0 here (give `x` for another value)"
        out.append(
            Reason(
                None,
                f"Its cost has {{X}}: {player} announces X while activating it, {chosen}.",
                ("107.3a", "602.2b"),
            )
        )
    if not plan.pay:
        return [
            *out,
            Reason(
                None,
                f"The mana cost {mana} is not checked (ask with `pay: true`).",
                ("602.2b",),
            ),
        ]
    keep = obj if ability.cost.tap else None
    return out + payment_checks(
        state,
        player,
        mana.with_x(x),
        keep_untapped=keep,
        what="the mana cost",
        rules=("602.2b", "601.2g", "601.2h", "605.3a", "118.3"),
        life_elsewhere=any(part.kind == "pay_life" for part in ability.cost.parts),
    )


def _loyalty_once(obj: GameObject, chars: Characteristics) -> Reason:
    """CR 606.3: one loyalty ability of a permanent per turn. Known from
    `loyalty_activated_this_turn`, else from `activated_this_turn` (the numbers it lists)."""
    done = obj.loyalty_activated_this_turn
    if done is None and obj.activated_this_turn is not None:
        done = lists_loyalty_ability(chars, obj.activated_this_turn)
    if done is None:
        return Reason(
            None,
            "Assumes no loyalty ability of this permanent has been activated this turn "
            "(say so with `loyalty_activated_this_turn`).",
            ("606.3",),
        )
    if done:
        return Reason(
            False,
            "A loyalty ability of this permanent has already been activated this turn.",
            ("606.3",),
        )
    return Reason(
        True, "No loyalty ability of this permanent has been activated this turn.", ("606.3",)
    )


def _negative_loyalty(obj: GameObject, needed: int) -> Reason:
    """CR 606.4, 606.6: a [-N] cost removes N loyalty counters, so it needs at least N."""
    has = obj.counter("loyalty")
    listed = "" if any(kind == "loyalty" for kind, _ in obj.counters) else " (the case lists none)"
    return Reason(
        has >= needed,
        f"It has {has} loyalty counter{'s' if has != 1 else ''}{listed}; the cost removes {needed}"
        + (", so it can be paid." if has >= needed else ", so it can't be paid."),
        ("606.6", "606.4"),
    )


def _zone(obj: GameObject, ability: Ability) -> Reason:
    """CR 113.6: abilities of permanents work on the battlefield unless they say otherwise."""
    if obj.zone.value == ability.zone:
        # where it is and who controls it are the question's premise: they decide only a NO
        return Reason(
            True,
            f"It is {_in(obj.zone.value)}, where this ability works.",
            ("113.6",),
            decides=False,
        )
    return Reason(
        False,
        f"It is {_in(obj.zone.value)}; this ability works only {_in(ability.zone)}.",
        ("113.6",),
    )


def _in(zone: str) -> str:
    return (
        f"on the {zone}"
        if zone in ("battlefield", "stack")
        else f"in {'the ' if zone != 'exile' else ''}{zone}"
    )


def _who(obj: GameObject, player: str) -> Reason:
    """CR 602.2: only the controller activates an object's abilities."""
    if player == obj.controller:
        return Reason(True, f"{player} controls it.", ("602.2",), decides=False)
    return Reason(
        False,
        f"{obj.controller} controls it, so {player} can't activate its abilities.",
        ("602.2",),
    )


def _timing(
    state: GameState, obj: GameObject, chars: Characteristics, ability: Ability, player: str
) -> list[Reason]:
    if is_mana_ability(ability):
        rules = ("605.1a", "605.3a")
        if state.paying_mana == player:
            found = Reason(
                True,
                f"It is a mana ability and {player} is in the middle of a mana payment, so priority isn't needed.",
                rules,
            )
        elif state.priority == player:
            found = Reason(True, f"It is a mana ability and {player} has priority.", rules)
        else:
            found = Reason(
                False,
                f"It is a mana ability, but {player} neither has priority nor is paying a cost that asks for mana.",
                rules,
            )
        return [
            found,
            Reason(
                None,
                "As a mana ability it doesn't use the stack and can't be responded to.",
                ("605.3b",),
            ),
        ]
    if ability.kind is AbilityKind.LOYALTY:
        return [*sorcery_timing(state, player, ("606.3",)), _loyalty_once(obj, chars)]
    if ability.timing == "sorcery":
        return sorcery_timing(state, player, ("602.5d", "307.5"))
    rules = ("602.5e",) if ability.timing == "instant" else ("117.1b",)
    return [has_priority(state, player, rules)]


def _condition(state: GameState, obj: GameObject, ability: Ability) -> Reason:
    """CR 602.5b: "Activate only if [a board condition]" of a permanent's ability, as the
    conditions of static abilities are read ("you control three or more artifacts",
    "there are seven or more cards in your graveyard", "you have no cards in hand",
    611.3a); any other is refused."""
    words = ability.condition.removeprefix("Activate only if ")
    if ability.condition == BOAST_CONDITION:
        holds, why = _attacked_this_turn(state, obj)
        return Reason(
            holds,
            f"As a boast ability it can be activated only if it attacked this turn, and {why}.",
            ("702.142a",),
        )
    condition = read_condition(words) if " and only " not in words else None
    if condition is None or obj.zone is not Zone.BATTLEFIELD:
        raise Unsupported(
            f"the ability's condition on activating it ({ability.condition}) is not checked by mtgrules"
        )
    holds, why = condition_met(state, condition, obj, characteristics)
    return Reason(holds, f"It can be activated only if {words}, and {why}.", ("602.5b",))


def _attacked_this_turn(state: GameState, obj: GameObject) -> tuple[bool, str]:
    """CR 702.142a, 506.2, 508.1a: whether the creature attacked this turn. Only the active
    player's creatures attack; none has attacked yet in the precombat main phase (505.1a);
    a player who didn't attack this turn attacked with none. Otherwise the case doesn't
    say, and the answer is unsupported."""
    if obj.attacking:
        return True, "it is attacking"
    controller, active = obj.controller, state.active_player
    since = obj.controlled_since_turn
    if controller != active and (since is None or since < state.turn):
        return False, (
            f"it has been {controller}'s since before this turn, and only the active "
            f"player's creatures attack ({active}'s)"
        )
    if controller == active and state.phase is Phase.PRECOMBAT_MAIN:
        return False, "no creature has attacked yet this turn: it is the precombat main phase"
    if controller == active and state.player(active).attacked_this_turn is False:
        return False, f"{active} hasn't attacked this turn"
    raise Unsupported(
        f"{obj.label}'s boast ability can be activated only if it attacked this turn (CR "
        f"702.142a), and the case doesn't say whether it did: give it `attacking: true`, or "
        f"{controller}'s `attacked_this_turn: false`"
    )


def _restrictions(
    state: GameState, obj: GameObject, ability: Ability, player: str, number: int | None
) -> list[Reason]:
    """CR 602.5b: restrictions an ability states on its own use."""
    out = []
    if ability.only_your_turn:
        ours = state.active_player == player
        out.append(
            Reason(
                ours,
                f"It can be activated only during its controller's turn, and it is {state.active_player}'s turn.",
                ("602.5b",),
            )
        )
    if ability.condition:
        out.append(_condition(state, obj, ability))
    if ability.once_each_turn:
        out.append(_once_each_turn(obj, number))
    return out


def _once_each_turn(obj: GameObject, number: int | None) -> Reason:
    """CR 602.5b: "activate only once each turn", known from `activated_this_turn`."""
    done = obj.activated_this_turn
    if done is None or number is None:
        return Reason(
            None,
            "Assumes it hasn't been activated yet this turn: it can be activated only once "
            "each turn (say which of its abilities were with `activated_this_turn`).",
            ("602.5b",),
        )
    if number in done:
        return Reason(
            False,
            f"Ability {number} has already been activated this turn, and it can be activated "
            "only once each turn.",
            ("602.5b",),
        )
    return Reason(
        True,
        f"Ability {number} hasn't been activated yet this turn, so its once-each-turn "
        "limit allows it.",
        ("602.5b",),
    )


def _crew_cost(state: GameState, obj: GameObject, power: int) -> Reason:
    """CR 702.122a: other untapped creatures its controller controls, total power N or more."""
    others = [
        (o, characteristics(state, o))
        for o in state.in_zone(Zone.BATTLEFIELD, obj.controller)
        if not o.tapped and o.oid != obj.oid
    ]
    crew = [(o, c) for o, c in others if c.is_a("Creature")]
    if any(not isinstance(c.power, int) for _, c in crew):
        raise Unsupported("a creature that could crew has a power that isn't a number")
    total = sum(max(c.power, 0) for _, c in crew if isinstance(c.power, int))
    names = ", ".join(o.label for o, _ in crew) or "none"
    return Reason(
        total >= power,
        f"{obj.controller}'s other untapped creatures ({names}) have total power {total}; "
        f"the cost needs {power} or more. Summoning sickness doesn't matter: tapping them "
        "isn't their own {T} ability.",
        ("702.122a", "602.2b", "302.6"),
    )


def _cost_part(state: GameState, obj: GameObject, kind: str, amount: int) -> Reason:
    if kind == "sacrifice_self":
        return Reason(True, "It can be sacrificed as part of the cost.", ("602.2b",))
    if kind == "exile_self":
        return Reason(
            True,
            "Exiling the card is part of the cost, paid while the ability "
            "is being activated: once it is activated the card is already gone, so nobody can "
            "exile it in response to stop the ability.",
            ("602.2b", "601.2h"),
            rulings_on(obj.card, "exile-self-cost"),
        )
    if kind == "tap_creatures_power":
        return _crew_cost(state, obj, amount)
    if kind == "discard_self":
        return Reason(
            True,
            "Discarding the card from its owner's hand is part of the cost, paid while the "
            "ability is being activated.",
            ("602.2b", "601.2h"),
        )
    raise Unsupported(f"the cost part {kind!r} is not modeled yet")
