"""Conditional instructions in the effect reader and the play-out (docs/effects.md,
"Conditions"): "If [condition], ...", "Then if ...", "Otherwise, ...", "When you do, ...".
What a wrong reader or play-out gets wrong. The sentences are the project's own, of the
corpus's shapes; real cards are read from the corpus at test time.
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from mtgrules.cards.effect_codec import dumps, loads
from mtgrules.cards.effects import YOU, Amount, Draw, GainLife, May, Script, Subject
from mtgrules.cards.effects_conditions import (
    CardsInGraveyard,
    HasCounters,
    If,
    IsKind,
    Kicked,
    OnBoard,
    WhenYouDo,
    XAtLeast,
    YourTurn,
)
from mtgrules.cards.oracle.effects import read_effect
from mtgrules.rules import Unsupported
from mtgrules.rules.effects.resolution import HANDLERS, carry_out
from tests.test_oracle_effects import effect_of


def own(text: str, kind: str = "spell") -> Script:
    return read_effect(text, "Test Card", kind)


def test_if_you_control_reads_the_static_conditions_words():
    """The board condition is the static abilities' own reading (a group you control, at
    least N), and only the instructions after the comma depend on it."""
    script = own("You gain 2 life. If you control a Goblin, draw a card.")
    assert script.complete
    gain, cond = script.steps
    assert isinstance(gain, GainLife)
    assert isinstance(cond, If) and isinstance(cond.condition, OnBoard)
    board = cond.condition.condition
    assert board.kind == "control" and board.at_least == 1 and board.group.noun == "Goblin"
    assert board.group.whose == "you"
    assert cond.then.steps == (Draw(YOU, cond.then.steps[0].amount),)
    many = own("Then if you control four or more artifacts, draw a card.").steps[0]
    assert many.condition.condition.at_least == 4


def test_a_condition_not_read_exactly_leaves_the_sentence_unread():
    """ "fewer than two creatures", "a creature with power 4 or greater", an "instead" with
    nothing before it to replace and an "if" that would replace an event are not read: never
    a sentence read in part or as another (an "instead" after the instruction it replaces is
    read: tests/test_oracle_effects_instead.py; "you control no creatures" is read since
    round 5: tests/test_oracle_effects_if_conditions.py)."""
    for text in (
        "If you control fewer than two creatures, draw a card.",
        "If you control a creature with power 4 or greater, draw a card.",
        "If it's your turn, you gain 3 life instead.",
    ):
        assert not own(text).complete, text


def test_a_spells_other_group_under_a_condition_is_unread():
    """ "Create X tokens. If X is 5 or more, destroy all other creatures." means other than
    the tokens; "other" than the source (an instant or sorcery, no permanent, 110.4) would
    destroy them too: unread (it was read so before this guard)."""
    text = "Create X 1/1 green Elf creature tokens. If X is 4 or more, exile all other creatures."
    assert not own(text).complete
    assert own("Create a Food token. If X is 4 or more, exile all creatures.").complete


def test_kicked_only_in_a_spell():
    """Whether "this spell" was kicked is the spell's own (702.33d); in a triggered ability
    it isn't read."""
    (step,) = own("If this spell was kicked, draw a card.").steps
    assert step.condition == Kicked()
    assert not own("If this spell was kicked, draw a card.", "triggered").complete


def test_x_is_announced_only_where_it_is():
    """X is announced for a spell or an activated ability (107.3a), not a trigger's."""
    assert own("If X is 5 or more, draw a card.").steps[0].condition == XAtLeast(5)
    assert not own("If X is 5 or more, draw a card.", "triggered").complete


def test_a_conditions_it_is_the_object_named_before_not_what_follows():
    """ "It" in the condition is the card revealed, bound before the instructions after the
    comma, never the token they create (a transformer binding pronouns right to left would
    name the token)."""
    script = own(
        "Reveal the top card of your library. If it's a creature card, create a 1/1 green "
        "Elf creature token."
    )
    assert script.complete
    cond = script.steps[-1]
    assert cond.condition == IsKind(Subject("top_cards"), types=("Creature",), card=True)
    (kind,) = own("Untap target creature. If it's an artifact creature, draw a card.").steps[1:]
    assert kind.condition.types == ("Artifact", "Creature") and not kind.condition.card
    assert kind.condition.what == Subject("target", index=0)
    # nothing named before: "it" is not the spell
    assert not own("If it's a creature card, draw a card.").complete


