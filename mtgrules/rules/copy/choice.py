"""Is the object chosen for a "you may have this enter as a copy of ..." ability a
legal choice (CR 614.1c, 614.12a, 707.5)?

The choice is made as the permanent enters, among what the ability names: a permanent
already on the battlefield of the right kind and controller, or a card in a graveyard or
in exile. Some choices and conditions depend on what happened this turn (raid, mana
spent, what entered, what was put into a graveyard and from where); when the case
doesn't say, the answer is unsupported and names the fact to add.
"""

from __future__ import annotations

from mtgrules.answer import Reason
from mtgrules.cards.copying import COPY_CHOICES, EntersAsCopy
from mtgrules.model.state import GameObject, GameState, Zone
from mtgrules.rules import Unsupported
from mtgrules.rules.copy.timing import zone_text
from mtgrules.rules.layers.characteristics import characteristics
from mtgrules.rules.rulings import rulings_on


def _choice_kind(
    state: GameState, chosen: GameObject, clone: EntersAsCopy, controller: str
) -> list[Reason]:
    """CR 614.1c: the chosen object is of the kind the ability names, with the right controller."""
    choice = COPY_CHOICES[clone.of]
    chars = characteristics(state, chosen)
    out = []
    if choice.types or choice.excluded:
        fits = any(chars.is_a(t) for t in choice.types) if choice.types else True
        fits = fits and not any(chars.is_a(t) for t in choice.excluded)
        kind = " or ".join(t.lower() for t in choice.types) or "nonland permanent"
        out.append(
            Reason(
                fits,
                f"{chosen.label} is {'' if fits else 'not '}{_a(kind)}"
                + (" card." if choice.zone != "battlefield" else " now."),
                ("614.1c",),
            )
        )
    if choice.subtypes:
        # a changeling has every creature type, never an artifact type such as Equipment
        has = any(chars.has_subtype(t) for t in choice.subtypes)
        out.append(
            Reason(
                has,
                f"{chosen.label} is {'' if has else 'not '}{_a(' or '.join(choice.subtypes))}"
                + (" card." if choice.zone != "battlefield" else " now."),
                ("614.1c",),
            )
        )
    if choice.min_power is not None:
        power = chars.power if isinstance(chars.power, int) else None
        if power is None:
            raise Unsupported(f"the power of {chosen.label} isn't a number the engine knows")
        strong = power >= choice.min_power
        out.append(
            Reason(
                strong,
                f"{chosen.label} has power {power} now; it may copy only one with power "
                f"{choice.min_power} or greater.",
                ("614.1c",),
            )
        )
    if choice.whose != "any" and choice.zone == "battlefield":
        mine = chosen.controller == controller
        ok = mine if choice.whose == "you" else not mine
        who = "its controller controls" if choice.whose == "you" else "an opponent controls"
        out.append(
            Reason(
                ok,
                f"{controller} {'controls' if mine else 'does not control'} {chosen.label}; "
                f"it may copy only {_a(kind if choice.types else 'permanent')} {who}.",
                ("614.1c",),
            )
        )
    return out


def _a(noun: str) -> str:
    return ("an " if noun[:1].lower() in "aeiou" else "a ") + noun


def choice_checks(
    state: GameState,
    obj: GameObject,
    chosen: GameObject,
    clone: EntersAsCopy | None,
    controller: str,
) -> list[Reason]:
    """Is ``chosen`` a legal choice for the replacement (CR 614.12a, 707.5)?"""
    if clone is None:
        return [
            Reason(
                False,
                f"{obj.name} has no ability that lets it enter as a copy of something.",
                ("614.1c",),
            )
        ]
    out = condition_checks(state, obj, clone, controller)
    if any(r.holds is False for r in out):
        return out
    if clone.choice.zone != "battlefield":
        # CR 614.12a, 707.5: the card is chosen among the cards in that zone as it enters
        zone = Zone(clone.choice.zone)
        where = "in exile" if zone is Zone.EXILE else "in a graveyard"
        there = chosen.zone is zone
        out.append(
            Reason(
                there,
                f"{chosen.label} is {'' if there else 'not '}a card {where}"
                + ("" if there else f" (it is in {zone_text(chosen.zone)})")
                + f"; {obj.name} copies only a card there.",
                ("614.1c", "707.5"),
            )
        )
        if not there:
            return out
        return (
            out
            + _choice_kind(state, chosen, clone, controller)
            + card_facts(chosen, clone, controller)
        )
    on_bf = chosen.zone is Zone.BATTLEFIELD and chosen.oid != obj.oid
    out.append(
        Reason(
            on_bf,
            f"{chosen.label} is on the battlefield."
            if on_bf
            else f"{chosen.label} is not on the battlefield yet (it is in {zone_text(chosen.zone)}): the choice is "
            "made before the permanent enters, among what is already there, so nothing entering at the "
            "same time can be copied.",
            ("614.12a", "707.5"),
            () if on_bf else rulings_on(obj.card, "copy-same-time"),
        )
    )
    if on_bf:
        out += _choice_kind(state, chosen, clone, controller)
        out += permanent_facts(state, obj, chosen, clone)
    return out


