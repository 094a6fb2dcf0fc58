"""Walking a case mapping: every object it lists, with its path and zone.

Shared by the semantic checks and the state builder so that both see the same
objects with the same generated ids.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

ZONES = ("battlefield", "hand", "graveyard", "exile", "library")


@dataclass(frozen=True)
class RawObject:
    path: tuple[str | int, ...]
    lister: str | None  # the player listing it (None for the stack)
    zone: str
    fields: dict[str, Any]  # the object's mapping; a bare card name becomes {"card": name}

    @property
    def oid(self) -> str:
        """The case's id, or one generated from where it is listed."""
        if self.fields.get("id"):
            return str(self.fields["id"])
        if self.zone == "stack":
            return f"stack[{self.path[-1]}]"
        return f"{self.lister}.{self.zone}[{self.path[-1]}]"

    @property
    def card_name(self) -> str | None:
        """The name it has in the game: a token mapping's `name` wins over `card` (the
        mapping states the token's characteristics, CR 111.4)."""
        token = self.fields.get("token")
        if isinstance(token, dict) and token.get("name"):
            return token["name"]
        return self.fields.get("card")

    @property
    def is_token(self) -> bool:
        """`token: true` or a mapping, even an empty one: a token whose creating effect
        stated nothing but what it copies is still a token (CR 111.1, 111.3, 707.2)."""
        token = self.fields.get("token")
        return token is True or isinstance(token, dict)

    @property
    def controller(self) -> str | None:
        return self.fields.get("controller") or self.lister

    @property
    def owner(self) -> str | None:
        return self.fields.get("owner") or self.lister or self.fields.get("controller")


def iter_objects(data: dict[str, Any]) -> Iterator[RawObject]:
    """Every object of the case: the players' zones in order, then spells on the stack."""
    for p_index, player in enumerate(data.get("players") or []):
        if not isinstance(player, dict):
            continue
        for zone in ZONES:
            for i, item in enumerate(player.get(zone) or []):
                fields = {"card": item} if isinstance(item, str) else dict(item)
                yield RawObject(("players", p_index, zone, i), player.get("name"), zone, fields)
    for i, item in enumerate((data.get("game") or {}).get("stack") or []):
        if isinstance(item, dict) and "card" in item:
            yield RawObject(("game", "stack", i), None, "stack", dict(item))
