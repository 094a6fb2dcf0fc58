"""The methods ``@dataclass`` writes for the engine's classes, compiled once per text (the
cold start: docs/bench.md, "What was optimised, and why").

On Python 3.11 and 3.12, ``dataclasses`` writes the source of each method it adds to a class
(``__init__``, ``__repr__``, ``__eq__``, ``__hash__``, and a frozen class's ``__setattr__``
and ``__delattr__``) and hands it to ``exec``, which compiles it: a one-case ``check``
creates about a hundred dataclasses, and compiling their methods was about a third of its
CPU (measured in docs/bench.md). The text of each method depends only on the class's
fields and options, so the code compiled from it is the same in every process.

:func:`install` puts :func:`_exec` in the place of ``exec`` inside ``dataclasses`` (a
module global, which ``exec`` there is looked up through before the builtin). For a class
of an ``mtgrules`` module (the module's globals are what ``dataclasses`` passes to
``exec``), the text is looked up in a table of code objects kept in one file of the user
cache (``$MTGRULES_CACHE_DIR``, else ``$XDG_CACHE_HOME/mtgrules``, else
``~/.cache/mtgrules``), named by the interpreter's bytecode tag, magic number,
optimisation level and a checksum of its ``sys.version``, and holding that version: the
key is the **whole text**, so a changed class can only miss (and be compiled as before),
never find another text's code.
Anything else, another package's dataclass, a text not in the table, a file that is
missing, damaged, from another interpreter or unwritable, goes to ``exec`` as before. The
code is compiled exactly as ``exec`` compiles it there (``dont_inherit``: ``dataclasses``
has no ``__future__`` flags; the interpreter's own optimisation level), then run by the
real ``exec`` with the same globals and namespace, so the class gets the same methods.
New texts are added to the file at the exit of the process that read it (never from a
forked worker), written to a temporary name and renamed, so a reader sees a whole file.
``tests/test_dataclass_code.py`` checks that every dataclass of the package gets from the
table the very code ``exec`` compiles.
"""

from __future__ import annotations

import gc
import marshal
import os
import sys
import zlib
from types import CodeType
from typing import Any

__all__ = ["install"]

CACHE_ENV = "MTGRULES_CACHE_DIR"
PREFIX = "mtgrules."  # only the package's own classes use the table
MAX_ENTRIES = 4000  # past it, the file is rewritten with only what the last process used

_table: dict[str, CodeType] = {}
_used: set[str] = set()
_new = False
_loaded_by: int | None = None  # the pid that read the file: only it writes it back


def cache_file() -> str:
    """The table's file for this interpreter (see the module's docstring)."""
    given = os.environ.get(CACHE_ENV)
    if given:
        folder = given
    else:
        xdg = os.environ.get("XDG_CACHE_HOME")
        folder = os.path.join(xdg or os.path.join(os.path.expanduser("~"), ".cache"), "mtgrules")
    from importlib.util import MAGIC_NUMBER  # lazy: only when a dataclass is first made

    # two builds of one minor version (3.11.7, 3.11.8) keep two files, not rewrite one in turn
    build = zlib.crc32(sys.version.encode())
    tag = f"{sys.implementation.cache_tag}-{MAGIC_NUMBER.hex()}-O{sys.flags.optimize}-{build:08x}"
    return os.path.join(folder, f"dataclass-code-{tag}.marshal")


def _read() -> dict[str, CodeType]:
    collecting = gc.isenabled()
    gc.disable()  # the load makes some 10,000 objects, none of them garbage: no collection
    try:
        with open(cache_file(), "rb") as handle:
            stored = marshal.loads(handle.read())
    except (OSError, EOFError, ValueError, TypeError):
        return {}
    finally:
        if collecting:
            gc.enable()
    if not (
        isinstance(stored, tuple)
        and len(stored) == 2
        and stored[0] == sys.version
        and isinstance(stored[1], dict)
    ):
        return {}
    return {
        text: code
        for text, code in stored[1].items()
        if type(text) is str and type(code) is CodeType
    }


def _write() -> None:
    """Adds this process's new texts to the file (the exit handler of the reading process)."""
    if not _new or os.getpid() != _loaded_by:
        return
    try:
        path = cache_file()
        table = {**_read(), **_table}
        if len(table) > MAX_ENTRIES:
            table = {text: _table[text] for text in _used}
        os.makedirs(os.path.dirname(path), exist_ok=True)
        partial = f"{path}.{os.getpid()}.tmp"
        with open(partial, "wb") as handle:
            marshal.dump((sys.version, table), handle)
        os.replace(partial, path)  # a process reading it sees all of it or nothing
    except (OSError, ValueError):
        pass


_real_exec = exec


def _exec(source: Any, globals: Any = None, locals: Any = None) -> None:
    """``exec`` as ``dataclasses`` calls it, with the package's method texts compiled once."""
    global _new, _loaded_by
    if (
        type(source) is not str
        or type(globals) is not dict
        or not str(globals.get("__name__", "")).startswith(PREFIX)
    ):
        _real_exec(source, globals, locals)
        return
    if _loaded_by is None:
        _loaded_by = os.getpid()
        _table.update(_read())
        import atexit  # lazy: only a process that makes a dataclass writes the table

        atexit.register(_write)
    code = _table.get(source)
    if code is None:
        code = compile(source, "<string>", "exec", dont_inherit=True)
        _table[source] = code
        _new = True
    _used.add(source)
    _real_exec(code, globals, locals)


def install() -> None:
    """Makes ``dataclasses`` compile the package's method texts through the table (once)."""
    import dataclasses  # lazy: `mtgrules --version` creates no dataclass

    dataclasses.exec = _exec  # type: ignore[attr-defined]
