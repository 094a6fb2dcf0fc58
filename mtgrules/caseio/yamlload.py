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

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import yaml

from mtgrules.caseio.diagnostics import Diagnostic

try:  # libyaml's composer is several times faster; fall back to pure Python
    _Loader: type = yaml.CSafeLoader
except AttributeError:  # pragma: no cover - depends on the PyYAML build
    _Loader = yaml.SafeLoader

_TAG = "tag:yaml.org,2002:"
_STR = f"{_TAG}str"
_MERGE = f"{_TAG}merge"
_SCALAR_TAGS = {f"{_TAG}{t}" for t in ("str", "int", "float", "bool", "null", "timestamp")}
_ENDS = (yaml.SequenceEndEvent, yaml.MappingEndEvent)


@dataclass(frozen=True)
class Limits:
    """Bounds on what one case file may cost to load."""

    max_bytes: int = 1_000_000
    max_depth: int = 48
    max_nodes: int = 50_000


Path = tuple[str | int, ...]

SHALLOW = 2  # the levels of nodes whose positions the quick builder records (see Positions)


class _Spot:
    """One node of the position tree: where its value and its mapping key start."""

    __slots__ = ("children", "key", "value")

    def __init__(self) -> None:
        self.value: tuple[int, int] | None = None
        self.key: tuple[int, int] | None = None
        self.children: dict[str | int, _Spot] = {}

    def child(self, part: str | int) -> _Spot:
        found = self.children.get(part)
        if found is None:
            found = self.children[part] = _Spot()
        return found


class Positions:
    """Where each value (and each mapping key) starts in the file, 1-based.

    Kept as a tree, one entry per node: a table keyed by whole paths would cost
    depth x nodes, which a deeply nested file turns into gigabytes.

    A file read by the quick builder (:func:`_quick`) has only the nodes of its first
    :data:`SHALLOW` levels here (the question's key, an action's entry): a deeper
    path, asked only for a diagnostic, has the whole file read again with every
    position (``rest``), which gives the tree the full builder would have given.
    """

    def __init__(self, rest: Callable[[], Positions] | None = None) -> None:
        self.root = _Spot()
        self._rest = rest  # None: every node is in the tree

    def _whole(self) -> None:
        rest, self._rest = self._rest, None
        if rest is not None:
            self.root = rest().root

    def of(self, path: Path, *, key: bool = False) -> tuple[int, int]:
        """The position of ``path``, or of its nearest ancestor that has one."""
        if self._rest is not None and len(path) > SHALLOW:
            self._whole()
        spots, spot = [], self.root
        for part in path:
            spot = spot.children.get(part)
            if spot is None:
                break
            spots.append(spot)
        for spot in reversed(spots):
            if key and spot.key:
                return spot.key
            if not key and (spot.value or spot.key):
                return spot.value or spot.key  # type: ignore[return-value]
        return self.root.value or (1, 1)

    def _table(self, attribute: str) -> dict[Path, tuple[int, int]]:
        self._whole()
        out: dict[Path, tuple[int, int]] = {}
        todo: list[tuple[Path, _Spot]] = [((), self.root)]
        while todo:
            path, spot = todo.pop()
            if getattr(spot, attribute):
                out[path] = getattr(spot, attribute)
            todo += [((*path, part), child) for part, child in spot.children.items()]
        return out

    @property
    def values(self) -> dict[Path, tuple[int, int]]:
        """Every value's position by path (built on demand: for tests and tools)."""
        return self._table("value")

    @property
    def keys(self) -> dict[Path, tuple[int, int]]:
        """Every mapping key's position by the path of its value."""
        return self._table("key")


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
    quick = _quick(text, limits)
    if quick is not None:
        return quick
    return _full(text, limits)


def _full(text: str, limits: Limits) -> Document:
    """The document, every node's position recorded; the diagnostic of a file that has one."""
    loader = _Loader(text)
    try:
        return _EventBuilder(loader, limits).build()
    except yaml.YAMLError as err:
        raise _yaml_error(err, text) from None
    finally:
        loader.dispose()


def _pos(mark: yaml.Mark | None) -> tuple[int, int]:
    return (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)


def _code(character: int | str) -> int:
    return ord(character) if isinstance(character, str) else character


def _yaml_error(err: yaml.YAMLError, text: str) -> _LoadError:
    if isinstance(err, yaml.reader.ReaderError):
        before = text[: err.position]
        line, col = before.count("\n") + 1, err.position - (before.rfind("\n") + 1) + 1
        return _LoadError(
            "Y001",
            f"invalid YAML: the control character U+{_code(err.character):04X} is not allowed",
            line,
            col,
        )
    mark = getattr(err, "problem_mark", None) or getattr(err, "context_mark", None)
    problem = getattr(err, "problem", None) or str(err).splitlines()[0]
    context = getattr(err, "context", None)
    message = f"{context}: {problem}" if context else str(problem)
    line, col = _pos(mark)
    lines = text.splitlines()
    if 0 < line <= len(lines) and "\t" in lines[line - 1][: max(col, 1)]:
        message += " (a tab: YAML indentation must use spaces)"
    if "nesting depth" in message:  # libyaml 0.2.5+ refuses deep nesting itself
        return _LoadError(
            "Y005", "the YAML is nested deeper than the YAML parser allows", line, col
        )
    return _LoadError("Y001", f"invalid YAML: {message}", line, col)


