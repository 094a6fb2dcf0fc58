"""Round 4 of the effect reader in tokens, counters and conditions (cards/oracle/token_copies.py,
cards/oracle/trailing_conditions.py, cards/oracle/counters_more.py; docs/effects.md): real Oracle text read from the corpus
(../shared/data/cards, skipped when absent) and texts written here.

The guards fail on a misreading: a token copy made without the changes its exception states
(a 4/4 black Zombie made as the original), types that replace the copied ones read as added
(or the other way round), "they" said of one copy, an exception left out or half read; a
condition written after two instructions read as governing one of them; "that token" read as
the ability's source; counters on two things read as on one, "each other" read in a spell
(which has no source among the permanents to exclude); and any of these carried out by a play-out that has no rule for them."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest

from mtgrules.cards.effects import (
    SELF,
    YOU,
    Amount,
    CreateToken,
    Discard,
    Draw,
    GainLife,
    PutCounters,
    Script,
    Subject,
    TokenSpec,
)
from mtgrules.cards.effects_conditions import If, IsKind, OnBoard
from mtgrules.cards.effects_counters import MoveCounters
from mtgrules.cards.effects_game import CopyChanges, CreateTokenCopy
from mtgrules.cards.effects_instead import CreatureDied
from mtgrules.cards.oracle.effects import read_effect
from mtgrules.cards.statics import Group
from mtgrules.rules import Unsupported
from tests.test_oracle_effects import T, effect_of


def card(corpus, name: str, kind: str) -> Script:
    return read_effect(effect_of(corpus, name, kind), name, kind)


def own(text: str, kind: str = "spell") -> Script:
    return read_effect(text, "Test Card", kind)


# -- token copies with exceptions (CR 707.9a-c, 205.1a-b) -------------------------------------


def test_a_copy_set_to_a_black_zombie_replaces_its_size_colors_and_subtypes(corpus):
    """The Scarab God: the copy is 4/4, black and a Zombie instead of the card's own values
    (707.9b; its creature types replaced, 205.1a), never a plain copy."""
    script = card(corpus, "The Scarab God", "activated")
    assert script.complete
    changes = CopyChanges(power=4, toughness=4, colors=("black",), subtypes=("Zombie",))
    assert script.steps[-1] == CreateTokenCopy(T(0), changes=changes)


def test_a_type_in_addition_is_added_not_set(corpus):
    """Molten Duplication: an artifact as well as its other types (205.1b), so ``added``."""
    script = card(corpus, "Molten Duplication", "spell")
    assert script.complete
    assert script.steps[0] == CreateTokenCopy(
        T(0), changes=CopyChanges(types=("Artifact",), added=True)
    )


def test_a_copy_that_isnt_legendary(corpus):
    """Miirym: the token (not the dragon) isn't legendary (707.9c), and the copy is of the
    object its trigger event named."""
    script = card(corpus, "Miirym, Sentinel Wyrm", "triggered")
    assert script.complete
    assert script.steps == (
        CreateTokenCopy(Subject("that", noun="object"), changes=CopyChanges(not_legendary=True)),
    )


def test_several_clauses_and_keywords_after_except():
    script = own(
        "Create a tapped and attacking token that's a copy of target creature, except it's 1/1, "
        "it's a Spirit in addition to its other types, and it has flying."
    )
    assert script.complete
    changes = CopyChanges(power=1, toughness=1, subtypes=("Spirit",), added=True)
    assert script.steps == (
        CreateTokenCopy(T(0), tapped=True, attacking=True, keywords=("flying",), changes=changes),
    )


def test_two_copies_are_they():
    script = own("Create two tokens that are copies of target creature, except they're 2/2.")
    assert script.steps == (
        CreateTokenCopy(T(0), Amount(2), changes=CopyChanges(power=2, toughness=2)),
    )


@pytest.mark.parametrize(
    "text",
    [
        # "they" of one copy, "it" of two
        "Create a token that's a copy of target creature, except they're not legendary.",
        "Create two tokens that are copies of target creature, except it's 1/1.",
        # a name, card types set (not added), types lost, half a power: not read here
        "Create a token that's a copy of target creature, except its name is Foo.",
        "Create a token that's a copy of target creature, except it's a 3/3 Beast creature.",
        "Create a token that's a copy of target creature, except it's an artifact and it "
        "loses all other card types.",
        "Create a token that's a copy of target creature, except its power is half that "
        "creature's power.",
        "Create a token that's a copy of target creature, except it's 1/1 and has banding.",
    ],
)
def test_exceptions_not_read_whole_stay_unread(text):
    assert not own(text).steps


def test_that_token_after_the_source_is_never_the_source():
    """ "Sacrifice that token" after a sentence that named this creature last is the token
    made before, never the source (which calls itself "this"): left unread."""
    script = own(
        "Create a token that's a copy of target creature. Put a +1/+1 counter on that token "
        "for each +1/+1 counter on Test Card. Sacrifice that token.",
        "activated",
    )
    assert "Sacrifice that token." in script.unread
    assert all(getattr(s, "what", None) != SELF for s in script.steps)


# -- a condition after its instruction (CR 608.2c) --------------------------------------------


def test_a_trailing_condition_and_its_otherwise(corpus):
    """Flubs, the Fool: draw if the hand is empty, otherwise discard: one If, never a draw
    and a discard both."""
    script = card(corpus, "Flubs, the Fool", "triggered")
    assert script.complete
    (step,) = script.steps
    assert isinstance(step, If) and isinstance(step.condition, OnBoard)
    assert step.then == Script((Draw(YOU, Amount(1)),))
    assert step.otherwise == Script((Discard(YOU, Amount(1)),))


def test_a_trailing_condition_on_the_object_just_named():
    script = own("Put a +1/+1 counter on target creature if it's an artifact creature.")
    assert script.steps == (
        If(
            IsKind(T(0), types=("Artifact", "Creature")),
            Script((PutCounters(T(0), "+1/+1", Amount(1)),)),
        ),
    )


def test_a_trailing_condition_after_two_instructions_stays_unread():
    """Which of the two the condition governs isn't read: never the draw unconditioned."""
    assert not own("Draw a card, then discard a card if you control an Elf.").steps


