"""The effect vocabulary's groups of cards and objects chosen as an effect resolves (CR 608.2c,
608.2d): "all land cards from your graveyard", "a land you control" returned to its owner's
hand, "a creature card at random from your graveyard". None of them is a target (115.1):
which objects they are is found, or chosen by the player who follows the instruction, only
as the instruction is carried out. A :class:`Selection` is held by a
:class:`~mtgrules.cards.effects.Subject` of kind ``selection``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mtgrules.cards.effects_library import CardKinds
    from mtgrules.cards.statics import Group

# where the cards are, as the words say it ("from your graveyard")
ZONE_WORDS = {
    ("graveyard", "you"): "your graveyard",
    ("graveyard", "any"): "a graveyard",
    ("graveyard", "all"): "all graveyards",
    ("hand", "you"): "your hand",
}


@dataclass(frozen=True)
class Selection:
    """Which objects an instruction acts on, when they are not its targets (CR 608.2c):

    - ``group``: permanents on the battlefield of that group (CR 109.2), chosen by the
      instruction's controller ("Return a land you control to its owner's hand", 608.2d);
    - ``cards``: cards of those kinds (205.2a) in ``zone`` (``graveyard`` or ``hand``) of
      ``whose`` (``you``: the controller's own, 404.1, 402.1; ``any``: one graveyard, the
      card chosen from any of them; ``all``: every graveyard, 404.2).

    ``count``: 0 for every one of them ("all creature cards"); otherwise how many are
    chosen, by the instruction's controller as it resolves (608.2d) or ``at_random``."""

    zone: str = "battlefield"
    whose: str = "you"
    group: Group | None = None
    cards: CardKinds | None = None
    count: int = 0
    at_random: bool = False

    RULES = ("608.2c", "608.2d")

    def render(self) -> str:
        if self.group is not None:
            one = replace(self.group, quantifier="each") if self.count == 1 else self.group
            what = one.phrase().removeprefix("each ")
            how = " at random" if self.at_random else " of your choice"
            return f"{_count(self.count)} {what}{how}" if self.count else f"all {what}"
        kinds = self.cards.render() if self.cards is not None else "card"
        if not self.count:
            kinds = kinds.removesuffix("card") + "cards"
            how = ""
        else:
            how = " at random" if self.at_random else " of your choice"
        where = ZONE_WORDS.get((self.zone, self.whose), f"{self.whose} {self.zone}")
        head = f"{_count(self.count)} " if self.count else "all "
        return f"{head}{kinds} in {where}{how}"


def _count(n: int) -> str:
    return "one" if n == 1 else str(n)