_NO_KEY = object()


@dataclass
class _Frame:
    """An open mapping or sequence while its events stream past."""

    container: dict[str, object] | list[object]
    spot: _Spot
    anchor: str | None
    start_count: int
    key: object = _NO_KEY  # a mapping's key waiting for its value


class _EventBuilder:
    """Builds plain values straight from parser events, with an explicit stack.

    Working from the event stream, not a composed node tree, means deep nesting
    never reaches a recursive composer (libyaml's crashes the process), aliases
    are counted by the size of what they repeat (a bomb is refused before it is
    expanded), and each value's position is recorded as it goes.
    """

    def __init__(self, loader: Any, limits: Limits):
        self.loader = loader
        self.limits = limits
        self.positions = Positions()
        self.count = 0
        self.anchors: dict[str, tuple[object, int]] = {}  # value and how many nodes it holds
        self.root: object = _NO_KEY
        self._ints = yaml.constructor.SafeConstructor()
        # PyYAML's resolver tries the implicit patterns listed under a plain scalar's first
        # character; with none listed there (nor any for every character, nor a path
        # resolver) it can only answer the default tag, so such a scalar skips the call
        resolvers = loader.yaml_implicit_resolvers
        self._resolved_by_first: object = (
            resolvers if None not in resolvers and not loader.yaml_path_resolvers else None
        )

    def build(self) -> Document:
        stack: list[_Frame] = []
        documents = 0
        check_event, get_event, node = self.loader.check_event, self.loader.get_event, self._node
        while check_event():
            event = get_event()
            if isinstance(event, yaml.NodeEvent):  # the most of them: scalars, collections
                node(stack, event)
            elif isinstance(event, yaml.DocumentStartEvent):
                documents += 1
                if documents > 1:
                    raise _LoadError(
                        "Y007",
                        "more than one YAML document: a case file holds exactly one (remove the `---`)",
                        *_pos(event.start_mark),
                    )
            elif isinstance(event, _ENDS):
                frame = stack.pop()
                if frame.anchor:
                    self.anchors[frame.anchor] = (frame.container, self.count - frame.start_count)
                self._attach(stack, frame.container, event.start_mark)
        if self.root is _NO_KEY or self.root is None:
            raise _LoadError(
                "Y008", "the file is empty: a case needs at least `game`, `players` and `question`"
            )
        return Document(self.root, self.positions)

    def _node(self, stack: list[_Frame], event: yaml.NodeEvent) -> None:
        mark = event.start_mark
        # where the node goes, and whether it is a mapping key
        if not stack:
            spot, is_key = self.positions.root, False
        else:
            frame = stack[-1]
            if isinstance(frame.container, list):
                spot, is_key = frame.spot.child(len(frame.container)), False
            elif frame.key is _NO_KEY:
                spot, is_key = frame.spot, True
            else:
                spot, is_key = frame.spot.child(str(frame.key)), False
        if isinstance(event, yaml.AliasEvent):
            if event.anchor not in self.anchors:
                raise _LoadError(
                    "Y001", f"invalid YAML: unknown alias *{event.anchor}", *_pos(mark)
                )
            value, size = self.anchors[event.anchor]
            self._count(size, mark)
            if is_key:
                raise _LoadError(
                    "Y001", "a mapping key must be a plain value, not an alias", *_pos(mark)
                )
            spot.value = spot.value or _pos(mark)
            self._attach(stack, value, mark)
            return
        self.count += 1  # as self._count(1, mark), inline: once per node
        if self.count > self.limits.max_nodes:
            self._count(0, mark)  # raises Y006
        if len(stack) >= self.limits.max_depth:
            raise _LoadError(
                "Y005",
                f"the YAML is nested deeper than {self.limits.max_depth} levels",
                *_pos(mark),
            )
        if isinstance(event, yaml.ScalarEvent):
            if is_key and event.tag is None and event.implicit[0]:
                # a plain key: PyYAML resolves it to the merge tag only when it is `<<`, and
                # any other tag it gets doesn't matter (a key is its text): no resolver run
                self._key(stack[-1], event, _MERGE if event.value == "<<" else _STR)
                return
            tag = self._scalar_tag(event)
            if is_key:
                self._key(stack[-1], event, tag)
                return
            spot.value = spot.value or _pos(mark)
            value = event.value if tag == _STR else self._scalar(event.value, tag, mark)
            if event.anchor:
                self.anchors[event.anchor] = (value, 1)
            self._attach(stack, value, mark)
            return
        if is_key:
            raise _LoadError("Y001", "a mapping key must be a plain value", *_pos(mark))
        spot.value = spot.value or _pos(mark)
        kind = "seq" if isinstance(event, yaml.SequenceStartEvent) else "map"
        if event.tag not in (None, "!", f"{_TAG}{kind}"):
            raise _tag_error(event.tag, mark)
        container: dict[str, object] | list[object] = [] if kind == "seq" else {}
        stack.append(_Frame(container, spot, event.anchor, self.count - 1))

    def _attach(self, stack: list[_Frame], value: object, mark: yaml.Mark) -> None:
        if not stack:
            self.root = value
            return
        frame = stack[-1]
        if isinstance(frame.container, list):
            frame.container.append(value)
        else:
            frame.container[str(frame.key)] = value
            frame.key = _NO_KEY

    def _key(self, frame: _Frame, event: yaml.ScalarEvent, tag: str) -> None:
        mark = event.start_mark
        if tag == _MERGE:
            raise _LoadError(
                "Y012",
                "merge keys (<<) are not supported in case files: write the keys out",
                *_pos(mark),
            )
        key = str(event.value)
        assert isinstance(frame.container, dict)
        if key in frame.container:
            first = frame.spot.children[key].key or (1, 1)
            raise _LoadError(
                "Y002",
                f"duplicate key {key!r} (first at line {first[0]}, column {first[1]})",
                *_pos(mark),
            )
        frame.spot.child(key).key = _pos(mark)
        frame.key = key

    def _count(self, n: int, mark: yaml.Mark) -> None:
        self.count += n
        if self.count > self.limits.max_nodes:
            raise _LoadError(
                "Y006",
                f"the YAML expands to more than {self.limits.max_nodes:,} nodes (are aliases multiplying it?)",
                *_pos(mark),
            )

    def _scalar_tag(self, event: yaml.ScalarEvent) -> str:
        tag = event.tag
        if tag is None or tag == "!":
            if tag == "!" or not event.implicit[0]:
                return _STR
            value, first = event.value, self._resolved_by_first
            if first is not None and value and value[0] not in first:  # type: ignore[operator]
                return self.loader.DEFAULT_SCALAR_TAG  # what resolve answers for it
            return self.loader.resolve(yaml.ScalarNode, value, event.implicit)
        if tag not in _SCALAR_TAGS:
            raise _tag_error(tag, event.start_mark)
        return tag

    def _scalar(self, value: str, tag: str, mark: yaml.Mark) -> object:
        return _value(self._ints, value, tag, mark)


