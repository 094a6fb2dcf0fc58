"""Moves between public zones, round 4 (cards/oracle/effects_zones.py, cards/effects_moves.py;
docs/effects.md, "Zone changes, linked exiles, control"): real Oracle text read from the
corpus (../shared/data/cards, skipped when absent) and sentences written here.

The guards fail on a misreading: counters an object enters with dropped (a plain return), or
put on it after it entered; "additional" counters read as something else than the counters
it enters with; an Aura returned attached to an object read as a plain return (its player
would choose what it enchants, 303.4f); "another" or "other than this creature" dropped (the
source itself could be chosen); "the owner of target ..." read with another player acting;
look-alikes whose words aren't all held read anyway; and any new instruction carried out by
a play-out that has no rule for it."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest

from mtgrules.cards.effect_codec import dumps, loads
from mtgrules.cards.effects import (
    SELF,
    YOU,
    Amount,
    Delayed,
    Exile,
    May,
    Move,
    Sacrifice,
    Script,
    Subject,
)
from mtgrules.cards.effects_actions import CardFilter, PutFromHand
from mtgrules.cards.effects_amounts import Unless
from mtgrules.cards.effects_conditions import If
from mtgrules.cards.effects_groups import Selection
from mtgrules.cards.effects_moves import (
    ColorSpent,
    MoveAttached,
    MoveWithCounters,
    OwnCardsOntoBattlefield,
    OwnerTopOrBottom,
    SacrificeOneOf,
)
from mtgrules.cards.oracle.effects import read_effect
from mtgrules.cards.statics import Group
from mtgrules.rules import Unsupported
from tests.test_oracle_effects import T, effect_of

THAT = Subject("that", noun="object")


def card(corpus, name: str, kind: str) -> Script:
    return read_effect(effect_of(corpus, name, kind), name, kind)


def own(text: str, kind: str = "spell") -> Script:
    return read_effect(text, "Test Card", kind)


# -- onto the battlefield with counters on it (CR 122.6, 614.1c) ----------------------------


@pytest.mark.parametrize(
    ("name", "kind", "step"),
    [
        ("Rite of the Moth", "spell", MoveWithCounters(T(0), "finality", Amount(1))),
        (
            "Retrofitted Transmogrant",
            "activated",
            MoveWithCounters(SELF, "+1/+1", Amount(2), tapped=True),
        ),
        ("Luminous Broodmoth", "triggered", MoveWithCounters(THAT, "flying", Amount(1), "owner")),
    ],
)
def test_counters_it_enters_with_are_part_of_the_move(corpus, name, kind, step):
    """The kind, the number, tapped and whose control: each one a wrong reader loses."""
    script = card(corpus, name, kind)
    assert script.complete
    assert script.steps == (step,)
    assert loads(dumps(script)) == script


def test_a_delayed_return_keeps_its_counters_and_its_object(corpus):
    """Salvation Swan: the exiled creature comes back at the next end step with a flying
    counter, under its owner's control."""
    script = card(corpus, "Salvation Swan", "triggered")
    assert script.complete
    back = MoveWithCounters(T(0), "flying", Amount(1), "owner")
    assert script.steps == (Exile(T(0)), Delayed("next_end_step", Script((back,))))


@pytest.mark.parametrize(
    ("text", "step"),
    [
        (
            "Return target creature card from your graveyard to the battlefield with an "
            "additional +1/+1 counter on it.",
            MoveWithCounters(T(0), "+1/+1", Amount(1)),
        ),
        (
            "Put target creature card from a graveyard onto the battlefield tapped under "
            "your control with three shield counters on it.",
            MoveWithCounters(T(0), "shield", Amount(3), tapped=True),
        ),
    ],
)
def test_own_sentences_with_counters(text, step):
    script = own(text)
    assert script.complete
    assert script.steps == (step,)


@pytest.mark.parametrize(
    "text",
    [
        # "it" from a graveyard: the words don't say what if it is elsewhere by then
        "Return it from your graveyard to the battlefield with a +1/+1 counter on it.",
        # counters on another object than the one moved
        "Return target creature card from your graveyard to the battlefield with a +1/+1 "
        "counter on each creature you control.",
        # a number of counters this reader doesn't hold
        "Return target creature card from your graveyard to the battlefield with a number "
        "of +1/+1 counters on it equal to your devotion to black.",
    ],
)
def test_look_alikes_with_counters_stay_unread(text):
    assert not own(text, "triggered").complete


# -- attached to an object or player as it enters (CR 303.4i, 301.5e) -----------------------


def test_an_aura_returned_attached_to_that_creature(corpus):
    """Dragon Breath: back from the graveyard attached to the creature the trigger named,
    never a plain return whose Aura's enchanted object its controller would choose."""
    script = card(corpus, "Dragon Breath", "triggered")
    assert script.complete
    to = Subject("that", noun="creature")
    assert script.steps == (May(Script((MoveAttached(SELF, to),))),)


