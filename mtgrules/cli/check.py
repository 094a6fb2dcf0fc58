"""The work of ``mtgrules check``, free of the CLI framework (the cold start:
docs/bench.md, "What was optimised, and why").

Typer and click cost about a third of a one-case ``check``'s start (importing them, then
building the command line's 18 commands). The check command's work lives here, with the
conventions it shares with ``validate`` (a bank's configuration, what a walk leaves out,
the report's width, missing paths), so that two front ends run the very same code:
the Typer command (``mtgrules.cli.app.check``, which parses, prints help and reports misuse)
and :mod:`mtgrules.cli.check_args`, which reads the common, well-formed command lines of
``check`` without the framework and leaves every other one to Typer.

Nothing here imports Typer: a command's end is :class:`Exit` (the CLI turns it into
``typer.Exit``), a message is :func:`echo` (what ``typer.echo`` does with text).
"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Callable
from importlib import import_module
from pathlib import Path
from typing import Any

from mtgrules import lazyre
from mtgrules.caseio.yamlload import Limits

NOTHING_SELECTED = 5  # exit code: no case selected (pytest's "no tests collected")

# What click.echo removes from text written to something that isn't a terminal
_ANSI = lazyre.compile(r"\033\[[;?0-9]*[a-zA-Z]")


# The modules check() imports in its body: mtgrules.cli.entry loads them before the check
# starts, with the garbage collector paused (load_engine; tests/test_checkargs.py keeps the
# two in step)
ENGINE_MODULES = (
    "mtgrules.api",
    "mtgrules.bank.batch",
    "mtgrules.bank.checking",
    "mtgrules.bank.lock",
    "mtgrules.cli.progress",
    "mtgrules.report.as_text",
    "mtgrules.results",
)


def load_engine() -> None:
    """Import the modules :func:`check` runs (its body then finds them imported)."""
    for name in ENGINE_MODULES:
        import_module(name)


class Exit(Exception):
    """The command ends with this exit code (after what it printed)."""

    def __init__(self, code: int = 0) -> None:
        super().__init__(code)
        self.code = code


class BadJobs(ValueError):
    """``--jobs`` is neither a positive number nor ``auto`` (the CLI's usage error)."""


def echo(message: str = "", err: bool = False) -> None:
    """One line on stdout (or stderr), as ``typer.echo`` writes text: with a newline,
    flushed, and without terminal escapes when it isn't a terminal."""
    stream = sys.stderr if err else sys.stdout
    if stream is None:
        return
    if not _isatty(stream):
        message = _ANSI.sub("", message)
    stream.write(message + "\n")
    stream.flush()


def _isatty(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


def count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


def use_color(choice: str) -> bool:
    """``--color`` auto / always / never: auto colors only a terminal, and not under NO_COLOR."""
    if choice == "always":
        return True
    if choice == "never" or os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR"):  # the convention CI systems set for a colored log
        return True
    return sys.stdout.isatty()


def emit(text: str) -> None:
    try:
        sys.stdout.write(text)
        sys.stdout.flush()
    except BrokenPipeError:  # `mtgrules check | head`: stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        raise Exit(0) from None


def missing(paths: list[Path]) -> None:
    """Exit 2 naming each PATH that doesn't exist (``-`` alone is standard input)."""
    # lazy: each command imports what it uses when it runs, so the others start quickly
    from mtgrules.api import expand_paths
    from mtgrules.caseio.stdin import is_stdin

    stdin_alone(paths)
    gone = [p for p in expand_paths(paths) if not p.exists() and not is_stdin(p)]
    for p in gone:
        echo(f"mtgrules: {p}: no such file or directory", err=True)
    if gone:
        raise Exit(2)


def jobs_count(value: str | None) -> int | None:
    """``--jobs N`` or ``--jobs auto``: a positive count, or None for one job per CPU."""
    if value is None or value.lower() == "auto":
        return None
    if not value.isdigit() or int(value) < 1:
        raise BadJobs(f"{value!r} is neither a positive number nor 'auto'")
    return int(value)


def stdin_alone(paths: list[Path]) -> None:
    """``-`` (one case read from standard input) is the only PATH when it is given: a pipe
    is read once, and worker processes don't share it."""
    # lazy: each command imports what it uses when it runs, so the others start quickly
    from mtgrules.caseio.stdin import is_stdin

    if any(is_stdin(p) for p in paths) and len(paths) > 1:
        echo(
            "mtgrules: `-` reads one case from standard input; give it alone, without other PATHs",
            err=True,
        )
        raise Exit(2)
    if paths and is_stdin(paths[0]) and sys.stdin is not None and sys.stdin.isatty():
        echo("mtgrules: reading one case from standard input (end it with Ctrl-D)", err=True)


REPORT_WIDTHS = (60, 160)  # the narrowest and widest text report lines


def report_width() -> int:
    """The text report's width: ``COLUMNS``, else the terminal's when stdout is one, else
    88 (a file or a pipe), kept within REPORT_WIDTHS."""
    # lazy: each command imports what it uses when it runs, so the others start quickly
    from mtgrules.report.as_text import WIDTH

    columns = os.environ.get("COLUMNS", "").strip()
    if columns.isdigit():
        width = int(columns)
    elif sys.stdout.isatty():
        width = shutil.get_terminal_size((WIDTH, 24)).columns
    else:
        width = WIDTH
    return max(REPORT_WIDTHS[0], min(width, REPORT_WIDTHS[1]))


def bank_for(paths: list[Path] | None, data_dir_given: bool = False):
    """The bank configuration governing ``paths`` (mtgrules.bank.config) and the paths to
    check: as given, or the bank's ``include`` when none are. Pins the bank's data for
    this run (importing it on first use) unless --data-dir was given. Exit 2 on a bad
    configuration, with every problem as FILE:LINE:COL: CODE message."""
    # lazy: each command imports what it uses when it runs, so the others start quickly
    from mtgrules.bank.config import ConfigError, find_config, load_config, use_bank_data
    from mtgrules.bank.files import bank_paths
    from mtgrules.report import printable

    paths = list(paths or [])
    found = find_config(paths)
    if found is None:
        if not paths:
            echo(
                "mtgrules: give the cases to check (PATH...), or run it in a bank with a "
                "mtgrules.toml (`mtgrules init`)",
                err=True,
            )
            raise Exit(2)
        return None, paths
    try:
        config = load_config(relative(found))
        if not data_dir_given:
            use_bank_data(config, lambda said: echo(f"mtgrules: {said}", err=True))
    except ConfigError as err:
        for problem in err.problems:
            echo(str(problem), err=True)
        raise Exit(2) from None
    if not paths:
        paths = bank_paths(config)
        if not paths:
            said = f"{config.file}: include ({', '.join(config.include)}) matches no file"
            echo(f"mtgrules: {printable(said)}", err=True)
            raise Exit(NOTHING_SELECTED)
    return config, paths


def relative(path: Path) -> Path:
    """``path`` relative to the current folder when it is under it (for diagnostics)."""
    try:
        return path.relative_to(Path.cwd())
    except ValueError:
        return path


def without_excluded(paths: list[Path], files, bank, exclude: list[str] | None) -> list[Path]:
    """The files found, less those the bank's ``exclude`` or ``--exclude`` match and those
    git ignores; a file named on the command line is checked whatever they say."""
    # lazy: each command imports what it uses when it runs, so the others start quickly
    from mtgrules.bank.files import excluded, git_ignored
    from mtgrules.caseio.stdin import is_stdin

    patterns = [*(bank.exclude if bank else ()), *(exclude or ())]
    files = list(files)
    named = {p for p in paths if not p.is_dir()}
    found = [f for f in files if f not in named and not is_stdin(f)]
    ignored = git_ignored(found)  # what git ignores is not the bank's, unless named
    root = bank.root if bank else None
    kept = [
        f
        for f in files
        if f in named or (f not in ignored and not (patterns and excluded(f, patterns, root)))
    ]
    return cases_only(kept, named)


def cases_only(files: list[Path], named: set[Path]) -> list[Path]:
    """The files, less the YAML found in a folder or by a glob that isn't a case (no
    case-schema modeline first, no top-level ``question:``: a CI config, a card file),
    with a note on stderr naming them; a file named on the command line stays."""
    # lazy: each command imports what it uses when it runs, so the others start quickly
    from mtgrules.api import is_case_file
    from mtgrules.caseio.stdin import is_stdin

    others = [f for f in files if f not in named and not is_stdin(f) and not is_case_file(f)]
    if others:
        listed = ", ".join(map(str, others[:5])) + (", ..." if len(others) > 5 else "")
        echo(
            f"mtgrules: skipped {count(len(others), 'YAML file')} that"
            f" {'is' if len(others) == 1 else 'are'} not a case (no case-schema modeline,"
            f" no top-level question:; name a file to check it): {listed}",
            err=True,
        )
    skipped = set(others)
    return [f for f in files if f not in skipped]


def check(
    paths: list[Path] | None = None,
    format: str | None = None,
    color: str = "auto",
    explain: bool = False,
    verbose: bool = False,
    quiet: bool = False,
    max_bytes: int = Limits.max_bytes,
    max_depth: int = Limits.max_depth,
    max_nodes: int = Limits.max_nodes,
    jobs: str | None = None,
    tag: list[str] | None = None,
    keyword: str | None = None,
    fail_fast: bool = False,
    only_case_files: bool = False,
    timeout: float = 5.0,
    rulings: str = "relevant",
    exclude: list[str] | None = None,
    lock: bool = False,
    cross_check: bool = False,
    cross_check_strict: bool = False,
    *,
    data_dir_given: bool = False,
) -> None:
    """``mtgrules check`` (the options are the command's; see ``mtgrules check --help``):
    always ends with :class:`Exit` and the run's exit code."""
    # lazy: each command imports what it uses when it runs, so the others start quickly
    from mtgrules.api import Selection, find_case_files, with_unique_ids
    from mtgrules.bank.batch import collect, run
    from mtgrules.bank.checking import rulings_shown
    from mtgrules.bank.lock import lock_path, with_lock_warnings
    from mtgrules.cli.progress import with_progress
    from mtgrules.report.as_text import closing_line
    from mtgrules.report.as_text import render as render_text
    from mtgrules.results import exit_code

    given = list(paths or [])
    bank, paths = bank_for(paths, data_dir_given)
    format = format or (bank.format if bank and bank.format else "text")
    jobs = jobs or (bank.jobs if bank else None)
    missing(paths)
    crossing = cross_check_mode(cross_check, cross_check_strict)
    files = without_excluded(
        given, find_case_files(paths, only_cases=only_case_files), bank, exclude
    )
    select = Selection(tuple(tag or ()), keyword) if tag or keyword else None
    limits = Limits(max_bytes=max_bytes, max_depth=max_depth, max_nodes=max_nodes)
    lock_at = lock_path(paths if paths or bank is None else [bank.root])
    found_lock = None if lock else read_lock_or_exit(lock_at)  # up front: never after the run
    stream = run(
        files, limits, jobs=jobs_count(jobs), select=select, fail_fast=fail_fast, timeout=timeout
    )
    results, interrupted = collect(with_progress(stream, len(files)))
    results = with_unique_ids(results)
    if found_lock is not None:
        results = with_lock_warnings(results, found_lock)
    results = rulings_shown(results, rulings)
    results = cross_checked(results, crossing, limits)
    if format == "text":
        detail = "quiet" if quiet else "full" if verbose or len(results) == 1 else "auto"
        shown = kept_report(
            lambda: render_text(
                results,
                color=use_color(color),
                explain=explain,
                detail=detail,
                width=report_width(),
            )
        )
        emit(shown)
    else:
        renderer = import_module(f"mtgrules.report.as_{format}")
        text = kept_report(lambda: renderer.render(results))
        emit(text if text.endswith("\n") or not text else text + "\n")
        if format != "markdown":
            echo(closing_line(results), err=True)
    if lock:  # written once the report is out: a failure to write it loses nothing
        write_lock_or_exit(lock_at, results)
    if interrupted:  # Ctrl-C: what was checked is reported above
        echo(f"mtgrules: interrupted after {count(len(results), 'case')}", err=True)
        raise Exit(130)
    if select is not None and not results:
        echo(
            f"mtgrules: no case selected ({count(len(files), 'file')} looked at, none matched "
            "--tag / -k)",
            err=True,
        )
        raise Exit(NOTHING_SELECTED)
    raise Exit(exit_code(results))


def kept_report(render: Callable[[], str]) -> str:
    """The report ``render`` makes; if the local database fails while the report quotes the
    official rules from it (a file replaced or damaged under the run), the report made
    again from mtgrules' own summaries, said on stderr: the answers are never lost."""
    import sqlite3  # lazy: the database's errors only for a report being made

    from mtgrules.crindex import official  # lazy: the official text, as the report reads it

    try:
        return render()
    except sqlite3.Error as err:
        echo(
            f"mtgrules: the local database failed while the report quoted the rules ({err}); "
            "they are quoted from mtgrules' own summaries instead (`mtgrules data status`)",
            err=True,
        )
        with official.set_aside():
            return render()


def cross_check_mode(on: bool, strict: bool) -> str:
    """``--cross-check[=strict]``: off, on or strict; exit 2 with how to install phase.rs
    when it isn't installed."""
    if not (on or strict):
        return "off"
    # lazy: the cross-check is optional, and so are the bindings it asks
    from mtgrules.crosscheck import INSTALL_HINT, available

    if not available():
        echo(f"mtgrules: {INSTALL_HINT}", err=True)
        raise Exit(2)
    return "strict" if strict else "on"


def cross_checked(results: list, mode: str, limits: Limits) -> list:
    """The results with phase.rs's verdicts (mtgrules.crosscheck.results), and its count."""
    if mode == "off":
        return results
    # lazy: the cross-check is optional, and so are the bindings it asks
    from mtgrules.crosscheck.results import summary, with_cross_checks

    results = with_cross_checks(results, mode, limits)
    echo(summary(results), err=True)
    return results


def read_lock_or_exit(where: Path) -> dict | None:
    """The bank's lock, read before any case is checked (None: there is none); a lock that
    can't be read ends the run with exit code 2 before it starts."""
    # lazy: each command imports what it uses when it runs, so the others start quickly
    from mtgrules.bank.lock import read_lock
    from mtgrules.report import printable

    try:
        return read_lock(where)
    except ValueError as err:
        echo(f"mtgrules: {printable(str(err))}", err=True)
        raise Exit(2) from None


def write_lock_or_exit(where: Path, results: list) -> None:
    """``--lock``: write the bank's lock (after the report: failing to loses nothing)."""
    # lazy: each command imports what it uses when it runs, so the others start quickly
    from mtgrules.bank.lock import write_lock
    from mtgrules.report import printable

    try:
        written = write_lock(where, results)
    except OSError as err:
        echo(f"mtgrules: can't write {printable(str(where))}: {err.strerror}", err=True)
        raise Exit(2) from None
    echo(f"wrote {printable(str(where))}: the expected rules of {count(written, 'case')}", err=True)
