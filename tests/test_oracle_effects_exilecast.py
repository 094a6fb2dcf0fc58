"""The Oracle effect reader's copies of spells and abilities, and casting and playing cards
exiled for later (cards/oracle/copy_cast.py, cards/oracle/effects_casting.py,
cards/effects_casting.py; docs/effects.md, "Copying a spell or ability" and "Casting and
playing"): real Oracle text read from the corpus (../shared/data/cards, skipped when
absent) and sentences written here.

The guards fail on a misreading: new targets for a copy given to no copy, or to a copy
the "you may" before it never made; "it" copied where it is not what the trigger event
named (an instant's own words, a card a sentence before named); a delayed copy of the next
spell made at once, or of any spell; and a play-out that carries out what it can't yet."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest

from mtgrules.cards.effects import YOU, Amount, IfYouDo, May, Script, Subject
from mtgrules.cards.effects_actions import CardFilter
from mtgrules.cards.effects_amounts import PayMana
from mtgrules.cards.effects_casting import WhenNextCast
from mtgrules.cards.effects_changes import RestrictedMana
from mtgrules.cards.effects_game import CastCard
from mtgrules.cards.effects_library import (
    CHOSEN_CARD,
    TOP_CARDS,
    CardKinds,
    ChooseCard,
    CopySpell,
    MayPlay,
    RevealUntil,
    TopCards,
)
from mtgrules.cards.oracle.card_filters import read_counted_cards
from mtgrules.cards.oracle.effects import read_effect
from mtgrules.rules import Unsupported
from tests.test_oracle_effects import T, effect_of

SPELLS = CardKinds(any_types=("Instant", "Sorcery"))
EVENT_IT = Subject("that", noun="object")  # "it": what the trigger event named


def card(corpus: dict, name: str, kind: str, n: int = 0) -> Script:
    return read_effect(effect_of(corpus, name, kind, n), name, kind)


def own(text: str, kind: str = "spell") -> Script:
    return read_effect(text, "Test Card", kind)


# -- copies (CR 707.10, 707.10c) -------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "new_targets"),
    [("Melek, Izzet Paragon", True), ("Thurid, Mare of Destiny", False)],
)
def test_copy_it_is_what_the_trigger_event_named(corpus, name, new_targets):
    """CR 603.2, 608.2h: a triggered ability's first "Copy it." copies the spell its event
    named; 707.10c: new targets only when the next sentence says so."""
    script = card(corpus, name, "triggered")
    assert script.complete
    assert script.steps == (CopySpell(EVENT_IT, new_targets=new_targets),)


def test_copy_it_elsewhere_stays_unread():
    """Outside a triggered ability, or after a sentence that named something, "it" is not
    the event's spell: never read as one."""
    assert not own("Copy it.").complete
    assert not own("Copy it.", "activated").complete
    assert not own("Draw a card. Copy it.", "triggered").complete
    assert not own("You may draw a card. If you do, copy it.", "triggered").complete


@pytest.mark.parametrize("name", ["Swarm Intelligence", "Gorion, Wise Mentor"])
def test_new_targets_after_a_copy_you_may_make(corpus, name):
    """CR 608.2d, 707.10c: "You may copy ... You may choose new targets for the copy.": the
    new targets belong to the copy inside the "you may", made only if it is taken."""
    script = card(corpus, name, "triggered")
    assert script.complete
    ((may,),) = (script.steps,)
    assert isinstance(may, May)
    (copy,) = may.then.steps
    assert isinstance(copy, CopySpell) and copy.new_targets


def test_new_targets_after_if_you_do(corpus):
    """CR 608.2c, 707.10c: "You may pay {1}. If you do, copy that spell. You may choose new
    targets for the copy.": the payment is the choice, the copy with new targets follows."""
    script = card(corpus, "Cloven Casting", "triggered")
    assert script.complete
    pay, done = script.steps
    assert pay == May(Script((PayMana("{1}"),)))
    assert done == IfYouDo(Script((CopySpell(Subject("that"), new_targets=True),)))


def test_new_targets_for_no_copy_stay_unread():
    """No copy just made: the sentence is about nothing read (never given to another)."""
    assert not own("You may draw a card. You may choose new targets for the copy.").complete
    assert not own("Draw a card. You may choose new targets for the copy.").complete
    words = "Copy target instant spell. You may choose new targets for the copy. "
    assert not own(words + "You may choose new targets for the copy.").complete


@pytest.mark.parametrize(
    ("name", "kind", "what", "times"),
    [
        ("Echo Mage", "activated", T(0), Amount(2)),
        ("Repeated Reverberation", "triggered", Subject("that"), Amount(2)),
        ("Storm King's Thunder", "triggered", Subject("that", noun="spell"), Amount(x=True)),
    ],
)
def test_copies_made_more_than_once(corpus, name, kind, what, times):
    """CR 707.10: "twice", "X times": that many copies, each with new targets (707.10c)."""
    n = 1 if name == "Echo Mage" else 0
    script = card(corpus, name, kind, n)
    assert script.complete
    assert script.steps == (CopySpell(what, new_targets=True, times=times),)


