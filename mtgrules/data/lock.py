"""One import at a time: an exclusive lock on a file in the data directory.

Every import builds a new database from the current one and swaps it in
(:func:`mtgrules.data.store.rebuild`). Two imports at once (the rules in one
terminal, the cards in another) would each build from the same old database, and
the second swap would drop the first import. :func:`import_lock` makes them take
turns: the second waits for the first to finish, then builds on its result, so
each reports what it did and both are kept. The lock is ``fcntl.flock`` on
``mtgrules.sqlite.lock`` beside the database; the operating system releases it when the
process ends, however it ends, so a killed import never leaves it held.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterator
from pathlib import Path

LOCK_NAME = "mtgrules.sqlite.lock"  # not `mtgrules.lock`, a bank's lock file (banklock.py)

try:  # POSIX; elsewhere imports are not serialised (the swap stays atomic)
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]


@contextlib.contextmanager
def import_lock(folder: Path, waiting: Callable[[], None] = lambda: None) -> Iterator[None]:
    """Hold the data directory's import lock for the block; ``waiting`` is called once if
    another process holds it (the caller may say so), then this one waits its turn."""
    if fcntl is None:  # pragma: no cover
        yield
        return
    fd = os.open(folder / LOCK_NAME, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            waiting()
            fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # closing the descriptor releases the lock
