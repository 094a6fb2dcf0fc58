"""Keywords read by the parser with their own rules (rules/keywords/costs.py, entering.py)."""

from __future__ import annotations

import pytest

from mtgrules.cards.oracle.abilities import parse_abilities
from mtgrules.cards.vocabulary import AbilityKind
from mtgrules.rules import Unsupported
from mtgrules.rules.keywords import KEYWORDS, activated_form
from mtgrules.rules.keywords.costs import counted, reduce_generic
from mtgrules.rules.keywords.entering import (
    check_enters_known,
    check_haste_known,
    enters_trigger_keywords,
)


def one(text: str, keyword: str):
    (ability,) = parse_abilities(text, (keyword,))
    assert ability.kind is AbilityKind.KEYWORD, ability
    return ability


@pytest.mark.parametrize(
    "text, keyword, counters",
    [
        ("Fading 3", "Fading", ("fade", 3)),
        ("Vanishing 2", "Vanishing", ("time", 2)),
        ("Graft 4", "Graft", ("+1/+1", 4)),
    ],
)
def test_enters_with_counter_keywords(text, keyword, counters):
    ability = one(text, keyword)
    assert (ability.enters_with.kind, ability.enters_with.count) == counters
    assert ability.render() == text


def test_flashback_with_a_non_mana_part_keeps_it():
    ability = one("Flashback—{1}{U}, Pay 3 life.", "Flashback")
    assert str(ability.keyword_cost) == "{1}{U}" and ability.cost.parts[0].kind == "pay_life"


def test_affinity_counts_a_type_or_one_subtype_only():
    assert counted("artifacts") == ("type", "Artifact")
    assert counted("allies") == ("subtype", "Ally")
    assert counted("plains") == ("subtype", "Plains")
    assert counted("outlaws") is None
    assert parse_abilities("Affinity for tokens", ("Affinity",))[0].kind is AbilityKind.UNMODELED


def test_cost_reduction_takes_generic_mana_only():
    assert reduce_generic(("4",), 3) == ("1",)
    assert reduce_generic(("2", "U"), 5) == ("U",)
    assert reduce_generic(("U", "U"), 2) == ("U", "U")


def test_enters_keywords_that_depend_on_unrecorded_facts_are_unsupported():
    for text, keyword in [
        ("Bloodthirst 2", "Bloodthirst"),
        ("Riot", "Riot"),
        ("Devour 1", "Devour"),
        ("Sunburst", "Sunburst"),
        ("Daybound", "Daybound"),
    ]:
        with pytest.raises(Unsupported):
            check_enters_known((one(text, keyword),))
    check_enters_known((one("Fabricate 1", "Fabricate"), one("Fading 2", "Fading")))


def test_enters_trigger_keywords_are_listed_as_triggers():
    abilities = (
        one("Fabricate 2", "Fabricate"),
        one("Flying", "Flying"),
        one("Backup 1", "Backup"),
    )
    assert [a.keyword for a in enters_trigger_keywords(abilities)] == ["fabricate 2", "backup 1"]


def test_riot_and_dash_make_haste_unknown():
    with pytest.raises(Unsupported):
        check_haste_known((one("Riot", "Riot"),))
    with pytest.raises(Unsupported):
        check_haste_known((one("Dash {1}{R}", "Dash"),))
    check_haste_known((one("Flying", "Flying"),))


def test_scavenge_and_transmute_stand_for_activated_abilities():
    scav, rules = activated_form(one("Scavenge {4}{G}{G}", "Scavenge"))
    assert scav.zone == "graveyard" and scav.timing == "sorcery" and rules == ("702.97a",)
    trans, rules = activated_form(one("Transmute {1}{U}{U}", "Transmute"))
    assert trans.zone == "hand" and trans.timing == "sorcery" and rules == ("702.53a",)


def test_every_new_keyword_has_its_rule():
    for name in (
        "devoid",
        "flashback",
        "convoke",
        "affinity",
        "madness",
        "bloodthirst",
        "fabricate",
    ):
        assert KEYWORDS[name].rules and all(r.startswith("702.") for r in KEYWORDS[name].rules)
