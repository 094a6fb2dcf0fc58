"""The case document equivalent to an ``mtgrules ask`` command line, and its YAML text.

:func:`equivalent_case` turns a :class:`Request` (the question, its options and the
compact board) into the mapping a case file would hold, plus where each part came
from on the command line, so a diagnostic of the document can name the argument
that caused it. Defaults are the ones a judge expects, and are listed for the
output: two players (Alice, then Bob, in turn order), turn 3, the first player's
turn, the precombat main phase, the active player has priority, the stack empty.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from typing import Any

import yaml

from mtgrules.caseio.question_types import OPTIONS, QUESTIONS
from mtgrules.cli.ask.specs import (
    CardSpec,
    SpecError,
    case_schema,
    coerce,
    quoted,
    read_card,
    read_phase,
    read_player,
)

DEFAULT_YOU, DEFAULT_OPPONENT, DEFAULT_TURN = "Alice", "Bob", 3

# Short question words -> (case key, options they imply).
QUESTION_ALIASES: dict[str, tuple[str, dict[str, Any]]] = {
    "cast": ("can_cast", {}),
    "activate": ("can_activate", {}),
    "plot": ("can_take_special_action", {"action": "plot"}),
    "play_land": ("can_take_special_action", {"action": "play_land"}),
    "special_action": ("can_take_special_action", {}),
}

# Where a question's object goes when the board doesn't list it: a card to cast or to
# play is in its player's hand, one entering the battlefield a spell on the stack; every
# other question is about a permanent.
PLACES = {"can_cast": "hand", "can_take_special_action": "hand", "enters": "stack"}


@dataclass(frozen=True)
class Request:
    """An ``ask`` command line, as typed: the texts are the compact specs."""

    question: str
    object: str
    options: tuple[tuple[str, Any], ...] = ()  # by case key: ability, by, x, targets, ...
    raw_options: tuple[tuple[str, str], ...] = ()  # --opt KEY=VALUE, read by the schema
    mine: tuple[str, ...] = ()
    theirs: tuple[str, ...] = ()
    you: str = DEFAULT_YOU
    opponent: str = DEFAULT_OPPONENT
    turn: int | None = None
    active: str | None = None
    phase: str | None = None
    priority: str | None = None
    paying: str | None = None
    effects: tuple[str, ...] = ()
    defines: tuple[str, ...] = ()
    plays: tuple[str, ...] = ()  # --play: the case's `actions:`, in order (format version 2)


@dataclass(frozen=True)
class Equivalent:
    """The case mapping, where its parts came from, and the defaults it assumed."""

    data: dict[str, Any]
    origins: dict[str, str] = field(default_factory=dict)  # JSON path -> the argument
    defaults: tuple[str, ...] = ()
    placed: str | None = None  # the question's object, put on the board by default


def question_key(word: str) -> tuple[str, dict[str, Any]]:
    """The case key of a question typed as ``can-activate``, ``can_activate`` or ``plot``."""
    key = word.strip().lower().replace("-", "_")
    if key in QUESTIONS:
        return key, {}
    if key in QUESTION_ALIASES:
        return QUESTION_ALIASES[key]
    words = [k.replace("_", "-") for k in (*QUESTIONS, *QUESTION_ALIASES)]
    close = difflib.get_close_matches(word.replace("_", "-"), words, n=1, cutoff=0.5)
    hint = f"did you mean `{close[0]}`? " if close else ""
    raise SpecError(f"no question `{word}`; {hint}choose one of {', '.join(words)}")


def _flow(text: str, what: str) -> Any:
    """A ``--effect`` or ``--define`` value: one YAML flow mapping, read by the case loader."""
    # lazy: the loader's module is imported here only, to keep `ask --help` quick
    from mtgrules.caseio.yamlload import load_yaml

    doc = load_yaml(text.encode(), "<ask>")
    if isinstance(doc, list):
        raise SpecError(f"{what} {quoted(text)}: {doc[0].message}")
    if not isinstance(doc.data, dict):
        raise SpecError(f"{what} {quoted(text)}: expected a mapping, e.g. {{key: value, ...}}")
    return doc.data


def _action(text: str) -> Any:
    """A ``--play`` value: one entry of ``actions:``. A bare word (``pass``, ``resolve``) is
    itself; otherwise a YAML flow mapping, its braces optional:
    ``cast: Lightning Bolt, targets: [bears]`` is ``{cast: Lightning Bolt, targets: [bears]}``."""
    bare = text.strip()
    if bare and ":" not in bare and not bare.startswith(("{", "[")):
        return bare
    return _flow(bare if bare.startswith("{") else "{" + bare + "}", "--play")


def _state_facts(text: str) -> Any:
    """The facts a ``state`` question asks, typed as its CARD: a YAML flow sequence, its
    brackets optional (``life, {zone: bears}, stack``)."""
    # lazy: the loader's module is imported here only, to keep `ask --help` quick
    from mtgrules.caseio.yamlload import load_yaml

    bare = text.strip()
    doc = load_yaml((bare if bare.startswith("[") else f"[{bare}]").encode(), "<ask>")
    if isinstance(doc, list):
        raise SpecError(f"state {quoted(text)}: {doc[0].message}")
    return doc.data


def _object(spec: CardSpec) -> Any:
    facts = dict(spec.fields)
    if spec.zone == "stack":
        return {"card": spec.name, **facts} if spec.name else facts
    return {"card": spec.name, **facts} if facts else spec.name


def _refers_to(ref: str, spec: CardSpec) -> bool:
    wanted = ref.strip().casefold()
    return spec.field("id") == ref or spec.name.casefold() == wanted


def _question(
    request: Request, kind: str, implied: dict[str, Any], ref: str, turn: int
) -> tuple[dict[str, Any], dict[str, str]]:
    """The ``question:`` mapping: the key with its REF, its options inside or beside it."""
    node = case_schema()["properties"]["question"]["properties"][kind]
    inside = node.get("properties", {}) if node.get("type") == "object" else {}
    given = {**implied, **dict(request.options)}
    origins: dict[str, str] = {}
    for key, raw in request.raw_options:
        key = key.strip().replace("-", "_")
        target = inside.get(key) or case_schema()["properties"]["question"]["properties"].get(key)
        typed = f"--opt {key}" + (f"={raw}" if raw is not None else "")
        if target is None:
            raise SpecError(f"{typed}: `{kind}` has no option `{key}`")
        try:
            given[key] = coerce(key, raw, target, turn)
        except SpecError as err:
            raise SpecError(f"{typed}: {err}") from None
        origins[key] = typed
    value: dict[str, Any] | str = {"object": ref} if inside else ref
    beside: dict[str, Any] = {}
    for key, option in given.items():
        if isinstance(value, dict) and key in inside:
            value[key] = option
        elif kind in OPTIONS.get(key, ()):
            beside[key] = option
        else:
            takes = sorted({*(k for k in inside if k != "object"), *_beside_options(kind)})
            said = f" (it takes: {', '.join(map(flag_of, takes))})" if takes else ""
            raise SpecError(f"{flag_of(key)} is not an option of {kind.replace('_', '-')}{said}")
    where = f"$.question.{kind}" if isinstance(value, dict) else "$.question"
    paths = {f"{where}.{k}" if k in inside else f"$.question.{k}": k for k in given}
    return {kind: value, **beside}, {
        path: origins.get(key, f"{flag_of(key)} {given[key]}") for path, key in paths.items()
    }


def _triggers_question(request: Request) -> tuple[dict[str, Any], dict[str, str]]:
    """``triggers: {}``: what the last ``--play`` made trigger; CARD is any word (``last``)
    and it takes no option."""
    given = [*dict(request.options), *(k for k, _ in request.raw_options)]
    if given:
        raise SpecError(f"{flag_of(given[0])} is not an option of triggers (it takes none)")
    return {"triggers": {}}, {}


def _state_question(request: Request) -> tuple[dict[str, Any], dict[str, str]]:
    """``state:`` with the facts typed as the question's CARD; it takes no option."""
    given = [*dict(request.options), *(k for k, _ in request.raw_options)]
    if given:
        raise SpecError(f"{flag_of(given[0])} is not an option of state (it takes none)")
    return {"state": _state_facts(request.object)}, {}


