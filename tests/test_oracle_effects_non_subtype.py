"""Permanents "not of a subtype" chosen as an effect resolves, returned or sacrificed
(cards/oracle/effects_zones.py; docs/effects.md, "Zone changes, linked exiles, control"):
real Oracle text read from the corpus (../shared/data/cards, skipped when absent) and
sentences written here.

The guards fail on a misreading: the "non-Lair" quality dropped (the Lair itself, or another
Lair, could be returned: the group would be every land you control), a word that is no
subtype read as one, and the player who sacrifices taken from the wrong words."""

from __future__ import annotations

from mtgrules.cards.effects import YOU, Amount, Move, Sacrifice, Script, Subject
from mtgrules.cards.effects_amounts import Unless
from mtgrules.cards.effects_groups import Selection
from mtgrules.cards.oracle.effects import read_effect
from mtgrules.cards.statics import Group
from tests.test_oracle_effects import effect_of


def card(corpus, name: str, kind: str = "triggered") -> Script:
    return read_effect(effect_of(corpus, name, kind), name, kind)


def test_a_land_that_isnt_a_lair_returned(corpus):
    """Crosis's Catacombs: sacrificed unless a land you control that isn't a Lair is
    returned to its owner's hand, chosen as it resolves (608.2d, 205.3)."""
    read = card(corpus, "Crosis's Catacombs")
    assert not read.unread and isinstance(read.steps[0], Unless)
    lands = Group(noun="land", qualities=("non-Lair",))
    chosen = Selection(group=lands, count=1)
    assert read.steps[0].pay == Move(Subject("selection", selection=chosen), zone="hand")


def test_a_creature_that_isnt_of_a_type_sacrificed(corpus):
    """Anowon: each player sacrifices a creature they control that isn't a Vampire
    (701.21a); Archdemon of Unx: you sacrifice a creature that isn't a Zombie, then make one."""
    non_vampire = Group(noun="creature", whose="any", qualities=("non-Vampire",))
    assert card(corpus, "Anowon, the Ruin Sage") == Script(
        (Sacrifice(Subject("each_player"), Subject("chosen", group=non_vampire), Amount(1)),)
    )
    read = card(corpus, "Archdemon of Unx")
    non_zombie = Group(noun="creature", whose="any", qualities=("non-Zombie",))
    assert read.steps[0] == Sacrifice(YOU, Subject("chosen", group=non_zombie), Amount(1))
    assert not read.unread


def test_no_subtype_stays_unread():
    """A word that is no subtype, or more adjectives than the reading holds."""
    for text in (
        "Sacrifice a non-Foo creature.",
        "Return a non-Lair basic land you control to its owner's hand.",
    ):
        assert read_effect(text, "Test Card", "spell").unread, text
