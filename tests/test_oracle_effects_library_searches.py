"""More library searches (cards/oracle/library_searches.py, the count words of
oracle/effects_search.py; docs/effects.md, "More library searches"): real Oracle text read
from the corpus (../shared/data/cards, skipped when absent) and short texts written here.

The guards fail on a misreading: "any number of" read as a fixed count, cards put on top
with no order the rules settle, an X defined by a pronoun's count (a card the search finds
could be "it"), "the sacrificed creature" read as a cost's when the effect itself sacrificed
it, and a list of kinds whose "or" doesn't say which words go together."""

from __future__ import annotations

import pytest

from mtgrules.cards.effect_codec import dumps, loads
from mtgrules.cards.effect_subjects import SELF
from mtgrules.cards.effects import YOU, Amount, May, Script, Subject
from mtgrules.cards.effects_actions import CardFilter, Search
from mtgrules.cards.effects_choices import TheyMay
from mtgrules.cards.effects_library import ShuffleLibrary
from mtgrules.cards.effects_players import SearchLibraryOf
from mtgrules.cards.oracle.effects import read_effect
from mtgrules.cards.statics import Group
from tests.test_oracle_effects import effect_of

SACRIFICED = Subject("sacrificed")
BASIC_LAND = CardFilter(types=("Land",), basic=True)


def card(corpus, name: str, kind: str = "spell", n: int = 0) -> Script:
    return read_effect(effect_of(corpus, name, kind, n), name, kind)


def own(text: str, kind: str = "spell") -> Script:
    return read_effect(text, "Test Card", kind)


# -- how many cards (CR 701.23b, 701.23d) ----------------------------------------------------


def test_any_number_of_cards_onto_the_battlefield(corpus):
    """Nissa Revane's ultimate finds as many Elf creature cards as its controller chooses."""
    assert card(corpus, "Nissa Revane", "activated", -1) == Script(
        (
            Search(
                YOU,
                CardFilter(types=("Creature",), subtypes=("Elf",)),
                "battlefield",
                up_to=True,
                any_number=True,
            ),
        )
    )


def test_any_number_of_cards_into_the_graveyard_after_may(corpus):
    assert card(corpus, "Iname, Death Aspect", "triggered") == Script(
        (
            May(
                Script(
                    (
                        Search(
                            YOU,
                            CardFilter(subtypes=("Spirit",)),
                            "graveyard",
                            up_to=True,
                            any_number=True,
                        ),
                    )
                )
            ),
        )
    )


def test_up_to_ten_cards(corpus):
    (step,) = card(corpus, "Reshape the Earth").steps
    assert step == Search(
        YOU, CardFilter(types=("Land",)), "battlefield", Amount(10), up_to=True, tapped=True
    )


# -- on top in any order (CR 701.24a, 401.4) -------------------------------------------------


def test_found_cards_put_on_top_in_any_order_after_the_shuffle(corpus):
    (step,) = card(corpus, "Goblin Recruiter", "triggered").steps
    assert step == Search(
        YOU,
        CardFilter(subtypes=("Goblin",)),
        "library_top",
        up_to=True,
        reveal=True,
        any_number=True,
    )
    (step,) = card(corpus, "Congregation at Dawn").steps
    assert step == Search(
        YOU, CardFilter(types=("Creature",)), "library_top", Amount(3), up_to=True, reveal=True
    )


def test_two_cards_on_top_only_in_the_order_said():
    """With "in any order" the cards go on top in their owner's order (401.4); the plain
    shape with no order said is still refused (oracle/effects_search.py)."""
    said = "Search your library for up to two creature cards, then shuffle and put them on top"
    (step,) = own(said + " in any order.").steps
    assert step == Search(YOU, CardFilter(types=("Creature",)), "library_top", Amount(2), True)
    assert own(said + ".").unread == said + "."


# -- "then shuffle your library" (CR 701.24a) -------------------------------------------------


def test_shuffle_said_with_the_library(corpus):
    (step,) = card(corpus, "Perhaps You've Met My Cohort", "triggered").steps
    assert step == Search(YOU, CardFilter(types=("Planeswalker",)), "battlefield")


