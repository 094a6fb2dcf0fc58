"""The Oracle effect reader's counted amounts (cards/oracle/amount_counts.py, the
:class:`~mtgrules.cards.effects.Amount` of cards/effect_subjects.py; docs/effects.md,
"Amounts") and the play-out's counts of them (rules/effects/context.py ``amount_of``):
real Oracle text read from the corpus (../shared/data/cards, skipped when absent) and texts
written here.

The guards fail on a misreading: "for each" read as one, a count of the wrong thing (all
cards where only creature cards count, counters of any kind where one kind is named), an
arithmetic read the wrong way round ("3 minus N" as "N minus 3"), a pronoun bound to
something the sentence didn't name, and a play-out that takes a count it can't compute as
some number instead of refusing, or takes a negative result as less than zero (107.1b)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from mtgrules.cards.effect_codec import dumps, loads
from mtgrules.cards.effects import (
    SELF,
    YOU,
    Amount,
    DealDamage,
    Draw,
    GainLife,
    LoseLife,
    Modify,
    Script,
    Subject,
)
from mtgrules.cards.effects_actions import CardFilter
from mtgrules.cards.effects_changes import AddManaOf
from mtgrules.cards.statics import Group
from mtgrules.rules import Unsupported
from tests.test_oracle_effects import T
from tests.test_oracle_effects_amounts import card, own


def one(script: Script):
    assert not script.unread, script.unread
    (step,) = script.steps
    return step


def test_for_each_counter_on_an_object():
    """ "for each charge counter on SELF": the counters of that kind on it (122.1), times
    the number before "for each"; "for each counter on it": of every kind."""
    step = one(own("You gain 2 life for each charge counter on Test Card.", "activated"))
    assert step == GainLife(YOU, Amount(count="counters", of=SELF, counter="charge", times=2))
    step = one(own("Draw a card for each +1/+1 counter on Test Card.", "activated"))
    assert step == Draw(YOU, Amount(count="counters", of=SELF, counter="+1/+1"))
    step = one(own("Add {C} for each counter on Test Card.", "activated"))
    assert step == AddManaOf(Amount(count="counters", of=SELF), "{C}")


def test_cards_of_a_kind_in_a_zone():
    """ "creature cards in your graveyard" counts only creature cards there; "instant and
    sorcery cards" each card that is either (205.2a), never all cards."""
    step = one(own("You gain 2 life for each creature card in your graveyard."))
    creature = CardFilter(types=("Creature",))
    assert step == GainLife(YOU, Amount(count="graveyard_size", of=YOU, times=2, cards=creature))
    step = one(
        own("Draw cards equal to the number of instant and sorcery cards in your graveyard.")
    )
    either = CardFilter(any_types=("Instant", "Sorcery"))
    assert step == Draw(YOU, Amount(count="graveyard_size", of=YOU, cards=either))
    # a word no card filter reads: unread, not a count of every card
    assert own("Draw a card for each foo card in your graveyard.").unread


def test_arithmetic_and_its_direction():
    """ "3 minus the number of cards in their hand" is 3 - N (times -1, plus 3), "the
    number ... minus 2" is N - 2, "twice its power" 2N, "1 plus" N + 1."""
    script = own("Target player loses life equal to 3 minus the number of cards in their hand.")
    assert one(script) == LoseLife(T(0), Amount(count="hand_size", of=T(0), times=-1, plus=3))
    script = own("You gain life equal to the number of cards in your hand minus 2.")
    assert one(script) == GainLife(YOU, Amount(count="hand_size", of=YOU, plus=-2))
    script = own(
        "Target creature you control deals damage equal to twice its power to target creature."
    )
    assert one(script) == DealDamage(Amount(count="power_of", of=T(0), times=2), T(1), T(0))
    assert one(script).amount.render() == "2 times the power of the target"


def test_pump_for_each_is_x_the_count():
    """ "gets +1/+0 until end of turn for each other attacking Goblin": +X/+0, X the count
    as it resolves (613.4c), not +1/+0; "other" than the ability's source. On a spell with a
    target, "other" may be other than the target: unread (oracle/other_groups.py)."""
    text = "Test Card gets +1/+0 until end of turn for each other attacking Goblin."
    step = one(own(text, "triggered"))
    goblins = Group(noun="Goblin", other=True, status="attacking", whose="any")
    assert step == Modify(SELF, x_power=1, x_is=Amount(count="group", group=goblins))
    spell = "Target creature gets +1/+0 until end of turn for each other attacking Goblin."
    assert own(spell).unread


