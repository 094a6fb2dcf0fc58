"""Load: YAML text to plain Python values, with the source position of every node.

Only the YAML composer runs on the text (safe: no object is ever constructed
from a tag); values are then built here from the node tree, which is where the
YAML 1.1 traps are defused:

* floats are kept as their source text, so ``613.10`` stays ``"613.10"`` (a
  case file has no real-number field; rule numbers are the floats judges write);
* timestamps stay text (``2024-04-12``);
* ``yes``/``no``/``on``/``off`` are booleans, which the normaliser turns back
  into ``"yes"``/``"no"`` where an answer is expected;
* duplicate keys, object-constructing tags, merge keys and several documents
  are errors, and size, depth and node limits bound time and memory.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import yaml

from mtgrules.caseio.diagnostics import Diagnostic

try:  # libyaml's composer is several times faster; fall back to pure Python
    _Loader: type = yaml.CSafeLoader
except AttributeError:  # pragma: no cover - depends on the PyYAML build
    _Loader = yaml.SafeLoader

_TAG = "tag:yaml.org,2002:"
_SCALAR_TAGS = {f"{_TAG}{t}" for t in ("str", "int", "float", "bool", "null", "timestamp")}


@dataclass(frozen=True)
class Limits:
    """Bounds on what one case file may cost to load."""

    max_bytes: int = 1_000_000
    max_depth: int = 48
    max_nodes: int = 50_000


Path = tuple[str | int, ...]


@dataclass
class Positions:
    """Where each value (and each mapping key) starts in the file, 1-based."""

    values: dict[Path, tuple[int, int]] = field(default_factory=dict)
    keys: dict[Path, tuple[int, int]] = field(default_factory=dict)

    def of(self, path: Path, *, key: bool = False) -> tuple[int, int]:
        """The position of ``path``, or of its nearest ancestor that has one."""
        table = self.keys if key else self.values
        probe = tuple(path)
        while probe:
            if probe in table:
                return table[probe]
            if not key and probe in self.keys:
                return self.keys[probe]
            probe = probe[:-1]
        return self.values.get((), (1, 1))


@dataclass
class Document:
    """A loaded YAML document: the data and the positions of its nodes."""

    data: object
    positions: Positions


class _LoadError(Exception):
    def __init__(self, code: str, message: str, line: int = 1, col: int = 1):
        super().__init__(message)
        self.code, self.message, self.line, self.col = code, message, line, col


def load_yaml(raw: bytes, file: str, limits: Limits = Limits()) -> Document | list[Diagnostic]:
    """Parse ``raw`` as one YAML document; a list of diagnostics if it can't be."""
    try:
        return _load(raw, limits)
    except _LoadError as err:
        return [Diagnostic(file, err.code, err.message, err.line, err.col)]


def _load(raw: bytes, limits: Limits) -> Document:
    if len(raw) > limits.max_bytes:
        raise _LoadError(
            "Y004", f"the file has {len(raw):,} bytes; the limit is {limits.max_bytes:,}"
        )
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        line = raw[: err.start].count(b"\n") + 1
        col = err.start - (raw.rfind(b"\n", 0, err.start) + 1) + 1
        raise _LoadError(
            "Y009", f"byte 0x{raw[err.start]:02x} is not UTF-8 text", line, col
        ) from None
    if not text.strip() or all(
        not ln.strip() or ln.lstrip().startswith("#") for ln in text.splitlines()
    ):
        raise _LoadError(
            "Y008", "the file is empty: a case needs at least `game`, `players` and `question`"
        )
    loader = _Loader(text)
    try:
        node = loader.get_single_node()
    except yaml.composer.ComposerError as err:
        if "single document" in f"{err.context} {err.problem}":
            mark = err.problem_mark
            raise _LoadError(
                "Y007",
                "more than one YAML document: a case file holds exactly one (remove the `---`)",
                *_pos(mark),
            ) from None
        raise _yaml_error(err, text) from None
    except yaml.YAMLError as err:
        raise _yaml_error(err, text) from None
    except RecursionError:
        raise _LoadError(
            "Y005", f"the YAML is nested too deeply (limit {limits.max_depth})"
        ) from None
    finally:
        loader.dispose()
    if node is None:
        raise _LoadError(
            "Y008", "the file is empty: a case needs at least `game`, `players` and `question`"
        )
    positions = Positions()
    builder = _Builder(limits, positions)
    data = builder.build(node, (), 0)
    if data is None:  # only `---`, or only `~`: nothing in it either
        raise _LoadError(
            "Y008", "the file is empty: a case needs at least `game`, `players` and `question`"
        )
    return Document(data, positions)


