"""Filters: which objects and cards an effect names (docs/effects.md, "Filters"): a group's
qualities, a card filter's, a target's stat compared with X, and the one check the play-out
makes of them (rules/layers/qualities.py). Each test asserts what a wrong reader or
play-out gets wrong; the sentences are the project's own, of the corpus's shapes.
"""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

import pytest

from mtgrules.cards.effect_codec import dumps, loads
from mtgrules.cards.oracle.card_filters import read_card_filter
from mtgrules.cards.oracle.effects import read_effect
from mtgrules.cards.oracle.effects_library import card_choice
from mtgrules.cards.oracle.effects_parts import Unread
from mtgrules.cards.oracle.targets import read_targets
from mtgrules.cards.statics import Group
from mtgrules.model.state import Zone
from mtgrules.rules import Unsupported
from mtgrules.rules.layers.qualities import fits_quality, with_x


def own(text: str, kind: str = "spell"):
    return read_effect(text, "Test Card", kind)


def group_of(text: str) -> Group:
    script = own(text)
    assert script.complete, script.unread
    (step,) = script.steps
    group = step.what.group
    assert group is not None
    return group


@pytest.mark.parametrize(
    ("text", "qualities", "token", "counter"),
    [
        ("Tap all legendary creatures.", ("legendary",), None, ""),
        ("Destroy each nonlegendary creature.", ("nonlegendary",), None, ""),
        ("Destroy all creatures with power 3 or greater.", ("power>=3",), None, ""),
        ("Destroy each creature with toughness 2 or less.", ("toughness<=2",), None, ""),
        ("Exile all artifacts with mana value 1 or less.", ("mana value<=1",), None, ""),
        ("Exile all tokens.", (), True, ""),
        ("Destroy all creature tokens.", (), True, ""),
        ("Tap each creature with a stun counter on it.", (), None, "stun"),
        ("Tap all creatures with stun counters on them.", (), None, "stun"),
    ],
)
def test_a_groups_qualities_are_read_and_kept(text, qualities, token, counter):
    group = group_of(text)
    assert group.qualities == qualities
    assert group.token == token
    assert group.with_counter == counter
    assert loads(dumps(own(text))) == own(text)  # the codec keeps them


def test_a_group_of_tokens_is_every_permanent_token_and_renders_so():
    group = group_of("Exile all tokens.")
    assert group.noun == "permanent"
    assert own("Exile all tokens.").steps[0].render() == "exile each token"


@pytest.mark.parametrize(
    "text",
    [
        # "no" is not a kind of counter: a filter of creatures without counters, not read
        "Destroy all creatures with no counters on them.",
        # "on them" after a single noun, "on it" after a plural one: not the same group
        "Destroy each creature with stun counters on them.",
        "Destroy all creatures with a stun counter on it.",
        "Destroy all nontoken tokens.",
    ],
)
def test_a_group_whose_words_disagree_is_left_unread(text):
    assert not own(text).complete


def test_the_card_filter_reads_stats_keywords_land_types_and_names():
    assert read_card_filter("creature card with mana value X or less", False).qualities == (
        "mana value<=X",
    )
    assert read_card_filter("creature card with power 2 or less", False).qualities == ("power<=2",)
    assert read_card_filter("artifact card with mana value 3", False).qualities == ("mana value=3",)
    assert read_card_filter("card with flashback", False).qualities == ("with flashback",)
    assert read_card_filter("land card with a basic land type", False).qualities == (
        "basic land type",
    )
    assert read_card_filter("nonlegendary creature card", False).qualities == ("nonlegendary",)
    # a name with a comma in it ends where the sentence goes on in lower case
    named = read_card_filter("card named Test Captain, Hero of Tests", False)
    assert named.named == "Test Captain, Hero of Tests"
    assert named.render() == "card named Test Captain, Hero of Tests"
    search = own(
        "Search your library for a card named Test Captain, Hero of Tests, reveal it, put it "
        "into your hand, then shuffle."
    )
    assert search.complete and search.steps[0].card.named == "Test Captain, Hero of Tests"


def test_the_groups_of_cards_refuse_a_filter_they_cant_hold():
    # CardKinds has no mana value or name: dropping it would return any creature card
    with pytest.raises(Unread):
        card_choice("a creature card with power 2 or less")
    with pytest.raises(Unread):
        card_choice("a card named Test Captain")


