"""The non-mana parts of an activation cost: can the activating player pay them now?

A cost can be paid only with the resources to pay it in full (CR 118.3, 602.2b, 601.2h),
so each part asks for what it uses:

- pay N life: a life total of at least N (119.4);
- sacrifice this / a creature / N [type or subtype]s: permanents the player controls of
  that kind, the object itself among them when it is one (701.21a);
- tap an untapped creature / N untapped [subtype]s you control: untapped permanents the
  player controls of that kind, the object itself among them unless {T} is also in the
  cost (it would be tapped by then, 701.26a); summoning sickness doesn't matter, as that
  is only for {T} and {Q} in the creature's own abilities' costs (302.6);
- discard a card / N cards / your hand: cards in the player's hand (701.9a); "Discard
  your hand" can be paid with no cards;
- mill N cards: at least N cards in the library, when the case says how many (701.17b);
- remove N [kind] counters from this permanent: that many on it (122.1);
- sacrifice another [kind] / tap another untapped [kind] you control: as above, never the
  object itself;
- discard a [card type] card: such a card in the player's hand; exile N [card type] cards
  from your graveyard: that many in the player's graveyard (701.13a), tokens left out, as a
  token isn't a card (108.2b).

Counting permanents or cards of a kind reads their types (613.1d): while an unread static
on the battlefield could change some object's types or colors, the answer is unsupported.

Two parts drawing on the same kind of resource (two sacrifices, two discards) could
compete for it; that is left unsupported rather than counted twice.
"""

from __future__ import annotations

from mtgrules.answer import Reason
from mtgrules.cards.statics import singular
from mtgrules.cards.vocabulary import Cost, CostPart
from mtgrules.model.state import GameObject, GameState, Zone
from mtgrules.rules import Unsupported
from mtgrules.rules.layers.characteristics import characteristics
from mtgrules.rules.layers.statics_in_force import counted_kinds_read
from mtgrules.rules.scope.index import Scope
from mtgrules.rules.scope.query import Depends, require

# the resource each kind of part draws on
RESOURCE = {
    "sacrifice_self": "sacrifice",
    "sacrifice_creature": "sacrifice",
    "sacrifice": "sacrifice",
    "tap_untapped_creature": "tap",
    "tap_untapped": "tap",
    "discard": "discard",
    "discard_hand": "discard",
    "discard_self": "discard",
    "pay_life": "life",
    "mill": "library",
    "remove_counter": "counters",
    "sacrifice_another": "sacrifice",
    "tap_another_untapped": "tap",
    "discard_card_of": "discard",
    "exile_from_graveyard": "graveyard",
}
# parts that can put a card into its payer's graveyard, where an "exile ... from your
# graveyard" part of the same cost, paid after them, could find it (CR 601.2h)
GRAVEYARD_FEEDERS = frozenset(
    {
        "sacrifice_self",
        "sacrifice_creature",
        "sacrifice",
        "sacrifice_another",
        "discard",
        "discard_hand",
        "discard_self",
        "discard_card_of",
        "mill",
    }
)
CARD_TYPES = {
    "artifact": "Artifact",
    "creature": "Creature",
    "land": "Land",
    "enchantment": "Enchantment",
}


def shared_resource(cost: Cost) -> str | None:
    """A resource two parts of the cost draw on, if any."""
    seen: set[str] = set()
    for part in cost.parts:
        resource = RESOURCE.get(part.kind)
        if resource in seen:
            return resource
        if resource:
            seen.add(resource)
    return None


