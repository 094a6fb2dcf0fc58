"""The Oracle effect reader's counters, tokens and emblems (cards/oracle/effects_counters.py,
cards/effects_counters.py; docs/effects.md): real Oracle text read from the corpus
(../shared/data/cards, skipped when absent) and sentences written here.

The guards fail on a misreading: counters put on one target of several, on a player as if
an object, a kind of counter doubled or removed that the text doesn't name, a dead
permanent's counters taken from the wrong object, an emblem made without an ability it has
or with one read otherwise, "that many" tokens after a sentence that may be counted, a
token without its name; and on a play-out that carries out what it can't yet."""

from __future__ import annotations

import pytest

from mtgrules.cards.effects import (
    SELF,
    YOU,
    Amount,
    CreateToken,
    May,
    PutCounters,
    Script,
    Subject,
)
from mtgrules.cards.effects_actions import Attach
from mtgrules.cards.effects_counters import (
    DistributeCounters,
    DoubleCounters,
    GetEmblem,
    PutCountersOf,
    RemoveAllCounters,
)
from mtgrules.cards.oracle.effects import read_effect
from mtgrules.cards.statics import Group
from mtgrules.cards.vocabulary import AbilityKind
from tests.test_oracle_effects import T, effect_of

EVENT_OBJECT = Subject("that", noun="object")


def own(text: str, kind: str = "spell", name: str = "Test Card") -> Script:
    return read_effect(text, name, kind)


def real(corpus: dict, name: str, kind: str = "spell", n: int = 0) -> Script:
    return read_effect(effect_of(corpus, name, kind, n), name, kind)


def test_counters_on_each_of_several_targets():
    """CR 122.1, 115.1: "each of up to two target creatures" is the one target phrase's
    every object; "each of them" what was named before."""
    (step,) = own("Put a +1/+1 counter on each of up to three target creatures.").steps
    assert step == PutCounters(T(0), "+1/+1", Amount(1))
    script = own("Tap up to two target artifacts. Put two stun counters on each of them.")
    assert script.steps[1] == PutCounters(T(0), "stun", Amount(2))
    # nothing named before: "them" is unknown
    assert not own("Put a stun counter on each of them.").complete


def test_counters_on_a_subtypes_group_and_by_a_count():
    """ "each Elf you control"; "for each ..." and "a number of ... equal to ..." count as it
    resolves (107.3c-like counts the vocabulary holds)."""
    (step,) = own("Put a +1/+1 counter on each Elf you control.").steps
    assert step.what.kind == "each" and step.what.group.noun == "Elf"
    assert step.what.group.whose == "you" and step.amount == Amount(1)
    (each,) = own("Put two +1/+1 counters on this creature for each artifact you control.").steps
    assert each.what == SELF and each.amount.count == "group" and each.amount.times == 2
    assert each.amount.group.noun == "artifact"
    (equal,) = own("Put a number of +1/+1 counters on target creature equal to its power.").steps
    assert equal.what == T(0) and equal.amount == Amount(count="power_of", of=T(0))


def test_counters_a_player_gets(corpus):
    """CR 122.1f, 122.1i: poison, experience and rad counters are put on a player."""
    assert real(corpus, "Daxos the Returned", "triggered").steps == (
        PutCounters(YOU, "experience", Amount(1)),
    )
    (step,) = own("Target opponent gets three poison counters.").steps
    assert step == PutCounters(T(0), "poison", Amount(3))
    (each,) = own("Each opponent gets a rad counter.").steps
    assert each.what.kind == "each_opponent" and each.kind == "rad"
    # a creature doesn't "get" counters this way, and no other kind is a player's here
    assert not own("Target creature gets a poison counter.").complete
    assert not own("You get a charge counter.").complete


def test_that_many_energy_is_the_trigger_events():
    """CR 107.14, 603.2: "that many" in a triggered ability's first sentence."""
    (step,) = own("You get that many {E}.", "triggered").steps
    assert step == PutCounters(YOU, "energy", Amount(count="event"))
    assert not own("You get that many {E}.", "spell").complete
    assert not own("Draw a card. You get that many {E}.", "triggered").complete


def test_doubling_and_removing_all_counters(corpus):
    """CR 701.10e: the kind named, or each kind; 122.1: all of a kind, or all."""
    assert real(corpus, "Solarion", "activated").steps == (DoubleCounters(SELF, "+1/+1"),)
    (each,) = own("Double the number of each kind of counter on target permanent.").steps
    assert each == DoubleCounters(T(0), "")
    assert own("Remove all counters from target creature.").steps == (RemoveAllCounters(T(0), ""),)
    script = own("Tap target creature. Remove all -1/-1 counters from it.")
    assert script.steps[1] == RemoveAllCounters(T(0), "-1/-1")
    # a player's counters are not an object's
    assert not own("Remove all counters from target player.").complete


def test_a_dead_permanents_counters(corpus):
    """CR 122.8: in a triggered ability, "its counters" are the object its event named
    (the permanent that died), only before anything else is named."""
    script = real(corpus, "Star Pupil", "triggered")
    assert script.steps == (PutCountersOf(EVENT_OBJECT, T(0)),)
    words = "Put its counters on target creature you control."
    assert not own(words, "spell").complete and not own(words, "activated").complete
    assert not own("Draw a card. " + words, "triggered").complete


