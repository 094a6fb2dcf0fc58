"""The ``mtgrules ask`` command: the command line -> the equivalent case -> check's pipeline.

The case document :func:`~mtgrules.cli.ask.document.equivalent_case` builds is dumped
to YAML and checked exactly as ``mtgrules check`` checks a file (the same loader,
schema, semantic checks, engine and reports); with ``--save`` the file is written and
the answer printed is the saved file's, checked from disk.
"""

from __future__ import annotations

import re
import shlex
import sys
from importlib import import_module
from pathlib import Path
from typing import Annotated, Any

import typer

from mtgrules.cli.ask.output import fail as _fail
from mtgrules.cli.ask.output import printable, refused, write_case
from mtgrules.cli.check import use_color
from mtgrules.cli.choices import Color, Format, Rulings

ASK_FILE = "<ask>"  # the name the unsaved equivalent case is reported by


HELP = """Answer one question about a board typed on the command line.

\b
  mtgrules ask QUESTION CARD [board] [question options]

The board and the question become the equivalent case file, answered exactly as
`mtgrules check` answers it; `--save FILE` writes that case (add `--expect` to
fill `expect:` from the answer) and `--save -` prints it.

QUESTION is a question type (can-cast, can-activate, can-take-special-action,
characteristics, enters, is-mana-ability, could-produce, mana-produced, x-value,
state, triggers) or a short form: cast, activate, plot, play-land. CARD is the card
or id the question is about; if no board card has that name it is put in your hand (can-cast,
plot, play-land), made a spell of yours on the stack (enters), or put on your
battlefield (every other question). For `state`, CARD is the facts asked:
'life, {zone: bears}, stack'; for `triggers` (what the last --play made trigger), any
word, e.g. `last`.

`--play ACTION` (repeat, in order) adds the case's `actions:`, played out before
the question is asked: pass, resolve, or a YAML flow mapping with its braces
optional, e.g. --play 'cast: Lightning Bolt, targets: [bears]' --play resolve.

A board card is NAME or NAME:FACTS, FACTS being key=value pairs separated by
commas, in the case format's keys (`mtgrules schema`) or short forms:

\b
  since=4 | since=now   controlled_since_turn (now: the current turn)
  new                   entered_this_turn: true
  tapped, token, face_down, transformed, ...   a bare key is true
  owner=Bob, controller=Bob, id=elves, x=2, plotted=now
  +1/+1=2, loyalty=3    counters (or counters={+1/+1: 2, charge: 1})
  in=hand | graveyard | exile | library | stack   the zone (default battlefield)

--mine/-m puts a card with you, --theirs/-t with your opponent. Players are
`--you NAME[:FACTS]` and `--opponent NAME[:FACTS]` (life=3, pool={G}{G}, lands=1,
spells=1, attacked), you first in turn order.

\b
Defaults (said in the output): players Alice (you) and Bob, turn 3, your turn,
the precombat main phase, the active player has priority, the stack empty.

\b
Examples:
  mtgrules ask activate "Llanowar Elves" -t "Llanowar Elves:since=now,owner=Alice" --active Bob
  mtgrules ask cast "Grizzly Bears" -m Forest -m Forest --phase end --pay
  mtgrules ask characteristics elves -m "Llanowar Elves:id=elves,+1/+1=2"
  mtgrules ask plot "Visage Bandit" --save cases/plot/bandit.yaml --expect

On a terminal, `mtgrules ask` alone asks for the question, the card and a simple
board, and prints the command that stands for them.

Exit codes as `check`: 0 answered (or PASS with --save --expect), 2 a board or
question that can't be read, 3 unsupported.
"""


def _use_color(choice: Color) -> bool:
    return use_color(choice.value)


def _number(typed: str | None, flag: str) -> int | None:
    """A number option as typed: ASCII digits, at most as many as a case file takes; a
    one-line refusal for anything else (never the 5,000 digits printed back)."""
    # lazy: the spec reader loads the case schema; `ask --help` doesn't need it
    from mtgrules.cli.ask.specs import SpecError, count, quoted

    if typed is None:
        return None
    try:
        number = count(typed, flag)
    except SpecError as err:
        raise _fail(str(err)) from None
    if number is None:
        raise _fail(f"{flag} {quoted(typed)}: expected a number (0 or more)")
    return number


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "-", text).strip("-.").lower() or "ask"


