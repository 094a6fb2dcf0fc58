"""Official rulings in every answer: each reason that concerns a card
carries that card's imported rulings that bear on it, ranked by relevance (FTS5 bm25),
and no others; `--rulings all|relevant|none`; the project's own summaries without data;
`mtgrules card` and the answers agree.

The rulings compared with come from ../shared/data (the 2022 MTGJSON AtomicCards), read
at run time; the answers come from the real CLI.
"""

from __future__ import annotations

import gzip
import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from mtgrules.answer import Reason
from mtgrules.questions.rulings import reason_terms, under
from tests.conftest import ATOMIC_2022, CR_TEXT, data_env, import_files, need_shared, run_cli

COPY_RULE = ("707.2", "707.3", "707.5", "707.9", "707.9a", "707.9b")


@pytest.fixture(scope="module")
def official():
    """Each card's official ruling texts in the 2022 file."""
    need_shared(ATOMIC_2022)
    with gzip.open(ATOMIC_2022) as handle:
        data = json.load(handle)["data"]
    return {name: {r["text"] for r in faces[0].get("rulings", [])} for name, faces in data.items()}


def answer(path: Path, env: dict[str, str], *options: str) -> dict:
    done = run_cli("check", str(path), "--format", "json", *options, env=env)
    assert done.returncode in (0, 3), done.stderr
    return json.loads(done.stdout)["results"][0]


def attached(result: dict) -> list[tuple[dict, dict]]:
    """(reason, ruling) for every ruling under a reason."""
    return [(reason, r) for reason in result["reasons"] for r in reason["rulings"]]


ENTERS = """
game:
  turn: 3
  active_player: Alice
  stack:
    - {{card: {copier}, controller: Alice, id: copier}}
players:
  - name: Alice
  - name: Bob
    battlefield:
      - {{card: {original}, id: original}}
question:
  enters: {{object: copier, as_copy_of: original}}
"""

# the original with a +1/+1 counter: at 0/0 state-based actions would put it into the
# graveyard before anything enters (704.5f), leaving nothing to copy
WALKER = "Hangarback Walker, counters: {+1/+1: 1}"


def test_a_phantasmal_image_copy_gets_its_copy_rulings_on_the_copy_reasons(
    imported_2022, official, write_case
):
    path = write_case(ENTERS.format(copier="Phantasmal Image", original="Wall of Omens"))
    result = answer(path, imported_2022)
    pairs = attached(result)
    mine = [(reason, r) for reason, r in pairs if r["card"] == "Phantasmal Image"]
    assert mine, "no official ruling of Phantasmal Image reached the answer"
    for _reason, ruling in mine:  # quoted from the imported data, dated, ranked
        assert ruling["text"] in official["Phantasmal Image"]
        assert ruling["source"] == "imported" and ruling["date"] == "2017-03-14"
        assert isinstance(ruling["relevance"], float) and ruling["relevance"] > 0
    copy_reasons = [r for r in result["reasons"] if set(r["rules"]) & set(COPY_RULE)]
    on_copy = [x for reason in copy_reasons for x in reason["rulings"]]
    # the rulings that say what a copy copies are on the reasons citing the copy rules
    assert sum("cop" in x["text"].lower() for x in on_copy) >= 3
    # no reason carries more than three, best first; each ruling once in the answer
    for reason in result["reasons"]:
        scores = [x["relevance"] for x in reason["rulings"]]
        assert len(scores) <= 3 and scores == sorted(scores, reverse=True)
    texts = [x["text"] for _, x in pairs]
    assert len(texts) == len(set(texts))


def test_a_clone_of_an_x_creature_gets_the_x_ruling_on_the_x_reason(
    imported_2022, official, write_case
):
    path = write_case(ENTERS.format(copier="Clone", original=WALKER))
    result = answer(path, imported_2022)
    x_reasons = [r for r in result["reasons"] if any(under(n, "107.3") for n in r["rules"])]
    clone_on_x = [x for r in x_reasons for x in r["rulings"] if x["card"] == "Clone"]
    assert clone_on_x and all("{X}" in x["text"] for x in clone_on_x)
    assert all(x["text"] in official["Clone"] for _, x in attached(result) if x["card"] == "Clone")
    # the ruling about X sits on no reason that isn't about X
    others = [r for r in result["reasons"] if r not in x_reasons]
    assert not any("{X}" in x["text"] for r in others for x in r["rulings"] if x["card"] == "Clone")


