"""The compact board syntax of ``mtgrules ask``: ``NAME:key=value,key=value``.

A card spec is a card name, optionally followed by ``:`` and comma-separated facts in
the case format's own keys (``tapped``, ``owner=Alice``, ``counters={+1/+1: 2}``) or
their short forms (``since=4``, ``since=now``, ``new``, ``in=hand``, ``+1/+1=2``,
``loyalty=3``). A player spec is a name with player facts (``Alice:life=3,pool={G}``).
Every value is read by the type the case schema gives its key, so ``pool={G}{G}``
stays text and ``since=4`` is a number; anything the schema would refuse is left for
validation, which reports it against the argument it came from.

>>> spec = read_card("Llanowar Elves:since=now,owner=Alice", turn=4)
>>> spec.name, spec.zone, spec.fields
('Llanowar Elves', 'battlefield', (('controlled_since_turn', 4), ('owner', 'Alice')))
>>> read_card("Circle of Protection: Red", turn=1).name
'Circle of Protection: Red'
>>> read_player("Alice:life=3,pool={G}{G}")
('Alice', (('life', 3), ('mana_pool', '{G}{G}')))
"""

from __future__ import annotations

import difflib
import json
import re
import shlex
from dataclasses import dataclass
from functools import cache
from typing import Any

from mtgrules import lazyre
from mtgrules.caseio.schema import schema_text
from mtgrules.caseio.yamlload import load_yaml


class SpecError(ValueError):
    """A compact spec that can't be read: the message is one line for the judge."""


ZONES = ("battlefield", "hand", "graveyard", "exile", "library", "stack")

# Short forms: the key a judge types -> the case format's key.
OBJECT_ALIASES = {
    "since": "controlled_since_turn",
    "new": "entered_this_turn",
    "plotted": "plotted_on_turn",
    "facedown": "face_down",
}
PLAYER_ALIASES = {
    "pool": "mana_pool",
    "lands": "lands_played_this_turn",
    "spells": "spells_cast_this_turn",
    "attacked": "attacked_this_turn",
    "library": "library_size",
}
COUNTER_KEY = lazyre.compile(r"^[+-][0-9]{1,18}/[+-][0-9]{1,18}$|^loyalty$")  # `+1/+1=2`
MAX_DIGITS = 18  # as a case file (caseio/yamlload.py): no count in a game comes near
KEY = lazyre.compile(r"^[A-Za-z_+-][\w+/-]*$")


SHOWN_CHARS = 60  # an argument echoed in a message: past this, its start and its length


def quoted(text: str) -> str:
    """An argument as a message echoes it: shell-quoted, cut short past :data:`SHOWN_CHARS`
    (a 5,000-digit number is not printed back whole). Control characters are escaped
    where the message is printed (``mtgrules ask``'s ``_fail``).

    >>> quoted("Llanowar Elves"), quoted("9" * 100)
    ("'Llanowar Elves'", '99999999999999999999999999999999999999999999999999... (100 characters)')
    """
    if len(text) <= SHOWN_CHARS:
        return shlex.quote(text)
    return f"{shlex.quote(text[: SHOWN_CHARS - 10] + '...')} ({len(text):,} characters)"


def count(text: str, what: str) -> int | None:
    """``text`` as a number if it is one written in ASCII digits (``²`` and ``٣`` are not),
    else None; :class:`SpecError` for one longer than any number the case format takes.

    >>> count("12", "x"), count("²", "x"), count("twelve", "x")
    (12, None, None)
    """
    text = text.strip()
    if not text.isascii() or not text.isdigit():
        return None
    if len(text) > MAX_DIGITS:
        shown = text if len(text) <= 24 else f"{text[:20]}... ({len(text):,} digits)"
        raise SpecError(f"{what}: the number {shown} is too large (at most {MAX_DIGITS} digits)")
    return int(text)


@dataclass(frozen=True)
class CardSpec:
    """One card of the board as typed: its name, its zone and its facts (case keys)."""

    text: str
    name: str
    zone: str
    fields: tuple[tuple[str, Any], ...]

    def field(self, key: str, default: Any = None) -> Any:
        return dict(self.fields).get(key, default)


@cache
def case_schema() -> dict[str, Any]:
    """The case format's JSON Schema, the source of every key and type a spec may use."""
    return json.loads(schema_text("case"))


