"""Producing mana (CR 106.12, 605): the mana one ability adds when it resolves now.

:func:`produce` adds the mana of one ability: its own mana (undefined types
give none, CR 106.5), then replacement effects on a permanent "tapped for
mana" (CR 106.12b), then the triggered mana abilities that tapping triggers
(CR 106.12a, 605.1b, 605.4a) and the non-mana triggers that wait for priority.
What permanents could produce (CR 106.7), which "one mana of any type that a land
could produce" reads, and the board it is computed on are :mod:`mtgrules.rules.mana.board`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, replace

from mtgrules.answer import Reason
from mtgrules.cards.mana_effects import Mana
from mtgrules.cards.vocabulary import Ability, AbilityKind
from mtgrules.model.state import GameObject, GameState, Zone
from mtgrules.rules import Unsupported
from mtgrules.rules.mana.abilities import is_mana_ability
from mtgrules.rules.mana.amounts import board_mana
from mtgrules.rules.mana.board import (
    COLORS,
    Board,
    choice_groups,
    colors_of_yours,
    could_produce_all,
    counted_words,
    depends_error,
    mana_replacements,
    ordered,
    render,
    rider_note,
    rulings_about,
    show,
    symbols_to_mana,
    tapped_for_mana_triggers,
    taps_for_mana,
)

# -- producing mana (CR 106.12, 605) ------------------------------------------

MAX_MANA = 10_000  # the most mana an answer writes out, symbol by symbol


class Chooser:
    """The choices a case gives for "one mana of any ..." effects, used in order."""

    def __init__(self, choices: Iterable[str]):
        self.left = list(choices)

    def pick(self, options: Iterable[str], what: str) -> str:
        found = ordered(options)
        if len(found) == 1:
            return found[0]
        if not self.left:
            raise Unsupported(
                f"{what} needs a choice among {', '.join(found)}: give it with `choose`"
            )
        choice = self.left.pop(0).upper()
        if choice not in found:
            raise Unsupported(f"{what} can't be {choice}: the choices are {', '.join(found)}")
        return choice

    def pick_group(self, groups: list[str], what: str) -> str:
        """One group of mana among several ("WW", "WU", "UU"): the next choices, one type
        each, spell it out (``choose: [W, U]``); the longest group that matches wins."""
        if len(groups) == 1:
            return groups[0]
        for group in sorted(groups, key=len, reverse=True):
            if "".join(c.upper() for c in self.left[: len(group)]) == group:
                del self.left[: len(group)]
                return group
        raise Unsupported(
            f"{what} needs a choice among {', '.join(groups)}: give its types in order with `choose`"
        )


@dataclass(frozen=True)
class Production:
    mana: tuple[str, ...]
    reasons: tuple[Reason, ...]


def produce(
    state: GameState, obj: GameObject, number: int, ability: Ability, choices: Iterable[str] = ()
) -> Production:
    """The mana added when this ability resolves now, with everything it sets off.

    CR 106.5, 106.7 (its own mana), 106.12 and 106.12b (replacement effects on
    tapping for mana), 106.12a, 605.1b and 605.4a (triggered mana abilities),
    603.3 and 605.5a (other triggers wait for priority).
    """
    if obj.zone is not Zone.BATTLEFIELD:  # CR 113.6: what works elsewhere isn't modeled
        raise Unsupported(
            f"{obj.label} is not on the battlefield (it is {_where(obj.zone)}): what an "
            "ability adds from there, where only some abilities work (CR 113.6), is not modeled"
        )
    board = Board.of(state)
    chooser = Chooser(choices)
    reasons: list[Reason] = []
    mana = ability.effect.adds_mana if ability.effect else None
    mana_ability = is_mana_ability(ability)
    tapping = ability.is_activated and ability.cost is not None and ability.cost.tap
    if ability.is_activated:
        if mana_ability:
            reasons.append(
                Reason(
                    True,
                    "It is a mana ability: it resolves at once, without the stack.",
                    ("605.1a", "605.3b"),
                    decides=False,  # how it resolves, not what it adds
                )
            )
        elif mana is not None:
            reasons.append(
                Reason(
                    None,
                    "It adds mana but is not a mana ability, so it uses the stack and adds its mana when it resolves.",
                    ("605.1a", "605.5a"),
                )
            )
    if ability.condition:
        reasons.append(
            Reason(
                None,
                f"This assumes it can be activated: its condition ({ability.condition}) isn't checked.",
                ("602.5b",),
            )
        )
    if tapping and mana_ability:
        reasons.append(
            Reason(True, f"Activating it taps {obj.label} for mana.", ("106.12",), decides=False)
        )
    elif tapping:
        reasons.append(
            Reason(
                True,
                f"It taps {obj.label}, but not for mana: only a mana ability with {{T}} in its cost taps a permanent for mana.",
                ("106.12",),
            )
        )
    own = _own_mana(board, obj, number, ability, chooser, reasons)
    made = own
    tapped_for_mana = taps_for_mana(ability)
    if made and tapped_for_mana:
        made = _replace(board, obj, made, reasons)
    extra = _triggers(board, obj, ability, made, tapped_for_mana, chooser, reasons)
    total = made + extra
    reasons.append(
        Reason(
            True,
            f"In all, {render(total) or 'no mana'} is added."
            if total
            else "In all, no mana is added.",
            ("106.3",),
        )
    )
    return Production(total, tuple(reasons))


def _where(zone: Zone) -> str:
    return "on the stack" if zone is Zone.STACK else f"in the {zone.value}"


def _own_mana(
    board: Board,
    obj: GameObject,
    number: int,
    ability: Ability,
    chooser: Chooser,
    reasons: list[Reason],
) -> tuple[str, ...]:
    head = f"Ability {number}"
    mana = ability.effect.adds_mana if ability.effect else None
    if mana is None:
        reasons.append(Reason(True, f"{head} adds no mana.", ("106.3",)))
        return ()
    now = board_mana(board, obj, mana)  # CR 614.15, 700.5: what the board makes it now
    reasons += [replace(r, text=f"{head}: {r.text}") for r in now.reasons]
    return _plain_mana(board, obj, head, now.mana, chooser, reasons)


def _plain_mana(
    board: Board,
    obj: GameObject,
    head: str,
    mana: Mana,
    chooser: Chooser,
    reasons: list[Reason],
) -> tuple[str, ...]:
    """The mana of one plain form (CR 106.3, 106.7), chosen where it needs a choice."""
    if mana.depends:
        raise depends_error(obj, mana)
    reasons += rider_note(mana, head, ("106.6",))
    if mana.any_combination:  # each mana its own color (CR 106.1a)
        got = tuple(
            chooser.pick(COLORS, f"{head}'s mana in any combination of colors")
            for _ in range(mana.any_combination)
        )
        reasons.append(Reason(True, f"{head} adds {render(got)}, the colors chosen.", ("106.3",)))
        return got
    if mana.color_of:
        colors = colors_of_yours(board, obj)
        if not colors:
            reasons.append(
                Reason(
                    True,
                    f"{head}: no permanent its controller controls has a color, so no color can be chosen and it adds no mana.",
                    ("105.2", "106.5"),
                )
            )
            return ()
        got = (chooser.pick(colors, f"{head}'s color of a permanent you control"),)
        reasons.append(
            Reason(
                True,
                f"{head} adds {render(got)}: its controller's permanents are {show(colors)}.",
                ("105.2", "106.3"),
            )
        )
        return got
    if mana.choices:
        groups = {"".join(g): g for g in choice_groups(mana)}
        key = chooser.pick_group(list(groups), f"{head}'s mana")
        got = groups[key]
        reasons.append(Reason(True, f"{head} adds {render(got)}, the choice made.", ("106.3",)))
        return got
    if mana.any_color:
        color = chooser.pick(COLORS, f"{head}'s mana of any color")
        got = (color,) * mana.any_color
        reasons.append(Reason(True, f"{head} adds {render(got)}, the color chosen.", ("106.3",)))
        return got
    if mana.could_produce:
        lands_types = could_produce_all(board)
        options: set[str] = set()
        for land in board.watched(obj, mana):
            options |= lands_types[land.oid]
        if mana.could_produce_kind == "color":
            options &= COLORS
        if not options:
            reasons.append(
                Reason(
                    True,
                    f"{head}: no land it looks at could produce a {mana.could_produce_kind} of mana, so the type is undefined and it adds no mana.",
                    ("106.7", "106.5"),
                )
            )
            return ()
        pick = chooser.pick(options, f"{head}'s mana")
        got = (pick,) * mana.amount
        reasons.append(
            Reason(
                True,
                f"{head} adds {render(got)}: the lands it looks at could produce {show(options)}.",
                ("106.7",),
            )
        )
        return got
    if mana.for_each:
        n = board.count(mana.for_each, obj.controller)
        got = symbols_to_mana(mana.fixed) * n
        reasons.append(
            Reason(
                True,
                f"{head}: it counts {n} ({counted_words(mana)}), so it adds {render(got) or 'no mana'}.",
                ("106.3",),
            )
        )
        return got
    if mana.one_of:  # one mana of a type chosen among the symbols (CR 106.3)
        got = (chooser.pick(symbols_to_mana(mana.one_of), f"{head}'s mana"),)
        reasons.append(Reason(True, f"{head} adds {render(got)}, the type chosen.", ("106.3",)))
        return got
    got = symbols_to_mana(mana.fixed)
    reasons.append(Reason(True, f"{head} adds {render(got)}.", ("106.3",)))
    return got


def _replace(
    board: Board, obj: GameObject, made: tuple[str, ...], reasons: list[Reason]
) -> tuple[str, ...]:
    """CR 106.12b: replacement effects modify the mana production event (any order, CR 616.1)."""
    found = mana_replacements(board, obj)
    instead = [(s, r) for s, r in found if r.instead is not None]
    multiply = [(s, r) for s, r in found if r.instead is None]
    if instead and (multiply or len({r.instead for _, r in instead}) > 1):
        names = ", ".join(s.label for s, _ in found)
        raise Unsupported(
            f"the order of the replacement effects of {names} changes the result and is chosen by the affected player (CR 616.1); that choice is not modeled"
        )
    for source, r in instead:
        made = symbols_to_mana(r.instead or ())
        reasons.append(
            Reason(
                True,
                f"{source.label}'s replacement effect makes it produce {render(made)} instead.",
                ("106.12b", "614.1a"),
            )
        )
    amount = len(made)
    for _, r in multiply:
        amount *= r.multiply
    if amount > MAX_MANA:  # the mana itself would be the answer: too much to write out
        counted = Counter(s.label for s, _ in multiply)
        names = ", ".join(f"{label} ×{n}" if n > 1 else label for label, n in counted.items())
        raise Unsupported(
            f"the replacement effects of {names} multiply the mana {obj.label} makes to "
            f"{amount:,} mana; mtgrules writes out at most {MAX_MANA:,}"
        )
    if len(found) > 1 and not instead:
        names = " and ".join(s.label for s, _ in found)
        reasons.append(
            Reason(
                True,
                f"The replacement effects of {names} all apply; the player who controls "
                f"{obj.label} chooses their order, and multiplying gives the same mana in any order.",
                ("616.1", "616.1e"),
            )
        )
    for source, r in multiply:
        made = made * r.multiply
        rulings = rulings_about(source, "doubler-cumulative")
        reasons.append(
            Reason(
                True,
                f"{source.label}'s replacement effect multiplies it by {r.multiply}: {render(made)}.",
                ("106.12b", "614.1a"),
                rulings if len(multiply) > 1 else (),
            )
        )
    return made


def _triggers(
    board: Board,
    obj: GameObject,
    ability: Ability,
    made: tuple[str, ...],
    tapped_for_mana: bool,
    chooser: Chooser,
    reasons: list[Reason],
) -> tuple[str, ...]:
    extra: tuple[str, ...] = ()
    watching = tapped_for_mana_triggers(board, obj)
    for source, trigger in watching:
        who = f"{source.label}'s ability ({trigger.trigger.lower()})"
        if not tapped_for_mana:
            reasons.append(
                Reason(
                    True,
                    f"{who} doesn't trigger: {obj.label} isn't being tapped for mana.",
                    ("106.12", "106.12a"),
                )
            )
            continue
        if not made:
            reasons.append(
                Reason(True, f"{who} doesn't trigger: the ability produced no mana.", ("106.12a",))
            )
            continue
        if not is_mana_ability(trigger):
            why = "it has a target" if trigger.targets else "it adds no mana"
            reasons.append(
                Reason(
                    True,
                    f"{who} {_triggers_if(trigger)}, but it is not a mana ability ({why}): it waits to be put on the stack the next time a player would receive priority.",
                    ("106.12a", "605.5a", "603.3", *(("603.4",) if trigger.intervening_if else ())),
                )
            )
            continue
        mana = trigger.effect.adds_mana  # type: ignore[union-attr]
        assert mana is not None
        if mana.one_of_produced:
            pick = chooser.pick(made, f"{source.label}'s mana of a type produced")
            got: tuple[str, ...] = (pick,) * mana.one_of_produced
        else:  # fixed, any color, any combination, for each (CR 106.3)
            notes: list[Reason] = []
            now = board_mana(board, source, mana)  # the chosen color is its source's (607.2d)
            notes += [replace(r, text=f"{source.label}'s ability: {r.text}") for r in now.reasons]
            mana = now.mana
            got = _plain_mana(board, source, f"{source.label}'s ability", mana, chooser, notes)
            reasons += [r for r in notes if r.holds is True and r.rules[:1] == ("607.2d",)]
            reasons += [r for r in notes if r.holds is None]
        extra += got
        rulings = rulings_about(source, "type-produced") if len(set(made)) > 1 else ()
        reasons.append(
            Reason(
                True,
                f"{who} is a triggered mana ability: it resolves right away and adds {render(got)}.",
                ("106.12a", "605.1b", "605.4a"),
                rulings,
            )
        )
    if watching and tapped_for_mana and made and extra and mana_replacements(board, obj):
        reasons.append(
            Reason(
                None,
                "Replacement effects on tapping for mana don't change the mana the triggered abilities add.",
                ("106.12b",),
            )
        )
    if ability.is_activated and ability.cost is not None and ability.cost.tap:
        for other in board.chars[obj.oid].abilities:
            ev = other.event
            if (
                other.kind is AbilityKind.TRIGGERED
                and ev is not None
                and ev.event == "becomes_tapped"
            ):
                reasons.append(
                    Reason(
                        True,
                        f"{obj.label}'s ability ({other.trigger.lower()}) {_triggers_if(other)} on the tapping; it is not a mana ability and waits for the next time a player would receive priority.",
                        ("605.5a", "603.3", *(("603.4",) if other.intervening_if else ())),
                    )
                )
    return extra


def _triggers_if(trigger: Ability) -> str:
    """ "triggers", or with an intervening "if" (CR 603.4) "triggers only if [condition]
    (a condition mtgrules doesn't check)"."""
    if not trigger.intervening_if:
        return "triggers"
    return f"triggers only if {trigger.intervening_if} (a condition mtgrules doesn't check)"
