"""A case: the file's facts, validated and built, ready to be asked.

:func:`read_case` runs load -> validate -> build and returns a :class:`Case`,
or raises :class:`CaseError` with every diagnostic of the file.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mtgrules.cards.define import card_from_data
from mtgrules.cards.library import CardLibrary
from mtgrules.cards.vocabulary import CardDef
from mtgrules.caseio.actions import Action, read_actions
from mtgrules.caseio.diagnostics import CaseError, Diagnostic
from mtgrules.caseio.question_checks import check_question
from mtgrules.caseio.question_types import OPTIONS, QUESTIONS
from mtgrules.caseio.schema import is_valid, schema_diagnostics
from mtgrules.caseio.semantic import check_semantics
from mtgrules.caseio.stdin import STDIN_NAME, is_stdin, read_stdin
from mtgrules.caseio.yamlload import Document, Limits, Positions, load_yaml
from mtgrules.model.build import build_state
from mtgrules.model.state import GameState


@dataclass(frozen=True)
class Question:
    """The question key, its value (a REF or a mapping) and the options beside it."""

    kind: str
    value: Any
    options: tuple[tuple[str, Any], ...] = ()

    @property
    def ref(self) -> str:
        """The object the question is about."""
        return self.value if isinstance(self.value, str) else self.value["object"]

    @property
    def subject(self) -> str | None:
        """The one object the question is about, or None for a question that names none
        (``state``'s list of facts, ``triggers``)."""
        if isinstance(self.value, str):
            return self.value
        if isinstance(self.value, dict) and isinstance(self.value.get("object"), str):
            return self.value["object"]
        return None

    def option(self, name: str, default: Any = None) -> Any:
        return dict(self.options).get(name, default)

    def as_json(self) -> dict[str, Any]:
        return {self.kind: self.value, **dict(self.options)}


@dataclass(frozen=True)
class Expectation:
    """``expect:``: the answer and the rules it must cite; or ``status: unsupported`` (the
    engine must refuse) with words its reason must ``mention`` (the card that decides)."""

    answer: Any
    rules: tuple[str, ...] = ()
    status: str | None = None  # "unsupported": the answer must be a refusal
    mentions: tuple[str, ...] = ()


@dataclass(frozen=True)
class Case:
    file: str
    id: str
    title: str | None
    tags: tuple[str, ...]
    state: GameState
    cards: CardLibrary
    question: Question
    expect: Expectation | None
    positions: Positions
    cr: str | None = None  # the CR edition the case was written for (`cr: 2026-06-19`)
    # format version 2: played out from the board, in order, before the question is asked
    actions: tuple[Action, ...] = ()
    # after a play-out: the triggered abilities the last entry made trigger, in the order
    # they go on the stack (mtgrules.model.events.Triggered), for the `triggers` question
    triggered: tuple[Any, ...] = ()
    # ... and answer.Reason notes on what didn't trigger and why, and on those removed from
    # the stack (603.3d); None: the case was not played out (it has no actions)
    trigger_notes: tuple[Any, ...] | None = None


def read_case(
    raw: bytes, file: str, limits: Limits = Limits(), cards: CardLibrary | None = None
) -> Case:
    """Load, validate and build one case from its bytes."""
    doc = load_yaml(raw, file, limits)
    if isinstance(doc, list):
        raise CaseError(doc)
    if cards is None:
        # lazy: the imported cards and the Oracle reader load only when no library is given
        from mtgrules.cards.db import default_library

        cards = default_library()
    return build_case(doc, file, cards)


def load_case(
    path: str | Path, limits: Limits = Limits(), cards: CardLibrary | None = None
) -> Case:
    """Read and build the case file at ``path`` (``-``: standard input, named ``<stdin>``);
    :class:`CaseError` if it is not valid."""
    if is_stdin(path):
        return read_case(read_stdin(limits), STDIN_NAME, limits, cards)
    path = Path(path)
    name = str(path)  # os.stat and open on it: Path's stat and open add a call layer each
    try:
        size = os.stat(name).st_size
        if size > limits.max_bytes:  # refuse before reading it all into memory
            raise CaseError([_too_big(path, f"{size:,} bytes", limits)])
        with open(name, "rb") as handle:  # /dev/zero or a pipe has no size to stat
            raw = handle.read(limits.max_bytes + 1)
        if len(raw) > limits.max_bytes:
            raise CaseError([_too_big(path, f"more than {limits.max_bytes:,} bytes", limits)])
    except OSError as err:
        raise CaseError(
            [Diagnostic(str(path), "Y011", f"can't read the file: {err.strerror}", 1, 1)]
        ) from None
    return read_case(raw, name, limits, cards)


def _too_big(path: Path, size: str, limits: Limits) -> Diagnostic:
    return Diagnostic(
        str(path), "Y004", f"the file has {size}; the limit is {limits.max_bytes:,}", 1, 1
    )


def semantics_beside(
    schema: list[Diagnostic], data: dict, file: str, positions, library: CardLibrary
) -> list[Diagnostic]:
    """The semantic problems of a case the schema rejected, reported in the same pass
    where they can be trusted: when every schema problem is a value out of its range or
    form (S004) or a stray key under ``expect`` (the board checks don't read it), and on
    lines the schema problems don't already mark. A misspelt key, a missing one or a
    value of the wrong shape hides part of the board from the semantic checks (a
    misspelt ``battlefield`` hides the objects a question names), so their problems would
    be echoes of the schema's: then only the schema's problems are reported."""
    if not all(
        d.code == "S004" or (d.code == "S001" and d.path.startswith("$.expect")) for d in schema
    ):
        return []
    try:
        found = check_semantics(data, file, positions, library)
    except (KeyError, TypeError, AttributeError, ValueError, IndexError):
        return []  # the shape the semantic checks read is what the schema refused
    marked = {d.line for d in schema}
    return [d for d in found if d.line not in marked]


_INLINE: dict[str, CardDef] = {}
_INLINE_MAX = 2_000  # definitions remembered; forgotten all at once past this


def inline_card(data: dict[str, Any]) -> CardDef:
    """The card an inline definition defines (``card_from_data``, source "inline"), built
    once per definition in a process: a bank's cases often define the same card the same
    way, and building one reads each ability's words. The key is the whole definition as
    JSON, keys in the order written, so a definition that differs in any value, in a
    value's type (``1``, ``1.0``, ``true``, ``"1"``) or in the order of its keys is built
    anew; one that JSON would write ambiguously or can't write (a key that isn't a string,
    a date, a number too large) is built every time. A card is immutable, so sharing it
    between cases changes nothing a case can see."""
    if not _json_exact(data):
        return card_from_data(data, source="inline")
    try:
        key = json.dumps(data, ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError):
        return card_from_data(data, source="inline")
    card = _INLINE.get(key)
    if card is None:
        card = card_from_data(data, source="inline")
        if len(_INLINE) >= _INLINE_MAX:
            _INLINE.clear()
        _INLINE[key] = card
    return card


def _json_exact(value: Any) -> bool:
    """Whether JSON writes ``value`` so that no other value is written the same way:
    strings, numbers, booleans and null, in lists and in mappings with string keys."""
    if isinstance(value, dict):
        return all(isinstance(k, str) and _json_exact(v) for k, v in value.items())
    if isinstance(value, list):
        return all(_json_exact(v) for v in value)
    return value is None or isinstance(value, (str, int, float))


def build_case(doc: Document, file: str, cards: CardLibrary) -> Case:
    data = doc.data
    if not isinstance(data, dict):
        raise CaseError(
            [
                Diagnostic(
                    file,
                    "Y010",
                    "the top level must be a mapping of keys (game, players, question, ...)",
                    1,
                    1,
                )
            ]
        )
    data = normalise(data)
    problems = schema_diagnostics("case", data, file, doc.positions)
    listed = data.get("cards")  # not a list: the schema says so (S002), nothing is built
    inline = [  # an invalid inline card is reported by the semantic checks (C012), not built
        inline_card(c)
        for c in (listed if isinstance(listed, list) else ())
        if isinstance(c, dict) and is_valid("card", c)
    ]
    library = cards.with_cards(inline) if inline else cards
    if problems:
        raise CaseError(problems + semantics_beside(problems, data, file, doc.positions, library))
    problems = check_semantics(data, file, doc.positions, library)
    if problems:
        raise CaseError(problems)
    state = build_state(data, library)
    problems = check_question(data, state, file, doc.positions)
    if problems:
        raise CaseError(problems)
    question = data["question"]
    kind = next(k for k in question if k in QUESTIONS)
    expect = data.get("expect")
    return Case(
        file=file,
        id=data.get("id") or Path(file).stem,
        title=data.get("title"),
        tags=tuple(data.get("tags", ())),
        state=state,
        cards=library,
        question=Question(
            kind, question[kind], tuple((k, v) for k, v in question.items() if k in OPTIONS)
        ),
        expect=_expectation(expect) if expect else None,
        positions=doc.positions,
        cr=str(data["cr"]) if data.get("cr") is not None else None,
        actions=read_actions(data, doc.positions),
    )


def _expectation(expect: dict[str, Any]) -> Expectation:
    mentions = expect.get("mentions", ())
    return Expectation(
        expect.get("answer"),
        tuple(expect.get("rules", ())),
        expect.get("status"),
        (mentions,) if isinstance(mentions, str) else tuple(mentions),
    )


def normalise(data: dict[str, Any]) -> dict[str, Any]:
    """Undo YAML 1.1's readings where the case format means text.

    ``answer: no`` is the answer "no", not false; ``rules: [702]`` is "702".
    (Floats never reach here: the loader keeps them as written.)
    """
    expect = data.get("expect")
    if isinstance(expect, dict):
        expect = dict(expect)
        if isinstance(expect.get("answer"), bool):
            expect["answer"] = "yes" if expect["answer"] else "no"
        if isinstance(expect.get("rules"), list):
            expect["rules"] = [
                str(r) if isinstance(r, int) and not isinstance(r, bool) else r
                for r in expect["rules"]
            ]
        data = {**data, "expect": expect}
    return data
