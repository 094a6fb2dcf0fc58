"""The Oracle effect reader's continuous effects made for a duration, fifth round
(cards/oracle/continuous.py, cards/effects_continuous.py; docs/effects.md, "Base power and
toughness, all abilities lost, more keywords"): real Oracle text read from the corpus
(../shared/data/cards, skipped when absent) and texts written here.

The guards fail on a misreading: a base power and toughness read as a change (+N/+N, layer
7c instead of 7b), all abilities lost read as nothing or as some keywords, a keyword granted
with no duration beside a pump that lasts until end of turn, a group of one creature type
read as every creature, a look-alike with "X/X" or no duration read, and any of the new
instructions carried out by a play-out that has no rule for them."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest

from mtgrules.cards.effects import SELF, Modify, Script, Subject, Tap
from mtgrules.cards.effects_changes import Becomes, LoseKeywords
from mtgrules.cards.effects_continuous import LoseAllAbilities, SetBasePT
from mtgrules.cards.oracle.effects import read_effect
from mtgrules.rules import Unsupported
from tests.test_oracle_effects import T, effect_of


def card(corpus, name: str, kind: str) -> Script:
    return read_effect(effect_of(corpus, name, kind), name, kind)


def own(text: str, kind: str = "spell") -> Script:
    return read_effect(text, "Test Card", kind)


# -- base power and toughness, all abilities lost (CR 613.4b, 613.1f, 611.2a) ---------------


def test_base_power_and_toughness_is_set_not_changed(corpus):
    """Gigantomancer: the target's base power and toughness become 7/7 (layer 7b), never a
    +7/+7 change (7c) and never for the rest of the game."""
    script = card(corpus, "Gigantomancer", "activated")
    assert script.complete
    assert script.steps == (SetBasePT(T(0), 7, 7, "end_of_turn"),)
    assert script.families() == frozenset({"pump"})


def test_all_abilities_lost_and_a_base_after_a_leading_duration(corpus):
    """Humble: both last until end of turn, the abilities lost and the base set (two
    effects, layers 6 and 7b)."""
    script = card(corpus, "Humble", "spell")
    assert script.complete
    assert script.steps == (LoseAllAbilities(T(0)), SetBasePT(T(0), 0, 1))


def test_all_abilities_lost_by_the_object_named_before(corpus):
    """Merfolk Trickster: "It" is the creature just tapped."""
    script = card(corpus, "Merfolk Trickster", "triggered")
    assert script.complete
    assert script.steps == (Tap(T(0)), LoseAllAbilities(T(0)))


def test_a_base_with_keywords_gained_for_one_duration(corpus):
    """Creeperhulk: the base 5/5 and trample, both until end of turn."""
    script = card(corpus, "Creeperhulk", "activated")
    assert script.complete
    assert script.steps == (
        SetBasePT(T(0), 5, 5),
        Modify(T(0), keywords=("trample",), duration="end_of_turn"),
    )


def test_base_look_alikes_stay_unread():
    """X/X, no duration, a verb form that doesn't agree: not read."""
    for text in (
        "Target creature has base power and toughness X/X until end of turn.",
        "Target creature has base power and toughness 3/3.",
        "Target creature loses all abilities.",
        "Target creature loses all abilities and have base power and toughness 1/1 until"
        " end of turn.",
    ):
        assert not own(text).complete, text


# -- "gains ... and gets ..." (CR 611.2a, 613.4c, 613.1f) ---------------------------------


def test_gains_and_gets_share_the_duration(corpus):
    """Craterhoof Behemoth: trample and +X/+X both until end of turn, X the number of
    creatures you control; the keyword is not granted for the rest of the game."""
    script = card(corpus, "Craterhoof Behemoth", "triggered")
    assert script.complete
    (step,) = script.steps
    assert isinstance(step, Modify)
    assert (step.keywords, step.duration, step.x_power, step.x_toughness) == (
        ("trample",),
        "end_of_turn",
        1,
        1,
    )
    assert step.what.kind == "each" and step.what.group.whose == "you"
    assert step.x_is is not None and step.x_is.count == "group"


def test_gains_and_gets_written_here():
    (step,) = own("Target creature gains flying and gets +2/+0 until end of turn.").steps
    assert step == Modify(T(0), 2, 0, ("flying",), "end_of_turn")
    assert not own("Target creature gains flying and get +2/+0 until end of turn.").complete


