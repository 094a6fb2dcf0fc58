"""Command-line commands over the local data: rules, glossary, cards, update, status.

Registered by :mod:`mtgrules.cli`. Each command imports what it needs when it
runs, so ``mtgrules --help`` stays quick.
"""

from __future__ import annotations

import functools
import json
import os
import sqlite3
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, ParamSpec, TypeVar

import typer

from mtgrules import lazyre

P = ParamSpec("P")
R = TypeVar("R")

rules_app = typer.Typer(
    help=(
        "The official Comprehensive Rules text, imported from your copy.\n\n"
        "Download MagicCompRules.txt from the Wizards rules page (or run `mtgrules data "
        "update`), then `mtgrules rules import MagicCompRules.txt`. After that, `mtgrules rule "
        "702.170d` prints the official text, `mtgrules rules search` finds rules by their words, "
        "`mtgrules define` prints glossary entries, and answers quote the official text."
    ),
    no_args_is_help=True,
)
cards_app = typer.Typer(
    help=(
        "Card data (Oracle text and rulings), imported from MTGJSON or Scryfall files.\n\n"
        "`mtgrules cards import AtomicCards.json.gz` (MTGJSON, plain or gzip) or `mtgrules cards "
        "import oracle-cards.json` then `... rulings.json` (Scryfall bulk data). After that any "
        "real card can be named in a case and `mtgrules card NAME` shows it."
    ),
    no_args_is_help=True,
)
data_app = typer.Typer(
    help=(
        "The local database of imported rules, cards and rulings: where it is, what it holds, "
        "and downloading the current files. It lives in $XDG_DATA_HOME/mtgrules (or "
        "~/.local/share/mtgrules); MTGRULES_DATA_DIR or `mtgrules --data-dir DIR` choose another."
    ),
    no_args_is_help=True,
)


def _db_faults(command: Callable[P, R]) -> Callable[P, R]:
    """A command that reads the local database: a damaged page found while reading it is
    one line with the way out (`data repair`), never a traceback (docs/hostile-inputs.md)."""

    @functools.wraps(command)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return command(*args, **kwargs)
        except sqlite3.DatabaseError as err:
            raise _fail(
                f"the local database is damaged ({err}); `mtgrules data repair` keeps what "
                "can still be read",
                1,
            ) from None

    return run


def _fail(message: str, code: int = 2) -> typer.Exit:
    typer.echo(f"mtgrules: {message}", err=True)
    return typer.Exit(code)


def _out(text: str) -> None:
    """Print a command's output; a control character from imported data (a card's name,
    a file's path) is shown as an escape, never sent to the terminal."""
    # lazy: the report package loads the rules index; `mtgrules --help` needn't
    from mtgrules.report import printable

    text = printable(text)
    sys.stdout.write(text if text.endswith("\n") else text + "\n")


def _wrap(text: str, indent: str = "  ", hanging: str | None = None) -> list[str]:
    """Each paragraph of ``text`` wrapped at word boundaries to the terminal's width, as
    `check`'s report is (``COLUMNS``, else the terminal's, else 88): the first line after
    ``indent``, the others after ``hanging`` (default: ``indent``)."""
    # lazy: the report's wrapper and width, loaded by the commands that print
    from mtgrules.checkcmd import report_width
    from mtgrules.report.as_text import wrap

    width = report_width()
    out: list[str] = []
    for paragraph in text.split("\n"):
        out += wrap(paragraph, width, indent, hanging)
    return out


def _numbered(number: str, text: str, indent: str = "") -> list[str]:
    """A rule as `rule` and `rules search` print it: its number, then its text wrapped in a
    column of its own (continuation lines start under the text, not under the number)."""
    head = f"{indent}{number} "
    return _wrap(f"{head}{text}", "", " " * len(head))


def _existing(path: Path) -> Path:
    if not path.is_file():
        raise _fail(f"{path}: no such file")
    return path


# --- rules ----------------------------------------------------------------------


