"""The Oracle effect reader's objects acted on together (cards/oracle/object_groups.py,
cards/effects_objects.py; docs/effects.md, "Objects acted on together"): real Oracle text
read from the corpus (../shared/data/cards, skipped when absent) and texts written here.

The guards fail on a misreading: several objects destroyed (exiled, returned, untapped) one
instruction after another instead of at once (CR 608.2f), a list whose word may qualify
every noun ("all tapped artifacts and creatures") read as if it qualified the first alone,
a choice ("all green creatures or all white creatures") read as a list, a player among the
objects, "They can't be regenerated" said of anything but the objects just destroyed, and
any of these carried out by a play-out that has no rule for them."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest

from mtgrules.cards.effects import SELF, Amount, Counter, DealDamage, Destroy, Script, Subject, Tap
from mtgrules.cards.effects_actions import CantRegenerate
from mtgrules.cards.effects_objects import (
    DestroyTogether,
    ExileTogether,
    ReturnTogether,
    TapTogether,
)
from mtgrules.cards.oracle.effects import read_effect
from mtgrules.cards.statics import Group
from mtgrules.rules import Unsupported
from tests.test_oracle_effects import T, effect_of


def card(corpus, name: str, kind: str) -> Script:
    return read_effect(effect_of(corpus, name, kind), name, kind)


def own(text: str, kind: str = "spell") -> Script:
    return read_effect(text, "Test Card", kind)


def every(noun: str, **more) -> Subject:
    """Every permanent of a type or subtype on the battlefield, whoever controls it."""
    return Subject("each", group=Group(noun=noun, whose="any", **more))


# -- several groups, at once (CR 608.2f) ------------------------------------------------------


def test_a_list_of_card_types_is_destroyed_at_once(corpus):
    """Akroma's Vengeance: one destruction of every artifact, creature and enchantment, not
    three in a row (the artifact that made an enchantment indestructible is still there
    as it is destroyed)."""
    script = card(corpus, "Akroma's Vengeance", "spell")
    assert script.complete
    what = (every("artifact"), every("creature"), every("enchantment"))
    assert script.steps == (DestroyTogether(what),)
    assert script.families() == frozenset({"destroy"})


def test_they_cant_be_regenerated_after_a_list(corpus):
    """Jokulhaups: "They" is every object of the three groups just destroyed (701.19c)."""
    script = card(corpus, "Jokulhaups", "spell")
    assert script.complete
    what = (every("artifact"), every("creature"), every("land"))
    assert script.steps == (DestroyTogether(what), *(CantRegenerate(s) for s in what))


def test_subtypes_and_groups_each_with_all(corpus):
    """Suleiman's Legacy: two subtypes; Patron of the Orochi: "all Forests and all green
    creatures", an untap of both at once."""
    legacy = card(corpus, "Suleiman's Legacy", "triggered")
    assert legacy.complete
    assert legacy.steps[0] == DestroyTogether((every("Djinn"), every("Efreet")))
    patron = card(corpus, "Patron of the Orochi", "activated")
    assert patron.complete
    green = every("creature", adjectives=("green",))
    assert patron.steps == (TapTogether((every("Forest"), green), untap=True),)


def test_one_subtype_is_the_vocabularys_own_group(corpus):
    """Boil: "all Islands" is the group "each Island", destroyed as "all creatures" is."""
    script = card(corpus, "Boil", "spell")
    assert script.complete
    assert script.steps == (Destroy(every("Island")),)
    assert own("Tap all Goblins you control.").steps == (
        Tap(Subject("each", group=Group(noun="Goblin", whose="you"))),
    )


def test_creatures_of_none_of_some_subtypes(corpus):
    """Wakening Sun's Avatar, Breath Weapon: "non-Dinosaur" is the group's quality, checked
    as a target's "non-Vampire" is; never every creature, never the Dinosaurs."""
    avatar = card(corpus, "Wakening Sun's Avatar", "triggered")
    assert avatar.steps == (Destroy(every("creature", qualities=("non-Dinosaur",))),)
    weapon = card(corpus, "Breath Weapon", "spell")
    assert weapon.steps == (
        DealDamage(Amount(2), every("creature", qualities=("non-Dragon",)), SELF),
    )
    two = own("Destroy all non-Vampire, non-Werewolf creatures.")
    assert two.steps == (Destroy(every("creature", qualities=("non-Vampire", "non-Werewolf"))),)
    made_up = "Destroy all non-Blorf creatures."  # no such subtype
    assert own(made_up).unread == made_up


# -- several targets, at once ------------------------------------------------------------------


def test_two_and_four_targets(corpus):
    """Stomp and Howl, Decimate, Grip of Desolation, Churning Eddy: each target in order, one
    action on all of them."""
    assert card(corpus, "Stomp and Howl", "spell").steps == (DestroyTogether((T(0), T(1))),)
    decimate = card(corpus, "Decimate", "spell")
    assert decimate.steps == (DestroyTogether(tuple(T(i) for i in range(4))),)
    assert card(corpus, "Grip of Desolation", "spell").steps == (ExileTogether((T(0), T(1))),)
    eddy = card(corpus, "Churning Eddy", "spell")
    assert eddy.complete
    assert eddy.steps == (ReturnTogether((T(0), T(1))),)
    plague = own("Destroy target creature and target land. They can't be regenerated.")
    assert plague.steps == (
        DestroyTogether((T(0), T(1))),
        CantRegenerate(T(0)),
        CantRegenerate(T(1)),
    )


