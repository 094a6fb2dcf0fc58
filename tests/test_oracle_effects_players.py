"""The Oracle effect reader's players named in the sentence, round 5 (cards/oracle/player_phrases.py,
cards/effects_players.py; docs/effects.md, "Players named in the sentence"): real Oracle text
read from the corpus (../shared/data/cards, skipped when absent) and texts written here.

The guards fail on a misreading: "defending player" read as the ability's controller or as an
opponent (it is one player, 508.5a), "each other player" read where the words compare the
players with someone else than the controller (a triggered ability's event player), a hand
shuffled away with a graveyard it doesn't name, another player's library searched by that
player or with a shuffle the words leave to a later sentence, and any of these carried out
by a play-out that has no rule for them."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest

from mtgrules.cards.effect_subjects import DEFENDING_PLAYER, EACH_OTHER_PLAYER
from mtgrules.cards.effects import (
    YOU,
    Amount,
    Destroy,
    Discard,
    Draw,
    GainLife,
    LoseLife,
    PutCounters,
    Sacrifice,
    Script,
    Subject,
)
from mtgrules.cards.effects_actions import CardFilter, KeywordAction
from mtgrules.cards.effects_choices import TheyMay
from mtgrules.cards.effects_library import ShuffleLibrary
from mtgrules.cards.effects_players import (
    ControlOwned,
    MillHalf,
    PutHandOnLibrary,
    ReturnOwnChosen,
    SearchLibraryOf,
    ShuffleZonesIntoLibrary,
    SkipNext,
)
from mtgrules.cards.oracle.effect_texts import effect_texts
from mtgrules.cards.oracle.effects import read_effect
from mtgrules.rules import Unsupported
from tests.test_oracle_effects import T


def effect_with(corpus, name: str, kind: str, words: str) -> str:
    """The card's effect of ``kind`` whose words hold ``words``."""
    record = corpus[name]
    texts = effect_texts(name, record.get("text"), record.get("types") or ())
    found = [t for k, t in texts if k == kind and words in t]
    assert len(found) == 1, (name, kind, words)
    return found[0]


def card(corpus, name: str, kind: str, words: str) -> Script:
    return read_effect(effect_with(corpus, name, kind, words), name, kind)


def own(text: str, kind: str = "spell") -> Script:
    return read_effect(text, "Test Card", kind)


def chosen(noun: str) -> Subject:
    script = own(f"Each opponent sacrifices a {noun} of their choice.")
    return script.steps[0].what


# -- "defending player" (CR 506.2, 508.5) ---------------------------------------------------


@pytest.mark.parametrize(
    ("name", "words", "step"),
    [
        ("Slate Street Ruffian", "Defending", Discard(DEFENDING_PLAYER, Amount(1))),
        ("Vedalken Ghoul", "Defending", LoseLife(DEFENDING_PLAYER, Amount(4))),
        ("Swamp Mosquito", "Defending", PutCounters(DEFENDING_PLAYER, "poison", Amount(1))),
    ],
)
def test_defending_player_acts_or_is_acted_on(corpus, name, words, step):
    """The defending player is one player (508.5a), never "you" nor each opponent."""
    script = card(corpus, name, "triggered", words)
    assert script.complete
    assert script.steps == (step,)


def test_defending_player_sacrifices_one_of_their_choice(corpus):
    script = card(corpus, "Thraximundar", "triggered", "Defending")
    assert script.steps == (Sacrifice(DEFENDING_PLAYER, chosen("creature"), Amount(1)),)


def test_defending_player_loses_and_you_gain(corpus):
    """Reaper's Talisman: two players, each their own instruction."""
    script = card(corpus, "Reaper's Talisman", "triggered", "Defending")
    assert script.steps == (LoseLife(DEFENDING_PLAYER, Amount(2)), GainLife(YOU, Amount(2)))


def test_defending_player_may_draw_is_their_option(corpus):
    """Sibilant Spirit: the defending player chooses (608.2d), not the controller."""
    script = card(corpus, "Sibilant Spirit", "triggered", "Defending")
    draw = Draw(DEFENDING_PLAYER, Amount(1))
    assert script.steps == (TheyMay(DEFENDING_PLAYER, Script((draw,))),)


def test_that_player_after_defending_player_is_that_player():
    script = own("Defending player loses 1 life. That player discards a card.", "triggered")
    assert script.steps == (
        LoseLife(DEFENDING_PLAYER, Amount(1)),
        Discard(DEFENDING_PLAYER, Amount(1)),
    )


def test_defending_players_possessions_stay_unread():
    """ "Defending player's library" is a zone, not the player: no rule of this round."""
    script = own("Exile the top card of defending player's library.", "triggered")
    assert not script.complete


