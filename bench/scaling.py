"""Scaling: time and peak memory of one question as the board grows.

    python bench/scaling.py                       # every curve; docs/bench-scaling.{json,png}
    python bench/scaling.py --curves permanents --repeat 3 --out /tmp/s.json --png /tmp/s.png

Each curve is one question asked of boards of growing size (built-in cards only):

- ``permanents``: the characteristics of Grizzly Bears among N permanents (lands,
  creatures, artifacts, both players), 10 to 1,000;
- ``permanents_cast``: can Alice cast Pacifism, with N permanents (every creature a
  candidate target), 10 to 1,000;
- ``could_produce_board``: which mana could Reflecting Pool produce among N permanents,
  16 to 8,000 (the big boards of tests/test_big_boards.py, as are the next two);
- ``anthem_board``: the characteristics of Grizzly Bears among N permanents, one of them
  a Glorious Anthem, 16 to 8,000;
- ``equipment_board``: the characteristics of Grizzly Bears with N - 1 Bonesplitters
  attached, 16 to 8,000;
- ``mana_sources``: can Alice pay {N-1}{G} (``pay: true``) from N untapped Forests, 1 to 100;
- ``effects``: the characteristics of Grizzly Bears under N +1/+1 effects, 1 to 50;
- ``copy_layers``: the characteristics of the last of N Clones, each a copy of the one
  before (a copy of a copy ... of Grizzly Bears), 1 to 100 (the longest chain read);
- ``playout_actions``: a play-out of N actions (a 2-damage instant cast at Bob, then
  resolved, again and again, paid from the mana pool; Bob's life asked) on 50
  permanents, 1 to 200, the 100 instants in hand at every length;
- ``playout_permanents``: a 20-action play-out as above among N permanents, 10 to 1,000;

and one point, a 100-action play-out on 200 permanents, with its target of 1 s.

Every point runs in a fresh ``python`` process that imports the engine and answers a
small warm-up case first (imports and per-process caches are not the board's cost),
then times ``load_case`` (read, validate, build) and ``evaluate`` (ask) of the case
``--repeat`` times (median), and measures the peak of Python allocations
(``tracemalloc``) of one more load and, apart, of its ask (what the question allocates
beyond the loaded case), and the process's peak RSS. The load's peak starts at about
1 MB for any case: the loader's read buffer. Each answer
is compared with the one the curve knows by construction; a wrong one fails the run.

The growth exponent of a curve is the slope of log(time) over log(size), fitted by
least squares on its points (of load + ask: CPU time, judged; wall time and the ask alone,
reported); the check is that the common questions grow no faster than about linearly
(exponent ≤ 1.3), that 1,000 permanents answer in under a second (on every curve with
such a point) and that the play-out point meets its target, all in CPU time: on a
machine shared with other work, wall time measures the neighbours too, and a quiet
machine's wall time is this process's CPU time.
Drawing the PNG needs matplotlib (``pip install -e '.[bench]'``).
"""

from __future__ import annotations

import argparse
import json
import math
import subprocess
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
HEADER = "id: {id}\ntitle: scaling\ntags: [bench]\n"
GAME = "game: {turn: 5, active_player: Alice, phase: precombat_main}\n"
MAX_EXPONENT = 1.3
MAX_SECONDS_1000 = 1.0


def _fillers(n: int) -> list[str]:
    cycle = ["Forest", "Island", "Raging Goblin", "Mind Stone", "Llanowar Elves", "Swamp"]
    return [cycle[i % len(cycle)] for i in range(n)]


def _two_players(mine: list[str], theirs: list[str], extra_alice: str = "") -> str:
    lines = ["players:\n  - name: Alice\n", extra_alice, "    battlefield:\n"]
    lines += [f"      - {item}\n" for item in mine]
    lines.append("  - name: Bob\n")
    if theirs:
        lines.append("    battlefield:\n")
        lines += [f"      - {item}\n" for item in theirs]
    return "".join(lines)


def permanents(n: int) -> tuple[str, Any]:
    rest = _fillers(n - 1)
    half = len(rest) // 2
    board = _two_players(["{card: Grizzly Bears, id: x}", *rest[:half]], rest[half:])
    return board + "question: {characteristics: x}\n", {"power": 2, "toughness": 2}


