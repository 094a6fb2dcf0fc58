"""Standard input as a case: ``mtgrules check -`` and ``mtgrules validate -`` read one case
from it, named ``<stdin>`` in every diagnostic and report.

The read is bounded as a file's is: at most the size limit and one byte more, so
an endless pipe (``yes |``) costs no more memory than the largest allowed file.
"""

from __future__ import annotations

import sys
from pathlib import Path

from mtgrules.caseio.diagnostics import CaseError, Diagnostic
from mtgrules.caseio.yamlload import Limits

STDIN_PATH = "-"  # the PATH that means standard input, as in most command-line tools
STDIN_NAME = "<stdin>"  # the file name diagnostics and reports give it


def is_stdin(path: str | Path) -> bool:
    """Whether ``path`` is ``-``, standard input."""
    return str(path) == STDIN_PATH


def display_name(path: str | Path) -> str:
    """The name a case read from ``path`` is reported by: ``<stdin>`` for ``-``."""
    return STDIN_NAME if is_stdin(path) else str(path)


def read_stdin(limits: Limits = Limits()) -> bytes:
    """Standard input's bytes, refused (Y004) past ``limits.max_bytes``; Y011 if unreadable."""
    try:
        raw = sys.stdin.buffer.read(limits.max_bytes + 1)
    except (OSError, AttributeError, ValueError) as err:  # closed or no stdin at all
        said = getattr(err, "strerror", None) or "standard input is closed"
        raise CaseError(
            [Diagnostic(STDIN_NAME, "Y011", f"can't read the case: {said}", 1, 1)]
        ) from None
    if len(raw) > limits.max_bytes:
        raise CaseError(
            [
                Diagnostic(
                    STDIN_NAME,
                    "Y004",
                    f"standard input goes past the size limit of {limits.max_bytes:,} bytes",
                    1,
                    1,
                )
            ]
        )
    return raw
