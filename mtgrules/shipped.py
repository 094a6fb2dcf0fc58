"""The folders of data the package ships (schemas, built-in cards, the rules index).

``importlib.resources.files`` answers a plain directory's path for a package installed
as files, but importing it (with ``tempfile``, ``zipfile`` and their imports) is a
noticeable part of a cold one-case check; so a package that is a directory beside this
module is read from that path, and anything else (a zip install) through
``importlib.resources`` as before.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # importing importlib.abc imports importlib.resources
    from importlib.abc import Traversable

_ROOT = Path(__file__).resolve().parent  # the mtgrules package's directory


def folder(package: str) -> Path | Traversable:
    """The folder of ``package`` (a dotted name under ``mtgrules``, holding data files)."""
    parts = package.split(".")
    assert parts[0] == "mtgrules", package
    path = _ROOT.joinpath(*parts[1:])
    if (path / "__init__.py").is_file():
        return path
    # lazy: only for a package that is not a plain directory (a zip install, say)
    from importlib import resources

    return resources.files(package)
