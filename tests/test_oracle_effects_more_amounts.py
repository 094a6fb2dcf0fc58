"""More amounts the Oracle effect reader reads (cards/oracle/more_amounts.py; docs/effects.md,
"More amounts"): real Oracle text read from the corpus (skipped when absent) and texts
written here.

The guards fail on a misreading: X mana "of any one color" read as one mana of any color or
as the mana reader's fixed amount, a combination of two colors read as any colors, a
restriction on spending it dropped, and a fixed number of mana taken from the mana reader."""

from __future__ import annotations

from mtgrules.cards.effects import SELF, AddMana, Amount, DealDamage, Subject
from mtgrules.cards.effects_changes import AddManaOf, RestrictedMana
from mtgrules.cards.oracle.effects import read_effect
from tests.test_oracle_effects import effect_of


def card(corpus, name: str, kind: str, n: int = 0):
    return read_effect(effect_of(corpus, name, kind, n), name, kind)


def test_x_mana_of_any_one_color(corpus):
    """Haruspex adds X mana of one color, X as announced with its cost (107.3a);
    Metamorphosis's X is what its text says (107.3c), and its mana may be spent only on
    creature spells."""
    assert card(corpus, "Haruspex", "activated").steps == (
        AddManaOf(Amount(x=True), "any one color"),
    )
    (step,) = card(corpus, "Metamorphosis", "spell").steps
    assert isinstance(step, RestrictedMana) and step.spend_only == "to cast creature spells"
    sacrificed = Amount(count="mana_value", of=Subject("sacrificed"), plus=1)
    assert step.mana == AddManaOf(sacrificed, "any one color")
    assert "any one color" in step.render()


def test_x_mana_in_a_combination_of_two_colors(corpus):
    (step,) = card(corpus, "Molten Slagheap", "activated", 2).steps
    assert step == AddManaOf(Amount(x=True), "any combination of {B} and/or {R}")


def test_a_number_of_mana_of_any_one_color_stays_the_mana_readers():
    (step,) = read_effect("Add two mana of any one color.", "Test Card", "activated").steps
    assert isinstance(step, AddMana) and step.mana.any_color == 2
    # another player adding it is not read as yours
    text = "Target player adds X mana in any combination of {U} and/or {R}."
    assert read_effect(text, "Test Card", "activated").unread


def test_damage_an_object_deals_to_itself():
    """The dealing object is the one dealt the damage (CR 120.3), after the damage to another
    in the words' order; each creature of a group dealing damage to itself is not read."""
    (first, second) = read_effect(
        "This creature deals 2 damage to any target and 3 damage to itself.",
        "Test Card",
        "activated",
    ).steps
    assert first == DealDamage(Amount(2), Subject("target"), SELF)
    assert second == DealDamage(Amount(3), SELF, SELF)
    target = Subject("target")
    (step,) = read_effect(
        "Target creature deals damage to itself equal to its power.", "Test Card", "spell"
    ).steps
    assert step == DealDamage(Amount(count="power_of", of=target), target, target)
    for text in (
        "Each creature deals damage to itself equal to its power.",
        "Target player deals 6 damage to itself.",
    ):
        assert read_effect(text, "Test Card", "spell").unread, text


def test_that_creatures_power_is_never_the_source(corpus):
    """Kresh the Bloodbraided counts the creature that died, not itself: "that creature's"
    bound to the source (its "that creature" read after the words naming the source) would
    be Kresh's own power; unread."""
    kresh = card(corpus, "Kresh the Bloodbraided", "triggered")
    assert kresh.unread and not kresh.steps
    # Terror of the Peaks's damage was read as its own power
    terror = card(corpus, "Terror of the Peaks", "triggered")
    assert terror.unread and not terror.steps
    text = "You may put X +1/+1 counters on this creature, where X is that creature's power."
    assert read_effect(text, "Test Card", "triggered").unread
    # a creature the words named before is still that creature
    (_destroy, gain) = read_effect(
        "Destroy target creature. You gain life equal to that creature's power.",
        "Test Card",
        "spell",
    ).steps
    assert gain.amount == Amount(count="power_of", of=Subject("target"))
