"""The Oracle effect reader's cards chosen from a hand or from among the top cards of a
library (cards/oracle/hand_selections.py; docs/effects.md, "Cards chosen from a hand or from
among the top cards"): real Oracle text read from the corpus (../shared/data/cards, skipped
when absent) and short texts written here.

The guards fail on a misreading: kinds joined by "and/or" read as a card of every kind, a
noncreature card put onto the battlefield attacking, "the revealed cards" read when the
cards were only looked at, and "their graveyard" bound to a player who isn't the one whose
library the card came from."""

from __future__ import annotations

from mtgrules.cards.effects import YOU, Amount, Draw, IfYouDo, May, Move, Script, Subject
from mtgrules.cards.effects_actions import CardFilter, PutFromHand
from mtgrules.cards.effects_choices import IfYouDont
from mtgrules.cards.effects_conditions import If, IsKind
from mtgrules.cards.effects_library import (
    CHOSEN_CARD,
    TOP_CARDS,
    ChooseCard,
    PutTopCards,
    RevealCard,
    TopCards,
)
from mtgrules.cards.effects_players import PutHandOnLibrary
from mtgrules.cards.oracle.effects import read_effect
from tests.test_oracle_effects import effect_of

TARGET = Subject("target", index=0)
CREATURE = CardFilter(types=("Creature",))
LAND = CardFilter(types=("Land",))


def card(corpus, name: str, kind: str = "spell", n: int = 0) -> Script:
    return read_effect(effect_of(corpus, name, kind, n), name, kind)


def own(text: str, kind: str = "spell") -> Script:
    return read_effect(text, "Test Card", kind)


def test_any_number_or_up_to_n_cards_from_your_hand(corpus):
    """Ghalta and Wrenn and Seven put any number of cards of a kind (107.1c), Patron of the
    Moon up to two, tapped; Tooth and Nail's second mode up to two creature cards."""
    assert card(corpus, "Ghalta, Stampede Tyrant", "triggered") == Script(
        (PutFromHand(YOU, CREATURE, amount=None, up_to=True),)
    )
    assert card(corpus, "Wrenn and Seven", "activated", 1) == Script(
        (PutFromHand(YOU, LAND, tapped=True, amount=None, up_to=True),)
    )
    assert card(corpus, "Patron of the Moon", "activated") == Script(
        (PutFromHand(YOU, LAND, tapped=True, amount=Amount(2), up_to=True),)
    )
    modes = card(corpus, "Tooth and Nail").steps[0].modes
    assert modes[1] == Script((PutFromHand(YOU, CREATURE, amount=Amount(2), up_to=True),))


def test_a_multicolored_or_historic_card_from_your_hand(corpus):
    """Dragon Arch's card has two or more colors (105.2); Thran Temporal Gateway's is a
    historic permanent card (700.6)."""
    arch = card(corpus, "Dragon Arch", "activated")
    assert arch == Script(
        (May(Script((PutFromHand(YOU, CardFilter(types=("Creature",), multicolored=True)),))),)
    )
    gateway = card(corpus, "Thran Temporal Gateway", "activated")
    put = gateway.steps[0].then.steps[0]
    assert put == PutFromHand(YOU, CardFilter(types=("Permanent",), historic=True))


def test_the_card_put_from_your_hand_named_after_it(corpus):
    """Ilharg, the Raze-Boar: "that creature" is the card put from the hand tapped and
    attacking, returned at the next end step; Deathrender attaches itself to it."""
    ilharg = card(corpus, "Ilharg, the Raze-Boar", "triggered", 0)
    assert ilharg.complete
    assert ilharg.steps[1].then == Script((Move(CHOSEN_CARD, "hand"),))
    deathrender = card(corpus, "Deathrender", "triggered")
    assert deathrender.complete
    assert deathrender.steps[0].then.steps[1].to == CHOSEN_CARD


