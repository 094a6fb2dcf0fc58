"""Cost increases and reductions from static abilities, as the total cost is determined
(CR 601.2f, 118.7, 113.6d).

The total cost is the mana cost (or an alternative cost) plus additional costs and cost
increases, minus cost reductions (601.2f). The abilities applied here are
:class:`mtgrules.cards.cost_changes.CostChange`: a permanent's ("creature spells you cast
cost {1} less") while it is on the battlefield and has the ability (604.2, 113.6), and
the spell's own ("this spell costs {1} less to cast for each artifact you control"),
which works on the stack (113.6d). The spell is on the stack when its total cost is
determined (601.2a), so it is never one of the permanents it counts.

A reduction of generic mana takes off generic mana only (118.7a); one of a color or
colorless takes that symbol, or generic mana where there is none of it (118.7b-c); a
cost can't go below {0} (601.2f). The order reductions are applied in, which the
caster chooses, can't change the result of these.
"""

from __future__ import annotations

from dataclasses import replace

from mtgrules.answer import Reason
from mtgrules.cards.cost_changes import CostChange
from mtgrules.cards.statics import control_phrase
from mtgrules.cards.vocabulary import Ability
from mtgrules.model.state import GameObject, GameState, Zone
from mtgrules.rules import Unsupported
from mtgrules.rules.keywords.costs import reduce_generic
from mtgrules.rules.layers.characteristics import Characteristics, characteristics
from mtgrules.rules.layers.statics_in_force import (
    condition_holds,
    condition_words,
    counted_kinds_read,
    covers_player,
    in_force,
    in_group,
    spells_not_covered,
)
from mtgrules.rules.scope.index import Scope, register_read_field

COST_CHANGE_RULES = ("601.2f", "118.7")

register_read_field("cost_change", frozenset({Scope.CAST_COST}))


def cost_changes(
    state: GameState, obj: GameObject, chars: Characteristics, player: str
) -> list[tuple[tuple[str, ...], bool, Reason]]:
    """Each change that applies to ``player`` casting ``obj`` now: (symbols, more, why);
    notes (no symbols) on those in force that don't apply."""
    out: list[tuple[tuple[str, ...], bool, Reason]] = []
    for ability in chars.abilities:
        change = ability.cost_change
        if change is not None and change.this_spell:
            out.append(_own(state, obj, player, change, ability))
    for source, ability in in_force(state, "cost_change", characteristics):
        change = ability.cost_change
        assert change is not None
        if change.this_spell:
            continue  # a permanent's "this spell costs ..." did its work while it was cast
        out.append(_of_permanent(state, obj, chars, player, source, ability, change))
    return out


def _own(
    state: GameState, obj: GameObject, player: str, change: CostChange, ability: Ability
) -> tuple[tuple[str, ...], bool, Reason]:
    """CR 113.6d, 601.2f: the spell's own change, once, once per counted permanent, or not
    at all when the caster controls none of the group it names."""
    quoted = f"its own ability “{ability.words}”"
    way = "more" if change.more else "less"
    group = change.if_control or change.for_each
    if group is None:
        return change.amount, change.more, _applies(quoted, change.symbols, way)
    counted_kinds_read(state, group.phrase())
    anyone = replace(group, whose="any")
    found = [
        o
        for o in state.in_zone(Zone.BATTLEFIELD)
        if o.controller == player
        and in_group(state, anyone, obj, o, characteristics(state, o, through="6"))
    ]
    names = ", ".join(o.label for o in found) or "none"
    if change.if_control is not None:
        if not found:
            text = f"Under {quoted}, it would cost {change.symbols} {way}, but {player} controls no {control_phrase(group).split(' ', 1)[1]}."
            return (), change.more, Reason(None, text, COST_CHANGE_RULES)
        return (
            change.amount,
            change.more,
            _applies(quoted, change.symbols, way, f" ({player} controls {found[0].label})"),
        )
    symbols = _added((), change.amount * len(found))
    shown = "".join(f"{{{s}}}" for s in symbols) or "{0}"
    return (
        symbols,
        change.more,
        _applies(quoted, shown, way, f" ({change.symbols} × {len(found)}: {names})"),
    )


def _of_permanent(
    state: GameState,
    obj: GameObject,
    chars: Characteristics,
    player: str,
    source: GameObject,
    ability: Ability,
    change: CostChange,
) -> tuple[tuple[str, ...], bool, Reason]:
    """CR 601.2f, 109.5, 604.2: a permanent's change covers some players' spells of some
    kinds, maybe only under a condition."""
    quoted = f"{source.label}'s static ability “{ability.words}”"
    way = "more" if change.more else "less"
    if not covers_player(change.who, player, source.controller):
        whose = "its controller's" if change.who == "you" else "its controller's opponents'"
        text = f"{quoted} changes what {whose} spells cost, not {player}'s."
        return (), change.more, Reason(None, text, ("601.2f", "109.5"))
    other = spells_not_covered(quoted, obj, chars, change.spells, "601.2f")
    if other is not None:
        return (), change.more, other
    holds, why = condition_holds(state, change.during, source.controller)
    if not holds:
        when = condition_words(change.during, source.controller)
        text = f"{quoted} applies only {when}, and {why}."
        return (), change.more, Reason(None, text, ("601.2f",))
    return change.amount, change.more, _applies(quoted, change.symbols, way)


def _applies(quoted: str, symbols: str, way: str, detail: str = "") -> Reason:
    """A change that applies: it changes the total cost, so it decides the answer with the
    payment (as a layer note that changes a value does)."""
    return Reason(
        None,
        f"Under {quoted}, it costs {symbols} {way}{detail}.",
        COST_CHANGE_RULES,
        decides=True,
    )


def apply_changes(
    total: tuple[str, ...], changes: list[tuple[tuple[str, ...], bool, Reason]]
) -> tuple[str, ...]:
    """CR 601.2f, 118.7a-c: the total cost with every increase added, then every reduction
    taken off."""
    for symbols, more, _ in changes:
        if more:
            total = _added(total, symbols)
    for symbols, more, why in changes:
        if not more:
            for symbol in symbols:
                what = f"a reduction ({why.text.removesuffix('.')})" if why else ""
                total = _reduced(total, symbol, what)
    return total


def _added(total: tuple[str, ...], symbols: tuple[str, ...]) -> tuple[str, ...]:
    generic = sum(int(s) for s in (*total, *symbols) if s.isdigit())
    rest = tuple(s for s in (*total, *symbols) if not s.isdigit())
    return ((str(generic),) if generic else ()) + rest


def _reduced(total: tuple[str, ...], symbol: str, what: str) -> tuple[str, ...]:
    """One reduction symbol off ``total``: generic from generic only (118.7a); a color's or
    colorless from that symbol, else from generic (118.7b-c). ``what``: the reduction, in
    words, for a refusal."""
    if symbol.isdigit():
        return reduce_generic(total, int(symbol), what)
    if symbol in total:
        i = total.index(symbol)
        return total[:i] + total[i + 1 :]
    if any(symbol in s and "/" in s for s in total):
        raise Unsupported(
            f"a reduction of {{{symbol}}} on a cost with a hybrid or Phyrexian symbol of that "
            "color is not modeled (CR 118.7c, 118.7e)"
        )
    return reduce_generic(total, 1, what)
