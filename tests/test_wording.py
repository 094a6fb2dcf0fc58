"""How a reading is worded for the judge (``mtgrules card NAME``, refusals naming an
instruction): the verb agrees with who acts, an amount carries its noun."""

from __future__ import annotations

from mtgrules.cards.effects import YOU, Amount, Draw, PutCounters, Subject
from mtgrules.cards.effects_library import ShuffleLibrary
from mtgrules.cards.oracle.effects import read_effect
from mtgrules.cards.wording import acts, counted


def test_you_take_the_base_form_and_another_player_the_third_person():
    assert Draw(YOU, Amount(fixed=2)).render() == "you draw 2 cards"
    assert Draw(Subject("each_opponent"), Amount(fixed=1)).render() == "each opponent draws 1 card"
    assert acts(YOU, "searches their library, reveals it, then shuffles") == (
        "you search your library, reveal it, then shuffle"
    )
    assert acts(Subject("target"), "shuffles their library") == "the target shuffles their library"


def test_an_amount_carries_its_noun_in_number():
    assert counted(Amount(fixed=1), "card") == "1 card"
    assert counted(Amount(x=True), "card") == "X cards"
    counters = PutCounters(Subject("target"), "+1/+1", Amount(fixed=2)).render()
    assert counters == "put 2 +1/+1 counters on the target"


def test_a_read_may_and_its_payment_are_worded_once():
    script = read_effect("You may pay {2}. If you do, draw a card.", "", "triggered")
    assert [step.render() for step in script.steps] == [
        "you may pay {2}",
        "if you do, you draw 1 card",
    ]


def test_a_shuffle_by_you_is_your_library():
    assert "you shuffle your library" in ShuffleLibrary(YOU).render()
