"""Delayed returns, late attack triggers and attachments around Identity Thief
(CR 603.7, 508.3a, 704.5m/n) and Spark Double's exceptions (CR 707.9b, 707.9e-f),
on boards built by the real pipeline."""

from __future__ import annotations

import json
import textwrap
from dataclasses import replace
from pathlib import Path

import pytest

from mtgrules import evaluate, load_case
from mtgrules.cards.copying import CopyExceptions
from mtgrules.caseio.case import read_case
from mtgrules.rules import Unsupported
from mtgrules.rules.copy.timing import delayed_return, missed_attack_triggers
from mtgrules.rules.copy.values import apply_exceptions, copiable_values
from tests.conftest import CARDS_DIR, run_cli

ROOT = Path(__file__).resolve().parents[1]
MERGED = CARDS_DIR / "target-cards-merged.json"


def thief_board(step: str, phase: str, source: str = "thief"):
    text = textwrap.dedent(
        f"""\
        game: {{turn: 5, active_player: Alice, phase: {phase}, step: {step}}}
        players:
          - name: Alice
            battlefield:
              - {{card: Identity Thief, id: thief, attacking: {"Bob" if phase == "combat" else "false"}}}
          - name: Bob
            exile:
              - {{card: Identity Thief, id: other, returns_at: next_end_step}}
        effects:
          - {{source: {source}, affect: thief, copy_of: other, until: end_of_turn, timestamp: 4}}
        question: {{characteristics: other}}
        """
    )
    return read_case(text.encode(), "test.yaml").state


@pytest.mark.parametrize(
    ("phase", "step", "triggered"),
    [("combat", "declare_attackers", False), ("ending", "end", True)],
)
def test_the_return_has_triggered_only_once_the_end_step_began(phase, step, triggered):
    state = thief_board(step, phase)
    value, reasons = delayed_return(state, state.obj("other"))
    assert value == {"under": "Bob", "turn": 5, "triggered": triggered}
    cited = {r for reason in reasons for r in reason.rules}
    assert {"603.7", "400.7", "122.2"} <= cited
    assert ("603.2b" in {r for r in reasons[0].rules}) is triggered


def test_in_cleanup_a_card_still_waiting_to_return_is_not_guessed_about():
    state = thief_board("cleanup", "ending")
    with pytest.raises(Unsupported):
        delayed_return(state, state.obj("other"))


def test_a_card_on_the_battlefield_is_not_returning():
    state = thief_board("declare_attackers", "combat")
    assert delayed_return(state, state.obj("thief")) == (None, [])


def test_a_copy_made_by_another_source_may_have_happened_before_attacking():
    # Identity Thief copying Identity Thief gains no new attack trigger; a copy effect from
    # a source without an attack trigger says nothing about when it began.
    state = thief_board("declare_attackers", "combat", source="Some Spell")
    assert missed_attack_triggers(state, state.obj("thief")) == []


def test_isnt_legendary_removes_only_legendary():
    text = 'game: {turn: 3, active_player: Alice}\nplayers:\n  - name: Alice\n    battlefield:\n      - {card: "Kiki-Jiki, Mirror Breaker", id: a}\n  - name: Bob\nquestion: {characteristics: a}\n'
    state = read_case(text.encode(), "t.yaml").state
    values = copiable_values(state, state.obj("a"))
    snowy = replace(values, supertypes=("Legendary", "Snow"))
    out = apply_exceptions(snowy, CopyExceptions(without_types=("Legendary",)))
    assert out.supertypes == ("Snow",) and "707.9b" in out.exception_rules


def _ruling_texts_cited(folder: Path, card: str) -> set[str]:
    """Summaries of ``card``'s rulings that some case's answer attaches to a deciding or
    explaining reason (not the closing list of every ruling on the question)."""
    out = set()
    for path in sorted(folder.rglob("*.yaml")):
        answer = evaluate(load_case(str(path)))
        for reason in answer.reasons:
            if reason.text.startswith("Rulings of"):
                continue
            out |= {r.summary for r in reason.rulings if r.card == card}
    return out


@pytest.mark.shared_data("cards/target-cards-merged.json")
def test_every_identity_thief_ruling_is_a_case():
    official = json.loads(MERGED.read_text())["cards"]["Identity Thief"]["rulings"]
    evaluated = load_case(str(ROOT / "cases/copy/thief-remains-attacking.yaml"))
    ours = evaluated.state.find("thief").card.rulings
    assert len(ours) == len(official)
    cited = _ruling_texts_cited(ROOT / "cases", "Identity Thief")
    assert {r.summary for r in ours} <= cited


def test_returns_at_belongs_to_a_card_in_exile(tmp_path):
    case = tmp_path / "returns.yaml"
    case.write_text(
        "game: {turn: 5, active_player: Alice}\n"
        "players:\n"
        "  - name: Alice\n"
        "    battlefield:\n"
        "      - {card: Grizzly Bears, id: bears, returns_at: next_end_step}\n"
        "  - name: Bob\n"
        "question: {characteristics: bears}\n"
    )
    result = run_cli("validate", str(case))
    assert result.returncode == 2
    assert "C009" in result.stdout and "on the battlefield" in result.stdout
