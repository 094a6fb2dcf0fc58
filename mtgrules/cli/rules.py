"""The `rules` commands (`rules import`, `rules editions`, `rules search`, `rules diff`)
and the `rule` and `define` commands: the official Comprehensive Rules text imported from
the user's copy, its editions side by side, its glossary.

Registered by :mod:`mtgrules.cli.app`. Each command imports what it needs when it
runs, so ``mtgrules --help`` stays quick.
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path
from typing import Annotated

import typer

from mtgrules import lazyre
from mtgrules.cli.data_output import db_faults, existing, fail, numbered, out, wrapped

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
        parsed, current = import_rules(existing(file))
    except RulesFormatError as err:
        raise fail(f"{file}: not the Comprehensive Rules text ({err}); nothing imported") from None
    except StoreError as err:
        raise fail(f"{err}; nothing imported") from None
    except (ValueError, RecursionError, MemoryError) as err:  # never a traceback
        raise fail(f"{file}: can't be imported ({type(err).__name__}: {err})") from None
    if current:
        what = f"{len(parsed.rules)} rules and {len(parsed.glossary)} glossary entries"
        role = "now the current rules"
    else:
        what = f"{len(parsed.rules)} rules"
        role = f"kept beside the current rules (effective {current_edition()}, which stay current)"
    out(
        f"Imported {what}, effective {parsed.effective}, into {db_path()} "
        f"in {time.perf_counter() - started:.2f}s: {role}"
    )


@rules_app.command("editions")
@db_faults
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
        raise fail("no rules imported yet; run `mtgrules rules import MagicCompRules.txt`", 1)
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
    out("\n".join(lines))


SEARCH_ALL = 100_000  # more rules than the Comprehensive Rules have: every match, counted


@rules_app.command("search")
@db_faults
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
        raise fail("no rules imported yet; run `mtgrules rules import MagicCompRules.txt`")
    every, fts = search(" ".join(text), SEARCH_ALL)
    found = every[:limit]
    lines = []
    for r in found:
        lines += numbered(f"{r.number} ", r.text)
    if not fts:
        lines.append(
            "(FTS5 full-text search is not available here; a plain substring scan was used)"
        )
    if len(every) > len(found):  # stopped at the limit: say how many there are
        lines.append(f"{len(found)} shown of {len(every)} rules found (--limit N shows more)")
    else:
        lines.append(f"{len(found)} rule{'s' if len(found) != 1 else ''} found")
    out("\n".join(lines))
    raise typer.Exit(0 if found else 1)


@db_faults
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
            raise fail(
                f"the edition effective {in_edition} is not imported (`mtgrules rules editions`)"
            )
        if found is None:
            raise fail(f"there is no rule {number} in the edition effective {in_edition}")
        dot = "" if found.number[-1].isalpha() else "."
        lines = numbered(f"{found.number}{dot}", found.text)
        for example in found.examples:
            lines += wrapped(example, "    ")
        lines += wrapped(
            f"(Comprehensive Rules effective {in_edition}, imported; not the current edition)", ""
        )
        out("\n".join(lines))
        return

    official = rule(number)
    if official is not None:
        dot = "" if official.number[-1].isalpha() else "."  # as printed: "702.170." / "702.170d"
        lines = numbered(f"{official.number}{dot}", official.text)
        for example in official.examples:
            lines += wrapped(example, "    ")
        for sub in subrules(official.number):
            lines += numbered(sub.number, sub.text, "  ")
            for example in sub.examples:
                lines += wrapped(example, "      ")
        ed = edition()
        lines.append(f"(Comprehensive Rules effective {ed.effective if ed else '?'}, imported)")
        out("\n".join(lines))
        return
    if edition() is not None and not is_known(number):
        raise fail(f"there is no rule {number} in the imported Comprehensive Rules")
    if not is_known(number):
        raise fail(
            f"{number} is not a rule mtgrules cites; `mtgrules rules import` "
            "makes every rule available"
        )
    entry = lookup(number)
    lines = [
        *(numbered(entry.number, entry.title) if entry.title else [entry.number]),
        *wrapped(entry.summary, "  "),
        *wrapped(
            "(mtgrules' own summary; `mtgrules rules import MagicCompRules.txt` shows the "
            "official text)",
            "",
        ),
    ]
    out("\n".join(lines))


@db_faults
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
        raise fail("no rules imported yet; run `mtgrules rules import MagicCompRules.txt`")
    words = " ".join(" ".join(term).split())
    found = lookup_term(words) or _only_term_starting(words, glossary_terms(), lookup_term)
    if found is None:
        # lazy: this command's imports load when it runs, so `mtgrules --help` stays quick
        import difflib

        close = difflib.get_close_matches(
            words.casefold(), [t.casefold() for t in glossary_terms()], 3, 0.6
        )
        hint = f"; did you mean {' or '.join(close)}?" if close else ""
        raise fail(f"no glossary entry {words!r}{hint}")
    lines = [found.term, *wrapped(found.text)]
    if found.defining is not None:
        lines += ["", "Defined in:", *wrapped(f"{found.defining.number} {found.defining.text}")]
    out("\n".join(lines))


def _only_term_starting(words: str, terms: list[str], lookup):
    """The entry of the one glossary term that starts with ``words`` as whole words
    (`summoning sickness` -> "Summoning Sickness Rule"); None if no term or several do."""
    start = words.casefold() + " "
    matches = [t for t in terms if t.casefold().startswith(start)]
    return lookup(matches[0]) if len(matches) == 1 else None


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
        raise fail(f"--format {output!r}: choose text, json or markdown")
    editions = [_edition_or_file(str(p)) for p in (old, new)]
    changes = diff(*editions, prefix=rule, only=crindex.numbers() if cited else None)
    dates = f"{editions[0].effective} → {editions[1].effective}"
    if output == "json":
        out(
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
            lines += wrapped(
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
    out("\n".join(lines))
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
            raise fail(f"the edition effective {what} is not imported (`mtgrules rules editions`)")
        return ParsedRules(what, tuple(found))
    try:
        return parse_rules(existing(Path(what)).read_bytes())
    except RulesFormatError as err:
        raise fail(f"{what}: not the Comprehensive Rules text ({err})") from None
