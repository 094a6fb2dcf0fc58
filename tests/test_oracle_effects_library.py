"""The Oracle effect reader's hidden-zone and characteristic-changing sentences
(cards/oracle/effects_library.py, oracle/effects_changes.py; docs/effects.md): real Oracle text
read from the corpus (../shared/data/cards, skipped when absent) and texts written here.

The guards fail on a misreading: whose hand or library, which card is discarded and by
whom, how many cards and where the rest go, a permission read as a choice, a chosen
protection read as a keyword the play-out would grant, mana whose spending restriction is
dropped, a pronoun bound to the wrong object."""

from __future__ import annotations

import pytest

from mtgrules.cards.effects import (
    SELF,
    YOU,
    AddMana,
    Amount,
    Delayed,
    Exile,
    May,
    Modify,
    Move,
    Script,
)
from mtgrules.cards.effects_actions import CardFilter
from mtgrules.cards.effects_changes import (
    AttackDespiteDefender,
    Becomes,
    BecomesChosen,
    GainChosenProtection,
    LoseKeywords,
    RestrictedMana,
    TapOrUntap,
)
from mtgrules.cards.effects_library import (
    CHOSEN_CARD,
    CREATED,
    TOP_CARDS,
    ChooseCard,
    CopySpell,
    DiscardCard,
    GraveyardAway,
    MayPlay,
    PutTopCards,
    RevealHand,
    ShuffleLibrary,
    TopCards,
)
from mtgrules.cards.oracle.effect_texts import effect_texts
from mtgrules.cards.oracle.effects import read_effect
from tests.test_oracle_effects import T, read


def own(text: str, kind: str = "spell", name: str = "Test Card"):
    return read_effect(text, name, kind)


def test_a_revealed_hand_a_chosen_card_and_its_discard(corpus):
    """Duress: the target reveals, you choose (a noncreature, nonland card), and the same
    player discards the card chosen (CR 701.20a, 701.9a)."""
    script = read(corpus, "Duress")
    assert script.complete
    assert script.steps == (
        RevealHand(T(0)),
        ChooseCard(T(0), CardFilter(not_types=("Creature", "Land")), YOU),
        DiscardCard(T(0), CHOSEN_CARD),
    )
    # Thoughtseize's life loss after it is the caster's, not the target's
    assert read(corpus, "Thoughtseize").steps[-1].who == YOU


def test_only_the_revealing_player_discards_the_chosen_card():
    assert not own(
        "Target player reveals their hand. You choose a nonland card from it. You discard "
        "that card."
    ).complete
    # nothing revealed: "from it" has no hand to mean
    assert not own("You choose a nonland card from it. That player discards that card.").complete


def test_looking_at_a_hand_is_the_controllers_look_not_a_reveal(corpus):
    assert read(corpus, "Peek").steps == (RevealHand(T(0), look=True),)


def test_top_cards_one_chosen_the_rest_in_order(corpus):
    """Impulse: four cards looked at; one into the hand, the rest on the bottom in any
    order (CR 701.20e, 401.4). Forbidden Alchemy's rest go to the graveyard, unordered."""
    assert read(corpus, "Impulse").steps == (
        TopCards("look", Amount(4)),
        PutTopCards("hand", Amount(1), "library_bottom", "any"),
    )
    assert read(corpus, "Forbidden Alchemy").steps[1] == PutTopCards("hand", Amount(1), "graveyard")
    # "the other" of two, with no order stated
    assert read(corpus, "Sleight of Hand").steps[1] == PutTopCards(
        "hand", Amount(1), "library_bottom"
    )


def test_a_card_revealed_from_among_them_and_the_rest(corpus):
    script = read(corpus, "Commune with Nature")
    assert script.complete
    looked, may, rest = script.steps
    assert looked == TopCards("look", Amount(5))
    assert may == May(
        _script(
            ChooseCard(TOP_CARDS, CardFilter(types=("Creature",)), YOU, reveal=True),
            Move(CHOSEN_CARD, "hand"),
        )
    )
    assert rest == PutTopCards("library_bottom", None, "", "any", remaining=True)


