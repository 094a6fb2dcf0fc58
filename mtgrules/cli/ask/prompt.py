"""``mtgrules ask`` alone on a terminal: ask for the pieces of the question one by one.

The answers fill the same options the command line has (nothing else is read), and
the command that stands for them is printed, so the judge learns the compact form.
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass

import typer

from mtgrules.cli.ask.specs import split_top


@dataclass(frozen=True)
class Pieces:
    """What the prompt asked for, in the command line's terms."""

    question: str
    card: str
    mine: tuple[str, ...]
    theirs: tuple[str, ...]
    turn: int | None
    active: str | None
    phase: str | None

    def command(self) -> str:
        """The ``mtgrules ask`` command line these pieces stand for."""
        words = ["mtgrules", "ask", self.question, self.card]
        words += [w for spec in self.mine for w in ("-m", spec)]
        words += [w for spec in self.theirs for w in ("-t", spec)]
        for flag, value in (
            ("--turn", self.turn),
            ("--active", self.active),
            ("--phase", self.phase),
        ):
            if value is not None:
                words += [flag, str(value)]
        return shlex.join(words)


def _cards(text: str) -> tuple[str, ...]:
    return tuple(spec for spec in split_top(text, ";") if spec)


def ask_for_pieces() -> Pieces:
    """Prompt for the question, its card and a simple board (Enter keeps a default)."""
    typer.echo("mtgrules ask: the pieces of one question (Enter keeps the default in brackets).")
    question = typer.prompt(
        "Question (cast, activate, plot, play-land, characteristics, enters, "
        "is-mana-ability, could-produce, mana-produced, x-value)"
    )
    card = typer.prompt("The card it is about")
    mine = typer.prompt(
        "Your cards, NAME[:FACTS] separated by ; (e.g. Forest; Llanowar Elves:since=now)",
        default="",
        show_default=False,
    )
    theirs = typer.prompt("Your opponent's cards", default="", show_default=False)
    turn = typer.prompt("Turn", default=3, type=int)
    active = typer.prompt("Whose turn", default="Alice")
    phase = typer.prompt("Phase or step (main, main2, upkeep, attackers, end, ...)", default="main")
    pieces = Pieces(
        question,
        card,
        _cards(mine),
        _cards(theirs),
        turn,
        None if active == "Alice" else active,
        None if phase == "main" else phase,
    )
    typer.echo(f"The same as: {pieces.command()}\n")
    return pieces
