"""Checking imported card data before it reaches the database.

A card data file is read by :mod:`mtgrules.cards.importers` into a source-neutral
shape; this module checks every value of that shape (its type, its length, the
characters in it) and normalises what has an obvious meaning (a power given as the
number 2 is the text "2"), so that whatever a file holds, what the database stores
can be read back by ``card``, ``validate``, ``check`` and ``cards coverage``. A value
no real card has (a name that is a number, a 5,000-digit toughness, rules text with
control characters, a face that is a list) refuses the whole file with
:class:`ImportValueError`, naming the card and the field: nothing is imported.

It also turns the faults of a reader walking malformed data (a missing field, a value
of the wrong type, nesting too deep for the JSON decoder) into the same error, with
the number of the record, so an import never ends in a traceback
(docs/hostile-inputs.md).
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from typing import Any, TypeVar

from mtgrules import lazyre

T = TypeVar("T")

MAX_NAME = 200  # the longest real card name is under 150 characters
MAX_TEXT = 20_000  # rules text or a ruling; the longest real ones are a few thousand
MAX_WORD = 100  # a type, a keyword, a layout
MAX_LIST = 50  # types, keywords, rulings' faces
MAX_FACES = 8
MAX_STAT = 12  # power, toughness, loyalty, defense as text: "*", "1+*", "-1", "99"
MAX_NUMBER = 10**7  # a number a real card prints (Gleemax costs 1,000,000)
# A mana cost: symbols in braces, each short ("{2}", "{W/P}", "{1000000}").
_COST = lazyre.compile(r"(?:\{[^{}]{1,12}\})*")
_DIGITS = lazyre.compile(r"\d{8,}")  # a number longer than any real card's


@dataclass(frozen=True)
class ImportedCard:
    """A card as imported: its faces (with Oracle text) and dated rulings. Defined here,
    not in :mod:`mtgrules.cards.importers` (which re-exports it), so that the card database
    reads its records without importing the file readers."""

    name: str
    oracle_id: str
    layout: str
    faces: tuple[dict[str, Any], ...]
    rulings: tuple[tuple[str, str, str | None], ...] = ()  # (date, text, source)


class ImportValueError(ValueError):
    """A value in an import file that no real card has, or a record mtgrules can't read."""


def _bad_chars(text: str, newlines: bool) -> bool:
    """Control (or unassigned surrogate) characters, other than line ends in rules text."""
    allowed = "\n\t" if newlines else ""
    return any(unicodedata.category(c) in ("Cc", "Cs") and c not in allowed for c in text)


def text(value: Any, what: str, limit: int, newlines: bool = False, empty: bool = True) -> str:
    """A string of at most ``limit`` characters, without control characters."""
    if not isinstance(value, str):
        raise ImportValueError(f"{what} is {_kind(value)}, not text")
    if len(value) > limit:
        raise ImportValueError(f"{what} is {len(value):,} characters long (at most {limit:,})")
    if not empty and not value.strip():
        raise ImportValueError(f"{what} is empty")
    if _bad_chars(value, newlines):
        raise ImportValueError(f"{what} holds control characters")
    if _DIGITS.search(value) and what.endswith(("cost", "power", "toughness", "loyalty")):
        raise ImportValueError(f"{what} holds a number larger than any card's")
    return value


def _kind(value: Any) -> str:
    names = {bool: "true/false", int: "a number", float: "a number", list: "a list"}
    return "missing" if value is None else names.get(type(value), f"a {type(value).__name__}")


def optional(value: Any, what: str, limit: int) -> str | None:
    return None if value is None else text(value, what, limit)


def words(value: Any, what: str, limit: int = MAX_WORD) -> list[str]:
    """A list of short strings (types, keywords, face names)."""
    if value is None:
        return []
    if not isinstance(value, list | tuple):
        raise ImportValueError(f"{what} is {_kind(value)}, not a list")
    if len(value) > MAX_LIST:
        raise ImportValueError(f"{what} has {len(value):,} items (at most {MAX_LIST})")
    return [text(v, f"an item of {what}", limit, empty=False) for v in value]


def stat(value: Any, what: str) -> str | None:
    """Power, toughness, loyalty or defense: text as printed; a number becomes its text."""
    if value is None:
        return None
    if isinstance(value, bool) or (isinstance(value, float) and not value.is_integer()):
        raise ImportValueError(f"{what} is {_kind(value)}, not a printed value")
    if isinstance(value, int | float):
        if abs(value) >= MAX_NUMBER:
            raise ImportValueError(f"{what} is a number larger than any card's")
        return str(int(value))
    return text(value, what, MAX_STAT, empty=False)