def test_a_leading_duration_before_where_x_is(corpus):
    """Overwhelming Stampede: "Until end of turn" governs the keyword and the +X/+X, and X
    is the greatest power among creatures you control (107.3c), as the trailing form."""
    script = card(corpus, "Overwhelming Stampede", "spell")
    assert script.complete
    (step,) = script.steps
    assert (step.keywords, step.duration, step.x_power, step.x_toughness) == (
        ("trample",),
        "end_of_turn",
        1,
        1,
    )
    assert step.x_is is not None and step.x_is.count == "greatest_power"
    trailing = own(
        "Creatures you control gain trample and get +X/+X until end of turn, where X is the"
        " greatest power among creatures you control."
    )
    assert script.steps == trailing.steps


def test_a_keyword_lost_and_one_gained_for_one_duration(corpus):
    """Gargoyle Sentinel: defender lost and flying gained, both until end of turn; with
    no duration (or another one) they stay unread."""
    script = card(corpus, "Gargoyle Sentinel", "activated")
    assert script.steps == (
        LoseKeywords(SELF, ("defender",)),
        Modify(SELF, keywords=("flying",), duration="end_of_turn"),
    )
    assert not own("This creature loses defender and gains flying.", "activated").complete
    assert not own(
        "Until your next turn, this creature loses defender and gains flying.", "activated"
    ).complete


# -- more keywords (CR 702.1) ---------------------------------------------------------------


def test_shadow_and_landwalk_are_granted_by_name(corpus):
    """Dauthi Trapper: shadow; Shore Snapper: islandwalk, until end of turn."""
    assert card(corpus, "Dauthi Trapper", "activated").steps == (
        Modify(T(0), keywords=("shadow",), duration="end_of_turn"),
    )
    assert card(corpus, "Shore Snapper", "activated").steps == (
        Modify(SELF, keywords=("islandwalk",), duration="end_of_turn"),
    )


def test_a_list_with_new_and_first_keywords():
    (step,) = own("Target creature gains flying, shadow, and haste until end of turn.").steps
    assert step.keywords == ("flying", "shadow", "haste")
    (step,) = own("Target creature gains protection from artifacts until end of turn.").steps
    assert step.keywords == ("protection from artifacts",)
    # one keyword, two qualities, never a keyword "from red" (702.16a)
    (step,) = own(
        "Target creature gains flying and protection from black and from red until end of turn."
    ).steps
    assert step.keywords == ("flying", "protection from black and from red")
    # a word that isn't a keyword after the list: not read as one
    assert not own("Target creature gains shadowbane until end of turn.").complete


# -- a group named by a creature type (CR 205.3m) -----------------------------------------


def test_a_creature_type_group_leading_the_sentence(corpus):
    """Lord of the Accursed: all Zombies (anyone's), never every creature; Blaring Captain:
    attacking Warriors."""
    (step,) = card(corpus, "Lord of the Accursed", "activated").steps
    assert step.what.group.noun == "Zombie" and step.what.group.whose == "any"
    assert step.keywords == ("menace",)
    (step,) = card(corpus, "Blaring Captain", "triggered").steps
    group = step.what.group
    assert (group.noun, group.status, step.power, step.toughness) == ("Warrior", "attacking", 1, 1)


def test_creature_type_groups_written_here():
    (step,) = own("Soldiers you control gain vigilance until end of turn.").steps
    assert (step.what.group.noun, step.what.group.whose) == ("Soldier", "you")
    (step,) = own("Goblin creatures you control gain haste until end of turn.").steps
    group = step.what.group
    assert (group.noun, group.adjectives, group.whose) == ("creature", ("Goblin",), "you")
    # a word that is no creature type: not read as a group
    assert not own("Blahs you control gain haste until end of turn.").complete


# -- types added, the others kept (CR 205.1b, 613.1d) -------------------------------------


def test_a_type_added_keeps_the_others(corpus):
    """Liquimetal Coating: an artifact in addition to its other types until end of turn,
    never an artifact alone (205.1a would take its other types away)."""
    (step,) = card(corpus, "Liquimetal Coating", "activated").steps
    assert step == Becomes(T(0), types=("Artifact",), duration="end_of_turn", additional="types")


def test_a_creature_in_addition_with_its_size(corpus):
    """Still Life: a 4/3 Centaur creature, still an enchantment, until end of turn."""
    (step,) = card(corpus, "Still Life", "activated").steps
    assert step == Becomes(
        SELF, ("Creature",), ("Centaur",), (), 4, 3, (), "end_of_turn", additional="types"
    )


