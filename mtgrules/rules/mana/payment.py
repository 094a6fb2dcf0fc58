"""Paying a mana cost (CR 601.2g-h, 118.3, 107.4): from the pool and untapped sources.

A source is an untapped permanent whose mana ability costs exactly {T} and adds fixed
symbols, one mana of a type chosen among some, or N mana of one chosen color. What one
tap adds is computed once per source: its own mana, then the replacement effects on a
permanent tapped for mana (CR 106.12b: "twice that much", "{B} instead") and the
triggered mana abilities that tapping sets off (CR 106.12a, 605.1b, 605.4a: "an
additional {G}", "one mana of any type that land produced"). Whether that mana pays the
cost is a flow (:mod:`mtgrules.rules.mana.flow`), polynomial in the board. Hybrid
symbols are paid with either half (107.4e). Anything else that could matter (other
mana abilities, Phyrexian or snow costs, an ability mtgrules only describes that could
change what a source adds, :mod:`mtgrules.rules.scope.query`) makes the check
unsupported. The statics mtgrules reads are applied: a mana ability a restriction
forbids can't pay (602.5), a sick creature a haste permission covers can (702.10c). The
same check serves spells (601.2g-h) and the mana part of an activation cost (602.2b).

>>> from mtgrules.rules.mana.flow import Demand
>>> sorted(Demand.of(("2", "G", "G/W")).units.values())
[1, 1, 2]
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from dataclasses import dataclass, replace

from mtgrules import lazyre
from mtgrules.answer import Reason
from mtgrules.cards.mana import COLORS, parse_symbols
from mtgrules.cards.mana_effects import Mana
from mtgrules.cards.vocabulary import Ability, AbilityKind
from mtgrules.model.state import GameObject, GameState, Zone, plain
from mtgrules.rules import Unsupported
from mtgrules.rules.activation.summoning_sickness import controlled_since_latest_turn
from mtgrules.rules.casting.permissions import haste_permission
from mtgrules.rules.casting.restrictions import mana_ability_barred
from mtgrules.rules.keywords.entering import check_haste_known
from mtgrules.rules.layers.characteristics import Characteristics, characteristics
from mtgrules.rules.mana.abilities import is_mana_ability
from mtgrules.rules.mana.amounts import board_mana, with_board_mana
from mtgrules.rules.mana.board import event_matches, symbols_to_mana
from mtgrules.rules.mana.flow import Bundle, Demand, Group, Supplier, TooManyChoices, solve
from mtgrules.rules.scope.index import Scope, is_read, words_of
from mtgrules.rules.scope.query import Depends, require

MANA_TYPES = (*COLORS, "C")
# what an unread ability could change about the mana a source adds (rules/scope/index.py)
MANA_SCOPES = (Scope.MANA_ABILITY, Scope.MANA_TRIGGER, Scope.MANA_REPLACEMENT)
# words about spending mana ("spend mana as though it were mana of any color", CR 609.4b)
_SPEND = lazyre.compile(r"\bspen[dt]\b", re.IGNORECASE)
SHOWN_SYMBOLS = 40  # more mana than this from one source is written as a count


@dataclass(frozen=True)
class Source:
    """An untapped permanent and the mana each of its {T} mana abilities could add (each a
    bundle of groups: ``Group(2, "WUBRG")`` is two mana of one color)."""

    obj: GameObject
    options: tuple[Bundle, ...]
    rules: tuple[str, ...] = ()  # the rules that changed what it adds (106.12a-b, 605.4a)


@dataclass(frozen=True)
class _Watchers:
    """The replacement effects and triggered abilities on the battlefield that watch a
    permanent being tapped for mana (CR 106.12a-b), found once for every source."""

    replacements: tuple[tuple[GameObject, Ability], ...]
    triggers: tuple[tuple[GameObject, Ability], ...]

    @classmethod
    def of(cls, chars: dict[str, Characteristics], state: GameState) -> _Watchers:
        replacements, triggers = [], []
        for obj in state.in_zone(Zone.BATTLEFIELD):
            for ability in chars[obj.oid].abilities:
                if ability.replacement is not None and ability.replacement.tapped_for_mana:
                    replacements.append((obj, ability))
                elif (
                    ability.kind is AbilityKind.TRIGGERED
                    and ability.event is not None
                    and ability.event.event == "tapped_for_mana"
                    and is_mana_ability(ability)  # another waits for priority (605.5a)
                ):
                    triggers.append((obj, ability))
        return cls(tuple(replacements), tuple(triggers))


def mana_sources(
    state: GameState, player: str, keep_untapped: GameObject | None = None, what: str = "it"
) -> tuple[list[Source], list[Reason]]:
    """``player``'s usable mana sources, and notes on sources left out (CR 302.6, 107.5).

    ``keep_untapped`` is the permanent whose ability is being activated with {T} in its
    cost: tapping it for mana first would leave that {T} unpayable (601.2g, 107.5), so its
    {T} mana abilities are left out. Unsupported when an ability mtgrules only describes
    could change what one of ``player``'s permanents adds, or how mana can be spent.
    """
    battlefield = state.in_zone(Zone.BATTLEFIELD)
    chars = {obj.oid: characteristics(state, obj) for obj in battlefield}
    _require_read(state, player, what, chars)  # on every state: it reads every zone
    if not plain(state) or any(
        _board_form_of(a) for obj in battlefield for a in chars[obj.oid].abilities
    ):
        return _sources(state, player, keep_untapped, chars)
    # A plain game (model.state.plain): no static ability anywhere, so what each permanent
    # adds, the watchers of mana abilities (106.12a-b), restrictions (602.5) and summoning
    # sickness (302.6) read only the battlefield's objects, the effects, the players and
    # the point of the turn; casting a spell (601.2a) changes none of them before its cost
    # is paid (601.2g-h), so the sources its legality found are the ones it is paid from.
    sources, notes = state.shared_fact(
        ("mana_sources", player, keep_untapped.oid if keep_untapped else None),
        (
            *battlefield,
            keep_untapped,
            state.effects,
            state.players,
            state.turn,
            state.active_player,
            state.phase,
            state.step,
        ),
        lambda: _sources(state, player, keep_untapped, chars),
    )
    return list(sources), list(notes)


def _board_form_of(ability: Ability) -> bool:
    """Whether the board decides what ``ability`` adds (an amount, an "instead")."""
    effect = ability.effect
    mana = effect.adds_mana if effect is not None else None
    return mana is not None and bool(mana.amount_by or mana.instead_if)


def _sources(
    state: GameState,
    player: str,
    keep_untapped: GameObject | None,
    chars: dict[str, Characteristics],
) -> tuple[list[Source], list[Reason]]:
    """:func:`mana_sources`, once ``chars`` (the battlefield's characteristics) are read."""
    watchers = _Watchers.of(chars, state)
    sources, notes = [], []
    for obj in state.in_zone(Zone.BATTLEFIELD, player):
        obj_chars = chars[obj.oid]
        options: list[Bundle] = []
        changed: list[str] = []
        held = keep_untapped is not None and obj.oid == keep_untapped.oid
        for ability in obj_chars.abilities:
            if (
                ability.is_activated
                and is_mana_ability(ability)
                and not (held and _has_tap(ability))
            ):
                barred = mana_ability_barred(state, obj, obj_chars, ability, player)  # 602.5
                if barred is not None:
                    notes.append(barred)
                    continue
                now = _board_now(state, chars, obj, ability)  # CR 208.1, 614.15, 700.5
                if now is not ability:
                    changed.append(_BOARD_RULE[_board_form(ability)])
                option = _tapped(obj, now, _own(obj, now), watchers, chars, changed)
                if option:
                    options.append(option)
        if (
            held
            and not obj.tapped
            and any(
                a.is_activated and is_mana_ability(a) and _has_tap(a) for a in obj_chars.abilities
            )
        ):
            notes.append(_held_note(obj))
        if not options or obj.tapped:
            continue
        if obj_chars.is_a("Creature") and not obj_chars.has_keyword("haste"):
            ok, why = controlled_since_latest_turn(state, obj)
            if not ok and haste_permission(state, obj, obj_chars, "{T}", why) is None:  # 702.10c
                check_haste_known(obj_chars.abilities)
                notes.append(
                    Reason(
                        None,
                        f"{obj.label} can't be tapped for mana: {why} (summoning sickness).",
                        ("302.6",),
                    )
                )
                continue
        sources.append(Source(obj, tuple(options), tuple(dict.fromkeys(changed))))
    return sources, notes


@dataclass(frozen=True)
class _BoardView:
    state: GameState
    chars: dict[str, Characteristics]


_BOARD_RULE = {
    "power": "208.1",
    "devotion": "700.5",
    "instead": "614.15",
    "chosen": "607.2d",  # the color chosen as it entered
    "x": "107.3k",  # X announced as it is activated: refused by board_mana
}


def _board_form(ability: Ability) -> str:
    mana = ability.effect.adds_mana  # type: ignore[union-attr]
    assert mana is not None
    return "instead" if mana.instead_if else mana.amount_by.split(":")[0]


def _board_now(
    state: GameState, chars: dict[str, Characteristics], obj: GameObject, ability: Ability
) -> Ability:
    """The ability with mana the board decides (an amount, an "instead") made plain now."""
    effect = ability.effect
    mana = effect.adds_mana if effect is not None else None
    if effect is None or mana is None or not (mana.amount_by or mana.instead_if):
        return ability
    plain = board_mana(_BoardView(state, chars), obj, mana).mana
    return replace(ability, effect=replace(effect, adds_mana=plain))


def _require_read(
    state: GameState, player: str, what: str, chars: dict[str, Characteristics]
) -> None:
    """CR 106.7, 106.12, 609.4b: refuse when an unread ability could change the mana one of
    ``player``'s permanents adds (the scope index), or speaks of spending mana."""
    for obj in state.in_zone(Zone.BATTLEFIELD):
        for ability in chars[obj.oid].abilities:
            if not is_read(ability) and _SPEND.search(words_of(ability)):
                raise Unsupported(
                    f"{obj.label}: “{' '.join(words_of(ability).split())}” could change how "
                    f"mana can be spent, which would change whether {player} can pay {what}"
                )
    mine = tuple(state.in_zone(Zone.BATTLEFIELD, player))
    if mine:
        depends = Depends(
            mine,
            # CR 305.6-305.7: a land's types give and take its mana abilities; 302.6: a
            # permanent made a creature may be stopped by summoning sickness; 613.1b:
            # another player may control it
            (*MANA_SCOPES, Scope.TYPES, Scope.CONTROL),
            f"whether {player} can pay {what}",
            ignore=frozenset({"split-second-activate"}),  # CR 702.61b
        )
        found = with_board_mana(state, mine, depends)  # power, devotion, "instead" (614.15)
        if found is not depends:
            found = replace(found, ignore=depends.ignore)
        require(state, found)


def _has_tap(ability: Ability) -> bool:
    return ability.cost is not None and ability.cost.tap


def _own(obj: GameObject, ability: Ability) -> Bundle:
    """The mana one {T} mana ability of ``obj`` adds itself; unsupported for any other kind."""
    cost = ability.cost
    assert cost is not None and ability.effect is not None
    mana = ability.effect.adds_mana
    assert mana is not None
    if (
        not cost.tap
        or cost.untap
        or cost.parts
        or not cost.mana.is_empty
        or mana.could_produce
        or mana.color_of
        or mana.for_each
        or mana.one_of_produced
        or mana.choices
        or mana.depends
        or mana.rider  # spending restrictions (CR 106.6) aren't checked against the spell
        or ability.condition  # "Activate only if ..." (CR 602.5b) isn't checked
    ):
        raise Unsupported(
            f"paying with {obj.label}'s mana ability ({ability.render()}) is not modeled yet"
        )
    if mana.any_color:
        return (Group(mana.any_color, "".join(COLORS)),)
    if mana.any_combination:  # each mana its own color (CR 106.1a)
        return (Group(1, "".join(COLORS)),) * mana.any_combination
    if mana.one_of:
        return (Group(1, "".join(t for t in MANA_TYPES if t in symbols_to_mana(mana.one_of))),)
    return _fixed(symbols_to_mana(mana.fixed))


def _fixed(mana: tuple[str, ...]) -> Bundle:
    return tuple(Group(mana.count(t), t) for t in MANA_TYPES if t in mana)


def _tapped(
    obj: GameObject,
    ability: Ability,
    own: Bundle,
    watchers: _Watchers,
    chars: dict[str, Characteristics],
    changed: list[str],
) -> Bundle:
    """What activating ``ability`` adds in all: CR 106.12b replacement effects on tapping
    for mana (in any order, 616.1: refused where the order matters), then CR 106.12a,
    605.1b, 605.4a the triggered mana abilities it sets off."""
    if not own or not (ability.cost is not None and ability.cost.tap):
        return own
    obj_chars = chars[obj.oid]
    found = [
        (s, a.replacement)
        for s, a in watchers.replacements
        if a.replacement is not None
        and a.replacement.tapped_for_mana is not None
        and event_matches(a.replacement.tapped_for_mana, s, obj, obj_chars)
    ]
    instead = [(s, r) for s, r in found if r.instead is not None]
    multiply = [r.multiply for _, r in found if r.instead is None]
    if instead and (multiply or len({r.instead for _, r in instead}) > 1):
        names = ", ".join(s.label for s, _ in found)
        raise Unsupported(
            f"the order of the replacement effects of {names} changes the mana {obj.label} "
            "makes and is chosen by the affected player (CR 616.1); that choice is not modeled"
        )
    made = own
    if found:
        changed.append("106.12b")
    if instead:
        made = _fixed(symbols_to_mana(instead[0][1].instead or ()))
    factor = 1
    for m in multiply:
        factor *= m
    made = tuple(Group(g.amount * factor, g.types) for g in made)
    for source, trigger in watchers.triggers:
        if made and event_matches(trigger.event, source, obj, obj_chars):  # type: ignore[arg-type]
            made = _with_trigger(made, source, trigger)
            changed += ["106.12a", "605.4a"]
    return made


def _with_trigger(made: Bundle, source: GameObject, trigger: Ability) -> Bundle:
    """A triggered mana ability's mana beside ``made``: fixed mana, or N mana of a type
    ``made`` has (the same choice as ``made``'s when it is all of one chosen type)."""
    mana: Mana | None = trigger.effect.adds_mana if trigger.effect else None
    if mana is None or trigger.intervening_if or trigger.condition:
        raise Unsupported(
            f"paying with {source.label}'s triggered mana ability ({trigger.render()}) is not "
            "modeled yet"
        )
    if mana.one_of_produced:
        if len(made) == 1:
            return (Group(made[0].amount + mana.one_of_produced, made[0].types),)
        if all(len(g.types) == 1 for g in made):
            return (*made, Group(mana.one_of_produced, "".join(g.types for g in made)))
    elif (
        mana.depends
        or mana.one_of
        or mana.choices
        or mana.for_each
        or mana.could_produce
        or mana.color_of
    ):
        pass  # refused below
    elif mana.any_color:  # "an additional one mana of any color" (CR 106.3)
        return (*made, Group(mana.any_color, "".join(COLORS)))
    elif mana.any_combination:
        return (*made, *(Group(1, "".join(COLORS)),) * mana.any_combination)
    elif mana.fixed:
        return (*made, *_fixed(symbols_to_mana(mana.fixed)))
    raise Unsupported(
        f"paying with {source.label}'s triggered mana ability ({trigger.render()}) is not "
        "modeled yet"
    )


def _held_note(obj: GameObject) -> Reason:
    """CR 601.2g, 107.5: mana abilities are activated before costs are paid, so a source tapped
    for mana can no longer pay the {T} of the ability being activated."""
    return Reason(
        None,
        f"{obj.label} can't also be tapped for mana to pay this: its {{T}} is part of the cost, "
        "and once tapped for mana it couldn't be tapped again to pay that {T}.",
        ("601.2g", "107.5"),
    )


def find_payment(
    total: tuple[str, ...], pool: tuple[str, ...], sources: list[Source]
) -> tuple[tuple[Source, tuple[tuple[str, int], ...]], ...] | None:
    """One way to pay ``total`` from ``pool`` and by tapping some of ``sources`` (each
    once): each source tapped with the mana it adds, or None (a flow, mana_flow.py)."""
    demand = _demand(total)
    pool_counts = {t: pool.count(t) for t in MANA_TYPES if t in pool}
    suppliers = [Supplier(i, s.options) for i, s in enumerate(sources)]
    try:
        plan = solve(demand, pool_counts, suppliers)
    except TooManyChoices:
        raise Unsupported(
            "the sources' choices of mana (several mana of one chosen type) are too many to "
            "try; paying with them is not modeled for a board this large"
        ) from None
    if plan is None:
        return None
    return tuple((sources[key], mana) for key, mana in plan.tapped)


def _demand(total: tuple[str, ...]) -> Demand:
    try:
        return Demand.of(total)
    except ValueError as err:
        raise Unsupported(f"paying the mana symbol {{{err}}} is not modeled yet") from None


def shown_mana(mana: tuple[tuple[str, int], ...]) -> str:
    """``(("G", 2),)`` -> ``{G}{G}``; past :data:`SHOWN_SYMBOLS` symbols, counts: ``{G}×500``."""
    if sum(n for _, n in mana) <= SHOWN_SYMBOLS:
        return "".join(f"{{{t}}}" * n for t, n in mana)
    return " ".join(f"{{{t}}}×{n}" for t, n in mana)


def payment_checks(
    state: GameState,
    player: str,
    total: tuple[str, ...],
    *,
    keep_untapped: GameObject | None = None,
    what: str = "the total cost",
    rules: tuple[str, ...] = ("601.2g", "601.2h", "118.3"),
    life_elsewhere: bool = False,
) -> list[Reason]:
    """CR 601.2g-h, 118.3: can ``player`` pay ``total`` from their pool and untapped sources?

    Hybrid symbols (107.4e) may be paid with either half, Phyrexian symbols (107.4f) with
    their mana or 2 life. ``keep_untapped``: see :func:`mana_sources`; ``life_elsewhere``:
    see :func:`_phyrexian_ways`.
    """
    shown = "".join(f"{{{s}}}" for s in total) or "{0}"
    pool_symbols = _pool(state.player(player).mana_pool)
    if all(symbol == "0" for symbol in total):
        return [
            Reason(True, f"{what.capitalize()} includes no mana, so {player} can pay it.", rules)
        ]
    if any("/" in s and s.count("/") == 1 and not s.endswith("/P") for s in total):
        rules = (*rules, "107.4e")
    life = state.player(player).life
    # an unmodeled symbol is refused before the sources are read
    _demand(tuple(symbol.removesuffix("/P") for symbol in total))
    sources, notes = mana_sources(state, player, keep_untapped, f"{what} {shown}")
    payment, by_life = None, ()
    for mana_total, life_paid in _phyrexian_ways(total, life, life_elsewhere):
        payment = find_payment(mana_total, pool_symbols, sources)
        if payment is not None:
            by_life = life_paid
            break
    if any(symbol.endswith("/P") for symbol in total):
        rules = (*rules, "107.4f", "119.4")
    in_pool = "".join(f"{{{s}}}" for s in pool_symbols) or "nothing"
    if payment is None:
        usable = ", ".join(s.obj.label for s in sources) or "none"
        phyrexian = sum(symbol.endswith("/P") for symbol in total)
        life_note = ""
        if phyrexian and life >= 2:
            life_note = (
                f", paying 2 life for up to {min(phyrexian, life // 2)} of its Phyrexian "
                f"symbols ({player} has {life} life)"
            )
        elif phyrexian:
            life_note = f", and {life} life, too little to pay 2 for a Phyrexian symbol"
        return [
            Reason(
                False,
                f"{player} can't pay {what} {shown}: with {in_pool} in the mana pool "
                f"and the untapped mana sources they can use ({usable}){life_note}, it can't "
                "be made.",
                rules,
            ),
            *notes,
        ]
    tapped = ", ".join(f"{s.obj.label} for {shown_mana(mana)}" for s, mana in payment)
    rules = tuple(dict.fromkeys((*rules, *(r for s, _ in payment for r in s.rules))))
    how = ", ".join(
        part
        for part in (
            f"{in_pool} from the mana pool" if pool_symbols else "",
            f"tapping {tapped}" if tapped else "",
        )
        if part
    )
    if by_life:
        paid = "".join(f"{{{symbol}}}" for symbol in by_life)
        how = ", ".join(
            part for part in (how, f"paying {2 * len(by_life)} life for {paid}") if part
        )
    return [Reason(True, f"{player} can pay {what} {shown}: {how}.", rules), *notes]


MAX_PHYREXIAN = 8  # 2**8 ways at most to split them between mana and life (hostile-inputs.md)


def _phyrexian_ways(
    total: tuple[str, ...], life: int, life_elsewhere: bool
) -> Iterator[tuple[tuple[str, ...], tuple[str, ...]]]:
    """CR 107.4f, 119.4: each way to pay the Phyrexian symbols of ``total`` (``{B/P}``,
    ``{G/U/P}``), with mana or with 2 life each, fewest life payments first, as (the mana
    symbols left to pay, the symbols paid with life). A player pays life only with at least
    that much (119.4); ``life_elsewhere``: another part of the cost pays life too, which
    mtgrules doesn't add up, so needing life here is refused."""
    phyrexian = [i for i, symbol in enumerate(total) if symbol.endswith("/P")]
    if len(phyrexian) > MAX_PHYREXIAN:
        raise Unsupported(
            f"the cost has {len(phyrexian)} Phyrexian mana symbols; more than {MAX_PHYREXIAN} "
            "ways of paying them are not tried"
        )
    mana = tuple(s.removesuffix("/P") for s in total)
    for n in range(len(phyrexian) + 1):
        if n and (2 * n > life or life_elsewhere):
            if life_elsewhere and 2 * n <= life:
                raise Unsupported(
                    "paying its Phyrexian mana with life beside another part of the cost "
                    "that pays life is not modeled (CR 107.4f, 119.4)"
                )
            return
        for chosen in itertools.combinations(phyrexian, n):
            yield (
                tuple(symbol for i, symbol in enumerate(mana) if i not in chosen),
                tuple(total[i] for i in chosen),
            )


def _pool(text: str) -> tuple[str, ...]:
    symbols = parse_symbols(text) if text else ()
    for symbol in symbols:
        if symbol not in MANA_TYPES:
            raise Unsupported(f"mana {{{symbol}}} in a mana pool is not a type of mana")
    return symbols