def test_copy_that_spell_or_ability_the_event_named(corpus):
    """Unbound Flourishing: one copy of the spell or ability its event named (603.2)."""
    script = card(corpus, "Unbound Flourishing", "triggered", 1)
    assert script.complete
    assert script.steps == (CopySpell(Subject("that"), new_targets=True),)
    assert not own("Copy that spell or ability.").complete


@pytest.mark.parametrize(
    "text",
    [
        "Copy target instant spell twice. You may choose new targets for the copy.",
        "Copy target instant spell. You may choose new targets for the copies.",
        "Copy target instant spell twice. You may cast the copy.",
    ],
)
def test_the_copy_and_the_copies_must_agree(text):
    """ "The copies" after one copy, or "the copy" after two, names no copy made: unread."""
    assert not own(text).complete


# -- a delayed copy of the next spell (CR 603.7a, 603.7b) ------------------------------------


def test_the_next_instant_or_sorcery_spell_is_copied_later(corpus):
    """Ral, Storm Conduit's -2: a delayed triggered ability, not a copy made now."""
    script = card(corpus, "Ral, Storm Conduit", "activated", 1)
    assert script.complete
    copy = CopySpell(Subject("that", noun="spell"), new_targets=True)
    assert script.steps == (WhenNextCast(SPELLS, Script((copy,))),)


def test_a_delayed_copy_after_if_you_do():
    """A made-up payment: "If you do, when you next cast ...": the delay only if paid."""
    words = "You may pay {2}. If you do, when you next cast a sorcery spell this turn, copy it."
    script = own(words, "triggered")
    assert script.complete
    copy = CopySpell(Subject("that", noun="spell"))
    delayed = WhenNextCast(CardKinds(any_types=("Sorcery",)), Script((copy,)))
    assert script.steps[1] == IfYouDo(Script((delayed,)))


def test_a_next_spell_with_words_not_read_stays_unread():
    """A mana value limit or an "except" the delayed copy would lose: unread."""
    base = "When you next cast an instant or sorcery spell"
    assert not own(f"{base} with mana value 3 or less this turn, copy that spell.").complete
    assert not own(f"{base} this turn, copy it twice.").complete
    assert not own(f"{base} this turn, copy it, except the copy isn't legendary.").complete


# -- cards exiled to be played later (CR 701.13a, 611.2a, 609.4b) -----------------------------


def test_the_top_card_of_the_library_of_the_player_the_event_named(corpus):
    """CR 603.2, 608.2h: "that player's library" in a triggered ability's first sentence is
    the event's player; the permission lasts while the card stays exiled (611.2a)."""
    script = card(corpus, "Ramirez DePietro, Pillager", "triggered", 1)
    assert script.complete
    player = Subject("that", noun="player")
    assert script.steps == (
        TopCards("exile", Amount(1), player, YOU),
        MayPlay(TOP_CARDS, "exiled", cast=True),
    )


def test_that_player_not_named_by_an_event_stays_as_before():
    """A spell's "that player" names nobody; after a target player it is that target."""
    assert not own("Exile the top card of that player's library.").complete
    script = own("Target player draws a card. Exile the top card of that player's library.")
    assert script.complete and script.steps[-1] == TopCards("exile", Amount(1), T(0), YOU)


def test_each_players_top_card_and_mana_of_any_type(corpus):
    """Lidless Gaze: one card from each library, played until the end of your next turn,
    with mana of any type (118.14)."""
    script = card(corpus, "Lidless Gaze", "spell")
    assert script.complete
    assert script.steps == (
        TopCards("exile", Amount(1), Subject("each_player"), YOU),
        MayPlay(TOP_CARDS, "end_of_your_next_turn", spend="any_type"),
    )


def test_one_of_them_chosen_then_played(corpus):
    """Case of the Burning Masks: only the chosen card may be played, this turn (608.2c)."""
    script = card(corpus, "Case of the Burning Masks", "activated")
    assert script.complete
    assert script.steps == (
        TopCards("exile", Amount(3), YOU, YOU),
        ChooseCard(TOP_CARDS, CardFilter(), YOU, Amount(1)),
        MayPlay(CHOSEN_CARD, "end_of_turn"),
    )
    assert not own("Choose one of them. You may play that card this turn.").complete


def test_that_many_cards_from_the_top(corpus):
    """Shadow Urchin: as many cards as the event's counters, until your next end step."""
    script = card(corpus, "Shadow Urchin", "triggered", 1)
    assert script.complete
    exile, play = script.steps
    assert exile == TopCards("exile", Amount(count="event"), YOU, YOU)
    assert play == MayPlay(TOP_CARDS, "your_next_end_step")


def test_cards_exiled_until_a_nonland_card_then_cast(corpus):
    """Wanda's Vision: the nonland card found may be cast free now (608.2g, 118.9); the
    other exiled cards stay in exile."""
    script = card(corpus, "Wanda's Vision", "triggered")
    assert script.complete
    nonland = read_counted_cards("a nonland card")[1]
    assert script.steps == (
        RevealUntil(YOU, nonland, exile=True),
        May(Script((CastCard(CHOSEN_CARD, free=True),))),
    )


