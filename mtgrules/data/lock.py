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

LOCK_NAME = "mtgrules.sqlite.lock"  # not `mtgrules.lock`, a bank's lock file (bank/lock.py)

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


def process_gone(pid: int) -> bool:
    """Whether no process ``pid`` is running (this one's counts as running)."""
    if pid == os.getpid():
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except OSError:  # another user's process: it exists
        return False
    return False


def remove_stale(
    folder: Path,
    pattern: str,
    pid_of: Callable[[str], int | None],
    max_age: float | None = None,
) -> list[Path]:
    """Remove what killed runs left in ``folder``: each entry matching ``pattern`` whose
    owner (``pid_of`` its name) is no longer running; the ones removed. An entry whose
    name gives no owner (named before names carried one) is removed once it is older
    than ``max_age`` seconds, if given, else left alone."""
    # lazy: shutil and time only where there is something to clean
    import shutil
    import time

    removed = []
    for leftover in folder.glob(pattern):
        pid = pid_of(leftover.name)
        if pid is None:
            try:
                age = time.time() - leftover.lstat().st_mtime
            except OSError:
                continue
            if max_age is None or age < max_age:
                continue
        elif not process_gone(pid):
            continue
        if leftover.is_dir() and not leftover.is_symlink():
            shutil.rmtree(leftover, ignore_errors=True)
        else:
            with contextlib.suppress(OSError):
                leftover.unlink()
        removed.append(leftover)
    return removed


def pid_after(marker: str) -> Callable[[str], int | None]:
    """A ``pid_of`` for :func:`remove_stale`: the number after ``marker`` in a name
    (``staging-4242-x1y2`` with ``staging-``: 4242)."""

    def pid_of(name: str) -> int | None:
        digits = name.partition(marker)[2].split("-", 1)[0]
        return int(digits) if digits.isascii() and digits.isdigit() and len(digits) < 10 else None

    return pid_of
