"""Reading big JSON files one member at a time.

Card data files are tens or hundreds of megabytes. These helpers decode the
members of the top-level object (or the items of the top-level array) one by
one with :meth:`json.JSONDecoder.raw_decode`, so the whole tree of Python
objects never exists at once; only the text does.
"""

from __future__ import annotations

import gzip
import json
import os
import zlib
from collections.abc import Iterator
from pathlib import Path

_DECODER = json.JSONDecoder()
_WS = " \t\n\r"


# The most text an import file may hold, decompressed: the biggest real files (Scryfall's
# default cards, MTGJSON AtomicCards) are a few hundred megabytes; a gzip bomb stops here.
MAX_TEXT_BYTES = 1_000_000_000
LIMIT_VAR = "MTGRULES_IMPORT_MAX_BYTES"  # a lower (or higher) cap, for tests and big files


class ImportFileError(ValueError):
    """The file can't be read as text: unreadable, damaged gzip, too big, not UTF-8."""


def max_text_bytes() -> int:
    """The cap on an import file's (decompressed) size: :data:`MAX_TEXT_BYTES`, or
    ``MTGRULES_IMPORT_MAX_BYTES`` when set to a positive number."""
    raw = os.environ.get(LIMIT_VAR, "")
    return int(raw) if raw.isdigit() and 0 < int(raw) < 10**15 else MAX_TEXT_BYTES


def read_bytes(path: Path, limit: int | None = None) -> bytes:
    """A file's bytes, gunzipped when it starts with the gzip magic bytes, read in blocks and
    stopped one block past ``limit`` (decompressed): a gzip bomb costs no more than the cap.
    Every fault (unreadable, truncated or damaged gzip, too big) is an :class:`ImportFileError`."""
    limit = max_text_bytes() if limit is None else limit
    try:
        with open(path, "rb") as handle:
            magic = handle.read(2)
            handle.seek(0)
            if magic != b"\x1f\x8b" and os.fstat(handle.fileno()).st_size > limit:
                raise ImportFileError(f"larger than {limit:,} bytes")
            source = gzip.GzipFile(fileobj=handle) if magic == b"\x1f\x8b" else handle
            blocks, size = [], 0
            while block := source.read(1 << 20):
                size += len(block)
                if size > limit:
                    raise ImportFileError(f"more than {limit:,} bytes of text once decompressed")
                blocks.append(block)
    except (EOFError, gzip.BadGzipFile, zlib.error) as err:
        raise ImportFileError(f"a damaged or truncated gzip file ({err})") from None
    except OSError as err:
        raise ImportFileError(f"can't read it ({err.strerror or err})") from None
    return b"".join(blocks)


def read_text(path: Path, limit: int | None = None) -> str:
    """A JSON file's text (:func:`read_bytes`), decoded as UTF-8."""
    try:
        return read_bytes(path, limit).decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise ImportFileError(f"not UTF-8 text (a bad byte at offset {err.start})") from None


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
    if text[pos : pos + 1] != "[":
        raise ValueError("expected a JSON array")
    pos = _skip(text, pos + 1)
    if text[pos : pos + 1] == "]":
        return
    while True:
        item, pos = _DECODER.raw_decode(text, pos)
        yield item
        pos = _skip(text, pos)
        if text[pos : pos + 1] == "]":
            return
        if text[pos : pos + 1] != ",":
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
    if cur.text[cur.pos : cur.pos + 1] == "}":
        cur.pos += 1
        return
    while True:
        at = cur.pos
        key = cur.value()
        if not isinstance(key, str):
            raise ValueError(f"expected a member name (a string) at offset {at}")
        cur.expect(":")
        yield key
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
