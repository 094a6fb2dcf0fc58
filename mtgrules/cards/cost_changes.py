"""Card vocabulary for static abilities that make spells cost more or less (CR 601.2f, 118.7).

:class:`CostChange` holds the templates judges meet most:

* "Creature spells you cast cost {1} less to cast." — a group of spells (by the kinds a
  permission or restriction names), of one player, several or all (109.5);
* "Noncreature spells cost {1} more to cast." — every player's;
* "This spell costs {1} less to cast for each artifact you control." / "... if you
  control a Wizard." — the spell's own ability, which works on the stack (113.6d).

It is read from one exact Oracle template (:mod:`mtgrules.cards.oracle.cost_changes`) and
renders back to it; :mod:`mtgrules.rules.casting.cost_changes` applies it while the total cost is
determined.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from mtgrules.cards.static_data import group_from_data
from mtgrules.cards.static_permissions import spells_phrase
from mtgrules.cards.statics import CONDITIONS, Group, control_phrase

# whose spells: "you cast", "your opponents cast", or nothing (every player's)
WHOSE_SPELLS = {"you": " you cast", "opponents": " your opponents cast", "players": ""}
# mana symbols a change can name: generic amounts, colorless and the five colors
CHANGE_SYMBOLS = frozenset({"C", "W", "U", "B", "R", "G"})


@dataclass(frozen=True)
class CostChange:
    """A cost increase (``more``) or reduction of ``amount`` (mana symbols without braces:
    ``("1",)``, ``("W",)``, ``("2", "U")``).

    ``this_spell``: the spell's own ability ("This spell costs ..."), with at most one of
    ``if_control`` (a group the caster must control one of, as the total cost is
    determined) and ``for_each`` (the change once per permanent of the group the caster
    controls). Otherwise the ability of a permanent: spells of the ``spells`` kinds (none:
    every spell; ``each_noun``: "Kithkin spells and Soldier spells"), cast by ``who``
    (``you``, ``opponents``, ``players``), ``during`` a condition of
    :data:`mtgrules.cards.statics.CONDITIONS` if given.
    """

    amount: tuple[str, ...]
    more: bool
    this_spell: bool = False
    who: str = "you"
    spells: tuple[str, ...] = ()
    each_noun: bool = False
    during: str = ""
    if_control: Group | None = None
    for_each: Group | None = None

    @property
    def symbols(self) -> str:
        return "".join(f"{{{s}}}" for s in self.amount)

    def render(self) -> str:
        way = "more" if self.more else "less"
        if self.this_spell:
            text = f"This spell costs {self.symbols} {way} to cast"
            if self.if_control is not None:
                text += f" if you control {control_phrase(self.if_control)}"
            elif self.for_each is not None:
                text += f" for {self.for_each.phrase()}"
            return text + "."
        spells = spells_phrase(self.spells, "and", self.each_noun)
        text = f"{spells}{WHOSE_SPELLS[self.who]} cost {self.symbols} {way} to cast."
        if self.during:
            return f"{CONDITIONS[self.during][0]}, {text[:1].lower()}{text[1:]}"
        return text[:1].upper() + text[1:]


def cost_change_from_data(data: Mapping[str, Any]) -> CostChange:
    """The ``cost_change`` entry of a hand-written card (schemas/card.schema.json)."""

    def group(key: str) -> Group | None:
        spec = data.get(key)
        return None if spec is None else replace(group_from_data(spec), quantifier="each")

    amount = data["amount"]
    return CostChange(
        amount=tuple(s.strip("{}") for s in amount.replace("}{", "} {").split()),
        more=data["change"] == "more",
        this_spell=bool(data.get("this_spell", False)),
        who=data.get("who", "you"),
        spells=tuple(data.get("spells", ())),
        each_noun=bool(data.get("each_noun", False)),
        during=data.get("during", ""),
        if_control=group("if_control"),
        for_each=group("for_each"),
    )
