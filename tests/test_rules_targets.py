"""The legality of targets (mtgrules/rules/targets/legality.py), through real cases: each board is
built and answered by the engine, and the answer's verdict, reasons and citations checked."""

from __future__ import annotations

import pytest

from mtgrules import evaluate, load_case
from mtgrules.caseio.diagnostics import CaseError

ODD_CARDS = """
cards:
  - name: Twin Bolt
    mana_cost: "{1}{R}"
    types: [Instant]
    abilities:
      - unmodeled: It deals 1 damage to each of two creatures it targets.
        targets: [two target creatures]
  - name: Lone Striker
    mana_cost: "{2}{R}"
    types: [Creature]
    power: 2
    toughness: 2
    abilities:
      - activated:
          cost: "{T}"
          targets: [another target creature]
          effect: {does: "It deals 1 damage to the other creature it targets"}
  - name: Stifling Rod
    mana_cost: "{2}"
    types: [Artifact]
    abilities:
      - activated:
          cost: "{T}"
          targets: [target activated ability]
          effect: {does: "It counters the activated ability it targets"}
  - name: Blocker Bane
    mana_cost: "{W}"
    types: [Instant]
    abilities:
      - unmodeled: It destroys the blocking creature it targets.
        targets: [target blocking creature]
  - name: Veiled Beast
    mana_cost: "{2}{G}"
    types: [Creature]
    power: 3
    toughness: 3
    abilities:
      - unmodeled: As long as it is untapped, it can't be the target of spells.
  - name: Black Ward Beast
    mana_cost: "{2}{G}"
    types: [Creature]
    power: 2
    toughness: 2
    abilities:
      - keyword: hexproof from black
  - name: Mine Aura
    mana_cost: "{G}"
    types: [Enchantment]
    subtypes: [Aura]
    abilities:
      - keyword: enchant creature you control
"""


def ask(write_case, board: str, question: str):
    text = f"""\
game: {{turn: 5, active_player: Alice, phase: precombat_main}}
{board}
question: {question}
{ODD_CARDS}"""
    return evaluate(load_case(write_case(text)))


def failing(answer) -> list:
    return [r for r in answer.reasons if r.holds is False]


def test_hexproof_granted_by_an_effect_counts(write_case):
    board = """
players:
  - name: Alice
    hand: [Disfigure]
  - name: Bob
    battlefield: [{card: Grizzly Bears, id: bears}]
effects:
  - {source: a blessing, affect: bears, add_abilities: [hexproof], until: end_of_turn, timestamp: 2}
"""
    answer = ask(write_case, board, "{can_cast: Disfigure}")
    assert answer.value == "no"
    (why,) = failing(answer)
    assert "702.11b" in why.rules and "hexproof" in why.text and "Bears" in why.text


def test_without_the_effect_the_same_creature_is_a_legal_target(write_case):
    board = """
players:
  - name: Alice
    hand: [Disfigure]
  - name: Bob
    battlefield: [{card: Grizzly Bears, id: bears}]
"""
    answer = ask(write_case, board, "{can_cast: Disfigure}")
    assert answer.value == "yes"
    assert any("Grizzly Bears (bears) is a legal target" in r.text for r in answer.reasons)


def test_two_targets_need_two_different_creatures(write_case):
    board = """
players:
  - name: Alice
    hand: [Twin Bolt]
  - name: Bob
    battlefield: [Grizzly Bears]
"""
    answer = ask(write_case, board, "{can_cast: Twin Bolt}")
    assert answer.value == "no" and "115.3" in failing(answer)[0].rules
    board = board.replace("[Grizzly Bears]", "[Grizzly Bears, Llanowar Elves]")
    assert ask(write_case, board, "{can_cast: Twin Bolt}").value == "yes"


def test_one_object_chosen_twice_for_one_target_word_is_illegal(write_case):
    board = """
players:
  - name: Alice
    hand: [Twin Bolt]
  - name: Bob
    battlefield: [{card: Grizzly Bears, id: bears}, {card: Llanowar Elves, id: elves}]
"""
    answer = ask(write_case, board, "{can_cast: Twin Bolt, targets: [bears, bears]}")
    assert answer.value == "no"
    assert any("chosen twice" in r.text and "115.3" in r.rules for r in failing(answer))
    assert ask(write_case, board, "{can_cast: Twin Bolt, targets: [bears, elves]}").value == "yes"


