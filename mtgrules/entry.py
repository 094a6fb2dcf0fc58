"""The program's entry point: ``mtgrules --version`` answers before the CLI framework loads,
and so do the common ``mtgrules check`` command lines (mtgrules.checkargs).

Importing Typer (and the pydantic it coerces options with) costs most of a
cold start; the version needs none of it, nor does a check whose options are plain.
"""

from __future__ import annotations

import sys

from mtgrules.version import __version__


def main() -> None:
    if sys.argv[1:] == ["--version"]:
        sys.stdout.write(f"mtgrules {__version__}\n")
        return
    # lazy: `--version` answers above without it; the engine's dataclasses' methods are
    # compiled once per text, not in every process (issue #20)
    from mtgrules.dataclass_code import install

    install()
    if "check" in sys.argv[1:4]:
        # lazy: the check command without the framework, for the command lines it reads
        from mtgrules.checkargs import run

        code = run(sys.argv[1:])
        if code is not None:
            sys.exit(code)
    # lazy: the CLI framework costs most of a cold start, and `--version` needs none of it
    from mtgrules.cli import main as cli_main

    cli_main()
