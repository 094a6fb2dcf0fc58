"""The `cards` commands (`cards import`, `cards coverage`) and the `card` command: card
data (Oracle text and rulings) imported from MTGJSON or Scryfall files, and what mtgrules
knows of one card.

Registered by :mod:`mtgrules.cli.app`. Each command imports what it needs when it
runs, so ``mtgrules --help`` stays quick.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from mtgrules.cli.data_output import db_faults, existing, fail, out, wrapped

cards_app = typer.Typer(
    help=(
        "Card data (Oracle text and rulings), imported from MTGJSON or Scryfall files.\n\n"
        "`mtgrules cards import AtomicCards.json.gz` (MTGJSON, plain or gzip) or `mtgrules cards "
        "import oracle-cards.json` then `... rulings.json` (Scryfall bulk data). After that any "
        "real card can be named in a case and `mtgrules card NAME` shows it."
    ),
    no_args_is_help=True,
)


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

    path = existing(file)
    try:
        fmt = detect_file_format(path)
    except (CardDataError, ValueError, RecursionError, MemoryError) as err:
        raise fail(f"{file}: not card data mtgrules reads ({err}); nothing imported") from None
    before = current_imports().get("cards")
    said = None  # what the import replaces, said once the file was read through (not before)
    if before is not None and fmt != "scryfall-rulings":
        said = _replacing(before, merge)
    try:
        summary = import_cards(path, merge=merge, announce=(lambda: out(said)) if said else None)
    except (CardDataError, ValueError, RecursionError) as err:
        raise fail(f"{file}: not card data mtgrules reads ({err}); nothing imported") from None
    except StoreError as err:
        raise fail(f"{err}; nothing imported") from None
    except MemoryError:
        raise fail(f"{file}: too big to import in the memory there is; nothing imported") from None
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
    out(
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
@db_faults
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
    frequent shapes of abilities that are not modeled, with example cards. Then what the
    abilities do: the share of spell, activated and triggered abilities whose effect is
    read whole, per effect family, and the cards fully read (docs/coverage.md).
    """
    # lazy: this command's imports load when it runs, so `mtgrules --help` stays quick
    import json

    # lazy: this command's imports load when it runs, so `mtgrules --help` stays quick
    from mtgrules.cards.coverage import database_cards, measure, render_text
    from mtgrules.cli.progress import with_progress
    from mtgrules.data.paths import db_path
    from mtgrules.data.store import connect

    if format not in ("text", "json"):
        raise fail(f"--format must be text or json, not {format!r}")
    con = connect(db_path())
    count = con.execute("SELECT count(*) FROM cards").fetchone()[0] if con is not None else 0
    if count == 0:
        raise fail("no card data imported: run `mtgrules cards import FILE` first")
    # reading every effect takes minutes on a whole corpus: a bar on stderr (a terminal)
    report = measure(with_progress(database_cards(con), count)).as_dict(top)
    out(json.dumps(report, indent=2) if format == "json" else render_text(report))


@db_faults
def show_card(name: str) -> None:
    """`mtgrules card NAME`: what mtgrules knows of a card, imported text and rulings included."""
    # lazy: this command's imports load when it runs, so `mtgrules --help` stays quick
    from mtgrules.cards.db import default_library, imported_cards
    from mtgrules.cards.effect_words import describe_ability
    from mtgrules.cards.faces import named_face_of
    from mtgrules.cards.ruling_search import card_rulings
    from mtgrules.cards.statics import rules_note
    from mtgrules.rules.mana.basic_lands import intrinsic_abilities
    from mtgrules.rules.scope.keyword_reach import reach_note

    library = default_library()
    found = library.get(name)
    if found is None:
        hint = library.suggest(name)
        extra = f"; did you mean {' or '.join(hint)}?" if hint else ""
        if imported_cards() is None:
            extra += " (only built-in cards are known: `mtgrules cards import` adds the rest)"
        raise fail(f"unknown card {name!r}{extra}")
    whole = found  # the rulings are the card's, whichever face is named
    found, face_line = named_face_of(found, name)
    lines = [
        found.name + (f"  {found.mana_cost}" if not found.mana_cost.is_empty else ""),
        *wrapped(found.type_line(), "", "  "),
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
    spell = bool({"Instant", "Sorcery"} & set(found.types))  # its paragraph: CR 113.3a
    for i, ability in enumerate(abilities, 1):
        note = " (intrinsic, CR 305.6)" if ability.intrinsic else rules_note(ability)
        note = note or reach_note(ability)  # rules/scope/keyword_reach.py
        # a modal ability's modes and a die-roll table's rows (CR 700.2, 706.2) indented
        first, *rows = f"{ability.render()}{note}".split("\n")
        lines += wrapped(first, f"  {i}. ", "     ")
        for row in rows:
            lines += wrapped(row, "     ", "       ")
        if ability.targeting is not None and ability.targeting.targets_anything:
            lines += wrapped(f"Targets: {ability.targeting.render()}", "     ", "       ")  # 115.1
        for row in describe_ability(ability, found.name, spell=spell):  # cards/effect_words.py
            pad = "     " + " " * (len(row) - len(row.lstrip()))
            lines += wrapped(row.lstrip(), pad, pad + "    ")
    lines += _rulings_lines(card_rulings(whole), record is not None)
    if record is not None:
        origin = "built-in card definition" if found.source == "builtin" else "imported card data"
        lines += wrapped(
            f"({origin}; Oracle text and rulings imported; layout {record.layout})", ""
        )
    else:
        lines.append("(built-in card definition)")
    out("\n".join(lines))


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
    lines = wrapped(head, "", "  ")
    for ruling in rulings:
        words = ruling.summary if own else ruling.text
        lines += wrapped(" ".join(words.split()), f"  {ruling.date}  ", " " * 14)
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
        lines += wrapped(face.get("text") or "(none)", "    " if multi else "  ")
    return lines + ([""] if multi else [])


# --- data -----------------------------------------------------------------------
