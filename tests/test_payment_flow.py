"""The payment flow (rules/mana/flow.py) against a brute-force enumeration of every way to
tap every source, on small random boards (CR 601.2g-h, 107.4, 118.3)."""

from __future__ import annotations

import itertools
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from mtgrules.rules.mana.flow import TYPES, Demand, Group, Supplier, TooManyChoices, solve

SYMBOLS = ["W", "U", "B", "R", "G", "C", "1", "2", "W/U", "B/G", "R/W", "2/G", "2/U"]
GROUPS = st.builds(
    Group,
    st.integers(1, 3),
    st.sampled_from(["G", "W", "U", "C", "GW", "WUBRG", "RG", "UBR"]),
)
BUNDLES = st.lists(GROUPS, min_size=1, max_size=2).map(tuple)
SUPPLIERS = st.lists(st.lists(BUNDLES, min_size=1, max_size=2).map(tuple), max_size=5)
POOL = st.dictionaries(st.sampled_from(TYPES), st.integers(0, 2), max_size=3)


def concrete(bundle: tuple[Group, ...]) -> list[Counter[str]]:
    """Every mana one activation could add: each group's type chosen, all its mana of it."""
    out = []
    for picks in itertools.product(*(g.types for g in bundle)):
        mana: Counter[str] = Counter()
        for group, t in zip(bundle, picks, strict=True):
            mana[t] += group.amount
        out.append(mana)
    return out


def pays(mana: Counter[str], symbols: list[str]) -> bool:
    """Brute force: every reading of the hybrid symbols, colored first, then generic."""
    readings: list[list[str]] = [[]]
    for s in symbols:
        if s.startswith("2/"):
            choices = [[s[2]], ["1", "1"]]
        elif "/" in s:
            choices = [[h] for h in s.split("/")]
        else:
            choices = [[s]]
        readings = [r + c for r in readings for c in choices]
    for reading in readings:
        left = Counter(mana)
        generic = 0
        ok = True
        for s in reading:
            if s.isdigit():
                generic += int(s)
            elif left[s] > 0:
                left[s] -= 1
            else:
                ok = False
                break
        if ok and sum(left.values()) >= generic:
            return True
    return False


def brute(symbols: list[str], pool: dict[str, int], options: list[tuple]) -> bool:
    per_source = [[Counter()] + [m for b in opts for m in concrete(b)] for opts in options]
    for choice in itertools.product(*per_source):
        mana = Counter(pool)
        for m in choice:
            mana += m
        if pays(mana, symbols):
            return True
    return False


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.sampled_from(SYMBOLS), min_size=1, max_size=5),
    POOL,
    SUPPLIERS,
)
def test_the_flow_agrees_with_brute_force_and_its_plan_pays(symbols, pool, options):
    suppliers = [Supplier(i, opts) for i, opts in enumerate(options)]
    try:
        plan = solve(Demand.of(symbols), pool, suppliers)
    except TooManyChoices:  # a refusal (unsupported), never a wrong answer
        return
    assert (plan is not None) == brute(symbols, pool, options)
    if plan is None:
        return
    mana = Counter(pool)
    keys = [key for key, _ in plan.tapped]
    assert len(keys) == len(set(keys))  # each source tapped at most once
    for key, added in plan.tapped:
        got = Counter(dict(added))
        # what the plan says a source adds is one of the things it can add
        assert got in [m for b in options[key] for m in concrete(b)]
        mana += got
    assert pays(mana, symbols)


def test_many_sources_and_symbols_are_a_flow_not_a_search():
    """100 hybrid symbols from 500 sources: one flow over a handful of classes (the old
    search tried 2^100 readings of the hybrid symbols)."""
    symbols = ["G/W"] * 100 + ["2"] * 50
    forests = [Supplier(i, ((Group(31, "G"),),)) for i in range(500)]
    plan = solve(Demand.of(symbols), {}, forests)
    assert plan is not None and sum(n for _, mana in plan.tapped for _, n in mana) >= 200
    assert solve(Demand.of(["W"] * 3), {}, forests) is None