def test_a_card_from_your_hand_or_graveyard(corpus):
    """Dread Tiller's land card may come from the hand or the graveyard, tapped."""
    put = card(corpus, "Dread Tiller", "triggered", 1).steps[0].then.steps[0]
    assert put == PutFromHand(YOU, LAND, tapped=True, graveyard=True)
    assert "from your hand or graveyard" in put.render()


def test_creature_types_joined_by_or_before_creature(corpus):
    """Quest for Ula's Temple's card is a creature card of one of four creature types."""
    put = card(corpus, "Quest for Ula's Temple", "triggered", 1).steps[0].then.steps[0]
    kinds = ("Kraken", "Leviathan", "Octopus", "Serpent")
    assert put == PutFromHand(YOU, CardFilter(types=("Creature",), subtypes=kinds))


def test_kinds_joined_by_and_or_from_among_the_top_cards(corpus):
    """Nissa, Genesis Mage puts any number of cards each a creature or a land card (and/or:
    a card of both kinds too); Pieces of the Puzzle up to two instant and/or sorcery cards
    and the rest into the graveyard; Uncovered Clues reveals up to two, and "the revealed
    cards" are those."""
    nissa = card(corpus, "Nissa, Genesis Mage", "activated", 2)
    either = CardFilter(any_types=("Creature", "Land"))
    assert nissa == Script(
        (
            TopCards("look", Amount(10)),
            May(Script((PutTopCards("battlefield", None, card=either, up_to=True),))),
            PutTopCards("library_bottom", None, order="random", remaining=True),
        )
    )
    puzzle = card(corpus, "Pieces of the Puzzle")
    spells = CardFilter(any_types=("Instant", "Sorcery"))
    assert puzzle.steps[1] == PutTopCards("hand", Amount(2), "graveyard", card=spells, up_to=True)
    clues = card(corpus, "Uncovered Clues")
    assert clues.steps[1] == May(
        Script(
            (
                ChooseCard(TOP_CARDS, spells, amount=Amount(2), reveal=True, up_to=True),
                Move(CHOSEN_CARD, "hand"),
            )
        )
    )


def test_a_creature_card_from_among_them_tapped_and_attacking(corpus):
    """Jet, Rebel Leader's creature card enters tapped and attacking (508.4); Winota's gains
    indestructible ("it": the card put), and "the rest of the cards" are the rest."""
    jet = card(corpus, "Jet, Rebel Leader", "triggered")
    put = PutTopCards(
        "battlefield",
        Amount(1),
        card=CardFilter(types=("Creature",), max_mana_value=3),
        tapped=True,
        attacking=True,
    )
    assert jet == Script(
        (
            TopCards("look", Amount(5)),
            May(Script((put,))),
            PutTopCards("library_bottom", None, order="random", remaining=True),
        )
    )
    winota = card(corpus, "Winota, Joiner of Forces", "triggered")
    assert winota.complete and winota.steps[1].then.steps[0].attacking
    assert winota.steps[2].what == CHOSEN_CARD
    assert winota.steps[3] == PutTopCards("library_bottom", None, order="random", remaining=True)


def test_up_to_n_of_them_and_the_rest(corpus):
    """The Mana Rig: up to two of the top X cards into your hand, the rest on the bottom."""
    rig = card(corpus, "The Mana Rig", "activated")
    assert rig.steps[1] == PutTopCards("hand", Amount(2), "library_bottom", "random", up_to=True)


def test_the_rest_of_the_revealed_cards(corpus):
    """Kruphix's Insight revealed its top cards: "the rest of the revealed cards" are the
    ones not put into the hand."""
    insight = card(corpus, "Kruphix's Insight")
    enchantment = CardFilter(types=("Enchantment",))
    assert insight.steps[1] == PutTopCards(
        "hand", Amount(3), "graveyard", card=enchantment, up_to=True
    )


def test_the_rest_after_a_spell_cast_from_among_them(corpus):
    """Aetherworks Marvel: "the rest" are the top cards not cast (a spell cast is on the
    stack, 601.2a)."""
    marvel = card(corpus, "Aetherworks Marvel", "activated")
    assert marvel.complete
    assert marvel.steps[2] == PutTopCards("library_bottom", None, order="random", remaining=True)


