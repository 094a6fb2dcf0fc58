"""Reading big JSON files one member at a time.

Card data files are tens or hundreds of megabytes. These helpers decode the
members of the top-level object (or the items of the top-level array) one by
one with :meth:`json.JSONDecoder.raw_decode`, so the whole tree of Python
objects never exists at once; only the text does.
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterator
from pathlib import Path

_DECODER = json.JSONDecoder()
_WS = " \t\n\r"


def read_text(path: Path) -> str:
    """A JSON file's text, gunzipped when it starts with the gzip magic bytes."""
    with open(path, "rb") as handle:
        magic = handle.read(2)
    opener = gzip.open if magic == b"\x1f\x8b" else open
    with opener(path, "rb") as handle:
        return handle.read().decode("utf-8-sig")


def _skip(text: str, pos: int) -> int:
    while pos < len(text) and text[pos] in _WS:
        pos += 1
    return pos


def first_char(text: str) -> str:
    pos = _skip(text, 0)
    return text[pos] if pos < len(text) else ""


def iter_array(text: str, pos: int = 0) -> Iterator[object]:
    """The items of the array starting at ``pos``, decoded one at a time."""
    pos = _skip(text, pos)
    if text[pos] != "[":
        raise ValueError("expected a JSON array")
    pos = _skip(text, pos + 1)
    if text[pos] == "]":
        return
    while True:
        item, pos = _DECODER.raw_decode(text, pos)
        yield item
        pos = _skip(text, pos)
        if text[pos] == "]":
            return
        if text[pos] != ",":
            raise ValueError(f"expected ',' or ']' at offset {pos}")
        pos = _skip(text, pos + 1)


def iter_object(
    text: str, pos: int = 0, descend: str | None = None
) -> Iterator[tuple[str, object]]:
    """The members of the object at ``pos``; the member named ``descend`` is itself
    yielded member by member, as ``(descend, (key, value))`` pairs."""
    pos = _skip(text, pos)
    if text[pos] != "{":
        raise ValueError("expected a JSON object")
    pos = _skip(text, pos + 1)
    if text[pos] == "}":
        return
    while True:
        key, pos = _DECODER.raw_decode(text, pos)
        pos = _skip(text, pos)
        if text[pos] != ":":
            raise ValueError(f"expected ':' at offset {pos}")
        pos = _skip(text, pos + 1)
        if key == descend:
            pos = yield from _members(text, pos, key)
        else:
            value, pos = _DECODER.raw_decode(text, pos)
            yield key, value
        pos = _skip(text, pos)
        if text[pos] == "}":
            return
        if text[pos] != ",":
            raise ValueError(f"expected ',' or '}}' at offset {pos}")
        pos = _skip(text, pos + 1)


def _members(text: str, pos: int, outer: str):
    """Yield ``(outer, (key, value))`` for each member of the object at ``pos``; return the end."""
    if text[pos] != "{":
        raise ValueError(f"expected an object for {outer!r}")
    pos = _skip(text, pos + 1)
    if text[pos] == "}":
        return pos + 1
    while True:
        key, pos = _DECODER.raw_decode(text, pos)
        pos = _skip(text, pos)
        pos = _skip(text, pos + 1)  # the ':'
        value, pos = _DECODER.raw_decode(text, pos)
        yield outer, (key, value)
        pos = _skip(text, pos)
        if text[pos] == "}":
            return pos + 1
        pos = _skip(text, pos + 1)
