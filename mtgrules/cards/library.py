"""Finding cards by name: the built-in library, a case's inline cards, imported data.

Names match case- and punctuation-insensitively; a name that matches nothing
gets "did you mean" suggestions, never a silent guess.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

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
        """This library with ``extra`` cards, which win over its own of the same name key
        (the keys in the order a merged dict would have them: its own, then the new ones).
        A view, not a copy: the built-in cards are defined as they are asked for."""
        return CardLibrary(_Overlay(by_names(extra), self.cards), self.fallback)

    def on_top_of(self, source: CardSource) -> CardLibrary:
        """This library, with ``source`` answering the names it doesn't know."""
        return CardLibrary(self.cards, source)

    def names(self) -> list[str]:
        return sorted({card.name for card in self.cards.values()})


def by_names(cards: Iterable[CardDef]) -> dict[str, CardDef]:
    """Cards by the name key of each of their names (CR 709.4a, 712.8, 715.5): the full name,
    each face's, each half's; a card's own name wins over another card's face name."""
    cards = list(cards)
    return {key: cards[i] for key, i in _keys(cards).items()}


def _keys(cards: list[CardDef]) -> dict[str, int]:
    """:func:`by_names` as the position of each name key's card in ``cards``."""
    out: dict[str, int] = {}
    for i, card in enumerate(cards):
        for name in card.names[1:]:
            out.setdefault(match_key(name), i)
    out.update({match_key(card.name): i for i, card in enumerate(cards)})
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


class _ByGet(Mapping[str, CardDef]):
    """A mapping of cards read through its own ``get`` (which returns None for a missing key)."""

    def __getitem__(self, key: str) -> CardDef:
        card = self.get(key)
        if card is None:
            raise KeyError(key)
        return card


class _Overlay(_ByGet):
    """``top``'s cards over ``base``'s: what ``{**base, **top}`` holds, in its order, without
    copying ``base`` (nor defining its cards, :class:`DefinedOnDemand`)."""

    def __init__(self, top: Mapping[str, CardDef], base: Mapping[str, CardDef]) -> None:
        self._top = top
        self._base = base

    def get(self, key: str, default: CardDef | None = None) -> CardDef | None:  # type: ignore[override]
        card = self._top.get(key)
        return card if card is not None else self._base.get(key, default)

    def __contains__(self, key: object) -> bool:
        return key in self._top or key in self._base

    def __iter__(self) -> Iterator[str]:
        yield from self._base
        yield from (key for key in self._top if key not in self._base)

    def __len__(self) -> int:
        return len(self._base) + sum(key not in self._base for key in self._top)


class DefinedOnDemand(_ByGet):
    """The built-in cards by name key, each card defined (:func:`card_from_data`) the first
    time one of its names is asked for, then kept: a case names a few of the 100-odd cards,
    and defining one reads its abilities' words (their targets among them), most of the
    library's cost in a one-case check (docs/bench.md, "The cold start").

    The keys are :func:`by_names`'s, worked out from the cards defined without their
    abilities, mana costs and rulings (:func:`_names_only`), which a card's names
    (``CardDef.names``: its name, faces, halves and layout) don't depend on;
    ``tests/test_builtin_library.py`` checks that every key gives the card
    :func:`by_names` of the fully defined cards gives, and that every key gives one card
    object however it is asked for."""

    def __init__(self, data: list[dict[str, Any]]) -> None:
        self._data = data
        self._index = _keys([card_from_data(_names_only(d)) for d in data])
        self._defined: dict[int, CardDef] = {}

    def get(self, key: str, default: CardDef | None = None) -> CardDef | None:  # type: ignore[override]
        """The card of name key ``key``, or ``default`` (most names a case asks the library
        for are not built in: no exception raised and caught for each, as Mapping's would)."""
        i = self._index.get(key)
        if i is None:
            return default
        card = self._defined.get(i)
        if card is None:
            card = self._defined[i] = card_from_data(self._data[i])
        return card

    def __contains__(self, key: object) -> bool:
        return key in self._index

    def __iter__(self) -> Iterator[str]:
        return iter(self._index)

    def __len__(self) -> int:
        return len(self._index)


_NOT_NAMES = ("abilities", "mana_cost", "rulings")


def _names_only(data: Mapping[str, Any]) -> dict[str, Any]:
    """A card's data without what its names don't depend on (nor its back face's and its
    halves'), which is most of what defining it costs."""
    out = {k: v for k, v in data.items() if k not in _NOT_NAMES}
    if "back_face" in out:
        out["back_face"] = _names_only(out["back_face"])
    if "halves" in out:
        out["halves"] = [_names_only(h) for h in out["halves"]]
    return out


def define_builtin_cards() -> None:
    """Every built-in card defined now (a batch's warm-up: forked workers inherit them)."""
    for _ in builtin_library().cards.values():
        pass


@functools.cache
def builtin_library() -> CardLibrary:
    """The cards shipped with mtgrules, read once per process (each defined on demand)."""
    return CardLibrary(DefinedOnDemand([d for _, d in builtin_card_data()]))
