"""What ``mtgrules ask`` writes besides its report: one-line refusals on standard error, and
the equivalent case saved (whole or not at all)."""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from pathlib import Path
from typing import Any

import typer


def fail(message: str) -> typer.Exit:
    """Say why ``ask`` stops, in one line on standard error; the exit (code 2) to raise."""
    typer.echo(f"mtgrules ask: {printable(message)}", err=True)
    return typer.Exit(2)


def printable(text: str) -> str:
    """``text`` with its control characters escaped: a message echoes what was typed."""
    # lazy: the report package only for a message printed
    from mtgrules.report import printable as escaped

    return escaped(text)


def write_case(target: Path, text: str, force: bool) -> None:
    """Write a case file whole or not at all: into a temporary file beside ``target``, made
    durable, then renamed onto it (a full disk leaves the existing case as it was, and no
    half-written file). Only a regular file is ever replaced (``--force``), never a FIFO,
    a device, a folder or a link; without ``--force``, nothing is."""
    try:
        present = os.lstat(target)
    except FileNotFoundError:
        present = None
    except OSError as err:
        raise fail(f"can't write {target}: {err.strerror}") from None
    if present is not None:
        if not force:
            raise fail(f"{target} already exists; not overwriting it (--force does)")
        if not stat.S_ISREG(present.st_mode):
            raise fail(f"{target} is not a regular file; not overwriting it")
    tmp = target.with_name(f".{target.name}.tmp-{os.getpid()}")
    try:
        with open(tmp, "x", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        if force:
            os.replace(tmp, target)
        else:  # a link fails if another process made the file meanwhile: never clobbered
            _link(tmp, target)
    except FileExistsError:
        raise fail(f"{target} already exists; not overwriting it (--force does)") from None
    except OSError as err:
        raise fail(f"can't write {target}: {err.strerror}") from None
    finally:
        with contextlib.suppress(OSError):
            tmp.unlink()


def _link(tmp: Path, target: Path) -> None:
    """``tmp`` given the name ``target`` unless that name exists; where the file system has
    no hard links, a rename once the name is seen free."""
    try:
        os.link(tmp, target)
    except FileExistsError:
        raise
    except OSError as err:
        if err.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EXDEV):
            raise
        if os.path.lexists(target):
            raise FileExistsError(target) from None
        os.replace(tmp, target)


def refused(
    diagnostics: Any,
    origins: dict[str, str],
    document: str,
    save: Path | None,
    printing: bool,
    force: bool,
) -> None:
    """The equivalent case is invalid, or mtgrules failed on it: each diagnostic at the
    argument it came from, and the case where it helps; always ends with exit code 2.

    An internal error (E001) is mtgrules' own, never the argument's: the equivalent case is
    written where ``--save`` says (or printed), to report it with."""
    # lazy: the document builder only once a case was built
    from mtgrules.cli.ask.document import origin_of

    ours = any(d.code == "E001" for d in diagnostics)
    for d in diagnostics:
        where = None if d.code == "E001" else origin_of(d.path, origins)
        place = where if where else f"{d.file}:{d.line}:{d.col} of the equivalent case"
        typer.echo(printable(f"mtgrules ask: {place}: {d.code} {d.message}"), err=True)
    unplaced = ours or not any(origin_of(d.path, origins) for d in diagnostics)
    if printing and unplaced:
        typer.echo(document, nl=False)
    elif save is not None and ours:
        write_case(save, document, force)
        typer.echo(f"mtgrules ask: wrote the equivalent case to {save}: report it with that file")
    elif ours:
        typer.echo(
            "mtgrules ask: `--save FILE` writes the equivalent case, to report it with", err=True
        )
    elif unplaced:
        typer.echo("mtgrules ask: `--save -` prints the equivalent case", err=True)
    raise typer.Exit(2)
