"""Instructions on hands and libraries as a spell or ability resolves: draw (CR 121.1-121.2),
mill (701.17a) and discard (701.9a). A library's order and a hand's cards are hidden
information: the case lists them or the instruction is refused (DESIGN.md), and drawing
from an empty library is not played out yet (704.5b)."""

from __future__ import annotations

from mtgrules.cards import effects as fx
from mtgrules.model.events import Event
from mtgrules.model.state import GameObject, GameState, Zone
from mtgrules.rules import Unsupported
from mtgrules.rules.effects.context import Resolving, amount_of, chosen_objects, leave, players_of
from mtgrules.rules.effects.guards import refuse_unread


def _library(state: GameState, player: str) -> list[GameObject]:
    return [o for o in state.objects if o.zone is Zone.LIBRARY and o.owner == player]


def _known_library(state: GameState, player: str, n: int, what: str) -> list[GameObject]:
    """The top ``n`` cards of ``player``'s library, when the case lists it (hidden
    information stays hidden: DESIGN.md)."""
    if "library" not in state.player(player).zones_given:
        raise Unsupported(
            f"{what} takes cards from {player}'s library, which the case doesn't list "
            "(hidden information: list `library:` top first to play it out)"
        )
    cards = _library(state, player)
    if len(cards) < n:
        raise Unsupported(
            f"{what}: {player}'s library has {len(cards)} card(s) left; drawing from an "
            "empty library (CR 704.5b) is not played out yet"
        )
    return cards[:n]


def draw(state: GameState, step: fx.Draw, ctx: Resolving) -> GameState:
    """CR 121.1-121.2: each player named draws the top cards of their listed library."""
    n = amount_of(state, step.amount, ctx)
    for player in players_of(state, step.who, ctx):
        refuse_unread(state, "draw", f"{player} drawing")
        for card in _known_library(state, player, n, f"{player} drawing {n}"):
            state = leave(state, card.oid, Zone.HAND, ctx)
            ctx.events.append(Event("drew", obj=card.oid, player=player))
        ctx.say(f"{player} draws {n} card{'s' if n != 1 else ''}", ("121.1", "121.2"))
    return state


def mill(state: GameState, step: fx.Mill, ctx: Resolving) -> GameState:
    """CR 701.17a: each player named puts the top cards of their listed library into
    their graveyard."""
    n = amount_of(state, step.amount, ctx)
    for player in players_of(state, step.who, ctx):
        refuse_unread(state, "mill", f"{player} milling")
        for card in _known_library(state, player, n, f"{player} milling {n}"):
            state = leave(state, card.oid, Zone.GRAVEYARD, ctx)
        ctx.say(f"{player} mills {n} card{'s' if n != 1 else ''}", ("701.17a",))
    return state


def discard(state: GameState, step: fx.Discard, ctx: Resolving) -> GameState:
    """CR 701.9a: each player named discards cards from their listed hand, the ones the
    case chooses (a discard at random from more cards than asked is refused)."""
    n = amount_of(state, step.amount, ctx)
    for player in players_of(state, step.who, ctx):
        if "hand" not in state.player(player).zones_given:
            raise Unsupported(f"{player}'s hand is not listed: what they discard is unknown")
        hand = [o for o in state.objects if o.zone is Zone.HAND and o.owner == player]
        if step.at_random and len(hand) > n:
            raise Unsupported("a card discarded at random is not played out (no randomness)")
        what = f"which {'card' if n == 1 else f'{n} cards'} {player} discards"
        cards = chosen_objects(ctx, player, hand, n, what)
        refuse_unread(state, "discard", f"{player} discarding")
        for oid in cards:
            state = leave(state, oid, Zone.GRAVEYARD, ctx)
            ctx.events.append(Event("discarded", obj=oid, player=player))
        names = ", ".join(state.obj(oid).label for oid in cards)
        ctx.say(f"{player} discards {names or 'nothing'}", ("701.9a",))
    return state
