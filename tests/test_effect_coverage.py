"""What `mtgrules cards coverage` counts of what abilities do (cards/effect_coverage.py):
spell, activated and triggered abilities whose effect is read whole, per effect family,
and the cards fully read; and the effect words of triggered abilities
(cards/oracle/effect_texts.py). Cards written here in the project's own words."""

from __future__ import annotations

import pytest

from mtgrules.cards.coverage import measure, render_text
from mtgrules.cards.oracle.abilities import parse_lines
from mtgrules.cards.oracle.effect_texts import ability_effect, effect_texts


def card(name: str, text: str, types: list[str], keywords: tuple[str, ...] = ()) -> tuple:
    return name, [{"name": name, "text": text, "types": types, "keywords": list(keywords)}]


CARDS = [
    # a spell read whole (CR 120.3)
    card("Test Zap", "Test Zap deals 2 damage to any target.", ["Instant"]),
    # every ability modeled; its triggered effect read, its activated effect not ("frobs")
    card(
        "Odd Bird",
        "Flying\nWhen this creature enters, draw a card.\n"
        "{1}: This creature gets +1/+0 until end of turn and frobs.",
        ["Creature"],
        ("Flying",),
    ),
    # a trigger condition the templates don't read (the card is not fully modeled), with a
    # list in it: its effect, after the comma where an effect begins, is read
    card(
        "Welcome Mat",
        "Whenever another creature, artifact, or enchantment you control enters, you gain 1 life.",
        ["Enchantment"],
    ),
    card("Plain Bear", "", ["Creature"]),  # no abilities: fully modeled, nothing to read
]


@pytest.fixture(scope="module")
def report() -> dict:
    return measure(CARDS).as_dict()


def test_effects_are_counted_by_kind(report):
    kinds = report["effects_by_kind"]
    assert kinds["spell"] == {"abilities": 1, "read": 1, "percent": 100.0}
    assert kinds["activated"] == {"abilities": 1, "read": 0, "percent": 0.0}
    assert kinds["triggered"] == {"abilities": 2, "read": 2, "percent": 100.0}
    assert (report["effects"], report["effects_read"]) == (4, 3)
    assert report["effects_read_percent"] == 75.0


def test_a_card_is_fully_read_only_if_modeled_and_every_effect_read(report):
    """Odd Bird is modeled but an effect is unread; Welcome Mat's effect is read but its
    trigger condition isn't modeled: neither is fully read. Test Zap and Plain Bear are."""
    assert report["fully_modeled"] == 3  # Test Zap, Odd Bird, Plain Bear
    assert report["cards_effects_read"] == 3  # Test Zap, Welcome Mat, Plain Bear
    assert report["cards_fully_read"] == 2  # Test Zap, Plain Bear
    assert report["cards_fully_read_percent"] == 50.0


def test_families_count_what_is_read_and_what_is_left(report):
    """Each ability counts in the families its effect uses; the unread "gets +1/+0 ... and
    frobs" is a power/toughness change left (pump), listed first as the most left."""
    rows = {r["family"]: (r["read"], r["abilities"]) for r in report["effect_families"]}
    assert rows == {"pump": (0, 1), "damage": (1, 1), "draw": (1, 1), "life": (1, 1)}
    assert report["effect_families"][0]["family"] == "pump"
    assert report["unread_effects"] == [
        {
            "shape": "~ gets +N/+N until end of turn and frobs.",
            "count": 1,
            "examples": ["Odd Bird"],
        }
    ]


def test_the_text_report_shows_effects_and_families(report):
    text = render_text(report)
    assert "effects read: 3 of 4 (75.0%)" in text
    assert "cards fully read (every ability modeled, every effect read): 2 (50.0%)" in text
    families = text.split("effect families")[1]
    assert families.index("pump") < families.index("damage")


def test_without_effects_the_report_is_todays():
    plain = measure(CARDS, effects=False).as_dict()
    assert "effects_read_percent" not in plain and plain["fully_modeled"] == 3


def triggered(text: str, name: str = "Test Card", types: tuple[str, ...] = ("Creature",)):
    return [w for k, w in effect_texts(name, text, types) if k == "triggered"]


@pytest.mark.parametrize(
    ("text", "effect"),
    [
        # the trigger reader's own split, the intervening "if" left out (CR 603.4)
        (
            "At the beginning of your upkeep, if you control no lands, you lose 2 life.",
            "You lose 2 life.",
        ),
        # a condition listing kinds: the effect begins after the last comma of the list
        (
            "Whenever another creature, artifact, or enchantment enters, you gain 1 life.",
            "You gain 1 life.",
        ),
        # an ability word before the trigger (207.2c)
        (
            "Landfall — Whenever a land you control enters, this creature gets +2/+2 until "
            "end of turn.",
            "This creature gets +2/+2 until end of turn.",
        ),
        # a name with a comma names the card, not the condition's end
        (
            "Whenever Bar, the Tester attacks, up to one target creature gets -1/-1 until "
            "end of turn.",
            "Up to one target creature gets -1/-1 until end of turn.",
        ),
        # a chapter ability is a triggered ability: its effect follows its numbers (714.2b)
        ("II, III — Draw a card.", "Draw a card."),
    ],
)
def test_a_triggered_abilitys_effect_is_the_words_after_its_condition(text, effect):
    assert triggered(text, "Bar, the Tester") == [effect]


def test_a_trigger_whose_end_cant_be_told_keeps_its_whole_paragraph():
    """No comma is followed by an effect's first word: the whole paragraph is the effect,
    which no reading reads, so it counts as not read (never a guessed split)."""
    text = "Whenever a Cat, Dog, or Ferret enters, frobnicate."
    assert triggered(text) == [text]


def test_keywords_and_static_abilities_have_no_effect_text():
    lines = parse_lines("Flying\nCreatures you control get +1/+1.", ("Flying",), ("Creature",), "X")
    assert [ability_effect(line, a[0], "X") for line, a in lines] == [None, None]


def test_every_face_of_a_card_counts_and_one_unread_face_leaves_it_unread():
    """A card of two faces (an instant and a sorcery, CR 709.1): both spell abilities are
    counted, each read with its own face's name; the card is fully read only if both are."""
    faces = [
        {
            "name": "Left Half",
            "text": "Left Half deals 2 damage to any target.",
            "types": ["Instant"],
        },
        {"name": "Right Half", "text": "Frob the widget.", "types": ["Sorcery"]},
    ]
    report = measure([("Left Half // Right Half", faces)]).as_dict()
    assert report["effects_by_kind"]["spell"] == {"abilities": 2, "read": 1, "percent": 50.0}
    assert (report["cards_effects_read"], report["cards_fully_read"]) == (0, 0)
    assert report["unread_effects"][0]["examples"] == ["Left Half // Right Half"]
