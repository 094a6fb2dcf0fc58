"""Where the local database lives.

Order of precedence: ``--data-dir`` on the command line (which sets
``MTGRULES_DATA_DIR`` for the process), the ``MTGRULES_DATA_DIR`` environment
variable, ``$XDG_DATA_HOME/mtgrules``, then ``~/.local/share/mtgrules``.
"""

from __future__ import annotations

import contextlib
import functools
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


def db_file() -> str:
    """``str(db_path())``, remembered by everything :func:`data_dir` reads (the staged
    folder, ``MTGRULES_DATA_DIR``, ``XDG_DATA_HOME``, ``HOME``), so a change to any of them
    is a new look-up: a case's look-up of the database's version no longer builds paths."""
    env = os.environ
    return _db_file(
        _STAGED[-1] if _STAGED else None,
        env.get(ENV_VAR),
        env.get("XDG_DATA_HOME"),
        env.get("HOME"),
    )


@functools.lru_cache(maxsize=16)
def _db_file(staged: Path | None, explicit: str | None, xdg: str | None, home: str | None) -> str:
    return str(db_path())  # the arguments are the key: db_path reads the same values