@rules_app.command("import")
def rules_import(
    file: Annotated[
        Path, typer.Argument(help="MagicCompRules.txt as published (UTF-8, LF or CRLF).")
    ],
) -> None:
    """Add an edition of the official Comprehensive Rules to the local database.

    Records the effective date from the file's header. Editions are kept side by
    side (`mtgrules rules editions`); the newest is the current one, which answers
    quote. Importing an edition again replaces it; the previous data stays in use
    until the new one is completely imported.
    """
    # lazy: this command's imports load when it runs, so `mtgrules --help` stays quick
    from mtgrules.crindex.importer import RulesFormatError, current_edition, import_rules
    from mtgrules.data.paths import db_path
    from mtgrules.data.store import StoreError

    started = time.perf_counter()
    try:
        parsed, current = import_rules(_existing(file))
    except RulesFormatError as err:
        raise _fail(f"{file}: not the Comprehensive Rules text ({err}); nothing imported") from None
    except StoreError as err:
        raise _fail(f"{err}; nothing imported") from None
    except (ValueError, RecursionError, MemoryError) as err:  # never a traceback
        raise _fail(f"{file}: can't be imported ({type(err).__name__}: {err})") from None
    if current:
        what = f"{len(parsed.rules)} rules and {len(parsed.glossary)} glossary entries"
        role = "now the current rules"
    else:
        what = f"{len(parsed.rules)} rules"
        role = f"kept beside the current rules (effective {current_edition()}, which stay current)"
    _out(
        f"Imported {what}, effective {parsed.effective}, into {db_path()} "
        f"in {time.perf_counter() - started:.2f}s: {role}"
    )


@rules_app.command("editions")
@_db_faults
def rules_editions() -> None:
    """List the editions of the Comprehensive Rules imported side by side.

    The newest is current: answers quote it. `mtgrules rule N --edition DATE` shows a
    rule in another edition; `mtgrules rules diff DATE DATE` compares two; a case's
    `cr: DATE` says which edition it was written for.
    """
    # lazy: this command's imports load when it runs, so `mtgrules --help` stays quick
    from mtgrules.crindex import EDITION
    from mtgrules.crindex.official import editions

    found = editions()
    if not found:
        raise _fail("no rules imported yet; run `mtgrules rules import MagicCompRules.txt`", 1)
    lines = []
    for e in found:
        marks = [
            m for m, on in (("current", e.current), ("the engine's", e.effective == EDITION)) if on
        ]
        lines.append(
            f"{e.effective}  {e.count:>5} rules  {e.source}"
            + (f"  ({', '.join(marks)})" if marks else "")
        )
    if EDITION not in {e.effective for e in found}:
        lines.append(f"(the engine follows {EDITION}, which is not imported)")
    _out("\n".join(lines))


SEARCH_ALL = 100_000  # more rules than the Comprehensive Rules have: every match, counted


@rules_app.command("search")
@_db_faults
def rules_search(
    text: Annotated[list[str], typer.Argument(help="Words that must all appear in the rule.")],
    limit: Annotated[
        int, typer.Option("--limit", "-n", help="Show at most this many rules.", min=1)
    ] = 20,
) -> None:
    """Find rules by their words in the imported official text (best matches first).

    Uses SQLite full-text search (FTS5) where available: whole words, any case.
    Example: `mtgrules rules search plotted card`.
    """
    # lazy: this command's imports load when it runs, so `mtgrules --help` stays quick
    from mtgrules.crindex.official import edition, search

    if edition() is None:
        raise _fail("no rules imported yet; run `mtgrules rules import MagicCompRules.txt`")
    every, fts = search(" ".join(text), SEARCH_ALL)
    found = every[:limit]
    lines = []
    for r in found:
        lines += _numbered(f"{r.number} ", r.text)
    if not fts:
        lines.append(
            "(FTS5 full-text search is not available here; a plain substring scan was used)"
        )
    if len(every) > len(found):  # stopped at the limit: say how many there are
        lines.append(f"{len(found)} shown of {len(every)} rules found (--limit N shows more)")
    else:
        lines.append(f"{len(found)} rule{'s' if len(found) != 1 else ''} found")
    _out("\n".join(lines))
    raise typer.Exit(0 if found else 1)