def test_the_top_card_of_a_target_players_library_into_their_zones(corpus):
    """Jace, the Mind Sculptor's +2 may put the card on the bottom of that player's library;
    Eye Spy's into their graveyard: the card's owner's zones (400.3)."""
    jace = card(corpus, "Jace, the Mind Sculptor", "activated", 0)
    assert jace == Script(
        (
            TopCards("look", Amount(1), whose=TARGET),
            May(Script((Move(TOP_CARDS, "library_bottom"),))),
        )
    )
    eye = card(corpus, "Eye Spy")
    assert eye.steps[1] == May(Script((Move(TOP_CARDS, "graveyard"),)))
    precognition = card(corpus, "Precognition", "triggered")
    assert precognition.steps[1] == IfYouDo(
        Script((May(Script((Move(TOP_CARDS, "library_bottom"),))),))
    )


def test_if_you_dont_put_the_card_there(corpus):
    """Risen Reef: a land card may go onto the battlefield tapped; a card that didn't (not a
    land, or the player chose not to) goes into the hand, under the condition after the
    "you may" and as its otherwise (608.2c). Cosmic Rebirth: the same of its target."""
    top_land = IsKind(TOP_CARDS, types=("Land",), card=True)
    to_hand = Script((Move(TOP_CARDS, "hand"),))
    may_put = May(Script((Move(TOP_CARDS, "battlefield", under="you", tapped=True),)))
    reef = card(corpus, "Risen Reef", "triggered")
    assert reef == Script(
        (
            TopCards("look", Amount(1)),
            If(top_land, Script((may_put, IfYouDont(to_hand))), otherwise=to_hand),
        )
    )
    rebirth = card(corpus, "Cosmic Rebirth")
    assert rebirth.complete and rebirth.steps[0].otherwise == Script((Move(TARGET, "hand"),))


def test_the_top_card_revealed_and_put_into_your_hand(corpus):
    """Domri Rade's +1 reveals the one top card it looked at before the card goes to the
    hand (701.20a-b); Traveling Botanist's card may go to the graveyard when it didn't."""
    reveal_put = May(Script((RevealCard(TOP_CARDS), Move(TOP_CARDS, "hand"))))
    domri = card(corpus, "Domri Rade", "activated", 0)
    top_creature = IsKind(TOP_CARDS, types=("Creature",), card=True)
    assert domri == Script((TopCards("look", Amount(1)), If(top_creature, Script((reveal_put,)))))
    botanist = card(corpus, "Traveling Botanist", "triggered")
    to_graveyard = Script((May(Script((Move(TOP_CARDS, "graveyard"),))),))
    assert botanist.steps[1].then == Script((reveal_put, IfYouDont(to_graveyard)))
    assert botanist.steps[1].otherwise == to_graveyard


def test_a_card_of_a_kind_revealed_from_your_hand(corpus):
    """Priest of the Wakening Sun: a Dinosaur card of your choice revealed from your hand,
    "if you do" after it."""
    priest = card(corpus, "Priest of the Wakening Sun", "triggered")
    dinosaur = CardFilter(subtypes=("Dinosaur",))
    assert priest.steps[0] == May(Script((ChooseCard(YOU, dinosaur, reveal=True),)))
    assert priest.complete and isinstance(priest.steps[1], IfYouDo)


def test_cards_from_your_hand_on_top_of_your_library(corpus):
    """Brainstorm: two cards of your hand, of your choice, on top of your library in the
    order you choose (401.4)."""
    assert card(corpus, "Brainstorm") == Script(
        (Draw(YOU, Amount(3)), PutHandOnLibrary(YOU, Amount(2)))
    )


