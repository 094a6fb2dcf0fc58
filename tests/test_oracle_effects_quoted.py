"""Abilities in quotes that an effect gives (cards/oracle/effects_quoted.py; docs/effects.md,
"Quoted abilities"): read by the ability reader that reads printed abilities, an activated or
triggered one with its effect read by the effect reader. Real Oracle text is read from the
corpus (../shared/data/cards, skipped when absent); the other sentences are written here.

The guards fail on a misreading: an object given a pump without the ability that comes with
it, an ability read as another kind or with its effect unread, a target inside the quote
taken as the effect's own, "this creature" in the quote taken as anything but the object
that has it, a quote naming the card read as the token's, and a reading the codec can't
store."""

from __future__ import annotations

from mtgrules.cards.effect_codec import dumps, loads
from mtgrules.cards.effects import (
    SELF,
    DealDamage,
    Draw,
    GainLife,
    Modify,
    Sacrifice,
    Script,
    Subject,
)
from mtgrules.cards.effects_changes import Becomes
from mtgrules.cards.effects_counters import GetEmblem
from mtgrules.cards.effects_game import CreateTokenCopy
from mtgrules.cards.oracle.effects import read_effect
from mtgrules.cards.oracle.effects_quoted import MAX_DEPTH
from mtgrules.cards.vocabulary import AbilityKind
from tests.test_oracle_effects import T, effect_of


def own(text: str, kind: str = "spell", name: str = "Test Card") -> Script:
    return read_effect(text, name, kind)


def one_step(text: str, kind: str = "spell"):
    script = own(text, kind)
    assert script.complete, script.unread
    (step,) = script.steps
    return step


def test_a_granted_activated_ability_keeps_its_own_target():
    """CR 113.10, 611.2a: the creature gains the ability until end of turn; the quote's "any
    target" is the ability's, chosen when it is activated (602.2b), not the spell's: the
    spell has one target, the ability's effect its own target 0; "this creature" in it is
    the creature that has it (201.5)."""
    step = one_step(
        'Target creature gains "{T}: This creature deals 1 damage to any target." until end of turn.'
    )
    assert isinstance(step, Modify) and step.what == T(0) and step.duration == "end_of_turn"
    assert (step.power, step.toughness, step.keywords) == (0, 0, ())
    (ability,) = step.abilities
    assert ability.kind is AbilityKind.ACTIVATED and ability.cost.tap
    (inner,) = ability.effect.script.steps
    assert isinstance(inner, DealDamage) and inner.source == SELF and inner.to == T(0)
    assert inner.amount.fixed == 1


def test_a_pump_and_a_quoted_ability_are_one_grant_for_the_sentences_duration():
    """ "Until end of turn, target creature gets +2/+0 and gains "..."": both for the
    sentence's duration (611.2a, 613.4c, 613.1f); the trigger's effect as the effect reader
    reads it."""
    step = one_step(
        'Until end of turn, target creature gets +2/+0 and gains "When this creature dies, '
        'draw a card."'
    )
    assert isinstance(step, Modify) and (step.power, step.toughness) == (2, 0)
    assert step.duration == "end_of_turn"
    (ability,) = step.abilities
    assert ability.kind is AbilityKind.TRIGGERED
    assert [type(s) for s in ability.effect.script.steps] == [Draw]
    # keywords and a quote together, a duration after them
    step = one_step(
        'Target creature gets +1/+1 and gains haste and "At the beginning of the end step, '
        'sacrifice this creature." until end of turn.'
    )
    assert step.keywords == ("haste",) and len(step.abilities) == 1
    (sac,) = step.abilities[0].effect.script.steps
    assert isinstance(sac, Sacrifice) and sac.what == SELF
    # no duration stated: for as long as the effect lasts (611.2a), never "until end of turn"
    step = one_step('It gains "When this creature dies, you gain 2 life."', "triggered")
    assert isinstance(step, Modify) and step.duration == ""


def test_a_tokens_quoted_abilities_of_every_kind(corpus):
    """CR 111.3: the quoted abilities are the token's text: a static one the ability reader
    holds ("This token can't block.", its rule's key), a triggered one with its effect, after
    keywords; "this token" in a trigger's effect is the token (its source)."""
    (step,) = own('Create a 1/1 black Rat creature token with "This token can\'t block."').steps
    (static,) = step.token.abilities
    assert static.kind is AbilityKind.STATIC and static.unasked_rule == "cant_block"
    (step,) = own(
        'Create a 2/2 red Devil creature token with menace and "When this token dies, this '
        'token deals 1 damage to any target."'
    ).steps
    assert step.token.keywords == ("menace",)
    (trigger,) = step.token.abilities
    (damage,) = trigger.effect.script.steps
    assert isinstance(damage, DealDamage) and damage.source == SELF and damage.to == T(0)
    # a real card: the devil's trigger read whole, the outer effect without targets
    real = read_effect(effect_of(corpus, "Zariel, Archduke of Avernus", "activated", 1), "Zariel")
    assert real.complete
    (made,) = real.steps
    assert [a.kind for a in made.token.abilities] == [AbilityKind.TRIGGERED]