def test_a_target_and_the_others_of_its_name(corpus):
    """Maelstrom Pulse, Sever the Bloodline, Echoing Truth: the target and every other
    permanent of the group with its name (CR 201.2a), at once; "They can't be regenerated"
    after it is left unread (the others of its name would be left out)."""
    pulse = card(corpus, "Maelstrom Pulse", "spell")
    assert pulse.steps == (
        DestroyTogether((T(0),), same_name=Group(noun="permanent", whose="any")),
    )
    sever = card(corpus, "Sever the Bloodline", "spell")
    assert sever.steps == (ExileTogether((T(0),), same_name=Group(whose="any")),)
    truth = card(corpus, "Echoing Truth", "spell")
    assert truth.steps == (ReturnTogether((T(0),), same_name=Group(noun="permanent", whose="any")),)
    text = "Destroy target land and all other lands with the same name as that land."
    assert own(text + " They can't be regenerated.").unread == "They can't be regenerated."
    mine = "Exile target creature and all other creatures its controller controls with the same name as that creature."
    assert own(mine).unread == mine  # whose creatures: unread


def test_a_target_and_what_is_attached_to_it(corpus):
    """Hubris, Soul Nova, Orzhov Charm: the target and the Auras (Equipment) attached to it
    as the action is taken, at once; "you control" keeps the Auras to yours."""
    aura = Group(noun="Aura", whose="any")
    hubris = card(corpus, "Hubris", "spell")
    assert hubris.steps == (ReturnTogether((T(0),), attached=aura),)
    nova = card(corpus, "Soul Nova", "spell")
    assert nova.steps == (ExileTogether((T(0),), attached=Group(noun="Equipment", whose="any")),)
    charm = card(corpus, "Orzhov Charm", "spell").steps[0].modes[0]
    assert charm.steps == (ReturnTogether((T(0),), attached=Group(noun="Aura", whose="you")),)
    text = "Destroy target creature and all Auras attached to it. They can't be regenerated."
    assert own(text).unread == "They can't be regenerated."


@pytest.mark.parametrize(
    "text",
    [
        "Destroy all green creatures or all white creatures.",  # a choice, not a list
        "Destroy all tapped artifacts and creatures.",  # tapped creatures too?
        "Destroy all artifacts and creatures you control.",  # your artifacts too?
        "Destroy all nonartifact, nonblack creatures.",  # one group, two words before it
        "Destroy target creature and target player.",  # a player is no object
        "Destroy all artifacts and creatures with mana value 2 or less.",
        "Return target creature and target land to the battlefield.",
    ],
)
def test_doubtful_lists_stay_unread(text):
    assert own(text).unread == text


def test_they_are_only_the_objects_just_destroyed():
    script = own("Destroy target creature and target land. Draw a card. They can't be regenerated.")
    assert script.unread == "They can't be regenerated."
    after_one = own("Tap target creature and target land. They can't be regenerated.")
    assert after_one.unread == "They can't be regenerated."


def test_it_after_several_objects_is_unread():
    script = own("Destroy target creature and target land. It deals 2 damage to you.")
    assert script.unread == "It deals 2 damage to you."


# -- damage to each opponent and what they control; "that spell's controller" ---------------


def test_each_opponent_and_each_creature_and_planeswalker_they_control(corpus):
    """End the Festivities: "they" are the opponents; one instruction per recipient (CR
    120.3), never the creatures of every player."""
    script = card(corpus, "End the Festivities", "spell")
    assert script.complete
    theirs = [
        Subject("each", group=Group(noun=n, whose="opponents"))
        for n in ("creature", "planeswalker")
    ]
    to = (Subject("each_opponent"), *theirs)
    assert script.steps == tuple(DealDamage(Amount(1), t, SELF) for t in to)
    two = own("Test Card deals 2 damage to each opponent and each creature they control.")
    assert tuple(s.to for s in two.steps) == to[:2]


def test_that_spells_controller_after_a_countered_target(corpus):
    """Ionize: the controller of the spell it countered (608.2h), not the source's."""
    script = card(corpus, "Ionize", "spell")
    assert script.complete
    assert script.steps == (
        Counter(T(0)),
        DealDamage(Amount(2), Subject("its_controller", index=0), SELF),
    )
    alone = "Test Card deals 2 damage to that spell's controller."
    assert own(alone).unread == alone  # no spell named before: whose is unknown


def test_all_opponents_graveyards(corpus):
    """Phyrexian Scriptures: every opponent's graveyard exiled, never yours."""
    from mtgrules.cards.effects_library import GraveyardAway

    name = "Phyrexian Scriptures"  # a Saga: its chapter that exiles graveyards
    texts = (effect_of(corpus, name, "triggered", i) for i in range(3))
    script = read_effect(next(t for t in texts if "graveyards" in t), name, "triggered")
    assert script.steps == (GraveyardAway(Subject("each_opponent"), "exile"),)


# -- the play-out ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "step",
    [
        DestroyTogether((T(0), T(1))),
        ExileTogether((every("artifact"), every("enchantment"))),
        TapTogether((every("creature"), every("land")), untap=True),
        ReturnTogether((T(0), T(1))),
        DestroyTogether((T(0),), same_name=Group(noun="land", whose="any")),
        ExileTogether((T(0),), attached=Group(noun="Equipment", whose="any")),
    ],
)
def test_the_playout_refuses_them_naming_the_instruction(step):
    """No handler yet: carry_out refuses each, naming the instruction (never carried out as
    one action after another)."""
    from mtgrules.rules.effects.resolution import carry_out

    ctx = SimpleNamespace(source=SimpleNamespace(label="Test Card"))
    with pytest.raises(Unsupported, match=re.escape(step.render())):
        carry_out(None, Script((step,)), ctx)
