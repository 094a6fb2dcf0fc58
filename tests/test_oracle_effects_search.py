"""Library searches and the card filter reader (cards/oracle/effects_search.py,
oracle/card_filters.py; docs/effects.md): real Oracle text read from the corpus
(../shared/data/cards, skipped when absent) and texts written here in the same shapes.

The guards fail on a misreading: which cards a filter lets through (one of the types or all
of them, a color or a supertype dropped, an "or" whose reach is unsettled), where the found
card goes and whether the shuffle comes before it, whose library, how many cards."""

from __future__ import annotations

import pytest

from mtgrules.cards.effects import YOU, Amount, May, Move, Script
from mtgrules.cards.effects_actions import CardFilter, Search
from mtgrules.cards.effects_library import (
    CHOSEN_CARD,
    TOP_CARDS,
    ChooseCard,
    PutTopCards,
    RevealUntil,
    TopCards,
)
from mtgrules.cards.oracle.card_filters import read_card_filter
from mtgrules.cards.oracle.effects import read_effect
from mtgrules.cards.oracle.effects_parts import Unread
from tests.test_oracle_effects import T, read


def own(text: str, kind: str = "spell", name: str = "Test Card"):
    return read_effect(text, name, kind)


# -- the filter reader (CR 205.2a, 205.3, 205.4, 105.2, 202.3) ------------------------------


@pytest.mark.parametrize(
    ("words", "plural", "expected"),
    [
        ("basic land card", False, CardFilter(types=("Land",), basic=True)),
        (
            "basic Forest, Plains, or Island card",
            False,
            CardFilter(subtypes=("Forest", "Plains", "Island"), basic=True),
        ),
        ("Forest or Plains card", False, CardFilter(subtypes=("Forest", "Plains"))),
        ("instant or sorcery card", False, CardFilter(any_types=("Instant", "Sorcery"))),
        ("artifact creature card", False, CardFilter(types=("Artifact", "Creature"))),
        (
            "legendary creature card",
            False,
            CardFilter(types=("Creature",), supertypes=("Legendary",)),
        ),
        ("snow land card", False, CardFilter(types=("Land",), supertypes=("Snow",))),
        (
            "red or white instant card",
            False,
            CardFilter(types=("Instant",), colors=("red", "white")),
        ),
        (
            "noncreature artifact card",
            False,
            CardFilter(types=("Artifact",), not_types=("Creature",)),
        ),
        (
            "colorless nonland cards",
            True,
            CardFilter(not_types=("Land",), colorless=True),
        ),
        ("Dragon creature cards", True, CardFilter(types=("Creature",), subtypes=("Dragon",))),
        (
            "artifact card with mana value 6 or greater",
            False,
            CardFilter(types=("Artifact",), min_mana_value=6),
        ),
        (
            "creature card with mana value 3 or less",
            False,
            CardFilter(types=("Creature",), max_mana_value=3),
        ),
        ("card", False, CardFilter()),
    ],
)
def test_the_filter_reader_reads_each_kind_of_word(words, plural, expected):
    assert read_card_filter(words, plural) == expected


@pytest.mark.parametrize(
    ("words", "plural"),
    [
        # "or" between types beside a supertype: legendary planeswalkers, or any?
        ("legendary creature or planeswalker card", False),
        # two subtypes without "or": a card with both, not one of them
        ("Human Soldier card", False),
        # a list with a comma but no "or", or "or" without the list's commas
        ("Forest, Island card", False),
        ("Forest Plains, or Island card", False),
        # "basic" with a type that is never basic (205.4c)
        ("basic creature card", False),
        # words the filter reader doesn't hold: two abilities or two names joined by "or"
        # (one of them? tests/test_filters.py reads one ability, one name, a basic land type)
        ("card with flashback or disturb", False),
        ("card named Test Hero or Test Villain", False),
        # the noun's number against the count's
        ("basic land cards", False),
        ("basic land card", True),
    ],
)
def test_the_filter_reader_leaves_unsettled_words_unread(words, plural):
    with pytest.raises(Unread):
        read_card_filter(words, plural)