def permanents_cast(n: int) -> tuple[str, Any]:
    rest = _fillers(n)
    half = len(rest) // 2
    board = _two_players(rest[:half], rest[half:], "    hand: [Pacifism]\n")
    return board + "question: {can_cast: Pacifism}\n", "yes"


def mana_sources(n: int) -> tuple[str, Any]:
    cost = ("{" + str(n - 1) + "}" if n > 1 else "") + "{G}"
    cards = f'cards:\n  - {{name: Scaling Spell, mana_cost: "{cost}", types: [Sorcery]}}\n'
    board = _two_players(["Forest"] * n, [], "    hand: [Scaling Spell]\n")
    return cards + board + "question: {can_cast: Scaling Spell, pay: true}\n", "yes"


def effects(n: int) -> tuple[str, Any]:
    board = _two_players(["{card: Grizzly Bears, id: x}"], [])
    lines = ["effects:\n"] + [
        f'  - {{source: Bob, affect: x, power_toughness: "+1/+1", timestamp: {i + 2}}}\n'
        for i in range(n)
    ]
    return board + "".join(lines) + "question: {characteristics: x}\n", {
        "power": 2 + n,
        "toughness": 2 + n,
    }


def copy_layers(n: int) -> tuple[str, Any]:
    chain = ["{card: Grizzly Bears, id: c0}"] + [
        f"{{card: Clone, id: c{i}, copy_of: c{i - 1}}}" for i in range(1, n + 1)
    ]
    board = _two_players(chain, [])
    return board + f"question: {{characteristics: c{n}}}\n", {
        "name": "Grizzly Bears",
        "power": 2,
        "toughness": 2,
    }


def could_produce_board(n: int) -> tuple[str, Any]:
    """Which mana could Alice's Reflecting Pool produce among N permanents (the fillers
    on both sides: Forests, Islands, Swamps and Llanowar Elves; she controls some)."""
    rest = _fillers(n - 1)
    half = len(rest) // 2
    board = _two_players(["{card: Reflecting Pool, id: x}", *rest[:half]], rest[half:])
    return board + "question: {could_produce: x}\n", ["U", "B", "G"]


def anthem_board(n: int) -> tuple[str, Any]:
    """The characteristics of Grizzly Bears among N permanents, one a Glorious Anthem."""
    rest = _fillers(n - 2)
    half = len(rest) // 2
    mine = ["{card: Grizzly Bears, id: x}", "Glorious Anthem", *rest[:half]]
    board = _two_players(mine, rest[half:])
    return board + "question: {characteristics: x}\n", {"power": 3, "toughness": 3}


def equipment_board(n: int) -> tuple[str, Any]:
    """The characteristics of Grizzly Bears with N - 1 Bonesplitters attached (+2/+0 each)."""
    kit = ["{card: Bonesplitter, attached_to: x}" for _ in range(n - 1)]
    board = _two_players(["{card: Grizzly Bears, id: x}", *kit], [])
    return board + "question: {characteristics: x}\n", {"power": 2 + 2 * (n - 1), "toughness": 2}


SHOCK = (
    'cards:\n  - name: Scaling Shock\n    mana_cost: "{R}"\n    types: [Instant]\n'
    '    abilities:\n      - spell: {does: "This spell deals 2 damage to any target.", '
    "targets: [any target]}\n"
)


