"""The Oracle effect reader's conditions on how this spell was cast: the mana spent to cast
it and whether it was cast in a main phase (cards/effects_conditions.py ManaSpent,
CastInMainPhase; docs/effects.md, "How this spell was cast"): real Oracle text read from
the corpus (../shared/data/cards, skipped when absent) and texts written here.

The guards fail on a misreading: the color of "{U}" or of "three blue mana" taken wrong, a
count other than the words', the condition read on an ability (which isn't cast), or the
instruction governed by the condition followed anyway."""

from __future__ import annotations

from mtgrules.cards.effects import YOU, Amount, Draw, Script
from mtgrules.cards.effects_conditions import CastInMainPhase, If, ManaSpent
from mtgrules.cards.effects_instead import Instead
from mtgrules.cards.oracle.effects import read_effect
from tests.test_oracle_effects import effect_of


def card(corpus, name: str, n: int = 0) -> Script:
    """The ``n``-th spell paragraph of the card, read."""
    return read_effect(effect_of(corpus, name, "spell", n), name, "spell")


def own(text: str, kind: str = "spell") -> Script:
    return read_effect(text, "Test Card", kind)


def test_a_mana_symbol_spent(corpus):
    """Ribbons of Night draws only if {U} was spent to cast it (CR 601.2h); Repel Intruders
    has two instructions, each governed by its own color after it."""
    last = card(corpus, "Ribbons of Night").steps[-1]
    assert isinstance(last, If) and last.condition == ManaSpent("U")
    assert isinstance(last.then.steps[0], Draw)
    read = card(corpus, "Repel Intruders")
    assert [s.condition for s in read.steps] == [ManaSpent("W"), ManaSpent("U")]
    assert not read.unread


def test_at_least_three_mana_of_a_color(corpus):
    """Adamant (207.2c): at least three mana of the named color."""
    read = card(corpus, "Cauldron's Gift")
    assert read.steps[0].condition == ManaSpent("B", at_least=3, symbol=False)
    assert card(corpus, "Turn into a Pumpkin", 1).steps[0].condition == ManaSpent(
        "U", at_least=3, symbol=False
    )
    assert ManaSpent("U", at_least=3, symbol=False).render() == (
        "at least three blue mana was spent to cast this spell"
    )


def test_cast_during_your_main_phase(corpus):
    """Addendum (505.1); with "instead", the other instruction is the otherwise branch."""
    assert card(corpus, "Sphinx's Insight", 1).steps[0].condition == CastInMainPhase()
    krosa = card(corpus, "Might of Old Krosa").steps[0]
    assert isinstance(krosa, Instead) and krosa.condition == CastInMainPhase()
    assert (krosa.then.steps[0].power, krosa.otherwise.steps[0].power) == (4, 2)


def test_not_on_an_ability_nor_other_mana():
    """An ability isn't cast: the words don't apply to it; mana of a source or of a kind
    the condition doesn't hold stays unread."""
    assert own("If {U} was spent to cast this spell, draw a card.", "activated").unread
    assert own("If mana from a Treasure was spent to cast this spell, draw a card.").unread
    assert own("If {U}{B} was spent to cast this spell, draw a card.").unread
    assert own("If at least three blue mana was spent to cast this spell, draw a card.") == (
        Script((If(ManaSpent("U", at_least=3, symbol=False), Script((Draw(YOU, Amount(1)),))),))
    )
