"""Paying a mana cost (CR 601.2g-h, 118.3, 107.4): from the pool and untapped sources.

Deliberately small: a source is an untapped permanent whose mana ability costs
exactly {T} and adds fixed symbols or N mana of one chosen color. Hybrid symbols
are paid with either half (107.4e). Anything else that could matter (other mana
abilities, Phyrexian or snow costs, static abilities that might change costs or
mana) makes the check unsupported. The statics mtgrules reads are applied: a mana
ability a restriction forbids can't pay (602.5), a sick creature a haste permission
covers can (702.10c). The same check serves spells (601.2g-h) and
the mana part of an activation cost (602.2b).

>>> need = Need.of(("2", "G"))
>>> need.pay(("G", "R")).left()
1
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from mtgrules.answer import Reason
from mtgrules.cards.mana import COLORS, parse_symbols
from mtgrules.cards.statics import is_read_static
from mtgrules.cards.vocabulary import Ability, AbilityKind
from mtgrules.model.state import GameObject, GameState, Zone
from mtgrules.rules import Unsupported
from mtgrules.rules.keywords.entering import check_haste_known
from mtgrules.rules.layers import characteristics
from mtgrules.rules.mana_abilities import is_mana_ability
from mtgrules.rules.permissions import haste_permission
from mtgrules.rules.restrictions import mana_ability_barred
from mtgrules.rules.summoning_sickness import controlled_since_latest_turn

MANA_TYPES = (*COLORS, "C")


@dataclass(frozen=True)
class Need:
    """What is still to pay: specific mana (W U B R G C) and generic mana (CR 107.4a-c)."""

    specific: tuple[int, ...]  # counts in MANA_TYPES order
    generic: int

    @classmethod
    def of(cls, symbols: tuple[str, ...]) -> Need:
        counts = dict.fromkeys(MANA_TYPES, 0)
        generic = 0
        for symbol in symbols:
            if symbol.isdigit():
                generic += int(symbol)
            elif symbol in counts:
                counts[symbol] += 1
            else:
                raise Unsupported(f"paying the mana symbol {{{symbol}}} is not modeled yet")
        return cls(tuple(counts[t] for t in MANA_TYPES), generic)

    def pay(self, mana: tuple[str, ...]) -> Need:
        """Spend ``mana``: each on a matching specific symbol first, else on generic.

        Spending on a matching symbol first is never worse: whatever paid that
        symbol instead could as well pay the generic part (an exchange).
        """
        specific, generic = list(self.specific), self.generic
        for symbol in mana:
            i = MANA_TYPES.index(symbol)
            if specific[i]:
                specific[i] -= 1
            elif generic:
                generic -= 1
        return Need(tuple(specific), generic)

    def left(self) -> int:
        return sum(self.specific) + self.generic


@dataclass(frozen=True)
class Source:
    """An untapped permanent and the mana each of its {T} mana abilities could add."""

    obj: GameObject
    options: tuple[tuple[str, ...], ...]


def mana_sources(
    state: GameState, player: str, keep_untapped: GameObject | None = None
) -> tuple[list[Source], list[Reason]]:
    """``player``'s usable mana sources, and notes on sources left out (CR 302.6, 107.5).

    ``keep_untapped`` is the permanent whose ability is being activated with {T} in its
    cost: tapping it for mana first would leave that {T} unpayable (601.2g, 107.5), so its
    {T} mana abilities are left out.
    """
    for obj in state.in_zone(Zone.BATTLEFIELD):
        for ability in characteristics(state, obj).abilities:
            if ability.kind in (AbilityKind.STATIC, AbilityKind.UNMODELED) and not is_read_static(
                ability
            ):  # grants, permissions and restrictions are applied below (cards/statics.py)
                raise Unsupported(
                    f"{obj.label} has an ability mtgrules only describes, which might change "
                    "costs or mana; paying mana with it around is not modeled"
                )
    sources, notes = [], []
    for obj in state.in_zone(Zone.BATTLEFIELD, player):
        chars = characteristics(state, obj)
        options: list[tuple[str, ...]] = []
        held = keep_untapped is not None and obj.oid == keep_untapped.oid
        for ability in chars.abilities:
            if is_mana_ability(ability) and not (held and _has_tap(ability)):
                barred = mana_ability_barred(state, obj, chars, ability, player)  # 602.5, 101.2
                if barred is not None:
                    notes.append(barred)
                    continue
                options += _options(obj, ability)
        if (
            held
            and not obj.tapped
            and any(is_mana_ability(a) and _has_tap(a) for a in chars.abilities)
        ):
            notes.append(_held_note(obj))
        if not options or obj.tapped:
            continue
        if chars.is_a("Creature") and not chars.has_keyword("haste"):
            ok, why = controlled_since_latest_turn(state, obj)
            if not ok and haste_permission(state, obj, chars, "{T}", why) is None:  # 702.10c
                check_haste_known(chars.abilities)
                notes.append(
                    Reason(
                        None,
                        f"{obj.label} can't be tapped for mana: {why} (summoning sickness).",
                        ("302.6",),
                    )
                )
                continue
        sources.append(Source(obj, tuple(options)))
    return sources, notes


def _has_tap(ability: Ability) -> bool:
    return ability.cost is not None and ability.cost.tap


def _options(obj: GameObject, ability: Ability) -> list[tuple[str, ...]]:
    """The mana one {T} mana ability of ``obj`` could add; unsupported for any other kind."""
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
        return [(c,) * mana.any_color for c in COLORS]
    if mana.one_of:
        return [(c,) for c in mana.one_of]
    return [mana.fixed]


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
    need: Need, sources: list[Source]
) -> tuple[tuple[Source, tuple[str, ...]], ...] | None:
    """One way to pay ``need`` by activating some of ``sources`` (each once), or None."""

    @functools.cache
    def search(i: int, need: Need) -> tuple[tuple[int, int], ...] | None:
        if need.left() == 0:
            return ()
        if i == len(sources):
            return None
        for k, option in enumerate(sources[i].options):
            after = need.pay(option)
            if after != need:
                rest = search(i + 1, after)
                if rest is not None:
                    return ((i, k), *rest)
        return search(i + 1, need)

    found = search(0, need)
    if found is None:
        return None
    return tuple((sources[i], sources[i].options[k]) for i, k in found)


def hybrid_choices(total: tuple[str, ...]) -> list[tuple[str, ...]]:
    """CR 107.4e: each hybrid symbol is paid with one of its two halves; every way to read
    ``total`` without hybrid symbols (Phyrexian symbols are left for :class:`Need` to refuse)."""
    ways: list[tuple[str, ...]] = [()]
    for symbol in total:
        halves = symbol.split("/")
        if len(halves) == 2 and all(h in MANA_TYPES or h == "2" for h in halves):
            ways = [(*way, half) for way in ways for half in halves]
        else:
            ways = [(*way, symbol) for way in ways]
    return list(dict.fromkeys(ways))


def payment_checks(
    state: GameState,
    player: str,
    total: tuple[str, ...],
    *,
    keep_untapped: GameObject | None = None,
    what: str = "the total cost",
    rules: tuple[str, ...] = ("601.2g", "601.2h", "118.3"),
) -> list[Reason]:
    """CR 601.2g-h, 118.3: can ``player`` pay ``total`` from their pool and untapped sources?

    Hybrid symbols (107.4e) may be paid with either half. ``keep_untapped``: see
    :func:`mana_sources`.
    """
    shown = "".join(f"{{{s}}}" for s in total) or "{0}"
    pool_symbols = _pool(state.player(player).mana_pool)
    if all(symbol == "0" for symbol in total):
        return [
            Reason(True, f"{what.capitalize()} includes no mana, so {player} can pay it.", rules)
        ]
    if any("/" in s and not s.endswith("/P") for s in total):
        rules = (*rules, "107.4e")
    needs = list(dict.fromkeys(Need.of(way).pay(pool_symbols) for way in hybrid_choices(total)))
    sources, notes = mana_sources(state, player, keep_untapped)
    payment = next((p for p in (find_payment(n, sources) for n in needs) if p is not None), None)
    in_pool = "".join(f"{{{s}}}" for s in pool_symbols) or "nothing"
    if payment is None:
        usable = ", ".join(s.obj.label for s in sources) or "none"
        return [
            Reason(
                False,
                f"{player} can't pay {what} {shown}: with {in_pool} in the mana pool "
                f"and the untapped mana sources they can use ({usable}), it can't be made.",
                rules,
            ),
            *notes,
        ]
    tapped = ", ".join(
        f"{s.obj.label} for {''.join(f'{{{m}}}' for m in mana)}" for s, mana in payment
    )
    how = ", ".join(
        part
        for part in (
            f"{in_pool} from the mana pool" if pool_symbols else "",
            f"tapping {tapped}" if tapped else "",
        )
        if part
    )
    return [Reason(True, f"{player} can pay {what} {shown}: {how}.", rules), *notes]


def _pool(text: str) -> tuple[str, ...]:
    symbols = parse_symbols(text) if text else ()
    for symbol in symbols:
        if symbol not in MANA_TYPES:
            raise Unsupported(f"mana {{{symbol}}} in a mana pool is not a type of mana")
    return symbols
