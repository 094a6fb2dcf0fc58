"""The Oracle effect reader's colors and subtypes an object becomes (cards/oracle/
type_color_changes.py; docs/effects.md, "Colors and subtypes set"): real Oracle text read from
the corpus (../shared/data/cards, skipped when absent) and short texts written here.

The guards fail on a misreading: a color change read as lasting for good when the sentence
says "until end of turn" (or the other way round), a color added read as one replacing the
others, a subtype change read as a card type change, a base power and toughness read as a
+N/+N change, a change with no duration said read as lasting for good beside one that lasts
until end of turn, "That creature is ..." read for an object that enters only later, a
subtype of no kind the reader knows read at all, and a play-out that carries one out."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest

from mtgrules.cards import effect_codec
from mtgrules.cards.effects import SELF, Modify, Move, PutCounters, Script, Subject
from mtgrules.cards.effects_changes import Becomes
from mtgrules.cards.effects_conditions import If, IsKind
from mtgrules.cards.effects_continuous import LoseAllAbilities
from mtgrules.cards.effects_moves import MoveWithCounters
from mtgrules.cards.oracle.effects import read_effect
from mtgrules.rules import Unsupported
from tests.test_oracle_effects import T, effect_of

EOT = "end_of_turn"


def card(corpus, name: str, kind: str, n: int = 0) -> Script:
    return read_effect(effect_of(corpus, name, kind, n), name, kind)


def own(text: str, kind: str = "spell") -> Script:
    return read_effect(text, "Test Card", kind)


# -- colors (CR 105.3, 105.2c, 613.1e, 611.2a) ---------------------------------------------


def test_a_color_set_for_good_or_until_end_of_turn(corpus):
    """Thoughtlace: the target becomes blue for the rest of the game (no duration said);
    Metathran Transport: until end of turn. The new color replaces the old ones (105.3)."""
    assert card(corpus, "Thoughtlace", "spell").steps == (Becomes(T(0), colors=("blue",)),)
    assert card(corpus, "Metathran Transport", "activated").steps == (
        Becomes(T(0), colors=("blue",), duration=EOT),
    )
    assert own("Target creature becomes blue until end of turn.").steps[0].render() == (
        "the target becomes blue until end of turn"
    )


def test_colorless_and_a_color_added(corpus):
    """Ancient Kavu: its source has no color until end of turn (105.2c); Indigo Faerie: blue
    added to the colors it has, never replacing them (105.3)."""
    assert card(corpus, "Ancient Kavu", "activated").steps == (
        Becomes(SELF, colors=("colorless",), duration=EOT),
    )
    assert card(corpus, "Indigo Faerie", "activated").steps == (
        Becomes(T(0), colors=("blue",), duration=EOT, additional="colors"),
    )


def test_a_color_beside_a_grant_or_a_pump_shares_its_duration(corpus):
    """Crimson Wisps, Viridescent Wisps, Traitor's Clutch: "until end of turn" after the
    last verb is every change's (611.2a), never a color set for good beside it."""
    assert card(corpus, "Crimson Wisps", "spell").steps == (
        Becomes(T(0), colors=("red",), duration=EOT),
        Modify(T(0), keywords=("haste",)),
    )
    assert card(corpus, "Viridescent Wisps", "spell").steps == (
        Becomes(T(0), colors=("green",), duration=EOT),
        Modify(T(0), 1, 0),
    )
    assert card(corpus, "Traitor's Clutch", "spell").steps == (
        Becomes(T(0), colors=("black",), duration=EOT),
        Modify(T(0), 1, 0, ("shadow",)),
    )


# -- subtypes of one kind (CR 205.1a, 305.7, 613.1d, 613.4b) -------------------------------


def test_a_basic_land_type_set_keeps_the_card_types(corpus):
    """Streambed Aquitects: an Island until end of turn (305.7), no card type named, so
    none changed; Thelonite Monk: a Forest for good."""
    assert card(corpus, "Streambed Aquitects", "activated", 1).steps == (
        Becomes(T(0), subtypes=("Island",), duration=EOT),
    )
    assert card(corpus, "Thelonite Monk", "activated").steps == (
        Becomes(T(0), subtypes=("Forest",)),
    )