def playout(n: int, actions: int, in_hand: int = 0) -> tuple[str, Any]:
    """A play-out of ``actions`` actions on ``n`` permanents: Alice casts a 2-damage
    instant at Bob and it resolves, again and again (an odd last one stays on the stack),
    paid from her mana pool; Bob's life is the answer. Her hand holds the instants it
    casts, or ``in_hand`` of them if more (the same objects for every length)."""
    casts = (actions + 1) // 2
    rest = _fillers(n)
    half = len(rest) // 2
    hand = "".join(
        f"      - {{card: Scaling Shock, id: s{i}}}\n" for i in range(max(casts, in_hand))
    )
    alice = f'    mana_pool: "{"{R}" * casts}"\n    hand:\n{hand}'
    board = _two_players(rest[:half], rest[half:], alice).replace(
        "  - name: Bob\n", "  - name: Bob\n    life: 1000\n"
    )
    steps = [
        f"  - cast: s{i // 2}\n    targets: [Bob]\n" if i % 2 == 0 else "  - resolve\n"
        for i in range(actions)
    ]
    question = "actions:\n" + "".join(steps) + "question: {state: [life]}\n"
    return SHOCK + board + question, {"life": {"Alice": 20, "Bob": 1000 - 2 * (actions // 2)}}


def playout_actions(n: int) -> tuple[str, Any]:
    # the 100 instants the longest play-out casts are in hand at every length: the game
    # has as many objects at each point, and only the number of actions grows
    return playout(PLAYOUT_BOARD, n, in_hand=100)


def playout_permanents(n: int) -> tuple[str, Any]:
    return playout(n, PLAYOUT_ACTIONS)


PLAYOUT_BOARD = 50  # permanents, for the curve over actions
PLAYOUT_ACTIONS = 20  # actions, for the curve over permanents
# a 100-action play-out on a 200-permanent board in under a second
TARGET_ACTIONS, TARGET_PERMANENTS, TARGET_SECONDS = 100, 200, 1.0


# the big boards of built-in cards, up to 8,000 permanents
BIG = (16, 64, 250, 1000, 4000, 8000)


@dataclass(frozen=True)
class Curve:
    name: str
    axis: str
    sizes: tuple[int, ...]
    make: Callable[[int], tuple[str, Any]]
    common: bool = True  # held to the linear check
    one_second: bool = True  # its largest board (1,000) held to MAX_SECONDS_1000


CURVES = (
    Curve("permanents", "permanents on the battlefield", (10, 30, 100, 300, 1000), permanents),
    Curve(
        "permanents_cast",
        "permanents on the battlefield",
        (10, 30, 100, 300, 1000),
        permanents_cast,
    ),
    Curve("could_produce_board", "permanents on the battlefield", BIG, could_produce_board),
    Curve("anthem_board", "permanents on the battlefield", BIG, anthem_board),
    Curve("equipment_board", "permanents on the battlefield", BIG, equipment_board),
    Curve("mana_sources", "untapped mana sources", (1, 3, 10, 30, 100), mana_sources),
    Curve("effects", "continuous effects", (1, 3, 10, 25, 50), effects),
    Curve("copy_layers", "copies in the chain", (1, 3, 10, 25, 50, 100), copy_layers),
    Curve(
        "playout_actions",
        f"actions played out (on {PLAYOUT_BOARD} permanents)",
        (1, 3, 10, 30, 100, 200),
        playout_actions,
    ),
    Curve(
        "playout_permanents",
        f"permanents on the battlefield (a {PLAYOUT_ACTIONS}-action play-out)",
        (10, 30, 100, 300, 1000),
        playout_permanents,
        one_second=False,  # a play-out's target is TARGET_SECONDS for TARGET_ACTIONS
    ),
)
TARGET = Curve(
    "playout_target",
    f"a {TARGET_ACTIONS}-action play-out on {TARGET_PERMANENTS} permanents",
    (TARGET_PERMANENTS,),
    lambda n: playout(n, TARGET_ACTIONS),
)

# Runs in a fresh process: warm up, then time load and ask, then trace memory once.
POINT = r"""
import json, resource, statistics, sys, time, tracemalloc
from mtgrules.caseio.case import load_case
from mtgrules.caseio.yamlload import Limits
from mtgrules.bank.checking import evaluate
warm, path, repeat = sys.argv[1], sys.argv[2], int(sys.argv[3])
limits = Limits(max_nodes=1_000_000)
evaluate(load_case(warm, limits))
loads, asks, cpus = [], [], []
for _ in range(repeat):
    c0 = time.process_time()
    t0 = time.perf_counter(); case = load_case(path, limits)
    t1 = time.perf_counter(); answer = evaluate(case)
    t2 = time.perf_counter()
    loads.append(t1 - t0); asks.append(t2 - t1); cpus.append(time.process_time() - c0)
tracemalloc.start()
case = load_case(path, limits)
load_peak = tracemalloc.get_traced_memory()[1]
tracemalloc.reset_peak()
base = tracemalloc.get_traced_memory()[0]
evaluate(case)
ask_peak = tracemalloc.get_traced_memory()[1] - base
tracemalloc.stop()
print(json.dumps({
    "load_s": statistics.median(loads), "ask_s": statistics.median(asks),
    "cpu_s": statistics.median(cpus),
    "peak_traced_mb": max(load_peak, base + ask_peak) / 1e6,
    "load_peak_mb": load_peak / 1e6, "ask_peak_mb": ask_peak / 1e6,
    "max_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
    "value": answer.value, "unsupported": answer.unsupported,
}, default=str))
"""


def matches(value: Any, expected: Any) -> bool:
    """The keys the curve knows, compared (P/T and name); a yes/no as text."""
    if isinstance(expected, dict):
        return isinstance(value, dict) and all(value.get(k) == v for k, v in expected.items())
    if isinstance(expected, list):
        return value == expected
    return str(value) == expected


def run_point(curve: Curve, size: int, folder: Path, repeat: int) -> dict[str, Any]:
    body, expected = curve.make(size)
    path = folder / f"{curve.name}-{size}.yaml"
    path.write_text(HEADER.format(id=f"{curve.name}-{size}") + GAME + body, encoding="utf-8")
    warm = folder / "warm.yaml"
    if not warm.exists():
        body0, _ = permanents(10)
        warm.write_text(HEADER.format(id="warm") + GAME + body0, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-c", POINT, str(warm), str(path), str(repeat)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin", "MTGRULES_DATA_DIR": str(folder)},
    )
    if done.returncode != 0:
        raise SystemExit(f"{curve.name} {size}: {done.stderr}")
    point = json.loads(done.stdout)
    point["size"] = size
    point["total_s"] = point["load_s"] + point["ask_s"]
    point["right"] = matches(point.pop("value"), expected) and not point["unsupported"]
    return point


def exponent(sizes: list[float], times: list[float]) -> float:
    """Least-squares slope of log(time) over log(size)."""
    xs, ys = [math.log(s) for s in sizes], [math.log(max(t, 1e-9)) for t in times]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    var = sum((x - mx) ** 2 for x in xs)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / var if var else 0.0


def draw(results: dict[str, Any], png: Path) -> None:
    import matplotlib  # lazy: only the plot needs it (the bench extra)

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt  # lazy: as above

    fig, (ax_t, ax_p, ax_m) = plt.subplots(1, 3, figsize=(18, 5))
    for name, curve in results["curves"].items():
        sizes = [p["size"] for p in curve["points"]]
        # the play-outs on a panel of their own: one curve over actions, one over permanents
        (ax_p if name.startswith("playout") else ax_t).plot(
            sizes,
            [p["cpu_s"] * 1000 for p in curve["points"]],
            marker="o",
            label=f"{name} (CPU n^{curve['exponent_cpu']:.2f}; wall n^{curve['exponent_total']:.2f})",
        )
        ax_m.plot(
            sizes,
            [p["ask_peak_mb"] for p in curve["points"]],
            marker="o",
            label=f"{name} (n^{curve['exponent_ask_memory']:.2f})",
        )
    target = results.get("playout_target")
    if target:
        ax_p.plot(
            [target["point"]["size"]],
            [target["point"]["cpu_s"] * 1000],
            marker="*",
            markersize=14,
            linestyle="none",
            label=f"{target['axis']} (target < {target['target_s'] * 1000:.0f} ms)",
        )
    for ax, label in (
        (ax_t, "load + ask, CPU ms (median)"),
        (ax_p, "load + ask, CPU ms (median)"),
        (ax_m, "peak traced memory of the ask, MB"),
    ):
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_xlabel("board size (see the curve's axis)")
        ax.set_ylabel(label)
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(fontsize=8)
    ax_t.set_title("time of one question")
    ax_p.set_title("time of one play-out and its question")
    ax_p.set_xlabel("actions, or permanents (see the curve)")
    ax_m.set_title("memory of one question")
    fig.suptitle(
        "mtgrules: one question, or a play-out and its question, as the board grows (fitted growth exponents)"
    )
    fig.tight_layout()
    fig.savefig(png, dpi=90)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--curves", nargs="*", default=[c.name for c in CURVES])
    parser.add_argument("--repeat", type=int, default=5, help="timings per point; median (5)")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "bench-scaling.json")
    parser.add_argument("--png", type=Path, default=ROOT / "docs" / "bench-scaling.png")
    parser.add_argument("--no-png", action="store_true")
    args = parser.parse_args(argv)
    results: dict[str, Any] = {"python": sys.version.split()[0], "repeat": args.repeat}
    results["curves"] = {}
    ok = True
    with tempfile.TemporaryDirectory(prefix="mtgrules-scaling-") as tmp:
        for curve in CURVES:
            if curve.name not in args.curves:
                continue
            points = [run_point(curve, size, Path(tmp), args.repeat) for size in curve.sizes]
            sizes = [p["size"] for p in points]
            fit = {
                "exponent_total": exponent(sizes, [p["total_s"] for p in points]),
                "exponent_ask": exponent(sizes, [p["ask_s"] for p in points]),
                "exponent_cpu": exponent(sizes, [p["cpu_s"] for p in points]),
                "exponent_memory": exponent(sizes, [p["peak_traced_mb"] for p in points]),
                "exponent_ask_memory": exponent(sizes, [p["ask_peak_mb"] for p in points]),
            }
            linear = fit["exponent_cpu"] <= MAX_EXPONENT or not curve.common
            right = all(p["right"] for p in points)
            fast = not curve.one_second or all(
                p["cpu_s"] < MAX_SECONDS_1000 for p in points if p["size"] == 1000
            )
            ok = ok and linear and right and fast
            results["curves"][curve.name] = {
                "axis": curve.axis,
                "points": points,
                **fit,
                "linear": linear,
                "answers_right": right,
                "largest_under_1s": fast,
            }
            print(f"{curve.name} ({curve.axis})")
            for p in points:
                print(
                    f"  {p['size']:>6}  load {p['load_s'] * 1000:8.1f} ms  ask {p['ask_s'] * 1000:8.1f} ms"
                    f"  (CPU {p['cpu_s'] * 1000:8.1f} ms)"
                    f"  traced: load {p['load_peak_mb']:5.2f} MB, ask {p['ask_peak_mb']:6.3f} MB"
                    f"  rss {p['max_rss_mb']:4.0f} MB"
                    f"  {'right' if p['right'] else 'WRONG ' + str(p['unsupported'])}"
                )
            print(
                f"  growth: CPU n^{fit['exponent_cpu']:.2f}, wall n^{fit['exponent_total']:.2f}"
                f" (ask n^{fit['exponent_ask']:.2f}),"
                f" memory n^{fit['exponent_memory']:.2f} (ask n^{fit['exponent_ask_memory']:.2f})"
                f"  {'ok' if linear else 'SUPER-LINEAR'}{'' if fast else ', 1,000 over 1 s'}"
            )
        if any(name.startswith("playout") for name in args.curves):
            point = run_point(TARGET, TARGET_PERMANENTS, Path(tmp), args.repeat)
            under = point["right"] and point["cpu_s"] < TARGET_SECONDS
            results["playout_target"] = {
                "axis": TARGET.axis,
                "point": point,
                "target_s": TARGET_SECONDS,
                "met": under,
            }
            ok = ok and under
            print(
                f"{TARGET.axis}: load {point['load_s'] * 1000:.1f} ms + ask "
                f"{point['ask_s'] * 1000:.1f} ms = {point['total_s'] * 1000:.1f} ms, CPU "
                f"{point['cpu_s'] * 1000:.1f} ms (target < {TARGET_SECONDS * 1000:.0f} ms: "
                f"{'met' if under else 'MISSED'})"
            )
    results["max_exponent"] = MAX_EXPONENT
    results["ok"] = ok
    args.out.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {args.out}")
    if not args.no_png:
        draw(results, args.png)
        print(f"wrote {args.png}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
