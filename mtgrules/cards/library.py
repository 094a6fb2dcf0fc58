"""Finding cards by name: the built-in library, a case's inline cards, imported data.

Names match case- and punctuation-insensitively; a name that matches nothing
gets "did you mean" suggestions, never a silent guess.
"""

from __future__ import annotations

import difflib
import functools
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from importlib import resources

import yaml

from mtgrules.cards.define import card_from_data
from mtgrules.cards.vocabulary import CardDef

_Loader: type = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def name_key(name: str) -> str:
    """The form names are matched in: lower case, letters, digits and ``//`` only."""
    return re.sub(r"[^a-z0-9/]+", "", name.lower().replace("’", "'"))


@dataclass(frozen=True)
class CardLibrary:
    """Cards by name key; an overlay (inline cards) wins over what it sits on."""

    cards: Mapping[str, CardDef]

    def get(self, name: str) -> CardDef | None:
        return self.cards.get(name_key(name))

    def __contains__(self, name: str) -> bool:
        return name_key(name) in self.cards

    def suggest(self, name: str, n: int = 3) -> list[str]:
        """The closest known names, for "did you mean"."""
        keys = difflib.get_close_matches(name_key(name), list(self.cards), n=n, cutoff=0.6)
        return [self.cards[k].name for k in keys]

    def with_cards(self, extra: Iterable[CardDef]) -> CardLibrary:
        merged = dict(self.cards)
        merged.update({name_key(card.name): card for card in extra})
        return CardLibrary(merged)

    def names(self) -> list[str]:
        return sorted(card.name for card in self.cards.values())


def builtin_card_data() -> list[tuple[str, dict]]:
    """Each built-in card file's name and mapping (for tests and the schema check)."""
    folder = resources.files("mtgrules.cards.builtin")
    out = []
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".yaml"):
            out.append((entry.name, yaml.load(entry.read_text(encoding="utf-8"), Loader=_Loader)))
    return out


@functools.cache
def builtin_library() -> CardLibrary:
    """The cards shipped with mtgrules, read once per process."""
    return CardLibrary({name_key(d["name"]): card_from_data(d) for _, d in builtin_card_data()})
