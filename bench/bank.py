"""The bench's generated bank: every question type and play-outs, each case's answer known
beforehand (docs/bench.md "The bank"), written as YAML files; and the verdicts of a
``check --format json`` report per question type."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import activation_generators
import generators
import playout_generators

ROOT = Path(__file__).resolve().parent.parent
MODELINE = "# yaml-language-server: $schema=../schemas/case.schema.json\n"


def _noise(rng: random.Random, pool: generators.Pool, kind: str) -> list[Any]:
    """Fillers that can't change the answer of a generator that allows ``kind`` of them."""
    if kind == "none":
        return []
    out: list[Any] = []
    for _ in range(rng.randint(0, 6)):
        if kind == "any" and rng.random() < 0.4:
            out.append(generators.filler_creature(rng, pool))
        elif kind == "tapped_lands":
            out.append({"card": rng.choice(["Forest", "Island", "Swamp"]), "tapped": True})
        else:
            out.append(rng.choice(["Forest", "Island", "Swamp"]))
    return out


def _made_case(
    made: generators.Made, rng: random.Random, pool: generators.Pool, index: int, kind: str
) -> dict[str, Any]:
    mine = [*made.mine, *_noise(rng, pool, made.noise)]
    theirs = [*made.theirs, *_noise(rng, pool, made.noise)]
    rng.shuffle(mine)
    alice: dict[str, Any] = {"name": "Alice", "life": rng.randint(1, 20), "battlefield": mine}
    bob: dict[str, Any] = {"name": "Bob", "life": rng.randint(1, 20), "battlefield": theirs}
    if made.life:
        alice["life"], bob["life"] = made.life["Alice"], made.life["Bob"]
    if made.hand:
        alice["hand"] = made.hand
    if made.graveyard:
        alice["graveyard"] = made.graveyard
    if made.library:
        alice["library"] = made.library
    game: dict[str, Any] = {"turn": 6, "active_player": "Alice", "phase": "precombat_main"}
    game.update(made.game)
    case: dict[str, Any] = {
        "id": f"bench-{index:05d}",
        "title": made.title,
        "tags": list(dict.fromkeys([*made.tags, "bench", kind.split()[0].replace("_", "-")])),
    }
    if made.cards:
        case["cards"] = made.cards
    case["game"] = game
    case["players"] = [alice, bob]
    if made.effects:
        case["effects"] = made.effects
    if made.actions:
        case["actions"] = made.actions
    case["question"] = made.question
    if made.expect is not None:
        case["expect"] = made.expect
    return case


PLAYOUT_SHARE = 0.25  # a quarter of the bank is played out (docs/bench.md)


def mix(pool: generators.Pool) -> list[tuple[str, float]]:
    """Question type and its share: play-outs a quarter, and the rest the questions of a
    board that stands still, as ``generators.MIX`` and the first bench's can_activate."""
    shares = [(kind, share) for kind, (share, _) in generators.MIX.items()]
    if not pool.real:  # no corpus: the real-card-only generator has nothing to draw from
        shares = [(k, s) for k, s in shares if k != "unchecked real card"]
    still = [*shares, ("can_activate", 0.10)]
    total = sum(s for _, s in still)
    rest = 1 - PLAYOUT_SHARE
    return [(k, s / total * rest) for k, s in still] + [("playout", PLAYOUT_SHARE)]


def generate_case(
    rng: random.Random, index: int, pool: generators.Pool
) -> tuple[str, dict[str, Any]]:
    """One valid case, with the expectation its generator knows, and its question type."""
    kinds = mix(pool)
    kind = rng.choices([k for k, _ in kinds], weights=[s for _, s in kinds])[0]
    if kind == "can_activate":
        return kind, activation_generators.old_case(rng, index)
    if kind == "playout":
        return kind, _made_case(playout_generators.playout(rng, pool), rng, pool, index, kind)
    made = rng.choice(generators.MIX[kind][1])(rng, pool)
    return kind, _made_case(made, rng, pool, index, kind)


def write_bank(
    folder: Path, n: int, seed: int = 9, pool: generators.Pool | None = None
) -> list[Path]:
    """Write ``n`` generated cases into ``folder/bank`` (and the schema beside it for the
    modeline); built-in cards only unless ``pool`` holds real ones."""
    return write_mixed_bank(folder, n, pool or generators.Pool(), seed)[0]


def write_mixed_bank(
    folder: Path, n: int, pool: generators.Pool, seed: int = 9
) -> tuple[list[Path], dict[str, str]]:
    """:func:`write_bank`, also saying each case id's question type."""
    import yaml

    rng = random.Random(seed)
    bank = folder / "bank"
    bank.mkdir(parents=True, exist_ok=True)
    (folder / "schemas").mkdir(exist_ok=True)
    (folder / "schemas" / "case.schema.json").write_bytes(
        (ROOT / "mtgrules" / "schemas" / "case.schema.json").read_bytes()
    )
    files = []
    kinds: dict[str, str] = {}
    for i in range(n):
        kind, case = generate_case(rng, i, pool)
        kinds[case["id"]] = kind
        path = bank / f"case-{i:05d}.yaml"
        text = yaml.safe_dump(case, sort_keys=False, default_flow_style=None, allow_unicode=True)
        path.write_text(MODELINE + text, encoding="utf-8")
        files.append(path)
    return files, kinds


def verdicts(report: str, kinds: dict[str, str]) -> dict[str, dict[str, int]]:
    """Per question type, how many cases ``check --format json`` passed, failed, ..."""
    out: dict[str, dict[str, int]] = {}
    for result in json.loads(report)["results"]:
        kind = kinds.get(result.get("id", ""), "?")
        counts = out.setdefault(kind, {})
        counts[result["status"]] = counts.get(result["status"], 0) + 1
    return dict(sorted(out.items()))
