"""Read once: what abilities do, read before a check and looked up while it plays out.

The Oracle effect reader (:func:`~mtgrules.cards.oracle.effects.read_effect`, a Lark
grammar) costs milliseconds an effect and the grammar library a tenth of a second to load,
so a check never runs it for a real card: an imported card's effects are read when the
cards are imported and stored in the database (:mod:`mtgrules.cards.import_readings`),
and the play-out (:func:`mtgrules.play.resolve.script_of`) asks :func:`stored_reading`
for them. What the database doesn't hold (a built-in card, an inline card a case defines
with ``cards:``, an ability an effect grants in words no card of the data has) is read the
first time a play-out needs it and kept in a file of the user cache per reader build, so
that it is read once a machine: the only path on which a check loads the grammar
(docs/effects.md, "Read once").

A reading is found by its **key**: the effect's words, its kind (``spell``, ``activated``,
``triggered``: how a first "it" reads) and the card's name when the words name the card
(``read_effect`` uses the name only for the ways a card names itself,
:func:`~mtgrules.cards.oracle.costs.self_pattern`): most texts are shared by many cards
and read once. Stored readings carry the reader's version
(:data:`~mtgrules.cards.oracle.effects_version.EFFECT_READER_VERSION`) and a digest of
its source files; readings of another reader are never used: the user is told once, and
the effects are read as the play-out needs them until ``mtgrules data repair`` (or a card
import) reads them again.
"""

from __future__ import annotations

import atexit
import contextlib
import dataclasses
import functools
import json
import os
import sqlite3
import time
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from mtgrules import shipped
from mtgrules.cards.builtin_cache import cache_dir, sha256
from mtgrules.cards.effect_codec import CodecError, dumps, loads
from mtgrules.cards.effects import Script
from mtgrules.cards.oracle.costs import CHAPTER, self_pattern
from mtgrules.cards.oracle.effects_version import EFFECT_READER_VERSION
from mtgrules.cards.oracle.short_names import short_spans
from mtgrules.cards.vocabulary import Ability, AbilityKind, CardDef
from mtgrules.data.store import connect, current_version, notice

_SEP = "\x1f"  # between a key's parts (no Oracle text has it)
# the markers read_effect puts into the text before it looks for the card's name
_MARKERS = " TGT0 TGT1 TGT2 TGT9 SELF CARDNAME"
_BARE = self_pattern()


def effect_words(ability: Ability) -> tuple[str, str]:
    """The words :func:`~mtgrules.cards.oracle.effects.read_effect` reads for ``ability``
    and how (``spell``, ``activated``, ``triggered`` or ``""``): its own description, else
    its Oracle words, without a chapter ability's numbers (CR 714.2a). Empty words: none."""
    effect = ability.effect
    words = (effect.does if effect is not None else "") or ability.oracle or ability.text
    chapter = CHAPTER.match(words or "")
    if chapter is not None:  # CR 714.2a: a chapter ability's effect follows its numbers
        words = words[chapter.end() :]
    # a spell's or activated ability's first "it" is the spell or the source (read_effect)
    kind = "spell" if ability.kind is AbilityKind.SPELL else ""
    kind = "activated" if ability.is_activated else kind
    kind = "triggered" if ability.kind is AbilityKind.TRIGGERED else kind
    return words or "", kind


def resolvable(ability: Ability) -> bool:
    """Whether the play-out may read ``ability``'s effect: a spell ability, an activated,
    loyalty or triggered ability, neither given as data nor a mana ability (CR 608.2)."""
    effect = ability.effect
    if effect is not None and (effect.script is not None or effect.adds_mana is not None):
        return False
    if ability.kind not in (AbilityKind.SPELL, AbilityKind.TRIGGERED) and not ability.is_activated:
        return False
    return bool(effect_words(ability)[0])


@functools.lru_cache(maxsize=4096)
def name_read(words: str, name: str) -> str:
    """``name`` when the reading of ``words`` depends on it (the words name the card:
    ``self_pattern(name)`` finds what the pattern without a name doesn't), else ``""``."""
    if not name:
        return ""
    text = words + _MARKERS
    named = [m.span() for m in self_pattern(name).finditer(text)]
    if short_spans(words, name):  # its shortened name (CR 201.5c, oracle/short_names.py)
        return name
    return name if named != [m.span() for m in _BARE.finditer(text)] else ""


