"""The command line: a thin layer over load -> validate -> build -> ask -> report.

Exit codes: 0 every case passed or had no expectation, 1 a case failed, 2 a
case was invalid or the command was misused, 3 an answer was unsupported and
nothing worse happened, 5 a selection matched no case.
"""

from __future__ import annotations

import json
import os
import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated

import typer

from mtgrules.caseio.yamlload import Limits
from mtgrules.cli import bank as bankcli
from mtgrules.cli import cards as cardscli
from mtgrules.cli import check as checkcmd
from mtgrules.cli import data as datacli
from mtgrules.cli import rules as rulescli
from mtgrules.cli.ask import command as quick_command
from mtgrules.cli.choices import Color, Format, Rulings, ValidateFormat
from mtgrules.version import __version__

NOTHING_SELECTED = checkcmd.NOTHING_SELECTED  # --tag / -k or a bank's include matched no case

app = typer.Typer(
    name="mtgrules",
    help=(
        "A rules checker for Magic: The Gathering judges. Describe a board and a question "
        "in a YAML case file; mtgrules answers with the reasons that decide it, each citing "
        "Comprehensive Rules numbers.\n\n"
        "Start with `mtgrules check cases/`, or `mtgrules schema` for the case format."
    ),
    no_args_is_help=True,
    context_settings={"help_option_names": ["-h", "--help"]},
    add_completion=True,  # --install-completion / --show-completion (Typer's)
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
)


RulingsOpt = Annotated[
    Rulings,
    typer.Option(
        "--rulings",
        help="The card rulings printed under the reasons: relevant (the imported rulings "
        "that bear on each reason, ranked, or mtgrules' own summaries without imported "
        "data), all (and every other imported ruling of the cards concerned), none.",
    ),
]

PATHS_HELP = "Case files, directories searched recursively for *.yaml / *.yml, or glob patterns (quoted globs work; ** matches any depth); `-` alone reads one case from standard input."
PathsArg = Annotated[
    list[Path],
    typer.Argument(
        help=PATHS_HELP,
        show_default=False,
        metavar="PATH...",
    ),
]
BankPathsArg = Annotated[
    list[Path] | None,
    typer.Argument(
        help=PATHS_HELP + " None: the `include` globs of the bank's mtgrules.toml.",
        show_default=False,
        metavar="[PATH]...",
    ),
]
ExcludeOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--exclude",
        help="Skip the files found under a folder or by a glob that match this glob (repeatable;"
        " `*` crosses folders; a folder's name skips what is in it), besides the bank's `exclude`.",
        show_default=False,
        metavar="GLOB",
    ),
]
FormatOpt = Annotated[
    Format | None,
    typer.Option(
        "--format",
        "-f",
        help="text for people; json for scripts (DESIGN's answer contract); junit for CI; "
        "markdown for articles; github for GitHub Actions annotations. Default: the bank's "
        "`format`, else text.",
        show_default=False,
    ),
]
OnlyCasesOpt = Annotated[
    bool,
    typer.Option(
        "--only-case-files",
        help="Skip YAML files that don't look like cases (no case-schema modeline on the "
        "first line and no top-level `question:`), e.g. in a pre-commit hook.",
    ),
]
ColorOpt = Annotated[
    Color,
    typer.Option(
        "--color",
        help="Color the text report: auto (only on a terminal, and not when NO_COLOR is set), always, never.",
    ),
]
MaxBytesOpt = Annotated[
    int,
    typer.Option(
        "--max-bytes", help="Refuse case files larger than this many bytes.", min=1, max=10**8
    ),
]
MaxDepthOpt = Annotated[
    int,
    typer.Option(
        "--max-depth",
        help="Refuse case files whose YAML nests deeper than this (Y005).",
        min=1,
        max=1000,
    ),
]
MaxNodesOpt = Annotated[
    int,
    typer.Option(
        "--max-nodes",
        help="Refuse case files whose YAML expands to more nodes than this, aliases counted "
        "at their full size (Y006).",
        min=1,
        max=10**6,
    ),
]


_DATA_DIR_GIVEN = False  # --data-dir was given: it wins over a bank's pinned data


def _version(value: bool) -> None:
    if value:
        typer.echo(f"mtgrules {__version__}")
        raise typer.Exit()


