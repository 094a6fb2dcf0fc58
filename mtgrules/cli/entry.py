"""The program's entry point: ``mtgrules --version`` answers before the CLI framework loads,
and so do the common ``mtgrules check`` command lines (mtgrules.cli.check_args).

Importing Typer (and the pydantic it coerces options with) costs most of a
cold start; the version needs none of it, nor does a check whose options are plain.
"""

from __future__ import annotations

import gc
import os
import sys

from mtgrules.version import __version__


def main() -> None:
    """Run the command line; a current directory deleted under it is said in one line."""
    try:
        _main()
    except FileNotFoundError:
        if _cwd_exists():
            raise
        sys.stderr.write(
            "mtgrules: the current directory no longer exists (it was deleted or moved): "
            "change to another directory, or name the files by absolute paths\n"
        )
        sys.exit(2)


def _cwd_exists() -> bool:
    try:
        os.getcwd()
    except OSError:
        return False
    return True


def _main() -> None:
    if sys.argv[1:] == ["--version"]:
        sys.stdout.write(f"mtgrules {__version__}\n")
        return
    # lazy: `--version` answers above without it; the engine's dataclasses' methods are
    # compiled once per text, not in every process (docs/bench.md, the cold start)
    from mtgrules.dataclass_code import install

    install()
    if "check" in sys.argv[1:4]:
        gc.disable()  # the start: see _engine_uncollected
        # lazy: the check command without the framework, for the command lines it reads
        from mtgrules.cli.check_args import run

        code = run(sys.argv[1:], prepare=_engine_uncollected)
        if code is not None:
            _kept_uncollected()  # the process ends here: its objects stay until the exit
            sys.exit(code)
        gc.enable()  # a command line the framework reads: its own collector, as before
    # lazy: the CLI framework costs most of a cold start, and `--version` needs none of it
    from mtgrules.cli.app import main as cli_main

    cli_main()


def _engine_uncollected() -> None:
    """Import the engine a check runs with the cyclic garbage collector off, then leave its
    objects out of the collector's passes (docs/bench.md, "The cold start"): the modules'
    objects are made once and live as long as the process, so passes over them, while they
    are imported and then while cases are answered, free nothing."""
    gc.disable()
    try:
        from mtgrules.cli.check import load_engine  # lazy: only for a check it runs

        load_engine()
    finally:
        _kept_uncollected()
        gc.enable()


def _kept_uncollected() -> None:
    """Every object made so far is left out of the cyclic garbage collector's passes
    (``gc.freeze``), here for the rest of the process: at the exit, the interpreter's own
    passes over everything would free nothing the check still needed (its report is
    written and flushed, its files closed, the exit handlers run as before). Only this
    process's entry does it: a program importing mtgrules keeps its own collector."""
    gc.freeze()