@_db_faults
def show_rule(number: str, in_edition: str | None = None) -> None:
    """`mtgrules rule NUMBER`: the official text with subrules and examples, or our summary;
    ``in_edition``: as another imported edition words it (`--edition DATE`)."""
    # lazy: this command's imports load when it runs, so `mtgrules --help` stays quick
    from mtgrules.crindex import is_known, lookup
    from mtgrules.crindex.official import edition, rule, rule_in, subrules

    current = edition()
    if in_edition is not None and (current is None or in_edition != current.effective):
        found = rule_in(in_edition, number)
        if found is False:
            raise _fail(
                f"the edition effective {in_edition} is not imported (`mtgrules rules editions`)"
            )
        if found is None:
            raise _fail(f"there is no rule {number} in the edition effective {in_edition}")
        dot = "" if found.number[-1].isalpha() else "."
        lines = _numbered(f"{found.number}{dot}", found.text)
        for example in found.examples:
            lines += _wrap(example, "    ")
        lines += _wrap(
            f"(Comprehensive Rules effective {in_edition}, imported; not the current edition)", ""
        )
        _out("\n".join(lines))
        return

    official = rule(number)
    if official is not None:
        dot = "" if official.number[-1].isalpha() else "."  # as printed: "702.170." / "702.170d"
        lines = _numbered(f"{official.number}{dot}", official.text)
        for example in official.examples:
            lines += _wrap(example, "    ")
        for sub in subrules(official.number):
            lines += _numbered(sub.number, sub.text, "  ")
            for example in sub.examples:
                lines += _wrap(example, "      ")
        ed = edition()
        lines.append(f"(Comprehensive Rules effective {ed.effective if ed else '?'}, imported)")
        _out("\n".join(lines))
        return
    if edition() is not None and not is_known(number):
        raise _fail(f"there is no rule {number} in the imported Comprehensive Rules")
    if not is_known(number):
        raise _fail(
            f"{number} is not a rule mtgrules cites; `mtgrules rules import` "
            "makes every rule available"
        )
    entry = lookup(number)
    lines = [
        *(_numbered(entry.number, entry.title) if entry.title else [entry.number]),
        *_wrap(entry.summary, "  "),
        *_wrap(
            "(mtgrules' own summary; `mtgrules rules import MagicCompRules.txt` shows the "
            "official text)",
            "",
        ),
    ]
    _out("\n".join(lines))


@_db_faults
def define(
    term: Annotated[
        list[str], typer.Argument(help="A glossary term, e.g. `plot` or `mana ability`.")
    ],
) -> None:
    """Print the glossary entry for a term from the imported rules.

    For a keyword, also prints the subrule that defines it (plot -> 702.170a).
    """
    # lazy: this command's imports load when it runs, so `mtgrules --help` stays quick
    from mtgrules.crindex.official import define as lookup_term
    from mtgrules.crindex.official import edition, glossary_terms

    if edition() is None:
        raise _fail("no rules imported yet; run `mtgrules rules import MagicCompRules.txt`")
    words = " ".join(" ".join(term).split())
    found = lookup_term(words) or _only_term_starting(words, glossary_terms(), lookup_term)
    if found is None:
        # lazy: this command's imports load when it runs, so `mtgrules --help` stays quick
        import difflib

        close = difflib.get_close_matches(
            words.casefold(), [t.casefold() for t in glossary_terms()], 3, 0.6
        )
        hint = f"; did you mean {' or '.join(close)}?" if close else ""
        raise _fail(f"no glossary entry {words!r}{hint}")
    lines = [found.term, *_wrap(found.text)]
    if found.defining is not None:
        lines += ["", "Defined in:", *_wrap(f"{found.defining.number} {found.defining.text}")]
    _out("\n".join(lines))


def _only_term_starting(words: str, terms: list[str], lookup):
    """The entry of the one glossary term that starts with ``words`` as whole words
    (`summoning sickness` -> "Summoning Sickness Rule"); None if no term or several do."""
    start = words.casefold() + " "
    matches = [t for t in terms if t.casefold().startswith(start)]
    return lookup(matches[0]) if len(matches) == 1 else None


# --- cards ----------------------------------------------------------------------


