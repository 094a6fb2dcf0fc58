"""The Oracle effect reader's casting and playing permissions (cards/oracle/cast_permissions.py;
docs/effects.md, "Casting and playing permissions"): real Oracle text read from the corpus
(../shared/data/cards, skipped when absent) and sentences written here.

The guards fail on a misreading: a permission for the turn read as a card cast now (or not
read at all), a permission lasting longer or shorter than its words, every card played where
only one may be, "those cards" bound to cards other than the ones just exiled, a card cast
now that isn't the one card just taken, and more lands than the words allow."""

from __future__ import annotations

from mtgrules.cards.effects import YOU, May, Script
from mtgrules.cards.effects_actions import AdditionalLand
from mtgrules.cards.effects_casting import NextSpellHas, SpellsCostLess
from mtgrules.cards.effects_choices import IfYouDont
from mtgrules.cards.effects_game import CastCard
from mtgrules.cards.effects_library import CHOSEN_CARD, TOP_CARDS, CardKinds, MayPlay
from mtgrules.cards.oracle.effects import read_effect
from mtgrules.cards.oracle.effects_moves import EXILED_WITH
from tests.test_oracle_effects import effect_of


def own(text: str, kind: str = "triggered", name: str = "Test Card") -> Script:
    return read_effect(text, name, kind)


def real(corpus: dict, name: str, kind: str = "triggered", words: str = "") -> Script:
    """The card's first effect of ``kind`` with ``words`` in it."""
    n = 0
    while words not in (text := effect_of(corpus, name, kind, n)):
        n += 1
    return read_effect(text, name, kind)


def test_until_end_of_turn_cast_that_card_free_is_a_permission(corpus):
    """CR 611.2a, 118.9: "Until end of turn, you may cast that card without paying its mana
    cost" lets the card be cast for the rest of the turn; it is not a card cast now (the
    same words parse as a leading duration over "you may cast that card ...", which left
    the sentence unread)."""
    for name, kind in (("Stolen Goods", "spell"), ("Nicol Bolas, God-Pharaoh", "activated")):
        script = real(corpus, name, kind, "you may cast that card")
        assert script.complete, name
        assert script.steps[-1] == MayPlay(CHOSEN_CARD, "end_of_turn", cast=True, free=True)


def test_a_permission_until_your_next_end_step_said_after_the_card(corpus):
    """CR 611.2a, 513.1: the permission lasts until your next end step begins."""
    script = real(corpus, "Inti, Seneschal of the Sun", "triggered", "end step")
    assert script.complete
    assert script.steps[-1] == MayPlay(TOP_CARDS, "your_next_end_step")
    script = real(corpus, "Haste Magic", "spell")
    assert script.complete and script.steps[-1] == MayPlay(TOP_CARDS, "your_next_end_step")
    # nothing named before: no card to play
    assert not own("You may play that card until your next end step.").complete


def test_one_of_the_exiled_cards(corpus):
    """CR 611.2a: only one of the cards just exiled may be played."""
    script = real(corpus, "A-Visions of Phyrexia")
    assert script.complete
    assert script.steps[-1] == MayPlay(TOP_CARDS, "end_of_turn", one=True)
    script = real(corpus, "Unlucky Witness")
    assert script.complete
    assert script.steps[-1] == MayPlay(TOP_CARDS, "your_next_end_step", one=True)
    script = real(corpus, "Fire Lord Ozai", "activated", "one of those")
    assert script.complete
    assert script.steps[-1] == MayPlay(TOP_CARDS, "end_of_turn", free=True, one=True)
    # Flameskull exiles itself and the top card: "those cards" are both, not the top card
    assert not real(corpus, "Flameskull").complete
    assert not own(
        "Exile target creature. Exile the top two cards of your library. "
        "You may play one of those cards this turn."
    ).complete
    # one card, paid for with "their mana costs": the words don't agree
    assert not own(
        "Exile the top two cards of your library. Until end of turn, you may play one of "
        "those cards without paying their mana costs."
    ).complete