def reading_key(words: str, name: str, kind: str) -> str:
    """The key a reading is stored and found by (see the module's docstring): the words
    without a final period, which the reader reads the same with or without
    (:func:`~mtgrules.cards.oracle.effects.sentence_end`), so that a report's paragraph
    finds the reading stored for the ability's own words."""
    words = words.rstrip()
    words = words[:-1] if words.endswith(".") else words
    return _SEP.join((kind, name_read(words, name), words))


def key_parts(key: str) -> tuple[str, str, str]:
    """``(words, name, kind)`` of a key, as :func:`read_effect` takes them."""
    kind, name, words = key.split(_SEP, 2)
    return words, name, kind


def abilities_in(value: Any) -> Iterator[Ability]:
    """Every ability held anywhere in ``value`` (a card, its faces and halves, abilities
    its statics grant in words)."""
    if isinstance(value, Ability):
        yield value
    if isinstance(value, tuple | list):
        for item in value:
            yield from abilities_in(item)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type | Script):
        for field in dataclasses.fields(value):
            inner = getattr(value, field.name)
            if inner is not None and not isinstance(inner, str | int | bool):
                yield from abilities_in(inner)


def card_keys(card: CardDef) -> set[str]:
    """The keys of every effect of ``card`` the play-out may read, under each name it may
    be read with (the card's, each face's: a permanent's card, CR 712.8, 709.4)."""
    names = {card.name, *(face.name for face in _faces(card))}
    out: set[str] = set()
    for ability in abilities_in(card):
        if resolvable(ability):
            words, kind = effect_words(ability)
            out |= {reading_key(words, name, kind) for name in names}
    return out


def _faces(card: CardDef) -> Iterator[CardDef]:
    if card.back_face is not None:
        yield card.back_face
    yield from card.halves


def read_keys(keys: Iterable[str]) -> dict[str, str]:
    """Each key's reading, as stored (:mod:`mtgrules.cards.effect_codec`): the grammar runs.
    A text the reader fails on, or whose reading the codec can't hold, is left out: it is
    read when a play-out needs it, exactly as it would have been (an import never fails
    on one effect)."""
    # lazy: the grammar library loads only where effects are read (imports)
    from mtgrules.cards.oracle.effects import read_effect

    out = {}
    for key in keys:
        try:
            out[key] = dumps(read_effect(*key_parts(key)))
        except Exception:  # the reader failing on one text, or the codec: see the docstring
            continue
    return out


@functools.cache
def reader_digest() -> str:
    """The reader's version and a digest of its source files (the card readers, the
    grammar, the vocabulary): readings made by any other build are not used."""
    folder = shipped.folder("mtgrules.cards")
    digest = sha256(f"effect reader {EFFECT_READER_VERSION}\0".encode())
    # every source below the folder, its subpackages too (the reader lives in one)
    for entry in sorted(folder.rglob("*"), key=lambda e: e.relative_to(folder).as_posix()):
        if entry.name.endswith((".py", ".lark")) and "__pycache__" not in entry.parts:
            name = entry.relative_to(folder).as_posix()
            digest.update(name.encode() + b"\0" + entry.read_bytes())
    return f"{EFFECT_READER_VERSION}-{digest.hexdigest()[:32]}"


# --- looking readings up ---------------------------------------------------------


def stored_reading(words: str, name: str, kind: str) -> Script:
    """What an ability of the card ``name`` whose effect is ``words`` does: the reading
    stored at import, or kept in the user cache, else read now and kept there (see the
    module's docstring)."""
    key = reading_key(words, name, kind)
    found = imported_reading(key)  # first: a database of another reader is told (once)
    if found is None:
        found = _cached().get(key)
    if found is not None:
        try:
            return _decoded(found)
        except CodecError:
            pass  # a damaged entry: read again below
    script = _read_now(words, name, kind)
    with contextlib.suppress(CodecError):  # a class it can't hold: read again next time
        _remember(key, dumps(script))
    return script


def imported_or_read(words: str, name: str, kind: str) -> Script:
    """For reports over many cards (``cards coverage``, ``card NAME``): the reading stored
    at import, else the effect read now. Nothing is written to the user cache: a report
    over a whole corpus would only fill it with texts no play-out asked for."""
    key = reading_key(words, name, kind)
    found = imported_reading(key)
    if found is not None:
        with contextlib.suppress(CodecError):  # a damaged entry: read below
            return _decoded(found)
    return _read_now(*key_parts(key))


@functools.lru_cache(maxsize=4096)
def _decoded(stored: str) -> Script:
    return loads(stored)


