"""The Oracle text parser: the templates it models, and everything else marked not modeled.

The texts here are minimal templates and sentences written for the tests, not card text.
"""

from __future__ import annotations

import pytest

from mtgrules.cards.oracle.abilities import parse_abilities
from mtgrules.cards.oracle.paragraphs import strip_reminder
from mtgrules.cards.vocabulary import AbilityKind
from mtgrules.rules.mana.abilities import is_mana_ability


def kinds(text, keywords=(), types=()):
    return [(a.kind.value, a.keyword, a.text) for a in parse_abilities(text, keywords, types)]


def test_each_keyword_of_a_keyword_line_is_one_ability():
    abilities = parse_abilities("Flying, first strike, haste", ("Flying", "First strike", "Haste"))
    assert [a.keyword for a in abilities] == ["flying", "first strike", "haste"]
    assert all(a.kind is AbilityKind.KEYWORD for a in abilities)


@pytest.mark.parametrize(
    ("line", "keyword", "cost"),
    [
        ("Plot {3}{R}", "plot", "{3}{R}"),
        ("Embalm {4}{W}{W}", "embalm", "{4}{W}{W}"),
        ("Outlast {G}", "outlast", "{G}"),
    ],
)
def test_keywords_with_a_mana_cost(line, keyword, cost):
    (ability,) = parse_abilities(
        f"{line} (reminder words that are not an ability)", (keyword.title(),)
    )
    assert ability.keyword == keyword and str(ability.keyword_cost) == cost


def test_reminder_text_is_not_an_ability():
    assert parse_abilities("(Some reminder of an intrinsic ability.)") == ()
    assert strip_reminder("Defender (it can't attack) and (nested (twice))") == "Defender and"


@pytest.mark.parametrize(
    ("line", "fixed", "any_color", "mana"),
    [
        ("{T}: Add {C}.", ("C",), 0, ""),
        ("{T}: Add {W}{U}.", ("W", "U"), 0, ""),
        ("{T}: Add one mana of any color.", (), 1, ""),
        ("{2}, {T}: Add {B}{B}{B}.", ("B", "B", "B"), 0, "{2}"),
    ],
)
def test_simple_mana_abilities(line, fixed, any_color, mana):
    (ability,) = parse_abilities(line)
    assert (
        ability.effect.adds_mana.fixed == fixed and ability.effect.adds_mana.any_color == any_color
    )
    assert ability.cost.tap and str(ability.cost.mana) == mana
    assert is_mana_ability(ability)  # CR 605.1a holds for the parsed form


@pytest.mark.parametrize(
    ("text", "types", "what"),
    [
        (
            "{1}: Add {B}. If this ability has been activated four or more times this turn, sacrifice this creature at the beginning of the next end step.",
            (),
            "mana ability",
        ),
        ("{T}: Add {G}. Activate no more than twice each turn.", (), "mana ability"),
        ("{T}, Exert this creature: Add {G}.", (), "mana ability"),
        ("{1}, Sacrifice a nontoken creature: Draw a card.", (), "activated ability"),
        (  # an intervening "if" (CR 603.4) whose end is unsure: a list in the condition
            "When this creature enters, if you control a Forest, a Plains, and an Island, draw a card.",
            (),
            "triggered ability",
        ),
        ("Whenever a creature with flying enters, you gain 1 life.", (), "triggered ability"),
        ("Rally — Whenever an ally enters, you gain 1 life.", (), "triggered ability"),
        ("Whenever another creature you control dies, you lose 1 life.", (), "triggered ability"),
        ("−X: Draw X cards.", (), "loyalty ability"),
        (
            "Creatures you control get +1/+1 as long as you have one or fewer cards in hand.",
            (),
            "static ability",
        ),
        ("Draw two cards. This spell can't be countered.", ("Sorcery",), "spell effect"),
        ("This land enters tapped unless a player has 13 or less life.", (), "static ability"),
        (
            "You may have this creature enter as a copy of a creature card in a graveyard.",
            (),
            "enters as a copy",
        ),
        (
            "You may have this creature enter as a copy of any creature on the battlefield, except it's the best.",
            (),
            "enters as a copy",
        ),
    ],
)
def test_everything_else_is_listed_as_not_modeled(text, types, what):
    (ability,) = parse_abilities(text, (), types)
    assert ability.kind is AbilityKind.UNMODELED
    assert ability.text.startswith("not modeled: ") and what in ability.text
    assert text not in ability.text  # our own description, never the card's words


