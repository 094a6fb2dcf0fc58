"""Conditions on a static ability that mtgrules can compute from the board (CR 611.3a):
"as long as you control a Giant", "... three or more Attractions", "as long as an opponent
controls a Human", "as long as there are seven or more cards in your graveyard"
(threshold), "as long as you have no cards in hand" (hellbent).

A :class:`StaticCondition` belongs to a :class:`~mtgrules.cards.statics.Boost` or a
:class:`~mtgrules.cards.statics.KeywordGrant` (their ``condition``); it renders the words
back, leading ("As long as ..., this creature gets +1/+1") or trailing ("This creature has
menace as long as ..."). The rules that decide it are :mod:`mtgrules.rules.layers.conditions`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from mtgrules.cards.vocabulary import count_word

# Zones whose cards a condition counts, with how Oracle text says "in your ...".
CARD_ZONES = {"graveyard": "in your graveyard", "hand": "in hand"}


@dataclass(frozen=True)
class StaticCondition:
    """``kind`` ``control``: the ability's controller ("you", ``group.whose`` ``you``) or an
    opponent (``opponents``) controls at least ``at_least`` permanents of ``group``;
    ``cards``: the controller has at least ``at_least`` (at most ``at_most``) cards in
    ``zone`` (``graveyard``, ``hand``); ``entered``: the permanent with the ability entered
    the battlefield this turn. ``leading``: the condition opens the sentence."""

    kind: str
    group: Any = None  # a mtgrules.cards.statics.Group (that module imports this one)
    at_least: int = 1
    at_most: int | None = None
    zone: str = ""
    leading: bool = False

    def clause(self) -> str:
        """ "you control a Giant", "there are seven or more cards in your graveyard"."""
        if self.kind == "entered":
            return "this permanent entered this turn"
        if self.kind == "control":
            group = self.group
            words = group.phrase().removeprefix("each ")
            words = words.removesuffix(" you control").removesuffix(" your opponents control")
            who = "an opponent controls" if group.whose == "opponents" else "you control"
            if self.at_least > 1:
                many = replace(group, quantifier="", whose="you").phrase()
                return (
                    f"{who} {count_word(self.at_least)} or more {many.removesuffix(' you control')}"
                )
            if group.other:
                return f"{who} another {words.removeprefix('other ')}"
            return f"{who} {'an' if words[:1].lower() in 'aeiou' else 'a'} {words}"
        if self.at_most == 0 and self.zone == "hand":
            return "you have no cards in hand"
        return f"there are {count_word(self.at_least)} or more cards {CARD_ZONES[self.zone]}"

    def around(self, text: str, inside: str) -> str:
        """A sentence (ending in ".") with the condition, leading or trailing; ``inside`` is
        the sentence as it reads after a leading clause ("this creature gets ...")."""
        if self.leading:
            return f"As long as {self.clause()}, {inside}"
        return f"{text[:-1]} as long as {self.clause()}."

    def describe(self, controller: str) -> str:
        """The condition for an answer: "while Alice controls a Giant"."""
        if self.kind == "entered":
            return "while the permanent with the ability entered the battlefield this turn"
        clause = self.clause()
        if clause.startswith("you control"):
            return f"while {controller} controls{clause.removeprefix('you control')}"
        if clause.startswith("you have"):
            return f"while {controller} has{clause.removeprefix('you have')}"
        return f"while {clause.replace('your', controller + chr(39) + 's')}"


def condition_from_data(
    data: Mapping[str, Any] | None, group_from_data: Callable[[Mapping[str, Any]], Any]
) -> StaticCondition | None:
    """``{control: {noun: Giant}, at_least: 1}``, ``{opponent_controls: {noun: Human}}``,
    ``{cards_in: graveyard, at_least: 7}``, ``{cards_in: hand, at_most: 0}``,
    ``{entered_this_turn: true}``; ``leading``."""
    if not data:
        return None
    leading = bool(data.get("leading", False))
    if data.get("entered_this_turn"):
        return StaticCondition("entered", leading=leading)
    if "control" in data or "opponent_controls" in data:
        spec = dict(data.get("control") or data.get("opponent_controls") or {})
        spec["whose"] = "opponents" if "opponent_controls" in data else "you"
        spec["quantifier"] = "each"
        return StaticCondition(
            "control",
            group_from_data(spec),
            at_least=int(data.get("at_least", 1)),
            leading=leading,
        )
    at_most = data.get("at_most")
    return StaticCondition(
        "cards",
        zone=data["cards_in"],
        at_least=int(data.get("at_least", 0 if at_most is not None else 1)),
        at_most=None if at_most is None else int(at_most),
        leading=leading,
    )


@dataclass(frozen=True)
class BoardCount:
    """What a "for each" counts, besides permanents (CR 611.3a, 122.1, 404.1):
    ``kind`` ``counters``: counters of ``counter`` on the permanent with the ability (``on``
    ``it`` or ``this permanent``, as the words say it); ``cards``: its controller's cards in
    ``zone`` (``graveyard``, ``hand``), of ``card_type`` if given (``creature``)."""

    kind: str
    counter: str = ""
    on: str = "it"
    zone: str = ""
    card_type: str = ""
    attached: str = ""  # kind ``attached``: the Auras or Equipment attached to it (303.4, 301.5)

    def phrase(self) -> str:
        """ "age counter on it", "creature card in your graveyard", "Aura attached to it"."""
        if self.kind == "attached":
            return f"{self.attached} attached to it"
        if self.kind == "counters":
            return f"{self.counter} counter on {self.on}"
        card = f"{self.card_type} card" if self.card_type else "card"
        return f"{card} {CARD_ZONES[self.zone]}".replace(" in hand", " in your hand")


def count_from_data(data: Mapping[str, Any] | None) -> BoardCount | None:
    """``{counters: age}`` (on the permanent itself), ``{cards_in: graveyard, card_type:
    creature}``."""
    if not data:
        return None
    if "counters" in data:
        return BoardCount("counters", counter=data["counters"], on=data.get("on", "it"))
    if "attached" in data:
        return BoardCount("attached", attached=data["attached"])
    return BoardCount("cards", zone=data["cards_in"], card_type=data.get("card_type", ""))