# distinct effect texts of a corpus (about 24,000 of 37,000 abilities); a Script is small
@functools.lru_cache(maxsize=32768)
def _read_now(words: str, name: str, kind: str) -> Script:
    """An effect no stored reading holds, read once per process (a Script is immutable)."""
    # lazy: the grammar loads only when the play-out resolves an effect never read before
    from mtgrules.cards.oracle.effects import read_effect

    return read_effect(words, name, kind)


def imported_reading(key: str) -> str | None:
    """The stored reading of ``key`` in the imported database, if it holds readings of
    this reader (the user is told once when its readings are another reader's)."""
    version = current_version()
    con = _readings_db(*version) if version is not None else None
    if con is None:
        return None
    row = con.execute("SELECT script FROM effect_readings WHERE key = ?", (key,)).fetchone()
    return row[0] if row is not None else None


@functools.cache
def _readings_db(path: str, mtime: int) -> sqlite3.Connection | None:
    con = connect(Path(path))
    if con is None:
        return None
    wrong = readings_problem(con)
    if wrong is not None:
        if wrong != NO_CARDS:
            notice(f"{wrong}: they are not used, and effects are read as the play-out needs them")
        con.close()
        return None
    return con


NO_CARDS = "no cards imported"


def readings_problem(con: sqlite3.Connection) -> str | None:
    """Why the database's stored readings can't be used (None: they can)."""
    try:
        if con.execute("SELECT 1 FROM meta WHERE kind = 'cards'").fetchone() is None:
            return NO_CARDS
        row = con.execute("SELECT digest FROM effect_reader").fetchone()
    except sqlite3.OperationalError:  # no such table: imported by an older mtgrules
        row = None
    if row is None:
        return (
            "the imported cards' effects were not read at import (an older mtgrules imported "
            "them; `mtgrules data repair` reads them)"
        )
    if row[0] != reader_digest():
        stored = row[0].split("-")[0]
        which = (
            f"version {stored}; this mtgrules has {EFFECT_READER_VERSION}"
            if stored != str(EFFECT_READER_VERSION)
            else f"version {stored}, built from other source files than this mtgrules'"
        )
        return (
            f"the imported cards' effects were read by another version of the effect reader "
            f"({which}; `mtgrules data repair` reads them again)"
        )
    return None


# --- the readings of cards that aren't imported, kept in the user cache ----------

# past it, the file keeps only the newest readings (inline cards made up by generated banks
# would otherwise grow it without end)
MAX_CACHED = 5000


def cache_file() -> Path:
    """The user cache's readings for this reader build (built-in and inline cards)."""
    return cache_dir() / f"effect-readings-{reader_digest()}.json"


def _load() -> dict[str, str]:
    try:
        stored = json.loads(cache_file().read_bytes())
    except (OSError, ValueError):
        return {}
    if not isinstance(stored, dict) or not all(isinstance(v, str) for v in stored.values()):
        return {}
    return stored


@functools.cache
def _cached() -> dict[str, str]:
    """The readings earlier processes of this reader build kept (read once a process)."""
    return _load()


_pending: dict[str, str] = {}  # read by this process, not yet in the file
_last_write = [0.0]
WRITE_EVERY = 1.0  # seconds: a bank of new inline cards rewrites the file at most this often


def _remember(key: str, stored: str) -> None:
    """Keep a reading made now for the processes after this one: written at once the
    first time, then at most once a second (and when the process ends), so a bank of
    many new texts doesn't rewrite the file for each."""
    _cached()[key] = stored
    _pending[key] = stored
    if len(_pending) == 1 and not _last_write[0]:
        atexit.register(_flush)
    if time.monotonic() - _last_write[0] >= WRITE_EVERY or not _last_write[0]:
        _flush()


def _flush() -> None:
    """The file as it is now (another process may have added to it) with this process's
    new readings added, written whole under a temporary name and renamed (a reader sees
    all of it or the file before)."""
    _last_write[0] = time.monotonic()
    if not _pending:
        return
    merged = _load()
    merged.update(_pending)
    _pending.clear()
    if len(merged) > MAX_CACHED:
        merged = dict(list(merged.items())[-MAX_CACHED:])
    path = cache_file()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_suffix(f".{os.getpid()}.tmp")
        partial.write_text(json.dumps(merged, ensure_ascii=False), encoding="utf-8")
        os.replace(partial, path)
    except OSError:
        pass  # not kept: read again by the next process
