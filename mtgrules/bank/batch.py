"""Running many cases: in this process, or in chunks across worker processes.

Each worker checks a chunk of files and sends back their Results, so the cost
of starting a process (and of importing the engine, compiling the schema
validator and reading the card library, done once per process) is shared by
many cases. Results come back in file order whatever the number of jobs.
"""

from __future__ import annotations

import gc
import os
import signal
import sys
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path

from mtgrules.bank.checking import Selection, check_case
from mtgrules.cards.db import default_library
from mtgrules.cards.library import define_builtin_cards
from mtgrules.caseio.question_types import QUESTIONS
from mtgrules.caseio.schema import warm
from mtgrules.caseio.yamlload import Limits
from mtgrules.results import Result

MIN_PARALLEL = 24  # fewer files than this: starting processes costs more than it saves
MAX_CHUNK = 64  # files per task; small enough to balance the load and to stop early
MIN_CHUNK = 4  # files per task at the end of a run, where the chunks shrink


def default_jobs() -> int:
    """One job per CPU this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1


def warm_up() -> None:
    """Do once what every case needs: the question modules, the card library (every
    built-in card defined, which a one-case run does as the case names them), the validators."""
    define_builtin_cards()
    for name in ("case", "card"):
        # the compiled validator; not the Python one (jsonschema: about 0.1 s to import and
        # build), needed only for a file the compiled one rejects (caseio.schema.is_valid)
        warm(name)
    for kind in QUESTIONS.values():
        kind.asker()


def _worker_start() -> None:
    """A worker's initializer: Ctrl-C is the main process's to handle (it stops the
    workers and reports what was checked), so workers ignore SIGINT."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    warm_up()


def collect(stream: Iterable[Result]) -> tuple[list[Result], bool]:
    """Every result of ``stream``, and whether Ctrl-C stopped it (the results so far are kept)."""
    results: list[Result] = []
    try:
        for result in stream:
            results.append(result)
    except KeyboardInterrupt:
        return results, True
    return results, False


def chunks(files: Sequence[Path], jobs: int) -> list[Sequence[Path]]:
    """Split ``files`` into consecutive chunks that cover them in order: each a share of
    the files left (a quarter of an even share per job), at most MAX_CHUNK and at least
    MIN_CHUNK files. The chunks shrink towards the end, so the workers finish together:
    with equal chunks, the last one a worker takes could leave the others idle for as
    long as it runs."""
    out: list[Sequence[Path]] = []
    start = 0
    while start < len(files):
        left = len(files) - start
        size = max(min(MIN_CHUNK, left), min(MAX_CHUNK, -(-left // (jobs * 4))))
        out.append(files[start : start + size])
        start += size
    return out


def check_chunk(
    files: Sequence[Path], limits: Limits, select: Selection | None, timeout: float | None = None
) -> list[Result | None]:
    """A worker's task: check each file (None for a case the selection leaves out), each
    within ``timeout`` seconds (checking.within: the timer is the worker's own)."""
    cards = default_library()  # once per chunk, not once per case
    return [check_case(f, limits, select, cards, timeout=timeout) for f in files]


def run(
    files: Sequence[Path],
    limits: Limits,
    *,
    jobs: int | None = 1,
    select: Selection | None = None,
    fail_fast: bool = False,
    timeout: float | None = None,
) -> Iterator[Result]:
    """Results for ``files`` in order, using up to ``jobs`` processes (None: one per CPU).

    Cases ``select`` leaves out give no Result; with ``fail_fast`` the results
    stop after the first ``fail`` or ``error``. ``timeout``: seconds each case may take
    (None or 0: no limit); a case past them is an ``error`` (E002).
    """
    for result in _results(files, limits, jobs, select, timeout):
        yield result
        if fail_fast and result.status in ("fail", "error"):
            return  # closes _results, which cancels the queued chunks


def _results(
    files: Sequence[Path],
    limits: Limits,
    jobs: int | None,
    select: Selection | None,
    timeout: float | None,
) -> Iterator[Result]:
    jobs = default_jobs() if jobs is None else max(1, jobs)
    if jobs == 1 or len(files) < MIN_PARALLEL:
        if timeout and len(files) > 1:  # (one case: its own start-up, rather than all of it)
            warm_up()  # what every case needs, done before the first case's time starts
        cards = default_library()  # once per run, not once per case
        for f in files:
            result = check_case(f, limits, select, cards, timeout=timeout)
            if result is not None:
                yield result
        return
    # lazy: the process pool (about 40 ms to import) only for a parallel run
    from concurrent.futures import ProcessPoolExecutor

    warm_up()  # forked workers inherit it; others run it as their initializer
    gc.freeze()  # the collector in forked workers leaves inherited objects (and their pages) alone
    parts = chunks(files, jobs)
    import multiprocessing  # lazy: with the process pool above, only for a parallel run

    # fork: workers start with the warmed-up engine and cost least CPU (measured
    # against spawn: about a quarter less); elsewhere, the platform's default.
    method = "fork" if sys.platform == "linux" else None
    context = multiprocessing.get_context(method)
    pool = ProcessPoolExecutor(
        max_workers=min(jobs, len(parts)), mp_context=context, initializer=_worker_start
    )
    try:
        futures = [pool.submit(check_chunk, part, limits, select, timeout) for part in parts]
        for future in futures:
            for result in future.result():
                if result is not None:
                    yield result
    except KeyboardInterrupt:  # don't wait for chunks in progress (a file may never end)
        for process in list((pool._processes or {}).values()):
            process.terminate()
        raise
    finally:  # also when the consumer stops early (fail-fast): drop the queued chunks
        pool.shutdown(wait=True, cancel_futures=True)
        gc.unfreeze()
