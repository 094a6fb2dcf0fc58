"""Validate: the JSON Schemas, compiled once per process, and their errors as diagnostics.

``case.schema.json`` describes a case file and ``card.schema.json`` the card
vocabulary (inline ``cards:`` and the built-in library). Each schema error
becomes one diagnostic at the position of the offending value; an unknown key
points at the key itself and suggests the closest known one.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from mtgrules import lazyre, shipped
from mtgrules.caseio.actions import ACTION_KINDS
from mtgrules.caseio.depth import room_for
from mtgrules.caseio.diagnostics import Diagnostic, json_path
from mtgrules.caseio.yamlload import Positions

if TYPE_CHECKING:
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError


def schema_text(name: str) -> str:
    """The text of ``case`` or ``card`` schema, as shipped in the package."""
    return (shipped.folder("mtgrules.schemas") / f"{name}.schema.json").read_text(encoding="utf-8")


@functools.cache
def validator(name: str) -> Draft202012Validator:
    """The Python validator for a schema, built once and reused for every file."""
    # lazy: jsonschema (about 0.1 s to import) is needed only for a file the compiled
    # validator can't call valid, to find each error and where it is
    from jsonschema import Draft202012Validator

    return Draft202012Validator(json.loads(schema_text(name)))


@functools.cache
def _compiled(name: str) -> Any:
    """The jsonschema-rs validator for a schema, or None where it isn't installed."""
    try:
        import jsonschema_rs  # lazy: a compiled extension only the validating path needs
    except ImportError:  # pragma: no cover - it is a dependency; a broken install falls back
        return None
    return jsonschema_rs.validator_for(json.loads(schema_text(name)))


def warm(name: str) -> None:
    """Compile the validator of schema ``name`` that every file is asked of (the compiled
    one); the Python validator is built on first need, for a file it can't call valid."""
    if _compiled(name) is None:  # pragma: no cover - jsonschema-rs is a dependency
        validator(name)


def is_valid(name: str, data: Any) -> bool:
    """Whether ``data`` is valid against schema ``name`` (the Python validator's verdict).

    The compiled validator answers first; a "no" or a value it can't take (a
    mapping with a non-string key, say) is asked again of the Python validator.
    """
    fast = _compiled(name)
    if fast is not None:
        try:
            if fast.is_valid(data):
                return True
        except (ValueError, TypeError, OverflowError, RecursionError):
            pass
    with room_for(data):  # jsonschema descends recursively (caseio/depth.py)
        return validator(name).is_valid(data)


def schema_diagnostics(
    name: str,
    data: Any,
    file: str,
    positions: Positions,
    base: tuple[str | int, ...] = (),
) -> list[Diagnostic]:
    """Every schema problem of ``data`` (found at ``base`` in the file) as diagnostics."""
    if is_valid(name, data):
        return []
    out: list[Diagnostic] = []
    with room_for(data):  # jsonschema descends, and repr()s, recursively (caseio/depth.py)
        errors = sorted(validator(name).iter_errors(data), key=lambda e: list(map(str, e.path)))
        for error in errors:
            out.extend(_diagnostics(error, file, positions, base))
    return _without_echoes(out)


_SUGGESTED = lazyre.compile(r"^unknown key '.*' at (\S+); did you mean ('.*')\?$")


def _without_echoes(found: list[Diagnostic]) -> list[Diagnostic]:
    """Drop "'x' is a required property" where a misspelled key already suggests 'x'.

    ``activ_player: Alice`` is one mistake: the S001 that says "did you mean
    'active_player'?" tells the whole story, the missing key is its echo.
    """
    suggested = {
        (m[1], m[2]) for d in found if d.code == "S001" and (m := _SUGGESTED.match(d.message))
    }
    return [
        d
        for d in found
        if not (
            d.code in {"S003", "S005"}
            and any(
                d.path == path and d.message.endswith(f"{key} is a required property")
                for path, key in suggested
            )
        )
    ]