def _value(ints: yaml.constructor.SafeConstructor, value: str, tag: str, mark: yaml.Mark) -> object:
    """The value of a scalar whose tag is resolved (a number, a boolean, null or text)."""
    if tag.endswith(":null"):
        return None
    if tag.endswith(":bool"):
        return value.lower() in {"yes", "true", "on", "y"}
    if tag.endswith(":int"):
        return _integer(ints, value, tag, mark)
    return value  # str, and float/timestamp kept as written


class _Bail(Exception):
    """What only the full builder handles or reports: the file is read again by it."""


_QUICK_INTS = yaml.constructor.SafeConstructor()  # construct_yaml_int keeps no state
# The tag PyYAML's resolver gives a plain scalar depends on its text alone (the loader's
# implicit resolvers, with no path resolver): remembered for the texts a bank repeats
# (turns, life totals, counts, `yes`), forgotten all at once past the maximum
_PLAIN_TAGS: dict[str, str] = {}
_PLAIN_TAGS_MAX = 4096


def _quick(text: str, limits: Limits) -> Document | None:
    """The document of a plain file, built without the position of any node deeper than
    :data:`SHALLOW` levels (:class:`Positions` reads the file again if one is asked for);
    None for a file with an anchor, an alias, an explicit tag, a merge or a duplicate key,
    more than one document or none, a node past the limits, a number it can't take or a
    YAML error: :func:`_full` reads that one from the start and says what is wrong with it.

    The values are the full builder's (:class:`_EventBuilder`): the same events, the same
    tags resolved the same way; this one gives up wherever that one would do anything but
    build. It saves the position tree below the first levels, about half of the loading
    of a case (the bulk of a case is its board, whose positions only a diagnostic uses).
    """
    positions = Positions(lambda: _full(text, limits).positions)
    loader = _Loader(text)
    try:
        root = _quick_root(loader, limits, positions)
    except Exception:  # whatever it is (a _Bail, a YAML error), the full builder reports it
        return None
    finally:
        loader.dispose()
    return Document(root, positions)