def test_unknown_keywords_are_not_modeled_and_a_sentence_is_not_a_keyword_line():
    ripple = parse_abilities("Ripple 4", ("Ripple",))
    assert ripple[0].kind is AbilityKind.UNMODELED and "ripple" in ripple[0].text
    outlaws = parse_abilities("Affinity for outlaws", ("Affinity",))
    assert outlaws[0].kind is AbilityKind.UNMODELED  # a group of subtypes, not one
    kicker = parse_abilities("Kicker—Sacrifice a creature.", ("Kicker",))
    assert kicker[0].kind is AbilityKind.UNMODELED  # casting reads only a kicker's mana cost
    sentence = parse_abilities("Flying creatures you control can't be blocked.", ("Flying",))
    assert sentence[0].kind is AbilityKind.UNMODELED and "static" in sentence[0].text


def test_modes_stay_with_their_ability():
    text = "Choose one —\n• You gain 3 life.\n• Draw a card."
    assert len(parse_abilities(text, (), ("Instant",))) == 1


# --- the templates the engine models -----------------------------------------------


def one(text, name="", keywords=(), types=()):
    (ability,) = parse_abilities(text, keywords, types, name)
    assert ability.kind is not AbilityKind.UNMODELED, text
    return ability


@pytest.mark.parametrize(
    ("line", "parts", "zone"),
    [
        (
            "{2}{G/W}, {T}, Sacrifice this artifact: Draw a card.",
            [("sacrifice_self", 1)],
            "battlefield",
        ),
        (
            "{X}, Exile Sample Card from your graveyard: Draw X cards.",
            [("exile_self", 1)],
            "graveyard",
        ),
        (
            "{T}, Tap an untapped creature you control: Draw a card.",
            [("tap_untapped_creature", 1)],
            "battlefield",
        ),
        ("{1}, Mill two cards: Draw a card.", [("mill", 2)], "battlefield"),
        (
            "Discard a card, Pay 3 life: Draw a card.",
            [("discard", 1), ("pay_life", 3)],
            "battlefield",
        ),
        (
            "Remove three charge counters from this artifact: Draw a card.",
            [("remove_counter", 3)],
            "battlefield",
        ),
        (
            "{B/P}, Sacrifice two creatures: Draw a card.",
            [("sacrifice_creature", 2)],
            "battlefield",
        ),
    ],
)
def test_activated_ability_costs(line, parts, zone):
    ability = one(line, "Sample Card")
    assert ability.kind is AbilityKind.ACTIVATED and ability.zone == zone
    assert [(p.kind, p.amount) for p in ability.cost.parts] == parts
    assert ability.render() == line.replace("this artifact", "this permanent").replace(
        "Exile Sample Card from your graveyard", "Exile this card"
    )


def test_activation_restrictions_and_targets():
    ability = one(
        "{1}: Tap target creature. Activate only as a sorcery. Activate only once each turn."
    )
    assert ability.timing == "sorcery" and ability.once_each_turn and ability.targets
    assert one("{Q}: Draw a card. Activate only during your turn.").only_your_turn
    assert one("{Q}: Draw a card.").cost.untap and one("{Q}: Draw a card.").effect.moves_library


@pytest.mark.parametrize(
    ("effect", "check"),
    [
        ("Add {R} or {G}.", lambda m: m.one_of == ("R", "G")),
        ("Add {W}, {U}, or {B}.", lambda m: m.one_of == ("W", "U", "B")),
        ("Add {C}{C}.", lambda m: m.fixed == ("C", "C")),
        ("Add two mana of any one color.", lambda m: m.any_color == 2),
        (
            "Add one mana of any type that a land you control could produce.",
            lambda m: (m.could_produce, m.could_produce_kind) == ("land_you_control", "type"),
        ),
        (
            "Add one mana of any color that a land an opponent controls could produce.",
            lambda m: (
                (m.could_produce, m.could_produce_kind) == ("land_opponent_controls", "color")
            ),
        ),
        ("Add {G} for each creature you control.", lambda m: m.for_each == "creature_you_control"),
    ],
)
def test_mana_effects(effect, check):
    ability = one("{T}: " + effect)
    assert check(ability.effect.adds_mana) and is_mana_ability(ability)
    assert ability.render() == "{T}: " + effect


def test_a_mana_ability_with_a_rider_and_one_that_draws():
    pain = one("{T}: Add {R} or {G}. This land deals 1 damage to you.")
    assert pain.effect.adds_mana.one_of == ("R", "G") and is_mana_ability(pain)
    sphere = one("{1}, {T}, Sacrifice this artifact: Add {U}{R}. Draw a card.")
    assert not is_mana_ability(sphere)  # CR 605.1a: it draws a card
    assert (
        parse_abilities("{T}: Add {R}. Target player draws a card.")[0].kind
        is AbilityKind.UNMODELED
    )
    assert parse_abilities("{T}: Draw a card. Add {R}.")[0].kind is AbilityKind.UNMODELED