# -- "each other player": every player but you (CR 102.1) -------------------------------------


def test_each_other_player_in_a_spell_is_everyone_but_you(corpus):
    script = card(corpus, "Bond of Agony", "spell", "Each other")
    assert script.steps == (LoseLife(EACH_OTHER_PLAYER, Amount(x=True)),)


def test_each_other_player_in_an_activated_ability(corpus):
    script = card(corpus, "Deadpool, Trading Card", "activated", "Each other")
    assert script.steps == (Draw(EACH_OTHER_PLAYER, Amount(1)),)


@pytest.mark.parametrize(
    ("name", "words"), [("Grave Pact", "Each other"), ("Zenith Chronicler", "")]
)
def test_each_other_player_in_a_triggered_ability_stays_unread(corpus, name, words):
    """Zenith Chronicler's other players are those other than the one who cast the spell,
    Grave Pact's those other than its controller: the trigger condition decides, and the
    reader doesn't see it."""
    script = card(corpus, name, "triggered", words)
    assert not script.complete and not script.steps


def test_each_other_player_after_a_player_named_stays_unread():
    """Other than the target? than you? The words don't say."""
    script = own("Target player draws two cards. Each other player discards a card.")
    assert script.steps == (Draw(T(0), Amount(2)),)
    assert script.unread == "Each other player discards a card."


def test_each_other_player_after_an_unread_sentence_stays_unread():
    """The unread sentence may have named the player they are compared with."""
    script = own("Choose a player at random. Each other player loses 1 life.")
    assert not script.steps


# -- wheels: a hand and a graveyard shuffled into a library (CR 701.24a) ----------------------


def test_timetwister_shuffles_hand_and_graveyard_then_draws(corpus):
    script = card(corpus, "Timetwister", "spell", "Each player")
    each = Subject("each_player")
    assert script.steps == (ShuffleZonesIntoLibrary(each), Draw(each, Amount(7)))


def test_your_hand_and_graveyard_into_your_library(corpus):
    script = card(corpus, "Midnight Clock", "triggered", "Shuffle")
    assert script.steps[:2] == (ShuffleZonesIntoLibrary(YOU), Draw(YOU, Amount(7)))


@pytest.mark.parametrize(
    "text",
    [
        "Each player shuffles their hand into their library, then draws seven cards.",
        "Each player shuffles their hand and graveyard into your library.",
        "Each player may shuffle their hand and graveyard into their library.",
    ],
)
def test_other_shuffles_stay_unread(text):
    """A hand alone (how many cards are drawn may count them), another player's library,
    an option whose "who does" follows: not this reading."""
    assert not any(isinstance(s, ShuffleZonesIntoLibrary) for s in own(text).steps)


# -- another player's library searched (CR 701.23a) ------------------------------------------


def test_jesters_cap_searches_the_targets_library_then_they_shuffle(corpus):
    script = card(corpus, "Jester's Cap", "activated", "Search")
    assert script.steps == (
        SearchLibraryOf(T(0), CardFilter(), "exile", Amount(3)),
        ShuffleLibrary(T(0)),
    )


def test_bribery_puts_the_card_found_under_your_control(corpus):
    script = card(corpus, "Bribery", "spell", "Search")
    creature = CardFilter(types=("Creature",))
    assert script.steps == (
        SearchLibraryOf(T(0), creature, "battlefield", Amount(1)),
        ShuffleLibrary(T(0)),
    )


def test_lifes_finale_up_to_three_into_their_graveyard(corpus):
    script = card(corpus, "Life's Finale", "spell", "search")
    creature = CardFilter(types=("Creature",))
    assert script.steps[0] == own("Destroy all creatures.").steps[0]
    assert isinstance(script.steps[0], Destroy)
    assert script.steps[1:] == (
        SearchLibraryOf(T(0), creature, "graveyard", Amount(3), up_to=True),
        ShuffleLibrary(T(0)),
    )


@pytest.mark.parametrize(
    "text",
    [
        # one card found, "them" after it
        "Search target player's library for a card and exile them. Then that player shuffles.",
        # face down: what may be done with the card after it is another reading
        "Search target opponent's library for a card and exile it face down.",
        # another player's library put under their own control: not what the words say
        "Search target opponent's library for a card and put it onto the battlefield.",
    ],
)
def test_other_searches_of_a_players_library_stay_unread(text):
    assert not any(isinstance(s, SearchLibraryOf) for s in own(text).steps)


# -- "draws an additional card" (CR 121.1) ------------------------------------------------