def _pos(mark: yaml.Mark | None) -> tuple[int, int]:
    return (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)


def _yaml_error(err: yaml.YAMLError, text: str) -> _LoadError:
    mark = getattr(err, "problem_mark", None) or getattr(err, "context_mark", None)
    problem = getattr(err, "problem", None) or str(err)
    context = getattr(err, "context", None)
    message = f"{context}: {problem}" if context else str(problem)
    line, col = _pos(mark)
    lines = text.splitlines()
    if 0 < line <= len(lines) and "\t" in lines[line - 1][: max(col, 1)]:
        message += " (a tab: YAML indentation must use spaces)"
    return _LoadError("Y001", f"invalid YAML: {message}", line, col)


class _Builder:
    """Builds plain values from composed nodes, recording positions and checking limits."""

    def __init__(self, limits: Limits, positions: Positions):
        self.limits = limits
        self.positions = positions
        self.count = 0
        self._ints = yaml.constructor.SafeConstructor()

    def build(self, node: yaml.Node, path: Path, depth: int) -> object:
        self.count += 1
        if self.count > self.limits.max_nodes:
            raise _LoadError(
                "Y006",
                f"the YAML expands to more than {self.limits.max_nodes:,} nodes "
                "(are aliases multiplying it?)",
                *_pos(node.start_mark),
            )
        if depth > self.limits.max_depth:
            raise _LoadError(
                "Y005",
                f"the YAML is nested deeper than {self.limits.max_depth} levels",
                *_pos(node.start_mark),
            )
        self.positions.values.setdefault(path, _pos(node.start_mark))
        if isinstance(node, yaml.MappingNode):
            return self._mapping(node, path, depth)
        if isinstance(node, yaml.SequenceNode):
            self._check_tag(node, f"{_TAG}seq")
            return [self.build(item, (*path, i), depth + 1) for i, item in enumerate(node.value)]
        return self._scalar(node)

    def _check_tag(self, node: yaml.Node, allowed: str) -> None:
        if node.tag != allowed:
            raise _LoadError(
                "Y003",
                f"the tag {node.tag!r} is not allowed: case files hold plain data only",
                *_pos(node.start_mark),
            )

    def _mapping(self, node: yaml.MappingNode, path: Path, depth: int) -> dict[str, object]:
        self._check_tag(node, f"{_TAG}map")
        out: dict[str, object] = {}
        for key_node, value_node in node.value:
            if key_node.tag == f"{_TAG}merge":
                raise _LoadError(
                    "Y012",
                    "merge keys (<<) are not supported in case files: write the keys out",
                    *_pos(key_node.start_mark),
                )
            if not isinstance(key_node, yaml.ScalarNode):
                raise _LoadError(
                    "Y001", "a mapping key must be a plain value", *_pos(key_node.start_mark)
                )
            self._check_tag(key_node, key_node.tag if key_node.tag in _SCALAR_TAGS else "")
            key = str(key_node.value)
            if key in out:
                first = self.positions.keys[(*path, key)]
                raise _LoadError(
                    "Y002",
                    f"duplicate key {key!r} (first at line {first[0]}, column {first[1]})",
                    *_pos(key_node.start_mark),
                )
            self.positions.keys[(*path, key)] = _pos(key_node.start_mark)
            out[key] = self.build(value_node, (*path, key), depth + 1)
        return out

    def _scalar(self, node: yaml.ScalarNode) -> object:
        tag = node.tag
        if tag not in _SCALAR_TAGS:
            self._check_tag(node, "")
        value: str = node.value
        if tag.endswith(":null"):
            return None
        if tag.endswith(":bool"):
            return value.lower() in {"yes", "true", "on", "y"}
        if tag.endswith(":int"):
            return self._ints.construct_yaml_int(node)
        return value  # str, and float/timestamp kept as written
