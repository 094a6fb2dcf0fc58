"""rules.copy.copiable_values remembers each object's values on the state (bench/scaling.py
found a chain of N copies read in N²/2 steps); what it remembers must not change an answer.

A copy of a copy ... is refused past ``MAX_COPY_CHAIN`` links however the chain was read
before (a remembered value carries the length of the chain below it), a loop is refused
even after part of it was read, and the values a copy gets stay those of the chain's end.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mtgrules.bank.checking import evaluate
from mtgrules.caseio.case import load_case
from mtgrules.caseio.yamlload import Limits
from mtgrules.model.state import GameState
from mtgrules.rules import Unsupported
from mtgrules.rules.copy.values import MAX_COPY_CHAIN, copiable_values

from .conftest import run_cli


def _chain_case(tmp_path: Path, n: int, question: str, loop: bool = False) -> Path:
    """Grizzly Bears (c0) and n Clones, each a copy of the one before; with ``loop``, the
    first Clone copies the last instead."""
    lines = [
        "id: chain\ntitle: a chain of copies\ntags: [copy]\n",
        "game: {turn: 5, active_player: Alice, phase: precombat_main}\n",
        "players:\n  - name: Alice\n    battlefield:\n",
        "      - {card: Grizzly Bears, id: c0}\n",
    ]
    for i in range(1, n + 1):
        target = n if loop and i == 1 else i - 1
        lines.append(f"      - {{card: Clone, id: c{i}, copy_of: c{target}}}\n")
    lines.append(f"  - name: Bob\nquestion: {{characteristics: {question}}}\n")
    path = tmp_path / "chain.yaml"
    path.write_text("".join(lines), encoding="utf-8")
    return path


def _state(path: Path) -> GameState:
    return load_case(path, Limits(max_nodes=1_000_000)).state


def test_a_chain_too_long_is_refused_even_after_its_lower_part_was_read(tmp_path: Path) -> None:
    # Reading c60 first remembers the values of c0..c60; a remembered value without the
    # length below it would let c150 be answered as Grizzly Bears.
    state = _state(_chain_case(tmp_path, MAX_COPY_CHAIN + 50, "c150"))
    assert copiable_values(state, state.obj("c60")).name == "Grizzly Bears"
    with pytest.raises(Unsupported, match="chain of more than"):
        copiable_values(state, state.obj(f"c{MAX_COPY_CHAIN + 50}"))
    with pytest.raises(Unsupported, match="chain of more than"):
        copiable_values(state, state.obj(f"c{MAX_COPY_CHAIN + 1}"))
    # the longest chain the engine reads is still read, remembered or not
    assert copiable_values(state, state.obj(f"c{MAX_COPY_CHAIN}")).name == "Grizzly Bears"


def test_the_longest_chain_answers_and_one_more_link_is_refused_through_the_cli(
    tmp_path: Path,
) -> None:
    answered = evaluate(load_case(_chain_case(tmp_path, MAX_COPY_CHAIN, f"c{MAX_COPY_CHAIN}")))
    assert answered.unsupported is None
    assert answered.value["name"] == "Grizzly Bears"
    assert (answered.value["power"], answered.value["toughness"]) == (2, 2)
    done = run_cli(
        "check",
        str(_chain_case(tmp_path, MAX_COPY_CHAIN + 1, f"c{MAX_COPY_CHAIN + 1}")),
        "--format",
        "json",
    )
    assert '"status":"unsupported"' in done.stdout.replace(" ", "")
    assert "chain of more than" in done.stdout


def test_a_loop_is_refused_after_part_of_it_was_read(tmp_path: Path) -> None:
    state = _state(_chain_case(tmp_path, 5, "c3", loop=True))
    for name in ("c3", "c1", "c5"):
        with pytest.raises(Unsupported, match="loop"):
            copiable_values(state, state.obj(name))
    assert copiable_values(state, state.obj("c0")).name == "Grizzly Bears"
