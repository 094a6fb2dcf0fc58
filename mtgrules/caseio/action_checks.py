"""Validate: what can be told of a case's ``actions:`` (format version 2) before they are played.

Only what holds whatever happens during the play-out is checked here. A REF in an
action may name an object that doesn't exist yet (a token the play-out creates, a card
drawn) or one that will have left (a creature that died): whether it is there *at that
point* is the play-out's to say (P001). What is certain before any action is played:

- ``by:`` names a player of the case (C005), and so does ``choose: {player: NAME}``;
  players never join or leave a game during a play-out;
- a ``choose:`` that comes before any other entry answers nothing: the game asks for a
  choice during an action (DESIGN, "Where ``choose:`` goes"), so there was none yet (P003).

The shape of each entry (its keys, a ``next:`` step that exists, the ``choose:`` forms)
is the schema's (S codes).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mtgrules.caseio.actions import ACTION_KINDS, Action, describe

Path = tuple[str | int, ...]


def check_actions(
    add: Callable[..., None], actions: list[Any], players: list[str], close: Callable
) -> None:
    """C005 for a ``by:`` (or a chosen player) that is not a player of the case; P003 for a
    ``choose:`` before any action. ``close(name, players)`` is the "did you mean" hint."""
    for i, entry in enumerate(actions):
        if not isinstance(entry, dict):
            continue
        kind = next((k for k in entry if k in ACTION_KINDS), None)
        by = entry.get("by")
        if isinstance(by, str) and by not in players:
            add(
                "C005",
                ("actions", i, "by"),
                f"`by: {by}`: {by!r} is not a player in this case{close(by, players)}",
            )
        if kind != "choose" or not isinstance(entry["choose"], dict):
            continue
        chosen = entry["choose"].get("player")
        if isinstance(chosen, str) and chosen not in players:
            add(
                "C005",
                ("actions", i, "choose", "player"),
                f"the player chosen, {chosen!r}, is not a player in this case"
                + close(chosen, players),
            )
        if i == 0:
            add(
                "P003",
                ("actions", i),
                f"action 1 ({describe(Action(1, 'choose', entry['choose']))}): no action "
                "came before it to ask for a choice; a `choose:` follows the action during "
                "which the game asks for it",
            )
