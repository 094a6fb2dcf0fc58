"""Walking a bank's folder: which files are candidates for cases.

Shared by ``check DIR``'s walk (:mod:`mtgrules.api`) and a bank's ``include`` globs
(:mod:`mtgrules.bank.files`), so both leave out the same hidden, tool-owned and linked-out
files.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

# Folders a bank walk never enters: tools' own trees, not cases.
SKIPPED_FOLDERS = frozenset({"node_modules", "__pycache__", "site-packages"})


def bank_files(top: Path, within: Path) -> Iterator[Path]:
    """Every file under the folder ``top``, leaving out hidden files and folders (``.git``,
    ``.venv``, ``.github``), virtual environments (a ``pyvenv.cfg`` inside), tools' own
    trees (:data:`SKIPPED_FOLDERS`) and linked files that lead out of ``within`` (resolved);
    no link to a folder is followed (``os.walk``'s default), so no loop and no way out."""
    for folder, dirs, files in os.walk(top):
        here = Path(folder)
        dirs[:] = [
            d
            for d in dirs
            if not d.startswith(".")
            and d not in SKIPPED_FOLDERS
            and not (here / d / "pyvenv.cfg").exists()
        ]
        for name in files:
            file = here / name
            if name.startswith(".") or not file.is_file():
                continue
            if file.is_symlink() and not file.resolve().is_relative_to(within):
                continue
            yield file