def object_keys() -> dict[str, Any]:
    """The facts of an object in a zone, by key, with their schema."""
    mapping = next(o for o in case_schema()["$defs"]["object"]["oneOf"] if o["type"] == "object")
    return {k: v for k, v in mapping["properties"].items() if k != "card"}


def stack_keys() -> dict[str, Any]:
    """The facts of an object on the stack (a spell or an ability), by key."""
    return {k: v for k, v in case_schema()["$defs"]["stack_item"]["properties"].items()}


def player_keys() -> dict[str, Any]:
    """A player's facts (not their zones), by key."""
    props = case_schema()["$defs"]["player"]["properties"]
    return {k: v for k, v in props.items() if k not in ZONES and k != "name"}


def split_top(text: str, sep: str = ",") -> list[str]:
    """``text`` split at ``sep`` outside brackets and braces: ``a={b: 1, c: 2},d``."""
    parts, depth, start = [], 0, 0
    for i, char in enumerate(text):
        if char in "[{":
            depth += 1
        elif char in "]}":
            depth -= 1
        elif char == sep and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return [p.strip() for p in parts]


def _looks_like_facts(tail: str, flags: set[str]) -> bool:
    items = split_top(tail)
    return all(
        item and (("=" in item and KEY.match(item.split("=", 1)[0].strip())) or item in flags)
        for item in items
    )


def _split_name(text: str, flags: set[str]) -> tuple[str, str]:
    """The name and the facts of a spec: at the first ``:`` whose tail reads as facts
    (card names may hold a colon: ``Circle of Protection: Red:tapped``)."""
    for match in re.finditer(":", text):
        tail = text[match.end() :]
        if tail.strip() and _looks_like_facts(tail, flags):
            return text[: match.start()].strip(), tail
    return text.strip(), ""


def _types(node: dict[str, Any]) -> set[str]:
    """The JSON types a schema node allows (``enum`` values count as their own types)."""
    found: set[str] = set()
    kind = node.get("type")
    if isinstance(kind, str):
        found.add(kind)
    elif isinstance(kind, list):
        found |= set(kind)
    for value in node.get("enum", ()):
        found.add("null" if value is None else "string")
    for alt in [*node.get("oneOf", ()), *node.get("anyOf", ())]:
        found |= _types(alt)
    if "$ref" in node:
        found.add("object")
    return found


def coerce(key: str, raw: str | None, node: dict[str, Any], turn: int) -> Any:
    """The value of ``key=raw`` read as the schema node says (``raw`` None: a bare ``key``).

    >>> coerce("tapped", None, {"type": "boolean"}, 3)
    True
    >>> coerce("controlled_since_turn", "now", {"type": "integer"}, 5)
    5
    >>> coerce("counters", "{+1/+1: 2}", {"type": "object"}, 3)
    {'+1/+1': 2}
    """
    types = _types(node)
    if raw is None:
        if "boolean" in types:
            return True
        raise SpecError(f"`{key}` needs a value: {key}=...")
    text = raw.strip()
    if "integer" in types:
        if text == "now":
            return turn
        number = count(text, key)
        if number is not None:
            return number
    if "boolean" in types and text.lower() in ("true", "false", "yes", "no"):
        return text.lower() in ("true", "yes")
    if "null" in types and text.lower() in ("null", "none"):
        return None
    if types & {"array", "object"} and text[:1] in "[{":
        doc = load_yaml(text.encode(), "<ask>")
        if isinstance(doc, list):
            raise SpecError(f"{key}={text}: {doc[0].message}")
        return doc.data
    if "array" in types:
        items = node.get("items", {})
        return [coerce(key, part, items, turn) for part in split_top(text, "+")]
    if "string" in types:
        return text
    wanted = " or ".join(sorted(types - {"null"})) or "a value"
    raise SpecError(f"{key}={text}: expected {wanted.replace('integer', 'a number')}")


def _unknown(key: str, known: list[str], what: str) -> SpecError:
    close = difflib.get_close_matches(key, known, n=1, cutoff=0.6)
    hint = f"; did you mean `{close[0]}`?" if close else f" (the keys: {', '.join(known)})"
    shown = key if len(key) <= SHOWN_CHARS else f"{key[: SHOWN_CHARS - 10]}..."
    return SpecError(f"no {what} fact `{shown}`{hint}")


