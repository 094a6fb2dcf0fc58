"""Keywords whose reach is known (rules/scope/keyword_reach.py): each answers the questions it can't
change and still refuses the ones it could (CR 702.1)."""

from __future__ import annotations

import json

import pytest

from mtgrules.cards.oracle.abilities import parse_abilities
from mtgrules.cards.vocabulary import Ability, AbilityKind
from mtgrules.rules.scope.index import CHARACTERISTICS, Scope
from mtgrules.rules.scope.keyword_reach import keyword_reach
from mtgrules.rules.scope.own import speaks_of_itself

from .conftest import run_cli

BEAST = """\
cards:
  - name: Odd Beast
    mana_cost: "{2}{R}"
    types: [Creature]
    subtypes: [Beast]
    power: 3
    toughness: 3
    abilities:
      - KEYWORD
game: {turn: 4, active_player: Alice, phase: precombat_main}
players:
  - name: Alice
    ZONE:
      - OBJECT
  - name: Bob
    battlefield:
      - {card: Grizzly Bears, id: bears}
question: QUESTION
"""


def _ask(write_case, keyword: str, question: str, zone: str = "battlefield", obj: str = "") -> dict:
    text = (
        BEAST.replace("KEYWORD", keyword)
        .replace("ZONE", zone)
        .replace("OBJECT", obj or "{card: Odd Beast, id: beast}")
        .replace("QUESTION", question)
    )
    path = write_case("id: probe\ntitle: probe\n" + text)
    done = run_cli("check", str(path), "--format", "json")
    (result,) = json.loads(done.stdout)["results"]
    return result


@pytest.mark.parametrize(
    "keyword",
    [
        "{keyword: saddle}",
        "{keyword: level up, cost: '{2}'}",
        "{keyword: encore, cost: '{5}'}",
        "{keyword: ascend}",
        "{keyword: sneak, cost: '{1}{R}'}",
        "{keyword: bestow, cost: '{4}{R}'}",
        "{keyword: trample over planeswalkers}",
    ],
)
def test_characteristics_answered_past_a_keyword_that_cant_change_them(write_case, keyword):
    result = _ask(write_case, keyword, "{characteristics: beast}")
    assert result["status"] == "unchecked", result.get("unsupported")
    assert result["answer"]["power"] == 3


def test_station_refuses_characteristics_as_its_station_symbols_are_unread(write_case):
    # CR 721.2b: with enough charge counters a station card is a creature with abilities
    result = _ask(write_case, "{keyword: station}", "{characteristics: beast}")
    assert result["status"] == "unsupported" and "721.2b" in result["unsupported"]


def test_an_unknown_keyword_still_refuses_characteristics(write_case):
    result = _ask(write_case, "{keyword: frobnicate}", "{characteristics: beast}")
    assert result["status"] == "unsupported"


def test_reconfigure_refuses_characteristics_only_while_attached(write_case):
    keyword = "{keyword: reconfigure, cost: '{2}'}"
    result = _ask(write_case, keyword, "{characteristics: beast}")
    assert result["status"] == "unchecked", result.get("unsupported")
    obj = "{card: Odd Beast, id: beast, attached_to: bears}"
    result = _ask(write_case, keyword, "{characteristics: beast}", obj=obj)
    assert result["status"] == "unsupported" and "702.151b" in result["unsupported"]


def test_bestow_attached_refuses_characteristics(write_case):
    obj = "{card: Odd Beast, id: beast, attached_to: bears}"
    result = _ask(
        write_case, "{keyword: bestow, cost: '{4}{R}'}", "{characteristics: beast}", obj=obj
    )
    assert result["status"] == "unsupported" and "702.103b" in result["unsupported"]


@pytest.mark.parametrize(
    ("keyword", "rule"),
    [("{keyword: sneak, cost: '{1}{R}'}", "702.190b"), ("{keyword: devour}", "702.82a")],
)
def test_keywords_that_change_how_it_enters_refuse_enters(write_case, keyword, rule):
    result = _ask(write_case, keyword, "{enters: {object: beast}}", zone="hand")
    assert result["status"] == "unsupported" and rule in result["unsupported"]


def test_sneak_and_bestow_refuse_can_cast(write_case):
    for keyword in ("{keyword: sneak, cost: '{1}{R}'}", "{keyword: bestow, cost: '{4}{R}'}"):
        result = _ask(write_case, keyword, "{can_cast: beast}", zone="hand")
        assert result["status"] == "unsupported", keyword


@pytest.mark.parametrize(
    ("line", "name", "keywords", "changes_characteristics_on_battlefield"),
    [
        ("Saddle 1", "saddle", ["Saddle"], False),
        ("Station", "station", ["Station"], True),  # a station card's symbols (721.2)
        ("Sneak {2}{W}{B}", "sneak", ["Sneak"], False),
        ("Equip Pirate {1}", "equip", ["Equip"], False),
        ("Enchant modified creature", "enchant", ["Enchant"], True),  # survives SBA? (704.5m)
        ("Devour artifact 1", "devour", ["Devour"], False),
    ],
)
def test_real_keyword_lines_are_known_by_reach(
    line, name, keywords, changes_characteristics_on_battlefield
):
    (ability,) = parse_abilities(line, keywords, ["Creature"], "Test Card")
    reach = keyword_reach(ability)
    assert reach is not None, name
    assert bool(reach.scopes & CHARACTERISTICS) is changes_characteristics_on_battlefield


def test_bestow_reaches_characteristics_only_while_attached():
    (ability,) = parse_abilities("Bestow {3}{W}", ["Bestow"], ["Creature"], "Test Card")
    reach = keyword_reach(ability)
    assert reach is not None
    assert Scope.TYPES in reach.unless_unattached_permanent
    assert Scope.TYPES not in reach.scopes


def test_a_station_symbol_line_speaks_of_its_own_object():
    """CR 721.2a: "7+ | Flying" is the station card's own static ability, whatever its words."""
    line = Ability(AbilityKind.UNMODELED, text="not modeled: static ability", oracle="7+ | Flying")
    assert speaks_of_itself(line)
