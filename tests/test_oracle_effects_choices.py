"""Choices in the Oracle effect reader (cards/oracle/choices.py, docs/effects.md "Choices"):
modal heads with a range of modes (CR 700.2, 700.2a-b, 700.2d), optional actions and the
choices of other players (608.2d). Real cards' words are read from the corpus at test time;
the other texts are the project's own sentences of the same shapes.

The guards fail on a misreading: a range read as an exact number, a mode that may repeat
read as one that can't, an optional action read as one that must be done, a choice given to
the wrong player."""

from __future__ import annotations

import pytest

from mtgrules.cards.effect_codec import dumps, loads
from mtgrules.cards.effects import (
    SELF,
    YOU,
    Amount,
    DealDamage,
    Draw,
    GainLife,
    IfYouDo,
    LoseLife,
    May,
    Modal,
    Sacrifice,
    Script,
    Subject,
)
from mtgrules.cards.effects_choices import ChooseModes, IfTheyDo, IfYouDont, TheyMay
from mtgrules.cards.oracle.effects import read_effect
from mtgrules.rules.effects.resolution import HANDLERS

MODES = "\n• Draw a card.\n• You gain 3 life.\n• Mill two cards."


def only(script: Script):
    assert script.complete, script.unread
    (step,) = script.steps
    return step


@pytest.mark.parametrize(
    ("head", "least", "most", "repeat", "fresh"),
    [
        ("Choose one or more —", 1, 3, False, ""),
        ("Choose up to two —", 0, 2, False, ""),
        ("Choose any number —", 0, 3, False, ""),
        ("Choose one that hasn't been chosen —", 1, 1, False, "ever"),
        ("Choose one that hasn't been chosen this turn —", 1, 1, False, "turn"),
        ("Choose two. You may choose the same mode more than once.", 2, 2, True, ""),
    ],
)
def test_a_modal_head_with_a_range_is_read_as_that_range(head, least, most, repeat, fresh):
    step = only(read_effect(head + MODES, "Test"))
    assert isinstance(step, ChooseModes)
    assert (step.least, step.most, step.repeat, step.fresh) == (least, most, repeat, fresh)
    assert len(step.modes) == 3 and all(m.complete for m in step.modes)
    assert loads(dumps(Script((step,)))) == Script((step,))


def test_one_or_both_is_one_or_two_of_two_modes_never_an_exact_number():
    step = only(read_effect("Choose one or both —\n• Draw a card.\n• You gain 3 life.", "Test"))
    assert not isinstance(step, Modal)
    assert (step.least, step.most) == (1, 2)
    assert step.how_many() == "one or both"


def test_one_or_both_over_three_modes_or_up_to_all_of_them_is_not_read():
    assert not read_effect("Choose one or both —" + MODES, "Test").complete
    assert not read_effect("Choose up to three —" + MODES, "Test").complete


def test_the_exact_heads_stay_modal():
    step = only(read_effect("Choose two —" + MODES, "Test"))
    assert isinstance(step, Modal) and step.choose == 2


def test_an_unread_mode_leaves_the_range_incomplete():
    script = read_effect("Choose one or more —\n• Draw a card.\n• Frobnicate a widget.", "Test")
    assert not script.complete


def test_a_corpus_card_with_one_or_both_reads(corpus):
    records = [r for r in corpus.values() if "Choose one or both —" in (r.get("text") or "")]
    assert records
    read = [
        r["name"]
        for r in records
        if r.get("types")
        and "Instant" in r["types"]
        and read_effect(r["text"], r["name"], "spell").complete
    ]
    assert read, "no instant with 'Choose one or both' read whole"


def test_the_play_out_has_no_handler_for_a_range_of_modes_so_it_refuses_it():
    # cases/playout-resolution/modal-one-or-both-refused.yaml plays it out
    script = read_effect("Choose one or both —\n• You gain 5 life.\n• Draw a card.", "Test")
    assert type(script.steps[0]) not in HANDLERS


# -- optional actions ----------------------------------------------------------------------