def test_own_sentences_attached():
    script = own(
        "Return target Aura card from your graveyard to the battlefield attached to "
        "target creature.",
        "activated",
    )
    assert script.steps == (MoveAttached(T(0), T(1)),)
    assert not own(
        "Return target Aura card from your graveyard to the battlefield attached to a "
        "creature you control.",
        "activated",
    ).complete
    # "that creature" after a sentence that returned it: a new object (400.7), unread
    assert not own(
        "Return that card to the battlefield under its owner's control. Return this "
        "enchantment to the battlefield attached to that creature at the beginning of the "
        "next end step.",
        "triggered",
    ).complete


# -- a permanent chosen as it resolves (CR 608.2d, 701.21a) ----------------------------------


def test_another_creature_returned_is_never_the_source(corpus):
    """Havengul Skaab: one creature its controller controls other than itself."""
    script = card(corpus, "Havengul Skaab", "triggered")
    assert script.complete
    chosen = Selection(group=Group(other=True), count=1)
    assert script.steps == (Move(Subject("selection", selection=chosen), "hand"),)


def test_another_creature_as_the_payment_of_an_unless(corpus):
    script = card(corpus, "Quickling", "triggered")
    assert script.complete
    (step,) = script.steps
    assert isinstance(step, Unless)
    assert step.pay.what.selection.group.other


def test_other_than_this_creature_is_another():
    """ "a creature other than this creature": the same as "another creature"."""
    other = own("Sacrifice a creature other than this creature.", "triggered")
    another = own("Sacrifice another creature.", "triggered")
    assert other.complete
    assert other.steps == another.steps
    (step,) = other.steps
    assert isinstance(step, Sacrifice) and step.who == YOU and step.what.group.other
    assert not own("Sacrifice two creatures other than this creature.", "triggered").complete


def test_an_untapped_island_returned_as_the_payment_of_an_unless():
    """Its status and subtype kept: never "a land", never a tapped one."""
    script = own(
        "Sacrifice this creature unless you return an untapped Island you control to its "
        "owner's hand.",
        "triggered",
    )
    assert script.complete
    (step,) = script.steps
    group = step.pay.what.selection.group
    assert (group.noun, group.status, group.whose) == ("Island", "untapped", "you")


def test_two_mountains_sacrificed_are_two():
    script = own("Sacrifice this creature unless you sacrifice two Mountains.", "triggered")
    assert script.complete
    (step,) = script.steps
    pay = step.pay
    assert isinstance(pay, Sacrifice) and pay.who == YOU and pay.amount == Amount(2)
    assert pay.what.kind == "chosen" and pay.what.group.noun == "Mountain"
    # a subtype read_group doesn't know in that plural, or X: unread
    assert not own("Sacrifice two Elves.", "activated").complete
    assert not own("Sacrifice X Mountains.", "activated").complete


def test_one_of_several_types_sacrificed(corpus):
    """Tribute to the Wild: each opponent, one artifact or enchantment of their choice;
    never "an artifact" alone, never a group."""
    script = card(corpus, "Tribute to the Wild", "spell")
    assert script.complete
    kinds = CardFilter(any_types=("Artifact", "Enchantment"))
    assert script.steps == (SacrificeOneOf(Subject("each_opponent"), kinds, Amount(1)),)
    assert loads(dumps(script)) == script


def test_another_creature_or_artifact():
    script = own("You may sacrifice another creature or artifact.", "triggered")
    kinds = CardFilter(any_types=("Creature", "Artifact"))
    assert script.steps == (May(Script((SacrificeOneOf(YOU, kinds, Amount(1), other=True),))),)
    # "another creature or an artifact": "another" of the creature alone
    assert not own("You may sacrifice another creature or an artifact.", "triggered").complete
    # a target that is no player doesn't sacrifice
    assert not own("Target creature sacrifices an artifact or creature of their choice.").complete


# -- "unless {U} was spent to cast it" (CR 400.7d) --------------------------------------------


def test_sacrificed_unless_mana_of_a_color_was_spent(corpus):
    """Azorius Herald: nothing if {U} was spent to cast it, else the sacrifice; never an
    unconditional sacrifice, never the condition dropped."""
    # its second triggered ability (the first: the life gained)
    words = effect_of(corpus, "Azorius Herald", "triggered", 1)
    script = read_effect(words, "Azorius Herald", "triggered")
    assert script.complete
    that = Subject("that", noun="object")
    sacrifice = Sacrifice(YOU, that)
    assert script.steps == (If(ColorSpent(that, "U"), Script(), Script((sacrifice,))),)
    assert script.steps[0].render().startswith("unless {U} was spent")
    assert not own("Draw a card unless {G} was spent to cast it.", "triggered").complete


# -- each player's own graveyard (CR 110.2a, 101.4) -----------------------------------------


def test_each_player_returns_their_own_cards(corpus):
    """Twilight's Call: every player's creature cards from their own graveyard, under their
    own control; never "your graveyard" for each of them, never only yours."""
    script = card(corpus, "Twilight's Call", "spell")
    assert script.complete
    (step,) = script.steps
    assert isinstance(step, OwnCardsOntoBattlefield)
    assert step.who == Subject("each_player") and not step.tapped
    assert step.cards.zone == "graveyard" and step.cards.count == 0
    assert step.cards.cards.any_types == ("Creature",)
    assert "their graveyard" in step.render() and "your" not in step.render()
    assert loads(dumps(script)) == script