def expectation(result: Any, names: list[str]) -> dict[str, Any]:
    """``expect:`` filled from an answer: its value and the rules of the reasons that decide
    it (every failed condition of a NO; the first met one of a YES; the first reason of a
    value), or, for a refusal, ``status: unsupported`` with the board's cards it names.
    A value's ``abilities`` are left out: with imported cards they are Oracle text, which
    the project's files never hold."""
    # lazy: the JSON report's value form is the one `expect` compares (and check prints)
    from mtgrules.report.as_json import result_json

    answer = result.answer
    if answer.unsupported is not None:
        said = answer.unsupported.casefold()
        mentions = sorted({n for n in names if n.casefold() in said})
        return {"status": "unsupported", **({"mentions": mentions} if mentions else {})}
    value = result_json(result)["answer"]
    if isinstance(value, dict):  # an ability's words may be Oracle text: never in a case file
        value = {k: v for k, v in value.items() if k != "abilities"}
    if value == "no":
        deciding = [r for r in answer.reasons if r.holds is False]
    elif value == "yes":
        deciding = [r for r in answer.reasons if r.holds is True][:1]
    else:
        deciding = list(answer.reasons[:1])
    rules = list(dict.fromkeys(n for r in deciding for n in r.rules))
    return {"answer": value, **({"rules": rules} if rules else {})}


def plain_title(question: str) -> str:
    """A saved case's default title: the question without the ability's quoted words (with
    imported cards they are Oracle text, which the project's files never hold).

    >>> plain_title("Can Bob activate ability 1 of Llanowar Elves, “{T}: Add {G}.”?")
    'Can Bob activate ability 1 of Llanowar Elves?'
    """
    return re.sub(r",? ?“[^”]*”", "", question).strip()


def _card_names(data: dict[str, Any]) -> list[str]:
    names = []
    for player in data["players"]:
        for zone in ("battlefield", "hand", "graveyard", "exile", "library"):
            for item in player.get(zone, []):
                names.append(item if isinstance(item, str) else item.get("card", ""))
    names += [i["card"] for i in data["game"].get("stack", []) if "card" in i]
    return [n for n in names if n]


# Options that say where and how to report, not what is asked: left out of the command
# a saved case records (with the value after those that take one).
REPORT_OPTIONS = {"--save": 1, "--force": 0, "--expect": 0, "--format": 1, "-f": 1}
REPORT_OPTIONS |= {"--color": 1, "--explain": 0, "-e": 0, "--title": 1, "--tag": 1}
REPORT_OPTIONS |= {"--rulings": 1}


def board_words(argv: list[str]) -> list[str]:
    """The words of an ``ask`` command line that give the question and the board.

    >>> board_words(["ask", "cast", "Bears", "--save", "a.yaml", "--expect", "-f=json"])
    ['ask', 'cast', 'Bears']
    """
    out, skip = [], 0
    for word in argv:
        if skip:
            skip -= 1
            continue
        name = word.split("=", 1)[0]
        if name in REPORT_OPTIONS:
            skip = REPORT_OPTIONS[name] if "=" not in word else 0
            continue
        out.append(word)
    return out


def _recorded(prompted: str | None) -> str:
    """The command a saved case records: the one typed, or the one the prompt's answers
    stand for (with the options typed beside it); empty when not run as ``mtgrules ask``."""
    if sys.argv[1:2] != ["ask"]:
        return ""
    words = board_words(sys.argv[1:])
    if prompted is None:
        return shlex.join(["mtgrules", *words])
    return " ".join([prompted, *([shlex.join(words[1:])] if words[1:] else [])])