def test_shuffling_another_library_stays_unread():
    text = "Search your library for a card, put it into your hand, then shuffle {} library."
    assert own(text.format("your")).steps == (Search(YOU, CardFilter(), "hand"),)
    assert own(text.format("their")).unread == text.format("their")


# -- X defined in the search's sentence (CR 107.3c) ---------------------------------------


def test_x_is_a_count_of_permanents_you_control(corpus):
    (step,) = card(corpus, "Harvest Season").steps
    assert step == Search(
        YOU,
        BASIC_LAND,
        "battlefield",
        Amount(count="group", group=Group(status="tapped")),
        up_to=True,
        tapped=True,
    )


def test_x_is_the_sources_power(corpus):
    (step,) = card(corpus, "Rampant Rejuvenator", "triggered").steps
    assert step == Search(
        YOU, BASIC_LAND, "battlefield", Amount(count="power_of", of=SELF), up_to=True
    )


def test_x_of_a_pronoun_stays_unread():
    """ "its power": the pronoun could be a card found, not bound here (left unread)."""
    text = (
        "Search your library for up to X basic land cards, where X is {} power, put them "
        "onto the battlefield, then shuffle."
    )
    (step,) = own(text.format("this creature's"), "triggered").steps
    assert step.amount == Amount(count="power_of", of=SELF)
    assert own(text.format("its"), "triggered").unread == text.format("its")


# -- a mana value compared with a count (CR 202.3, 107.3c) ---------------------------------


def test_mana_value_one_more_than_the_sacrificed_creatures(corpus):
    (step,) = card(corpus, "Birthing Pod", "activated").steps
    assert step == Search(
        YOU,
        CardFilter(
            types=("Creature",),
            mv_amount=Amount(count="mana_value", of=SACRIFICED, plus=1),
            mv_compare="=",
        ),
        "battlefield",
    )


def test_mana_value_at_most_a_count_or_less_than_a_power(corpus):
    (step,) = card(corpus, "Beseech the Queen").steps
    lands = Amount(count="group", group=Group(noun="land"))
    assert step == Search(YOU, CardFilter(mv_amount=lands, mv_compare="<="), "hand", reveal=True)
    (step,) = card(corpus, "Sisay, Weatherlight Captain", "activated").steps
    assert step.card == CardFilter(
        types=("Permanent",),
        supertypes=("Legendary",),
        mv_amount=Amount(count="power_of", of=SELF),
        mv_compare="<",
    )


def test_a_creature_the_effect_itself_sacrificed_stays_unread(corpus):
    """Vivien on the Hunt sacrifices in its effect, not its cost: "the sacrificed creature"
    is then not the cost's (608.2h), so the search is left unread."""
    script = card(corpus, "Vivien on the Hunt", "activated")
    assert script.unread and "search your library" in script.unread.lower()
    # the same search as an activated ability's first sentence: its cost's (602.2b)
    search = script.unread[script.unread.lower().index("search your library") :]
    (step,) = own(search[0].upper() + search[1:], "activated").steps
    assert step.card.mv_amount == Amount(count="mana_value", of=SACRIFICED, plus=1)
    # in a triggered ability, nothing its cost sacrificed
    assert own(search[0].upper() + search[1:], "triggered").unread


# -- a card of one of two or more kinds (CR 701.23a) -----------------------------------------


def test_a_basic_land_card_or_a_desert_card(corpus):
    (step,) = card(corpus, "Outcaster Greenblade", "triggered").steps
    either = CardFilter(either=(BASIC_LAND, CardFilter(subtypes=("Desert",))))
    assert step == Search(YOU, either, "hand", reveal=True)


def test_an_instant_card_or_a_card_with_flash(corpus):
    (step,) = card(corpus, "Mystical Teachings").steps
    either = CardFilter(
        either=(CardFilter(types=("Instant",)), CardFilter(qualities=("with flash",)))
    )
    assert step == Search(YOU, either, "hand", reveal=True)