@pytest.mark.parametrize(
    "step",
    [
        CreateTokenCopy(T(0), changes=CopyChanges(power=4, toughness=4)),
        CreateTokenCopy(T(0), changes=CopyChanges(not_legendary=True)),
        MoveCounters(SELF, T(0), "+1/+1"),
    ],
)
def test_the_playout_refuses_copies_with_changes_and_moved_counters(step):
    from mtgrules.rules.effects.resolution import carry_out

    ctx = SimpleNamespace(source=SimpleNamespace(label="Test Card"))
    with pytest.raises(Unsupported, match=re.escape(step.render())):
        carry_out(None, Script((step,)), ctx)


# -- a legendary token named before what it is (CR 111.4, 205.4a) -----------------------------


def test_a_named_legendary_token(corpus):
    """Dark Depths: Marit Lage is the token's name and legendary its supertype, never an
    "Avatar Token" that the legend rule (704.5j) would not match by name."""
    script = card(corpus, "Dark Depths", "triggered")
    assert script.complete
    made = script.steps[-1].then.steps[0]
    assert isinstance(made, CreateToken)
    assert made.token == TokenSpec(
        name="Marit Lage",
        colors=("black",),
        types=("Creature",),
        subtypes=("Avatar",),
        supertypes=("Legendary",),
        power=20,
        toughness=20,
        keywords=("flying", "indestructible"),
    )
    assert made.amount == Amount(1)


@pytest.mark.parametrize(
    "text",
    [
        # the card's own name in the token's: not read (which words are the name is unsure)
        "Create Test Card Twin, a legendary 3/4 red Human creature token.",
        "Create two Boo, a legendary 1/1 red Hamster creature token.",
    ],
)
def test_named_legendary_tokens_not_read(text):
    assert not own(text).steps


# -- counters on two things, on "each other" of a subtype (CR 122.1, 608.2c) ------------------


def test_counters_on_each_creature_and_on_each_other_planeswalker(corpus):
    """Ajani Steadfast: two instructions in the order written, the loyalty counters on the
    other planeswalkers only (not on Ajani)."""
    texts = [effect_of(corpus, "Ajani Steadfast", "activated", n) for n in range(2)]
    (text,) = [t for t in texts if "loyalty counter" in t]
    script = read_effect(text, "Ajani Steadfast", "activated")
    assert script.complete
    creatures, walkers = script.steps
    assert creatures == PutCounters(
        Subject("each", group=Group(whose="you", quantifier="")), "+1/+1", Amount(1)
    )
    assert walkers.kind == "loyalty" and walkers.amount == Amount(1)
    assert walkers.what.group.noun == "planeswalker" and walkers.what.group.other


