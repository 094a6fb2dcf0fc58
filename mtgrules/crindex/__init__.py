"""The rules index: every rule number mtgrules can cite, resolved at render time.

Each entry has the CR's title where it has one and a summary in the project's
own words (``index.yaml``). When the official text has been imported, answers
quote it instead.

>>> lookup("302.6").number
'302.6'
>>> is_known("999.9z")
False
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from importlib import resources

import yaml

_Loader: type = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

EDITION = "2026-08-07"  # the Comprehensive Rules edition the built-in index follows


@dataclass(frozen=True)
class RuleEntry:
    number: str
    summary: str
    title: str | None = None


@functools.cache
def _index() -> dict[str, RuleEntry]:
    text = (resources.files("mtgrules.crindex") / "index.yaml").read_text(encoding="utf-8")
    raw = yaml.load(text, Loader=_Loader)
    return {
        str(number): RuleEntry(str(number), entry["summary"], entry.get("title"))
        for number, entry in raw.items()
    }


def numbers() -> list[str]:
    """Every rule number in the index."""
    return list(_index())


def is_known(number: str) -> bool:
    return number in _index()


def lookup(number: str) -> RuleEntry:
    """The entry for ``number``; KeyError if the engine was never meant to cite it."""
    return _index()[number]
