"""A legendary card's shortened name in its own effect text (CR 201.5c;
cards/oracle/short_names.py): real Oracle text read from the corpus (skipped when absent)
and texts written here.

The guards fail on a misreading: another card's or token's name that begins with the same
word ("Nissa's Chosen", "Tuktuk the Returned", "Mechtitan, a legendary ..."), a subtype a
legendary card is named after ("Sliver Overlord": its "Sliver" is every Sliver), an
imperative verb or a mode's name in a nonlegendary card's name, taken for the card."""

from __future__ import annotations

import re

from mtgrules.cards.effects import SELF, Amount, DealDamage, PutCounters, Regenerate, Subject
from mtgrules.cards.oracle.costs import self_pattern
from mtgrules.cards.oracle.effects import read_effect
from mtgrules.cards.oracle.short_names import mark_short, short_form, short_spans
from mtgrules.cards.readings import reading_key
from tests.test_oracle_effects import effect_of


def card(corpus, name: str, kind: str, n: int = 0):
    return read_effect(effect_of(corpus, name, kind, n), name, kind)


def test_a_legendary_card_called_by_its_shortened_name(corpus):
    """Hazoret the Fervent deals the damage itself; Zurgo Helmsmasher's counter goes on
    Zurgo; Eron the Relentless regenerates itself."""
    (deal,) = card(corpus, "Hazoret the Fervent", "activated").steps
    assert deal == DealDamage(Amount(2), Subject("each_opponent"), SELF)
    (put,) = card(corpus, "Zurgo Helmsmasher", "triggered").steps
    assert isinstance(put, PutCounters) and put.what == SELF and put.kind == "+1/+1"
    assert card(corpus, "Eron the Relentless", "activated").steps == (Regenerate(SELF),)


def test_the_forms_a_name_gives():
    assert short_form("Hazoret the Fervent") == "Hazoret"
    assert short_form("Tor Wauki the Younger") == "Tor Wauki"
    assert short_form("Karlov of the Ghost Council") == "Karlov"
    assert short_form("Zurgo Helmsmasher") == "Zurgo"
    assert short_form("Ajani Vengeant") == "Ajani"  # a planeswalker type, its own name
    # a creature type names the type's creatures; a comma's name is self_pattern's
    assert short_form("Sliver Overlord") == short_form("Gates Ablaze") == ""
    assert short_form("Urza, Lord High Artificer") == ""
    assert short_form("Return to the Ranks") == short_form("Search for Tomorrow") == ""


def test_another_name_with_the_same_first_word_is_not_the_card():
    cases = {
        "Nissa Revane": "Search your library for a card named Nissa's Chosen.",
        "Tuktuk the Explorer": "Create Tuktuk the Returned, a legendary 5/5 colorless token.",
        "Mechtitan Core": "Create Mechtitan, a legendary 10/10 Construct artifact token.",
        "Hanweir Battlements": "Exile them, then meld them into Hanweir, the Writhing Township.",
        "Gideon of the Trials": "You control a Gideon planeswalker.",
        "Growth Charm": "Choose one —\n• Rampant Growth\n• Giant Growth",
        "Fire Magic": "Tiered\n• Fire — {0} — SELF deals 1 damage to each creature.",
        "Manifest Dread": "Manifest dread.",
        "Mitotic Ultimus": "Conjure two cards named Mitotic Slime onto the battlefield.",
        "Surprise Party": 'Yell "Surprise!" and draw a card.',
    }
    for name, text in cases.items():
        assert short_spans(text, name) == [], name


def test_the_places_that_are_the_card():
    hivis = "while you control Hivis and Hivis remains tapped."
    assert (
        mark_short(hivis, "Hivis of the Scale") == "while you control SELF and SELF remains tapped."
    )
    assert mark_short("Exile Mangara and target permanent.", "Mangara of Corondor") == (
        "Exile SELF and target permanent."
    )
    assert mark_short("Copy it if its mana value is at most Loki's power.", "Loki Laufeyson") == (
        "Copy it if its mana value is at most SELF's power."
    )


def test_a_reading_by_the_shortened_name_is_kept_under_the_cards_name():
    """The stored reading's key names the card when its words do (cards/readings.py): a
    reading by "Hazoret" is never shared with a card whose "Hazoret" is another's."""
    key = reading_key("Hazoret deals 2 damage to each opponent", "Hazoret the Fervent", "activated")
    assert "Hazoret the Fervent" in key


def test_no_nonlegendary_card_of_the_corpus_is_called_by_a_shortened_name(corpus):
    """Every place the reader would take for a shortened name is on a legendary card."""
    found = []
    for name, record in corpus.items():
        if "Legendary" in (record.get("supertypes") or ()) or not short_form(name):
            continue
        text = re.sub(r"\([^()]*\)", "", record.get("text") or "")  # reminder text
        if short_spans(self_pattern(name).sub("SELF", text), name):
            found.append(name)
    assert found == []