ACTIVATE = """
game: {turn: 3, active_player: Alice, phase: precombat_main}
players:
  - name: Alice
    battlefield:
      - {card: Llanowar Elves, id: elves, controlled_since_turn: 3}
      - {card: Hangarback Walker, id: walker, counters: {+1/+1: 2}, controlled_since_turn: 1}
      - {card: Clone, id: clone}
      - {card: Reflecting Pool}
  - name: Bob
question:
  can_activate: {object: OBJECT, ability: ABILITY}
"""


def test_unrelated_rulings_never_attach(imported_2022, write_case):
    # Llanowar Elves' {T} mana ability, with three cards around it that have rulings
    # (on copying, on X and counters, on what lands could produce): none of them bears on it
    path = write_case(ACTIVATE.replace("OBJECT", "elves").replace("ABILITY", "1"))
    result = answer(path, imported_2022)
    assert result["answer"] == "no"
    assert attached(result) == []
    # Hangarback Walker's {1}, {T} ability: its rulings (its X cost, dying with -1/-1
    # counters) don't bear on activating it
    path = write_case(ACTIVATE.replace("OBJECT", "walker").replace("ABILITY", "3"), "walker.yaml")
    result = answer(path, imported_2022)
    assert result["answer"] == "yes"
    assert attached(result) == []


def test_rulings_all_adds_every_other_ruling_once_and_none_drops_them(
    imported_2022, official, write_case
):
    path = write_case(ENTERS.format(copier="Phantasmal Image", original="Wall of Omens"))
    relevant = attached(answer(path, imported_2022))
    every = attached(answer(path, imported_2022, "--rulings", "all"))
    texts = [x["text"] for _, x in every if x["card"] == "Phantasmal Image"]
    assert sorted(texts) == sorted(official["Phantasmal Image"])  # all of them, each once
    assert len(relevant) < len(every)
    note = [reason for reason, _ in every if reason["holds"] is None and not reason["rules"]]
    assert note and all(x["relevance"] is None for x in note[-1]["rulings"])
    assert attached(answer(path, imported_2022, "--rulings", "none")) == []
    text = run_cli("check", str(path), "--rulings", "none", env=imported_2022).stdout
    assert "Ruling (" not in text
    text = run_cli("check", str(path), env=imported_2022).stdout
    assert "Ruling (2017-03-14, Phantasmal Image): “" in text


def test_text_markdown_and_junit_quote_the_rulings_under_their_reason(imported_2022, write_case):
    path = write_case(ENTERS.format(copier="Clone", original=WALKER))
    result = answer(path, imported_2022)
    reason, ruling = next((r, x) for r, x in attached(result) if "{X}" in x["text"])
    text = run_cli("check", str(path), env=imported_2022).stdout
    lines = text.splitlines()
    head = next(i for i, line in enumerate(lines) if reason["text"][:30] in line)
    after = " ".join(" ".join(lines[head : head + 12]).split())
    assert f"Ruling ({ruling['date']}, Clone): “{ruling['text'][:40]}" in after
    md = run_cli("check", str(path), "--format", "markdown", env=imported_2022).stdout
    assert f"  - Ruling ({ruling['date']}, Clone): “" in md
    junit = run_cli("check", str(path), "--format", "junit", env=imported_2022).stdout
    assert f"Ruling ({ruling['date']}, Clone): “" in junit


def test_without_imported_data_the_own_summaries_stay_marked_as_such(write_case, tmp_path):
    path = Path("cases/plot/cast-same-turn.yaml")
    env = data_env(tmp_path / "empty")
    result = answer(path, env)
    own = [x for _, x in attached(result)]
    assert own and all(x["source"] == "mtgrules" and x["relevance"] is None for x in own)
    assert all(x["summary"] and "text" not in x for x in own)
    text = run_cli("check", str(path), env=env).stdout
    assert "(mtgrules' summary)" in text


def test_card_lists_the_rulings_the_answers_draw_on(imported_2022, write_case, tmp_path):
    # without imported data: a built-in card's own summaries, in the card view and the answers
    env = data_env(tmp_path / "empty")
    shown = run_cli("card", "Slickshot Show-Off", env=env).stdout
    assert "Rulings (5, mtgrules' own summaries" in shown
    result = answer(Path("cases/special-actions/plot-cant-be-responded-to.yaml"), env)
    cited = [x for _, x in attached(result) if x["card"] == "Slickshot Show-Off"]
    flat = " ".join(shown.split())
    assert cited and all(f"{x['date']} {x['summary']}" in flat for x in cited)
    # with imported data: the official rulings, the same in both
    path = write_case(ENTERS.format(copier="Clone", original=WALKER))
    result = answer(path, imported_2022)
    flat = " ".join(run_cli("card", "Clone", env=imported_2022).stdout.split())
    cited = [x for _, x in attached(result) if x["card"] == "Clone"]
    assert cited and all(f"{x['date']} {' '.join(x['text'].split())}" in flat for x in cited)


