"""What one permanent could produce, with a reason for each ability and source (CR 106.7).

The types themselves come from :func:`mtgrules.rules.mana.board.could_produce_all`, the least
fixpoint over the whole board; this module says why, ability by ability: what a
could-produce ability looks at (lands, basic lands, Gates, CR 205.4c), an amount the
board decides now (CR 208.1, 700.5, 614.15), replacement effects in any order, and the
triggered mana abilities of other permanents, whose mana isn't this permanent's.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from mtgrules.answer import Reason
from mtgrules.cards.mana_effects import Mana
from mtgrules.cards.vocabulary import Ability, AbilityKind
from mtgrules.model.state import GameObject, GameState, Zone
from mtgrules.rules.mana.abilities import is_mana_ability
from mtgrules.rules.mana.amounts import ChoiceMissing, board_mana
from mtgrules.rules.mana.board import (
    COLORS,
    WATCHED_NOUNS,
    Board,
    choice_groups,
    colors_of_yours,
    could_produce_all,
    counted_words,
    depends_error,
    mana_replacements,
    producing_abilities,
    render,
    rider_note,
    rulings_about,
    show,
    symbols_to_mana,
    tapped_for_mana_triggers,
    taps_for_mana,
)

if TYPE_CHECKING:
    from mtgrules.rules.layers.characteristics import Characteristics


@dataclass(frozen=True)
class CouldProduce:
    types: frozenset[str]
    reasons: tuple[Reason, ...]


def could_produce(
    state: GameState,
    obj: GameObject,
    others: bool = False,
    settled: Mapping[str, frozenset[str]] | None = None,
) -> CouldProduce:
    """CR 106.7 for one permanent, with a reason for each source and effect considered;
    ``others``: abilities read another way add mana too (so none is no note); ``settled``:
    the types other permanents' unread abilities name by their words (rules/mana/words.py),
    which those permanents could produce whatever the board."""
    if obj.zone is not Zone.BATTLEFIELD:
        return CouldProduce(
            frozenset(),
            (
                Reason(
                    None,
                    f"{obj.label} is not on the battlefield; only a permanent could produce mana.",
                    ("106.7",),
                ),
            ),
        )
    board = Board.of(state)
    all_types = could_produce_all(board, settled)
    reasons: list[Reason] = _land_type_reasons(board.chars[obj.oid])
    abilities = producing_abilities(board.chars[obj.oid])
    if not abilities and not others:
        reasons.append(
            Reason(
                None,
                f"{obj.label} has no ability that adds mana, so there's no type of mana it could produce.",
                ("106.7",),
            )
        )
    for number, ability in abilities:
        reasons += _ability_reasons(board, obj, number, ability, all_types)
    reasons += _extra_mana_notes(board, obj)
    return CouldProduce(all_types[obj.oid], tuple(reasons))


def _ability_reasons(
    board: Board,
    obj: GameObject,
    number: int,
    ability: Ability,
    all_types: dict[str, frozenset[str]],
) -> list[Reason]:
    mana = ability.effect.adds_mana  # type: ignore[union-attr]
    assert mana is not None
    head = f"Ability {number} ({ability.render()})"
    # CR 305.6: a basic land type's intrinsic mana ability, which decides what it adds
    head += ", the ability its basic land type gives it," if ability.intrinsic else ""
    rules = ("106.7", "305.6") if ability.intrinsic else ("106.7",)
    giver = granted_by(board.chars[obj.oid], ability)
    if giver:  # CR 613.1f: a quoted ability an Aura's static ability gives it
        head += f", which {giver}'s static ability gives it,"
        rules = (*rules, "613.1f")
    if ability.kind is AbilityKind.TRIGGERED and mana.one_of_produced:
        return [
            Reason(
                None,
                f"{head} adds mana only when a permanent is tapped for mana; without that event no type is defined.",
                ("106.7", "106.5"),
            )
        ]
    out: list[Reason] = []
    try:
        now = board_mana(board, obj, mana, any_x=True)  # CR 614.15, 700.5; 106.7: X any
    except ChoiceMissing:  # could_produce_all answered: its other abilities give every color
        return [
            Reason(
                True,
                f"{head}: whichever color was chosen as it entered (the case doesn't say), it "
                "is one of the five colors (105.4), which its other abilities could already "
                "produce.",
                ("106.7", "105.4", "607.2d"),
            )
        ]
    mana = now.mana
    out += [_with_head(head, r) for r in now.reasons]
    if mana.depends:
        raise depends_error(obj, mana)
    if not mana.fixed and not mana.could_produce and now.reasons and _adds_nothing(mana):
        out.append(Reason(True, f"{head}: it would add no mana now.", ("106.7", "106.5")))
        return out
    if ability.condition:
        out.append(
            Reason(
                None,
                f"{head}: its condition on activating doesn't matter; what counts is the mana it would add if it resolved.",
                ("106.7", "602.5b"),
            )
        )
    out += rider_note(mana, head, ("106.7", "106.6"))
    if mana.could_produce:
        out += _could_produce_members(board, obj, mana, all_types)
        own = _own_lands_union(board, obj, mana, all_types)
        if mana.could_produce_kind == "color" and "C" in own:
            out.append(
                Reason(
                    None,
                    "Colorless is a type of mana but not a color, so C doesn't count for an ability that adds a color.",
                    ("106.1a", "106.1b"),
                )
            )
        types = own & COLORS if mana.could_produce_kind == "color" else own
        if not types:
            out.append(
                Reason(
                    True,
                    f"{head}: no type of mana can be defined this way, so it would produce no mana.",
                    ("106.7", "106.5"),
                )
            )
            return out
    elif mana.for_each:
        n = board.count(mana.for_each, obj.controller)
        types = set(symbols_to_mana(mana.fixed)) if n else set()
        counted = counted_words(mana)
        if not n:
            out.append(
                Reason(
                    True,
                    f"{head}: there is no {counted}, so it would produce no mana now.",
                    rules,
                )
            )
            return out
        out.append(
            Reason(
                True,
                f"{head}: it counts {n} ({counted}), so it would add {show(types)}.",
                rules,
            )
        )
    elif mana.color_of:
        types = colors_of_yours(board, obj)
        if not types:
            out.append(
                Reason(
                    True,
                    f"{head}: no permanent its controller controls has a color, so it would produce no mana.",
                    ("106.7", "105.2", "106.5"),
                )
            )
            return out
        out.append(
            Reason(True, f"{head}: its controller's permanents are {show(types)}.", ("105.2",))
        )
    elif mana.choices:
        types = {t for group in choice_groups(mana) for t in group}
    else:
        types = (
            set(COLORS)
            if mana.any_color or mana.any_combination
            else set(symbols_to_mana(mana.one_of or mana.fixed))
        )
    if not mana.for_each:
        out.append(Reason(True, f"{head} would add {show(types)}.", rules))
    if ability.kind is not AbilityKind.TRIGGERED and not is_mana_ability(ability):
        out.append(
            Reason(
                None,
                f"Ability {number} is not a mana ability, but it is an ability of {obj.label} that would add mana, so it counts.",
                ("106.7", "605.1a"),
            )
        )
    for source, r in mana_replacements(board, obj) if taps_for_mana(ability) else []:
        if r.instead is not None:
            out.append(
                Reason(
                    None,
                    f"{source.label}'s replacement effect would make it produce {render(symbols_to_mana(r.instead))} instead; replacement effects count in any order.",
                    ("106.7", "106.12b"),
                )
            )
        else:
            out.append(
                Reason(
                    None,
                    f"{source.label}'s replacement effect changes how much mana it makes, not its type.",
                    ("106.7", "106.12b"),
                )
            )
    return out


def _with_head(head: str, reason: Reason) -> Reason:
    return replace(reason, text=f"{head}: {reason.text}")


def _adds_nothing(mana: Mana) -> bool:
    """Plain mana with no symbol and no other form: an amount that is zero now."""
    return not (
        mana.any_color
        or mana.any_combination
        or mana.one_of
        or mana.choices
        or mana.for_each
        or mana.one_of_produced
    )


def _own_lands_union(
    board: Board, obj: GameObject, mana: Mana, all_types: dict[str, frozenset[str]]
) -> set[str]:
    out: set[str] = set()
    for land in board.watched(obj, mana):
        out |= all_types[land.oid]
    # a could-produce ability applies replacement effects to its own result too
    return out


def _could_produce_members(
    board: Board, obj: GameObject, mana: Mana, all_types: dict[str, frozenset[str]]
) -> list[Reason]:
    players = board.watched_players(obj, mana)
    whose = " and ".join(players) if players else "nobody"
    out: list[Reason] = []
    lands = board.watched(obj, mana)
    noun = WATCHED_NOUNS.get(mana.could_produce or "", "lands")
    if not lands:
        return [
            Reason(True, f"It looks at the {noun} {whose} controls: there are none.", ("106.7",))
        ]
    parts = []
    for land in lands:
        note = " (itself)" if land.oid == obj.oid else ""
        parts.append(f"{land.label}{note}: {show(all_types[land.oid])}")
    basic = ("205.4c",) if (mana.could_produce or "").startswith("basic_") else ()
    out.append(
        Reason(
            True,
            f"It looks at the {noun} {whose} controls — " + "; ".join(parts) + ".",
            ("106.7", *basic),
        )
    )
    if any(_cost_not_payable_now(board, land) for land in lands):
        out.append(
            Reason(
                None,
                "Whether those lands' costs could be paid now (tapped, or missing counters) doesn't matter.",
                ("106.7",),
            )
        )
    if not any(all_types[land.oid] for land in lands) and any(
        mana_ability_cycle(board, land) for land in lands
    ):
        out.append(
            Reason(
                None,
                "Lands whose mana depends only on what other lands could produce don't help one another: types come only from an ability that would really make them.",
                ("106.7",),
            )
        )
    return out


def mana_ability_cycle(board: Board, land: GameObject) -> bool:
    """Does ``land`` produce mana only by looking at what other lands could produce?"""
    found = producing_abilities(board.chars[land.oid])
    return bool(found) and all(a.effect.adds_mana.could_produce for _, a in found)  # type: ignore[union-attr]


def _cost_not_payable_now(board: Board, land: GameObject) -> bool:
    if land.tapped:
        return True
    for _, ability in producing_abilities(board.chars[land.oid]):
        cost = ability.cost
        if (
            cost is not None
            and any(p.kind == "remove_counter" for p in cost.parts)
            and not land.counters
        ):
            return True
    return False


def _extra_mana_notes(board: Board, obj: GameObject) -> list[Reason]:
    """Triggered mana abilities of other permanents add mana, but that isn't mana this permanent produces."""
    out = []
    for source, _ability in tapped_for_mana_triggers(board, obj):
        if source.oid == obj.oid:
            continue
        rulings = rulings_about(source, "not-the-land")
        out.append(
            Reason(
                None,
                f"{source.label}'s triggered ability adds mana when {obj.label} is tapped for mana, but that mana comes from {source.label}, not from {obj.label}.",
                ("106.7", "106.12a"),
                rulings,
            )
        )
    return out


def granted_by(chars: Characteristics, ability: Ability) -> str:
    """The permanent whose static ability gives the object this quoted ability in layer 6
    (CR 613.1f), or "" when the ability is its own (printed, copied or intrinsic)."""
    if ability.intrinsic or ability in chars.copiable_abilities:
        return ""
    quoted = f"“{ability.words}”"
    return next(
        (a.source for a in chars.applied if a.layer == "6" and a.source and quoted in a.what),
        "",
    )


def _land_type_reasons(chars: Characteristics) -> list[Reason]:
    """The land-type static abilities that set or take away its land types, which decide
    its mana abilities (CR 305.7, 613.1d) and, beside each other, apply by dependency
    (613.8a-b)."""
    return [
        Reason(True, f"Layer 4: {a.what}.", a.rules)
        for a in chars.applied
        if a.layer == "4"
        and a.source
        and {"305.7", "613.8a", "613.7"} & set(a.rules)
        and "305.6" not in a.rules  # a type added beside its own: its mana ability says it
    ]