def part_check(state: GameState, obj: GameObject, cost: Cost, part: CostPart) -> Reason | None:
    """Whether ``obj``'s controller can pay this part of ``cost`` now; None for a kind this
    module doesn't read."""
    player = obj.controller or obj.owner
    shared = shared_resource(cost)
    if shared:
        raise Unsupported(
            f"two parts of the cost ({cost.render()}) draw on the same {shared}; "
            "which can pay both is not modeled"
        )
    if part.kind == "pay_life":
        life = state.player(player).life
        can = "can" if life >= part.amount else "can't"
        return Reason(
            life >= part.amount,
            f"{player} has {life} life, so {can} pay {part.amount} life.",
            ("119.4", "118.3"),
        )
    if part.kind in ("sacrifice_creature", "sacrifice", "sacrifice_another"):
        what = "creature" if part.kind == "sacrifice_creature" else part.counter
        itself = part.kind != "sacrifice_another"
        found = _permanents(state, obj, player, what, untapped=False, itself=itself)
        _payers_unchanged(state, found, f"whether {player} can sacrifice them for the cost")
        return _enough(
            found,
            part.amount,
            f"{player} controls",
            _noun(what),
            "to sacrifice",
            ("701.21a", "118.3"),
        )
    if part.kind in ("tap_untapped_creature", "tap_untapped", "tap_another_untapped"):
        what = "creature" if part.kind == "tap_untapped_creature" else part.counter
        itself = not cost.tap and part.kind != "tap_another_untapped"
        found = _permanents(state, obj, player, what, untapped=True, itself=itself)
        _payers_unchanged(state, found, f"whether {player} can tap them for the cost")
        reason = _enough(
            found,
            part.amount,
            f"{player} controls",
            f"untapped {_noun(what)}",
            "to tap",
            ("701.26a", "118.3"),
        )
        notes = ["not itself, which {T} in the same cost taps"] if cost.tap else []
        rules = reason.rules
        if found:  # CR 302.6 is about {T} in a creature's own abilities' costs only
            notes.insert(
                0, "summoning sickness doesn't matter: tapping them isn't their own {T} ability"
            )
            rules = (*rules, "302.6")
        also = f" ({'; '.join(notes)})" if notes else ""
        return Reason(reason.holds, reason.text.removesuffix(".") + also + ".", rules)
    if part.kind == "discard":
        if obj.zone is Zone.HAND:
            raise Unsupported(
                f"whether {obj.label} may discard itself to its own cost is not modeled"
            )
        hand = [o for o in state.in_zone(Zone.HAND) if o.owner == player]
        _zone_given(state, player, "hand", len(hand), part.amount)
        return _enough(
            hand, part.amount, f"{player} has", "card", "in hand to discard", ("701.9a", "118.3")
        )
    if part.kind == "discard_card_of":
        if obj.zone is Zone.HAND:
            raise Unsupported(
                f"whether {obj.label} may discard itself to its own cost is not modeled"
            )
        counted_kinds_read(state, f"{part.counter} cards")
        hand = [
            o
            for o in state.in_zone(Zone.HAND)
            if o.owner == player and is_kind(characteristics(state, o, through="4"), part.counter)
        ]
        _zone_given(state, player, "hand", len(hand), part.amount)
        return _enough(
            hand,
            part.amount,
            f"{player} has",
            f"{part.counter} card",
            "in hand to discard",
            ("701.9a", "118.3"),
        )
    if part.kind == "exile_from_graveyard":
        if obj.zone is Zone.GRAVEYARD:
            raise Unsupported(
                f"whether {obj.label} may exile itself from the graveyard to its own cost is "
                "not modeled"
            )
        kind = part.counter.strip()
        if kind:
            counted_kinds_read(state, f"{kind} cards")
        cards = [  # CR 108.2b: a token still there before state-based actions isn't a card
            o
            for o in state.in_zone(Zone.GRAVEYARD)
            if o.owner == player
            and not o.token
            and (not kind or is_kind(characteristics(state, o, through="4"), kind))
        ]
        feeders = [p.kind for p in cost.parts if p.kind in GRAVEYARD_FEEDERS]
        if len(cards) < part.amount and feeders:
            raise Unsupported(
                f"{obj.label}'s cost ({cost.render()}) is paid in any order (CR 601.2h, "
                f"602.2b): a card its {feeders[0].replace('_', ' ')} part puts into "
                f"{player}'s graveyard could be exiled by its exile part, and the order of "
                "payment is not modeled"
            )
        _zone_given(state, player, "graveyard", len(cards), part.amount)
        return _enough(
            cards,
            part.amount,
            f"{player} has",
            f"{kind} card".strip(),
            "in their graveyard to exile",
            ("701.13a", "118.3"),
        )
    if part.kind == "discard_hand":
        return Reason(
            True, f"{player} can discard their hand, even with no cards in it.", ("701.9a",)
        )
    if part.kind == "mill":
        size = state.player(player).library_size
        if size is None:
            raise Unsupported(
                f"the cost mills {part.amount}; the case doesn't say how many cards are in "
                f"{player}'s library (library_size)"
            )
        return Reason(
            size >= part.amount,
            f"{player}'s library has {size} card{'s' if size != 1 else ''}; the cost mills "
            f"{part.amount}.",
            ("701.17b", "118.3"),
        )
    if part.kind == "remove_counter":
        counters = dict(obj.counters)
        have = counters.get(part.counter, 0) if part.counter else sum(counters.values())
        kind = f"{part.counter} " if part.counter else ""
        return Reason(
            have >= part.amount,
            f"It has {have} {kind}counter{'s' if have != 1 else ''}; the cost removes {part.amount}.",
            ("122.1", "118.3"),
        )
    return None


