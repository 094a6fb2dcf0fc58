"""The `data` commands (`data status`, `data repair`, `data update`): where the local
database is, what it holds, repairing it, and downloading the current files.

Registered by :mod:`mtgrules.cli.app`. Each command imports what it needs when it
runs, so ``mtgrules --help`` stays quick.
"""

from __future__ import annotations

from typing import Annotated

import typer

from mtgrules.cli.data_output import db_faults, fail, out

data_app = typer.Typer(
    help=(
        "The local database of imported rules, cards and rulings: where it is, what it holds, "
        "and downloading the current files. It lives in $XDG_DATA_HOME/mtgrules (or "
        "~/.local/share/mtgrules); MTGRULES_DATA_DIR or `mtgrules --data-dir DIR` choose another."
    ),
    no_args_is_help=True,
)


@data_app.command("status")
@db_faults
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
        raise fail(f"{wrong}.\n{hint}.", 1)
    con = connect(path)
    lines = [f"Data directory: {path.parent}"]
    if con is None:
        lines.append(
            "Nothing imported: answers use mtgrules' own rule summaries and built-in cards.\n"
            "Import with `mtgrules rules import FILE` and `mtgrules cards import FILE`, "
            "or `mtgrules data update`."
        )
        out("\n".join(lines))
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
    out("\n".join(lines))


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
        raise fail(str(err), 1) from None
    if done.problem is None and done.reread is None:
        out(f"{db_path()}: no damage found; nothing to repair")
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
    out("\n".join(lines))


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
        update(rules_url if rules else None, scryfall_url if cards else None, say=out)
    except UpdateError as err:
        raise fail(str(err), 1) from None
    out("Update complete; `mtgrules data status` shows what is imported.")
