"""The built-in card files, read once per content: a JSON copy of what their YAML says.

Every ``mtgrules`` process reads the built-in library (some 100 YAML files); PyYAML
builds the values in Python, about a tenth of a one-case check's time. The values are
plain data, so a JSON copy of them, named by the SHA-256 of the files' names and
bytes, gives the same values again at a fraction of the cost. The copy lives in
``$MTGRULES_CACHE_DIR``, else ``$XDG_CACHE_HOME/mtgrules``, else ``~/.cache/mtgrules``;
a copy that can't be read, or written, or that JSON can't hold exactly (a YAML date,
a number as a key), is simply not used: the YAML is then read as before.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

CACHE_ENV = "MTGRULES_CACHE_DIR"


def cache_dir() -> Path:
    """Where the copies are kept (see the module's docstring)."""
    given = os.environ.get(CACHE_ENV)
    if given:
        return Path(given)
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg) if xdg else Path.home() / ".cache") / "mtgrules"


try:  # the built-in SHA-256: importing hashlib loads OpenSSL's libcrypto (~4 ms of a cold
    # check) to hash ~40 kB; the digest is the same
    from _sha256 import sha256 as _sha256  # CPython 3.11
except ImportError:  # pragma: no cover - another Python
    try:
        from _sha2 import sha256 as _sha256  # CPython 3.12+
    except ImportError:
        from hashlib import sha256 as _sha256

sha256 = _sha256  # for the other caches of the user cache (cards/readings.py)


def cached_data(
    files: list[tuple[str, bytes]], parse: Callable[[bytes], Any]
) -> list[tuple[str, Any]]:
    """``(name, parse(text))`` for each file, from the JSON copy for exactly these
    bytes when there is one, else parsed (and the copy written, when JSON holds it)."""
    digest = _sha256()
    for name, text in files:
        digest.update(name.encode() + b"\0" + len(text).to_bytes(8, "big") + text)
    path = cache_dir() / f"builtin-cards-{digest.hexdigest()[:40]}.json"
    try:
        stored = json.loads(path.read_bytes())
        if [name for name, _ in stored] == [name for name, _ in files]:
            return [(name, data) for name, data in stored]
    except (OSError, ValueError, TypeError):
        pass
    out = [(name, parse(text)) for name, text in files]
    try:
        encoded = json.dumps(out, ensure_ascii=False, allow_nan=False)
        if json.loads(encoded) != [[name, data] for name, data in out]:
            return out  # JSON would change a value (a key that isn't text, a date)
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_suffix(f".{os.getpid()}.tmp")
        partial.write_text(encoded, encoding="utf-8")
        os.replace(partial, path)  # another process reading it sees all of it or nothing
    except (OSError, TypeError, ValueError):
        pass
    return out