def _payers_unchanged(state: GameState, found: list[GameObject], changes: str) -> None:
    """CR 118.3: Unsupported if an unread ability could stop one of these from paying the
    part ("creatures can't be sacrificed", "can't be tapped")."""
    if found:
        require(state, Depends(tuple(found), (Scope.COST_RESOURCE,), changes))


def _noun(what: str) -> str:
    return what.lower() if what.lower() in CARD_TYPES else what


def _permanents(
    state: GameState, obj: GameObject, player: str, what: str, *, untapped: bool, itself: bool
) -> list[GameObject]:
    """The permanents ``player`` controls that are a ``what`` ("creature", "artifact",
    "Elf", "Elves", "artifact or creature")."""
    kinds = [w.strip() for w in what.split(" or ")]
    counted_kinds_read(state, what)  # CR 613.1d-e: what counts as one
    found = []
    for o in state.in_zone(Zone.BATTLEFIELD, player):
        if (untapped and o.tapped) or (o.oid == obj.oid and not itself):
            continue
        c = characteristics(state, o, through="4")
        if any(is_kind(c, k) for k in kinds):
            found.append(o)
    return found


def is_kind(c, kind: str) -> bool:
    """Whether characteristics ``c`` are of ``kind``: a card type ("land", "lands") or a subtype."""
    word = kind.lower()
    if word in CARD_TYPES:
        return c.is_a(CARD_TYPES[word])
    if word.endswith("s") and word[:-1] in CARD_TYPES:
        return c.is_a(CARD_TYPES[word[:-1]])
    one = singular(kind) or kind
    return c.has_subtype(one)


def _enough(
    found: list[GameObject], amount: int, who: str, noun: str, purpose: str, rules: tuple[str, ...]
) -> Reason:
    names = ", ".join(o.label for o in found)
    listed = f" ({names})" if names else ""
    many = noun if len(found) == 1 or noun.endswith("s") else noun + "s"
    count = str(len(found)) if found else "no"
    return Reason(
        len(found) >= amount,
        f"{who} {count} {many if found else noun}{listed} {purpose}; the cost needs {amount}.",
        rules,
    )


def _zone_given(state: GameState, player: str, zone: str, have: int, needed: int) -> None:
    """A cost part short of cards in a zone the case doesn't list for the player is refused:
    an absent hand or graveyard isn't said to be empty (``hand: []`` says so), as for the
    conditions on cards in a zone (CR 118.3, 701.9a, 701.13a; rules/layers/conditions.py)."""
    if have < needed and zone not in state.player(player).zones_given:
        raise Unsupported(
            f"the cost needs {needed} card{'s' * (needed != 1)} from {player}'s {zone}, and the "
            f"case doesn't list {player}'s {zone} (give `{zone}: []` if it is empty)"
        )