def test_counters_on_two_targets():
    script = own(
        "Put two +1/+1 counters on target creature and a -1/-1 counter on another target creature."
    )
    assert script.steps == (
        PutCounters(T(0), "+1/+1", Amount(2)),
        PutCounters(T(1), "-1/-1", Amount(1)),
    )


def test_counters_on_each_other_of_a_subtype(corpus):
    script = card(corpus, "Thalia's Lieutenant", "triggered")
    assert script.complete
    (step,) = script.steps
    assert step.what.kind == "each" and step.what.group.noun == "Human"
    assert step.what.group.other and step.what.group.whose == "you"


def test_each_other_in_a_spell_stays_unread():
    assert not own("Put a +1/+1 counter on each other Human you control.").steps


# -- an X/X token (CR 107.3a, 107.3c) -----------------------------------------------------------


def test_an_x_x_token_by_the_sentences_x(corpus):
    """Ooze Garden: the token's size is the sacrificed creature's power, never a 0/0 token
    nor one of a fixed size."""
    script = card(corpus, "Ooze Garden", "activated")
    assert script.complete
    (made,) = script.steps
    assert made.token.power is None and made.token.x_pt == Amount(
        count="power_of", of=Subject("sacrificed")
    )


def test_x_tokens_of_size_x_share_the_announced_x(corpus):
    script = card(corpus, "Gelatinous Genesis", "spell")
    assert script.complete
    (made,) = script.steps
    assert made.amount == Amount(x=True) and made.token.x_pt == Amount(x=True)


@pytest.mark.parametrize(
    "text",
    [
        "Create an X/2 green Ooze creature token.",
        "Create a +X/+X green Ooze creature token.",
    ],
)
def test_other_sizes_by_x_stay_unread(text):
    assert not own(text).steps


# -- amounts of one named object (CR 208.3, 202.3, 608.2c) --------------------------------------


def test_that_cards_mana_value_is_the_card_revealed_before(corpus):
    """Sifter Wurm: the life is the revealed top card's mana value, never a trigger event's
    card nor a fixed amount."""
    script = card(corpus, "Sifter Wurm", "triggered")
    assert script.complete
    assert script.steps[-1] == GainLife(YOU, Amount(count="mana_value", of=Subject("top_cards")))


def test_the_power_of_a_target(corpus):
    script = card(corpus, "Soul's Majesty", "spell")
    assert script.complete
    assert script.steps == (Draw(YOU, Amount(count="power_of", of=T(0))),)


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # "that card" after a target permanent, not a revealed or chosen card
        ("Destroy target creature. You gain life equal to that card's mana value.", "spell"),
        # a triggered ability has no cost: its sacrificed permanent is its effect's
        (
            "You may sacrifice a creature. If you do, draw cards equal to the power of the "
            "sacrificed creature.",
            "triggered",
        ),
        # "that creature" with nothing named before
        ("You gain life equal to the toughness of that creature.", "spell"),
    ],
)
def test_amounts_of_objects_not_named_stay_unread(text, kind):
    assert not own(text, kind).complete


# -- counters moved (CR 122.5) ------------------------------------------------------------------


def test_a_counter_moved_from_the_source_onto_a_target(corpus):
    """Simic Fluxmage: from the source onto the target, never put on the target with none
    removed (two instructions would do that when the source has no counter)."""
    script = card(corpus, "Simic Fluxmage", "activated")
    assert script.complete
    assert script.steps == (MoveCounters(SELF, T(0), "+1/+1"),)


def test_all_counters_moved_between_two_targets(corpus):
    script = card(corpus, "Fate Transfer", "spell")
    assert script.complete
    assert script.steps == (MoveCounters(T(0), T(1), every=True),)


@pytest.mark.parametrize(
    "text",
    [
        "Move a +1/+1 counter from target creature onto each creature you control.",
        "Move any number of +1/+1 counters from target creature onto another target creature.",
        "Move a +1/+1 counter from target player onto target creature.",
    ],
)
def test_moves_not_read_stay_unread(text):
    assert not own(text, "activated").steps


