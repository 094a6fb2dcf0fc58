"""``mtgrules check`` without the CLI framework, for the command lines it can read for sure
(the cold start: docs/bench.md, "What was optimised, and why").

Importing Typer and building the command line costs a one-case ``check`` about a third of
its time. :func:`run` reads the common, well-formed forms of a ``check`` command line (the
options as ``--name VALUE``, ``--name=VALUE`` or ``-x VALUE``, each value one Typer would
accept unchanged) and runs :func:`mtgrules.cli.check.check`, the same code the Typer
command runs. Anything else returns None and the caller hands the command line to Typer:
help, an unknown or misspelt option, a missing or doubtful value (out of range, not one
of the choices, starting with ``-``), grouped short flags (``-qx``), ``--``, shell
completion. So help, usage errors and their exit codes are always Typer's own, and a
command line read here means what Typer would read it to mean.

:data:`OPTIONS` must name the options of ``mtgrules.cli.app.check`` with their types and
defaults; ``tests/test_checkargs.py`` compares it with the Typer command's, and runs both
front ends on the same command lines.
"""

from __future__ import annotations

import codecs
import contextlib
import errno
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mtgrules.caseio.yamlload import Limits
from mtgrules.cli import check as checkcmd


@dataclass(frozen=True)
class Opt:
    """One option of ``check``: its names, its parameter, and the values it takes.

    ``kind``: ``flag`` (no value), ``str``, ``int`` (digits within ``low``..``high``),
    ``float`` (a plain decimal at least ``low``), ``choice`` (one of ``choices``);
    ``many``: repeatable, the values collected in a list.
    """

    names: tuple[str, ...]
    dest: str
    kind: str
    default: Any = None
    choices: tuple[str, ...] = ()
    low: float | None = None
    high: float | None = None
    many: bool = False


FORMATS = ("text", "json", "junit", "markdown", "github")

OPTIONS = (
    Opt(("--format", "-f"), "format", "choice", None, FORMATS),
    Opt(("--color",), "color", "choice", "auto", ("auto", "always", "never")),
    Opt(("--explain", "-e"), "explain", "flag", False),
    Opt(("--verbose", "-v"), "verbose", "flag", False),
    Opt(("--quiet", "-q"), "quiet", "flag", False),
    Opt(("--max-bytes",), "max_bytes", "int", Limits.max_bytes, low=1, high=10**8),
    Opt(("--max-depth",), "max_depth", "int", Limits.max_depth, low=1, high=1000),
    Opt(("--max-nodes",), "max_nodes", "int", Limits.max_nodes, low=1, high=10**6),
    Opt(("--jobs", "-j"), "jobs", "jobs", None),
    Opt(("--tag", "-t"), "tag", "str", None, many=True),
    Opt(("-k",), "keyword", "str", None),
    Opt(("--fail-fast", "-x"), "fail_fast", "flag", False),
    Opt(("--only-case-files",), "only_case_files", "flag", False),
    Opt(("--timeout",), "timeout", "float", 5.0, low=0),
    Opt(("--rulings",), "rulings", "choice", "relevant", ("relevant", "all", "none")),
    Opt(("--exclude",), "exclude", "str", None, many=True),
    Opt(("--lock",), "lock", "flag", False),
    Opt(("--cross-check",), "cross_check", "flag", False),
    Opt(("--cross-check-strict",), "cross_check_strict", "flag", False),
)
BY_NAME = {name: opt for opt in OPTIONS for name in opt.names}
DATA_DIR = "--data-dir"  # the one program option, accepted before or after `check`
HELP = ("-h", "--help")


class _NotMine(Exception):
    """The command line is left to Typer."""


def _value(opt: Opt, text: str) -> Any:
    """``text`` as the value of ``opt``, when Typer would take it unchanged; else _NotMine."""
    if text == "" or text.startswith("-"):
        raise _NotMine
    if opt.kind == "str":
        return text
    if opt.kind == "choice":
        if text not in opt.choices:
            raise _NotMine
        return text
    if opt.kind == "jobs":  # checkcmd.jobs_count's own test, so that it never fails here
        if text.lower() != "auto" and not (text.isdigit() and int(text) >= 1):
            raise _NotMine
        return text
    if opt.kind == "int":
        if not (text.isascii() and text.isdigit()):
            raise _NotMine
        number: float = int(text)
    else:  # float: digits, with a decimal point somewhere
        whole, _, part = text.partition(".")
        if not (whole + part).isascii() or not (whole + part).isdigit():
            raise _NotMine
        number = float(text)
    if (opt.low is not None and number < opt.low) or (opt.high is not None and number > opt.high):
        raise _NotMine
    return number