def condition_checks(
    state: GameState, obj: GameObject, clone: EntersAsCopy, controller: str
) -> list[Reason]:
    """CR 614.1c: a conditional replacement ("Raid — If you attacked this turn, you may have
    ...") applies only if its condition holds as the permanent enters; the ability word
    itself has no rules meaning (207.2c). A player attacked this turn if they declared
    attackers (508.1a); only the active player does (506.2)."""
    if clone.condition != "attacked_this_turn":
        return []
    attacked, why = attacked_this_turn(state, controller)
    if attacked is None:
        raise Unsupported(
            f"whether {controller} attacked this turn is not known, and {obj.name} may enter "
            f"as a copy only if they did: add `attacked_this_turn: true` or `false` to {controller}"
        )
    return [
        Reason(
            attacked,
            f"{controller} {'attacked' if attacked else 'did not attack'} this turn ({why}), so "
            f"the raid condition of {obj.name}'s copy ability "
            + ("holds." if attacked else "fails: it can only enter as itself."),
            ("614.1c", "508.1a", "207.2c") if attacked else ("614.1c", "508.1a", "506.2", "207.2c"),
        )
    ]


def attacked_this_turn(state: GameState, player: str) -> tuple[bool | None, str]:
    """Whether ``player`` attacked this turn, and how that is known (CR 506.2, 508.1a)."""
    fact = state.player(player).attacked_this_turn
    if fact is not None:
        return fact, "the case says so"
    if any(o.attacking for o in state.in_zone(Zone.BATTLEFIELD, player)):
        return True, "a creature they control is attacking"
    if player != state.active_player:
        return False, "only the active player attacks, and it is not their turn"
    return None, ""


def permanent_facts(
    state: GameState, obj: GameObject, chosen: GameObject, clone: EntersAsCopy
) -> list[Reason]:
    """CR 614.1c, 707.5: a choice that depends on the permanent's history: that it entered
    the battlefield this turn (a change of control alone isn't entering), or its mana value
    (202.3; X is 0 off the stack, 202.3e) against the mana spent to cast the entering
    spell (601.2h; a permanent can refer to how the spell it was was cast, 400.7d)."""
    choice = clone.choice
    out = []
    if choice.entered_this_turn:
        entered = chosen.entered_this_turn
        if entered is None:
            raise Unsupported(
                f"whether {chosen.label} entered the battlefield this turn is not known: it came "
                f"under {chosen.controller}'s control this turn, which a change of control does "
                "without entering; add `entered_this_turn: true` or `false` to it"
            )
        out.append(
            Reason(
                entered,
                f"{chosen.label} {'entered' if entered else 'did not enter'} the battlefield "
                f"this turn; {obj.name} may copy only a permanent that did.",
                ("614.1c", "707.5"),
            )
        )
    if choice.max_mana_value_spent:
        spent, how = _mana_spent(obj)
        chars = characteristics(state, chosen)
        fits = chars.mana_value <= spent
        out.append(
            Reason(
                fits,
                f"{chosen.label} has mana value {chars.mana_value}, "
                + ("at most" if fits else "more than")
                + f" the {spent} mana spent to cast {obj.name} ({how}).",
                ("614.1c", "202.3", "601.2h", "400.7d")
                + (("202.3e",) if chars.mana_cost.has_x else ()),
            )
        )
    return out


def _mana_spent(obj: GameObject) -> tuple[int, str]:
    """The mana spent to cast the entering object, if it is a spell (CR 601.2h)."""
    if obj.zone is not Zone.STACK:
        return 0, "it isn't a spell on the stack, so it enters without being cast"
    if obj.mana_spent is None:
        raise Unsupported(
            f"the amount of mana spent to cast {obj.label} is not known, and it decides what "
            "it may copy: add `mana_spent: N` to the spell on the stack"
        )
    return obj.mana_spent, "as the case says"


def card_facts(chosen: GameObject, clone: EntersAsCopy, controller: str) -> list[Reason]:
    """CR 614.1c, 707.5: a card in a graveyard or exile chosen by where it was put from this
    turn (a card that dies was put there from the battlefield, 700.4), by whose graveyard
    it is in (a card goes to its owner's, 400.3), or by a counter on it (122.1)."""
    choice = clone.choice
    out = []
    if choice.whose == "you":
        mine = chosen.owner == controller
        out.append(
            Reason(
                mine,
                f"{chosen.label} is in {chosen.owner}'s graveyard; it may copy only a card in "
                f"{controller}'s.",
                ("614.1c", "400.3"),
            )
        )
    if choice.put_there_from is not None:
        came = chosen.put_there_this_turn_from
        if came is None:
            raise Unsupported(
                f"when and from where {chosen.label} was put into {zone_text(chosen.zone)} is not "
                "known: add `put_there_this_turn_from: ZONE` to it (or `false` if it was put "
                "there before this turn)"
            )
        ok = came == choice.put_there_from
        what = f"from the {came} this turn" if came else "before this turn"
        out.append(
            Reason(
                ok,
                f"{chosen.label} was put there {what}; it may copy only a card put there from "
                f"the {choice.put_there_from} this turn.",
                ("614.1c", "707.5", "700.4")
                if choice.put_there_from == "battlefield"
                else ("614.1c", "707.5"),
            )
        )
    if choice.with_counter is not None:
        n = chosen.counter(choice.with_counter)
        out.append(
            Reason(
                n > 0,
                f"{chosen.label} has {n or 'no'} {choice.with_counter} counter{'s' if n != 1 else ''} "
                f"on it; it may copy only a card with one.",
                ("614.1c", "122.1"),
            )
        )
    return out