def test_a_legendary_token_name_with_a_comma():
    script = own(
        "Create Ashaya, the Awoken World, a legendary 4/4 green Elemental creature token.",
        "activated",
    )
    (made,) = script.steps
    assert made.token.name == "Ashaya, the Awoken World"


def test_that_many_after_tokens_made_in_the_same_sentence_is_not_the_events():
    """An intervening "if" kept out of the effect may name the number ("if you control a
    prime number of lands, create ..., then put that many counters on it"): never read as
    the amount the trigger event carried."""
    script = own(
        "Create Primo, the Indivisible, a legendary 0/0 green and blue Fractal creature "
        "token, then put that many +1/+1 counters on it.",
        "triggered",
    )
    assert not script.steps


# -- a Role token made attached (CR 111.10, 303.7, 303.4f) -------------------------------------


def test_a_role_token_attached_to_the_target(corpus):
    """Monstrous Rage: the Monster Role is attached to the creature the spell targeted,
    never made unattached (an Aura its controller would attach to anything)."""
    script = card(corpus, "Monstrous Rage", "spell")
    assert script.complete
    made = script.steps[-1]
    assert made.attached_to == T(0)
    assert made.token.predefined == "Monster Role" and made.token.name == "Monster"
    assert made.token.subtypes == ("Aura", "Role")


@pytest.mark.parametrize(
    "text",
    [
        # a Role the rules don't define, two Roles, attached to a group
        "Create a Chef Role token attached to target creature.",
        "Create two Cursed Role tokens attached to target creature.",
        "Create a Monster Role token attached to each creature you control.",
    ],
)
def test_roles_not_read(text):
    assert not own(text).steps


def test_a_token_with_landwalk_and_devour(corpus):
    script = card(corpus, "Dragon Broodmother", "triggered")
    assert script.complete
    (made,) = script.steps
    assert made.token.keywords == ("flying", "devour 2")


def test_a_keyword_glued_to_more_words_stays_unread():
    assert not own("Create a 1/1 white Knight creature token with bandingfoo.").steps


def test_a_trailing_condition_of_the_game_so_far(corpus):
    script = card(corpus, "Gravelighter", "triggered")
    assert script.complete
    (step,) = script.steps
    assert step.condition == CreatureDied() and step.then == Script((Draw(YOU, Amount(1)),))
    assert step.otherwise is not None


def test_tokens_of_three_kinds_in_one_sentence(corpus):
    """Fae Offering: a Clue, a Food and a Treasure, one each, never one kind three times."""
    script = card(corpus, "Fae Offering", "triggered")
    assert script.complete
    assert [s.token.predefined for s in script.steps] == ["Clue", "Food", "Treasure"]
    assert all(s.amount == Amount(1) for s in script.steps)


def test_it_after_tokens_of_two_kinds_is_not_bound():
    script = own("Create a Food token and a Treasure token. It gains haste until end of turn.")
    assert len(script.steps) == 2 and "It gains haste" in script.unread


def test_the_token_enters_tapped_and_attacking(corpus):
    script = card(corpus, "Thousand-Faced Shadow", "triggered")
    assert script.complete
    assert script.steps == (CreateTokenCopy(T(0), tapped=True, attacking=True),)


def test_enters_attacking_after_several_tokens_stays_unread():
    script = own(
        "Create two 1/1 white Soldier creature tokens. The token enters tapped and attacking."
    )
    assert "enters tapped and attacking" in script.unread


def test_a_vehicle_token_with_crew():
    """A noncreature artifact token with a printed power and toughness (301.7a) and crew:
    never a creature token."""
    script = own("Create a 3/2 colorless Vehicle artifact token with crew 1.")
    (made,) = script.steps
    assert made.token.types == ("Artifact",) and made.token.subtypes == ("Vehicle",)
    assert (made.token.power, made.token.toughness, made.token.keywords) == (3, 2, ("crew 1",))


@pytest.mark.parametrize(
    "text",
    [
        "Create a 3/2 red Vehicle artifact token with crew 1.",
        "Create a 3/2 colorless Golem artifact token with crew 1.",
    ],
)
def test_other_crew_tokens_stay_unread(text):
    assert not own(text).steps