def test_each_player_puts_one_chosen_card():
    script = own("Each player puts a creature card from their graveyard onto the battlefield.")
    (step,) = script.steps
    assert isinstance(step, OwnCardsOntoBattlefield) and step.cards.count == 1
    # "it" after it: one card of each player's, which no Subject names
    assert not own(
        "Each player puts a creature card from their graveyard onto the battlefield. It "
        "gains haste until end of turn."
    ).complete
    # "their graveyard" after "you" (an imperative)
    assert not own("Return all creature cards from their graveyard to the battlefield.").complete


# -- from another player's own hand (CR 305.4, 110.2a) ---------------------------------------


def test_their_hand_is_the_acting_players():
    """ "Each opponent may put ... from their hand": each opponent puts their own card, never
    you a card from your hand."""
    script = own(
        "Each opponent may put a legendary creature card from their hand onto the battlefield."
    )
    assert script.complete
    (may,) = script.steps
    (step,) = may.then.steps
    assert isinstance(step, PutFromHand)
    assert step.who == Subject("each_opponent")
    assert step.card.types == ("Creature",) and step.card.supertypes == ("Legendary",)
    # "their hand" after "you" (an imperative): unread
    assert not own("Put a land card from their hand onto the battlefield.").complete


def test_from_your_hand_tapped_and_attacking(corpus):
    """Minion of the Mighty: a Dragon creature card, tapped and attacking (508.4), never a
    plain put onto the battlefield."""
    script = card(corpus, "Minion of the Mighty", "triggered")
    assert script.complete
    (may,) = script.steps
    (step,) = may.then.steps
    assert isinstance(step, PutFromHand) and step.tapped and step.attacking
    assert step.card.subtypes == ("Dragon",) and step.card.types == ("Creature",)


def test_the_card_put_from_a_hand_is_never_the_trigger_object(corpus):
    """Ilharg, the Raze-Boar: "that creature" after it is the card put onto the battlefield
    (the one card chosen and put, ``chosen_card``, oracle/hand_selections.py), never the
    trigger's object (Ilharg itself) returned; "it" after one card put likewise."""
    read = card(corpus, "Ilharg, the Raze-Boar", "triggered")
    returned = read.steps[-1].then.steps[0]
    assert returned.what == Subject("chosen_card") and returned.zone == "hand"
    haste = own(
        "You may put a creature card from your hand onto the battlefield. It gains haste "
        "until end of turn.",
        "triggered",
    ).steps[-1]
    assert haste.what == Subject("chosen_card")


def test_an_aura_from_your_hand_attached_to_this_creature(corpus):
    script = card(corpus, "Academy Researchers", "triggered")
    assert script.complete
    (may,) = script.steps
    (step,) = may.then.steps
    assert isinstance(step, PutFromHand) and step.attached_to == SELF
    assert not step.tapped and not step.attacking
    assert not own(
        "You may put an Aura card from your hand onto the battlefield attached to a "
        "creature you control.",
        "triggered",
    ).complete


# -- the owner of a target acts on it (608.2d, 701.24a) ----------------------------------------


def test_the_owner_of_target_puts_it_on_top_or_bottom(corpus):
    script = card(corpus, "Swat Away", "spell")
    assert script.complete
    assert script.steps == (OwnerTopOrBottom(T(0)),)
    newer = own(
        "The owner of target nonland permanent puts it on the top or bottom of their library."
    )
    assert newer.steps == (OwnerTopOrBottom(T(0)),)


def test_the_owner_of_target_shuffles_it():
    script = own("The owner of target creature shuffles it into their library.")
    assert script.steps == (Move(T(0), zone="library_shuffled"),)
    # another object than the one owned: unread
    assert not own("The owner of target creature shuffles target land into their library.").complete


# -- the play-out -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "step",
    [
        MoveWithCounters(T(0), "+1/+1", Amount(1)),
        MoveAttached(SELF, T(0)),
        PutFromHand(YOU, CardFilter(types=("Creature",)), tapped=True, attacking=True),
        PutFromHand(YOU, CardFilter(types=("Enchantment",)), attached_to=SELF),
        SacrificeOneOf(YOU, CardFilter(any_types=("Artifact", "Creature")), Amount(1)),
        OwnCardsOntoBattlefield(Subject("each_player"), Selection(zone="graveyard")),
        If(ColorSpent(SELF, "U"), Script(), Script((Sacrifice(YOU, SELF),))),
    ],
)
def test_the_playout_refuses_them_naming_the_instruction(step):
    """No handler yet: carry_out refuses each, naming it (never carried out as a plain move
    that would lose the counters or the attachment)."""
    from mtgrules.rules.effects.resolution import carry_out

    ctx = SimpleNamespace(source=SimpleNamespace(label="Test Card"))
    with pytest.raises(Unsupported, match=re.escape(step.render())):
        carry_out(None, Script((step,)), ctx)