def test_howling_mine_draws_one_card_for_the_player_its_trigger_named(corpus):
    """One card, not "an additional card" beyond a draw the instruction makes itself."""
    script = card(corpus, "Howling Mine", "triggered", "additional")
    assert script.steps == (Draw(Subject("that", noun="player"), Amount(1)),)


def test_two_additional_cards_are_two_cards():
    script = own("Draw two additional cards.", "triggered")
    assert script.steps == (Draw(YOU, Amount(2)),)


def test_an_additional_card_revealed_stays_unread():
    assert not own("Reveal an additional card from the top of your library.", "triggered").steps


# -- "You and target opponent each ..." (CR 101.4) --------------------------------------------


def test_you_and_target_opponent_each_draw(corpus):
    """Both players draw, never only you nor only the target."""
    script = card(corpus, "Secret Rendezvous", "spell", "each draw")
    both = Subject("you_and_target", index=0)
    assert script.steps == (Draw(both, Amount(3)),)
    assert both.render() == "each of you and the target"


def test_you_and_target_opponent_each_create_a_token(corpus):
    script = card(corpus, "Thran Spider", "triggered", "each create")
    (step,) = script.steps
    assert step.who == Subject("you_and_target", index=0) and step.tapped
    assert step.token.predefined == "Powerstone"


@pytest.mark.parametrize(
    "text",
    [
        "You and target opponent each flip a coin.",  # no flip in this grammar
        "You and target creature each draw a card.",  # an object draws nothing
        "You and target opponent each draws a card.",  # the verb after "each" is plural
    ],
)
def test_you_and_target_look_alikes_stay_unread(text):
    assert not own(text).steps


# -- half a library milled, a next step skipped (CR 107.1a, 614.10) ------------------------


@pytest.mark.parametrize(
    ("name", "kind", "who", "up"),
    [
        ("Traumatize", "spell", T(0), False),
        ("Fleet Swallower", "triggered", T(0), True),
        ("Terisian Mindbreaker", "triggered", DEFENDING_PLAYER, True),
    ],
)
def test_half_a_library_milled_rounded_as_the_text_says(corpus, name, kind, who, up):
    script = card(corpus, name, kind, "half")
    assert script.steps == (MillHalf(who, round_up=up),)


@pytest.mark.parametrize(
    ("name", "who", "what", "times"),
    [
        ("Brine Elemental", Subject("each_opponent"), "untap step", 1),
        ("Stonehorn Dignitary", T(0), "combat phase", 1),
        ("Eater of Days", YOU, "turn", 2),
    ],
)
def test_next_steps_and_turns_skipped(corpus, name, who, what, times):
    script = card(corpus, name, "triggered", "skip")
    assert script.steps == (SkipNext(who, what, times),)


@pytest.mark.parametrize(
    "text",
    [
        "Target player skips their next combat phase this turn.",  # only this turn's
        "Target player mills half your library, rounded up.",  # another player's library
        "Target player skips your next turn.",
    ],
)
def test_other_halves_and_skips_stay_unread(text):
    assert not own(text).steps


# -- a card chosen from a revealed hand, its quality said last (CR 701.20a, 608.2d) -----------


@pytest.mark.parametrize("name", ["Inquisition of Kozilek"])
def test_a_quality_after_from_it_is_the_chosen_cards(corpus, name):
    """The same choice as with the quality before "from it": never any card of the hand."""
    text = effect_with(corpus, name, "spell", "from it")
    script = read_effect(text, name, "spell")
    assert script.complete
    moved = re.sub(r"(from it) (with [^.]+)\.", r"\2 \1.", text)
    assert moved != text
    assert script.steps == read_effect(moved, name, "spell").steps
    chosen_card = script.steps[1]
    assert chosen_card.card.max_mana_value == 3 or chosen_card.card.min_mana_value == 3


def test_a_greater_quality_after_from_it():
    text = "Target opponent reveals their hand. You choose a card from it with mana value 3 or greater."
    chosen_card = own(text).steps[1]
    assert (chosen_card.card.min_mana_value, chosen_card.card.max_mana_value) == (3, None)


def test_a_quality_after_among_them_stays_unread():
    text = "Look at the top three cards of your library. You choose a card from among them with mana value 2 or less."
    script = own(text)
    assert not script.complete


# -- another player's monarchy, another player's own hand (CR 725.1, 701.9a) ------------------


def test_target_opponent_becomes_the_monarch(corpus):
    """The target becomes the monarch, never you."""
    script = card(corpus, "Jared Carthalion, True Heir", "triggered", "monarch")
    assert script.steps == (KeywordAction("become the monarch", who=T(0)),)


