"""can_attack and can_block (CR 508.1, 509.1, 302.6 and the evasion keywords of 702): each
test is a board a wrong engine answers wrongly, and most have a twin that differs in the one
fact that decides."""

from __future__ import annotations

import pytest

from tests.helpers_cast import answer_of, failed

CARDS = """\
cards:
  - {name: Test Drake, mana_cost: "{1}{U}", types: [Creature], subtypes: [Drake], power: 2, toughness: 2, abilities: [{keyword: flying}]}
  - {name: Test Spider, mana_cost: "{3}{G}", types: [Creature], subtypes: [Spider], power: 2, toughness: 4, abilities: [{keyword: reach}]}
  - {name: Test Brute, mana_cost: "{2}{B}", types: [Creature], subtypes: [Ogre], power: 3, toughness: 3, abilities: [{keyword: menace}]}
  - {name: Test Monk, mana_cost: "{1}{W}", types: [Creature], subtypes: [Monk], power: 2, toughness: 2, abilities: [{keyword: protection from green}]}
  - {name: Test Raider, mana_cost: "{1}{R}", types: [Creature], subtypes: [Warrior], power: 3, toughness: 2, abilities: [{keyword: intimidate}]}
  - {name: Test Stalker, mana_cost: "{1}{G}", types: [Creature], subtypes: [Elf], power: 2, toughness: 2, abilities: [{keyword: swampwalk}]}
  - {name: Test Sneak, mana_cost: "{U}", types: [Creature], subtypes: [Rogue], power: 1, toughness: 1, abilities: [{keyword: skulk}]}
  - {name: Test Anthem, mana_cost: "{2}{R}", types: [Enchantment], abilities: [{grant: {keywords: [haste]}}]}
  - {name: Test Warden, mana_cost: "{2}{R}", types: [Enchantment], abilities: [{static: "Creatures with power 2 or less can't block."}]}
"""


def block_board(
    attacker: str, blocker: str, mine: str = "", theirs: str = "", step: str = "declare_attackers"
) -> str:
    return (
        CARDS
        + f"""\
game: {{turn: 4, active_player: Alice, phase: combat, step: {step}}}
players:
  - name: Alice
    battlefield:
      - {{card: {attacker}, id: a, attacking: Bob, tapped: true}}
{mine}  - name: Bob
    battlefield:
      - {{card: {blocker}, id: b}}
{theirs}question:
  can_block: {{object: b, attacker: a}}
"""
    )


def attack_board(
    creature: str, facts: str = "", mine: str = "", phase: str = "precombat_main"
) -> str:
    return (
        CARDS
        + f"""\
game: {{turn: 4, active_player: Alice, phase: {phase}}}
players:
  - name: Alice
    battlefield:
      - {{card: {creature}, id: c{facts}}}
{mine}  - name: Bob
question:
  can_attack: c
"""
    )


def test_flying_attacker_ground_blocker_is_no_by_702_9b():
    answer = answer_of(block_board("Test Drake", "Grizzly Bears"))
    assert answer.value == "no"
    assert failed(answer) == ["702.9b"]


def test_reach_blocker_can_block_a_flyer():
    answer = answer_of(block_board("Test Drake", "Test Spider"))
    assert answer.value == "yes", answer
    assert "702.17b" in answer.decisive


def test_ground_attacker_any_blocker_has_no_flying_check():
    answer = answer_of(block_board("Grizzly Bears", "Test Spider"))
    assert answer.value == "yes"
    assert "702.9b" not in answer.citations


def test_haste_from_an_anthem_lets_a_new_creature_attack():
    anthem = "      - {card: Test Anthem, id: anthem}\n"
    sick = attack_board("Grizzly Bears", ", controlled_since_turn: 4")
    assert answer_of(sick).value == "no"
    assert "302.6" in failed(answer_of(sick))
    hasty = answer_of(attack_board("Grizzly Bears", ", controlled_since_turn: 4", anthem))
    assert hasty.value == "yes", hasty
    assert "702.10b" in hasty.decisive
    assert any("Test Anthem" in r.text for r in hasty.reasons if r.holds)


