"""A bank's lock file: the fingerprints of each case's expected rules when it was written.

``mtgrules check BANK --lock`` writes ``BANK/mtgrules.lock``: for each case with
``expect.rules``, the fingerprint (:mod:`mtgrules.crindex.fingerprints`) of each
expected rule in the Comprehensive Rules edition the engine followed then. A later
``check`` of the bank reads the lock and warns about each case whose expected rules
the engine's edition now words differently: after an update to a new edition, a judge
re-reads exactly the cases it changed (CR 100.1). Warnings change neither a case's
status nor the exit code. The lock holds hashes and rule numbers, never rule text.
"""

from __future__ import annotations

import json
import os
from dataclasses import replace
from pathlib import Path

from mtgrules.crindex import EDITION
from mtgrules.results import Result

LOCK_NAME = "mtgrules.lock"
FORMAT = 1


def lock_path(paths: list[Path]) -> Path:
    """Where a bank's lock lives: in the first directory checked (or the first file's)."""
    first = paths[0] if paths else Path(".")
    return (first if first.is_dir() else first.parent) / LOCK_NAME


def write_lock(path: Path, results: list[Result]) -> int:
    """Write the lock for ``results`` (atomically); the number of cases it records."""
    # lazy: the fingerprints (and the rules importer they read with) only for a lock
    from mtgrules.crindex.fingerprints import recorded

    known = recorded()
    cases = {
        r.id: {"file": r.file, "rules": {n: known[n] for n in r.expected_rules if n in known}}
        for r in results
        if r.expected_rules
    }
    data = {"mtgrules_lock": FORMAT, "edition": EDITION, "cases": dict(sorted(cases.items()))}
    tmp = path.with_name(f"{path.name}.tmp-{os.getpid()}")
    tmp.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    os.replace(tmp, path)
    return len(cases)


MAX_LOCK_BYTES = 50_000_000  # a lock of a million cases is about 100 MB less than this


def read_lock(path: Path) -> dict | None:
    """The lock's contents, or None when there is none; ValueError when it isn't one.

    Read whole and checked up front (``check`` reads it before checking any case): every
    case entry a mapping whose ``rules`` map rule numbers to fingerprints, so nothing in
    a hand-edited or hostile lock can fail later, after the cases were answered."""
    if not path.exists():
        return None
    if not path.is_file():
        raise ValueError(f"{path}: not a mtgrules lock file (not a regular file)")
    try:
        if path.stat().st_size > MAX_LOCK_BYTES:
            raise ValueError(
                f"{path}: not a mtgrules lock file (more than {MAX_LOCK_BYTES:,} bytes)"
            )
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as err:
        raise ValueError(f"{path}: not a mtgrules lock file ({err})") from None
    except RecursionError:  # JSON nested thousands deep: no lock is
        raise ValueError(f"{path}: not a mtgrules lock file (nested too deeply)") from None
    if not isinstance(data, dict) or data.get("mtgrules_lock") != FORMAT:
        raise ValueError(f"{path}: not a mtgrules lock file (format {FORMAT} expected)")
    cases = data.get("cases")
    if not isinstance(cases, dict):
        raise ValueError(f"{path}: not a mtgrules lock file (no cases)")
    for case_id, entry in cases.items():
        rules = entry.get("rules", {}) if isinstance(entry, dict) else None
        if not isinstance(rules, dict) or not all(isinstance(v, str) for v in rules.values()):
            shown = case_id if len(case_id) <= 60 else f"{case_id[:50]}..."
            raise ValueError(
                f"{path}: not a mtgrules lock file (the entry of case {shown!r} is not "
                "a mapping of `rules` to fingerprints; `check --lock` writes it again)"
            )
    return data


def with_lock_warnings(results: list[Result], lock: dict) -> list[Result]:
    """Each result whose expected rules changed since the lock, with a warning per rule."""
    # lazy: the fingerprints only when the bank has a lock (every check looks for one)
    from mtgrules.crindex.fingerprints import recorded

    known = recorded()
    then = str(lock.get("edition", "?"))
    out = []
    for r in results:
        locked = lock["cases"].get(r.id, {}).get("rules", {})  # its shape: read_lock
        changed = [
            n for n in r.expected_rules if n in locked and known.get(n) not in (None, locked[n])
        ]
        warnings = tuple(
            f"expects {n}, which the CR effective {EDITION} words differently from the"
            f" {then} edition the bank's lock recorded (`mtgrules rules diff` shows how;"
            " `check --lock` records it again once re-read)"
            for n in changed
        )
        out.append(replace(r, warnings=r.warnings + warnings) if warnings else r)
    return out
