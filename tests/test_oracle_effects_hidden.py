"""Hidden zones, round 4 (cards/oracle/effects_search.py, cards/oracle/effects_hidden.py,
cards/effects_library.py; docs/effects.md): real Oracle text read from the corpus
(../shared/data/cards, skipped when absent) and texts written here in the same shapes.

The guards fail on a misreading: whose library another player's search is (theirs, never
the controller's), which zones a search looks through and whether the library is shuffled
after it, and any of these carried out by a play-out that has no rule for them."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest

from mtgrules.cards.effects import (
    YOU,
    Amount,
    Destroy,
    Exile,
    GainLife,
    May,
    Mill,
    Move,
    Script,
    Subject,
)
from mtgrules.cards.effects_actions import CardFilter, Search
from mtgrules.cards.effects_choices import TheyMay
from mtgrules.cards.effects_game import CastCard
from mtgrules.cards.effects_library import (
    CHOSEN_CARD,
    TOP_CARDS,
    ChooseCard,
    DiscardCard,
    FromOutside,
    PutMilled,
    PutTopCards,
    RevealHand,
    RevealUntil,
    SearchZones,
    ShuffleLibrary,
    TopCards,
)
from mtgrules.cards.oracle.effects import read_effect
from mtgrules.rules import Unsupported
from tests.test_oracle_effects import T, effect_of

BASIC_LAND = CardFilter(types=("Land",), basic=True)


def card(corpus, name: str, kind: str = "spell") -> Script:
    return read_effect(effect_of(corpus, name, kind), name, kind)


def own(text: str, kind: str = "spell") -> Script:
    return read_effect(text, "Test Card", kind)


# -- another player's search: "Its controller may search their library" (CR 608.2d, 701.23a)


def test_its_controller_searches_their_own_library(corpus):
    """Assassin's Trophy: the destroyed permanent's controller may search their own library
    (never the caster's) and put the land onto the battlefield untapped."""
    script = card(corpus, "Assassin's Trophy")
    assert script.complete
    who = Subject("its_controller")
    found = Search(who, BASIC_LAND, "battlefield")
    assert script.steps == (Destroy(T(0)), TheyMay(who, Script((found,))))


def test_each_player_may_search_for_up_to_two(corpus):
    """Veteran Explorer: each player may search for up to two basic lands (CR 101.4)."""
    script = card(corpus, "Veteran Explorer", "triggered")
    assert script.complete
    each = Subject("each_player")
    found = Search(each, BASIC_LAND, "battlefield", amount=Amount(2), up_to=True)
    assert script.steps == (TheyMay(each, Script((found,))),)


def test_another_players_search_tapped(corpus):
    """Sandworm: the destroyed land's controller may search for a basic land, tapped."""
    script = card(corpus, "Sandworm", "triggered")
    who = Subject("its_controller")
    found = Search(who, BASIC_LAND, "battlefield", tapped=True)
    assert script.steps == (Destroy(T(0)), TheyMay(who, Script((found,))))


@pytest.mark.parametrize(
    "text",
    [
        # another player searching "your" library, you searching "their" library, a
        # card put into another hand than the searcher's: left unread
        "Destroy target land. Its controller may search your library for a basic land "
        "card, put it onto the battlefield, then shuffle.",
        "You may search their library for a basic land card, put it onto the battlefield, "
        "then shuffle.",
        "Search their library for a basic land card, put it into your hand, then shuffle.",
        "Destroy target land. Its controller may search their library for a basic land "
        "card, put it into your hand, then shuffle.",
    ],
)
def test_whose_library_in_doubt_stays_unread(text):
    assert not own(text).complete


# -- a search of several zones, and the shuffle after it (CR 701.23a, 701.24a) --------------


def test_library_and_or_graveyard_for_a_named_card(corpus):
    """Ajani's Aid: you may search your library and/or graveyard for the named
    planeswalker, reveal it, put it into your hand; the library is shuffled only by the next
    sentence, and only if it was searched."""
    script = card(corpus, "Ajani's Aid", "triggered")
    assert script.complete
    found = SearchZones(
        YOU,
        ("library", "graveyard"),
        CardFilter(named="Ajani, Valiant Protector"),
        "hand",
        reveal=True,
        shuffle=True,
    )
    assert script.steps == (May(Script((found,))),)


def test_three_zones_onto_the_battlefield_with_a_name_with_the(corpus):
    """Say Its Name: graveyard, hand and/or library, a name with ", the" in it (201.2), onto
    the battlefield untapped, not revealed."""
    script = card(corpus, "Say Its Name", "activated")
    assert script.complete
    named = CardFilter(named="Altanak, the Thrice-Called")
    zones = ("graveyard", "hand", "library")
    assert script.steps == (SearchZones(YOU, zones, named, "battlefield", shuffle=True),)


def test_own_sentences_of_a_zones_search():
    script = own(
        "Search your library and/or graveyard for a creature card with mana value X or "
        "less and put it onto the battlefield. If you searched your library this way, shuffle."
    )
    wanted = CardFilter(types=("Creature",), qualities=("mana value<=X",))
    zones = ("library", "graveyard")
    assert script.steps == (SearchZones(YOU, zones, wanted, "battlefield", shuffle=True),)
    # no shuffle sentence: no shuffle
    script = own(
        "You may search your graveyard and/or hand for a card named Test Card, reveal it, "
        "then put it into your hand."
    )
    named = CardFilter(named="SELF")
    found = SearchZones(YOU, ("graveyard", "hand"), named, "hand", reveal=True)
    assert script.steps == (May(Script((found,))),)


@pytest.mark.parametrize(
    "text",
    [
        # the shuffle after a search without the library, or after no search at all
        "Search your hand and/or graveyard for a card named Test Card and put it onto the "
        "battlefield. If you search your library this way, shuffle.",
        "Draw a card. If you search your library this way, shuffle.",
        # two cards, a zone named twice, another player's hand, tapped, attached
        "Search your library and/or graveyard for two cards and put them into your hand.",
        "Search your library and/or library for a card and put it into your hand.",
        "Search your library and/or graveyard for a card and put it into their hand.",
        "Search your library and/or graveyard for a land card and put it onto the "
        "battlefield tapped.",
        "Search your library and/or graveyard for an Aura card and put it onto the "
        "battlefield attached to target creature.",
        # the shuffle after an unread sentence: what was searched is unknown
        "Frobnicate a card. You may search your library and/or graveyard for a card named "
        "Test Card, reveal it, and put it into your hand. Then frobnicate. If you search "
        "your library this way, shuffle.",
    ],
)
def test_zones_search_look_alikes_stay_unread(text):
    assert not own(text).complete


# -- two cards found, one here and the other there (CR 701.23a, 608.2c) ---------------------


def test_cultivate_one_tapped_onto_the_battlefield_the_other_into_the_hand(corpus):
    """Cultivate: up to two basic lands, revealed; one onto the battlefield tapped, the
    other into the hand (never both onto the battlefield, never both tapped)."""
    script = card(corpus, "Cultivate")
    assert script.complete
    found = Search(
        YOU,
        BASIC_LAND,
        "battlefield",
        amount=Amount(2),
        up_to=True,
        tapped=True,
        reveal=True,
        rest="hand",
    )
    assert script.steps == (found,)


@pytest.mark.parametrize(
    "text",
    [
        # "the other" after up to three, both into one zone, another player's hand, "it"
        "Search your library for up to three basic land cards, reveal those cards, put one "
        "onto the battlefield tapped and the other into your hand, then shuffle.",
        "Search your library for up to two basic land cards, reveal those cards, put one "
        "into your hand and the other into your hand, then shuffle.",
        "Search your library for up to two basic land cards, reveal those cards, put one "
        "onto the battlefield tapped and the other into their hand, then shuffle.",
        "Search your library for up to two basic land cards, reveal it, put one onto the "
        "battlefield tapped and the other into your hand, then shuffle.",
    ],
)
def test_split_search_look_alikes_stay_unread(text):
    assert not own(text).complete


# -- a card put from among the cards just milled (CR 701.17a, 608.2c) ----------------------


def test_a_card_from_among_the_milled_cards(corpus):
    """Seed of Hope: mill two, then you may put a permanent card from among the milled cards
    (never from among the top cards of the library) into your hand; then the life."""
    script = card(corpus, "Seed of Hope")
    assert script.complete
    put = PutMilled(CardFilter(types=("Permanent",)), "hand")
    assert script.steps == (
        Mill(YOU, Amount(2)),
        May(Script((put,))),
        GainLife(YOU, Amount(2)),
    )


def test_own_sentences_from_among_them_after_a_mill():
    script = own(
        "Mill four cards. You may put a creature card from among them onto the battlefield."
    )
    put = PutMilled(CardFilter(types=("Creature",)), "battlefield")
    assert script.steps == (Mill(YOU, Amount(4)), May(Script((put,))))
    script = own(
        "Mill three cards, then put a land card from among the milled cards into your hand."
    )
    assert script.steps == (Mill(YOU, Amount(3)), PutMilled(CardFilter(types=("Land",)), "hand"))


@pytest.mark.parametrize(
    "text",
    [
        # another player's milled cards into your hand; an object named in between; "the
        # rest" of the milled cards; "them" two sentences after the mill; no mill at all
        "Target player mills three cards. You may put a land card from among them into your hand.",
        "Mill three cards. Destroy target creature. You may put a land card from among them "
        "into your hand.",
        "Mill three cards. You may put a land card from among them into your hand and the rest "
        "on the bottom of your library.",
        "Mill three cards. You gain 2 life. You may put a land card from among them into your hand.",
        "You gain 2 life. You may put a land card from among the milled cards into your hand.",
    ],
)
def test_milled_look_alikes_stay_unread(text):
    assert not own(text).complete


# -- a card chosen from a hand revealed or looked at in the same sentence (CR 701.20a, e) ---


def test_reveal_and_choose_in_one_sentence(corpus):
    """Tidehollow Sculler: the target opponent reveals their hand and you choose a nonland
    card from it (their hand, never yours); that card is exiled."""
    script = card(corpus, "Tidehollow Sculler", "triggered")
    assert script.complete
    nonland = CardFilter(not_types=("Land",))
    assert script.steps == (
        RevealHand(T(0)),
        ChooseCard(T(0), nonland),
        Exile(CHOSEN_CARD),
    )
    # shown to a judge in agreement: "you choose", another player "chooses" (mtgrules card)
    assert script.steps[1].render().startswith("you choose ")
    assert ChooseCard(T(0), chooser=T(0)).render().startswith("the target chooses ")


def test_look_and_choose_then_that_player_discards(corpus):
    """Thrull Surgeon: you look at the target player's hand (only you see it), choose a card
    from it, and that player discards it."""
    script = card(corpus, "Thrull Surgeon", "activated")
    assert script.complete
    assert script.steps == (
        RevealHand(T(0), look=True),
        ChooseCard(T(0)),
        DiscardCard(T(0), CHOSEN_CARD),
    )


def test_look_then_choose_in_the_next_sentence():
    script = own(
        "Look at target opponent's hand. You choose a nonland card from it. That player "
        "discards that card."
    )
    nonland = CardFilter(not_types=("Land",))
    assert script.steps == (
        RevealHand(T(0), look=True),
        ChooseCard(T(0), nonland),
        DiscardCard(T(0), CHOSEN_CARD),
    )


@pytest.mark.parametrize(
    "text",
    [
        # a card chosen from no hand yet, or before the hand is revealed
        "Choose a card from it.",
        "You choose a nonland card from it. Target opponent reveals their hand.",
        "You choose a nonland card from it and target opponent reveals their hand.",
    ],
)
def test_choice_from_no_hand_stays_unread(text):
    assert not own(text).complete


# -- "up to two" / "any number of" cards from among the top cards; "on the bottom" (608.2c,
# 401.4) --------------------------------------------------------------------------------


def test_collected_company_up_to_two(corpus):
    """Collected Company: up to two (never exactly two) creature cards with mana value 3 or
    less onto the battlefield, the rest on the bottom in any order."""
    script = card(corpus, "Collected Company")
    assert script.complete
    small = CardFilter(types=("Creature",), max_mana_value=3)
    assert script.steps == (
        TopCards("look", Amount(6)),
        PutTopCards("battlefield", Amount(2), card=small, up_to=True),
        PutTopCards("library_bottom", None, "", "any", remaining=True),
    )


def test_any_number_onto_the_battlefield_and_the_rest_into_the_hand(corpus):
    """Genesis Ultimatum: any number of permanent cards onto the battlefield, every other
    card looked at into the hand."""
    script = card(corpus, "Genesis Ultimatum")
    assert script.complete
    permanent = CardFilter(types=("Permanent",))
    put = PutTopCards("battlefield", None, "hand", card=permanent, up_to=True)
    assert script.steps[:2] == (TopCards("look", Amount(5)), put)


def test_the_rest_on_the_bottom_of_your_own_library():
    """ "on the bottom" is the bottom of your library, where the cards came from."""
    script = own(
        "Look at the top six cards of your library. You may put a land card from among them "
        "onto the battlefield tapped. Put the rest on the bottom in a random order."
    )
    assert script.complete
    assert script.steps[-1] == PutTopCards("library_bottom", None, "", "random", remaining=True)


@pytest.mark.parametrize(
    "text",
    [
        # "on the bottom" of another player's library, or after no top cards; "up to" after
        # a mill; a singular noun after "up to two"
        "Look at the top six cards of target player's library. You may put a land card from "
        "among them onto the battlefield. Put the rest on the bottom in a random order.",
        "Destroy target creature. Put the rest on the bottom in a random order.",
        "Mill three cards. Put up to two creature cards from among them into your hand.",
        "Look at the top five cards of your library. Put up to two creature card from among "
        "them into your hand.",
    ],
)
def test_top_cards_look_alikes_stay_unread(text):
    assert not own(text).complete


# -- all the revealed cards of a kind (CR 701.20a, 608.2c) ----------------------------------


def test_all_land_cards_revealed_this_way(corpus):
    """Mulch: every land card among the four revealed goes to the hand (not one of your
    choice), every other card to the graveyard."""
    script = card(corpus, "Mulch")
    assert script.complete
    land = CardFilter(types=("Land",))
    assert script.steps == (
        TopCards("reveal", Amount(4)),
        PutTopCards("hand", None, "graveyard", card=land),
    )


def test_all_creature_type_cards_and_the_rest_in_any_order(corpus):
    script = card(corpus, "Goblin Ringleader", "triggered")
    assert script.complete
    goblin = CardFilter(subtypes=("Goblin",))
    assert script.steps[-1] == PutTopCards("hand", None, "library_bottom", "any", card=goblin)


@pytest.mark.parametrize(
    "text",
    [
        # "revealed this way" after cards looked at, not revealed; "creature and land";
        # an order outside a library; no cards revealed before
        "Look at the top three cards of your library. Put all land cards revealed this way "
        "into your hand and the rest into your graveyard.",
        "Reveal the top two cards of your library. Put all creature and land cards revealed "
        "this way into your hand and the rest into your graveyard.",
        "Reveal the top four cards of your library. Put all land cards revealed this way into "
        "your hand and the rest into your graveyard in any order.",
        "Destroy target creature. Put all land cards revealed this way into your hand.",
    ],
)
def test_all_revealed_look_alikes_stay_unread(text):
    assert not own(text).complete


# -- one card put back, the rest elsewhere (CR 401.4, 608.2c) -------------------------------


def test_one_back_on_top_and_the_rest_into_the_graveyard(corpus):
    """Sage of Days: you may put one of the three back on top; every other card (all three
    if you put none back) goes to the graveyard."""
    script = card(corpus, "Sage of Days", "triggered")
    assert script.complete
    assert script.steps == (
        TopCards("look", Amount(3)),
        May(Script((PutTopCards("library_top", Amount(1)),))),
        PutTopCards("graveyard", None, "", "", remaining=True),
    )


def test_the_rest_in_a_sentence_of_its_own_after_one_of_them():
    script = own(
        "Look at the top three cards of your library. Put one of them into your hand. Put "
        "the rest into your graveyard."
    )
    assert script.steps[1:] == (
        PutTopCards("hand", Amount(1)),
        PutTopCards("graveyard", None, "", "", remaining=True),
    )


# -- "up to two" / "any number of" cards revealed from among them (CR 701.20a, 608.2c) ------


def test_reveal_any_number_and_put_the_revealed_cards_into_your_hand(corpus):
    """Karumonix, the Rat King: any number of Rat cards (not one), revealed, into the hand;
    "the revealed cards" are those, the rest to the bottom in a random order."""
    script = card(corpus, "Karumonix, the Rat King", "triggered")
    assert script.complete
    rats = CardFilter(subtypes=("Rat",))
    chosen = ChooseCard(TOP_CARDS, rats, YOU, None, reveal=True, up_to=True)
    assert script.steps == (
        TopCards("look", Amount(5)),
        May(Script((chosen, Move(CHOSEN_CARD, "hand")))),
        PutTopCards("library_bottom", None, "", "random", remaining=True),
    )


def test_reveal_up_to_two_and_put_them_into_your_hand():
    script = own(
        "Look at the top seven cards of your library. You may reveal up to two artifact cards "
        "from among them and put them into your hand."
    )
    chosen = ChooseCard(
        TOP_CARDS, CardFilter(types=("Artifact",)), YOU, Amount(2), reveal=True, up_to=True
    )
    assert script.steps[1] == May(Script((chosen, Move(CHOSEN_CARD, "hand"))))


@pytest.mark.parametrize(
    "text",
    [
        # "the revealed cards" with nothing revealed; "up to two" from a hand
        "Destroy target creature. Put the revealed cards into your hand.",
        "Target opponent reveals their hand. You reveal up to two creature cards from it.",
    ],
)
def test_revealed_cards_look_alikes_stay_unread(text):
    assert not own(text).complete


# -- "that many cards from the top of your library" (CR 701.20e, 603.7c) --------------------


def test_look_at_that_many_cards_from_the_top(corpus):
    """Symbiote Spider-Man: as many cards as the trigger's event counted, looked at; one into
    the hand, the rest into the graveyard."""
    script = card(corpus, "Symbiote Spider-Man", "triggered")
    assert script.complete
    assert script.steps == (
        TopCards("look", Amount(count="event")),
        PutTopCards("hand", Amount(1), "graveyard"),
    )


@pytest.mark.parametrize(
    "text",
    [
        # "that many" in a spell with no number before it; another player's library, yours
        # named by "their"
        "Look at that many cards from the top of your library.",
        "Look at three cards from the top of their library.",
    ],
)
def test_cards_from_the_top_look_alikes_stay_unread(text):
    assert not own(text).complete


# -- "a creature card and/or a land card" from among them (CR 608.2c) -----------------------


def test_a_creature_card_and_or_a_land_card(corpus):
    """Benefaction of Rhonas: at most one creature card and at most one enchantment card,
    different cards (never any number of either), into the hand; the rest to the graveyard."""
    script = card(corpus, "Benefaction of Rhonas")
    assert script.complete
    both = (CardFilter(types=("Creature",)), CardFilter(types=("Enchantment",)))
    assert script.steps == (
        TopCards("reveal", Amount(5)),
        May(Script((PutTopCards("hand", None, up_to=True, cards=both),))),
        PutTopCards("graveyard", None, "", "", remaining=True),
    )


@pytest.mark.parametrize(
    "text",
    [
        # one kind twice, "and" alone, after no top cards
        "Reveal the top four cards of your library. You may put a creature card and/or a "
        "creature card from among them into your hand.",
        "Reveal the top four cards of your library. You may put a creature card and a land "
        "card from among them into your hand.",
        "You may put a creature card and/or a land card from among them into your hand.",
    ],
)
def test_and_or_look_alikes_stay_unread(text):
    assert not own(text).complete


# -- a card you own from outside the game (CR 400.11, 400.11b) -----------------------------


def test_a_wish_reveals_a_card_from_outside_the_game(corpus):
    """Burning Wish: you may reveal a sorcery card you own from outside the game (never from
    your library) and put it into your hand; then the spell exiles itself."""
    script = card(corpus, "Burning Wish")
    assert script.complete
    wish = FromOutside(CardFilter(types=("Sorcery",)), reveal=True)
    assert script.steps[0] == May(Script((wish,)))


def test_any_card_from_outside_the_game_not_revealed():
    script = own("You may put a card you own from outside the game into your hand.")
    assert script.steps == (May(Script((FromOutside(CardFilter()),))),)


@pytest.mark.parametrize(
    "text",
    [
        "You may reveal two creature cards you own from outside the game and put it into "
        "your hand.",
        "You may reveal a creature card you own from outside the game and put them into your hand.",
    ],
)
def test_outside_the_game_look_alikes_stay_unread(text):
    assert not own(text).complete


# -- searches with the shuffle in a sentence of its own (CR 701.23a, 701.24a) ---------------


def test_each_opponent_searches_then_each_searcher_shuffles(corpus):
    """Boldwyr Heavyweights: each opponent may search their own library for a creature card,
    put it onto the battlefield, and shuffles only if they searched."""
    script = card(corpus, "Boldwyr Heavyweights", "triggered")
    assert script.complete
    each = Subject("each_opponent")
    found = Search(each, CardFilter(types=("Creature",)), "battlefield")
    assert script.steps == (TheyMay(each, Script((found,))),)


def test_a_search_with_then_shuffle_after_it(corpus):
    """Spoils of Victory: the search puts the land onto the battlefield with no shuffle of
    its own; the next sentence shuffles (once, never twice)."""
    script = card(corpus, "Spoils of Victory")
    assert script.complete
    lands = CardFilter(subtypes=("Plains", "Island", "Swamp", "Mountain", "Forest"))
    assert script.steps == (Search(YOU, lands, "battlefield", shuffle=False), ShuffleLibrary())


@pytest.mark.parametrize(
    "text",
    [
        # the searchers' shuffle after no search, after a search you must make, after a
        # search that already shuffled
        "Draw a card. Then each player who searched their library this way shuffles.",
        "Search your library for a card and put it into your hand. Then each player who "
        "searched their library this way shuffles.",
        "Each player may search their library for a card, put it into their hand, then "
        "shuffle. Then each player who searched their library this way shuffles.",
    ],
)
def test_searchers_shuffle_look_alikes_stay_unread(text):
    assert not own(text).complete


# -- cards exiled from the top until one of a kind is (CR 701.13a, 608.2c) ------------------


def test_target_opponent_exiles_until_a_land(corpus):
    """Umbris, Fear Manifest: the target opponent exiles from their own library, one at a
    time, until a land card is exiled (never revealed and left in the library)."""
    script = card(corpus, "Umbris, Fear Manifest", "triggered")
    assert script.complete
    land = CardFilter(types=("Land",))
    assert script.steps == (RevealUntil(T(0), land, exile=True),)


def test_exile_until_then_cast_that_card(corpus):
    """Wanda's Vision: you exile until a nonland card; "that card" is the card found."""
    script = card(corpus, "Wanda's Vision", "triggered")
    assert script.complete
    nonland = CardFilter(not_types=("Land",))
    cast = May(Script((CastCard(CHOSEN_CARD, free=True),)))
    assert script.steps == (RevealUntil(YOU, nonland, exile=True), cast)


@pytest.mark.parametrize(
    "text",
    [
        "Target opponent exiles cards from the top of your library until they exile a land card.",
        "Exile cards from the top of their library until you exile a land card.",
        "Exile cards from the top of your library until you exiles a land card.",
        "Exile cards from the top of your library until you exile two land cards.",
    ],
)
def test_exile_until_look_alikes_stay_unread(text):
    assert not own(text).complete


@pytest.mark.parametrize(
    "step",
    [
        SearchZones(YOU, ("library", "graveyard"), CardFilter(named="X"), "hand", shuffle=True),
        RevealUntil(YOU, CardFilter(types=("Land",)), exile=True),
        PutMilled(CardFilter(types=("Land",)), "hand"),
        FromOutside(CardFilter(types=("Sorcery",)), reveal=True),
        Search(YOU, BASIC_LAND, "battlefield", shuffle=False),
        ChooseCard(TOP_CARDS, CardFilter(types=("Land",)), YOU, None, reveal=True, up_to=True),
        Search(YOU, BASIC_LAND, "battlefield", amount=Amount(2), up_to=True, rest="hand"),
    ],
)
def test_the_playout_refuses_them_naming_the_instruction(step):
    """No handler yet: carry_out refuses each, naming the instruction (never skipped)."""
    from mtgrules.rules.effects.resolution import carry_out

    ctx = SimpleNamespace(source=SimpleNamespace(label="Test Card"))
    with pytest.raises(Unsupported, match=re.escape(step.render())):
        carry_out(None, Script((step,)), ctx)
