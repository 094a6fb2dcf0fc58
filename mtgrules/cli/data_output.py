"""How the data commands (`rules`, `cards`, `data`, `rule`, `card`, `define`) print and fail.

Output with a control character from imported data shown as an escape, text wrapped to
the report's width, a rule's number beside its text, a missing file refused, and a
damaged database turned into one line with the way out (docs/hostile-inputs.md).
"""

from __future__ import annotations

import functools
import sqlite3
import sys
from collections.abc import Callable
from pathlib import Path
from typing import ParamSpec, TypeVar

import typer

P = ParamSpec("P")
R = TypeVar("R")


def db_faults(command: Callable[P, R]) -> Callable[P, R]:
    """A command that reads the local database: a damaged page found while reading it is
    one line with the way out (`data repair`), never a traceback (docs/hostile-inputs.md)."""

    @functools.wraps(command)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return command(*args, **kwargs)
        except sqlite3.DatabaseError as err:
            raise fail(
                f"the local database is damaged ({err}); `mtgrules data repair` keeps what "
                "can still be read",
                1,
            ) from None

    return run


def fail(message: str, code: int = 2) -> typer.Exit:
    typer.echo(f"mtgrules: {message}", err=True)
    return typer.Exit(code)


def out(text: str) -> None:
    """Print a command's output; a control character from imported data (a card's name,
    a file's path) is shown as an escape, never sent to the terminal."""
    # lazy: the report package loads the rules index; `mtgrules --help` needn't
    from mtgrules.report import printable

    text = printable(text)
    sys.stdout.write(text if text.endswith("\n") else text + "\n")


def wrapped(text: str, indent: str = "  ", hanging: str | None = None) -> list[str]:
    """Each paragraph of ``text`` wrapped at word boundaries to the terminal's width, as
    `check`'s report is (``COLUMNS``, else the terminal's, else 88): the first line after
    ``indent``, the others after ``hanging`` (default: ``indent``)."""
    # lazy: the report's wrapper and width, loaded by the commands that print
    from mtgrules.cli.check import report_width
    from mtgrules.report.as_text import wrap

    width = report_width()
    out: list[str] = []
    for paragraph in text.split("\n"):
        out += wrap(paragraph, width, indent, hanging)
    return out


def numbered(number: str, text: str, indent: str = "") -> list[str]:
    """A rule as `rule` and `rules search` print it: its number, then its text wrapped in a
    column of its own (continuation lines start under the text, not under the number)."""
    head = f"{indent}{number} "
    return wrapped(f"{head}{text}", "", " " * len(head))


def existing(path: Path) -> Path:
    if not path.is_file():
        raise fail(f"{path}: no such file")
    return path