def test_an_emblems_abilities_with_their_effects():
    """CR 114.1, 114.2: the emblem's triggered ability with its effect read; two quotes,
    two abilities (113.2c)."""
    step = one_step(
        'You get an emblem with "Creatures you control get +1/+1." and "At the beginning of '
        'your upkeep, you gain 1 life."'
    )
    assert isinstance(step, GetEmblem)
    boost, upkeep = step.abilities
    assert boost.kind is AbilityKind.STATIC and boost.boost is not None
    assert [type(s) for s in upkeep.effect.script.steps] == [GainLife]


def test_becomes_a_creature_with_a_quoted_ability():
    """CR 613.1d-f: the land becomes a creature with the ability, until end of turn."""
    step = one_step(
        'Until end of turn, this land becomes a 3/3 red Elemental creature with "Whenever this '
        'creature attacks, draw a card."'
    )
    assert isinstance(step, Becomes) and step.what == SELF and step.duration == "end_of_turn"
    assert (step.power, step.toughness, step.subtypes) == (3, 3, ("Elemental",))
    (ability,) = step.abilities
    assert ability.kind is AbilityKind.TRIGGERED


def test_a_token_copy_gains_what_its_exception_says():
    """CR 707.9a: haste and the quoted ability are part of the copy's copiable values."""
    step = one_step(
        "Create a token that's a copy of target creature you control, except it has haste and "
        '"At the beginning of the end step, sacrifice this token."'
    )
    assert isinstance(step, CreateTokenCopy) and step.of == T(0) and step.keywords == ("haste",)
    (sac,) = step.abilities[0].effect.script.steps
    assert isinstance(sac, Sacrifice) and sac.what == SELF


def test_a_quoted_ability_not_read_whole_leaves_the_sentence_unread():
    """An object given part of an ability it has would answer wrong: the sentence stays
    unread in its own words: an effect the effect reader doesn't read whole, the card's own
    name in the quote (the card, not the object, 201.5a), a quote the ability reader reads
    as something else (a quote in a quote past the depth read: below)."""
    for words in (
        'Target creature gains "When this creature dies, it deals 1 damage to the player to '
        'your left." until end of turn.',
        "Target creature gains \"When this creature dies, return Test Card to its owner's "
        'hand." until end of turn.',
        'Target creature gains "This creature crews Vehicles as though its power were 2 '
        'greater." until end of turn.',
    ):
        script = own(words)
        assert not script.complete and script.unread == words, words


def test_readings_with_quoted_abilities_round_trip_the_codec():
    """Stored readings must read back equal (cards/effect_codec.py), the quoted ability's
    effect reading included."""
    for words in (
        'Target creature gets +1/+1 and gains "{T}: This creature deals 1 damage to any '
        'target." until end of turn.',
        'You get an emblem with "At the beginning of your upkeep, you gain 1 life."',
        "Create a token that's a copy of target creature you control, except it has haste and "
        '"At the beginning of the end step, sacrifice this token."',
    ):
        script = own(words)
        assert script.complete and loads(dumps(script)) == script


def test_the_rendering_names_the_quoted_ability():
    """`mtgrules card NAME` shows the ability given, in quotes, never the pump alone."""
    step = one_step('Target creature gains "{T}: Draw a card." until end of turn.')
    assert step.render() == (
        'the target gains the activated ability "{T}: Draw a card." until end of turn'
    )
    assert Subject("target", index=0) == step.what


def test_a_token_whose_quoted_ability_defines_its_power_and_toughness():
    """CR 604.3, 111.3: no P/T stated, the characteristic-defining ability in quotes gives
    them; a creature token with neither is not read (its P/T would be unknown)."""
    step = one_step(
        "Create a green Elemental creature token with \"This token's power and toughness are "
        'each equal to the number of lands you control."',
        "triggered",
    )
    assert step.token.power is None and step.token.subtypes == ("Elemental",)
    (cda,) = step.token.abilities
    assert cda.defines_pt is not None
    words = 'Create a green Elemental creature token with "When this token dies, draw a card."'
    assert own(words, "triggered").unread == words


def test_a_quote_inside_a_quote_is_read_one_level_deeper_and_no_deeper_than_the_bound():
    """A token's ability that makes a token with an ability of its own (single quotes inside
    the double ones): "this token" in the inner quote is the inner token, read by the same
    reader one level deeper; past MAX_DEPTH nothing is read (the recursion is bounded)."""
    words = (
        'Create a 3/3 blue Fish creature token with "When this token dies, create a 6/6 blue '
        "Whale creature token with 'When this token dies, draw a card.'\"."
    )
    (fish,) = own(words, "triggered").steps
    (whale,) = fish.token.abilities[0].effect.script.steps
    (draw,) = whale.token.abilities[0].effect.script.steps
    assert whale.token.subtypes == ("Whale",) and isinstance(draw, Draw)
    deep = read_effect(words, "Test Card", "triggered", depth=MAX_DEPTH)
    assert not deep.complete and deep.unread


def test_the_tokens_made_before_have_the_quoted_ability_when_the_number_agrees():
    """CR 111.3: "The tokens have ..." / "They each have flying and ..." give the tokens the
    sentence before made their keywords and quoted abilities; one token is not "the tokens"."""
    (step,) = own(
        "Create three 1/1 colorless Thopter artifact creature tokens. They each have flying "
        'and "This token can\'t block."'
    ).steps
    assert step.token.keywords == ("flying",) and step.token.abilities[0].unasked_rule
    one = 'The tokens have "Sacrifice this token: Add {C}."'
    script = own(f"Create a 1/1 white Spirit creature token. {one}")
    assert script.unread == one