def test_a_subtype_added_with_no_duration(corpus):
    """Captivating Vampire: the creature it gained control of is a Vampire too, for the
    rest of the game (611.2a: no duration stated)."""
    _, step = card(corpus, "Captivating Vampire", "activated").steps
    assert step == Becomes(T(0), subtypes=("Vampire",), additional="types")


def test_colors_kept_only_when_the_words_say_so():
    (step,) = own(
        "Until end of turn, target creature becomes a blue artifact in addition to its other"
        " colors and types."
    ).steps
    assert (step.colors, step.types, step.additional) == (
        ("blue",),
        ("Artifact",),
        "colors and types",
    )
    # a color alone added to the others (type_color_changes.py, 105.3): never replacing them
    (added,) = own("Target creature becomes blue in addition to its other colors.").steps
    assert (added.colors, added.types, added.additional) == (("blue",), (), "colors")


# -- "They gain ..." after the objects named (CR 608.2c) ----------------------------------


def test_they_are_the_objects_named_before(corpus):
    """Insurrection: every creature gained haste, never a player."""
    script = card(corpus, "Insurrection", "spell")
    assert script.complete
    every = script.steps[0].what
    assert every.kind == "each" and every.group.noun == "creature"
    assert script.steps[-1] == Modify(every, keywords=("haste",), duration="end_of_turn")


def test_they_after_a_player_stay_unread():
    """After a player named last, "they" may be that player: not read as an object."""
    assert not own("Target player draws a card. They gain haste until end of turn.").complete
    assert not own("They gain haste until end of turn.").complete


def test_still_a_land_in_the_same_sentence(corpus):
    """Lifespark Spellbomb: a 3/3 creature that keeps being a land, until end of turn, the
    same reading as "It's still a land." said after it."""
    (step,) = card(corpus, "Lifespark Spellbomb", "activated").steps
    assert step == Becomes(T(0), ("Creature",), (), (), 3, 3, (), "end_of_turn", ("Land",))
    two = own("Target land becomes a 3/3 creature until end of turn. It's still a land.")
    assert two.steps == (step,)


# -- "for as long as" the source is tapped or controlled (CR 611.2b) -----------------------


def test_a_change_for_as_long_as_the_source_remains_tapped(corpus):
    """Tawnos's Weaponry: +1/+1 only while the artifact stays tapped, never until end of
    turn nor for the rest of the game; Everglove Courier: "has trample" is granted too."""
    assert card(corpus, "Tawnos's Weaponry", "activated").steps == (
        Modify(T(0), 1, 1, (), "while_self_tapped"),
    )
    assert card(corpus, "Everglove Courier", "activated").steps == (
        Modify(T(0), 2, 2, ("trample",), "while_self_tapped"),
    )


def test_a_keyword_for_as_long_as_you_control_the_source(corpus):
    """Aegis Angel: indestructible for as long as you control the Angel."""
    assert card(corpus, "Aegis Angel", "triggered").steps == (
        Modify(T(0), keywords=("indestructible",), duration="while_you_control_self"),
    )
    assert not own(
        "Target creature gets +1/+1 for as long as this artifact remains tapped and you"
        " control it.",
        "activated",
    ).complete


# -- the play-out -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "step",
    [SetBasePT(T(0), 4, 4), LoseAllAbilities(Subject("target", 0))],
)
def test_the_playout_refuses_them_naming_the_instruction(step):
    """No handler yet: carry_out refuses each, naming the instruction (never skipped, never
    carried out as a power/toughness change)."""
    from mtgrules.rules.effects.resolution import carry_out

    ctx = SimpleNamespace(source=SimpleNamespace(label="Test Card"))
    with pytest.raises(Unsupported, match=re.escape(step.render())):
        carry_out(None, Script((step,)), ctx)


@pytest.mark.parametrize("duration", ["while_self_tapped", "while_you_control_self"])
def test_the_playout_refuses_a_change_for_as_long_as(duration):
    """Modify's handler carries out "until end of turn" alone: a change lasting for as long
    as the source is tapped or controlled is refused, naming the duration, never applied
    until end of turn."""
    from mtgrules.rules.effects.resolution import carry_out

    ctx = SimpleNamespace(source=SimpleNamespace(label="Test Card"))
    step = Modify(T(0), 1, 1, ("trample",), duration)
    with pytest.raises(Unsupported, match=duration):
        carry_out(None, Script((step,)), ctx)