def test_the_rest_needs_cards_taken_and_some_chosen():
    assert not own("Put the rest on the bottom of your library.").complete
    assert not own(
        "Look at the top four cards of your library. Put the rest into your graveyard."
    ).complete
    # two cards looked at but "cards" and "card" disagree
    assert not own("Look at the top two card of your library.").complete


def test_impulse_draw_is_a_permission_for_a_while_not_a_choice(corpus):
    """Light Up the Stage: the two exiled cards may be played until the end of your next
    turn (CR 611.2a): a permission, never a May asked as it resolves."""
    assert read(corpus, "Light Up the Stage").steps == (
        TopCards("exile", Amount(2)),
        MayPlay(TOP_CARDS, "end_of_your_next_turn"),
    )
    assert own("Exile the top card of your library. You may play it this turn.").steps[1] == (
        MayPlay(TOP_CARDS, "end_of_turn")
    )
    # the cards exiled are the opponent's when it is their library
    script = own("Target opponent exiles the top card of their library.")
    assert script.steps == (TopCards("exile", Amount(1), T(0), T(0)),)


def test_copy_and_new_targets(corpus):
    assert read(corpus, "Reverberate").steps == (CopySpell(T(0), new_targets=True),)
    # "choose new targets" with no copy before it is not read
    assert not own("Draw a card. You may choose new targets for the copy.").complete


def test_shuffles_and_graveyards(corpus):
    assert own("Then shuffle.", "activated").steps == (ShuffleLibrary(YOU),)
    assert own("Target player shuffles their library.").steps == (ShuffleLibrary(T(0)),)
    assert read(corpus, "Tormod's Crypt", "activated").steps == (GraveyardAway(T(0), "exile"),)
    assert own("Target player shuffles their graveyard into their library.").steps == (
        GraveyardAway(T(0), "library"),
    )
    assert not own("Target player shuffles your graveyard into their library.").complete


def test_a_land_that_becomes_a_creature_and_stays_a_land(corpus):
    """Mishra's Factory: a 2/2 Assembly-Worker artifact creature until end of turn that is
    still a land (CR 205.1b, 613.4b)."""
    assert read(corpus, "Mishra's Factory", "activated", 1).steps == (
        Becomes(
            SELF,
            ("Artifact", "Creature"),
            ("Assembly-Worker",),
            power=2,
            toughness=2,
            duration="end_of_turn",
            retains=("Land",),
        ),
    )
    # "It's still a land" about something else than what became a creature is unread
    assert not own("Draw a card. It's still a land.").complete
    script = own("Until end of turn, target creature becomes a 4/4 Elemental creature.")
    assert script.steps[0].duration == "end_of_turn"


def test_chosen_protection_and_types_are_not_keywords(corpus):
    """Mother of Runes: a protection whose color is chosen as it resolves (CR 702.16a,
    608.2d); never a Modify granting a keyword named "protection from the color ...",
    which the play-out would grant and no rule would check."""
    assert read(corpus, "Mother of Runes", "activated").steps == (GainChosenProtection(T(0)),)
    assert own(
        "This creature becomes the creature type of your choice until end of turn."
    ).steps == (BecomesChosen(SELF, "creature type", "end_of_turn"),)


def test_mana_spent_only_as_it_says_is_not_plain_mana(corpus):
    """Grand Architect: "Spend this mana only to ..." makes the mana a RestrictedMana (CR
    106.6), not an AddMana the play-out would add as unrestricted mana."""
    (step,) = read(corpus, "Grand Architect", "activated", 1).steps
    assert isinstance(step, RestrictedMana) and isinstance(step.mana, AddMana)
    assert step.mana.symbols == "{C}{C}" and step.spend_only.startswith("to cast artifact")
    assert not own("Draw a card. Spend this mana only to cast creature spells.").complete