def test_summoning_sickness_needs_control_since_the_turn_began():
    assert answer_of(attack_board("Grizzly Bears", ", controlled_since_turn: 3")).value == "yes"
    assert answer_of(attack_board("Grizzly Bears", ", controlled_since_turn: 4")).value == "no"


def test_menace_one_blocker_is_no_citing_509_1b():
    answer = answer_of(block_board("Test Brute", "Grizzly Bears"))
    assert answer.value == "no"
    assert set(failed(answer)) == {"702.111b", "509.1b"}


def test_protection_from_green_stops_a_green_blocker_only():
    green = answer_of(block_board("Test Monk", "Grizzly Bears"))
    assert green.value == "no" and failed(green) == ["702.16f"]
    black = answer_of(block_board("Test Monk", "Test Brute"))
    assert black.value == "yes"


def test_an_unread_cant_block_static_refuses_naming_it():
    warden = "      - {card: Test Warden, id: warden}\n"
    refused = answer_of(block_board("Grizzly Bears", "Test Spider", mine=warden))
    assert refused.value is None
    assert "Test Warden" in refused.unsupported and "can't block" in refused.unsupported
    # the same board without it is answered
    assert answer_of(block_board("Grizzly Bears", "Test Spider")).value == "yes"


def test_an_unread_static_about_its_own_block_on_another_creature_does_not_refuse():
    """CR 509.1b: "This creature can't block" restricts only its own object."""
    text = CARDS + (
        "  - {name: Test Coward, mana_cost: '{R}', types: [Creature], subtypes: [Goblin], "
        "power: 1, toughness: 1, abilities: [{static: \"This creature can't block unless you "
        'control an Island."}]}\n'
    )
    board = block_board(
        "Grizzly Bears", "Test Spider", theirs="      - {card: Test Coward, id: coward}\n"
    )
    answer = answer_of(board.replace(CARDS, text))
    assert answer.value == "yes", answer.unsupported


def test_intimidate_needs_a_shared_color_or_an_artifact():
    assert answer_of(block_board("Test Raider", "Grizzly Bears")).value == "no"
    red = "  - {name: Test Goblin, mana_cost: '{R}', types: [Creature], subtypes: [Goblin], power: 1, toughness: 1}\n"
    board = block_board("Test Raider", "Test Goblin").replace(CARDS, CARDS + red)
    assert answer_of(board).value == "yes"


def test_landwalk_looks_at_the_defending_players_lands():
    swamp = "      - {card: Swamp}\n"
    assert answer_of(block_board("Test Stalker", "Grizzly Bears", theirs=swamp)).value == "no"
    # a Swamp of the attacking player doesn't count
    assert answer_of(block_board("Test Stalker", "Grizzly Bears", mine=swamp)).value == "yes"


def test_skulk_compares_power():
    assert answer_of(block_board("Test Sneak", "Grizzly Bears")).value == "no"
    one = "  - {name: Test Mite, mana_cost: '{G}', types: [Creature], subtypes: [Insect], power: 1, toughness: 1}\n"
    assert (
        answer_of(block_board("Test Sneak", "Test Mite").replace(CARDS, CARDS + one)).value == "yes"
    )


def test_tapped_blocker_and_wrong_controller():
    tapped = block_board("Grizzly Bears", "Test Spider").replace(
        "{card: Test Spider, id: b}", "{card: Test Spider, id: b, tapped: true}"
    )
    assert failed(answer_of(tapped)) == ["509.1a"]
    own = block_board(
        "Grizzly Bears", "Test Drake", mine="      - {card: Test Spider, id: s}\n"
    ).replace("object: b,", "object: s,")
    assert answer_of(own).value == "no"
    assert "509.1a" in failed(answer_of(own))


@pytest.mark.parametrize(
    ("phase", "answer"),
    [
        ("precombat_main", "yes"),
        ("postcombat_main", "no"),
        ("{phase: combat, step: beginning_of_combat}", "yes"),
        ("{phase: combat, step: declare_blockers}", "no"),
        ("{phase: ending, step: end}", "no"),
    ],
)
def test_when_attackers_can_be_declared(phase: str, answer: str):
    board = attack_board("Grizzly Bears")
    if phase.startswith("{"):
        board = board.replace("phase: precombat_main}", phase[1:-1] + "}")
    else:
        board = board.replace("phase: precombat_main", f"phase: {phase}")
    assert answer_of(board).value == answer