def _diagnostics(
    error: ValidationError, file: str, positions: Positions, base: tuple[str | int, ...]
) -> Iterator[Diagnostic]:
    path = (*base, *error.absolute_path)
    kind = error.validator
    if kind in {"pattern", "oneOf", "anyOf"} and _too_long_number(error.instance):
        line, col = positions.of(path)
        yield Diagnostic(file, "Y013", _too_long_number(error.instance), line, col, json_path(path))
        return
    if kind == "additionalProperties" and isinstance(error.instance, dict):
        known = list(error.schema.get("properties", {}))
        for key in error.instance:
            if key in known:
                continue
            import difflib  # lazy: only for a file the schema rejects

            close = difflib.get_close_matches(key, known, n=1, cutoff=0.6)
            hint = f"; did you mean {close[0]!r}?" if close else f"; known keys: {', '.join(known)}"
            said = f"unknown key {key!r} at {json_path(path)}{hint}"
            if _is_action_entry(path) and key in ACTION_KINDS:
                other = next(k for k in known if k in ACTION_KINDS)
                if list(error.instance).index(other) > list(error.instance).index(key):
                    continue  # said once, at the entry's second action
                said = (
                    f"{json_path(path)} has two actions, {other!r} and {key!r}: an entry of "
                    "`actions:` holds one action; write each as its own entry"
                )
            line, col = positions.of((*path, key), key=True)
            yield Diagnostic(
                file,
                "S001",
                said,
                line,
                col,
                json_path((*path, key)),
            )
        return
    if kind == "anyOf" and error.context and all(e.validator == "required" for e in error.context):
        # a mapping that has none of the keys that would make it one of its forms (an
        # `actions:` entry with no action key): name them, and the nearest to a key it has
        wanted = [k for e in error.context for k in e.validator_value]
        import difflib  # lazy: only for a file the schema rejects

        near = [
            m
            for k in error.instance
            for m in difflib.get_close_matches(str(k), wanted, n=1, cutoff=0.6)
        ]
        line, col = positions.of(path)
        what = "an action" if _is_action_entry(path) else "this mapping"
        yield Diagnostic(
            file,
            "S003",
            f"{json_path(path)}: {what} needs one of the keys {', '.join(wanted)}"
            + (f"; did you mean {near[0]!r}?" if near else ""),
            line,
            col,
            json_path(path),
        )
        return
    if kind in {"oneOf", "anyOf"} and error.context:
        # Branches of another type than the value say nothing useful ("is not of type
        # 'string'" for a mapping): judge the value by the branches of its own type.
        own_type = [e for e in error.context if e.validator != "type" or e.relative_path]
        best = _best_match(own_type or error.context)
        if _is_specific(best) and (
            best.validator not in {"oneOf", "anyOf"} or (best.context and best.path)
        ):  # a nested oneOf (an object's `copy_of`) is judged by its own branches
            yield from _diagnostics(best, file, positions, base)
            return
        line, col = positions.of(path)
        title = error.schema.get("title", "value")
        yield Diagnostic(
            file,
            "S005",
            f"{json_path(path)}: not a valid {title.lower()}: {best.message}",
            line,
            col,
            json_path(path),
        )
        return
    line, col = positions.of(path)
    if kind == "required":
        code = "S003"
    elif kind == "type":
        code = "S002"
    else:
        code = "S004"
    yield Diagnostic(
        file, code, f"{json_path(path)}: {_message(error)}", line, col, json_path(path)
    )


LONG_NUMBER = re.compile(r"\d{19,}")  # every number the format takes has at most 18 digits


def _too_long_number(value: object) -> str:
    """The message for a text holding a number longer than any the format takes (a
    power/toughness change of 5,000 digits), shown shortened; "" for any other value."""
    if not isinstance(value, str) or not LONG_NUMBER.search(value):
        return ""
    shown = value if len(value) <= 24 else f"{value[:20]}... ({len(value):,} characters)"
    return f"the number in {shown!r} is too large for a case file (at most 18 digits)"


def _is_action_entry(path: tuple[str | int, ...]) -> bool:
    """Whether ``path`` is one entry of a case's ``actions:`` (format version 2)."""
    return len(path) == 2 and path[0] == "actions" and isinstance(path[1], int)


def _best_match(errors: Any) -> ValidationError | None:
    # lazy: only a file with schema errors gets here (see validator)
    from jsonschema.exceptions import best_match

    return best_match(errors)


def _is_specific(error: ValidationError) -> bool:
    """An error inside a branch that is worth showing instead of "matches no branch"."""
    return error.validator not in {"type", "required"} or bool(error.path)


def _message(error: ValidationError) -> str:
    if error.validator == "enum":
        choices = ", ".join("null" if c is None else str(c) for c in error.validator_value)
        return f"{error.instance!r} is not one of: {choices}{_enum_hint(error)}"
    if error.validator == "type":
        return f"{error.instance!r} should be of type {error.validator_value}"
    if error.validator == "maxProperties" and isinstance(error.instance, dict):
        keys = ", ".join(map(str, error.instance))
        title = error.schema.get("title", "this mapping").lower()
        return (
            f"{title} takes {error.validator_value} key here, found {len(error.instance)} "
            f"({keys}); write each as its own entry"
        )
    if error.validator == "pattern" and "title" in error.schema:
        said = f"{error.instance!r} is not a valid {error.schema['title'].lower()}"
        text = error.instance if isinstance(error.instance, str) else ""
        bare = re.sub(r"^(?:CR|rule)\s*", "", text, flags=re.IGNORECASE)
        if bare != text and re.fullmatch(error.schema["pattern"], bare):
            said += f"; write {bare} (without {text[: len(text) - len(bare)].strip()!r})"
        return said
    return error.message


# Shorthands judges and other tools write for a choice of the case format.
ENUM_ALIASES = {
    "main1": "precombat_main",
    "main_1": "precombat_main",
    "first_main": "precombat_main",
    "main2": "postcombat_main",
    "main_2": "postcombat_main",
    "second_main": "postcombat_main",
}


def _enum_hint(error: ValidationError) -> str:
    """ "; did you mean ..." for a near miss among the choices (``main`` -> both main phases)."""
    if not isinstance(error.instance, str):
        return ""
    choices = [c for c in error.validator_value if isinstance(c, str)]
    alias = ENUM_ALIASES.get(error.instance.lower().replace("-", "_").replace(" ", "_"))
    if alias in choices:  # a judge's shorthand, e.g. main1 for precombat_main
        return f"; did you mean {alias}?"
    near = [c for c in choices if error.instance.lower() in c.lower()]
    import difflib  # lazy: only for a file the schema rejects

    near = near or difflib.get_close_matches(error.instance, choices, n=2, cutoff=0.6)
    return f"; did you mean {' or '.join(near)}?" if near else ""
