"""The card vocabulary's mana effects: :class:`Mana`, what an "Add ..." effect adds (CR
106.1, 605.1a): fixed symbols, mana of any color or in any combination of colors
(106.1a), mana of a type other permanents could produce (106.7), of a type a tapped
permanent produced (106.12a), a color of a permanent (105.2), an amount for each object
counted or read from the board; a spending rider kept in the card's words (106.6), and
what mtgrules can't compute kept whole (``depends``). Each renders back to its Oracle
wording.
"""

from __future__ import annotations

from dataclasses import dataclass

from mtgrules.cards.mana import COLOR_NAMES
from mtgrules.cards.vocabulary import count_word


@dataclass(frozen=True)
class Mana:
    """What a mana effect adds.

    Fixed symbols (``{G}{G}``), N mana of any color, N mana of a type other
    permanents "could produce" (CR 106.7), N mana of a type a tapped land
    produced (triggered mana abilities), or fixed symbols for each object counted.
    """

    fixed: tuple[str, ...] = ()
    any_color: int = 0
    # "any type/color that a land ... could produce" (CR 106.7)
    could_produce: str | None = None  # "land_you_control" | "land_opponent_controls"
    could_produce_kind: str = "type"  # "type" (W U B R G C) or "color" (W U B R G)
    amount: int = 1  # how many mana of the could-produce kind
    one_of_produced: int = 0  # N mana of one type the tapped permanent produced
    produced_by: str = "permanent"  # how the words name that permanent ("that land")
    for_each: str | None = None  # `fixed` once for each of these: "creature_you_control"
    one_of: tuple[str, ...] = ()  # one mana of a type chosen among these: "{R} or {G}"
    # one group of symbols chosen among these: "{W}{W}, {W}{U}, or {U}{U}" (filter lands)
    choices: tuple[tuple[str, ...], ...] = ()
    # a restriction on spending the mana or an effect tied to spending it (CR 106.6),
    # in the imported card's own words; it doesn't change the mana's type
    rider: str = ""
    # mana whose amount or type depends on something mtgrules doesn't compute ("X mana
    # ..., where X is ...", a commander's color identity, "... instead" if a condition
    # holds): the whole "Add ..." text in the imported card's own words
    depends: str = ""
    any_combination: int = 0  # N mana in any combination of colors (CR 106.1a)
    # with ``depends`` kept (for readers that don't know it): an amount read from the board,
    # ``fixed`` once per point of it: "power" (its own power), "devotion:G" (CR 700.5)
    amount_by: str = ""
    # with ``depends`` kept: a self-replacement (CR 614.15) "If [condition], add ... instead":
    # the condition ("control:Urza's|Tower;Urza's|Mine", "counter:+1/+1") and the mana then
    instead_if: str = ""
    instead: Mana | None = None
    # "Choose a color of a permanent you control. Add one mana of that color." (CR 105.2)
    color_of: str = ""  # "permanent_you_control"

    def render(self) -> str:
        text = self._render_add()
        return f"{text}. {self.rider.removesuffix('.')}" if self.rider else text

    def _render_add(self) -> str:
        if self.depends:
            return self.depends
        if self.choices:
            groups = ["".join(f"{{{s}}}" for s in group) for group in self.choices]
            if len(groups) == 2:
                return f"Add {groups[0]} or {groups[1]}"
            return f"Add {', '.join(groups[:-1])}, or {groups[-1]}"
        if self.any_combination:
            return f"Add {count_word(self.any_combination)} mana in any combination of colors"
        if self.color_of:
            return "Choose a color of a permanent you control. Add one mana of that color"
        if self.any_color:
            if self.any_color == 1:
                return "Add one mana of any color"
            return f"Add {count_word(self.any_color)} mana of any one color"
        if self.one_of:
            symbols = [f"{{{s}}}" for s in self.one_of]
            if len(symbols) == 2:
                return f"Add {symbols[0]} or {symbols[1]}"
            return f"Add {', '.join(symbols[:-1])}, or {symbols[-1]}"
        if self.could_produce:
            count = "one" if self.amount == 1 else str(self.amount)
            whose = COULD_PRODUCE_TEXT[self.could_produce]
            return f"Add {count} mana of any {self.could_produce_kind} that {whose} could produce"
        if self.one_of_produced:
            count = "one" if self.one_of_produced == 1 else str(self.one_of_produced)
            return f"Add {count} mana of any type that {self.produced_by} produced"
        symbols = "".join(f"{{{s}}}" for s in self.fixed)
        if self.for_each:
            return f"Add {symbols} for each {FOR_EACH_TEXT.get(self.for_each, self.for_each)}"
        return "Add " + symbols

    @property
    def types(self) -> frozenset[str]:
        """The types of mana it could add on its own (CR 106.1): W U B R G C.

        Mana defined by other permanents (CR 106.7) or by the triggering event
        has no types of its own: :mod:`mtgrules.rules.mana.board` works those out.
        """
        if self.any_color or self.any_combination:
            return frozenset(COLOR_NAMES)
        if self.could_produce or self.one_of_produced or self.depends or self.color_of:
            return frozenset()
        if self.choices:
            return frozenset(s for group in self.choices for s in group)
        return frozenset(self.one_of or self.fixed)


COULD_PRODUCE_TEXT = {
    "land_you_control": "a land you control",
    "land_opponent_controls": "a land an opponent controls",
    "basic_land_you_control": "a basic land you control",
    "Gate_you_control": "a Gate you control",
}
# `for_each` is one of these keys, or a count in Oracle words the rules read:
# "[basic ][card type or subtype] you control" / "... on the battlefield"
FOR_EACH_TEXT = {"creature_you_control": "creature you control"}