def test_more_targets_than_it_has(write_case):
    board = """
players:
  - name: Alice
    hand: [Disfigure]
  - name: Bob
    battlefield: [{card: Grizzly Bears, id: bears}, {card: Llanowar Elves, id: elves}]
"""
    answer = ask(write_case, board, "{can_cast: Disfigure, targets: [bears, elves]}")
    assert answer.value == "no" and "left over" in failing(answer)[0].text


def test_another_target_creature_excludes_the_source(write_case):
    board = """
players:
  - name: Alice
    battlefield: [{card: Lone Striker, id: striker}]
  - name: Bob
"""
    question = "{can_activate: {object: striker, ability: 1}}"
    answer = ask(write_case, board, question)
    assert answer.value == "no" and "602.2b" in failing(answer)[0].rules
    board = board.replace("  - name: Bob\n", "  - name: Bob\n    battlefield: [Grizzly Bears]\n")
    assert ask(write_case, board, question).value == "yes"


def test_target_activated_ability_with_an_empty_stack(write_case):
    board = """
players:
  - name: Alice
    battlefield: [{card: Stifling Rod, id: rod}]
  - name: Bob
    battlefield: [{card: Mind Stone, id: stone}]
"""
    answer = ask(write_case, board, "{can_activate: {object: rod, ability: 1}}")
    assert answer.value == "no" and "The stack is empty" in failing(answer)[0].text


@pytest.mark.parametrize(
    ("item", "answer"),
    [
        ("{ability_of: stone, ability: 2, controller: Bob}", "yes"),  # an activated ability
        ("{ability_of: drifter, ability: 2, controller: Bob}", "no"),  # a triggered ability
    ],
)
def test_target_activated_ability_on_the_stack(write_case, item, answer):
    text = f"""\
game:
  turn: 5
  active_player: Bob
  phase: precombat_main
  priority: Alice
  stack: [{item}]
players:
  - name: Alice
    battlefield: [{{card: Stifling Rod, id: rod}}]
  - name: Bob
    battlefield: [{{card: Mind Stone, id: stone}}, {{card: Mulldrifter, id: drifter}}]
question: {{can_activate: {{object: rod, ability: 1}}}}
{ODD_CARDS}"""
    assert evaluate(load_case(write_case(text))).value == answer


def test_blocking_is_unknown_after_blockers_and_impossible_before(write_case):
    board = """
players:
  - name: Alice
    hand: [Blocker Bane]
  - name: Bob
    battlefield: [Grizzly Bears]
"""
    before = ask(write_case, board, "{can_cast: Blocker Bane}")
    assert before.value == "no"
    text = f"""\
game: {{turn: 5, active_player: Alice, phase: combat, step: declare_blockers}}
{board}
question: {{can_cast: Blocker Bane}}
{ODD_CARDS}"""
    during = evaluate(load_case(write_case(text)))
    assert during.value is None and "blocking" in during.unsupported


def test_a_candidates_own_unread_ability_about_targets_is_a_refusal(write_case):
    board = """
players:
  - name: Alice
    hand: [Disfigure]
  - name: Bob
    battlefield: [Veiled Beast]
"""
    answer = ask(write_case, board, "{can_cast: Disfigure}")
    assert answer.value is None and "Veiled Beast" in answer.unsupported
    # with another creature that is surely a legal target, the answer stands
    board = board.replace("[Veiled Beast]", "[Veiled Beast, Grizzly Bears]")
    assert ask(write_case, board, "{can_cast: Disfigure}").value == "yes"


def test_hexproof_from_a_quality_and_protection_compare_the_spells_color(write_case):
    board = """
players:
  - name: Alice
    hand: [Disfigure, Shatter]
  - name: Bob
    battlefield: [Black Ward Beast]
"""
    answer = ask(write_case, board, "{can_cast: Disfigure}")  # a black spell
    assert answer.value == "no" and "702.11d" in failing(answer)[0].rules
    board = board.replace("[Disfigure, Shatter]", "[Lightning Bolt]")
    assert ask(write_case, board, "{can_cast: Lightning Bolt}").value == "yes"  # red