def test_that_card_cast_now_its_mana_cost_paid(corpus):
    """CR 608.2g, 601.2: "You may cast that card." with no duration is a card cast as the
    effect resolves, paying its costs; "If you don't" is what happens otherwise."""
    script = real(corpus, "Chandra, Torch of Defiance", "activated", "cast that card")
    assert script.complete
    assert script.steps[1] == May(Script((CastCard(TOP_CARDS),)))
    assert isinstance(script.steps[2], IfYouDont)
    script = real(corpus, "Vaan, Street Thief", "triggered", "You may cast it")
    assert script.complete and script.steps[1] == May(Script((CastCard(TOP_CARDS),)))
    # "that card" must be the one card just taken: two cards, or nothing named, unread
    assert not own("Exile the top two cards of your library. You may cast that card.").complete
    assert not own("You may cast that card.").complete


def test_more_than_one_additional_land(corpus):
    """CR 305.2: "up to three additional lands" raises the number of lands that player can
    play this turn by three."""
    script = real(corpus, "Summer Bloom", "spell")
    assert script.steps == (AdditionalLand(YOU, 3),)
    assert own("You may play two additional lands this turn.").steps == (AdditionalLand(YOU, 2),)
    assert own("You may play an additional land this turn.").steps == (AdditionalLand(YOU),)


def test_spells_you_cast_this_turn_cost_less(corpus):
    """CR 601.2f, 118.7a, 611.2a: a reduction of generic mana for the spells of the kinds
    said that the controller casts this turn, or only the next one."""
    script = real(corpus, "Hardened Berserker", "triggered", "next spell")
    assert script.steps == (SpellsCostLess(1, CardKinds(), next=True),)
    script = real(corpus, "Spellbinding Soprano", "triggered", "cost {1} less")
    # "instant and sorcery spells": each instant spell and each sorcery spell, not spells
    # that are both
    assert script.steps == (SpellsCostLess(1, CardKinds(any_types=("Instant", "Sorcery"))),)
    script = real(corpus, "Urza, Planeswalker", "activated", "cost {2} less")
    assert script.complete
    kinds = CardKinds(any_types=("Artifact", "Instant", "Sorcery"))
    assert script.steps[0] == SpellsCostLess(2, kinds)
    # "artifact creature spells": spells that are both
    (less,) = own("Artifact creature spells you cast this turn cost {1} less to cast.").steps
    assert less == SpellsCostLess(1, CardKinds(types=("Artifact", "Creature")))
    # other players' spells, a subtype, a count, an amount defined later: unread
    for words in (
        "Spells your opponents cast this turn cost {1} less to cast.",
        "The next Giant spell you cast this turn costs {2} less to cast.",
        "The next spell you cast this turn costs {1} less to cast for each counter on it.",
        "The next instant spell you cast this turn costs {X} less to cast, where X is 2.",
    ):
        assert not own(words).complete, words


def test_the_next_spell_has_a_keyword(corpus):
    """CR 611.2f, 601.2a: the keyword is the next spell's (of the kinds said) from the time
    it is put on the stack."""
    script = real(corpus, "Wand of the Worldsoul", "activated", "convoke")
    assert script.steps == (NextSpellHas("convoke"),)
    script = real(corpus, "Crackling Spellslinger", "triggered", "storm")
    kinds = CardKinds(any_types=("Instant", "Sorcery"))
    assert script.steps == (NextSpellHas("storm", kinds),)
    script = real(corpus, "Dark Apostle", "activated", "cascade")
    assert script.steps == (NextSpellHas("cascade", CardKinds(not_types=("Creature",))),)
    # a keyword outside the list (one that works on the battlefield), or more after it
    assert not own("The next creature spell you cast this turn has flying.").complete
    assert not own("The next spell you cast this turn has cascade and you may scry 1.").complete


def test_the_card_a_linked_ability_exiled_cast_now(corpus):
    """CR 607.2a, 608.2g, 118.9: "the exiled card" in a triggered ability's first words is
    the card its linked ability exiled, cast now without paying its mana cost."""
    script = real(corpus, "Smirking Spelljacker", "triggered", "exiled card")
    assert script.steps == (May(Script((CastCard(EXILED_WITH, free=True),))),)
    script = real(corpus, "Smuggler's Buggy", "triggered", "exiled card")
    assert script.complete and script.steps[0] == May(Script((CastCard(EXILED_WITH, free=True),)))
    # after a sentence that exiled a card, "the exiled card" may be that one: unread; and
    # a spell has no linked ability exiling a card before it resolves
    words = "Exile target card from a graveyard. You may cast the exiled card without paying "
    assert not own(words + "its mana cost.").complete
    assert not own("You may cast the exiled card without paying its mana cost.", "spell").complete
