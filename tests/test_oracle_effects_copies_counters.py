"""Token copies of each object of a group and of the permanent an Aura or Equipment is attached
to (cards/oracle/copies_counters.py, cards/oracle/effects_tokens.py; docs/effects.md, "Tokens,
copies, casting, the game"): real Oracle text read from the corpus (../shared/data/cards,
skipped when absent) and texts written here.

The guards fail on a misreading: one copy in all read where one is made of each object, a
copy "of that creature" read after a group that isn't of creatures, "that token" after a
group that isn't of tokens, two copies of each read as one, and the tokens made not being
what "those tokens" means after them."""

from __future__ import annotations

import pytest

from mtgrules.cards.effects import Amount, Exile, Modify, PutCounters, Script, Subject
from mtgrules.cards.effects_game import CopyChanges, CreateTokenCopy
from mtgrules.cards.effects_library import CREATED
from mtgrules.cards.oracle.effects import read_effect
from mtgrules.cards.statics import Group
from tests.test_oracle_effects import effect_of


def card(corpus, name: str, kind: str, words: str = "") -> Script:
    """The card's first effect of that kind with ``words`` in it."""
    n = 0
    while words not in (text := effect_of(corpus, name, kind, n)):
        n += 1
    return read_effect(text, name, kind)


def own(text: str, kind: str = "activated") -> Script:
    return read_effect(text, "Test Card", kind)


def test_a_copy_of_each_creature_token(corpus):
    """Rhys the Redeemed makes one copy of EACH creature token you control (CR 707.2)."""
    (step,) = card(corpus, "Rhys the Redeemed", "activated", "copy").steps
    tokens = Group(noun="creature", token=True)
    assert step == CreateTokenCopy(Subject("each", group=tokens), Amount(1))
    assert "for each of each creature token you control, 1 token(s)" in step.render()


def test_a_copy_of_each_artifact_and_those_tokens_after_it(corpus):
    """Saheeli, the Gifted: a copy of each artifact; "those tokens" are the copies made."""
    script = card(corpus, "Saheeli, the Gifted", "activated", "copy")
    made = next(s for s in script.steps if isinstance(s, CreateTokenCopy))
    assert made.of == Subject("each", group=Group(noun="artifact"))
    assert any(isinstance(s, Modify) and s.what == CREATED for s in script.steps)
    assert script.complete


def test_each_creature_a_target_player_controls(corpus):
    (step,) = card(corpus, "Clone Legion", "spell").steps
    assert step.of.kind == "each" and step.of.group.player == "target:0"


def test_tapped_and_attacking_copies_of_each():
    (step,) = own(
        "For each creature token you control, create a tapped and attacking token that's a "
        "copy of that token."
    ).steps
    assert step.tapped and step.attacking


@pytest.mark.parametrize(
    "text",
    [
        # the copy names an object the group doesn't hold
        "For each artifact you control, create a token that's a copy of that creature.",
        "For each creature you control, create a token that's a copy of that token.",
        # two copies of each, or a copy the group's words don't end
        "For each creature you control, create two tokens that are copies of it.",
        "For each creature you control, create a token that's a copy of target creature.",
        "For each opponent, create a token that's a copy of that creature.",
    ],
)
def test_copies_of_each_not_read(text):
    assert not own(text).complete


def test_a_copy_of_the_enchanted_creature(corpus):
    """Followed Footsteps and Endless Evil copy the one creature the Aura enchants."""
    enchanted = Subject("each", group=Group(attached="enchanted"))
    assert card(corpus, "Followed Footsteps", "triggered").steps == (
        CreateTokenCopy(enchanted, Amount(1)),
    )
    (step,) = card(corpus, "Endless Evil", "triggered").steps
    assert step.of == enchanted and step.changes == CopyChanges(power=1, toughness=1)


def test_a_copy_of_the_equipped_creature_gains_haste(corpus):
    """Helm of the Host: the copy isn't legendary, and the token made gains haste."""
    copy, haste = card(corpus, "Helm of the Host", "triggered").steps
    assert copy.of == Subject("each", group=Group(attached="equipped"))
    assert copy.changes == CopyChanges(not_legendary=True)
    assert haste.what == CREATED and haste.keywords == ("haste",)


def test_those_tokens_exiled_later_are_the_copies():
    script = own(
        "For each token you control, create a token that's a copy of that permanent. Exile "
        "those tokens at the beginning of the next end step."
    )
    assert script.complete
    (exile,) = script.steps[1].then.steps
    assert exile == Exile(CREATED)


def test_a_copy_of_target_token(corpus):
    """ "target token you control" is a target: a token, a permanent (CR 111.1, 115.1); the
    target reader had taken "token" for a word before a noun and found none."""
    from mtgrules.cards.oracle.targets import read_targets

    text = "Create a token that's a copy of target token you control."
    (spec,) = read_targets(text).specs
    assert spec.what == ("permanent",) and "token" in spec.qualifiers
    assert spec.controller == "you"
    assert card(corpus, "Esika's Chariot", "triggered", "copy").steps == (
        CreateTokenCopy(Subject("target"), Amount(1)),
    )
    # "token" before the noun still qualifies it
    (spec,) = read_targets("Exile target token creature.").specs
    assert spec.what == ("creature",) and "token" in spec.qualifiers


def test_counters_of_two_kinds_on_one_target():
    """Both kinds go on the one target, each its own kind (CR 122.1, 122.6)."""
    plus, lifelink = own("Put a +1/+1 counter and a lifelink counter on target creature.").steps
    assert plus == PutCounters(Subject("target"), "+1/+1", Amount(1))
    assert lifelink == PutCounters(Subject("target"), "lifelink", Amount(1))


@pytest.mark.parametrize(
    "text",
    [
        "Put a +1/+1 counter and a +1/+1 counter on target creature.",
        "Put a +1/+1 counter and a lifelink counter on target player.",
    ],
)
def test_counters_of_two_kinds_not_read(text):
    assert not own(text).complete


def test_a_named_artifact_token_with_its_ability(corpus):
    """Etherium Cell is the name the effect gives a colorless artifact token (CR 111.4), not
    a subtype; its ability is read whole."""
    (step,) = own(
        'Create a colorless artifact token named Etherium Cell with "{T}, Sacrifice this '
        'token: Add one mana of any color."'
    ).steps
    assert step.token.name == "Etherium Cell" and step.token.types == ("Artifact",)
    assert step.token.colors == () and step.token.subtypes == ()
    assert step.token.power is None and len(step.token.abilities) == 1
    (step,) = own("Create a colorless snow artifact token named Scrap Heap.").steps
    assert step.token.supertypes == ("Snow",) and step.token.name == "Scrap Heap"
    (step,) = own("Create a red artifact token named Feather.").steps
    assert step.token.colors == ("red",)


@pytest.mark.parametrize(
    "text",
    [
        # the card's own name, a name chosen as it resolves
        "Create a colorless artifact token named Test Card.",
        "Create a colorless artifact token named your choice of A, E, I, O, or U.",
    ],
)
def test_named_artifact_tokens_not_read(text):
    assert not own(text).complete


def test_a_tapped_and_attacking_token_said_before_it():
    """CR 508.4: put onto the battlefield tapped and attacking, with its quoted ability."""
    (step,) = own(
        'Create a tapped and attacking 1/1 red Devil creature token with "When this token '
        'dies, it deals 1 damage to any target."'
    ).steps
    assert step.attacking and step.token.subtypes == ("Devil",)
    assert step.token.power == 1 and len(step.token.abilities) == 1
