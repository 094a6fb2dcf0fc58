"""Where the local database lives.

Order of precedence: ``--data-dir`` on the command line (which sets
``MTGRULES_DATA_DIR`` for the process), the ``MTGRULES_DATA_DIR`` environment
variable, ``$XDG_DATA_HOME/mtgrules``, then ``~/.local/share/mtgrules``.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path

ENV_VAR = "MTGRULES_DATA_DIR"
DB_NAME = "mtgrules.sqlite"


_STAGED: list[Path] = []  # set by staged(): imports build a staging database


@contextlib.contextmanager
def staged(folder: Path) -> Iterator[None]:
    """Within the block, this process's imports read and write the database in ``folder``
    (`data update` imports everything there, then swaps the result in at once)."""
    _STAGED.append(folder)
    try:
        yield
    finally:
        _STAGED.pop()


def data_dir() -> Path:
    """The directory holding the local database (not created here)."""
    if _STAGED:
        return _STAGED[-1]
    explicit = os.environ.get(ENV_VAR)
    if explicit:
        return Path(explicit).expanduser()
    xdg = os.environ.get("XDG_DATA_HOME")
    base = Path(xdg).expanduser() if xdg else Path.home() / ".local" / "share"
    return base / "mtgrules"


def db_path() -> Path:
    """The local database file; it may not exist yet."""
    return data_dir() / DB_NAME
