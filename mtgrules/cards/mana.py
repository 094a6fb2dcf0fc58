"""Mana symbols and mana costs (CR 107.4, 202).

>>> cost = ManaCost.parse("{2}{U}{U}")
>>> cost.mana_value(), sorted(cost.colors)
(4, ['U'])
>>> ManaCost.parse("{X}{X}").mana_value()
0
"""

from __future__ import annotations

from dataclasses import dataclass

from mtgrules import lazyre

COLORS = ("W", "U", "B", "R", "G")
COLOR_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
COLOR_CODES = {name: code for code, name in COLOR_NAMES.items()}  # "white" -> "W"
_SYMBOL = lazyre.compile(r"\{([^{}]+)\}")
_VALID = lazyre.compile(
    r"^(\d+|[WUBRGCXYZS]|[WUBRG]/[WUBRG]|2/[WUBRG]|C/[WUBRG]|[WUBRG]/P|[WUBRG]/[WUBRG]/P|H[WUBRG])$"
)


def parse_symbols(text: str, also: frozenset[str] = frozenset()) -> tuple[str, ...]:
    """The symbols of ``"{2}{U}"`` as ``("2", "U")``; ValueError if it isn't mana text.

    ``also`` admits further symbols, such as ``{T}`` and ``{Q}`` in activation costs.
    """
    compact = text.replace(" ", "")
    symbols = tuple(_SYMBOL.findall(compact))
    if "".join(f"{{{s}}}" for s in symbols) != compact:
        raise ValueError(f"not a sequence of mana symbols: {text!r}")
    for symbol in symbols:
        if not _VALID.match(symbol.upper()) and symbol.upper() not in also:
            raise ValueError(f"unknown mana symbol {{{symbol}}}")
    return tuple(s.upper() for s in symbols)


@dataclass(frozen=True)
class ManaCost:
    """A mana cost as its symbols, in printed order."""

    symbols: tuple[str, ...] = ()

    @classmethod
    def parse(cls, text: str | None) -> ManaCost:
        return cls(parse_symbols(text)) if text else cls()

    def __str__(self) -> str:
        return "".join(f"{{{s}}}" for s in self.symbols)

    @property
    def has_x(self) -> bool:
        return "X" in self.symbols

    def with_x(self, x: int) -> tuple[str, ...]:
        """The symbols with each {X} as ``x`` generic mana (CR 107.3a), as they are paid."""
        return tuple(str(x) if s == "X" else s for s in self.symbols if not (s == "X" and x == 0))

    def mana_value(self, x: int = 0) -> int:
        """CR 202.3: the total amount of mana in the cost; X counts as ``x`` (0 off the stack)."""
        total = 0
        for symbol in self.symbols:
            if symbol.isdigit():
                total += int(symbol)
            elif symbol == "X":
                total += x
            elif symbol in {"Y", "Z"}:
                continue
            elif symbol.startswith("2/"):
                total += 2  # CR 202.3f: a monocolored hybrid symbol counts its larger component
            else:
                total += 1
        return total

    @property
    def colors(self) -> frozenset[str]:
        """CR 202.2: an object's colors are the colors of the mana symbols in its cost."""
        return frozenset(c for symbol in self.symbols for c in COLORS if c in symbol.split("/"))

    @property
    def is_empty(self) -> bool:
        return not self.symbols