@cards_app.command("import")
def cards_import(
    file: Annotated[
        Path,
        typer.Argument(
            help="MTGJSON AtomicCards.json (or .json.gz), or a Scryfall oracle-cards or rulings bulk file."
        ),
    ],
    merge: Annotated[
        bool,
        typer.Option(
            "--merge",
            help="Add these cards to those imported before instead of replacing them: a card "
            "in both comes from the newer data, with what it lacks taken from the other.",
        ),
    ] = False,
) -> None:
    """Read card data into the local database; the format is recognised from the content.

    MTGJSON brings cards with their rulings. Scryfall's cards and rulings come
    in two files: import both (rulings link to cards by Oracle id, in either order).
    Without `--merge` the cards imported before are replaced, and the command says
    which (their source, count and date) before it replaces them.
    """
    # lazy: this command's imports load when it runs, so `mtgrules --help` stays quick
    from mtgrules.cards.importers import CardDataError, detect_file_format, import_cards
    from mtgrules.data.paths import db_path
    from mtgrules.data.store import StoreError, current_imports

    path = _existing(file)
    try:
        fmt = detect_file_format(path)
    except (CardDataError, ValueError, RecursionError, MemoryError) as err:
        raise _fail(f"{file}: not card data mtgrules reads ({err}); nothing imported") from None
    before = current_imports().get("cards")
    said = None  # what the import replaces, said once the file was read through (not before)
    if before is not None and fmt != "scryfall-rulings":
        said = _replacing(before, merge)
    try:
        summary = import_cards(path, merge=merge, announce=(lambda: _out(said)) if said else None)
    except (CardDataError, ValueError, RecursionError) as err:
        raise _fail(f"{file}: not card data mtgrules reads ({err}); nothing imported") from None
    except StoreError as err:
        raise _fail(f"{err}; nothing imported") from None
    except MemoryError:
        raise _fail(f"{file}: too big to import in the memory there is; nothing imported") from None
    what = (
        f"{summary.cards} cards and {summary.rulings} rulings"
        if summary.cards
        else f"{summary.rulings} rulings"
    )
    if summary.duplicates:
        what += f" ({summary.duplicates} listed twice, stored once)"
    merged = summary.merged
    how = (
        f"; merged: {merged.added} added, {merged.replaced} replaced by this newer (or as new) "
        f"data, {merged.kept} kept from newer data already there; {summary.total} cards in all"
        if merged is not None
        else ""
    )
    _out(
        f"Imported {what} ({summary.format}"
        + (f", data of {summary.date}" if summary.date else "")
        + f") into {db_path()} in {summary.seconds:.2f}s{how}"
        + (f"; {summary.effects_read} effect texts read" if summary.effects_read else "")
    )


def _replacing(info, merge: bool) -> str:
    """What a card import is about to replace (or merge into): every source, with its count and date."""
    sources = info.detail.get("sources") or [
        {"source": info.source, "count": info.count, "date": info.edition}
    ]
    listed = "; ".join(
        f"{s['count']} cards from {s['source']}"
        + (f" (data of {s['date']})" if s.get("date") else "")
        for s in sources
    )
    if merge:
        return f"Merging into the {info.count} cards imported before: {listed}."
    return (
        f"Replacing the {info.count} cards imported before ({listed}; imported "
        f"{info.imported_at}); `--merge` adds to them instead."
    )


@cards_app.command("coverage")
@_db_faults
def cards_coverage(
    format: Annotated[
        str, typer.Option("--format", help="`text` (default) or `json` for scripts.")
    ] = "text",
    top: Annotated[int, typer.Option(help="How many unmodeled ability shapes to list.")] = 30,
) -> None:
    """How much of the imported card data mtgrules models, from its Oracle text.

    The share of cards whose abilities are all modeled, of abilities modeled, per
    template family, for the target groups (plot/embalm/eternalize cards, cards with
    only keywords and mana abilities, creatures that enter as a copy), and the most
    frequent shapes of abilities that are not modeled, with example cards.
    """
    # lazy: this command's imports load when it runs, so `mtgrules --help` stays quick
    import json

    # lazy: this command's imports load when it runs, so `mtgrules --help` stays quick
    from mtgrules.cards.coverage import database_cards, measure, render_text
    from mtgrules.data.paths import db_path
    from mtgrules.data.store import connect

    if format not in ("text", "json"):
        raise _fail(f"--format must be text or json, not {format!r}")
    con = connect(db_path())
    if con is None or con.execute("SELECT count(*) FROM cards").fetchone()[0] == 0:
        raise _fail("no card data imported: run `mtgrules cards import FILE` first")
    report = measure(database_cards(con)).as_dict(top)
    _out(json.dumps(report, indent=2) if format == "json" else render_text(report))