def test_a_creature_type_with_a_base_power_and_toughness(corpus):
    """Serpentine Ambush: a blue Serpent whose base power and toughness are 5/5 (layer 7b,
    never +5/+5) until end of turn; Bogardan Dragonheart: with flying and haste."""
    assert card(corpus, "Serpentine Ambush", "spell").steps == (
        Becomes(T(0), subtypes=("Serpent",), colors=("blue",), power=5, toughness=5, duration=EOT),
    )
    assert card(corpus, "Bogardan Dragonheart", "activated").steps == (
        Becomes(
            SELF,
            subtypes=("Dragon",),
            power=4,
            toughness=4,
            keywords=("flying", "haste"),
            duration=EOT,
        ),
    )


def test_a_leading_duration_over_a_change_a_grant_and_abilities_lost(corpus):
    """Mordenkainen's Polymorph: the Dragon and the flying both until end of turn; Turn to
    Frog: all abilities lost until end of turn too, never for good."""
    assert card(corpus, "Mordenkainen's Polymorph", "spell").steps == (
        Becomes(T(0), subtypes=("Dragon",), power=4, toughness=4, duration=EOT),
        Modify(T(0), keywords=("flying",)),
    )
    assert card(corpus, "Turn to Frog", "spell").steps == (
        LoseAllAbilities(T(0), EOT),
        Becomes(T(0), subtypes=("Frog",), colors=("blue",), power=1, toughness=1, duration=EOT),
    )


def test_a_pump_with_no_duration_said_under_a_leading_duration(corpus):
    """Applied Aeronautics: +1/+0, flying and the artifact type all until end of turn."""
    assert card(corpus, "Applied Aeronautics", "triggered").steps == (
        Modify(T(0), 1, 0),
        Modify(T(0), keywords=("flying",)),
        Becomes(T(0), ("Artifact",), duration=EOT, additional="types"),
    )


def test_if_the_source_is_a_subtype(corpus):
    """Figure of Destiny's second ability: only if it is a Spirit (608.2h), and "it" is the
    source, which becomes a Kithkin Spirit Warrior with base 4/4 for good."""
    assert card(corpus, "Figure of Destiny", "activated", 1).steps == (
        If(
            IsKind(SELF, subtypes=("Spirit",)),
            Script(
                (Becomes(SELF, subtypes=("Kithkin", "Spirit", "Warrior"), power=4, toughness=4),)
            ),
        ),
    )


# -- a type change until your next turn or for as long as (CR 611.2a, 611.2b) --------------


def test_a_type_change_until_your_next_turn_or_while_the_source_lasts(corpus):
    """Nissa, Vital Force: the land it untapped is a 5/5 creature until its controller's next
    turn, still a land (the leading duration moved after the change); Skilled Animator: only
    for as long as the source stays on the battlefield, never for good nor until end of
    turn; Hedge Whisperer: while the source stays tapped."""
    (_, animated) = card(corpus, "Nissa, Vital Force", "activated").steps
    assert animated == Becomes(
        T(0), ("Creature",), ("Elemental",), (), 5, 5, ("haste",), "your_next_turn", ("Land",)
    )
    assert animated.render().endswith("with haste that's still a land until your next turn")
    assert card(corpus, "Skilled Animator", "triggered").steps == (
        Becomes(
            T(0),
            ("Artifact", "Creature"),
            power=5,
            toughness=5,
            duration="while_self_on_battlefield",
        ),
    )
    (tapped,) = card(corpus, "Hedge Whisperer", "activated").steps
    assert tapped.duration == "while_self_tapped" and tapped.retains == ("Land",)


# -- "That creature is ... in addition to its other types" (CR 205.1b, 611.2a) --------------


def test_what_a_returned_creature_is_in_addition(corpus):
    """Rise from the Grave: the creature put onto the battlefield is also a black Zombie,
    keeping its colors and types; Call a Surprise Witness: after a counter put on it."""
    assert card(corpus, "Rise from the Grave", "spell").steps == (
        Move(T(0), "battlefield", "you"),
        Becomes(T(0), subtypes=("Zombie",), colors=("black",), additional="colors and types"),
    )
    steps = card(corpus, "Call a Surprise Witness", "spell").steps
    assert isinstance(steps[1], PutCounters)
    assert steps[2] == Becomes(T(0), subtypes=("Spirit",), additional="types")
    (entered, _) = card(corpus, "Infernal Vessel", "triggered").steps
    assert isinstance(entered, MoveWithCounters)


