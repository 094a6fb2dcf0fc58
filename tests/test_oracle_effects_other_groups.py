"""A group "other" than something the effect named is left unread
(cards/oracle/other_groups.py; docs/effects.md, "What is refused"): real Oracle text read
from the corpus (../shared/data/cards, skipped when absent).

The guards fail on the misreading they replace: a spell's "each other creature" read as
other than the spell's source, which put the spell's own target in the group (Phalanx
Tactics pumped its target twice, Nova Flame's target dealt damage to itself)."""

from __future__ import annotations

from mtgrules.cards.effects import Script
from mtgrules.cards.oracle.effects import read_effect
from tests.test_oracle_effects import effect_of


def card(corpus, name: str, kind: str, n: int = 0) -> Script:
    """The ``n``-th effect of this kind of the card, read."""
    return read_effect(effect_of(corpus, name, kind, n), name, kind)


def test_a_spells_other_group_after_its_target_is_unread(corpus):
    for name in ("Phalanx Tactics", "Nova Flame", "Exhilarating Elocution", "Intimidation Bolt"):
        read = card(corpus, name, "spell")
        assert read.unread and not read.steps, name


def test_a_group_other_than_a_group_named_before_is_unread(corpus):
    """In Oketra's Name: "other creatures" are those that aren't the Zombies named first."""
    assert card(corpus, "In Oketra's Name", "spell").unread


def test_after_a_target_object_a_trigger_or_ability_other_group_is_unread(corpus):
    """Hotel of Fears sacrifices a creature other than its target, not other than itself."""
    assert card(corpus, "Hotel of Fears", "triggered", 1).unread


def test_other_than_the_source_still_reads(corpus):
    """A creature's own trigger that deals damage to each other creature, a count of other
    creatures as its token is created, and a token's quoted "for each other Illusion"."""
    for name in ("Crater Hellion", "Great Desert Prospector", "Minn, Wily Illusionist"):
        read = card(corpus, name, "triggered")
        assert read.complete, (name, read)
