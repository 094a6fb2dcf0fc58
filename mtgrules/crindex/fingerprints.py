"""Fingerprints of the rules the engine cites, as the edition it follows words them.

The engine's reasoning and the rules index are written against one edition of
the Comprehensive Rules (:data:`mtgrules.crindex.EDITION`). A fingerprint is a
short hash of a rule's text with whitespace and typographic quotes normalised;
``fingerprints.json`` holds one for every number in the index, computed from
that edition (``python -m mtgrules.crindex.fingerprints MagicCompRules.txt``
writes it; ``tests/test_crindex.py`` checks it against the official file). With
another edition imported, comparing its text's fingerprints with these says
which cited rules that edition words differently or lacks (CR 100.1: the rules
are a document that changes with every release), without the project storing
any of the rules' words.
"""

from __future__ import annotations

import functools
import hashlib
import json
import sys
from importlib import resources
from pathlib import Path

from mtgrules.crindex.importer import OfficialRule, parse_rules

_QUOTES = str.maketrans({"“": '"', "”": '"', "‘": "'", "’": "'", "—": "-", "–": "-"})


def fingerprint(rule: OfficialRule) -> str:
    """The hash of a rule's text and examples, blind to spacing and quote styles."""
    words = " ".join(" ".join((rule.text, *rule.examples)).translate(_QUOTES).split())
    return hashlib.sha256(words.encode("utf-8")).hexdigest()[:16]


@functools.cache
def recorded() -> dict[str, str]:
    """Each index number's fingerprint in the edition the engine follows."""
    text = (resources.files("mtgrules.crindex") / "fingerprints.json").read_text(encoding="utf-8")
    return json.loads(text)["rules"]


def compute(raw: bytes, numbers: list[str]) -> tuple[str, dict[str, str]]:
    """An official file's effective date and the fingerprints of ``numbers`` in it."""
    parsed = parse_rules(raw)
    by_number = {r.number: r for r in parsed.rules}
    return parsed.effective, {n: fingerprint(by_number[n]) for n in numbers if n in by_number}


def main(argv: list[str]) -> int:  # pragma: no cover - a maintainer's tool, run by hand
    """Write fingerprints.json from the official file of the engine's edition."""
    from mtgrules import crindex  # lazy: the package imports this module's functions

    effective, found = compute(Path(argv[0]).read_bytes(), crindex.numbers())
    if effective != crindex.EDITION:
        print(f"that file is effective {effective}, the engine follows {crindex.EDITION}")
        return 2
    out = Path(__file__).with_name("fingerprints.json")
    data = {"edition": effective, "rules": dict(sorted(found.items()))}
    out.write_text(json.dumps(data, indent=0) + "\n", encoding="utf-8")
    print(f"wrote {len(found)} fingerprints to {out}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main(sys.argv[1:]))
