"""The program's entry point: ``mtgrules --version`` answers before the CLI framework loads.

Importing Typer (and the pydantic it coerces options with) costs most of a
cold start; the version needs none of it.
"""

from __future__ import annotations

import sys

from mtgrules.version import __version__


def main() -> None:
    if sys.argv[1:] == ["--version"]:
        sys.stdout.write(f"mtgrules {__version__}\n")
        return
    # lazy: the CLI framework costs most of a cold start, and `--version` needs none of it
    from mtgrules.cli import main as cli_main

    cli_main()