@pytest.mark.parametrize(
    "kinds",
    [
        "a Forest card or a Plains card or an Island card",  # "or" twice: no list form
        "a Forest card, a Plains card, an Island card",  # no "or" at all
        "a Forest card or a Plains card, an Island card",
    ],
)
def test_lists_of_kinds_not_in_the_list_form_stay_unread(kinds):
    text = "Search your library for {}, put it onto the battlefield, then shuffle."
    (step,) = own(text.format("a Forest card, a Plains card, or an Island card")).steps
    assert step.card == CardFilter(
        either=tuple(CardFilter(subtypes=(s,)) for s in ("Forest", "Plains", "Island"))
    )
    assert own(text.format(kinds)).unread == text.format(kinds)


# -- stored readings -----------------------------------------------------------------------


def test_the_codec_keeps_the_new_fields(corpus):
    for name, kind, n in [
        ("Nissa Revane", "activated", -1),
        ("Birthing Pod", "activated", 0),
        ("Outcaster Greenblade", "triggered", 0),
        ("Harvest Season", "spell", 0),
    ]:
        script = card(corpus, name, kind, n)
        assert not script.unread
        assert loads(dumps(script)) == script


# -- one card of each of several kinds (CR 701.23a, 701.23h) ---------------------------------


def test_a_forest_card_and_a_plains_card(corpus):
    (step,) = card(corpus, "Krosan Verge", "activated", -1).steps
    assert step == Search(
        YOU,
        CardFilter(),
        "battlefield",
        Amount(2),
        tapped=True,
        cards=(CardFilter(subtypes=("Forest",)), CardFilter(subtypes=("Plains",))),
    )


def test_a_card_of_each_color_then_where_they_go_in_the_next_sentence(corpus):
    """Conflux says where the five cards go in a sentence of its own: the same search."""
    (step,) = card(corpus, "Conflux").steps
    colors = ("white", "blue", "black", "red", "green")
    assert step == Search(
        YOU,
        CardFilter(),
        "hand",
        Amount(5),
        reveal=True,
        cards=tuple(CardFilter(colors=(c,)) for c in colors),
    )


def test_kinds_joined_by_and_not_in_the_list_form_stay_unread():
    text = "Search your library for {}, put them into your hand, then shuffle."
    (step,) = own(text.format("a Forest card, a Plains card, and an Island card")).steps
    assert step.cards == tuple(CardFilter(subtypes=(s,)) for s in ("Forest", "Plains", "Island"))
    for kinds in (
        "a Forest card and a Plains card and an Island card",
        "a Forest card and a Plains card, an Island card",
    ):
        assert own(text.format(kinds)).unread == text.format(kinds)
    # one card said, the pronoun plural: what was found is unsettled
    one = "Search your library for a Forest card and a Plains card, put it into your hand, then shuffle."
    assert own(one).unread == one


# -- where the cards go, said in the next sentence (608.2c) ----------------------------------


def test_x_defined_then_where_the_cards_go_in_the_next_sentence(corpus):
    (step,) = card(corpus, "Traverse the Outlands").steps
    assert step == Search(
        YOU,
        BASIC_LAND,
        "battlefield",
        Amount(count="greatest_power", group=Group()),
        up_to=True,
        tapped=True,
    )


def test_the_cards_x_in_its_mana_value_defined_after_it(corpus):
    """Eldritch Evolution: the card's mana value at most 2 plus its cost's sacrificed
    creature's (107.3c, 202.3), the card put onto the battlefield in the next sentence."""
    steps = card(corpus, "Eldritch Evolution").steps
    assert steps[0] == Search(
        YOU,
        CardFilter(
            types=("Creature",),
            mv_amount=Amount(count="mana_value", of=SACRIFICED, plus=2),
            mv_compare="<=",
        ),
        "battlefield",
    )


def test_a_next_sentence_saying_more_than_where_the_cards_go_is_not_joined():
    """No shuffle said, or a condition before the cards go: not the search's second half."""
    for second in (
        "Put that card into your hand.",
        "If it's a land card, put it into your hand, then shuffle.",
    ):
        text = f"Search your library for a card. {second}"
        assert own(text).unread.startswith("Search your library for a card.")
    # the joined form itself reads
    (step,) = own(
        "Search your library for a card. Put that card into your hand, then shuffle."
    ).steps
    assert step == Search(YOU, CardFilter(), "hand")