def test_sacrificing_another_creature_is_one_chosen_creature_other_than_the_source():
    may, if_you_do = read_effect(
        "You may sacrifice another creature. If you do, draw a card.", "Test", "triggered"
    ).steps
    assert isinstance(may, May) and isinstance(if_you_do, IfYouDo)
    (sacrifice,) = may.then.steps
    assert isinstance(sacrifice, Sacrifice) and sacrifice.who == YOU
    assert sacrifice.what.kind == "chosen" and sacrifice.what.group.other
    assert sacrifice.what.group.noun == "creature" and sacrifice.amount == Amount(1)


def test_sacrificing_a_subtype_is_one_of_that_subtype_and_an_unknown_word_is_unread():
    (may, _) = read_effect("You may sacrifice a Food. If you do, draw a card.", "Test").steps
    assert may.then.steps[0].what.group.noun == "Food"
    assert not may.then.steps[0].what.group.other
    assert not read_effect("Sacrifice a Frobnitz.", "Test").complete


def test_if_you_dont_follows_a_you_may_and_its_if_you_do_and_round_trips():
    script = read_effect(
        "You may draw a card. If you do, you lose 1 life. If you don't, you gain 3 life.", "Test"
    )
    may, did, didnt = script.steps
    assert isinstance(may, May) and isinstance(did, IfYouDo) and isinstance(didnt, IfYouDont)
    assert didnt.then.steps == (GainLife(YOU, Amount(3)),)
    assert loads(dumps(script)) == script


def test_if_you_dont_after_nothing_optional_or_a_second_choice_is_unread():
    assert not read_effect("Draw a card. If you don't, you gain 3 life.", "Test").complete
    nested = "You may draw a card. If you do, you may draw a card. If you don't, you gain 3 life."
    assert not read_effect(nested, "Test").complete  # which "you may" it answers is unclear


def test_you_may_have_an_object_act_is_your_choice_and_its_action():
    (may,) = read_effect("You may have target player lose 3 life.", "Test").steps
    assert isinstance(may, May)
    assert may.then.steps == (LoseLife(Subject("target", index=0), Amount(3)),)
    (may,) = read_effect("You may have SELF deal 2 damage to any target.", "Test").steps
    (damage,) = may.then.steps
    assert isinstance(damage, DealDamage) and damage.source == SELF


def test_you_may_have_with_a_third_person_verb_is_unread():
    assert not read_effect("You may have target player loses 3 life.", "Test").complete


def test_you_may_have_it_deal_damage_reads_as_it_dealing_it():
    may = read_effect("You may have it deal 1 damage to any target.", "Test", "triggered").steps[0]
    plain = read_effect("It deals 1 damage to any target.", "Test", "triggered").steps
    assert isinstance(may, May) and may.then.steps == plain
    assert plain[0].source != YOU


# -- other players' options ----------------------------------------------------------------


def test_another_players_option_is_theirs_and_if_they_do_follows_it():
    script = read_effect(
        "Target opponent may draw a card. If that player does, you gain 2 life.", "Test"
    )
    they, after = script.steps
    assert isinstance(they, TheyMay) and they.who == Subject("target", index=0)
    assert they.then.steps == (Draw(Subject("target", index=0), Amount(1)),)
    assert isinstance(after, IfTheyDo) and after.done
    assert after.then.steps == (GainLife(YOU, Amount(2)),)
    assert loads(dumps(script)) == script
    assert type(they) not in HANDLERS and type(after) not in HANDLERS


def test_if_they_do_never_follows_your_own_option_nor_if_you_do_theirs():
    assert not read_effect("You may draw a card. If they do, you gain 2 life.", "Test").complete
    mixed = "Target opponent may draw a card. If you do, you gain 2 life."
    assert not read_effect(mixed, "Test").complete


def test_each_players_option_is_read_but_if_they_do_after_it_is_not():
    script = read_effect("Each player may discard a card. If they do, they draw a card.", "Test")
    assert isinstance(script.steps[0], TheyMay)
    assert script.steps[0].who == Subject("each_player")
    assert not script.complete