# -- where the found card goes (CR 701.23a, 701.24a, 701.13a, 401.4) -------------------------


def test_a_search_into_the_graveyard_and_into_exile():
    (step,) = own(
        "Search your library for a card, put that card into your graveyard, then shuffle."
    ).steps
    assert step == Search(YOU, CardFilter(), "graveyard")
    (exiled,) = own("Search your library for three cards, exile them, then shuffle.").steps
    assert exiled == Search(YOU, CardFilter(), "exile", amount=Amount(3))
    # near misses: another player's graveyard; "it" for three cards; a card exiled face down
    assert not own(
        "Search your library for a card, put that card into their graveyard, then shuffle."
    ).complete
    assert not own("Search your library for three cards, exile it, then shuffle.").complete
    assert not own("Search your library for a card, exile it face down, then shuffle.").complete


def test_a_search_that_shuffles_before_the_card_goes_on_top():
    (may,) = own(
        "You may search your library for an enchantment card, reveal it, then shuffle and "
        "put that card on top."
    ).steps
    assert isinstance(may, May)
    (step,) = may.then.steps
    assert step == Search(YOU, CardFilter(types=("Enchantment",)), "library_top", reveal=True)
    assert "shuffle, then put them on top of your library" in may.render()
    (theirs,) = own(
        "Target player searches their library for a card, then shuffles and puts that card on top."
    ).steps
    assert theirs == Search(T(0), CardFilter(), "library_top")
    # near misses: several cards on top in an order not said; a verb form against its subject
    assert not own(
        "Search your library for up to two cards, then shuffle and put those cards on top."
    ).complete
    assert not own(
        "Search your library for a card, then shuffles and put that card on top."
    ).complete


def test_searches_with_the_new_filters():
    (step,) = own(
        "Search your library for a basic Swamp, Mountain, or Forest card, put it onto the "
        "battlefield tapped, then shuffle."
    ).steps
    assert step.card == CardFilter(subtypes=("Swamp", "Mountain", "Forest"), basic=True)
    assert step.tapped and step.zone == "battlefield"
    assert not own(
        "Search your library for a legendary creature or planeswalker card, reveal it, put it "
        "into your hand, then shuffle."
    ).complete


def test_the_corpus_tutors(corpus):
    """Mystical Tutor: the shuffle comes before the card goes on top; Entomb: into the
    graveyard; Farseek's kind is one of four land types (words read from the corpus)."""
    (step,) = read(corpus, "Mystical Tutor").steps
    assert step == Search(
        YOU, CardFilter(any_types=("Instant", "Sorcery")), "library_top", reveal=True
    )
    assert read(corpus, "Entomb").steps == (Search(YOU, CardFilter(), "graveyard"),)
    (farseek,) = read(corpus, "Farseek").steps
    assert farseek.card.subtypes == ("Plains", "Island", "Swamp", "Mountain")
    assert not farseek.card.basic and farseek.tapped


# -- a card put from among the top cards (CR 608.2c, 401.4) ----------------------------------


def test_a_card_put_from_among_them_with_a_filter():
    steps = own(
        "Look at the top five cards of your library. You may put a Goblin creature card from "
        "among them onto the battlefield tapped. Put the rest on the bottom of your library in "
        "a random order."
    ).steps
    assert steps[0] == TopCards("look", Amount(5))
    goblin = CardFilter(types=("Creature",), subtypes=("Goblin",))
    assert steps[1] == May(
        Script((PutTopCards("battlefield", Amount(1), card=goblin, tapped=True),))
    )
    assert steps[2] == PutTopCards("library_bottom", None, "", "random", remaining=True)
    (_, both) = own(
        "Look at the top three cards of your library. Put a land card from among them into "
        "your hand and the rest into your graveyard."
    ).steps
    assert both == PutTopCards("hand", Amount(1), "graveyard", card=CardFilter(types=("Land",)))
    # near misses: nothing looked at before ("them"), another player's control, an order
    # for a graveyard, an unsettled "or"
    assert not own("You may put a creature card from among them onto the battlefield.").complete
    assert not own(
        "Look at the top five cards of your library. Put a creature card from among them onto "
        "the battlefield under its owner's control."
    ).complete
    assert not own(
        "Look at the top five cards of your library. Put a creature card from among them into "
        "your hand and the rest into your graveyard in a random order."
    ).complete
    assert not own(
        "Look at the top five cards of your library. Put a legendary creature or artifact card "
        "from among them into your hand."
    ).complete


