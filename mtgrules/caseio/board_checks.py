"""Validate, part three: boards that contradict themselves.

A schema-valid case can still describe a state the game can never reach: a
token in a graveyard, an Equipment attached to itself, two players whose most
recent turn is the same turn. Answering such a case would be answering a
question about a game that can't exist, so each contradiction is a diagnostic
instead (codes C014-C016, C021, C022 and C010), and nothing is answered.

Some of these states exist for a moment: a token leaving the battlefield, or an
Aura whose creature was exiled, until state-based actions are next performed,
which happens before any player receives priority (CR 117.5, 704.3). A case
with `game.priority: null` describes such a moment, and those checks (and the one
for a planeswalker with no loyalty counters, which state-based actions also remove)
are not made for it.

Only what the rules make truly impossible is refused. An Aura may be attached
to a card in a graveyard or a spell on the stack when its enchant ability says
so (Spellweaver Volute, Animate Dead), so an attachment outside the battlefield
is refused only for Equipment, Fortifications and Auras whose enchant ability
names permanents.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mtgrules.cards.library import CardLibrary
from mtgrules.model.walk import RawObject

Path = tuple[str | int, ...]
Report = Callable[[str, Path, str], None]

# Words of an enchant ability that let the Aura enchant something off the battlefield.
_OFF_BATTLEFIELD = ("card", "spell", "graveyard", "library", "hand")


def check_board(
    add: Report, data: dict[str, Any], objects: list[RawObject], library: CardLibrary
) -> None:
    """Report every contradiction of the board through ``add(code, path, message)``."""
    game = data["game"]
    if not ("priority" in game and game["priority"] is None):  # no state-based action pending
        _check_tokens(add, objects)
        _check_attachments(add, objects, library)
        _check_loyalty(add, objects, library)
    _check_owners(add, objects)
    _check_last_turns(add, data)
    _check_attacked(add, data, objects)
    _check_paying_mana(add, game)


def _check_tokens(add: Report, objects: list[RawObject]) -> None:
    """CR 111.7, 704.5d: a token anywhere but the battlefield has ceased to exist."""
    for obj in objects:
        if obj.is_token and obj.zone not in ("battlefield", "stack"):
            add(
                "C014",
                (*obj.path, "token"),
                f"a token in the {obj.zone} has ceased to exist (CR 111.7, 704.5d): "
                "list it on the battlefield, or leave it out (or, for the moment before "
                "state-based actions, set `game.priority: null`)",
            )


def _check_owners(add: Report, objects: list[RawObject]) -> None:
    """CR 400.3: a card put into a hand, library or graveyard goes to its owner's, so it is
    never in another player's (exile and the battlefield are shared)."""
    for obj in objects:
        owner = obj.fields.get("owner")
        if obj.zone in ("hand", "library", "graveyard") and owner and owner != obj.lister:
            add(
                "C022",
                (*obj.path, "owner"),
                f"{obj.card_name or 'this card'} is owned by {owner}, so it can't be in "
                f"{obj.lister}'s {obj.zone}: a card goes to its owner's {obj.zone} (CR 400.3); "
                f"list it under {owner}, or leave `owner` out",
            )


def _check_loyalty(add: Report, objects: list[RawObject], library: CardLibrary) -> None:
    """CR 704.5i, 306.5b, 117.5: a planeswalker card on the battlefield with no loyalty
    counters has loyalty 0, and state-based actions put it into its owner's graveyard
    before any player receives priority, so no player has priority with it there."""
    for obj in objects:
        if obj.zone != "battlefield" or obj.fields.get("face_down"):
            continue
        if isinstance(obj.fields.get("token"), dict):
            continue  # a token's own definition: not looked up here
        card = library.get(obj.card_name or "")
        if card is None or "Planeswalker" not in card.types:
            continue
        counters = obj.fields.get("counters") or {}
        if isinstance(counters, dict) and counters.get("loyalty", 0):
            continue
        where = (*obj.path, "counters") if "counters" in obj.fields else obj.path
        add(
            "C021",
            where,
            f"{card.name} is a planeswalker on the battlefield with no loyalty counters: with "
            "loyalty 0 state-based actions move it to the graveyard before "
            "any player gets priority (CR 704.5i, 117.5); give it `counters: {loyalty: N}`, "
            "or, for the moment before state-based actions, set `game.priority: null`",
        )