def _quick_root(loader: Any, limits: Limits, positions: Positions) -> object:
    """The root value of the file (see :func:`_quick`); :class:`_Bail` where it gives up."""
    if loader.yaml_path_resolvers:  # a tag that depends on where: _PLAIN_TAGS can't hold it
        raise _Bail
    resolvers = loader.yaml_implicit_resolvers
    first = resolvers if None not in resolvers else None
    resolve, default_tag = loader.resolve, loader.DEFAULT_SCALAR_TAG
    check_event, get_event = loader.check_event, loader.get_event
    scalar_event, document_start = yaml.ScalarEvent, yaml.DocumentStartEvent
    starts, ends = (yaml.MappingStartEvent, yaml.SequenceStartEvent), _ENDS
    max_nodes, max_depth = limits.max_nodes, limits.max_depth
    # an open collection: [container, its spot (None below SHALLOW), the key awaiting a value]
    stack: list[list[Any]] = []
    root: object = _NO_KEY
    count = documents = 0
    while check_event():
        event = get_event()
        kind = type(event)
        if kind is scalar_event or kind in starts:
            count += 1
            if (
                count > max_nodes
                or len(stack) >= max_depth
                or event.anchor is not None
                or event.tag is not None
            ):
                raise _Bail
            spot: _Spot | None = positions.root
            if stack:
                frame = stack[-1]
                container, parent = frame[0], frame[1]
                if type(container) is list:
                    spot = parent.child(len(container)) if parent is not None else None
                elif frame[2] is _NO_KEY:  # a mapping's key
                    if kind is not scalar_event:
                        raise _Bail
                    key = event.value
                    if (event.implicit[0] and key == "<<") or key in container:
                        raise _Bail
                    if parent is not None:
                        parent.child(key).key = _pos(event.start_mark)
                    frame[2] = key
                    continue
                else:
                    spot = parent.child(frame[2]) if parent is not None else None
            if spot is not None:
                spot.value = spot.value or _pos(event.start_mark)
            if kind is scalar_event:
                value = event.value
                if event.implicit[0]:
                    if first is not None and value and value[0] not in first:
                        tag = default_tag
                    else:
                        tag = _PLAIN_TAGS.get(value)
                        if tag is None:
                            tag = resolve(yaml.ScalarNode, value, event.implicit)
                            if len(_PLAIN_TAGS) >= _PLAIN_TAGS_MAX:
                                _PLAIN_TAGS.clear()
                            _PLAIN_TAGS[value] = tag
                    if tag != _STR:
                        value = _value(_QUICK_INTS, value, tag, event.start_mark)
            else:
                container = [] if kind is yaml.SequenceStartEvent else {}
                stack.append([container, spot if len(stack) < SHALLOW else None, _NO_KEY])
                continue
        elif kind in ends:
            value = stack.pop()[0]
        elif kind is document_start:
            documents += 1
            if documents > 1:
                raise _Bail
            continue
        elif kind is yaml.AliasEvent:
            raise _Bail
        else:
            continue
        if not stack:
            root = value
        else:
            frame = stack[-1]
            if type(frame[0]) is list:
                frame[0].append(value)
            else:
                frame[0][frame[2]] = value
                frame[2] = _NO_KEY
    if root is _NO_KEY or root is None:
        raise _Bail
    return root


MAX_INT = 2**63  # no count in a game comes near; a bigger number can't even be printed safely


def _integer(ints: yaml.constructor.SafeConstructor, value: str, tag: str, mark: yaml.Mark) -> int:
    """An integer scalar, refused when it is too big to be a count (Python refuses to print
    integers of more than 4,300 digits, and sexagesimal ``1:0:0:...`` grows without bound)."""
    if not value.strip(" _+-"):  # `!!int ""`: PyYAML's reader indexes the empty text
        raise _not_int(value, mark)
    try:
        number = ints.construct_yaml_int(yaml.ScalarNode(tag, value))
    except ValueError:  # beyond Python's digit limit, or no digits at all (`!!int "0x"`)
        if sum(c.isdigit() for c in value) <= 18:
            raise _not_int(value, mark) from None
        number = MAX_INT
    if not -MAX_INT < number < MAX_INT:
        shown = value if len(value) <= 24 else f"{value[:20]}... ({len(value):,} characters)"
        raise _LoadError(
            "Y013",
            f"the number {shown} is too large for a case file (at most 18 digits)",
            *_pos(mark),
        )
    return number


def _not_int(value: str, mark: yaml.Mark) -> _LoadError:
    return _LoadError("Y001", f"invalid YAML: {value!r} is not an integer", *_pos(mark))


def _tag_error(tag: str, mark: yaml.Mark) -> _LoadError:
    return _LoadError(
        "Y003", f"the tag {tag!r} is not allowed: case files hold plain data only", *_pos(mark)
    )