def test_cards_exiled_until_by_another_player(corpus):
    """Umbris, Fear Manifest: the target opponent exiles from their own library."""
    script = card(corpus, "Umbris, Fear Manifest", "triggered")
    assert script.complete
    assert script.steps == (RevealUntil(T(0), read_counted_cards("a land card")[1], exile=True),)


@pytest.mark.parametrize(
    "text",
    [
        # each opponent finds a card: "that card" is not one card
        "Each opponent exiles cards from the top of their library until they exile a nonland"
        " card. You may cast that card without paying its mana cost.",
        # whose library: "your" after another player, "their" after you
        "Target opponent exiles cards from the top of your library until they exile a land card.",
        "Exile cards from the top of their library until you exile a nonland card.",
        "Exile cards from the top of your library until you exile two nonland cards.",
    ],
)
def test_cards_exiled_until_doubtful_stay_unread(text):
    assert not own(text).complete


@pytest.mark.parametrize(
    ("words", "spend"),
    [
        ("you may spend mana as though it were mana of any color to cast that spell", "any_color"),
        ("you may spend mana as though it were mana of any type to cast that spell", "any_type"),
    ],
)
def test_spending_mana_as_though_after_a_leading_duration(words, spend):
    """Made-up sentences of Hurl Through Hell's shape: the mana clause is the permission's
    own (609.4b: "of any color" is never colorless mana)."""
    text = f"Exile target creature. Until end of turn, you may cast that card and {words}."
    script = own(text)
    assert script.complete
    assert script.steps[-1] == MayPlay(T(0), "end_of_turn", cast=True, spend=spend)
    colorless = words.replace("spend mana", "spend colorless mana")
    assert not own(text.replace(words, colorless)).complete


# -- a card cast from a graveyard now, exiled instead (CR 608.2g, 614.1a) ---------------------


@pytest.mark.parametrize(
    ("name", "free", "instead"),
    [("Torrential Gearhulk", True, "your"), ("Toshiro Umezawa", False, "any")],
)
def test_a_target_card_cast_now_then_exiled_instead(corpus, name, free, instead):
    """The spell cast from the graveyard as the ability resolves is exiled instead of being
    put into your (any) graveyard: a replacement of that spell's own move, nothing else."""
    script = card(corpus, name, "triggered")
    assert script.complete
    assert script.steps == (
        May(
            Script((CastCard(T(0), free=free, instead=instead),)),
        ),
    )


def test_exiled_instead_after_no_spell_cast_stays_unread():
    words = "If that spell would be put into your graveyard, exile it instead."
    assert not own(f"Return target card from your graveyard to your hand. {words}").complete
    assert not own(f"Draw a card. {words}").complete


# -- mana spent only as the words say (CR 106.6) -----------------------------------------------


def test_spend_this_mana_only_with_subtypes_keeps_the_words(corpus):
    """Eldrazi Temple: the restriction names a subtype; it is kept in the card's words with
    the mana it restricts, never dropped (a mana ability whose mana anyone may spend)."""
    script = card(corpus, "Eldrazi Temple", "activated", 1)
    assert script.complete
    ((restricted,),) = (script.steps,)
    assert isinstance(restricted, RestrictedMana)
    assert restricted.mana.symbols == "{C}{C}"
    assert restricted.spend_only == (
        effect_of(corpus, "Eldrazi Temple", "activated", 1)
        .split("Spend this mana only ", 1)[1]
        .removesuffix(".")
    )


@pytest.mark.parametrize(
    "words",
    [
        "to cast a Dragon spell of the chosen type",  # a choice not read here
        "to cast a spell that shares a watermark with this land",
    ],
)
def test_spend_this_mana_only_with_words_not_kept_stays_unread(words):
    assert not own(f"Add {{C}}. Spend this mana only {words}.", "activated").complete
    assert not own("Draw a card. Spend this mana only to cast Dragon spells.").complete


# -- the play-out ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "step",
    [
        CopySpell(EVENT_IT),
        CopySpell(T(0), new_targets=True),
        CopySpell(T(0), times=Amount(2)),
        WhenNextCast(SPELLS, Script((CopySpell(Subject("that", noun="spell")),))),
        TopCards("exile", Amount(1), Subject("each_player"), YOU),
        ChooseCard(TOP_CARDS, CardFilter(), YOU, Amount(1)),
        MayPlay(TOP_CARDS, "exiled", cast=True, spend="any_type"),
        CastCard(T(0), free=True, instead="your"),
        RevealUntil(YOU, read_counted_cards("a nonland card")[1], exile=True),
    ],
)
def test_the_playout_refuses_them_naming_the_instruction(step):
    """No handler yet: carry_out refuses each, naming the instruction."""
    from mtgrules.rules.effects.resolution import carry_out

    ctx = SimpleNamespace(source=SimpleNamespace(label="Test Card"))
    with pytest.raises(Unsupported, match=re.escape(step.render())):
        carry_out(None, Script((step,)), ctx)