# The question options `ask` has a flag for, by case key (the rest go through --opt).
FLAGS = {
    "ability": "--ability",
    "by": "--by",
    "x": "--x",
    "pay": "--pay",
    "targets": "--target",
    "method": "--method",
    "kicked": "--kicked",
    "alternative_cost": "--alt",
    "prototyped": "--prototyped",
    "as_copy_of": "--as-copy-of",
    "action": "--action",
}


def flag_of(key: str) -> str:
    """The ``ask`` option that sets question option ``key``: ``--alt``, or ``--opt KEY=...``."""
    return FLAGS.get(key, f"--opt {key}=...")


def _beside_options(kind: str) -> list[str]:
    return [key for key, kinds in OPTIONS.items() if kind in kinds]


def _player(text: str, flag: str) -> tuple[str, tuple[tuple[str, Any], ...]]:
    try:
        return read_player(text)
    except SpecError as err:
        raise SpecError(f"{flag} {quoted(text)}: {err}") from None


def equivalent_case(request: Request) -> Equivalent:
    """The case document an ``ask`` command line stands for (SpecError: a spec can't be read).

    >>> eq = equivalent_case(Request("can-activate", "Llanowar Elves",
    ...     theirs=("Llanowar Elves:since=now,owner=Alice",), turn=4, active="Bob"))
    >>> eq.data["players"][1]
    {'name': 'Bob', 'battlefield': [{'card': 'Llanowar Elves', 'controlled_since_turn': 4, 'owner': 'Alice'}]}
    >>> eq.data["question"]
    {'can_activate': {'object': 'Llanowar Elves'}}
    """
    kind, implied = question_key(request.question)
    turn = request.turn if request.turn is not None else DEFAULT_TURN
    you_name, you_facts = _player(request.you, "--you")
    opp_name, opp_facts = _player(request.opponent, "--opponent")
    if you_name.casefold() == opp_name.casefold():
        raise SpecError(f"--you and --opponent are both {you_name}: two players need two names")
    defaults: list[str] = []
    origins: dict[str, str] = {}
    if request.you == DEFAULT_YOU and request.opponent == DEFAULT_OPPONENT:
        defaults.append(f"players {you_name} and {opp_name}, in turn order")
    players = [
        {"name": you_name, **dict(you_facts)},
        {"name": opp_name, **dict(opp_facts)},
    ]
    origins["$.players[0]"] = f"--you {quoted(request.you)}"
    origins["$.players[1]"] = f"--opponent {quoted(request.opponent)}"
    stack: list[Any] = []
    specs: list[CardSpec] = []
    for index, (flag, texts) in enumerate((("--mine", request.mine), ("--theirs", request.theirs))):
        player = players[index]
        for text in texts:
            argument = f"{flag} {quoted(text)}"
            try:
                spec = read_card(text, turn)
            except SpecError as err:
                raise SpecError(f"{argument}: {err}") from None
            specs.append(spec)
            if spec.zone == "stack":
                item = _object(spec)
                item.setdefault("controller", player["name"])
                origins[f"$.game.stack[{len(stack)}]"] = argument
                stack.append(item)
                continue
            zone = player.setdefault(spec.zone, [])
            origins[f"$.players[{index}].{spec.zone}[{len(zone)}]"] = argument
            zone.append(_object(spec))
    ref = next((s.field("id") or s.name for s in specs if _refers_to(request.object, s)), None)
    placed = None
    if kind in ("state", "triggers"):  # the facts asked (or a word), not a card to place
        ref = request.object
    elif ref is None:  # the question's object isn't on the board given: put it where it'd be
        ref = request.object.strip()
        by = dict(request.options).get("by")
        owner = players[1] if by is not None and by == players[1]["name"] else players[0]
        zone_name = PLACES.get(kind, "battlefield")
        argument = f"the question's card {quoted(ref)}"
        if zone_name == "stack":
            origins[f"$.game.stack[{len(stack)}]"] = argument
            stack.append({"card": ref, "controller": owner["name"]})
            placed = f"it is a spell {owner['name']} controls on the stack"
        else:
            zone = owner.setdefault(zone_name, [])
            origins[f"$.players[{players.index(owner)}].{zone_name}[{len(zone)}]"] = argument
            zone.append(ref)
            placed = f"it is put in {owner['name']}'s {zone_name}"
        placed = f"{ref} is not on the board given: {placed}"
    game: dict[str, Any] = {"turn": turn}
    origins["$.game.turn"] = f"--turn {turn}"
    if request.turn is None:
        defaults.append(f"turn {turn}")
    active = request.active or you_name
    game["active_player"] = active
    origins["$.game.active_player"] = f"--active {quoted(active)}"
    if request.active is None:
        defaults.append(f"{active}'s turn")
    phase, step = read_phase("main" if request.phase is None else request.phase)
    game["phase"] = phase
    if step is not None:
        game["step"] = step
    origins["$.game.phase"] = origins["$.game.step"] = f"--phase {request.phase or 'main'}"
    if request.phase is None:
        defaults.append("the precombat main phase")
    if request.priority is not None:
        game["priority"] = (
            None if request.priority.lower() in ("none", "nobody") else request.priority
        )
        origins["$.game.priority"] = f"--priority {quoted(request.priority)}"
    else:
        defaults.append("the active player has priority")
    if request.paying is not None:
        game["paying_mana"] = request.paying
        origins["$.game.paying_mana"] = f"--paying {quoted(request.paying)}"
    if stack:
        game["stack"] = stack
    else:
        defaults.append("the stack is empty")
    data: dict[str, Any] = {"game": game, "players": players}
    if request.defines:
        data["cards"] = [_flow(text, "--define") for text in request.defines]
        origins.update(
            {f"$.cards[{i}]": f"--define {quoted(t)}" for i, t in enumerate(request.defines)}
        )
    if request.effects:
        data["effects"] = [_flow(text, "--effect") for text in request.effects]
        origins.update(
            {f"$.effects[{i}]": f"--effect {quoted(t)}" for i, t in enumerate(request.effects)}
        )
    if request.plays:
        data["actions"] = [_action(text) for text in request.plays]
        origins.update(
            {f"$.actions[{i}]": f"--play {quoted(t)}" for i, t in enumerate(request.plays)}
        )
    if kind == "state":
        question, question_origins = _state_question(request)
    elif kind == "triggers":
        question, question_origins = _triggers_question(request)
    else:
        question, question_origins = _question(request, kind, implied, ref, turn)
    data["question"] = question
    origins["$.question"] = f"{kind.replace('_', '-')} {quoted(request.object)}"
    origins.update(question_origins)
    return Equivalent(data, origins, tuple(defaults), placed)