def face(value: Any, card: str) -> dict[str, Any]:
    """One face of the source-neutral shape, every field checked and normalised."""
    if not isinstance(value, dict):
        raise ImportValueError(f"a face of {card} is {_kind(value)}, not a record")
    out = dict(value)
    name = text(value.get("name"), f"the name of a face of {card}", MAX_NAME, empty=False)
    where = f"{card}'s face {name!r}" if name != card else card
    out["name"] = name
    cost = optional(value.get("mana_cost"), f"{where}'s mana cost", MAX_NAME)
    if cost is not None and not _COST.fullmatch(cost):
        raise ImportValueError(f"{where}'s mana cost {cost!r} is not mana symbols in braces")
    out["mana_cost"] = cost or None
    out["type_line"] = text(value.get("type_line") or "", f"{where}'s type line", MAX_NAME)
    for field in ("supertypes", "types", "subtypes", "keywords"):
        out[field] = words(value.get(field), f"{where}'s {field}")
    for field in ("power", "toughness", "loyalty", "defense"):
        out[field] = stat(value.get(field), f"{where}'s {field}")
    out["text"] = text(value.get("text") or "", f"{where}'s rules text", MAX_TEXT, newlines=True)
    if "color_indicator" in value:  # absent: the data doesn't say (cards/db.py)
        colors = words(value["color_indicator"], f"{where}'s color indicator", 1)
        if any(c not in "WUBRG" for c in colors):
            raise ImportValueError(f"{where}'s color indicator holds {colors!r}, not W U B R G")
        out["color_indicator"] = colors if value["color_indicator"] is not None else None
    for field in ("melds_from", "missing_faces"):
        if field in value:
            out[field] = words(value[field], f"{where}'s {field}", MAX_NAME)
    if value.get("side") is not None:
        out["side"] = text(value["side"], f"{where}'s side", MAX_WORD)
    return out


def card(found: T) -> T:
    """An imported card (:class:`mtgrules.cards.importers.ImportedCard`), checked and
    normalised; a meta record (a dict) passes as it is."""
    if isinstance(found, dict):
        return found
    name = text(found.name, "a card's name", MAX_NAME, empty=False)  # type: ignore[attr-defined]
    faces = found.faces  # type: ignore[attr-defined]
    if not faces or len(faces) > MAX_FACES:
        raise ImportValueError(f"{name} has {len(faces)} faces")
    rulings = found.rulings  # type: ignore[attr-defined]
    if len(rulings) > 10_000:
        raise ImportValueError(f"{name} has {len(rulings):,} rulings")
    return replace(  # type: ignore[type-var]
        found,
        oracle_id=text(found.oracle_id, f"{name}'s oracle id", MAX_NAME, empty=False),  # type: ignore[attr-defined]
        layout=text(found.layout, f"{name}'s layout", MAX_WORD, empty=False),  # type: ignore[attr-defined]
        faces=tuple(face(f, name) for f in faces),
        rulings=tuple(ruling(r, name) for r in rulings),
    )


def ruling(row: Any, card: str) -> tuple[str, str, str | None]:
    """A ruling: (date, text, source), each checked."""
    date, said, source = row
    return (
        text(date, f"the date of a ruling on {card}", MAX_WORD, empty=False),
        text(said, f"a ruling on {card}", MAX_TEXT, newlines=True),
        optional(source, f"the source of a ruling on {card}", MAX_WORD),
    )


def scryfall_ruling(row: tuple[Any, Any, Any, Any]) -> tuple[str, str, str, str | None]:
    """A Scryfall ruling row: (oracle id, date, text, source), each checked."""
    oracle_id = text(row[0], "a ruling's oracle_id", MAX_NAME, empty=False)
    return (oracle_id, *ruling(row[1:], f"the card of oracle id {oracle_id}"))  # type: ignore[return-value]


def guarded(items: Iterator[T], what: str, check: Callable[[T], T]) -> Iterator[T]:
    """``items`` checked one by one; a reader's fault on malformed data (a missing field, a
    value of the wrong type, nesting too deep) becomes an :class:`ImportValueError` naming
    the record it happened at."""
    n = 0
    try:
        for n, item in enumerate(items, 1):  # noqa: B007 (n names the record in the message)
            yield check(item)
    except ImportValueError:
        raise
    except KeyError as err:
        raise ImportValueError(f"{what} {n + 1} lacks the field {err}") from None
    except RecursionError:
        raise ImportValueError(f"{what} {n + 1}: nested too deeply to be card data") from None
    except (TypeError, AttributeError, IndexError) as err:
        reason = "a value of the wrong type" if not isinstance(err, IndexError) else "a short list"
        raise ImportValueError(f"{what} {n + 1}: {reason} where card data has another") from None
    except ValueError as err:
        if type(err) is not ValueError and not isinstance(err, json.JSONDecodeError):
            raise  # a reader's own error (CardDataError), already one line
        raise ImportValueError(f"not valid JSON ({_short(err)})") from None  # the decoder's


def _short(err: Exception) -> str:
    said = str(err)
    return said if len(said) <= 120 else said[:117] + "..."