@app.callback()
def _main(
    version: Annotated[
        bool,
        typer.Option(
            "--version", help="Print the version and exit.", callback=_version, is_eager=True
        ),
    ] = False,
    data_dir: Annotated[
        Path | None,
        typer.Option(
            "--data-dir",
            help="Where imported rules and cards are kept (default: $MTGRULES_DATA_DIR, else $XDG_DATA_HOME/mtgrules or ~/.local/share/mtgrules). Also accepted after the subcommand. Given here, it wins over the data a bank's mtgrules.toml pins.",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Top-level options."""
    global _DATA_DIR_GIVEN
    if data_dir is not None:
        os.environ["MTGRULES_DATA_DIR"] = str(data_dir)
        _DATA_DIR_GIVEN = True


@contextmanager
def _typer_exits() -> Iterator[None]:
    """The framework-free command code's ends (mtgrules.cli.check) as Typer's."""
    try:
        yield
    except checkcmd.Exit as done:
        raise typer.Exit(done.code) from None
    except checkcmd.BadJobs as err:
        raise typer.BadParameter(str(err), param_hint="'--jobs'") from None


def _use_color(choice: Color) -> bool:
    return checkcmd.use_color(choice.value)


def _emit(text: str) -> None:
    with _typer_exits():
        checkcmd.emit(text)


_count = checkcmd.count


def _missing(paths: list[Path]) -> None:
    with _typer_exits():
        checkcmd.missing(paths)


def _stdin_alone(paths: list[Path]) -> None:
    with _typer_exits():
        checkcmd.stdin_alone(paths)


@app.command()
def check(
    paths: BankPathsArg = None,
    format: FormatOpt = None,
    color: ColorOpt = Color.auto,
    explain: Annotated[
        bool,
        typer.Option(
            "--explain",
            "-e",
            help="After each answer, list the rules it cites with their summaries.",
        ),
    ] = False,
    verbose: Annotated[
        bool,
        typer.Option(
            "--verbose",
            "-v",
            help="Print every answer in full (by default a passing case is one line when "
            "several cases are checked).",
        ),
    ] = False,
    quiet: Annotated[
        bool,
        typer.Option(
            "--quiet",
            "-q",
            help="Print only the cases that didn't pass, one line each, and the closing count.",
        ),
    ] = False,
    max_bytes: MaxBytesOpt = Limits.max_bytes,
    max_depth: MaxDepthOpt = Limits.max_depth,
    max_nodes: MaxNodesOpt = Limits.max_nodes,
    jobs: Annotated[
        str | None,
        typer.Option(
            "--jobs",
            "-j",
            help="Check cases in this many processes, or `auto` for one per CPU (the default)."
            " Results keep file order.",
            show_default=False,
            metavar="N|auto",
        ),
    ] = None,
    tag: Annotated[
        list[str] | None,
        typer.Option(
            "--tag",
            "-t",
            help="Only cases with this tag (repeat for several: any of them).",
            show_default=False,
        ),
    ] = None,
    keyword: Annotated[
        str | None,
        typer.Option(
            "-k",
            help="Only cases whose id, title or file path contains this text (case ignored).",
            metavar="TEXT",
            show_default=False,
        ),
    ] = None,
    fail_fast: Annotated[
        bool,
        typer.Option("--fail-fast", "-x", help="Stop after the first failed or invalid case."),
    ] = False,
    only_case_files: OnlyCasesOpt = False,
    timeout: Annotated[
        float,
        typer.Option(
            "--timeout",
            help="Seconds each case may take, reading and answering; a case that takes "
            "longer is stopped and reported as an error (E002). 0: no limit.",
            min=0,
        ),
    ] = 5.0,
    rulings: RulingsOpt = Rulings.relevant,
    exclude: ExcludeOpt = None,
    lock: Annotated[
        bool,
        typer.Option(
            "--lock",
            help="Write mtgrules.lock in the bank (the first PATH's folder): the fingerprints of"
            " each case's expected rules, so that a later check warns about the cases a new CR"
            " edition changed.",
        ),
    ] = False,
    cross_check: Annotated[
        bool,
        typer.Option(
            "--cross-check",
            help="Ask phase.rs (an independent engine, `pip install 'mtgrules[phase]'`) the "
            "can_cast / can_activate / special action / characteristics questions too and show "
            "whether it agrees; "
            "`--cross-check=strict` makes a disagreement a failure. Needs imported card data.",
        ),
    ] = False,
    cross_check_strict: Annotated[
        bool, typer.Option("--cross-check-strict", hidden=True, help="--cross-check=strict")
    ] = False,
) -> None:
    """Answer each case's question and compare it with the case's `expect`.

    Prints each question, its answer and the reasons that decide it, then
    PASS / FAIL / ERROR / UNSUPPORTED / UNCHECKED, and a closing count
    (on stderr for the json, junit and github formats).
    Exit code: 0 all passed (or had no expect), 1 a case failed, 2 a case
    was invalid, 3 an answer was unsupported and nothing worse, 5 --tag / -k
    selected no case (as pytest's "no tests collected"), 130 interrupted
    (Ctrl-C) after reporting the cases checked so far.
    """
    # The work is mtgrules.cli.check's, which mtgrules.cli.check_args runs without Typer too.
    with _typer_exits():
        checkcmd.check(
            paths,
            format.value if format else None,
            color.value,
            explain,
            verbose,
            quiet,
            max_bytes,
            max_depth,
            max_nodes,
            jobs,
            tag,
            keyword,
            fail_fast,
            only_case_files,
            timeout,
            rulings.value,
            exclude,
            lock,
            cross_check,
            cross_check_strict,
            data_dir_given=_DATA_DIR_GIVEN,
        )


@app.command()
def validate(
    paths: BankPathsArg = None,
    format: Annotated[
        ValidateFormat,
        typer.Option(
            "--format",
            "-f",
            help="text for people; json for scripts; github for GitHub Actions annotations.",
        ),
    ] = ValidateFormat.text,
    max_bytes: MaxBytesOpt = Limits.max_bytes,
    max_depth: MaxDepthOpt = Limits.max_depth,
    max_nodes: MaxNodesOpt = Limits.max_nodes,
    only_case_files: OnlyCasesOpt = False,
    exclude: ExcludeOpt = None,
) -> None:
    """Check case files against the case format without answering them.

    Prints every problem as `file:line:col: CODE message` (codes are listed in
    docs/diagnostics.md) and exits 2 if there is any, 0 if every file is valid.
    """
    # lazy: each command imports what it uses when it runs, so the others start quickly
    from mtgrules.api import duplicate_id, find_case_files
    from mtgrules.bank.checking import internal_error
    from mtgrules.cards.db import default_library
    from mtgrules.caseio.case import load_case
    from mtgrules.caseio.diagnostics import CaseError

    given = list(paths or [])
    bank, paths = bankcli.bank_for(paths, _DATA_DIR_GIVEN)
    _missing(paths)
    problems = []
    files = 0
    limits = Limits(max_bytes, max_depth, max_nodes)
    cards = default_library()  # resolved once, not once per file
    ids: dict[str, str] = {}  # id -> the first file that has it
    found = find_case_files(paths, only_cases=only_case_files)
    for path in checkcmd.without_excluded(given, found, bank, exclude):
        files += 1
        try:
            case = load_case(path, limits, cards)
        except CaseError as err:
            problems += err.diagnostics
            continue
        except Exception as err:  # a bug in mtgrules: report it on this file and go on
            problems.append(internal_error(str(path), err, 1, 1, "reading"))
            continue
        if case.id in ids:
            problems += duplicate_id(case.file, case.id, ids[case.id]).diagnostics
        ids.setdefault(case.id, case.file)
    if format is ValidateFormat.github:
        # lazy: only the report format asked for is imported
        from mtgrules.report.as_github import annotation

        _emit(
            "".join(
                annotation("error", d.file, d.line, d.col, f"mtgrules {d.code}", d.message) + "\n"
                for d in problems
            )
        )
    elif format is ValidateFormat.json:
        _emit(
            json.dumps({"files": files, "diagnostics": [d.to_json() for d in problems]}, indent=1)
            + "\n"
        )
    else:
        bad = len({d.file for d in problems})
        _emit(
            "".join(f"{d}\n" for d in problems)
            + f"{_count(files, 'file')} checked, {bad} invalid, {_count(len(problems), 'problem')}\n"
        )
    raise typer.Exit(2 if problems else 0)


@app.command()
def schema(
    which: Annotated[
        str, typer.Argument(help="`case` (case files) or `card` (the card vocabulary).")
    ] = "case",
    output: Annotated[
        Path | None,
        typer.Option(
            "--output",
            "-o",
            help="Write both schemas (case.schema.json, card.schema.json) into this folder"
            " instead of printing one.",
            show_default=False,
            metavar="DIR",
        ),
    ] = None,
) -> None:
    """Print a JSON Schema shipped with mtgrules, or write both into a folder.

    Editors read it through the first line of a case file:
    `# yaml-language-server: $schema=<path to case.schema.json>`. Their `$id`
    is https://raw.githubusercontent.com/mtgrules/mtgrules/main/schemas/NAME.schema.json.
    """
    # lazy: each command imports what it uses when it runs, so the others start quickly
    from mtgrules.caseio.schema import schema_text

    if which not in ("case", "card"):
        typer.echo(f"mtgrules: no schema {which!r}; choose case or card", err=True)
        raise typer.Exit(2)
    if output is None:
        _emit(schema_text(which))
        return
    for name in bankcli.write_schemas(output):
        typer.echo(f"wrote {name}")


@app.command()
def card(
    name: Annotated[str, typer.Argument(help="A card name; case and punctuation don't matter.")],
) -> None:
    """Show a card as mtgrules knows it, with its abilities numbered for `ability: N`.

    With imported card data: its Oracle text (every face), types, cost, P/T and
    dated rulings. A misspelled name gets "did you mean"; unknown names exit 2.
    """
    cardscli.show_card(name)


@app.command()
def rule(
    number: Annotated[
        str, typer.Argument(help="A rule number, e.g. 302.6, 702.10c or `CR 302.6`.")
    ],
    edition: Annotated[
        str | None,
        typer.Option(
            "--edition",
            help="As this imported edition words it (its effective date, e.g. 2026-06-19).",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Show a rule: the official text with its subrules and examples once the rules are
    imported (`mtgrules rules import`), otherwise mtgrules' own summary of a rule it cites."""
    rulescli.show_rule(re.sub(r"^(?:CR|rule)\s*", "", number.strip(), flags=re.IGNORECASE), edition)


def _register_data_commands() -> None:
    app.add_typer(rulescli.rules_app, name="rules")
    app.add_typer(cardscli.cards_app, name="cards")
    app.add_typer(datacli.data_app, name="data")
    app.command("define")(rulescli.define)


_register_data_commands()


def _register_ask_command() -> None:
    """`mtgrules ask`: a question and a compact board on the command line (mtgrules.cli.ask)."""
    app.command("ask", help=quick_command.HELP)(quick_command.ask)


_register_ask_command()


@app.command()
def new(
    question: Annotated[
        str,
        typer.Argument(
            help="The question type: can_cast, can_activate, characteristics, ...",
            metavar="QUESTION-TYPE",
        ),
    ],
    path: Annotated[
        Path | None,
        typer.Argument(
            help="Where to write it (default: QUESTION-TYPE.yaml here); - prints it.",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Write a commented starter case for a question type; it validates as written.

    Creates the folders on the way that don't exist yet; refuses to overwrite an
    existing file (exit 2).
    """
    # lazy: each command imports what it uses when it runs, so the others start quickly
    from mtgrules.cli.starters import starter

    kind = question.replace("-", "_")
    target = path or Path(f"{kind}.yaml")
    try:
        text = starter(kind, None if str(target) == "-" else target)
    except KeyError as err:
        typer.echo(f"mtgrules: {err.args[0]}", err=True)
        raise typer.Exit(2) from None
    if str(target) == "-":
        _emit(text)
        return
    if not target.parent.exists():  # `mtgrules new can_cast cases/casting/x.yaml` in a new bank
        try:
            target.parent.mkdir(parents=True)
        except OSError as err:
            typer.echo(f"mtgrules: can't create {target.parent}: {err.strerror}", err=True)
            raise typer.Exit(2) from None
        typer.echo(f"created {target.parent}/", err=True)
    bankcli.write_new(target, text)
    typer.echo(f"wrote {target}: edit the board and the question, then `mtgrules check {target}`")


app.command("init")(bankcli.init)  # mtgrules init [DIR]: a bank's mtgrules.toml and schemas/


def main() -> None:
    sys.argv[1:] = bankcli.hoisted(sys.argv[1:])  # --data-dir after the subcommand too
    # `--cross-check=strict` is the strict form of a flag that otherwise takes no value
    # (click would read the PATH after a bare `--cross-check` as its value)
    sys.argv[1:] = [
        "--cross-check-strict" if a == "--cross-check=strict" else a for a in sys.argv[1:]
    ]
    bankcli.full_summaries(app)
    app(prog_name="mtgrules")
