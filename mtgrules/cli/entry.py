"""The program's entry point: ``mtgrules --version`` answers before the CLI framework loads,
and so do the common ``mtgrules check`` command lines (mtgrules.cli.check_args).

Importing Typer (and the pydantic it coerces options with) costs most of a
cold start; the version needs none of it, nor does a check whose options are plain.
"""

from __future__ import annotations

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
        # lazy: the check command without the framework, for the command lines it reads
        from mtgrules.cli.check_args import run

        code = run(sys.argv[1:])
        if code is not None:
            sys.exit(code)
    # lazy: the CLI framework costs most of a cold start, and `--version` needs none of it
    from mtgrules.cli.app import main as cli_main

    cli_main()
