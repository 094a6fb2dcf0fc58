"""A progress bar on stderr for long runs, shown only when stderr is a terminal."""

from __future__ import annotations

import sys
import time
from collections.abc import Iterable, Iterator
from typing import TextIO, TypeVar

T = TypeVar("T")

MIN_CASES = 50  # shorter runs finish before a bar would be read
WIDTH = 30


def with_progress(
    items: Iterable[T], total: int, stream: TextIO | None = None, force: bool = False
) -> Iterator[T]:
    """Yield ``items``, drawing ``[####....] n/total`` on ``stream`` as they come.

    Nothing is drawn unless ``stream`` is a terminal (or ``force``) and there
    are at least MIN_CASES items; the bar is erased at the end.
    """
    stream = stream or sys.stderr
    if not force and (total < MIN_CASES or not stream.isatty()):
        yield from items
        return
    last = 0.0
    done = 0
    try:
        for item in items:
            done += 1
            now = time.monotonic()
            if now - last > 0.1 or done == total:
                last = now
                filled = WIDTH * done // max(total, 1)
                stream.write(f"\r[{'#' * filled}{'.' * (WIDTH - filled)}] {done}/{total}")
                stream.flush()
            yield item
    finally:
        stream.write("\r" + " " * (WIDTH + 4 + 2 * len(str(total)) + 1) + "\r")
        stream.flush()
