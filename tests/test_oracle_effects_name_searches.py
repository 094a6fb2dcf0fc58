"""The Oracle effect reader's searches of a player's graveyard, hand and library for the cards
with one name, which are exiled (cards/oracle/name_searches.py, cards/effects_moves.py
ExileSameName; docs/effects.md, "Cards with one name exiled"): real Oracle text read from
the corpus (../shared/data/cards, skipped when absent) and texts written here.

The guards fail on a misreading: the name taken from an object the words don't name (no
target before "that land"), "that name" read with no name chosen in the same effect (a
permanent's name chosen as it entered is another ability's, 607.2d), "its owner's" read as
its controller's, and "that player" bound to a player the effect never named."""

from __future__ import annotations

from mtgrules.cards.effects import Counter, Exile, Script, Subject
from mtgrules.cards.effects_library import CHOSEN_CARD, ShuffleLibrary
from mtgrules.cards.effects_moves import ExileSameName
from mtgrules.cards.effects_named import ChooseValue
from mtgrules.cards.oracle.effects import read_effect
from tests.test_oracle_effects import effect_of

TARGET = Subject("target", index=0)
ITS_CONTROLLER = Subject("its_controller", index=0)


def card(corpus, name: str, kind: str = "spell") -> Script:
    return read_effect(effect_of(corpus, name, kind), name, kind)


def own(text: str, kind: str = "spell") -> Script:
    return read_effect(text, "Test Card", kind)


def test_the_targets_name_in_its_controllers_zones(corpus):
    """Splinter exiles the target, then every card with its name its controller has (the
    graveyard's all found, the hidden zones' as the searcher chooses, 701.23b); that player
    shuffles. Counterbore's target is a spell, countered first."""
    assert card(corpus, "Splinter") == Script(
        (
            Exile(TARGET),
            ExileSameName(ITS_CONTROLLER, TARGET, "all"),
            ShuffleLibrary(ITS_CONTROLLER),
        )
    )
    read = card(corpus, "Counterbore")
    assert read.steps[0] == Counter(TARGET) and not read.unread
    assert read.steps[1] == ExileSameName(ITS_CONTROLLER, TARGET, "all")
    assert card(corpus, "Crumble to Dust").steps[1].how == "any"  # "any number of cards"


def test_a_card_name_chosen_before(corpus):
    """Memoricide's name is the one chosen first in the same effect; the target player is
    searched and shuffles. Ancient Vendetta finds at most four."""
    assert card(corpus, "Memoricide") == Script(
        (
            ChooseValue("nonland card name"),
            ExileSameName(TARGET, None, "any"),
            ShuffleLibrary(TARGET),
        )
    )
    assert card(corpus, "Ancient Vendetta").steps[1] == ExileSameName(TARGET, None, "up_to", 4)
    assert "chosen card name" in card(corpus, "Ancient Vendetta").steps[1].render()


def test_the_card_chosen_from_that_players_hand(corpus):
    """Shimian Specter: the card chosen from the hand the trigger's player revealed, and that
    player's zones."""
    read = card(corpus, "Shimian Specter", "triggered")
    that = Subject("that", noun="player")
    assert read.steps[2] == ExileSameName(that, CHOSEN_CARD, "all")
    assert read.steps[3] == ShuffleLibrary(that) and not read.unread


def test_whose_name_and_whose_zones_must_be_named_before(corpus):
    """Surgical Extraction searches its OWNER's zones: not read as its controller's. With no
    target before, "that land" and "its controller" name nothing; "that name" with no name
    chosen in this effect is a name chosen elsewhere (607.2d); a color is no name."""
    assert card(corpus, "Surgical Extraction").unread
    zones = "graveyard, hand, and library"
    for text in (
        f"Search its controller's {zones} for all cards with the same name as that land and"
        " exile them.",
        f"Search target player's {zones} for all cards with that name and exile them.",
        f"Choose a color. Search target player's {zones} for all cards with that name and"
        " exile them.",
        f"Search that player's {zones} for all cards with that name and exile them.",
        f"Exile target card from a graveyard. Search that player's {zones} for all cards"
        " with the same name as that card and exile them.",
    ):
        assert own(text).unread, text
