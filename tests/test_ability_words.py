"""An ability mtgrules doesn't model, judged a mana ability from its own words (CR 605.1).

Each row is words a card could carry and what CR 605 says of them; a wrong reading
(a draw or a mill taken for "no card moved", a target missed, a static taken for an
activated ability) fails its row. ``None`` means the words don't settle it: refused.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from mtgrules.cards.define import card_from_data
from mtgrules.cards.oracle.paragraphs import unmodeled
from mtgrules.rules import Unsupported
from mtgrules.rules.activation.ability_words import criteria_from_words, settled_form

ROWS = [
    ("{T}: Add {G}.", True),
    ("{1}, {T}: Add {R}{R}. Activate only as a sorcery.", True),
    (
        "Grand Summon — {T}: Add one mana of any color. When you next cast a creature spell"
        " this turn, it gets +1/+1.",
        True,
    ),
    ("{T}: Add {C}. Tap target creature.", False),  # 605.5a
    ("{T}: Add {G}. Draw a card.", None),  # moves a card from a library: 605.1a
    ("{T}, Mill a card: Add {B}.", None),
    ("{T}: Add {U}. Scry 1.", None),
    ("{T}, Put a card from your hand on top of your library: Add {W}.", None),
    ("{T}: Each player adds {G}.", None),  # adds, but not as "Add ..."
    ("{T}: At the beginning of your next main phase, add {G}.", None),
    ('{T}: Creatures you control gain "{T}: Add {G}." until end of turn.', False),
    ("[+1]: Add {R}{R}.", False),  # a loyalty ability: 605.1a, 606.2
    ("Whenever a creature you control attacks, add {R}.", False),  # 605.5a
    ("Whenever this artifact becomes tapped, add {R}.", None),  # tapped by a mana ability?
    ("Whenever you tap a land for mana, add one mana of any type that land produced.", None),
    ("Whenever you activate an ability, add {C}.", None),
    ("I, II — Add {R}.", False),  # a chapter: lore counters, 714.2b
    ('Creatures you control have "{T}: Add {G}."', False),  # a static ability
    ("This artifact enters tapped.", False),
    ('Lands you control have "{T}: Add one mana of any color." (Reminder: {T}: x.)', False),
]


def _card(words: str, types: list[str] | None = None, imported: bool = True):
    """A card with one unmodeled ability; ``imported``: its words are the card's own."""
    card = card_from_data(
        {
            "name": "Worded Relic",
            "types": types or ["Artifact"],
            "abilities": [{"unmodeled": words}],
        },
        source="inline",
    )
    if imported:  # as the Oracle reader leaves a paragraph it can't read
        spell = bool({"Instant", "Sorcery"} & set(card.types))
        card = replace(card, abilities=(replace(unmodeled(words, spell), oracle=words),))
    return card


@pytest.mark.parametrize(("words", "verdict"), ROWS, ids=[w[:40] for w, _ in ROWS])
def test_the_words_settle_it_or_the_engine_refuses(words: str, verdict: bool | None) -> None:
    card = _card(words)
    (ability,) = card.abilities
    if verdict is None:
        with pytest.raises(Unsupported):
            criteria_from_words(ability, card)
        return
    found = criteria_from_words(ability, card)
    assert all(r.holds for r in found) is verdict


def test_an_instants_effect_is_never_a_mana_ability() -> None:
    card = _card("Add {R}{R}{R}.", ["Instant"])
    (reason,) = criteria_from_words(card.abilities[0], card)
    assert reason.holds is False and reason.rules == ("605.5b",)


@pytest.mark.parametrize(
    ("words", "settled"),
    [
        ("Its controller has no maximum hand size.", None),  # maybe a description: refused
        ("an activated ability in words the engine doesn't read", None),
        ("{T}: Add {G}.", "activated"),
        ("Whenever it attacks, add {R}.", "triggered"),
    ],
)
def test_a_cases_own_text_settles_the_form_only_where_the_form_shows(words, settled) -> None:
    card = _card(words, imported=False)
    assert settled_form(card.abilities[0], card) == settled
    if settled is None:
        with pytest.raises(Unsupported):
            criteria_from_words(card.abilities[0], card)
