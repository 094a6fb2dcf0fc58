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


class _Cursor:
    """A position in the text, shared by the nested walks of one file."""

    def __init__(self, text: str, pos: int):
        self.text, self.pos = text, pos

    def expect(self, chars: str) -> str:
        self.pos = _skip(self.text, self.pos)
        found = self.text[self.pos : self.pos + 1]
        if not found or found not in chars:
            raise ValueError(f"expected one of {chars!r} at offset {self.pos}")
        self.pos = _skip(self.text, self.pos + 1)
        return found

    def value(self) -> object:
        value, self.pos = _DECODER.raw_decode(self.text, self.pos)
        return value


def _keys(cur: _Cursor) -> Iterator[str]:
    """Walk the object at the cursor: each key is yielded with the cursor on its value,
    which the caller consumes before asking for the next key."""
    cur.expect("{")
    if cur.text[cur.pos] == "}":
        cur.pos += 1
        return
    while True:
        key = cur.value()
        cur.expect(":")
        yield str(key)
        if cur.expect(",}") == "}":
            return


def iter_object(
    text: str, pos: int = 0, descend: str | None = None
) -> Iterator[tuple[str, object]]:
    """The members of the object at ``pos``; the member named ``descend`` is itself
    yielded member by member, as ``(descend, (key, value))`` pairs."""
    cur = _Cursor(text, pos)
    for key in _keys(cur):
        if key == descend:
            for inner in _keys(cur):
                yield key, (inner, cur.value())
        else:
            yield key, cur.value()