@_db_faults
def show_card(name: str) -> None:
    """`mtgrules card NAME`: what mtgrules knows of a card, imported text and rulings included."""
    # lazy: this command's imports load when it runs, so `mtgrules --help` stays quick
    from mtgrules.cards.db import default_library, imported_cards
    from mtgrules.cards.faces import named_face_of
    from mtgrules.cards.ruling_search import card_rulings
    from mtgrules.cards.statics import rules_note
    from mtgrules.rules.keyword_reach import reach_note
    from mtgrules.rules.lands import intrinsic_abilities

    library = default_library()
    found = library.get(name)
    if found is None:
        hint = library.suggest(name)
        extra = f"; did you mean {' or '.join(hint)}?" if hint else ""
        if imported_cards() is None:
            extra += " (only built-in cards are known: `mtgrules cards import` adds the rest)"
        raise _fail(f"unknown card {name!r}{extra}")
    whole = found  # the rulings are the card's, whichever face is named
    found, face_line = named_face_of(found, name)
    lines = [
        found.name + (f"  {found.mana_cost}" if not found.mana_cost.is_empty else ""),
        *_wrap(found.type_line(), "", "  "),
    ]
    if found.color_indicator is not None:
        lines.append(f"Color indicator: {' '.join(found.color_indicator) or 'none'}")
    lines += [face_line] if face_line else []
    if found.power is not None:
        lines.append(f"{found.power}/{found.toughness}")
    if found.loyalty is not None:
        lines.append(f"Loyalty {found.loyalty}")
    if found.defense is not None:
        lines.append(f"Defense {found.defense}")
    source = imported_cards()  # Oracle text and rulings come from imported data, if any
    record = source.record(name) if source else None
    if record is not None:
        lines += _faces(record)
    abilities = list(found.abilities) + list(intrinsic_abilities(found.types, found.subtypes))
    lines.append(
        "Abilities (the numbers of `ability: N` in a case):" if abilities else "No abilities."
    )
    for i, ability in enumerate(abilities, 1):
        note = " (intrinsic, CR 305.6)" if ability.intrinsic else rules_note(ability)
        note = note or reach_note(ability)  # rules/keyword_reach.py
        # a modal ability's modes and a die-roll table's rows (CR 700.2, 706.2) indented
        first, *rows = f"{ability.render()}{note}".split("\n")
        lines += _wrap(first, f"  {i}. ", "     ")
        for row in rows:
            lines += _wrap(row, "     ", "       ")
        if ability.targeting is not None and ability.targeting.targets_anything:
            lines += _wrap(f"Targets: {ability.targeting.render()}", "     ", "       ")  # 115.1
    lines += _rulings_lines(card_rulings(whole), record is not None)
    if record is not None:
        origin = "built-in card definition" if found.source == "builtin" else "imported card data"
        lines += _wrap(f"({origin}; Oracle text and rulings imported; layout {record.layout})", "")
    else:
        lines.append("(built-in card definition)")
    _out("\n".join(lines))


def _rulings_lines(rulings, imported: bool) -> list[str]:
    """A card's rulings as `mtgrules card` lists them: the same ones the answers draw on
    (:func:`mtgrules.cards.ruling_search.card_rulings`), the imported ones quoted with their
    dates, or a built-in card's own summaries, marked as the project's words."""
    if not rulings:
        return ["No rulings in the imported data."] if imported else []
    own = rulings[0].own
    head = (
        f"Rulings ({len(rulings)}, mtgrules' own summaries; imported card data quotes the "
        "official text):"
        if own
        else f"Rulings ({len(rulings)}):"
    )
    lines = _wrap(head, "", "  ")
    for ruling in rulings:
        words = ruling.summary if own else ruling.text
        lines += _wrap(" ".join(words.split()), f"  {ruling.date}  ", " " * 14)
    return lines


def _faces(record) -> list[str]:
    lines = []
    multi = len(record.faces) > 1
    for face in record.faces:
        if multi:
            head = f"{face['name']}" + (f"  {face['mana_cost']}" if face.get("mana_cost") else "")
            lines += ["", f"[{head}]  {face.get('type_line', '')}"]
            if face.get("power") is not None:
                lines.append(f"  {face['power']}/{face['toughness']}")
        lines.append("Oracle text:" if not multi else "  Oracle text:")
        lines += _wrap(face.get("text") or "(none)", "    " if multi else "  ")
    return lines + ([""] if multi else [])


# --- data -----------------------------------------------------------------------