def test_tokens_named_after_they_are_created():
    """ "It" after a token is created is that token, never the source."""
    script = own(
        "Create a 1/1 red Goblin creature token. It gains haste until end of turn. Sacrifice "
        "it at the beginning of the next end step."
    )
    assert script.complete
    assert script.steps[1].what == CREATED
    assert isinstance(script.steps[2], Delayed) and script.steps[2].then.steps[0].what == CREATED


def test_small_families(corpus):
    assert read(corpus, "Puppeteer", "activated").steps == (May(_script(TapOrUntap(T(0)))),)
    assert read(corpus, "Radjan Spirit", "activated").steps == (LoseKeywords(T(0), ("flying",)),)
    dark_maze = read(corpus, "Dark Maze", "activated")
    assert dark_maze.steps[0] == AttackDespiteDefender(SELF)
    assert dark_maze.steps[1] == Delayed("next_end_step", _script(Exile(SELF)))


def _script(*steps):
    return Script(tuple(steps))


@pytest.mark.parametrize(
    "kind",
    [
        RevealHand,
        ChooseCard,
        DiscardCard,
        TopCards,
        PutTopCards,
        MayPlay,
        ShuffleLibrary,
        CopySpell,
        GraveyardAway,
        Becomes,
        BecomesChosen,
        GainChosenProtection,
        LoseKeywords,
        AttackDespiteDefender,
        TapOrUntap,
        RestrictedMana,
    ],
)
def test_every_new_instruction_is_refused_on_resolution(kind):
    """None is carried out yet: carry_out refuses an instruction with no handler, naming
    it (cases/playout-resolution/*-refused.yaml play some out)."""
    from mtgrules.rules.effects.resolution import HANDLERS

    assert kind not in HANDLERS


def test_durations_before_or_after_and_a_grant_with_none():
    """ "Until end of turn, X gains flying." is the same instruction as "X gains flying
    until end of turn." (CR 611.2a; carried out). A keyword gained with no duration lasts
    indefinitely (refused on resolution), and is read only alone in its sentence: in
    "gains flying and gets +1/+1 until end of turn" the duration is both's (one change,
    oracle/continuous.py), never none for the keyword."""
    assert own("Until end of turn, target creature gains flying.") == own(
        "Target creature gains flying until end of turn."
    )
    assert own(
        "Return target creature card from your graveyard to the battlefield. It gains haste."
    ).steps[1] == Modify(T(0), keywords=("haste",), duration="")
    assert own("Target creature gains flying and gets +1/+1 until end of turn.").steps == (
        Modify(T(0), 1, 1, ("flying",), "end_of_turn"),
    )
    pumped = own("Target creature gets +2/+2 and gains trample until end of turn.").steps
    assert all(step.duration == "end_of_turn" for step in pumped)


def test_a_spells_statics_and_who_may_activate_are_not_effect_texts(corpus):
    """Sickening Dreams' additional cost (CR 118.8) and Spoils of Adventure's cost change
    (601.2f) are static abilities of the spell, not what it does; Deadly Designs' "Any
    player may activate this ability" says who may activate it (602.2). effect_texts
    leaves them out; the effect beside them stays."""
    for name in ("Sickening Dreams", "Spoils of Adventure"):
        record = corpus[name]
        texts = [t for _k, t in effect_texts(name, record.get("text"), record.get("types"))]
        assert texts and not any("to cast" in t for t in texts)
    record = corpus["Battlefield Butcher"]  # what it costs to activate (601.2f, 602.2b)
    texts = [
        t for k, t in effect_texts("Battlefield Butcher", record.get("text")) if k == "activated"
    ]
    assert texts and not any("costs" in t for t in texts)
    record = corpus["Deadly Designs"]
    (text,) = [t for k, t in effect_texts("Deadly Designs", record.get("text")) if k == "activated"]
    assert "Any player" not in text and text.startswith("Put a plot counter")
