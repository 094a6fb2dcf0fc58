"""Paying a mana cost during a play-out (CR 601.2g-h, 602.2b, 605.3a, 106.4).

A cost is paid from the player's mana pool first (DESIGN.md "Mana"): colored symbols
with mana of their color, then generic with what is left. What the pool can't pay is
paid by tapping mana sources: the ones the action names with ``pay: [REF, ...]``, or,
when it names none, the ones every way of paying would tap. When two ways of paying
would leave different games (a different land tapped, different mana left over), the
choice is the case's to make: a missing choice listing the sources (P002). The engine
never picks a source for the player.

Two sources are interchangeable when nothing in the case can tell them apart (same card,
same abilities and status, no ``id`` and a name other objects share): tapping one or
the other leaves the same game as far as any question can ask.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from mtgrules.caseio.actions import Action
from mtgrules.model.events import Event
from mtgrules.model.state import GameState, evolve
from mtgrules.play.game import Invalid, Refused
from mtgrules.rules import Unsupported
from mtgrules.rules.mana.payment import Source, find_payment, mana_sources, shown_mana
from mtgrules.rules.zones import with_object

_TYPES = "WUBRGC"


@dataclass(frozen=True)
class Paid:
    """What paying did: the new state, a sentence, the events (sources tapped for mana)."""

    state: GameState
    text: str
    events: tuple[Event, ...] = ()


def pay(
    state: GameState,
    action: Action,
    player: str,
    total: tuple[str, ...],
    *,
    keep_untapped: str | None = None,
) -> Paid:
    """Pay ``total`` (mana symbols) for ``player``: CR 601.2g-h (mana abilities activated
    while paying, 605.3a; the pool spent, 106.4)."""
    for symbol in total:
        if not (symbol.isdigit() or symbol in _TYPES):
            raise Refused(action, f"paying the mana symbol {{{symbol}}} is not played out yet")
    generic = sum(int(s) for s in total if s.isdigit())
    colored = Counter(s for s in total if not s.isdigit())
    if not generic and not colored:
        return Paid(state, "")
    pool = Counter(_symbols(state.player(player).mana_pool))
    from_pool: Counter[str] = Counter()
    for kind, n in colored.items():
        from_pool[kind] = min(n, pool[kind])
    rest_pool = pool - from_pool
    need_colored = colored - from_pool
    generic_from_pool = min(generic, sum(rest_pool.values()))
    if generic_from_pool and generic_from_pool < sum(rest_pool.values()) and len(+rest_pool) > 1:
        raise Refused(
            action,
            f"which mana of {player}'s pool pays the generic part of the cost is a choice the "
            "play-out doesn't take yet (the mana left would differ)",
        )
    if generic_from_pool == sum(rest_pool.values()):
        from_pool += rest_pool
    elif generic_from_pool:
        from_pool[next(iter(+rest_pool))] += generic_from_pool
    need_generic = generic - generic_from_pool
    pool_left = pool - from_pool
    rest = (*(k for k, n in need_colored.items() for _ in range(n)),)
    rest += (str(need_generic),) if need_generic else ()
    spent_pool = _shown(from_pool)
    if not rest:
        state = _with_pool(state, player, pool_left)
        return Paid(state, f"with {spent_pool} from the mana pool")
    try:
        sources, _ = mana_sources(
            state, player, state.obj(keep_untapped) if keep_untapped else None
        )
        tapped = _tapped(state, action, rest, sources)
    except Unsupported as err:
        raise Refused(action, err.reason, tuple(err.reasons)) from None
    events: list[Event] = []
    added: Counter[str] = Counter()
    for source, mana in tapped:
        state = with_object(state, evolve(state.obj(source.obj.oid), tapped=True))
        events += [
            Event("tapped", obj=source.obj.oid, player=player),
            Event(
                "tapped_for_mana",
                obj=source.obj.oid,
                player=player,
                mana="".join(kind * n for kind, n in mana),
            ),
        ]
        for kind, n in mana:
            added[kind] += n
    left = _left_over(added, rest, action, tapped)
    state = _with_pool(state, player, pool_left + left)
    how = ", ".join(f"{s.obj.label} for {shown_mana(m)}" for s, m in tapped)
    text = f"by tapping {how}" + (f" and with {spent_pool} from the mana pool" if from_pool else "")
    return Paid(state, text, tuple(events))


def _tapped(
    state: GameState, action: Action, rest: tuple[str, ...], sources: list[Source]
) -> tuple[tuple[Source, tuple[tuple[str, int], ...]], ...]:
    named = action.arg("pay")
    if named:
        by_ref = {}
        for ref in named:
            try:
                oid = state.find(ref).oid
            except KeyError:
                raise Invalid(
                    action, "P001", f"`pay` names {ref!r}, which isn't on the battlefield"
                ) from None
            match = [s for s in sources if s.obj.oid == oid]
            if not match:
                raise Invalid(
                    action,
                    "P003",
                    f"`pay` names {state.obj(oid).label}, which isn't an untapped mana source "
                    "its player can use now",
                    tuple(s.obj.label for s in sources),
                )
            by_ref[oid] = match[0]
        payment = find_payment(rest, (), list(by_ref.values()))
        if payment is None or len(payment) != len(by_ref):
            raise Invalid(
                action,
                "P003",
                f"the sources `pay` names can't pay exactly {_render(rest)}",
                tuple(s.obj.label for s in sources),
            )
        return payment
    payment = find_payment(rest, (), sources)
    if payment is None:
        raise Refused(action, f"no way to pay {_render(rest)} was found")
    if not _forced(rest, sources, payment):
        raise Invalid(
            action,
            "P002",
            f"which mana sources pay {_render(rest)} is a choice that could matter "
            "(`pay: [REF, ...]` on the action)",
            tuple(s.obj.label for s in sources),
        )
    return payment


def _class(source: Source, state_names: Counter[str]) -> object:
    """What tells a source apart: itself, unless the case can't name it (no id, a name
    another source shares) and it is like the others of its card."""
    obj = source.obj
    if obj.handle is not None or state_names[obj.card.name] < 2:
        return obj.oid
    return (obj.card, obj.counters, obj.attached_to, obj.token, source.options)


def _forced(rest: tuple[str, ...], sources: list[Source], payment) -> bool:
    """Whether every minimal way of paying taps the same sources, up to interchangeable
    ones: for each kind of source the payment taps k of, no payment taps fewer."""
    names = Counter(s.obj.card.name for s in sources)
    used = Counter(_class(s, names) for s, _ in payment)
    for kind, k in used.items():
        members = [s for s in sources if _class(s, names) == kind]
        others = [s for s in sources if _class(s, names) != kind]
        if find_payment(rest, (), others + members[: k - 1]) is not None:
            return False
    # a payment that taps a kind of source this one doesn't, with the same counts of the
    # others, would tap more sources than needed: the counts above rule it out
    return True


def _left_over(added: Counter[str], rest: tuple[str, ...], action: Action, tapped) -> Counter[str]:
    """The mana the sources added beyond the cost, left in the pool (106.4)."""
    need = Counter(s for s in rest if not s.isdigit())
    generic = sum(int(s) for s in rest if s.isdigit())
    left = added - need
    extra = sum(left.values()) - generic
    if extra <= 0:
        return Counter()
    if len(+left) > 1 or any(len(s.options) > 1 for s, _ in tapped):
        raise Refused(
            action,
            "the sources tapped add more mana than the cost needs, and which of it stays in "
            "the pool is a choice the play-out doesn't take yet",
        )
    kind = next(iter(+left))
    return Counter({kind: extra})


def _symbols(pool: str) -> tuple[str, ...]:
    return tuple(ch for ch in pool if ch in _TYPES)


def _with_pool(state: GameState, player: str, pool: Counter[str]) -> GameState:
    text = "".join(f"{{{k}}}" * pool[k] for k in _TYPES)
    players = tuple(evolve(p, mana_pool=text) if p.name == player else p for p in state.players)
    return evolve(state, players=players)


def _shown(mana: Counter[str]) -> str:
    return "".join(f"{{{k}}}" * mana[k] for k in _TYPES)


def _render(symbols: tuple[str, ...]) -> str:
    return "".join(f"{{{s}}}" for s in symbols)
