"""Regular expressions compiled on first use rather than at import (the cold start:
docs/bench.md, "What was optimised, and why").

The engine's modules define a few hundred module-level patterns (the Oracle readers', the
scope index's); compiling them all at import was about a fifth of a one-case ``check``'s
import, though a case uses only the few its cards' words reach. ``compile(pattern, flags)``
here takes the place of ``re.compile`` at those call sites (the pattern's text unchanged):
it returns a :class:`LazyPattern`, which compiles the pattern (through ``re.compile``, so
with re's own cache and errors) the first time one of its methods is called, and from then
on behaves as that compiled pattern. A pattern that is never used is never compiled.

A pattern with a syntax error is reported on first use instead of at import;
``tests/test_lazyre.py`` compiles every module-level pattern of the package, so such a
pattern still fails the tests.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any, cast

__all__ = ["LazyPattern", "compile"]


class LazyPattern:
    """A ``re.Pattern`` compiled the first time it is used.

    The methods the package calls on patterns are defined here so that, once compiled,
    each call is one attribute lookup more than on the pattern itself; any other
    attribute of ``re.Pattern`` is reached through ``__getattr__``.
    """

    __slots__ = ("_compiled", "_flags", "_source")

    def __init__(self, pattern: str, flags: int | re.RegexFlag = 0) -> None:
        self._source = pattern
        self._flags = flags
        self._compiled: re.Pattern[str] | None = None

    def compiled(self) -> re.Pattern[str]:
        """The compiled pattern (compiled now if it wasn't yet)."""
        done = self._compiled
        if done is None:
            done = self._compiled = re.compile(self._source, self._flags)
        return done

    # The source is known without compiling; flags and groups are the compiled pattern's.
    @property
    def pattern(self) -> str:
        return self._source

    @property
    def flags(self) -> int:
        return self.compiled().flags

    @property
    def groups(self) -> int:
        return self.compiled().groups

    @property
    def groupindex(self) -> Any:
        return self.compiled().groupindex

    def match(self, string: str, *args: int) -> re.Match[str] | None:
        return self.compiled().match(string, *args)

    def fullmatch(self, string: str, *args: int) -> re.Match[str] | None:
        return self.compiled().fullmatch(string, *args)

    def search(self, string: str, *args: int) -> re.Match[str] | None:
        return self.compiled().search(string, *args)

    def findall(self, string: str, *args: int) -> list[Any]:
        return self.compiled().findall(string, *args)

    def finditer(self, string: str, *args: int) -> Iterator[re.Match[str]]:
        return self.compiled().finditer(string, *args)

    def split(self, string: str, maxsplit: int = 0) -> list[str | Any]:
        return self.compiled().split(string, maxsplit)

    def sub(self, repl: str | Callable[[re.Match[str]], str], string: str, count: int = 0) -> str:
        return self.compiled().sub(repl, string, count)

    def subn(
        self, repl: str | Callable[[re.Match[str]], str], string: str, count: int = 0
    ) -> tuple[str, int]:
        return self.compiled().subn(repl, string, count)

    def __getattr__(self, name: str) -> Any:
        # Only for names not defined above (scanner, ...); the slots are always set.
        return getattr(self.compiled(), name)

    def __eq__(self, other: object) -> bool:
        # Two lazy patterns of the same source and flags are equal without compiling either.
        if isinstance(other, LazyPattern):
            return (self._source, self._flags) == (other._source, other._flags)
        return self.compiled() == other

    def __hash__(self) -> int:
        return hash((LazyPattern, self._source, self._flags))

    def __reduce__(self) -> tuple[Any, ...]:
        return (LazyPattern, (self._source, self._flags))

    def __copy__(self) -> LazyPattern:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> LazyPattern:
        return self

    def __repr__(self) -> str:
        return f"lazyre.compile({self._source!r}{f', {self._flags!r}' if self._flags else ''})"


def compile(pattern: str, flags: int | re.RegexFlag = 0) -> re.Pattern[str]:
    """``re.compile(pattern, flags)``, compiled on first use (:class:`LazyPattern`).

    Typed as ``re.Pattern`` because it stands in for one wherever the package uses a pattern
    (its methods and attributes); it is not one for ``isinstance`` or ``re.sub(pattern, ...)``,
    which no call site does with these.
    """
    return cast("re.Pattern[str]", LazyPattern(pattern, flags))