def _facts(
    tail: str, keys: dict[str, Any], aliases: dict[str, str], turn: int, what: str
) -> list[tuple[str, Any]]:
    out: dict[str, Any] = {}
    for item in split_top(tail) if tail else []:
        key, _, raw = item.partition("=")
        key = key.strip().replace("-", "_") if not COUNTER_KEY.match(key.strip()) else key.strip()
        value: str | None = raw if "=" in item else None
        if what == "object" and COUNTER_KEY.match(key):
            number = None if value is None else count(value, f"`{key}` counters")
            if number is None:
                raise SpecError(f"`{key}` counters need a number: {key}=N")
            out.setdefault("counters", {})[key] = number
            continue
        key = aliases.get(key, key)
        if key not in keys:
            raise _unknown(key, sorted({*keys, *aliases}), what)
        out[key] = coerce(key, value, keys[key], turn)
    return list(out.items())


def read_card(text: str, turn: int) -> CardSpec:
    """A card spec: ``NAME[:facts]``, the zone given by ``in=ZONE`` (default battlefield).

    An ability on the stack has no name: ``:ability_of=elves,ability=1,in=stack``.
    """
    keys = {**object_keys(), **stack_keys(), "in": {"enum": list(ZONES)}}
    flags = {k for k, v in keys.items() if "boolean" in _types(v)} | {"new"}
    name, tail = _split_name(text, flags)
    facts = _facts(tail, keys, OBJECT_ALIASES, turn, "object")
    zone = next((v for k, v in facts if k == "in"), "battlefield")
    if zone not in ZONES:
        raise SpecError(f"in={zone}: not a zone; choose one of {', '.join(ZONES)}")
    facts = [(k, v) for k, v in facts if k != "in"]
    allowed = stack_keys() if zone == "stack" else object_keys()
    for key, _ in facts:
        if key not in allowed and key != "counters":
            raise SpecError(f"`{key}` is not a fact of an object in the {zone}")
    if not name and not (zone == "stack" and dict(facts).get("ability_of")):
        raise SpecError("a card name is needed (only an ability on the stack has none)")
    return CardSpec(text, name, zone, tuple(facts))


def read_player(text: str) -> tuple[str, tuple[tuple[str, Any], ...]]:
    """A player spec: ``NAME[:facts]``, e.g. ``Alice:life=3,pool={G}{G},lands=1``."""
    keys = player_keys()
    flags = {k for k, v in keys.items() if "boolean" in _types(v)} | {"attacked"}
    name, tail = _split_name(text, flags)
    if not name:
        raise SpecError("a player needs a name")
    return name, tuple(_facts(tail, keys, PLAYER_ALIASES, 0, "player"))


# Phases and steps by the words a judge types, each to the case's (phase, step).
PHASES: dict[str, tuple[str, str | None]] = {
    "main": ("precombat_main", None),
    "main1": ("precombat_main", None),
    "precombat_main": ("precombat_main", None),
    "main2": ("postcombat_main", None),
    "postcombat_main": ("postcombat_main", None),
    "untap": ("beginning", "untap"),
    "upkeep": ("beginning", "upkeep"),
    "draw": ("beginning", "draw"),
    "beginning_of_combat": ("combat", "beginning_of_combat"),
    "declare_attackers": ("combat", "declare_attackers"),
    "attackers": ("combat", "declare_attackers"),
    "declare_blockers": ("combat", "declare_blockers"),
    "blockers": ("combat", "declare_blockers"),
    "combat_damage": ("combat", "combat_damage"),
    "damage": ("combat", "combat_damage"),
    "end_of_combat": ("combat", "end_of_combat"),
    "end": ("ending", "end"),
    "end_step": ("ending", "end"),
    "cleanup": ("ending", "cleanup"),
}


def read_phase(text: str) -> tuple[str, str | None]:
    """``--phase``: a main phase or a step (``upkeep``, ``attackers``, ``end``)."""
    key = text.strip().lower().replace("-", "_").replace(" ", "_")
    if key in PHASES:
        return PHASES[key]
    close = difflib.get_close_matches(key, list(PHASES), n=1, cutoff=0.6)
    hint = f"did you mean `{close[0]}`? " if close else ""
    raise SpecError(f"--phase {text}: not a phase or step; {hint}choose one of {', '.join(PHASES)}")
