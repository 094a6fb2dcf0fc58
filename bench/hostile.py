"""Hostile inputs, measured: what `mtgrules validate` answers and what it costs.

    python bench/hostile.py            # every input, a table on stdout
    python bench/hostile.py --json     # the same as JSON

Each input is written to a temporary directory and given to a fresh
``python -m mtgrules validate`` process; the time is wall-clock time of the
whole process (interpreter start-up included, about 0.2 s here) and the
memory is its peak resident set size (Linux's VmHWM, read as the process exits).
``load_peak`` is the peak of Python allocations (``tracemalloc``) while only
``load_case`` runs on the file, in another fresh process. docs/hostile-inputs.md
reports these numbers; tests/test_hostile_inputs.py checks loose bounds on the
same inputs.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MB = 1_000_000


@dataclass(frozen=True)
class Hostile:
    """One input: how to write it, how to run validate on it, and the code expected."""

    name: str
    write: Callable[[Path], None]
    code: str
    options: tuple[str, ...] = ()
    stdin: bool = False  # give the file through a pipe (no size to stat)


def _write_repeated(path: Path, head: bytes, row: bytes, count: int) -> None:
    """``head`` then ``row`` ``count`` times, a megabyte at a time: the bench process
    stays small, and its children's peak RSS (which starts from it) stays theirs."""
    chunk = max(1, MB // len(row))
    with path.open("wb") as handle:
        handle.write(head)
        for start in range(0, count, chunk):
            handle.write(row * min(chunk, count - start))


def _padded_case(path: Path, size: int) -> None:
    """A valid case followed by comment lines up to ``size`` bytes."""
    case = (ROOT / "cases" / "summoning-sickness" / "elves-entered-this-turn.yaml").read_bytes()
    line = b"# " + b"x" * 97 + b"\n"
    _write_repeated(path, case, line, (size - len(case)) // len(line))


def _big_data(path: Path, size: int) -> None:
    """``size`` bytes of plain YAML data: one long list of short mappings."""
    row = b"  - {card: Forest, tapped: true}\n"
    _write_repeated(path, b"tags:\n", row, size // len(row))


def _laughs(path: Path) -> None:
    """Billion laughs: nine levels of nine aliases, 9**9 (387 million) nodes if expanded."""
    lines = ["a: &a [" + ", ".join(["lol"] * 9) + "]"]
    for prev, name in zip("abcdefgh", "bcdefghi", strict=True):
        lines.append(f"{name}: &{name} [" + ", ".join([f"*{prev}"] * 9) + "]")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def _deep(path: Path, depth: int = 100_000) -> None:
    path.write_text("a: " + "[" * depth + "]" * depth + "\n", encoding="utf-8")


def _deep_maps(path: Path, depth: int = 100_000) -> None:
    path.write_text("a: " + "{a: " * depth + "1" + "}" * depth + "\n", encoding="utf-8")


HOSTILE: tuple[Hostile, ...] = (
    Hostile("50 MB file", lambda p: _padded_case(p, 50 * MB), "Y004"),
    Hostile("50 MB file through a pipe", lambda p: _padded_case(p, 50 * MB), "Y004", stdin=True),
    Hostile(
        "50 MB of data, size limit raised to 100 MB",
        lambda p: _big_data(p, 50 * MB),
        "Y006",
        ("--max-bytes", str(100 * MB)),
    ),
    Hostile("billion laughs", _laughs, "Y006"),
    Hostile(
        "billion laughs, node limit raised to 1,000,000",
        _laughs,
        "Y006",
        ("--max-nodes", "1000000"),
    ),
    Hostile("100,000-deep nesting [[[...]]]", _deep, "Y005"),
    Hostile("100,000-deep nesting {a: {a: ...}}", _deep_maps, "Y005"),
    Hostile(
        "100,000-deep nesting, depth limit raised to 1,000",
        _deep,
        "Y005",
        ("--max-depth", "1000", "--max-nodes", "1000000"),
    ),
    Hostile(
        "5,000-digit integer", lambda p: p.write_text("game: {turn: " + "9" * 5000 + "}\n"), "Y013"
    ),
)


@dataclass(frozen=True)
class Measured:
    name: str
    code: str
    seconds: float
    peak_rss_mb: float
    load_peak_mb: float | None  # None through a pipe: load_case reads paths


# Runs `python -m mtgrules ARGS` and, at exit, prints the process's own peak RSS on
# stderr. The kernel's VmHWM starts afresh at exec; wait4's ru_maxrss would include
# the parent's size at fork (pytest's, in the tests).
PEAK_WRAPPER = """
import atexit, runpy, sys
def peak():
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                sys.stderr.write("VmHWM " + line.split()[1] + "\\n")
atexit.register(peak)
sys.argv = ["mtgrules", *sys.argv[1:]]
runpy.run_module("mtgrules", run_name="__main__", alter_sys=True)
"""


def run_validate(item: Hostile, path: Path) -> tuple[str, float, float]:
    """The first code ``validate`` prints, its wall time and its peak RSS in MB."""
    args = [sys.executable, "-c", PEAK_WRAPPER, "validate", *item.options]
    args.append("/dev/stdin" if item.stdin else str(path))
    with path.open("rb") if item.stdin else open(os.devnull, "rb") as stdin:
        start = time.perf_counter()
        done = subprocess.run(args, cwd=ROOT, stdin=stdin, capture_output=True, text=True)
        seconds = time.perf_counter() - start
    words = done.stdout.split()
    peak_kb = next(
        (int(ln.split()[1]) for ln in done.stderr.splitlines() if ln.startswith("VmHWM ")), 0
    )
    return (words[1] if len(words) > 1 else "?"), seconds, peak_kb / 1024


LOAD_PEAK = """
import sys, tracemalloc
from mtgrules.caseio.case import load_case
from mtgrules.caseio.diagnostics import CaseError
from mtgrules.caseio.yamlload import Limits
limits = Limits(*map(int, sys.argv[2:5]))
load_case  # imported before measuring
tracemalloc.start()
try:
    load_case(sys.argv[1], limits)
except CaseError:
    pass
print(tracemalloc.get_traced_memory()[1])
"""


def load_peak(item: Hostile, path: Path) -> float:
    """Peak traced allocation of ``load_case`` alone, in MB (a file path: no pipe)."""
    from mtgrules.caseio.yamlload import Limits

    limits = Limits()
    opts = dict(zip(item.options[::2], item.options[1::2], strict=True))
    values = [
        opts.get("--max-bytes", limits.max_bytes),
        opts.get("--max-depth", limits.max_depth),
        opts.get("--max-nodes", limits.max_nodes),
    ]
    done = subprocess.run(
        [sys.executable, "-c", LOAD_PEAK, str(path), *map(str, values)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    return int(done.stdout.strip()) / MB


def measure(item: Hostile, folder: Path) -> Measured:
    path = folder / f"{abs(hash(item.name))}.yaml"
    item.write(path)
    try:
        code, seconds, rss = run_validate(item, path)
        peak = None if item.stdin else round(load_peak(item, path), 1)
    finally:
        path.unlink()
    return Measured(item.name, code, round(seconds, 2), round(rss, 1), peak)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    with tempfile.TemporaryDirectory() as tmp:
        results = [measure(item, Path(tmp)) for item in HOSTILE]
    if args.json:
        print(json.dumps([r.__dict__ for r in results], indent=1))
        return 0
    print("| input | code | time (s) | peak RSS (MB) | load_case peak (MB) |")
    print("|---|---|---|---|---|")
    for r in results:
        peak = "—" if r.load_peak_mb is None else r.load_peak_mb
        print(f"| {r.name} | {r.code} | {r.seconds} | {r.peak_rss_mb} | {peak} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