def parse(argv: list[str]) -> tuple[dict[str, Any], str | None] | None:
    """The keyword arguments of :func:`mtgrules.cli.check.check` and the ``--data-dir`` given
    (or None) for the command line ``argv`` (after the program's name), or None if it is
    not a ``check`` command line this module reads (Typer then reads it)."""
    try:
        return _parse(argv)
    except _NotMine:
        return None


def _parse(argv: list[str]) -> tuple[dict[str, Any], str | None]:
    if any(a in HELP or a == "--" for a in argv):
        raise _NotMine
    data_dir: str | None = None
    args = list(argv)
    while args and args[0].split("=", 1)[0] == DATA_DIR:  # before the subcommand
        data_dir, args = _data_dir(args)
    if not args or args[0] != "check":
        raise _NotMine
    args = args[1:]
    values: dict[str, Any] = {opt.dest: opt.default for opt in OPTIONS}
    paths: list[Path] = []
    while args:
        arg = args.pop(0)
        if arg == "-" or not arg.startswith("-"):
            if arg == "":
                raise _NotMine
            paths.append(Path(arg))
            continue
        name, equals, attached = arg.partition("=")
        if name == DATA_DIR:  # after the subcommand: mtgrules.cli.app.main moves it before
            data_dir, args = _data_dir([arg, *args])
            continue
        if name == "--cross-check" and equals:  # --cross-check=strict (mtgrules.cli.app.main)
            if attached != "strict":
                raise _NotMine
            name, equals = "--cross-check-strict", ""
        if equals and not name.startswith("--"):
            raise _NotMine  # -f=json: click reads "=json" as the value
        opt = BY_NAME.get(name)
        if opt is None:
            raise _NotMine  # unknown, or grouped short flags (-qx), or -j2
        if opt.kind == "flag":
            if equals:
                raise _NotMine
            values[opt.dest] = True
            continue
        if not equals:
            if not args:
                raise _NotMine
            attached = args.pop(0)
        value = _value(opt, attached)
        if opt.many:
            values[opt.dest] = [*(values[opt.dest] or []), value]
        else:
            values[opt.dest] = value
    values["paths"] = paths or None
    return values, data_dir


def _data_dir(args: list[str]) -> tuple[str, list[str]]:
    """``--data-dir D`` or ``--data-dir=D`` at the head of ``args``: D and the rest."""
    name, equals, value = args[0].partition("=")
    if name != DATA_DIR:
        raise _NotMine
    rest = args[1:]
    if not equals:
        if not rest:
            raise _NotMine
        value, rest = rest[0], rest[1:]
    if value == "" or value.startswith("-"):
        raise _NotMine
    return str(Path(value)), rest


def _plain_streams() -> bool:
    """Typer's messages are written as they are only to streams that can hold any text
    (click re-encodes an ASCII one); elsewhere this module leaves the command to Typer."""
    for stream in (sys.stdout, sys.stderr):
        encoding = getattr(stream, "encoding", None)
        try:
            if stream is None or not encoding or codecs.lookup(encoding).name == "ascii":
                return False
        except LookupError:
            return False
    return True


def run(argv: list[str], prepare: Callable[[], None] | None = None) -> int | None:
    """Run ``mtgrules check`` for ``argv`` (after the program's name) and return its exit
    code, or None, having done nothing, if Typer has to read this command line.
    ``prepare`` is called once the command line is read, before the check runs."""
    if os.environ.get("_MTGRULES_COMPLETE") or not _plain_streams():  # shell completion
        return None
    parsed = parse(argv)
    if parsed is None:
        return None
    values, data_dir = parsed
    if data_dir is not None:  # the program's --data-dir (mtgrules.cli.app._main)
        os.environ["MTGRULES_DATA_DIR"] = data_dir
    if prepare is not None:
        prepare()
    try:
        checkcmd.check(**values, data_dir_given=data_dir is not None)
    except checkcmd.Exit as done:
        return done.code
    except (EOFError, KeyboardInterrupt):  # as click ends a command interrupted
        checkcmd.echo(err=True)
        checkcmd.echo("Aborted!", err=True)
        return 1
    except OSError as err:  # a closed pipe, as click ends then (quietly, exit 1)
        if err.errno != errno.EPIPE:
            raise
        devnull = os.open(os.devnull, os.O_WRONLY)
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(OSError, ValueError, AttributeError):
                os.dup2(devnull, stream.fileno())
        return 1
    return 0