def test_a_creature_returned_only_later_is_not_described_now(corpus):
    """Grave Betrayal: the creature returns at the next end step; "That creature is a black
    Zombie" describes it then, so it is not read as a change made now; Dread Slaver's, right
    after the return, is read."""
    script = card(corpus, "Grave Betrayal", "triggered")
    assert not script.complete
    assert "black Zombie" in script.unread
    assert card(corpus, "Dread Slaver", "triggered").steps[1] == Becomes(
        Subject("that", noun="object"),
        subtypes=("Zombie",),
        colors=("black",),
        additional="colors and types",
    )


# -- what stays unread ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("unread", "read"),
    [
        # no duration said beside one that lasts until end of turn (611.2a)
        (
            "Target creature loses all abilities and gains flying until end of turn.",
            "Until end of turn, target creature loses all abilities and becomes a Frog.",
        ),
        (
            "Target creature gets +1/+1, gains flying, and becomes a Dragon.",
            "Until end of turn, target creature gets +1/+1, gains flying, and becomes a Dragon.",
        ),
        (
            "Target creature becomes red and gains haste.",
            "Target creature becomes red and gains haste until end of turn.",
        ),
        # a choice, a subtype of another kind, a subtype of no kind, X
        (
            "Target land becomes a Plains or an Island until end of turn.",
            "Target land becomes a Plains until end of turn.",
        ),
        ("Target artifact becomes a Treasure.", "Target creature becomes a Coward."),
        (
            "Target creature becomes a Frog Island until end of turn.",
            "Target creature becomes a Frog Wizard until end of turn.",
        ),
        (
            "Target creature becomes a Frog with base power and toughness X/X.",
            "Target creature becomes a Frog with base power and toughness 2/2.",
        ),
        # "is ... in addition" with nothing put onto the battlefield just before it
        (
            "Draw a card. It's a Phyrexian in addition to its other types.",
            "Return target creature card from your graveyard to the battlefield. It's a "
            "Phyrexian in addition to its other types.",
        ),
    ],
)
def test_what_stays_unread_beside_what_is_read(unread, read):
    assert not own(unread).complete
    assert own(read).complete


# -- stored and carried out ----------------------------------------------------------------


def test_the_readings_round_trip_the_codec(corpus):
    for name, kind in (
        ("Thoughtlace", "spell"),
        ("Indigo Faerie", "activated"),
        ("Turn to Frog", "spell"),
        ("Rise from the Grave", "spell"),
    ):
        script = card(corpus, name, kind)
        assert script.complete and effect_codec.loads(effect_codec.dumps(script)) == script
    script = card(corpus, "Figure of Destiny", "activated", 1)
    assert effect_codec.loads(effect_codec.dumps(script)) == script


def test_the_playout_refuses_them():
    """No handler: carry_out refuses each, naming it (never skipped), all abilities lost for
    good too."""
    from mtgrules.rules.effects.resolution import carry_out

    ctx = SimpleNamespace(source=SimpleNamespace(label="Test Card"))
    for step in (
        Becomes(T(0), colors=("blue",), duration=EOT),
        Becomes(T(0), subtypes=("Island",), duration=EOT),
        LoseAllAbilities(T(0), ""),
    ):
        with pytest.raises(Unsupported, match=re.escape(step.render())):
            carry_out(None, Script((step,)), ctx)


def test_the_renderings():
    """A color alone takes no article; a subtype its own."""
    assert Becomes(T(0), colors=("blue",), duration=EOT).render() == (
        "the target becomes blue until end of turn"
    )
    assert Becomes(T(0), subtypes=("Island",)).render() == "the target becomes an Island"
    assert LoseAllAbilities(T(0), "").render() == "the target loses all abilities"


def test_a_pronoun_subject_is_the_object_named_before():
    """Singe's shape: "That creature" is the creature dealt damage."""
    script = own("Test Card deals 1 damage to target creature. That creature becomes black.")
    assert script.steps[1] == Becomes(T(0), colors=("black",))
    assert Subject("target", index=0) == script.steps[1].what
