"""More amounts the Oracle effect reader reads (cards/oracle/more_amounts.py; docs/effects.md,
"More amounts"): real Oracle text read from the corpus (skipped when absent) and texts
written here.

The guards fail on a misreading: X mana "of any one color" read as one mana of any color or
as the mana reader's fixed amount, a combination of two colors read as any colors, a
restriction on spending it dropped, and a fixed number of mana taken from the mana reader."""

from __future__ import annotations

from mtgrules.cards.effects import AddMana, Amount, Subject
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