def test_an_emblem_with_its_abilities_read_whole(corpus):
    """CR 114.1, 114.2: each quoted ability read by the ability reader, rendered back to the
    same words; an ability it can't hold whole leaves the sentence unread."""
    (step,) = real(corpus, "Gideon, Ally of Zendikar", "activated", 2).steps
    assert isinstance(step, GetEmblem) and step.who == YOU
    (boost,) = step.abilities
    assert boost.kind is AbilityKind.STATIC and (boost.boost.power, boost.boost.toughness) == (1, 1)
    (trig,) = own('You get an emblem with "Whenever you cast a spell, you gain 2 life."').steps
    assert [a.kind for a in trig.abilities] == [AbilityKind.TRIGGERED]
    two = own(
        'You get an emblem with "Creatures you control get +1/+1" and "Whenever you cast a spell, draw a card."'
    )
    assert [len(s.abilities) for s in two.steps] == [2]
    # a static ability the reader doesn't hold (no maximum hand size) is not made
    assert not own('You get an emblem with "You have no maximum hand size."').complete


def test_tokens_by_that_many_or_equal_to():
    """ "that many" is the trigger event's (603.2) in its first sentence only; "a number of
    ... equal to ..." counts as it resolves."""
    (step,) = own("Create that many 1/1 green Saproling creature tokens.", "triggered").steps
    assert step.amount == Amount(count="event") and step.token.subtypes == ("Saproling",)
    assert not own("Create that many Treasure tokens.", "spell").complete
    assert not own("Sacrifice a creature. Create that many Food tokens.", "triggered").complete
    (equal,) = own(
        "Create a number of 1/1 white Spirit creature tokens equal to the number of lands you control."
    ).steps
    assert equal.amount.count == "group" and equal.amount.group.noun == "land"


def test_named_changeling_and_vibranium_tokens(corpus):
    """CR 111.4: the name the effect gives; 702.73a: changeling; 111.10w: Vibranium."""
    (step,) = real(corpus, "Tooth and Claw", "activated").steps
    assert step.token.name == "Carnivore" and "named Carnivore" in step.render()
    # the token's name holds the card's own name: never the card ("Kobolds of SELF")
    kobolds = "Create a 0/1 red Kobold creature token named Kobolds of Test Keep."
    assert not own(kobolds, "activated", "Test Keep").complete
    (wasp,) = real(corpus, "The Hive", "activated").steps
    assert wasp.token.name == "Wasp" and wasp.token.keywords == ("flying",)
    (shifter,) = own("Create a 2/2 blue Shapeshifter creature token with changeling.").steps
    assert shifter.token.keywords == ("changeling",)
    (vib,) = own("Create a tapped Vibranium token.").steps
    assert vib.tapped and vib.token.predefined == "Vibranium"
    assert vib.token.keywords == ("indestructible",) and vib.token.types == ("Artifact",)


def test_attaching_this_equipment_to_the_token_made(corpus):
    """CR 701.3a: "it" is the token created before, not the Equipment; in a triggered
    ability's first sentence, the object its event named."""
    script = real(corpus, "Ancestral Blade", "triggered")
    assert isinstance(script.steps[0], CreateToken)
    assert script.steps[1] == Attach(SELF, Subject("created"))
    (may,) = own("You may attach this Equipment to it.", "triggered", "Test Blade").steps
    assert may == May(Script((Attach(SELF, EVENT_OBJECT),)))
    assert not own("Attach this Equipment to it.", "spell").complete


def test_counters_distributed_among_targets():
    """CR 601.2d: among the one target phrase's objects, as announced; never among what no
    target phrase names."""
    (step,) = own(
        "Distribute three +1/+1 counters among one, two, or three target creatures."
    ).steps
    assert step == DistributeCounters("+1/+1", Amount(3), T(0))
    assert not own("Distribute two +1/+1 counters among creatures you control.").complete


@pytest.mark.parametrize(
    "kind", [DoubleCounters, RemoveAllCounters, PutCountersOf, GetEmblem, DistributeCounters]
)
def test_every_new_instruction_is_refused_on_resolution(kind):
    """None is carried out yet: carry_out refuses an instruction with no handler, naming
    it (cases/playout-resolution/emblem-refused.yaml plays one out)."""
    from mtgrules.rules.effects.resolution import HANDLERS

    assert kind not in HANDLERS


def test_the_codec_round_trips_the_new_instructions(corpus):
    """Stored readings must come back equal (cards/effect_codec.py knows the module)."""
    from mtgrules.cards.effect_codec import dumps, loads

    for script in (
        real(corpus, "Gideon, Ally of Zendikar", "activated", 2),
        real(corpus, "Star Pupil", "triggered"),
        own("Double the number of each kind of counter on target permanent."),
        own("Remove all counters from target creature."),
    ):
        assert script.complete and loads(dumps(script)) == script


def test_group_nouns_are_the_statics_groups():
    assert isinstance(
        own("Put a +1/+1 counter on each Cat you control.").steps[0].what.group, Group
    )