def test_enchant_creature_you_control(write_case):
    board = """
players:
  - name: Alice
    hand: [Mine Aura]
  - name: Bob
    battlefield: [Grizzly Bears]
"""
    answer = ask(write_case, board, "{can_cast: Mine Aura}")
    assert answer.value == "no" and "303.4a" in failing(answer)[0].rules
    assert "Alice controls" in failing(answer)[0].text


def test_x_target_lands_needs_x_lands(write_case):
    board = """
players:
  - name: Alice
    battlefield: [{card: Candelabra of Tawnos, id: candelabra}, Forest]
  - name: Bob
"""
    two = ask(write_case, board, "{can_activate: {object: candelabra, x: 2}}")
    assert two.value == "no" and "X is 2" in failing(two)[0].text
    assert ask(write_case, board, "{can_activate: {object: candelabra, x: 1}}").value == "yes"


def test_an_up_to_target_may_be_given_none(write_case):
    board = """
players:
  - name: Alice
    hand: [Frost Breath]
  - name: Bob
    battlefield: [{card: Grizzly Bears, id: bears}]
"""
    assert ask(write_case, board, "{can_cast: Frost Breath, targets: []}").value == "yes"
    assert ask(write_case, board, "{can_cast: Frost Breath, targets: [bears]}").value == "yes"


def test_a_dangling_target_is_a_diagnostic(write_case):
    board = """
players:
  - name: Alice
    hand: [Shatter]
  - name: Bob
    battlefield: [{card: Mind Stone, id: stone}]
"""
    with pytest.raises(CaseError) as err:
        ask(write_case, board, "{can_cast: Shatter, targets: [stoen]}")
    (diag,) = err.value.diagnostics
    assert diag.code == "C019" and "'stone'" in diag.message


def test_targets_name_players_too(write_case):
    board = """
players:
  - name: Alice
    hand: [Lightning Bolt]
  - name: Bob
"""
    answer = ask(write_case, board, "{can_cast: Lightning Bolt, targets: [Bob]}")
    assert answer.value == "yes" and "targeting Bob" in answer.question


UNREADABLE = """
cards:
  - name: Odd Command
    mana_cost: "{1}{R}"
    types: [Instant]
    abilities:
      - unmodeled: It deals 2 damage to the commander it targets.
        targets: [target commander]
"""


@pytest.mark.parametrize(("priority", "value"), [("Alice", None), ("Bob", "no")])
def test_unreadable_targets_refuse_only_when_nothing_else_decides(write_case, priority, value):
    text = f"""\
game: {{turn: 5, active_player: Bob, phase: precombat_main, priority: {priority}}}
players:
  - name: Alice
    hand: [Odd Command]
  - name: Bob
    battlefield: [Grizzly Bears]
question: {{can_cast: Odd Command}}
{UNREADABLE}"""
    answer = evaluate(load_case(write_case(text)))
    assert answer.value == value
    if value is None:
        assert "Odd Command" in answer.unsupported and "target commander" in answer.unsupported
    else:  # without priority it can't be cast whatever it targets; the targets are noted
        assert any(r.holds is None and "target commander" in r.text for r in answer.reasons)


def test_every_built_in_spell_or_activated_ability_that_targets_says_what():
    """A built-in card's abilities are written in our own words, which the target reader
    doesn't read: one that says "target" without `targets:` would be cast as if it had none."""
    from mtgrules.cards.library import builtin_library
    from mtgrules.cards.vocabulary import AbilityKind

    # targets chosen later, not as it is cast or activated: a cast trigger's (603.3d), an
    # emblem's trigger's
    later = {"Bruna, the Fading Light", "Chandra, Torch of Defiance"}
    silent = [
        f"{card.name}: {ability.words}"
        for card in builtin_library().cards.values()
        for ability in card.abilities
        if ability.kind in (AbilityKind.UNMODELED, AbilityKind.ACTIVATED, AbilityKind.LOYALTY)
        and "target" in ability.words.lower()
        and not ability.targets
        and ability.targeting is None
        and card.name not in later
    ]
    assert not silent, silent
