"""Finding cards by name: the built-in library, a case's inline cards, imported data.

Names match case- and punctuation-insensitively; a name that matches nothing
gets "did you mean" suggestions, never a silent guess.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Protocol

import yaml

from mtgrules import shipped
from mtgrules.cards.builtin_cache import cached_data
from mtgrules.cards.close_matches import index_of
from mtgrules.cards.define import card_from_data
from mtgrules.cards.vocabulary import CardDef

_Loader: type = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@functools.lru_cache(maxsize=1 << 16)  # a pure function, asked ~90 times a case (bench)
def name_key(name: str) -> str:
    """The form names are matched in: lower case, letters, digits and ``//`` only."""
    return re.sub(r"[^a-z0-9/]+", "", name.lower().replace("’", "'"))


def match_key(name: str) -> str:
    """The key a library finds a card by: :func:`name_key`; for a name with no ASCII letter
    or digit ("日本語", "♥"), whose name key is empty as many are, the name itself, marked,
    so that it matches only a card of exactly that name (an inline card may have one).

    >>> match_key("Lightning Bolt"), match_key("♥") == match_key("♦")
    ('lightningbolt', False)
    """
    return name_key(name) or f"\x00{name}"


def suggestion_key(name: str) -> str:
    """The key "did you mean" compares: :func:`name_key` of the name's compatibility form,
    so a name typed in full-width letters ("Ｇｒｉｚｚｌｙ") is told the card it looks like.
    Only suggested, never matched silently."""
    return name_key(unicodedata.normalize("NFKC", name))


class CardSource(Protocol):
    """Anything that finds cards by name (the imported database, see cards/db.py)."""

    def get(self, name: str) -> CardDef | None: ...
    def __contains__(self, name: str) -> bool: ...
    def suggest(self, name: str, n: int = 3) -> list[str]: ...


@dataclass(frozen=True)
class CardLibrary:
    """Cards by name key; an overlay (inline cards) wins over what it sits on.

    ``fallback`` is asked for names the mapping lacks (imported cards, looked up
    on demand), so a built-in or inline definition wins over imported data.
    """

    cards: Mapping[str, CardDef]
    fallback: CardSource | None = None

    def get(self, name: str) -> CardDef | None:
        found = self._here(name)
        if found is None and self.fallback is not None:
            return self.fallback.get(name)
        return found

    def __contains__(self, name: str) -> bool:
        return self._here(name) is not None or (self.fallback is not None and name in self.fallback)

    def _here(self, name: str) -> CardDef | None:
        """The card of this mapping named ``name`` (:func:`match_key`), not the fallback's."""
        return self.cards.get(match_key(name))

    def suggest(self, name: str, n: int = 3) -> list[str]:
        """The closest known names, for "did you mean"."""
        key = suggestion_key(name)  # empty: no letter to be close to
        keys = index_of(self.cards, self.cards).get(key, n, 0.6) if key else []  # = difflib's
        found = list(dict.fromkeys(self.cards[k].name for k in keys))
        if self.fallback is not None:
            found += [s for s in self.fallback.suggest(name, n) if s not in found]
        return found[:n]

    def with_cards(self, extra: Iterable[CardDef]) -> CardLibrary:
        merged = dict(self.cards)
        merged.update(by_names(extra))
        return CardLibrary(merged, self.fallback)

    def on_top_of(self, source: CardSource) -> CardLibrary:
        """This library, with ``source`` answering the names it doesn't know."""
        return CardLibrary(self.cards, source)

    def names(self) -> list[str]:
        return sorted({card.name for card in self.cards.values()})


def by_names(cards: Iterable[CardDef]) -> dict[str, CardDef]:
    """Cards by the name key of each of their names (CR 709.4a, 712.8, 715.5): the full name,
    each face's, each half's; a card's own name wins over another card's face name."""
    cards = list(cards)
    out: dict[str, CardDef] = {}
    for card in cards:
        for name in card.names[1:]:
            out.setdefault(match_key(name), card)
    out.update({match_key(card.name): card for card in cards})
    return out


def builtin_card_data() -> list[tuple[str, dict]]:
    """Each built-in card file's name and mapping (for tests and the schema check); the
    YAML is parsed once per content (:mod:`mtgrules.cards.builtin_cache`)."""
    folder = shipped.folder("mtgrules.cards.builtin")
    files = [
        (entry.name, entry.read_bytes())
        for entry in sorted(folder.iterdir(), key=lambda e: e.name)
        if entry.name.endswith(".yaml")
    ]
    return cached_data(files, parse_yaml)


def parse_yaml(text: bytes) -> dict:
    """One built-in card file's mapping, read from its YAML."""
    return yaml.load(text.decode("utf-8"), Loader=_Loader)


@functools.cache
def builtin_library() -> CardLibrary:
    """The cards shipped with mtgrules, read once per process."""
    return CardLibrary(by_names(card_from_data(d) for _, d in builtin_card_data()))