def test_loyalty_abilities_old_and_new_wording():
    for text, n in (("[+1]: Draw a card.", 1), ("−2: Add {R}{R}.", -2), ("[0]: Draw a card.", 0)):
        ability = one(text)
        assert ability.kind is AbilityKind.LOYALTY and ability.cost.loyalty == n
    assert not is_mana_ability(one("+1: Add {R}{R}."))  # CR 605.1a: a loyalty ability


@pytest.mark.parametrize(
    ("text", "event", "what"),
    [
        ("When Sample, the Card enters the battlefield, draw a card.", "enters", "self"),
        ("When this creature enters, draw a card.", "enters", "self"),
        ("When this creature dies, draw a card.", "dies", "self"),
        ("Whenever Sample attacks, draw a card.", "attacks", "self"),
        ("At the beginning of your upkeep, draw a card.", "upkeep", "self"),
        ("Whenever this land becomes tapped, it deals 1 damage to you.", "becomes_tapped", "self"),
        (
            "Whenever you tap this land for mana, target opponent draws a card.",
            "tapped_for_mana",
            "self",
        ),
        (
            "Whenever enchanted land is tapped for mana, its controller adds an additional {G}.",
            "tapped_for_mana",
            "enchanted",
        ),
        (
            "Whenever you tap a land for mana, add one mana of any type that land produced.",
            "tapped_for_mana",
            "land",
        ),
        (
            "Whenever a player taps a Forest for mana, that player adds an additional {G}.",
            "tapped_for_mana",
            "Forest",
        ),
    ],
)
def test_triggers_on_events_the_engine_tracks(text, event, what):
    ability = one(text, "Sample, the Card")
    assert ability.kind is AbilityKind.TRIGGERED
    assert (ability.event.event, ability.event.what) == (event, what)
    if "add" in text:
        assert ability.effect.adds_mana is not None and is_mana_ability(ability)


def test_replacements_copies_counters_and_defined_pt():
    double = one("If you tap a permanent for mana, it produces twice as much of that mana instead.")
    assert double.replacement.multiply == 2 and double.replacement.tapped_for_mana.whose == "you"
    black = one(
        "If a land is tapped for mana, it produces {B} instead of any other type and amount."
    )
    assert black.replacement.instead == ("B",)
    clone = one(
        "You may have Sample enter the battlefield as a copy of a creature you control, except "
        "it's a Spirit Rogue in addition to its other types and it has haste.",
        "Sample",
    ).enters_as_copy
    assert clone.of == "creature_you_control"
    assert clone.exceptions.additional_types == ("Spirit", "Rogue")
    assert [a.keyword for a in clone.exceptions.abilities] == ["haste"]
    big = one(
        "You may have this creature enter as a copy of any creature on the battlefield, except it's 9/9."
    )
    assert (big.enters_as_copy.exceptions.power, big.enters_as_copy.exceptions.toughness) == (9, 9)
    counters = one("This creature enters with X +1/+1 counters on it.").enters_with
    assert (counters.kind, counters.count) == ("+1/+1", "X")
    assert (
        one(
            "Sample enters the battlefield with two charge counters on it.", "Sample"
        ).enters_with.count
        == 2
    )
    pt = one(
        "Sample's power and toughness are each equal to the number of Islands you control.",
        "Sample",
    )
    assert pt.defines_pt.count_you_control == "Island"


def test_casting_costs():
    extra = one(
        "As an additional cost to cast this spell, sacrifice a creature.", types=("Sorcery",)
    )
    assert extra.casting_cost.kind == "additional"
    assert [p.kind for p in extra.casting_cost.cost.parts] == ["sacrifice_creature"]
    alt = one("You may pay {W}{W} rather than pay this spell's mana cost.", types=("Instant",))
    assert alt.casting_cost.kind == "alternative" and str(alt.casting_cost.cost.mana) == "{W}{W}"


def test_keywords_with_numbers_and_dashed_costs():
    from mtgrules.rules.keywords import activated_form

    crew, modular = parse_abilities("Crew 2\nModular 1", ("Crew", "Modular"))
    form, rules = activated_form(crew)
    assert form.cost.parts[0].kind == "tap_creatures_power" and rules == ("702.122a",)
    assert modular.enters_with.count == 1
    (eternalize,) = parse_abilities("Eternalize—{2}{B}, Discard a card.", ("Eternalize",))
    form, _ = activated_form(eternalize)
    assert [p.kind for p in form.cost.parts] == [
        "discard",
        "exile_self",
    ] and form.zone == "graveyard"
    assert eternalize.render() == "Eternalize—{2}{B}, Discard a card"
    (cycling,) = parse_abilities("Swampcycling {2}", ("Swampcycling",))
    assert activated_form(cycling)[0].zone == "hand"


