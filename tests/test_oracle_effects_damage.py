"""The Oracle effect reader's damage, life, prevention and pump phrases
(cards/oracle/effects_damage.py, cards/effects_damage.py; docs/effects.md, "Damage, life,
prevention and pumps"): real Oracle text read from the corpus (../shared/data/cards,
skipped when absent) and texts written here.

The guards fail on a misreading: damage dealt to the source's controller instead of the
target's, a triggered ability's "its controller" or "its power" bound to anything but what
its event named, a distributive "each" read over players or an unnamed "they", a group
read by the wrong creature type, one prevention shield where the words make two (or the
wrong one), a source chosen as it resolves read as any source, and new instructions
carried out by a play-out with no rule for them."""

from __future__ import annotations

import pytest

from mtgrules.cards import effect_codec
from mtgrules.cards.effects import YOU, Amount, DealDamage, LoseLife, Modify, Script, Subject
from mtgrules.cards.effects_actions import PreventDamage
from mtgrules.cards.effects_damage import PreventFromChosenSource, SetLifeTotal
from mtgrules.cards.oracle.effects import read_effect
from tests.test_oracle_effects import T, effect_of

THAT_OBJECT = Subject("that", noun="object")


def own(text: str, kind: str = "spell") -> Script:
    return read_effect(text, "Test Card", kind)


def test_that_lands_controller_after_the_source_is_the_targets(corpus):
    """ "This spell deals 3 damage to that land's controller" after "Destroy target land":
    the controller of the target named before the source (608.2c), never the source's."""
    script = read_effect(effect_of(corpus, "Cryoclasm"), "Cryoclasm", "spell")
    assert script.complete
    assert script.steps[-1] == DealDamage(Amount(3), Subject("its_controller", index=0))
    (_, damage) = own(
        "Tap target creature. Test Card deals 2 damage to that creature's controller."
    ).steps
    assert damage.to == Subject("its_controller", index=0)
    # nothing named before the source in a spell: unread, not the source's controller
    assert not own("Test Card deals 2 damage to that creature's controller.").complete


def test_a_triggered_abilitys_first_its_controller_and_its_power(corpus):
    """In a triggered ability, before anything is named, "its controller" is the
    controller of what its event named and "its power" that object's power (603.2, 608.2h);
    in a spell the same words are unread (nothing is named)."""
    script = read_effect(effect_of(corpus, "Contaminated Bond", "triggered"), "", "triggered")
    assert script.steps == (LoseLife(Subject("that_controller"), Amount(3)),)
    assert not own("Its controller loses 3 life.").complete
    (gain,) = own("You gain life equal to its power.", "triggered").steps
    assert gain.amount == Amount(count="power_of", of=THAT_OBJECT)
    (gain,) = own("You gain life equal to its toughness.", "triggered").steps
    assert gain.amount == Amount(count="toughness_of", of=THAT_OBJECT)
    assert not own("You gain life equal to its power.", "activated").complete
    assert not own("You gain life equal to its power.").complete


def test_each_distributes_over_the_objects_named():
    """ "Up to two target creatures each get +1/+2", "They each get", "to each of two target
    creatures": every object the words name (608.2c); "they each" after a player, or
    "each" after a player target, is not read."""
    (pump,) = own("Up to two target creatures each get +1/+2 until end of turn.").steps
    assert pump == Modify(T(0), 1, 2)
    _, pump = own("Untap up to two target creatures. They each get +2/+2 until end of turn.").steps
    assert pump == Modify(T(0), 2, 2)
    (damage,) = own("Test Card deals 2 damage to each of two target creatures.").steps
    assert damage == DealDamage(Amount(2), T(0))
    assert not own("Target player draws a card. They each get +1/+1 until end of turn.").complete
    assert not own("They each get +2/+2 until end of turn.").complete


def test_a_group_headed_by_its_creature_type():
    """ "Zombies you control get +2/+1": the Zombies you control, found again after the
    sentence's first word is lowercased (205.3m); a word that is no creature type is left
    unread, and the readings without a type are the same as before."""
    (pump,) = own("Zombies you control get +2/+1 until end of turn.").steps
    assert pump.what.group.noun == "Zombie" and pump.what.group.whose == "you"
    assert (pump.power, pump.toughness) == (2, 1)
    (pump,) = own("Other Elves you control get +1/+1 until end of turn.").steps
    assert pump.what.group.noun == "Elf" and pump.what.group.other
    (pump,) = own("Goblin creatures get +1/+0 until end of turn.").steps
    assert pump.what.group.adjectives == ("Goblin",) and pump.what.group.whose == "any"
    (pump,) = own("Creatures you control get +1/+1 until end of turn.").steps
    assert pump.what.group.noun == "creature" and not pump.what.group.adjectives
    assert not own("Blocking creatures get +0/+3 until end of turn.").complete


def test_prevention_to_and_by_and_by_what_would_deal_it():
    """ "to and dealt by" is two shields (615.1a), "target creature would deal" damage
    by it, "this turn to creatures you control" damage to them; never one for the other."""
    words = (
        "Prevent all combat damage that would be dealt to and dealt by target creature this turn."
    )
    assert own(words).steps == (
        PreventDamage(to=T(0), combat=True),
        PreventDamage(by=T(0), combat=True),
    )
    (shield,) = own("Prevent all combat damage target creature would deal this turn.").steps
    assert shield == PreventDamage(by=T(0), combat=True)
    (shield,) = own(
        "Prevent all damage that would be dealt this turn to creatures you control."
    ).steps
    assert shield.to.group.whose == "you" and shield.by is None and not shield.combat
    (shield,) = own(
        "Prevent all damage that would be dealt to you this turn by attacking creatures."
    ).steps
    assert shield.to == YOU and shield.by.group.status == "attacking"