def origin_of(path: str, origins: dict[str, str]) -> str | None:
    """The argument a diagnostic's JSON path came from: the longest origin that contains it.

    >>> origin_of("$.players[1].battlefield[0].card", {"$.players[1]": "--opponent Bob",
    ...     "$.players[1].battlefield[0]": "--theirs Elves"})
    '--theirs Elves'
    """
    best = None
    for where, argument in origins.items():
        inside = path == where or path.startswith((where + ".", where + "["))
        if inside and (best is None or len(where) > len(best[0])):
            best = (where, argument)
    return best[1] if best else None


class _Dumper(yaml.SafeDumper):
    """Block style for the case's structure, flow style for its small leaf mappings."""

    def increase_indent(self, flow: bool = False, indentless: bool = False) -> None:
        super().increase_indent(flow, False)  # list items indented under their key


# an answer's ordered lists and multisets (answer.Ordered, Multiset: the stack, what is
# attached) are tuples, written into `expect:` as the lists they are
_Dumper.add_multi_representer(tuple, yaml.SafeDumper.represent_list)


def case_text(data: dict[str, Any], schema: str, comment: str) -> str:
    """The case file: the modeline, a comment, then the case in the bank's layout."""
    body = yaml.dump(
        data,
        Dumper=_Dumper,
        sort_keys=False,
        default_flow_style=None,
        allow_unicode=True,
        width=100,
    )
    lines = "".join(f"# {line}".rstrip() + "\n" for line in comment.splitlines())
    return f"# yaml-language-server: $schema={schema}\n{lines}{body}"