@data_app.command("status")
@_db_faults
def status() -> None:
    """Show where the local database is, and what is imported: from which files, and when."""
    # lazy: this command's imports load when it runs, so `mtgrules --help` stays quick
    from mtgrules.cards.ruling_search import unranked_note
    from mtgrules.data.health import DIR_WAY_OUT, WAY_OUT, problem
    from mtgrules.data.paths import db_path
    from mtgrules.data.store import READABLE_VERSIONS, connect, has_fts5, imports

    path = db_path()
    wrong = problem(path, READABLE_VERSIONS, deep=True)
    if wrong is not None:
        hint = WAY_OUT if path.parent.is_dir() else DIR_WAY_OUT
        raise _fail(f"{wrong}.\n{hint}.", 1)
    con = connect(path)
    lines = [f"Data directory: {path.parent}"]
    if con is None:
        lines.append(
            "Nothing imported: answers use mtgrules' own rule summaries and built-in cards.\n"
            "Import with `mtgrules rules import FILE` and `mtgrules cards import FILE`, "
            "or `mtgrules data update`."
        )
        _out("\n".join(lines))
        return
    found = imports(con)
    lines.append(f"Database: {path} ({path.stat().st_size / 1e6:.1f} MB)")
    labels = {"rules": "Comprehensive Rules", "cards": "Cards", "rulings": "Rulings"}
    for kind in ("rules", "cards", "rulings"):
        info = found.get(kind)
        if info is None:
            lines.append(f"{labels[kind]}: not imported")
            continue
        what = {"rules": "effective", "cards": "data of", "rulings": "data of"}[kind]
        sources = info.detail.get("sources") or []
        if len(sources) > 1:  # merged imports: every source
            lines.append(f"{labels[kind]}: {info.count} {kind}, merged from {len(sources)} sources")
            for s in sources:
                n = s.get("rulings", s["count"]) if kind == "rulings" else s["count"]
                lines += [
                    f"  {n} from {s['source']} ({s.get('format')}"
                    + (f", {what} {s['date']}" if s.get("date") else "")
                    + ")",
                    f"    imported {s['imported_at']}, sha256 {s['sha256'][:16]}…",
                ]
            continue
        lines += [
            f"{labels[kind]}: {info.count} {kind}"
            + (f", {what} {info.edition}" if info.edition else ""),
            f"  from {info.source}",
            f"  imported {info.imported_at}, sha256 {info.sha256[:16]}…",
        ]
    lines.append(f"Full-text search: {'FTS5' if has_fts5() else 'not available (substring scan)'}")
    lines += [unranked_note(con)] if "rulings" in found and unranked_note(con) else []
    _out("\n".join(lines))


@data_app.command("repair")
def data_repair() -> None:
    """Check the local database page by page; if it is damaged, or not one mtgrules wrote,
    build a new one from what can still be read.

    Each kind of import (rules, editions, cards, rulings) whose tables read whole is
    kept; the others must be imported again. The old file is kept beside the new one.
    The imported cards' effects are read again when another version of the effect
    reader (or none) read them.
    """
    # lazy: this command's imports load when it runs, so `mtgrules --help` stays quick
    from mtgrules.cards.import_readings import REREADING
    from mtgrules.cards.readings import EFFECT_READER_VERSION
    from mtgrules.data.paths import db_path
    from mtgrules.data.repair import repair
    from mtgrules.data.store import StoreError

    try:
        done = repair(rereading=REREADING)
    except StoreError as err:
        raise _fail(str(err), 1) from None
    if done.problem is None and done.reread is None:
        _out(f"{db_path()}: no damage found; nothing to repair")
        return
    lines = []
    if done.problem is not None:
        lines += [f"Found: {done.problem}.", f"Built a new database at {db_path()}."]
        lines.append(f"Kept: {', '.join(done.kept)}." if done.kept else "Nothing could be kept.")
    if done.lost:
        lines.append(f"Lost (import them again): {', '.join(done.lost)}.")
    if done.reread is not None:
        lines.append(
            f"Found: {done.reread.split(' (')[0]}; read again with effect reader version "
            f"{EFFECT_READER_VERSION} ({done.effects} effect texts)."
        )
    _out("\n".join(lines))


@data_app.command("update")
def data_update(
    rules_url: Annotated[
        str,
        typer.Option(help="The rules page linking MagicCompRules*.txt, or the .txt file itself."),
    ] = "https://magic.wizards.com/en/rules",
    scryfall_url: Annotated[
        str,
        typer.Option(help="Scryfall's bulk data index, naming the oracle_cards and rulings files."),
    ] = "https://api.scryfall.com/bulk-data",
    rules: Annotated[bool, typer.Option(help="Update the Comprehensive Rules.")] = True,
    cards: Annotated[bool, typer.Option(help="Update cards and rulings from Scryfall.")] = True,
) -> None:
    """Download the current Comprehensive Rules and Scryfall card data, verify, import.

    Needs a network. Each file is checked before it replaces anything, and each
    import swaps the database atomically: a failed update leaves the data as it was.
    """
    # lazy: this command's imports load when it runs, so `mtgrules --help` stays quick
    from mtgrules.dataupdate import UpdateError, update

    try:
        update(rules_url if rules else None, scryfall_url if cards else None, say=_out)
    except UpdateError as err:
        raise _fail(str(err), 1) from None
    _out("Update complete; `mtgrules data status` shows what is imported.")


