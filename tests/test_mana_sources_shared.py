"""A cast's legality and its payment read the same mana sources (CR 601.2g-h): in a plain
game they are worked out once (rules.mana_payment.mana_sources, GameState.shared_fact),
and again whenever what they read changed."""

from __future__ import annotations

from dataclasses import replace

import pytest

from mtgrules.rules.mana import payment as mana_payment
from tests.test_rules_copy import board


@pytest.fixture
def worked_out(monkeypatch):
    """How many times the sources were worked out (not taken from the lineage)."""
    calls: list[int] = []
    real = mana_payment._sources

    def counted(*args, **kwargs):
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(mana_payment, "_sources", counted)
    return calls


def _names(sources):
    return sorted(s.obj.oid for s in sources)


def test_a_state_with_the_same_battlefield_shares_the_sources(worked_out):
    state = board("- {card: Forest, id: a}\n- {card: Forest, id: g}\n")
    first, _ = mana_payment.mana_sources(state, "Alice")
    cast = replace(state, priority="Bob")  # as if a spell went on the stack: same board
    again, _ = mana_payment.mana_sources(cast, "Alice")
    assert len(worked_out) == 1
    assert _names(again) == _names(first) == ["a", "g"]


def test_a_tapped_land_is_worked_out_again(worked_out):
    state = board("- {card: Forest, id: a}\n- {card: Forest, id: g}\n")
    mana_payment.mana_sources(state, "Alice")
    tapped = state.with_objects(
        tuple(replace(o, tapped=True) if o.oid == "a" else o for o in state.objects)
    )
    sources, _ = mana_payment.mana_sources(tapped, "Alice")
    assert len(worked_out) == 2
    assert _names(sources) == ["g"]


def test_a_static_ability_on_the_board_shares_nothing(worked_out):
    """Not a plain game: a static ability could read anything of the state."""
    state = board("- {card: Forest, id: a}\n- {card: Glorious Anthem, id: g}\n")
    mana_payment.mana_sources(state, "Alice")
    mana_payment.mana_sources(replace(state, priority="Bob"), "Alice")
    assert len(worked_out) == 2


def test_another_case_with_the_same_board_works_them_out_itself(worked_out):
    one = board("- {card: Forest, id: a}\n")
    two = board("- {card: Forest, id: a}\n")
    mana_payment.mana_sources(one, "Alice")
    mana_payment.mana_sources(two, "Alice")
    assert len(worked_out) == 2
