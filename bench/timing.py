"""How the bench times things (bench/run.py): the bare parse-and-validate baseline, a
``python -m mtgrules`` process, CPU time of children, how busy the machine was,
interleaved rounds, cold starts, and one hostile payment in this process."""

from __future__ import annotations

import json
import os
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
MODELINE = "# yaml-language-server: $schema=../schemas/case.schema.json\n"


def payment_case(folder: Path) -> Path:
    """100 hybrid symbols and 50 generic to pay from 500 lands, with 30 triggered mana
    abilities (Heartbeat of Spring, Mirari's Wake) adding mana to every land tapped."""
    cost = "{G/W}" * 100 + "{50}"
    lines = [
        MODELINE.replace("../schemas", "../../schemas"),
        "id: bench-payment\ntitle: a hostile payment\ntags: [bench]\n",
        f'cards:\n  - {{name: Hybrid Thing, mana_cost: "{cost}", types: [Sorcery]}}\n',
        "game: {turn: 5, active_player: Alice, phase: precombat_main}\n",
        "players:\n  - name: Alice\n    battlefield:\n",
        *("      - Forest\n" if i % 2 else "      - Plains\n" for i in range(500)),
        *(
            "      - Heartbeat of Spring\n" if i % 2 else '      - "Mirari\'s Wake"\n'
            for i in range(30)
        ),
        "    hand: [Hybrid Thing]\n  - name: Bob\n",
        "question: {can_cast: Hybrid Thing, pay: true}\nexpect: {answer: yes}\n",
    ]
    path = folder / "payment.yaml"
    path.write_text("".join(lines), encoding="utf-8")
    return path


def payment_seconds(folder: Path, runs: int = 3) -> tuple[float, str]:
    """Best of ``runs``: load the payment case and answer it, in this process."""
    from mtgrules.bank.checking import evaluate
    from mtgrules.caseio.case import load_case
    from mtgrules.caseio.yamlload import Limits

    path = payment_case(folder)
    best, value = float("inf"), ""
    for _ in range(runs):
        start = time.perf_counter()
        answer = evaluate(load_case(path, Limits(max_nodes=100_000)))
        best = min(best, time.perf_counter() - start)
        value = str(answer.value or answer.unsupported)
    return best, value


def baseline(files: list[Path]) -> float:
    """Seconds to read, parse (C loader) and schema-validate every file with one compiled validator."""
    import yaml
    from jsonschema import Draft202012Validator

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    schema = json.loads((ROOT / "mtgrules" / "schemas" / "case.schema.json").read_text())
    validator = Draft202012Validator(schema)
    start = time.perf_counter()
    bad = 0
    for path in files:
        data = yaml.load(path.read_bytes(), Loader=loader)
        bad += not validator.is_valid(data)
    elapsed = time.perf_counter() - start
    if bad:
        # YAML 1.1 reads `answer: no` as false, which the schema allows; anything else is a bug here
        print(f"warning: {bad} generated files fail the bare schema check", file=sys.stderr)
    return elapsed


DATA_DIR: dict[str, str] = {}  # MTGRULES_DATA_DIR for every mtgrules process (set in main)


def mtgrules(
    *args: str, keep_stdout: bool = False
) -> tuple[float, subprocess.CompletedProcess[str]]:
    """Run ``python -m mtgrules ARGS`` from this checkout; wall seconds and the process."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "NO_COLOR": "1", **DATA_DIR}
    start = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, "-m", "mtgrules", *args],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE if keep_stdout else subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    return time.perf_counter() - start, proc


def python_seconds(code: str) -> float:
    """Wall seconds of ``python -c CODE`` (the floor a one-case check is compared to)."""
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", code], check=True)
    return time.perf_counter() - start


def cpu_of_children() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def machine_busy(since: tuple[int, int] | None = None) -> Any:
    """Busy and total CPU ticks from /proc/stat, or the busy fraction since ``since``.

    Timings of parallel runs only mean something when the machine's other CPUs
    were free; this records how busy the whole machine was (us included).
    """
    try:
        with open("/proc/stat", encoding="ascii") as stat:
            ticks = [int(x) for x in stat.readline().split()[1:]]
    except OSError:
        return None
    idle = ticks[3] + ticks[4]
    now = (sum(ticks) - idle, sum(ticks))
    if since is None:
        return now
    total = now[1] - since[1]
    return round((now[0] - since[0]) / total, 3) if total else None


def measure(
    runs: dict[str, Callable[[], Any]], repeat: int
) -> tuple[dict[str, float], dict[str, float], dict[str, float], dict[str, Any]]:
    """Median and best wall time, and the median CPU time, of each of ``runs`` over
    ``repeat`` interleaved rounds, and each one's last result.

    Interleaving the rounds spreads other load on the machine (a shared CI runner,
    other agents) over all the timings, so their ratios stay comparable.
    """
    walls: dict[str, list[float]] = {}
    cpus: dict[str, list[float]] = {}
    last: dict[str, Any] = {}
    for _ in range(repeat):
        for name, run in runs.items():
            c0, p0 = cpu_of_children(), time.process_time()
            t0 = time.perf_counter()
            last[name] = run()
            walls.setdefault(name, []).append(time.perf_counter() - t0)
            cpus.setdefault(name, []).append(cpu_of_children() - c0 + time.process_time() - p0)
    median = {k: statistics.median(v) for k, v in walls.items()}
    best = {k: min(v) for k, v in walls.items()}
    cpu = {k: statistics.median(v) for k, v in cpus.items()}
    return median, best, cpu, last


def cold(*args: str, runs: int = 7) -> float:
    """Median wall time of a fresh process over ``runs`` runs (after one warm-up for the OS caches)."""
    mtgrules(*args)
    return statistics.median(mtgrules(*args)[0] for _ in range(runs))


def cold_pair(args: tuple[str, ...], code: str, runs: int = 9) -> tuple[float, float, float, float]:
    """Medians of a one-case ``mtgrules`` process and of ``python -c CODE``, run in turn:
    wall seconds of each, then CPU seconds of each (the steadier figure on a busy machine)."""
    mtgrules(*args)
    python_seconds(code)
    ours, floor, ours_cpu, floor_cpu = [], [], [], []
    for _ in range(runs):
        c0 = cpu_of_children()
        ours.append(mtgrules(*args)[0])
        c1 = cpu_of_children()
        floor.append(python_seconds(code))
        ours_cpu.append(c1 - c0)
        floor_cpu.append(cpu_of_children() - c1)
    return (
        statistics.median(ours),
        statistics.median(floor),
        statistics.median(ours_cpu),
        statistics.median(floor_cpu),
    )