def test_refusals_beside_what_reads():
    """Left unread, each beside a sibling that reads: a noncreature card put onto the
    battlefield attacking; "the revealed cards" when the top cards were only looked at;
    "their graveyard" after your own library; "up to X" cards from a hand; kinds joined by
    "and/or" that one filter can't hold (a supertype or a card type); "tapped and attacking
    that player" (which player it attacks is named: 508.4's exception)."""
    look = "Look at the top five cards of your library. "
    reveal = "Reveal the top five cards of your library. "
    attacking = " from among them onto the battlefield tapped and attacking"
    rest_of = (
        " from among them into your hand and the rest of the revealed cards into your graveyard."
    )
    pairs = (
        (
            look + "You may put an instant card" + attacking + ".",
            look + "You may put a creature card" + attacking + ".",
        ),
        (
            look + "Put up to two creature cards" + rest_of,
            reveal + "Put up to two creature cards" + rest_of,
        ),
        (
            "Look at the top card of your library. You may put that card into their graveyard.",
            "Look at the top card of target player's library. You may put that card into their graveyard.",
        ),
        (
            "Put up to X land cards from your hand onto the battlefield tapped.",
            "Put up to three land cards from your hand onto the battlefield tapped.",
        ),
        (
            look
            + "You may put any number of legendary and/or enchantment cards from among them into your hand.",
            look
            + "You may put any number of artifact and/or enchantment cards from among them into your hand.",
        ),
        (
            look + "You may put a creature card" + attacking + " that player.",
            look + "You may put a creature card" + attacking + ".",
        ),
    )
    pairs += (
        (
            "Look at the top two cards of your library. You may reveal it and put it into your hand.",
            "Look at the top card of your library. You may reveal it and put it into your hand.",
        ),
        (
            "Look at the top card of your library. If it's a land card, you may put it onto the"
            " battlefield. If you don't put the card onto the battlefield, draw a card.",
            "Look at the top card of your library. If it's a land card, you may put it onto the"
            " battlefield. If you don't put the card onto the battlefield, put it into your hand.",
        ),
    )
    pairs += (
        (
            "Draw three cards, then put two cards from your hand on top of your library in a"
            " random order.",
            "Draw three cards, then put two cards from your hand on top of your library in any"
            " order.",
        ),
    )
    pairs += (
        (
            "You may reveal a Dinosaur card from your hand. You gain life equal to its power.",
            "You may reveal a Dinosaur card from your hand. If you do, you gain 2 life.",
        ),
    )
    pairs += (
        (
            "Put up to two creature cards from your hand onto the battlefield. That creature"
            " gains haste.",
            "You may put a creature card from your hand onto the battlefield. That creature"
            " gains haste.",
        ),
    )
    for refused, read in pairs:
        assert own(refused, "triggered").unread, refused
        assert own(read, "triggered").complete, read


def test_the_codec_round_trips_the_readings(corpus):
    """Stored readings come back equal (the new fields have defaults the codec keeps)."""
    from mtgrules.cards.effect_codec import dumps, loads

    for script in (
        card(corpus, "Patron of the Moon", "activated"),
        card(corpus, "Ghalta, Stampede Tyrant", "triggered"),
        card(corpus, "Jet, Rebel Leader", "triggered"),
        card(corpus, "Nissa, Genesis Mage", "activated", 2),
        card(corpus, "Traveling Botanist", "triggered"),
    ):
        assert script.complete and loads(dumps(script)) == script


def test_renderings_and_the_play_out_refuses_them():
    """The readings render the count, the kinds and "tapped and attacking". No resolution
    handler carries these out yet: the play-out refuses them by name rather than doing
    anything."""
    from mtgrules.rules.effects.resolution import HANDLERS

    assert PutFromHand not in HANDLERS and PutTopCards not in HANDLERS
    assert RevealCard not in HANDLERS and TopCards not in HANDLERS
    assert RevealCard(TOP_CARDS).render().startswith("you reveal the cards taken from the top")
    assert (
        "any number of creature cards"
        in PutFromHand(YOU, CREATURE, amount=None, up_to=True).render()
    )
    assert "up to 2 land card(s)" in PutFromHand(YOU, LAND, amount=Amount(2), up_to=True).render()
    put = PutTopCards("battlefield", Amount(1), card=CREATURE, tapped=True, attacking=True)
    assert "tapped and attacking" in put.render()
