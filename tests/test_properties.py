"""Properties over generated boards and hostile bytes (Hypothesis).

CI runs a bounded number of examples; `HYPOTHESIS_PROFILE=long python -m pytest
tests/test_properties.py` runs many more (docs/hostile-inputs.md). The CLI fuzz
starts a process per example: MTGRULES_CLI_FUZZ sets how many examples it runs.
"""

from __future__ import annotations

import os
import re

import yaml
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

from mtgrules.answer import Answer
from mtgrules.api import evaluate
from mtgrules.cards.library import builtin_library
from mtgrules.caseio.case import read_case
from mtgrules.caseio.diagnostics import CaseError
from mtgrules.caseio.yamlload import load_yaml
from mtgrules.crindex import is_known
from mtgrules.rules.mana.basic_lands import intrinsic_abilities
from mtgrules.rules.turn.order import most_recent_turn
from tests.conftest import CASES, run_cli

settings.register_profile(
    "ci", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "long", max_examples=3000, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

LIBRARY = builtin_library()
PERMANENT_CARDS = sorted(
    name for name in LIBRARY.names() if not {"Instant", "Sorcery"} & set(LIBRARY.get(name).types)
)
PHASES = [
    ("beginning", "upkeep"),
    ("beginning", "draw"),
    ("precombat_main", None),
    ("combat", "declare_attackers"),
    ("postcombat_main", None),
    ("ending", "end"),
]


def ability_count(name: str) -> int:
    card = LIBRARY.get(name)
    return len(card.abilities) + len(intrinsic_abilities(card.types, card.subtypes))


@st.composite
def boards(draw: st.DrawFn) -> dict:
    """A random valid can_activate case: 2-3 players, a few permanents, one question."""
    names = ["Alice", "Bob", "Cleo"][: draw(st.integers(2, 3))]
    turn = draw(st.integers(1, 12))
    phase, step = draw(st.sampled_from(PHASES))
    players = []
    for name in names:
        permanents = []
        for i in range(draw(st.integers(0, 3))):
            card = draw(st.sampled_from(PERMANENT_CARDS))
            obj: dict = {"card": card, "id": f"{name.lower()}{i}", "tapped": draw(st.booleans())}
            if "Planeswalker" in LIBRARY.get(card).types:  # C021: none without loyalty
                obj["counters"] = {"loyalty": draw(st.integers(1, 9))}
            if draw(st.booleans()):
                obj["controlled_since_turn"] = draw(st.integers(1, turn))
            permanents.append(obj)
        players.append({"name": name, "battlefield": permanents})
    candidates = [
        (o["id"], o["card"])
        for p in players
        for o in p["battlefield"]
        if ability_count(o["card"]) > 0
    ]
    if not candidates:
        players[0]["battlefield"].append({"card": "Llanowar Elves", "id": "fallback"})
        candidates = [("fallback", "Llanowar Elves")]
    oid, card = draw(st.sampled_from(candidates))
    ability = draw(st.integers(1, ability_count(card)))
    game = {"turn": turn, "active_player": draw(st.sampled_from(names)), "phase": phase}
    if step:
        game["step"] = step
    if draw(st.booleans()):
        game["priority"] = draw(st.sampled_from(names))
    return {
        "game": game,
        "players": players,
        "question": {"can_activate": {"object": oid, "ability": ability}},
    }


def case_of(board: dict):
    return read_case(yaml.safe_dump(board, sort_keys=False).encode(), "generated.yaml")


@given(boards())
def test_evaluation_always_answers_and_cites_only_indexed_rules(board):
    answer = evaluate(case_of(board))
    assert isinstance(answer, Answer)
    assert answer.value in ("yes", "no") or answer.unsupported
    assert all(is_known(number) for number in answer.citations)


# found by CI: an opponent's Grand Abolisher on its controller's turn forbids the mana ability
_ABOLISHER = {
    "game": {
        "turn": 2,
        "active_player": "Alice",
        "phase": "beginning",
        "step": "upkeep",
        "priority": "Cleo",
    },
    "players": [
        {"name": "Alice", "battlefield": []},
        {"name": "Bob", "battlefield": []},
        {
            "name": "Cleo",
            "battlefield": [{"card": "Llanowar Elves", "id": "cleo0", "tapped": False}],
        },
    ],
    "question": {"can_activate": {"object": "cleo0", "ability": 1}},
}


@given(boards(), st.sampled_from(PERMANENT_CARDS), st.booleans())
@example(board=_ABOLISHER, card="Grand Abolisher", tapped=False)
def test_an_irrelevant_permanent_never_changes_the_answer(board, card, tapped):
    asked = board["question"]["can_activate"]["object"]
    owner = next(p for p in board["players"] if any(o["id"] == asked for o in p["battlefield"]))
    # an ability with a target: another player's permanent may be the legal target it
    # lacked, or the only one (CR 602.2b, 601.2c), so that permanent isn't irrelevant
    asked_card = next(o["card"] for o in owner["battlefield"] if o["id"] == asked)
    abilities = LIBRARY.get(asked_card).abilities
    number = board["question"]["can_activate"]["ability"]
    assume(number > len(abilities) or not abilities[number - 1].targets)
    before = evaluate(case_of(board))
    other = next(p for p in board["players"] if p is not owner)
    bystander: dict = {"card": card, "id": "bystander", "tapped": tapped}
    if "Planeswalker" in LIBRARY.get(card).types:  # C021: none without loyalty
        bystander["counters"] = {"loyalty": 3}
    other["battlefield"].append(bystander)
    after = evaluate(case_of(board))
    # Another player's permanent never changes a confident answer into another one unless
    # the answer says it does: a static ability of it the engine reads (Grand Abolisher's
    # "your opponents can't activate ...", CR 602.5, 101.2) is a failed condition naming it;
    # an ability of it the engine doesn't read (Concordant Crossroads' haste for every
    # creature) may make the answer a refusal that names it (docs/soundness.md).
    if before.unsupported:
        assert after.unsupported
    elif after.unsupported:
        assert card in after.unsupported
    elif after.value != before.value:
        assert any(card in r.text and r.holds is False for r in after.reasons), after.reasons


@given(boards())
def test_control_since_before_the_latest_turn_is_never_summoning_sick(board):
    case = case_of(board)
    obj = case.state.find(board["question"]["can_activate"]["object"])
    recent = most_recent_turn(case.state, obj.controller)
    answer = evaluate(case)
    sick = [r for r in answer.reasons if r.holds is False and "302.6" in r.rules]
    # A controller with no turn yet has no "most recent turn": that is sick by 302.6.
    if recent is not None and (
        obj.controlled_since_turn is None or obj.controlled_since_turn < recent
    ):
        assert not sick


@given(st.binary(max_size=2000))
def test_the_loader_never_raises_on_random_bytes(raw):
    result = load_yaml(raw, "random.yaml")
    assert isinstance(result, list) or hasattr(result, "data")


BANK = [p.read_bytes() for p in sorted(CASES.rglob("*.yaml"))]


@st.composite
def mutated_case_files(draw: st.DrawFn) -> bytes:
    """A real case file of the bank, truncated, with a byte changed, a YAML token
    inserted or a line dropped."""
    raw = draw(st.sampled_from(BANK))
    cut = draw(st.integers(0, len(raw)))
    mutation = draw(st.sampled_from(["truncate", "flip", "insert", "dropline"]))
    if mutation == "truncate":
        return raw[:cut]
    if mutation == "flip":
        return raw[:cut] + bytes([draw(st.integers(0, 255))]) + raw[cut + 1 :]
    if mutation == "insert":
        token = draw(
            st.sampled_from(
                [b": ", b"- ", b"\t", b"&a ", b"*a", b"{", b"!!python/object ", b"<<: "]
            )
        )
        return raw[:cut] + token + raw[cut:]
    lines = raw.splitlines(keepends=True)
    index = draw(st.integers(0, max(len(lines) - 1, 0)))
    return b"".join(lines[:index] + lines[index + 1 :])


@given(mutated_case_files())
def test_mutated_case_files_give_an_answer_or_diagnostics(mutated):
    try:
        case = read_case(mutated, "mutated.yaml")
        answer = evaluate(case)  # a play-out's P001-P003 are diagnostics too, at their action
    except CaseError as err:
        assert err.diagnostics and all(d.line >= 1 and d.code for d in err.diagnostics)
        return
    assert isinstance(answer, Answer)


DIAGNOSTIC = re.compile(r"^\S+:\d+:\d+: [YSC]\d{3} .+$")


@settings(max_examples=int(os.environ.get("MTGRULES_CLI_FUZZ", "6")))
@given(st.lists(mutated_case_files(), min_size=1, max_size=8))
def test_validate_on_mutated_case_files_prints_only_diagnostics(tmp_path_factory, files):
    """The real CLI (one process per example, so few examples): every line it prints is a
    diagnostic or the closing count, and it exits 0 or 2, never with a traceback."""
    folder = tmp_path_factory.mktemp("fuzz")
    named = []
    for i, raw in enumerate(files):
        (folder / f"m{i}.yaml").write_bytes(raw)
        named.append(str(folder / f"m{i}.yaml"))
    # named, so that each is checked even where a mutation took away what makes it a case
    # (a walk of the folder skips those with a note)
    run = run_cli("validate", *named)
    assert run.returncode in (0, 2), run.stderr
    assert run.stderr == ""
    *lines, closing = run.stdout.splitlines()
    assert closing.startswith(f"{len(files)} file")
    assert all(DIAGNOSTIC.match(line) for line in lines), lines