def test_otherwise_completes_only_an_if():
    """ "Otherwise" is the other branch of the "If" sentence just before it, and of nothing
    else (a "may" or a plain instruction is not a condition)."""
    script = own("If it's your turn, you gain 4 life. Otherwise, draw a card.")
    (cond,) = script.steps
    assert cond.condition == YourTurn() and cond.otherwise is not None
    assert isinstance(cond.otherwise.steps[0], Draw)
    assert not own("You gain 4 life. Otherwise, draw a card.").complete
    assert not own("You may draw a card. Otherwise, you gain 2 life.").complete
    twice = own("If it's your turn, draw a card. Otherwise, scry 1. Otherwise, scry 2.")
    assert not twice.complete


def test_an_unread_otherwise_makes_the_script_incomplete():
    """Script.complete looks inside "otherwise" too: an If whose other branch holds unread
    words is not read whole (before, only ``then`` was looked into)."""
    step = If(YourTurn(), Script((Draw(YOU, Amount(1)),)), otherwise=Script(unread="some words"))
    assert not Script((step,)).complete
    assert (
        "life"
        in Script((If(YourTurn(), Script(), Script((GainLife(YOU, Amount(1)),))),)).families()
    )


def test_when_you_do_only_after_you_may():
    """The reflexive trigger (603.12) follows an optional action: it joins the "may", so it
    triggers only if the action is taken; after anything else it is unread."""
    (may,) = own("You may discard a card. When you do, draw two cards.").steps
    assert isinstance(may, May) and isinstance(may.then.steps[-1], WhenYouDo)
    assert not own("Discard a card. When you do, draw two cards.").complete


def test_ability_word_and_counters_and_graveyard():
    """An ability word has no rules meaning (207.2c); counters on the object named before
    (122.1) and instant and sorcery cards in your graveyard are read as counted."""
    (step,) = own(
        "Spell mastery — If there are two or more instant and/or sorcery cards in your "
        "graveyard, draw a card."
    ).steps
    assert step.condition == CardsInGraveyard(2, ("Instant", "Sorcery"))
    counters = own(
        "Put a +1/+1 counter on target creature. Then if it has three or more +1/+1 counters "
        "on it, draw a card."
    ).steps[1]
    assert counters.condition == HasCounters(Subject("target", index=0), "+1/+1", at_least=3)


def test_readings_round_trip():
    for text in (
        "If it's your turn, you gain 4 life. Otherwise, draw a card.",
        "You may discard a card. When you do, draw two cards.",
        "You gain 2 life. If you control a Goblin, draw a card.",
    ):
        script = own(text)
        assert loads(dumps(script)) == script


def test_the_corpus_reads_the_conditions_it_should(corpus):
    """Real cards, from the corpus at test time: a kicked spell's draw and a trigger's
    counters on what its event named."""
    kicked = read_effect(effect_of(corpus, "Into the Roil", "spell"), "Into the Roil", "spell")
    assert kicked.complete and kicked.steps[-1].condition == Kicked()
    words = effect_of(corpus, "Scroll of Avacyn", "activated")
    scroll = read_effect(words, "Scroll of Avacyn", "activated")
    assert scroll.complete and scroll.steps[-1].condition.condition.group.noun == "Angel"


def _ctx(**kw):
    source = SimpleNamespace(label="Test Card", controller="Alice", oid="s")
    return SimpleNamespace(source=source, controller="Alice", lines=[], **kw)


def test_play_out_refuses_what_it_cant_decide():
    """Kicked and a card's kind are refused naming the instruction; so is X not announced;
    a reflexive trigger has no handler (refused by carry_out, naming it)."""
    state = SimpleNamespace(active_player="Alice")
    for cond in (Kicked(), IsKind(Subject("target"), types=("Land",), card=True)):
        with pytest.raises(Unsupported, match=r"Test Card.s instruction"):
            HANDLERS[If](state, If(cond, Script((Draw(YOU, Amount(1)),))), _ctx(x=None))
    with pytest.raises(Unsupported, match="X was not announced"):
        HANDLERS[If](state, If(XAtLeast(2), Script((Draw(YOU, Amount(1)),))), _ctx(x=None))
    assert WhenYouDo not in HANDLERS
    with pytest.raises(Unsupported, match="when you do"):
        carry_out(state, Script((WhenYouDo(Script((Draw(YOU, Amount(1)),))),)), _ctx())
