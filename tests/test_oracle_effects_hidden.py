"""Hidden zones, round 4 (cards/oracle/effects_search.py, cards/oracle/effects_hidden.py,
cards/effects_library.py; docs/effects.md): real Oracle text read from the corpus
(../shared/data/cards, skipped when absent) and texts written here in the same shapes.

The guards fail on a misreading: whose library another player's search is (theirs, never
the controller's), which zones a search looks through and whether the library is shuffled
after it, and any of these carried out by a play-out that has no rule for them."""

from __future__ import annotations

import pytest

from mtgrules.cards.effects import Amount, Destroy, Script, Subject
from mtgrules.cards.effects_actions import CardFilter, Search
from mtgrules.cards.effects_choices import TheyMay
from mtgrules.cards.oracle.effects import read_effect
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


def test_own_sentence_of_another_players_search_tapped():
    script = own(
        "Destroy target land. Its controller may search their library for a basic land "
        "card, put it onto the battlefield tapped, then shuffle."
    )
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
