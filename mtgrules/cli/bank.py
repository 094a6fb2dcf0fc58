"""The command line's bank conventions, kept apart from the commands in cli/app.py: a bank's
configuration applied to `check` / `validate` (mtgrules.bank.config), what a walk leaves
out, `mtgrules init`, the schemas written into a folder, the report's width, global
options after the subcommand, and whole help summaries."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Annotated

import typer

from mtgrules.cli import check as checkcmd


def bank_for(paths: list[Path] | None, data_dir_given: bool = False):
    """checkcmd.bank_for, ending as Typer commands end."""
    try:
        return checkcmd.bank_for(paths, data_dir_given)
    except checkcmd.Exit as done:
        raise typer.Exit(done.code) from None


def write_schemas(folder: Path) -> list[Path]:
    """Write the case and card schemas into ``folder`` (created if need be); exit 2 if it
    can't be written."""
    # lazy: each command imports what it uses when it runs, so the others start quickly
    from mtgrules.caseio.schema import schema_text

    written = []
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for name in ("case", "card"):
            target = folder / f"{name}.schema.json"
            target.write_text(schema_text(name), encoding="utf-8")
            written.append(target)
    except OSError as err:
        typer.echo(f"mtgrules: can't write into {folder}: {err.strerror}", err=True)
        raise typer.Exit(2) from None
    return written


def init(
    folder: Annotated[
        Path, typer.Argument(help="The bank's folder (created if need be).", metavar="[DIR]")
    ] = Path(),
    cards: Annotated[
        list[Path] | None,
        typer.Option(
            "--cards",
            help="Card data the bank's answers need (repeatable): pinned with its sha256.",
            show_default=False,
            metavar="FILE",
        ),
    ] = None,
    rules: Annotated[
        Path | None,
        typer.Option(
            "--rules",
            help="The Comprehensive Rules text the bank quotes: pinned with its sha256.",
            show_default=False,
            metavar="FILE",
        ),
    ] = None,
) -> None:
    """Make a folder a case bank: write its mtgrules.toml, copy the schemas into
    schemas/ (so modelines are relative and the bank travels) and create cases/.

    Refuses to overwrite an existing mtgrules.toml (exit 2). Without --cards / --rules
    the configuration pins the built-in cards only (`data = []`).
    """
    # lazy: each command imports what it uses when it runs, so the others start quickly
    from mtgrules.bank.config import CONFIG_NAME, config_text, file_sha256

    sources = []
    for kind, files in (("cards", cards or []), ("rules", [rules] if rules else [])):
        for file in files:
            if not file.is_file():
                typer.echo(f"mtgrules: {file}: no such file", err=True)
                raise typer.Exit(2)
            sources.append((kind, source_text(file, folder), file_sha256(file)))
    target = folder / CONFIG_NAME
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        typer.echo(f"mtgrules: can't write {target}: {err.strerror}", err=True)
        raise typer.Exit(2) from None
    write_new(target, config_text(sources))
    typer.echo(f"wrote {target}")
    for name in write_schemas(folder / "schemas"):
        typer.echo(f"wrote {name}")
    (folder / "cases").mkdir(exist_ok=True)
    typer.echo(
        f"next: `mtgrules new can_cast {folder / 'cases' / 'my-case.yaml'}`, then "
        f"`mtgrules check` in {folder}"
    )


def source_text(file: Path, folder: Path) -> str:
    """How the configuration names a data file: relative to the bank when it is inside it."""
    try:
        return file.resolve().relative_to(folder.resolve()).as_posix()
    except ValueError:
        return file.resolve().as_posix()


# Options of the program that are accepted after the subcommand too (and moved before it).
GLOBAL_OPTIONS = ("--data-dir",)


def hoisted(argv: list[str]) -> list[str]:
    """``argv`` with the global options given after the subcommand moved before it, so
    ``mtgrules check cases/ --data-dir D`` means ``mtgrules --data-dir D check cases/``
    (nothing after a ``--`` is moved)."""
    head: list[str] = []
    rest: list[str] = []
    i = 0
    while i < len(argv):
        arg = argv[i]
        if arg == "--":
            rest += argv[i:]
            break
        name = arg.split("=", 1)[0]
        if name in GLOBAL_OPTIONS and rest:
            take = 1 if "=" in arg else 2
            head += argv[i : i + take]
            i += take
            continue
        rest.append(arg)
        i += 1
    return head + rest


def full_summaries(typer_app: typer.Typer) -> None:
    """Each command's one-line summary in a command list is its docstring's first sentence
    in full, wrapped, not cut at the terminal's width with "..." (Click's default)."""
    for info in typer_app.registered_commands:
        text = info.help or (info.callback.__doc__ if info.callback else None)
        if info.short_help is None and text:
            info.short_help = first_sentence(text)
    for group in typer_app.registered_groups:
        if group.typer_instance is not None:
            full_summaries(group.typer_instance)
            info = group.typer_instance.info
            text = group.help if isinstance(group.help, str) else info.help
            if isinstance(text, str) and not isinstance(group.short_help, str):
                group.short_help = first_sentence(text)


def first_sentence(text: str) -> str:
    paragraph = " ".join(text.strip().split("\n\n")[0].split())
    end = re.search(r"\.(?:\s+[A-Z(`]|$)", paragraph)
    return paragraph[: end.start() + 1] if end else paragraph


def write_new(target: Path, text: str) -> None:
    """Write a file that must not exist yet (never overwriting one); exit 2 if it does or
    can't be written."""
    try:
        with open(target, "x", encoding="utf-8") as handle:
            handle.write(text)
    except FileExistsError:
        typer.echo(f"mtgrules: {target} already exists; not overwriting it", err=True)
        raise typer.Exit(2) from None
    except OSError as err:
        typer.echo(f"mtgrules: can't write {target}: {err.strerror}", err=True)
        raise typer.Exit(2) from None