def test_the_card_refers_to_itself_by_name_short_name_or_this_object():
    for text in (
        "{T}, Sacrifice Sample, the Card: Draw a card.",
        "{T}, Sacrifice Sample: Draw a card.",
        "{T}, Sacrifice CARDNAME: Draw a card.",
        "{T}, Sacrifice this creature: Draw a card.",
    ):
        assert one(text, "Sample, the Card").cost.parts[0].kind == "sacrifice_self"
    # another card's name is not a reference to itself
    other = parse_abilities("{T}, Sacrifice Samples: Draw a card.", (), (), "Sample")
    assert other[0].kind is AbilityKind.UNMODELED


@pytest.mark.parametrize(
    ("text", "what", "word"),
    [
        (
            "Whenever this creature or another Ally you control enters, you gain 1 life.",
            "self_or_another",
            "",
        ),
        (
            "Whenever this enchantment or a legendary creature you control enters, draw a card.",
            "self_or_another",
            "",
        ),
        ("Whenever this creature enters or attacks, you gain 1 life.", "self_or_other_event", ""),
        ("Big Wave — When this creature enters, draw a card.", "self", "Big Wave"),
        ("When this creature enters or dies, draw a card.", "self_or_other_event", ""),
        (
            "When this creature enters and whenever you cast a Snake spell, draw a card.",
            "self_or_other_event",
            "",
        ),
    ],
)
def test_triggers_on_its_own_entering_are_read(text, what, word):
    # CR 603.6a: each triggers as the permanent itself enters; the word before a dash has
    # no rules meaning (207.2c-d)
    (ability,) = parse_abilities(text, (), ("Creature",))
    assert ability.kind is AbilityKind.TRIGGERED
    assert ability.event is not None and (ability.event.event, ability.event.what) == (
        "enters",
        what,
    )
    assert ability.ability_word == word
    assert ability.render() == text


def test_a_trigger_on_others_entering_only_stays_not_modeled():
    (ability,) = parse_abilities(
        "Whenever another creature you control enters, draw a card.", (), ("Creature",)
    )
    assert ability.kind is AbilityKind.UNMODELED


@pytest.mark.parametrize(
    "text",
    [
        "This creature gets +1/+1 for each artifact you control.",
        "This creature gets +2/+0 as long as you control another Elf.",
        "Creatures you control get +1/+0 for each Mountain you control.",
    ],
)
def test_counted_and_conditional_boosts_are_read_and_render_back(text):
    (ability,) = parse_abilities(text, (), ("Creature",))
    assert ability.boost is not None  # CR 613.4c
    assert ability.render().replace("This permanent", "This creature") == text


def test_a_conditional_boost_with_keywords_is_a_conditional_grant_too():
    # its keywords are a layer-6 grant under the same condition (cards/oracle/conditions.py)
    text = "This creature gets +1/+1 and has flying as long as you control an artifact."
    (ability,) = parse_abilities(text, (), ("Creature",))
    assert ability.boost is not None and ability.grant is not None
    assert ability.boost.condition is not None
    assert ability.grant.condition == ability.boost.condition
    assert ability.grant.keywords == ("flying",)


def test_a_trigger_on_a_groups_entering_is_read_with_its_group():
    # CR 603.6a: it triggers on its own entering only when it is one of the group
    (ability,) = parse_abilities(
        "Whenever a Rogue creature enters, you gain 1 life.", (), ("Artifact",)
    )
    assert ability.event is not None and ability.event.what == "group"
    assert ability.event.group is not None
    assert (ability.event.group.noun, ability.event.group.adjectives) == ("creature", ("Rogue",))
    (other,) = parse_abilities(
        "Whenever a nonbasic land an opponent controls enters, draw a card.", (), ("Creature",)
    )
    assert other.kind is AbilityKind.UNMODELED  # a group the vocabulary doesn't read


@pytest.mark.parametrize(
    ("text", "at_least", "at_most", "nouns"),
    [
        (
            "This land enters tapped unless you control a Plains or an Island.",
            1,
            None,
            ["Plains", "Island"],
        ),
        ("This land enters tapped unless you control two or fewer other lands.", 0, 2, ["land"]),
        ("This land enters tapped unless you control two or more other lands.", 2, None, ["land"]),
    ],
)
def test_enters_tapped_unless_you_control_is_read(text, at_least, at_most, nouns):
    # CR 614.1c, 614.12: the condition is checked as the permanent would enter
    (ability,) = parse_abilities(text, (), ("Land",))
    unless = ability.enters_tapped_unless
    assert ability.enters_tapped and unless is not None
    assert (unless.at_least, unless.at_most, [g.noun for g in unless.groups]) == (
        at_least,
        at_most,
        nouns,
    )


def test_enters_tapped_unless_something_else_stays_not_modeled():
    (ability,) = parse_abilities(
        "This land enters tapped unless a player has 13 or less life.", (), ("Land",)
    )
    assert ability.kind is AbilityKind.UNMODELED
