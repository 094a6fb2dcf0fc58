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

from mtgrules.cards.effects import AddMana, Amount, Script, Subject, Tap
from mtgrules.cards.effects_actions import NoUntap
from mtgrules.cards.effects_changes import AddManaOf
from mtgrules.cards.effects_continuous import NoUntapWhile
from mtgrules.cards.effects_frames import TRIGGER_LIMITS
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


def test_one_mana_of_a_type_that_land_produced(corpus):
    """Mana Flare: the player who tapped the land adds one mana of a type it produced (the
    mana reader's Mana), only in a triggered ability whose event tapped it (106.12a)."""
    (step,) = card(corpus, "Mana Flare").steps
    assert step.who == THAT_PLAYER
    assert step.mana.mana.one_of_produced == 1 and step.mana.mana.produced_by == "land"
    assert not own("Add one mana of any type that land produced.", "activated").complete
    assert not own("Tap target land. Add one mana of any type that land produced.").complete


def test_your_own_mana_is_unchanged():
    """The controller's own mana stays the plain AddMana (and a spell that adds is its
    controller, 608.2c)."""
    (step,) = own("Add {G}{G}.", "spell").steps
    assert isinstance(step, AddMana)
    (step,) = own("Destroy target land. Its controller adds {R}.", "spell").steps[1:]
    assert step.who == Subject("its_controller", index=0)


def test_mana_no_player_adds_stays_unread():
    """An object doesn't add mana; another player's "your commander's" colors aren't theirs;
    and no land named before it produced mana."""
    assert not own("Create a 1/1 red Elf creature token. It adds {G}.").complete
    assert not own(
        "That player adds one mana of any color in your commander's color identity."
    ).complete


@pytest.mark.parametrize(
    "text",
    [
        "Its controller adds an additional {G}.",
        "Tap target creature. It doesn't untap during its controller's untap step for as long "
        "as you control this creature.",
    ],
)
def test_the_new_instructions_are_refused_by_the_play_out(text):
    from mtgrules.rules.effects.resolution import carry_out

    step = own(text).steps[-1]
    ctx = SimpleNamespace(source=SimpleNamespace(label="Test Card"))
    with pytest.raises(Unsupported, match=re.escape(step.render())):
        carry_out(None, Script((step,)), ctx)


# -- "doesn't untap ... for as long as ..." (CR 502.3, 611.2b) ---------------------------------


def test_no_untap_for_as_long_as(corpus):
    """Dungeon Geists' target stays tapped for as long as you control the Geists, Rust Tick's
    for as long as it remains tapped: every untap step of that while, never only the next
    one (NoUntap) nor forever."""
    tap, hold = card(corpus, "Dungeon Geists").steps
    assert tap == Tap(Subject("target", index=0))
    assert hold == NoUntapWhile(Subject("target", index=0), "while_you_control_self")
    assert not isinstance(hold, NoUntap)
    _tap, hold = card(corpus, "Rust Tick", "activated").steps
    assert hold == NoUntapWhile(Subject("target", index=0), "while_self_tapped")
    (_tap, hold) = card(corpus, "Neko-Te").steps  # "that creature": the event's
    assert hold == NoUntapWhile(Subject("that", noun="creature"), "while_self_on_battlefield")
    _tap, hold = card(corpus, "Shipbreaker Kraken").steps
    assert hold.what == Subject("target", index=0) and "untap steps for as long as" in hold.render()


def test_no_untap_while_something_else_stays_unread(corpus):
    """Dread Wight's "for as long as it has a paralyzation counter on it" is no duration read;
    a player doesn't untap; "doesn't" of several objects is no reading."""
    assert not card(corpus, "Dread Wight").complete
    assert not own(
        "You don't untap during its controller's untap step for as long as you control this creature."
    ).complete
    assert not own(
        "Tap all creatures target player controls. Those creatures doesn't untap during "
        "their controllers' untap steps for as long as this artifact remains tapped."
    ).complete


# -- "Do this only once each turn." (CR 603.2h) ------------------------------------------------


def test_do_this_only_once_each_turn_is_the_trigger_limit(corpus):
    """Irreverent Gremlin: the loot is read, and the limit kept with the trigger (never
    dropped, which would let it trigger again after its controller looted), only as the last
    sentence of a triggered ability."""
    script = card(corpus, "Irreverent Gremlin")
    assert script.complete and script.trigger_limit == "if_not_done_this_turn"
    assert script.trigger_limit in TRIGGER_LIMITS
    assert "(it triggers only if not done this turn)" in script.render()
    assert not own("You may draw a card. Do this only once each turn.", "activated").complete
    assert not own("You may draw a card. Do this only once each turn. Draw a card.").complete
    assert not own("Do this only once each turn.").complete


def test_a_limited_trigger_is_refused_by_the_play_out():
    from mtgrules.rules.effects.guards import refuse_unfollowed

    script = own("You may draw a card. Do this only once each turn.")
    with pytest.raises(Unsupported, match=re.escape("603.2h")):
        refuse_unfollowed(script, "Test Card")


# -- a group the defending player controls (CR 508.5, 109.5) -----------------------------------


def test_a_group_defending_player_controls(corpus):
    """Swathcutter Giant's damage and Torrent Elemental's tap: the creatures of the player the
    attacker is attacking, never every creature nor that player's (another player named)."""
    (deal,) = card(corpus, "Swathcutter Giant").steps
    assert deal.to.group.whose == "player" and deal.to.group.player == "defending_player:0"
    assert "each creature the defending player controls" in deal.render()
    (tap,) = card(corpus, "Torrent Elemental").steps
    assert tap.what.group.noun == "creature" and tap.what.group.player == "defending_player:0"


def test_each_other_creature_defending_player_controls_stays_unread(corpus):
    """Kusari-Gama's "each other creature": other than the blocker its event named, not than
    the source (Group.other), so unread."""
    assert not card(corpus, "Kusari-Gama").complete
