"""mtgrules: a rules checker for Magic: The Gathering judges.

A case file describes a board and a question; mtgrules answers it with the
reasons that decide it, each citing Comprehensive Rules numbers.

The public Python API is re-exported here lazily, so that ``import mtgrules``
stays cheap for the command line::

    >>> from mtgrules import load_case, evaluate
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mtgrules.version import __version__

__all__ = ["__version__", "check_paths", "evaluate", "load_case"]

if TYPE_CHECKING:  # pragma: no cover
    from mtgrules.api import check_paths, evaluate, load_case


def __getattr__(name: str) -> Any:
    if name in {"load_case", "evaluate", "check_paths"}:
        # lazy: `import mtgrules` stays cheap for the command line; the API loads on first use
        from mtgrules import api

        return getattr(api, name)
    raise AttributeError(name)