def test_a_targets_stat_compared_with_x_is_read_and_refused_where_x_is_defined_by_words():
    spec = read_targets(
        "Return target creature card with mana value X or less from your graveyard to your hand."
    ).specs[0]
    assert spec.qualifiers == ("mana value<=X",) and spec.whole and spec.zone == "graveyard"
    defined = read_targets(
        "Return target creature card with mana value X or less from your graveyard to your "
        "hand, where X is the number of cards in your hand."
    )
    assert defined.unreadable


def _object():
    """A permanent as the qualities check and in_group read it."""
    return SimpleNamespace(
        oid="o",
        zone=Zone.BATTLEFIELD,
        controller="Alice",
        token=False,
        attacking=None,
        tapped=False,
        label="Test Permanent (o)",
        counter=lambda kind: 0,
    )


class _Chars:
    """Characteristics as the qualities check reads them."""

    def __init__(self, power, mana_value=2, supertypes=()):
        self.power, self.toughness, self.mana_value = power, 2, mana_value
        self.supertypes, self.colors = supertypes, ()


def test_the_one_quality_check_compares_and_refuses_what_it_cant_tell():
    obj = _object()
    assert fits_quality(_Chars(3), obj, "power>=3") is True
    assert fits_quality(_Chars(2), obj, "power>=3") is False
    assert fits_quality(_Chars(None), obj, "power>=3") is None  # a power not computed
    assert fits_quality(_Chars(2, supertypes=("Legendary",)), obj, "nonlegendary") is False
    assert fits_quality(_Chars(2, mana_value=3), obj, with_x("mana value<=X", 2)) is False
    # X not known, and a quality no rule here checks: refused, naming it
    with pytest.raises(Unsupported, match="mana value X or less"):
        fits_quality(_Chars(2), obj, "mana value<=X")
    with pytest.raises(Unsupported, match="outlaw"):
        fits_quality(_Chars(2), obj, "outlaw")


def test_a_group_with_a_quality_it_cant_check_is_refused_by_the_play_out():
    from mtgrules.rules.layers.statics_in_force import in_group

    obj = _object()
    group = replace(Group(whose="any"), qualities=("outlaw",))
    chars = _Chars(2)
    chars.is_a = lambda t: t == "Creature"  # type: ignore[attr-defined]
    chars.has_subtype = lambda s: False  # type: ignore[attr-defined]
    with pytest.raises(Unsupported, match="outlaw"):
        in_group(None, group, obj, obj, chars)  # type: ignore[arg-type]


def test_a_group_controlled_by_a_player_the_effect_names():
    group = group_of("Destroy all lands target player controls.")
    assert (group.whose, group.player, group.noun) == ("player", "target:0", "land")
    assert group.render() == "Lands the target player controls"
    # "target creature controls": a target that is no player controls nothing here
    assert not own("Destroy all lands target creature controls.").complete
    # "that player" with no player named before it: not read
    assert not own("Tap all lands that player controls.").complete
    # after "each opponent": which of them is meant is not said
    assert not own("Each opponent discards a card. Tap all lands that player controls.").complete


def test_in_group_refuses_a_player_group_it_cant_resolve():
    from mtgrules.rules.layers.statics_in_force import in_group

    obj = _object()
    group = Group(noun="land", whose="player", player="target:0")
    chars = _Chars(2)
    chars.is_a = lambda t: t == "Land"  # type: ignore[attr-defined]
    with pytest.raises(Unsupported, match="which player"):
        in_group(None, group, obj, obj, chars)  # type: ignore[arg-type]


def test_a_group_named_and_a_group_compared_with_x():
    assert group_of("Tap each creature named Test Hero of Tests.").named == "Test Hero of Tests"
    # its own name: the card's (CR 201.4), never the word SELF
    own_name = read_effect("Tap each other creature you control named Test Card.", "Test Card")
    assert own_name.complete and own_name.steps[0].what.group.named == "Test Card"
    # a list of names: one name is compared (201.2), so not read
    assert not own("Tap each creature named Test Hero, Test Villain.").complete
    x_group = group_of("Destroy each nonland permanent with mana value X or less.")
    assert x_group.qualities == ("mana value<=X",)
    assert "with mana value X or less" in x_group.render()
