"""The rules index: every rule number mtgrules can cite, resolved at render time.

Each entry has the CR's title where it has one and a summary in the project's
own words, in the YAML files of ``rules/`` (one per topic; a number may appear
in several files only with the same entry). When the official text has been imported, answers
quote it instead.

>>> lookup("302.6").number
'302.6'
>>> is_known("999.9z")
False
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import yaml

from mtgrules import shipped

_Loader: type = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

EDITION = "2026-08-07"  # the Comprehensive Rules edition the built-in index follows


@dataclass(frozen=True)
class RuleEntry:
    number: str
    summary: str
    title: str | None = None


def index_files() -> dict[str, dict[str, dict[str, str]]]:
    """Each index file's name and its raw entries."""
    folder = shipped.folder("mtgrules.crindex.rules")
    return {
        entry.name: yaml.load(entry.read_text(encoding="utf-8"), Loader=_Loader) or {}
        for entry in sorted(folder.iterdir(), key=lambda e: e.name)
        if entry.name.endswith(".yaml")
    }


@functools.cache
def _index() -> dict[str, RuleEntry]:
    out: dict[str, RuleEntry] = {}
    for raw in index_files().values():
        for number, entry in raw.items():
            out.setdefault(
                str(number), RuleEntry(str(number), entry["summary"], entry.get("title"))
            )
    return out


def numbers() -> list[str]:
    """Every rule number in the index."""
    return list(_index())


def is_known(number: str) -> bool:
    return number in _index()


def lookup(number: str) -> RuleEntry:
    """The entry for ``number``; KeyError if the engine was never meant to cite it."""
    return _index()[number]