def _check_attachments(add: Report, objects: list[RawObject], library: CardLibrary) -> None:
    """CR 301.5c, 303.4d: nothing is attached to itself; CR 704.5m, 704.5n: Equipment,
    Fortifications and Auras that enchant permanents are attached to permanents."""
    by_id = {o.oid: o for o in objects}
    for obj in objects:
        ref = obj.fields.get("attached_to")
        if ref is None or obj.zone != "battlefield":
            continue  # off the battlefield `attached_to` is already C009
        path = (*obj.path, "attached_to")
        if ref == obj.oid:
            add("C015", path, f"{ref!r} is attached to itself (CR 301.5c, 303.4d)")
            continue
        target = by_id.get(ref)
        if target is None or target.zone == "battlefield":
            continue  # a dangling id is C002
        rule = _needs_a_permanent(obj, library)
        if rule:
            add(
                "C015",
                path,
                f"attached to {ref!r}, which is in the {target.zone}, not on the battlefield: "
                f"{rule}; for the moment before state-based actions, set `game.priority: null`",
            )


def _needs_a_permanent(obj: RawObject, library: CardLibrary) -> str | None:
    """Why ``obj`` can be attached only to a permanent, or None if it may be (or we can't tell)."""
    if isinstance(obj.fields.get("token"), dict) or obj.fields.get("face_down"):
        return None
    card = library.get(obj.card_name or "")
    if card is None:
        return None
    if {"Equipment", "Fortification"} & set(card.subtypes):
        return "an Equipment or Fortification attaches only to a permanent (CR 704.5n)"
    if "Aura" in card.subtypes:
        enchant = [
            a.keyword
            for a in card.abilities
            if a.keyword and a.keyword.lower().startswith("enchant ")
        ]
        if enchant and not any(w in e.lower() for e in enchant for w in _OFF_BATTLEFIELD):
            return f"an Aura with {enchant[0]} enchants a permanent (CR 704.5m)"
    return None


def _check_attacked(add: Report, data: dict[str, Any], objects: list[RawObject]) -> None:
    """CR 506.2, 508.1a: only the active player attacks, and a player who controls an
    attacking creature has attacked this turn."""
    active = data["game"]["active_player"]
    for i, player in enumerate(data["players"]):
        said, name = player.get("attacked_this_turn"), player["name"]
        path = ("players", i, "attacked_this_turn")
        if said is True and name != active:
            add(
                "C016",
                path,
                f"it is {active}'s turn, so {name} hasn't attacked this turn: only the active "
                "player attacks (CR 506.2)",
            )
        attackers = [
            o
            for o in objects
            if o.zone == "battlefield" and o.controller == name and o.fields.get("attacking")
        ]
        if said is False and attackers:
            add(
                "C016",
                path,
                f"{name} controls an attacking creature ({attackers[0].card_name}), so they "
                "attacked this turn (CR 508.1a)",
            )


def _check_last_turns(add: Report, data: dict[str, Any]) -> None:
    """CR 102.1: the current turn is the active player's, and each turn is one player's."""
    game = data["game"]
    turn, active = game["turn"], game["active_player"]
    taken: dict[int, str] = {}
    for i, player in enumerate(data["players"]):
        last = player.get("last_turn")
        if last is None or last > turn:
            continue  # after the current turn: C011 says so
        path = ("players", i, "last_turn")
        name = player["name"]
        if name == active and last != turn:
            add(
                "C016",
                path,
                f"{name} is the active player, so their most recent turn is the current "
                f"turn {turn}, not {last}",
            )
        elif name != active and last == turn:
            add(
                "C016",
                path,
                f"turn {turn} is {active}'s turn, so it can't be {name}'s most recent turn",
            )
        elif last in taken:
            add("C016", path, f"turn {last} can't be both {taken[last]}'s and {name}'s turn")
        taken.setdefault(last, name)


def _check_paying_mana(add: Report, game: dict[str, Any]) -> None:
    """CR 502.4: nothing is cast or activated in the untap step, so nobody pays mana there."""
    if game.get("step") == "untap" and game.get("paying_mana"):
        add(
            "C010",
            ("game", "paying_mana"),
            "nobody casts spells or activates abilities in the untap step (CR 502.4), "
            "so nobody is paying mana; leave `paying_mana` out",
        )