def _render(results: list[Any], format: Format, color: Color, explain: bool) -> str:
    """The answer in the report format asked for; as text, wrapped to the terminal as
    `check`'s is, and without a test run's status line and counts (one question asked)."""
    # lazy: only the report format asked for is imported
    from mtgrules.cli.check import report_width
    from mtgrules.report.as_text import render as render_text

    if format is Format.text:
        return render_text(
            results,
            color=_use_color(color),
            explain=explain,
            detail="full",
            width=report_width(),
            one_off=True,
        )
    text = import_module(f"mtgrules.report.as_{format.value}").render(results)
    return text if text.endswith("\n") or not text else text + "\n"


def ask(
    question: Annotated[
        str | None,
        typer.Argument(
            help="can-cast, can-activate, can-take-special-action, characteristics, enters, "
            "is-mana-ability, could-produce, mana-produced, x-value, state, triggers; or cast, "
            "activate, plot, play-land.",
            metavar="QUESTION",
            show_default=False,
        ),
    ] = None,
    card: Annotated[
        str | None,
        typer.Argument(
            help="The card (or id) the question is about.", metavar="CARD", show_default=False
        ),
    ] = None,
    mine: Annotated[
        list[str] | None,
        typer.Option(
            "--mine", "-m", help="A card of yours: NAME[:FACTS] (repeat).", show_default=False
        ),
    ] = None,
    theirs: Annotated[
        list[str] | None,
        typer.Option(
            "--theirs",
            "-t",
            help="A card of your opponent's: NAME[:FACTS] (repeat).",
            show_default=False,
        ),
    ] = None,
    you: Annotated[
        str, typer.Option("--you", help="You, first in turn order: NAME[:FACTS].")
    ] = "Alice",
    opponent: Annotated[
        str, typer.Option("--opponent", help="Your opponent: NAME[:FACTS].")
    ] = "Bob",
    turn_typed: Annotated[
        str | None,
        typer.Option(
            "--turn",
            help="The current turn number [default: 3].",
            show_default=False,
            metavar="<int>",
        ),
    ] = None,
    active: Annotated[
        str | None,
        typer.Option("--active", help="Whose turn it is [default: you].", show_default=False),
    ] = None,
    phase: Annotated[
        str | None,
        typer.Option(
            "--phase",
            "-p",
            help="A phase or step: main, main2, upkeep, draw, attackers, blockers, damage, "
            "end, cleanup, ... [default: main].",
            show_default=False,
        ),
    ] = None,
    priority: Annotated[
        str | None,
        typer.Option(
            "--priority",
            help="Who has priority, or none [default: the active player].",
            show_default=False,
        ),
    ] = None,
    paying: Annotated[
        str | None,
        typer.Option(
            "--paying",
            help="A player in the middle of a mana payment (CR 605.3a).",
            show_default=False,
        ),
    ] = None,
    effect: Annotated[
        list[str] | None,
        typer.Option(
            "--effect",
            help="A continuous effect as in the case format, one YAML flow mapping "
            "({affect: elves, source: X, timestamp: 1, add_abilities: [haste]}).",
            show_default=False,
        ),
    ] = None,
    define: Annotated[
        list[str] | None,
        typer.Option(
            "--define",
            help="An inline card definition (card vocabulary, one YAML flow mapping).",
            show_default=False,
        ),
    ] = None,
    play: Annotated[
        list[str] | None,
        typer.Option(
            "--play",
            help="An action played out before the question is asked (repeat, in order), "
            "as an entry of the case's `actions:`: pass, resolve, or a YAML flow mapping "
            "with its braces optional ('cast: Lightning Bolt, targets: [bears]').",
            show_default=False,
        ),
    ] = None,
    ability: Annotated[
        str | None,
        typer.Option(
            "--ability",
            "-a",
            help="The ability: its number (see `mtgrules card`) or keyword [default: 1].",
            show_default=False,
        ),
    ] = None,
    by: Annotated[
        str | None,
        typer.Option("--by", help="The player who would act.", show_default=False),
    ] = None,
    x_typed: Annotated[
        str | None,
        typer.Option("--x", help="The value of X.", show_default=False, metavar="<int>"),
    ] = None,
    pay: Annotated[
        bool, typer.Option("--pay", help="Also check that the mana can be paid.")
    ] = False,
    target: Annotated[
        list[str] | None,
        typer.Option("--target", help="A target announced (repeat, in order).", show_default=False),
    ] = None,
    method: Annotated[
        str | None,
        typer.Option("--method", help="can-cast: normal, plot or flashback.", show_default=False),
    ] = None,
    kicked: Annotated[bool, typer.Option("--kicked", help="can-cast: kicked.")] = False,
    alt: Annotated[
        str | None,
        typer.Option(
            "--alt", help="can-cast: the alternative cost (a keyword).", show_default=False
        ),
    ] = None,
    prototyped: Annotated[
        bool, typer.Option("--prototyped", help="can-cast: cast prototyped.")
    ] = False,
    as_copy_of: Annotated[
        str | None,
        typer.Option(
            "--as-copy-of", help="enters: the object it copies, or none.", show_default=False
        ),
    ] = None,
    action: Annotated[
        str | None,
        typer.Option(
            "--action", help="can-take-special-action: plot or play_land.", show_default=False
        ),
    ] = None,
    opt: Annotated[
        list[str] | None,
        typer.Option(
            "--opt",
            help="Any other question option as KEY=VALUE (choose=[W], other_card=X, "
            "choose_colors=[R, G], embalmed).",
            show_default=False,
        ),
    ] = None,
    save_typed: Annotated[
        str | None,
        typer.Option(
            "--save",
            metavar="<path>",
            help="Write the equivalent case file here (- prints it); never overwrites "
            "without --force.",
            show_default=False,
        ),
    ] = None,
    force: Annotated[bool, typer.Option("--force", help="--save may overwrite.")] = False,
    expect: Annotated[
        bool,
        typer.Option("--expect", help="With --save: fill `expect:` from the answer."),
    ] = False,
    title: Annotated[
        str | None,
        typer.Option(
            "--title",
            help="With --save: the case's title [default: the question].",
            show_default=False,
        ),
    ] = None,
    tag: Annotated[
        list[str] | None,
        typer.Option(
            "--tag", help="With --save: a tag (repeat) [default: ask].", show_default=False
        ),
    ] = None,
    explain: Annotated[
        bool, typer.Option("--explain", "-e", help="List the cited rules with their summaries.")
    ] = False,
    format: Annotated[
        Format, typer.Option("--format", "-f", help="The report, as for `check`.")
    ] = Format.text,
    color: Annotated[Color, typer.Option("--color", help="auto, always, never.")] = (Color.auto),
    rulings: Annotated[
        Rulings,
        typer.Option("--rulings", help="The card rulings shown, as for `check`."),
    ] = Rulings.relevant,
) -> None:
    # lazy: the document builder loads the case schema; `ask --help` doesn't need it
    from mtgrules.bank.checking import check_case, rulings_shown
    from mtgrules.caseio.yamlload import Limits
    from mtgrules.cli.ask.document import Request, case_text, equivalent_case
    from mtgrules.cli.ask.specs import SpecError, count
    from mtgrules.cli.starters import schema_reference
    from mtgrules.results import exit_code

    prompted = None  # the command the prompt's answers stand for
    turn, x = _number(turn_typed, "--turn"), _number(x_typed, "--x")
    # `-` alone prints; `./-` is a file named `-` (a Path would make both `-`)
    printing = save_typed == "-"
    save = None if save_typed is None or printing else Path(save_typed)
    if question is None or card is None:
        if not (sys.stdin.isatty() and sys.stdout.isatty()):
            raise _fail(
                "give QUESTION and CARD (`mtgrules ask --help`); on a terminal, "
                "`mtgrules ask` alone asks for them"
            )
        # lazy: the prompt only for `mtgrules ask` alone on a terminal
        from mtgrules.cli.ask.prompt import ask_for_pieces

        pieces = ask_for_pieces()
        prompted = pieces.command()
        question, card = pieces.question, pieces.card
        mine, theirs = [*(mine or ()), *pieces.mine], [*(theirs or ()), *pieces.theirs]
        turn = pieces.turn if turn is None else turn
        active = active or pieces.active
        phase = phase or pieces.phase
    if expect and save is None and not printing:
        raise _fail("--expect fills the `expect:` of a saved case: give --save FILE too")
    options: dict[str, Any] = {}
    if ability is not None:
        try:
            number = count(ability, "--ability")
        except SpecError as err:
            raise _fail(str(err)) from None
        options["ability"] = ability if number is None else number
    for key, value in (("by", by), ("x", x), ("method", method), ("action", action)):
        if value is not None:
            options[key] = value
    for key, flag in (("pay", pay), ("kicked", kicked), ("prototyped", prototyped)):
        if flag:
            options[key] = True
    if alt is not None:
        options["alternative_cost"] = alt
    if target:
        options["targets"] = list(target)
    if as_copy_of is not None:
        options["as_copy_of"] = None if as_copy_of.lower() in ("none", "null") else as_copy_of
    raw_options = []
    for item in opt or []:
        key, sep, value = item.partition("=")
        raw_options.append((key, value if sep else None))
    request = Request(
        question=question,
        object=card,
        options=tuple(options.items()),
        raw_options=tuple(raw_options),
        mine=tuple(mine or ()),
        theirs=tuple(theirs or ()),
        you=you,
        opponent=opponent,
        turn=turn,
        active=active,
        phase=phase,
        priority=priority,
        paying=paying,
        effects=tuple(effect or ()),
        defines=tuple(define or ()),
        plays=tuple(play or ()),
    )
    try:
        equivalent = equivalent_case(request)
    except SpecError as err:
        raise _fail(str(err)) from None
    except Exception as err:  # a bug in mtgrules, not in the command: one line, as check's E001
        raise _fail(
            f"E001 internal error while reading the command: {type(err).__name__}: {err} "
            "(a bug in mtgrules: please report it with this command)"
        ) from None
    data = equivalent.data
    kind = next(iter(data["question"]))
    case_id = (
        _slug(save.stem) if save is not None else _slug(f"ask-{kind.replace('_', '-')}-{card}")
    )
    head: dict[str, Any] = {"id": case_id, "tags": list(tag or ["ask"])}
    limits = Limits()
    document = case_text({**head, **data}, schema_reference(None), "")
    result = check_case(ASK_FILE, limits, None, None, raw=document.encode())
    assert result is not None  # no selection: never deselected
    if result.status == "error":
        refused(result.diagnostics, equivalent.origins, document, save, printing, force)
    if save is not None or printing:
        head = {
            "id": case_id,
            "title": title or plain_title(result.answer.question),
            "tags": head["tags"],
        }
        body = {**head, **data}
        if expect:
            body["expect"] = expectation(result, _card_names(data))
        command = _recorded(prompted)
        comment = "Written by `mtgrules ask`" + (f" from:\n  {command}" if command else ".")
        if save is None:  # `--save -`
            typer.echo(case_text(body, schema_reference(None), comment), nl=False)
            return
        write_case(save, case_text(body, schema_reference(save), comment), force)
        saved = "./-" if str(save) == "-" else save  # a file named `-`, not standard input
        result = check_case(saved, limits, None)  # the saved file, checked as `check` would
        assert result is not None
        typer.echo(f"wrote {save}", err=True)
    if format is Format.text:
        # lazy: the text report's wrapper, for the notes above the answer
        from mtgrules.cli.check import report_width
        from mtgrules.report.as_text import wrap

        notes = [f"defaults: {'; '.join(equivalent.defaults)}"] if equivalent.defaults else []
        for note in [*notes, *([equivalent.placed] if equivalent.placed else [])]:
            typer.echo(printable("\n".join(wrap(f"({note})", report_width(), "", " "))))
    sys.stdout.write(_render(rulings_shown([result], rulings.value), format, color, explain))
    sys.stdout.flush()
    raise typer.Exit(exit_code([result]))


ask.__doc__ = HELP