def test_a_source_of_your_choice(corpus):
    """A source chosen as it resolves (609.7a), with its quality (615.9), the next time only
    (615.8): never any source, nor all of its damage; "of the chosen color" stays unread."""
    name = "Circle of Protection: Red"
    (shield,) = read_effect(effect_of(corpus, name, "activated"), name, "activated").steps
    assert shield == PreventFromChosenSource(YOU, next_time=True, quality="red")
    (shield,) = own(
        "The next time a source of your choice would deal damage to any target this turn, "
        "prevent that damage."
    ).steps
    assert shield == PreventFromChosenSource(T(0), next_time=True)
    (shield,) = own("Prevent all damage a source of your choice would deal this turn.").steps
    assert shield == PreventFromChosenSource(None, next_time=False)
    assert not own(
        "The next time a source of your choice of the chosen color would deal damage to you "
        "this turn, prevent that damage."
    ).complete


def test_a_life_total_set_to_a_number():
    """ "Your life total becomes 10" (119.5), "target player's": never a gain of 10."""
    assert own("Your life total becomes 10.").steps == (SetLifeTotal(YOU, Amount(10)),)
    (step,) = read_effect("Target player's life total becomes 10.", "Test Card", "spell").steps
    assert step == SetLifeTotal(T(0), Amount(10))


@pytest.mark.parametrize("kind", [PreventFromChosenSource, SetLifeTotal, PreventDamage])
def test_new_instructions_are_refused_on_resolution(kind):
    """None is carried out yet: carry_out refuses an instruction with no handler, naming it
    (cases/playout-resolution/prevent-next-time-chosen-source-refused.yaml,
    life-total-becomes-refused.yaml)."""
    from mtgrules.rules.effects.resolution import HANDLERS

    assert kind not in HANDLERS


def test_new_readings_round_trip_through_the_codec():
    for words in (
        "The next time a red source of your choice would deal damage to you this turn, "
        "prevent that damage.",
        "Your life total becomes 10.",
    ):
        script = own(words)
        assert script.complete and effect_codec.loads(effect_codec.dumps(script)) == script


def test_the_life_lost_and_the_damage_dealt_this_way(corpus):
    """ "You gain life equal to the life lost this way": what the instruction before did
    (119.3), never 0 nor a fixed number; the play-out refuses the count (not taken yet)."""
    from types import SimpleNamespace

    from mtgrules.rules import Unsupported
    from mtgrules.rules.effects.context import amount_of

    name = "Shard of the Nightbringer"
    script = read_effect(effect_of(corpus, name, "triggered"), name, "triggered")
    assert script.complete and script.steps[-1].amount == Amount(count="life_lost")
    assert "the life lost this way" in script.steps[-1].render()
    (_, gain) = own(
        "Test Card deals 3 damage to any target. You gain life equal to the damage dealt this way."
    ).steps
    assert gain.amount == Amount(count="damage_dealt")
    ctx = SimpleNamespace(source=SimpleNamespace(label="Test Card"), x=None)
    with pytest.raises(Unsupported):
        amount_of(None, gain.amount, ctx)


def test_becomes_with_base_power_and_toughness():
    """ "becomes a Shapeshifter artifact creature with base power and toughness 3/3": its
    base power and toughness (613.4b), types and subtype, until end of turn."""
    (step,) = own(
        "Test Card becomes a Shapeshifter artifact creature with base power and toughness 3/3 "
        "until end of turn.",
        "activated",
    ).steps
    assert (step.power, step.toughness, step.duration) == (3, 3, "end_of_turn")
    assert step.types == ("Artifact", "Creature") and step.subtypes == ("Shapeshifter",)


def test_a_lone_subject_is_never_taken_for_a_group():
    """ "It gets +2/+2", "this creature gets ...": the object named, not a group headed by
    the word "it" (which would leave the sentence unread)."""
    (pump,) = own("It gets +2/+2 until end of turn.", "triggered").steps
    assert pump.what == Subject("that", noun="object")
    (pump,) = own("Test Card gets +1/+1 until end of turn.", "activated").steps
    assert pump.what.kind == "self"


def test_those_creatures_stay_what_was_named():
    """ "Untap all creatures you control. Those creatures get +1/+1": the creatures named
    before, never a group headed by the word "those" (which left the sentence unread)."""
    _, pump = own(
        "Untap all creatures you control. Those creatures get +1/+1 until end of turn.",
        "activated",
    ).steps
    assert pump.what.kind == "each" and pump.what.group.whose == "you"


def test_a_pronoun_after_a_sentence_is_not_the_events():
    """ "Sacrifice a creature. You gain life equal to that creature's toughness": the
    sacrificed creature, which the reader doesn't keep, so unread; never what the trigger
    event named."""
    assert not own(
        "Sacrifice a creature. You gain life equal to that creature's toughness.", "triggered"
    ).complete
    assert not own(
        "Exile a permanent card from your graveyard. You gain life equal to its mana value.",
        "triggered",
    ).complete