@rules_app.command("diff")
def rules_diff(
    old: Annotated[
        Path, typer.Argument(help="The earlier edition (MagicCompRules.txt as published).")
    ],
    new: Annotated[Path, typer.Argument(help="The later edition.")],
    rule: Annotated[
        str, typer.Option("--rule", "-r", help="Only rules under this number: 605, 702.170, 605.1.")
    ] = "",
    cited: Annotated[
        bool, typer.Option("--cited", help="Only rules the engine can cite (its rules index).")
    ] = False,
    output: Annotated[str, typer.Option("--format", "-f", help="text, json or markdown.")] = "text",
) -> None:
    """What changed between two editions of the Comprehensive Rules, rule by rule.

    Rules added, removed, changed (with a word-level diff: [-removed words-]
    {+added words+}, in color on a terminal) and renumbered (the same or nearly
    the same text under a new number). Example: `mtgrules rules diff
    MagicCompRules-20260619.txt MagicCompRules.txt --rule 605` shows the library
    clause 605.1a gained. Exit code 0 when there are changes, 1 when none.
    """
    # lazy: this command's imports load when it runs, so `mtgrules --help` stays quick
    from mtgrules import crindex
    from mtgrules.crindex.diff import diff

    if output not in {"text", "json", "markdown"}:
        raise _fail(f"--format {output!r}: choose text, json or markdown")
    editions = [_edition_or_file(str(p)) for p in (old, new)]
    changes = diff(*editions, prefix=rule, only=crindex.numbers() if cited else None)
    dates = f"{editions[0].effective} → {editions[1].effective}"
    if output == "json":
        _out(
            json.dumps(
                {
                    "old": editions[0].effective,
                    "new": editions[1].effective,
                    "changes": [c.as_json() for c in changes],
                },
                ensure_ascii=False,
                indent=1,
            )
        )
        raise typer.Exit(0 if changes else 1)
    color = output == "text" and sys.stdout.isatty() and "NO_COLOR" not in os.environ
    lines = (
        [f"# Comprehensive Rules {dates}", ""]
        if output == "markdown"
        else [f"Comprehensive Rules {dates}"]
    )
    for c in changes:
        where = f"{c.number} (was {c.old_number})" if c.old_number else c.number
        if output == "markdown":
            lines += [f"## {where}: {c.kind}", "", c.marked("~~{}~~", "**{}**"), ""]
        else:
            lines += ["", f"{where}  {c.kind}"]
            lines += _wrap(
                c.marked(
                    "\x1b[31m[-{}-]\x1b[0m" if color else "[-{}-]",
                    "\x1b[32m{{+{}+}}\x1b[0m" if color else "{{+{}+}}",
                ),
                "    ",
            )
    counts = {
        k: sum(c.kind == k for c in changes) for k in ("changed", "added", "removed", "renumbered")
    }
    lines += ["", ", ".join(f"{n} {k}" for k, n in counts.items())]
    _out("\n".join(lines))
    raise typer.Exit(0 if changes else 1)


_DATE = lazyre.compile(r"^\d{4}-\d{2}-\d{2}$")


def _edition_or_file(what: str):
    """The rules of an imported edition named by its date, or of a MagicCompRules.txt file."""
    # lazy: this command's imports load when it runs, so `mtgrules --help` stays quick
    from mtgrules.crindex.importer import ParsedRules, RulesFormatError, parse_rules
    from mtgrules.crindex.official import edition_rules

    if _DATE.match(what) and not Path(what).exists():
        found = edition_rules(what)
        if found is None:
            raise _fail(f"the edition effective {what} is not imported (`mtgrules rules editions`)")
        return ParsedRules(what, tuple(found))
    try:
        return parse_rules(_existing(Path(what)).read_bytes())
    except RulesFormatError as err:
        raise _fail(f"{what}: not the Comprehensive Rules text ({err})") from None