def test_a_card_revealed_from_among_them_with_a_subtype_or_a_mana_value():
    (_, may, _) = own(
        "Look at the top six cards of your library. You may reveal a creature card with mana "
        "value 3 or less from among them and put it into your hand. Put the rest on the bottom "
        "of your library in a random order."
    ).steps
    choose = may.then.steps[0]
    assert choose == ChooseCard(
        TOP_CARDS, CardFilter(types=("Creature",), max_mana_value=3), YOU, reveal=True
    )
    (_, elf, _) = own(
        "Look at the top four cards of your library. You may reveal an Elf, Warrior, or Druid "
        "card from among them and put it into your hand. Put the rest on the bottom of your "
        "library in any order."
    ).steps
    assert elf.then.steps[0].card == CardFilter(subtypes=("Elf", "Warrior", "Druid"))
    # near miss: two subtypes without "or" (a card with both)
    assert not own(
        "Look at the top four cards of your library. You may reveal an Elf Warrior card from "
        "among them and put it into your hand."
    ).complete


def test_the_new_readings_are_refused_by_the_play_out():
    from mtgrules.rules.effects.resolution import HANDLERS

    # carry_out refuses an instruction without a handler, naming it
    # (cases/playout/search-on-top-read-but-refused.yaml)
    for kind in (Search, PutTopCards, ChooseCard, TopCards, RevealUntil):
        assert kind not in HANDLERS


# -- cards revealed until one of a kind is (CR 701.20a, 608.2c) --------------------------------


def test_cards_revealed_until_one_of_a_kind_and_where_they_go():
    steps = own(
        "Reveal cards from the top of your library until you reveal an artifact card. Put that "
        "card into your hand and the rest on the bottom of your library in a random order."
    ).steps
    assert steps == (
        RevealUntil(YOU, CardFilter(types=("Artifact",))),
        Move(CHOSEN_CARD, "hand"),
        PutTopCards("library_bottom", None, "", "random", remaining=True),
    )
    (_, tapped, rest) = own(
        "Reveal cards from the top of your library until you reveal a land card. Put that card "
        "onto the battlefield tapped and the rest into your graveyard."
    ).steps
    assert tapped == Move(CHOSEN_CARD, "battlefield", under="you", tapped=True)
    assert rest == PutTopCards("graveyard", None, remaining=True)
    (theirs,) = own(
        "Target player reveals cards from the top of their library until they reveal a "
        "creature card."
    ).steps
    assert theirs == RevealUntil(T(0), CardFilter(types=("Creature",)))
    # near misses: "your library" for the revealed cards of another player's library (their
    # owner's, 400.3); an order for a graveyard; whose library against the verb; two cards
    assert not own(
        "Target player reveals cards from the top of their library until they reveal a land "
        "card. Put that card into your hand and the rest on the bottom of your library in a "
        "random order."
    ).complete
    assert not own(
        "Reveal cards from the top of your library until you reveal a land card. Put that card "
        "into your hand and the rest into your graveyard in a random order."
    ).complete
    assert not own(
        "Reveal cards from the top of their library until you reveal a land card."
    ).complete
    assert not own(
        "Reveal cards from the top of your library until you reveal two land cards."
    ).complete


def test_a_group_of_three_kinds_of_cards_is_still_read():
    """The groups of cards keep their reading through the one filter reader: "all artifact,
    enchantment, and planeswalker cards" is each card of one of the three types."""
    (step,) = own(
        "Return all artifact, enchantment, and planeswalker cards from your graveyard to the "
        "battlefield."
    ).steps
    assert step.what.selection.cards.any_types == ("Artifact", "Enchantment", "Planeswalker")