def test_a_database_from_before_the_index_is_read_and_says_to_re_import(
    imported_2022, write_case, tmp_path
):
    old = tmp_path / "old"
    old.mkdir()
    source = Path(imported_2022["MTGRULES_DATA_DIR"]) / "mtgrules.sqlite"
    shutil.copy(source, old / "mtgrules.sqlite")
    con = sqlite3.connect(old / "mtgrules.sqlite")
    con.execute("DROP TABLE rulings_fts")
    con.execute("PRAGMA user_version = 1")
    con.commit()
    con.close()
    env = data_env(old)
    path = write_case(ENTERS.format(copier="Clone", original=WALKER))
    result = answer(path, env)
    assert result["status"] == "unchecked" and result["answer"]["name"] == "Hangarback Walker"
    assert any("cards import" in r["text"] and not r["rulings"] for r in result["reasons"])
    assert "import FILE` again" in run_cli("data", "status", env=env).stdout
    # importing again (here the rules: the cards are carried over) builds the index
    import_files(old, ("rules", CR_TEXT))
    result = answer(path, env)
    assert any(x["card"] == "Clone" for _, x in attached(result))


def test_ask_takes_rulings_and_a_saved_case_leaves_it_out(imported_2022, tmp_path):
    args = ["ask", "enters", "Clone", "-t", "Hangarback Walker", "--as-copy-of"]
    args += ["Hangarback Walker"]
    done = run_cli(*args, "--format", "json", "--rulings", "none", env=imported_2022)
    assert done.returncode == 0, done.stderr
    assert attached(json.loads(done.stdout)["results"][0]) == []
    done = run_cli(*args, "--format", "json", env=imported_2022)
    assert any(x["card"] == "Clone" for _, x in attached(json.loads(done.stdout)["results"][0]))
    saved = run_cli(*args, "--rulings", "all", "--save", "-", env=imported_2022).stdout
    assert "--rulings" not in saved and "Clone" in saved


def test_what_a_reason_is_about_comes_from_the_rules_it_cites():
    copy = reason_terms(Reason(None, "It copies the copiable values only.", ("707.2",)))
    assert "copy" in copy.anchors and "copies" not in copy.anchors
    plot = reason_terms(Reason(False, "It became plotted this turn.", ("702.170d",)))
    assert plot.anchors == ("plot",)
    tap = reason_terms(Reason(True, "It is untapped, so {T} can be paid.", ("107.5",)))
    assert tap.anchors == ("{T}",)
    # 702.107a (outlast) is not under 702.10 (haste); a note citing 113.6 is about nothing
    assert "haste" not in reason_terms(Reason(None, "Outlast.", ("702.107a",))).anchors
    assert reason_terms(Reason(None, "Read 3 other abilities.", ("113.6",))).anchors == ()


PLAYED_OUT = """
game: {turn: 3, active_player: Alice, phase: precombat_main}
players:
  - name: Alice
    battlefield:
      - {card: Forest, id: forest}
      - {card: Clone, id: clone}
    hand:
      - {card: Giant Growth, id: growth}
  - name: Bob
    battlefield:
      - {card: Hangarback Walker, id: walker, counters: {+1/+1: 2}}
actions:
  - cast: growth
    targets: [walker]
  - resolve
QUESTION
"""


@pytest.mark.parametrize(
    "question",
    [
        "question: {state: [{zone: walker}]}",
        "question: {can_block: {object: clone, attacker: walker}}",
    ],
)
def test_a_question_about_no_single_object_takes_rulings_without_crashing(
    imported_2022, write_case, question
):
    # a `state` question names a list of facts, not an object: with rulings imported the
    # answer still comes, with the rulings of the cards its reasons name (was E001 TypeError)
    path = write_case(PLAYED_OUT.replace("QUESTION", question))
    done = run_cli("check", str(path), "--format", "json", env=imported_2022)
    assert done.returncode in (0, 3), done.stdout + done.stderr
    result = json.loads(done.stdout)["results"][0]
    assert result["status"] not in ("error", "invalid"), result
