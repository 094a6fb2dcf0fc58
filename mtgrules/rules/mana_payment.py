"""Paying a mana cost (CR 601.2g-h, 118.3, 107.4): from the pool and untapped sources.

Deliberately small: a source is an untapped permanent whose mana ability costs
exactly {T} and adds fixed symbols or N mana of one chosen color. Anything else
that could matter (other mana abilities, hybrid or Phyrexian costs, static
abilities that might change costs or mana) makes the check unsupported.

>>> need = Need.of(("2", "G"))
>>> need.pay(("G", "R")).left()
1
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from mtgrules.answer import Reason
from mtgrules.cards.vocabulary import AbilityKind
from mtgrules.model.mana import COLORS, parse_symbols
from mtgrules.model.state import GameObject, GameState, Zone
from mtgrules.rules import Unsupported
from mtgrules.rules.keywords.entering import check_haste_known
from mtgrules.rules.layers import characteristics
from mtgrules.rules.mana_abilities import is_mana_ability
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


def mana_sources(state: GameState, player: str) -> tuple[list[Source], list[Reason]]:
    """``player``'s usable mana sources, and notes on sources left out (CR 302.6, 107.5)."""
    for obj in state.in_zone(Zone.BATTLEFIELD):
        for ability in characteristics(state, obj).abilities:
            if ability.kind in (AbilityKind.STATIC, AbilityKind.UNMODELED):
                raise Unsupported(
                    f"{obj.label} has an ability mtgrules only describes, which might change "
                    "costs or mana; paying mana with it around is not modeled"
                )
    sources, notes = [], []
    for obj in state.in_zone(Zone.BATTLEFIELD, player):
        chars = characteristics(state, obj)
        options: list[tuple[str, ...]] = []
        for ability in chars.abilities:
            if not is_mana_ability(ability):
                continue
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
                options += [(c,) * mana.any_color for c in COLORS]
            elif mana.one_of:
                options += [(c,) for c in mana.one_of]
            else:
                options.append(mana.fixed)
        if not options or obj.tapped:
            continue
        if chars.is_a("Creature") and not chars.has_keyword("haste"):
            ok, why = controlled_since_latest_turn(state, obj)
            if not ok:
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


def payment_checks(state: GameState, player: str, total: tuple[str, ...]) -> list[Reason]:
    """CR 601.2g-h, 118.3: can ``player`` pay ``total`` from their pool and untapped sources?"""
    shown = "".join(f"{{{s}}}" for s in total) or "{0}"
    rules = ("601.2g", "601.2h", "118.3")
    pool_symbols = _pool(state.player(player).mana_pool)
    need = Need.of(total).pay(pool_symbols)
    if need.left() == 0 and not total:
        return [Reason(True, f"The total cost includes no mana, so {player} can pay it.", rules)]
    sources, notes = mana_sources(state, player)
    payment = find_payment(need, sources)
    in_pool = "".join(f"{{{s}}}" for s in pool_symbols) or "nothing"
    if payment is None:
        usable = ", ".join(s.obj.label for s in sources) or "none"
        return [
            Reason(
                False,
                f"{player} can't pay the total cost {shown}: with {in_pool} in the mana pool "
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
    return [Reason(True, f"{player} can pay the total cost {shown}: {how}.", rules), *notes]


def _pool(text: str) -> tuple[str, ...]:
    symbols = parse_symbols(text) if text else ()
    for symbol in symbols:
        if symbol not in MANA_TYPES:
            raise Unsupported(f"mana {{{symbol}}} in a mana pool is not a type of mana")
    return symbols