def test_greatest_devotion_opponents_and_blockers(corpus):
    """The greatest power among a group (208.1), devotion (700.5), opponents (102.2), the
    creatures blocking one (509.1g), "beyond the first" one fewer."""
    step = one(own("You gain life equal to the greatest power among creatures you control."))
    assert step == GainLife(YOU, Amount(count="greatest_power", group=Group()))
    step = one(own("You gain life equal to your devotion to green."))
    assert step == GainLife(YOU, Amount(count="devotion", of=YOU, color="green"))
    step = one(own("Draw cards equal to the number of opponents you have."))
    assert step == Draw(YOU, Amount(count="opponents", of=YOU))
    step = one(card(corpus, "Rabid Elephant", "triggered"))
    assert isinstance(step, Modify) and step.x_is is not None
    assert step.x_is.count == "blockers" and step.x_is.plus == 0
    assert (step.x_power, step.x_toughness) == (2, 2)


def test_pronouns_stay_unread_where_not_bound():
    """ "that spell's" outside a triggered ability's event, "their hand" with no player
    named, and counters "on it" where X is bound after a sentence that makes tokens: all
    unread, never a guess."""
    assert own("You gain life equal to that spell's mana value.").unread
    assert own("Draw a card for each creature card in their graveyard.").unread
    made = own(
        "Create X 1/1 green Saproling creature tokens, where X is the number of +1/+1 "
        "counters on it.",
        "activated",
    )
    assert made.unread


def test_that_spells_mana_value_in_a_trigger():
    """A triggered ability's "that spell's mana value": what its event named (603.7c), also
    after the sentence named its source; never once it named a target (which could be the
    spell)."""
    text = "Test Card gets +X/+0 until end of turn, where X is that spell's mana value."
    step = one(own(text, "triggered"))
    assert step.x_is == Amount(count="mana_value", of=Subject("that", noun="spell"))
    text = "Target creature gets +X/+0 until end of turn, where X is that spell's mana value."
    assert own(text, "triggered").unread


def test_new_amounts_round_trip_the_codec():
    """Stored readings keep every new field (CR 107.3c's count as read)."""
    for text in (
        "You gain 2 life for each creature card in your graveyard.",
        "Target player loses life equal to 3 minus the number of cards in their hand.",
        "You gain life equal to your devotion to green.",
    ):
        script = own(text)
        assert loads(dumps(script)) == script


def test_counts_the_play_out_cannot_take_are_refused():
    """Cards of a kind in a zone, devotion, basic land types, colors, blockers: refused,
    naming the amount, never counted as all cards or as 0."""
    from mtgrules.rules.effects.context import amount_of

    ctx = SimpleNamespace(source=SimpleNamespace(label="Test Card"), x=None)
    creature = CardFilter(types=("Creature",))
    for amount in (
        Amount(count="graveyard_size", of=YOU, cards=creature),
        Amount(count="devotion", of=YOU, color="green"),
        Amount(count="basic_land_types", group=Group(noun="land")),
        Amount(count="colors", group=Group(noun="permanent")),
        Amount(count="blockers", of=T(0)),
    ):
        with pytest.raises(Unsupported, match="is not read"):
            amount_of(None, amount, ctx)


def test_what_the_ability_did_before_and_other_counts():
    """ "for each creature destroyed this way" counts the creatures the ability destroyed
    (608.2c), "storage counters removed this way" the counters; a party (700.8); the
    damage prevented this way. The play-out refuses them all."""
    script = own("Destroy all creatures. You gain 1 life for each creature destroyed this way.")
    assert not script.unread
    counted = script.steps[1].amount
    assert counted.count == "this_way" and counted.way == "destroyed"
    assert counted.group == Group(whose="any")
    step = one(own("Add {B} for each storage counter removed this way.", "activated"))
    assert step == AddManaOf(Amount(count="this_way", way="removed", counter="storage"), "{B}")
    step = one(own("You gain life equal to the number of creatures in your party."))
    assert step == GainLife(YOU, Amount(count="party", of=YOU))


def test_its_in_a_trigger_naming_no_object():
    """ "Incubate X, where X is its power" in a triggered ability: the sentence names no
    object, so "its" is what the event named; a sentence making tokens stays unread."""
    step = one(own("You gain X life, where X is its toughness.", "triggered"))
    assert step == GainLife(YOU, Amount(count="toughness_of", of=Subject("that", noun="object")))
    assert own(
        "Create X 1/1 white Soldier creature tokens, where X is its power.", "triggered"
    ).unread