# -- more shapes: "the card" on top, "and/or", that object's controller's option ---------


def test_the_card_put_on_top_after_the_shuffle(corpus):
    (step,) = card(corpus, "Worldly Tutor").steps
    assert step == Search(YOU, CardFilter(types=("Creature",)), "library_top", reveal=True)
    # "the card" of two or more found: which one is not said
    text = "Search your library for up to two creature cards, then shuffle and put the card on top."
    assert own(text).unread == text


def test_an_aura_card_and_or_an_equipment_card(corpus):
    """ "and/or": a kind is a stated quality the searcher may leave unfound (701.23b), so
    it is the search for one of each."""
    (step,) = card(corpus, "Axgard Armory", "activated", -1).steps
    kinds = (CardFilter(subtypes=("Aura",)), CardFilter(subtypes=("Equipment",)))
    assert step == Search(YOU, CardFilter(), "hand", Amount(2), reveal=True, cards=kinds)


def test_that_objects_controller_may_search(corpus):
    """Pattern of Rebirth: the dead creature's controller, as it last existed (608.2h),
    chooses (608.2d); Demolition Field: the destroyed target land's controller."""
    its = Subject("that_controller")
    (step,) = card(corpus, "Pattern of Rebirth", "triggered").steps
    assert step == TheyMay(
        its, Script((Search(its, CardFilter(types=("Creature",)), "battlefield"),))
    )
    steps = card(corpus, "Demolition Field", "activated", -1).steps
    controller = Subject("its_controller", index=0)
    assert steps[1] == TheyMay(controller, Script((Search(controller, BASIC_LAND, "battlefield"),)))
    # the object's controller with no object named before, outside a trigger: unread
    text = "That land's controller may search their library for a card, put it into their hand, then shuffle."
    assert own(text, "activated").unread == text


def test_another_players_library_searched_for_x_cards_x_defined(corpus):
    """Nightmare Incursion: up to X cards of the target player's library, X the Swamps
    its caster controls (107.3c); the shuffle is its own sentence."""
    steps = card(corpus, "Nightmare Incursion").steps
    swamps = Amount(count="group", group=Group(noun="Swamp"))
    target = Subject("target", index=0)
    assert steps == (
        SearchLibraryOf(target, CardFilter(), "exile", swamps, up_to=True),
        ShuffleLibrary(target),
    )
    # a pronoun's count: unread
    text = (
        "Search target player's library for up to X cards, where X is its power, and exile "
        "them. Then that player shuffles."
    )
    assert own(text).unread.startswith("Search target player's library")


def test_an_instruction_then_a_search_in_one_sentence(corpus):
    """Defense of the Heart sacrifices itself, then searches (608.2c: in the order
    written); Mornsong Aria's player loses life, then searches their own library."""
    steps = card(corpus, "Defense of the Heart", "triggered").steps
    assert steps[1] == Search(
        YOU, CardFilter(types=("Creature",)), "battlefield", Amount(2), up_to=True
    )
    that = Subject("that", noun="player")
    steps = card(corpus, "Mornsong Aria", "triggered").steps
    assert steps[1] == Search(that, CardFilter(), "hand")
    # the search first and another instruction after it: not this shape
    text = "Search your library for a card, put it into your hand, then shuffle, draw a card."
    assert own(text).unread == text


def test_a_card_with_flashback_is_not_cut_at_flash():
    text = "Search your library for a card with {}, reveal it, put it into your hand, then shuffle."
    for keyword in ("flashback", "flash"):
        (step,) = own(text.format(keyword)).steps
        assert step.card == CardFilter(qualities=(f"with {keyword}",))


def test_two_joined_sentences_left_unread_keep_their_words():
    """A joined search whose X the reader can't count stays unread in the card's own words
    (two sentences, as written)."""
    text = (
        "Search your library for up to X basic land cards, where X is the number of {}. "
        "Reveal those cards, put them into your hand, then shuffle."
    )
    (step,) = own(text.format("lands you control")).steps
    assert step.amount == Amount(count="group", group=Group(noun="land"))
    unread = text.format("opponents who have more life than you")
    assert own(unread).unread == unread
