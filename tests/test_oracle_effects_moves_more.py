"""Permanents "not of a subtype" chosen as an effect resolves, returned or sacrificed, and a
target player's cards shuffled from their graveyard into their library
(cards/oracle/effects_zones.py; docs/effects.md, "Zone changes, linked exiles, control"):
real Oracle text read from the corpus (../shared/data/cards, skipped when absent) and
sentences written here.

The guards fail on a misreading: the "non-Lair" quality dropped (the Lair itself, or another
Lair, could be returned: the group would be every land you control), a word that is no
subtype read as one, the player who sacrifices taken from the wrong words, cards from
"your graveyard" (or a player who isn't the one named) shuffled into "their library", and a
permanent kept from untapping "for as long as ..." read as for the next untap step only
(or as a group read again later)."""

from __future__ import annotations

from mtgrules.cards.effects import SELF, YOU, Amount, Exile, Move, Sacrifice, Script, Subject
from mtgrules.cards.effects_amounts import Unless
from mtgrules.cards.effects_continuous import NoUntapWhile
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


def test_target_cards_shuffled_into_their_owners_library(corpus):
    """Gaea's Blessing: the target cards from the target player's graveyard go into their
    library, which is shuffled (701.24a); Rite of Renewal's second target phrase is the
    cards, after its own (index 2)."""
    read = read_effect(effect_of(corpus, "Gaea's Blessing", "spell"), "Gaea's Blessing", "spell")
    assert read == Script((Move(Subject("target", index=1), zone="library_shuffled"),))
    name = "Rite of Renewal"
    read = read_effect(effect_of(corpus, name, "spell"), name, "spell")
    assert read.steps[1:] == (
        Move(Subject("target", index=2), zone="library_shuffled"),
        Exile(SELF),
    )
    assert not read.unread


def test_whose_cards_are_shuffled_must_be_the_players():
    """Cards from "your graveyard", or players who aren't the one target player ("each
    player": whose graveyard the targets are in isn't one player's), stay unread."""
    for text in (
        "Target player shuffles target card from your graveyard into their library.",
        "Each player shuffles up to two target cards from their graveyard into their library.",
    ):
        assert read_effect(text, "Test Card", "spell").unread, text


def test_kept_from_untapping_while_the_source_stays_tapped(corpus):
    """Mole Worms: the land stays tapped through its controller's untap steps for as long as
    the Worms remain tapped (611.2b), not for the next untap step only; Icefall Regent: for
    as long as you control it."""
    read = read_effect(effect_of(corpus, "Mole Worms", "activated"), "Mole Worms", "activated")
    target = Subject("target", index=0)
    assert read.steps[1] == NoUntapWhile(target, "while_self_tapped")
    assert "for as long as this object remains tapped" in read.steps[1].render()
    read = card(corpus, "Icefall Regent")
    assert read.steps[1] == NoUntapWhile(target, "while_you_control_self")


def test_a_group_kept_from_untapping_stays_unread():
    """ "Those creatures" after "all creatures target player controls" are the ones tapped
    then: a group read again later would take in others."""
    text = (
        "Tap all creatures target player controls. Those creatures don't untap during their"
        " controllers' untap steps for as long as you control this creature."
    )
    assert read_effect(text, "Test Card", "triggered").unread


def test_the_linked_exiled_cards_put_into_their_owners_hand_or_graveyard(corpus):
    """Kyren Archive and Gustha's Scepter put the cards their linked ability exiled (CR
    607.2a) into "their owner's" hand or graveyard: each card's own owner's (400.3)."""
    assert card(corpus, "Kyren Archive", "activated") == Script(
        (Move(Subject("exiled_with"), zone="hand"),)
    )
    assert card(corpus, "Gustha's Scepter") == Script(
        (Move(Subject("exiled_with"), zone="graveyard"),)
    )