def test_attackers_already_declared_is_no():
    board = attack_board(
        "Grizzly Bears", mine="      - {card: Test Drake, attacking: Bob, tapped: true}\n"
    )
    board = board.replace("phase: precombat_main", "phase: combat, step: declare_attackers")
    answer = answer_of(board)
    assert answer.value == "no" and "508.1" in failed(answer)


def test_defender_and_tapped_attacker():
    wall = answer_of(attack_board("Wall of Omens"))
    assert failed(wall) == ["702.3b"]
    assert failed(answer_of(attack_board("Grizzly Bears", ", tapped: true"))) == ["508.1a"]


def test_blocking_a_creature_that_isnt_attacking_is_no():
    board = block_board("Grizzly Bears", "Test Spider").replace("attacking: Bob, ", "")
    assert answer_of(board).value == "no"


def test_a_keyword_granted_by_an_effect_that_mtgrules_doesnt_know_refuses():
    board = block_board("Grizzly Bears", "Test Spider") + (
        "effects:\n  - {source: a, affect: a, timestamp: 1, add_abilities: [daunt]}\n"
    )
    answer = answer_of(board)
    assert answer.value is None and "daunt" in answer.unsupported


def test_an_unread_limit_on_the_number_of_attackers_refuses_whatever_it_names():
    limit = (
        "  - {name: Test Ruler, mana_cost: '{2}{W}', types: [Enchantment], abilities: "
        '[{static: "No more than one creature can attack each combat."}]}\n'
    )
    board = attack_board("Grizzly Bears").replace(CARDS, CARDS + limit)
    board = board.replace(
        "  - name: Bob\n", "  - name: Bob\n    battlefield: [{card: Test Ruler}]\n"
    )
    answer = answer_of(board)
    assert answer.value is None and "Test Ruler" in answer.unsupported


def test_an_unread_aura_restriction_on_another_creature_does_not_refuse():
    aura = (
        "  - {name: Test Chains, mana_cost: '{W}', types: [Enchantment], subtypes: [Aura], "
        'abilities: [{keyword: enchant creature}, {static: "Enchanted creature can\'t block."}]}\n'
    )
    other = "      - {card: Grizzly Bears, id: other}\n      - {card: Test Chains, attached_to: other}\n"
    board = block_board("Test Drake", "Test Spider", theirs=other).replace(CARDS, CARDS + aura)
    assert answer_of(board).value == "yes"
    on_it = board.replace("attached_to: other", "attached_to: b")
    assert answer_of(on_it).value is None


def test_with_three_players_an_attack_without_its_target_refuses():
    board = block_board("Grizzly Bears", "Test Spider").replace("attacking: Bob", "attacking: true")
    board = board.replace("question:", "  - name: Carol\nquestion:")
    answer = answer_of(board)
    assert answer.value is None and "506.2a" in answer.unsupported
    named = board.replace("attacking: true", "attacking: Bob")
    assert answer_of(named).value == "yes"


def test_another_creatures_attack_alone_restriction_refuses():
    """CR 506.5, 508.1d: "can only attack alone" on a creature that must attack keeps every
    other creature home, so words about attacking alone count whoever has them."""
    loner = (
        "  - {name: Test Loner, mana_cost: '{B}', types: [Creature], subtypes: [Horror], "
        'power: 5, toughness: 5, abilities: [{static: "Test Loner can only attack alone."}]}\n'
    )
    board = attack_board("Grizzly Bears", mine="      - {card: Test Loner}\n")
    answer = answer_of(board.replace(CARDS, CARDS + loner))
    assert answer.value is None and "Test Loner" in answer.unsupported


def test_the_untap_step_is_refused_and_a_noncreature_attacker_is_no():
    board = attack_board("Grizzly Bears").replace(
        "phase: precombat_main", "phase: beginning, step: untap, priority: null"
    )
    answer = answer_of(board)
    assert answer.value is None and "502.3" in answer.unsupported
    relic = "  - {name: Test Relic, mana_cost: '{2}', types: [Artifact]}\n"
    noncreature = block_board("Test Relic", "Test Spider").replace(CARDS, CARDS + relic)
    assert "506.4" in failed(answer_of(noncreature))
