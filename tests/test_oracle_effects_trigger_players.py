"""The Oracle effect reader's players a triggered ability names (cards/oracle/trigger_players.py,
cards/effects_players.py; docs/effects.md, "Players a triggered ability names"): real Oracle
text read from the corpus (../shared/data/cards, skipped when absent) and texts written here.

The guards fail on a misreading: mana another player adds read as the ability's controller's
(``AddMana`` adds to the controller's pool), an object adding mana, "your commander's" colors
for another player, and a play-out that carries out mana it has no rule for."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest

from mtgrules.cards.effects import AddMana, Amount, Script, Subject
from mtgrules.cards.effects_changes import AddManaOf
from mtgrules.cards.effects_players import PlayerAddsMana
from mtgrules.cards.oracle.effects import read_effect
from mtgrules.rules import Unsupported
from tests.test_oracle_effects import effect_of

THAT_CONTROLLER = Subject("that_controller")
THAT_PLAYER = Subject("that", noun="player")


def card(corpus, name: str, kind: str = "triggered") -> Script:
    return read_effect(effect_of(corpus, name, kind), name, kind)


def own(text: str, kind: str = "triggered") -> Script:
    return read_effect(text, "Test Card", kind)


# -- mana another player adds (CR 106.4, 605.1b, 106.12a) -------------------------------------


def test_its_controller_adds_an_additional_mana(corpus):
    """Overgrowth's and Wild Growth's mana: the enchanted land's controller adds it (the
    event's object's controller), never the Aura's controller as a plain AddMana would."""
    (step,) = card(corpus, "Overgrowth").steps
    assert isinstance(step, PlayerAddsMana) and step.who == THAT_CONTROLLER
    assert isinstance(step.mana, AddMana) and step.mana.symbols == "{G}{G}"
    (step,) = card(corpus, "Wild Growth").steps
    assert step.who == THAT_CONTROLLER and step.mana.symbols == "{G}"
    (step,) = card(corpus, "Utopia Sprawl").steps
    assert step == PlayerAddsMana(THAT_CONTROLLER, AddManaOf(Amount(1), "the chosen color"))
    (step,) = card(corpus, "Dawn's Reflection").steps
    assert step.mana == AddManaOf(Amount(2), "any combination of colors")
    assert step.render() == "that object's controller adds 2 mana of any combination of colors"


def test_that_player_adds_mana(corpus):
    """Magus of the Vineyard: the player whose main phase it is (the event's player)."""
    (step,) = card(corpus, "Magus of the Vineyard").steps
    assert step.who == THAT_PLAYER and step.mana.symbols == "{G}{G}"


def test_your_own_mana_is_unchanged():
    """The controller's own mana stays the plain AddMana (and a spell that adds is its
    controller, 608.2c)."""
    (step,) = own("Add {G}{G}.", "spell").steps
    assert isinstance(step, AddMana)
    (step,) = own("Destroy target land. Its controller adds {R}.", "spell").steps[1:]
    assert step.who == Subject("its_controller", index=0)


def test_mana_no_player_adds_stays_unread():
    """An object doesn't add mana; another player's "your commander's" colors aren't theirs;
    "that land produced" is a kind of mana not read."""
    assert not own("Create a 1/1 red Elf creature token. It adds {G}.").complete
    assert not own(
        "That player adds one mana of any color in your commander's color identity."
    ).complete
    assert not own("That player adds one mana of any type that land produced.").complete


def test_mana_another_player_adds_is_refused_by_the_play_out():
    from mtgrules.rules.effects.resolution import carry_out

    step = own("Its controller adds an additional {G}.").steps[0]
    ctx = SimpleNamespace(source=SimpleNamespace(label="Test Card"))
    with pytest.raises(Unsupported, match=re.escape(step.render())):
        carry_out(None, Script((step,)), ctx)