def test_each_player_may_discard_their_hand_and_draw(corpus):
    """Each player's own option (608.2d, 101.4): their own hand, then seven cards."""
    script = card(corpus, "Ruin Grinder", "triggered", "discard")
    each = Subject("each_player")
    both = Script((Discard(each, Amount(count="hand")), Draw(each, Amount(7))))
    assert script.steps == (TheyMay(each, both),)


@pytest.mark.parametrize(
    "text",
    [
        "Discard their hand.",  # you discard someone else's hand: no such instruction
        "You may discard their hand.",
        "Each player discards your hand.",
        "Target creature becomes the monarch.",
    ],
)
def test_another_players_hand_or_an_objects_monarchy_stay_unread(text):
    assert not own(text).steps


# -- a player's own permanents returned, own cards put on their library (CR 608.2d, 401.4) ---


def test_curfew_each_player_returns_one_of_their_own_creatures(corpus):
    """Each player chooses among the creatures they control, never you among all."""
    script = card(corpus, "Curfew", "spell", "returns")
    (step,) = script.steps
    assert step == ReturnOwnChosen(Subject("each_player"), chosen("creature"), Amount(1))


def test_mana_breach_that_player_returns_a_land(corpus):
    script = card(corpus, "Mana Breach", "triggered", "returns")
    that = Subject("that", noun="player")
    assert script.steps == (ReturnOwnChosen(that, chosen("land"), Amount(1)),)


@pytest.mark.parametrize(
    ("name", "kind", "amount"),
    [
        ("Chittering Rats", "triggered", Amount(1)),
        ("Head Games", "spell", None),  # the cards: all of them
        ("Phyrexian Chimney Imp", "triggered", Amount(2)),  # in any order (401.4)
    ],
)
def test_cards_from_their_hand_on_top_of_their_library(corpus, name, kind, amount):
    script = card(corpus, name, kind, "from their hand on top")
    assert script.steps[0] == PutHandOnLibrary(T(0), amount)


@pytest.mark.parametrize(
    "text",
    [
        "Return a creature they control to its owner's hand.",  # who "they" are: not said
        "Target opponent puts two cards from their hand on top of their library in a random order.",
        "Target opponent puts a card from their hand on top of your library.",
    ],
)
def test_other_returns_and_puts_stay_unread(text):
    assert not own(text).steps


# -- each player gains control of what they own (CR 613.1b, 110.2) -----------------------------


@pytest.mark.parametrize(
    ("name", "kind", "noun", "token"),
    [
        ("Homeward Path", "activated", "creature", None),
        ("Brooding Saurian", "triggered", "permanent", False),
    ],
)
def test_each_player_gains_control_of_what_they_own(corpus, name, kind, noun, token):
    """Each player their own permanents: never you gaining control of every creature."""
    (step,) = card(corpus, name, kind, "they own").steps
    assert isinstance(step, ControlOwned) and step.who == Subject("each_player")
    assert (step.group.noun, step.group.token, step.group.whose) == (noun, token, "any")


def test_gain_control_of_what_they_own_for_you_stays_unread():
    assert not own("Gain control of all creatures they own.").steps


# -- the play-out ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "step",
    [
        ShuffleZonesIntoLibrary(Subject("each_player")),
        SearchLibraryOf(T(0), CardFilter(), "exile", Amount(3)),
        MillHalf(T(0)),
        SkipNext(YOU, "turn", 2),
        ReturnOwnChosen(T(0), Subject("chosen"), Amount(1)),
        PutHandOnLibrary(T(0), None),
        ControlOwned(Subject("each_player"), chosen("creature").group),
    ],
)
def test_the_playout_refuses_them_naming_the_instruction(step):
    """No handler yet: carry_out refuses each, naming the instruction."""
    from mtgrules.rules.effects.resolution import carry_out

    ctx = SimpleNamespace(source=SimpleNamespace(label="Test Card"))
    with pytest.raises(Unsupported, match=re.escape(step.render())):
        carry_out(None, Script((step,)), ctx)


@pytest.mark.parametrize(
    "who", [DEFENDING_PLAYER, EACH_OTHER_PLAYER, Subject("you_and_target", index=0)]
)
def test_the_playout_refuses_the_new_players(who):
    """Who they are isn't worked out by the play-out yet: refused, naming them, never
    taken as the controller or as each opponent."""
    from mtgrules.rules.effects.context import players_of

    ctx = SimpleNamespace(source=SimpleNamespace(label="Test Card"))
    with pytest.raises(Unsupported, match=re.escape(who.render())):
        players_of(None, who, ctx)
