"""The Oracle effect reader's fifth-round keyword actions (cards/oracle/effects_kwactions.py;
docs/effects.md, "Keyword actions"): real Oracle text read from the corpus
(../shared/data/cards, skipped when absent) and texts written here.

The guards fail on a misreading: earthbend or support read as targeting nothing (a spell
castable with no land, CR 701.66a, 601.2c) or support's "other" on a spell, a target chosen
by a delayed trigger read as the spell's (603.7), a pronoun after earthbend bound to its
unnamed target or to what was named before, "If you win" read anywhere but right after a
clash (701.30b), a repeated action done once, and any of these carried out by a play-out
that has no rule for them."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest

from mtgrules.cards.effects import (
    SELF,
    YOU,
    Amount,
    Draw,
    May,
    PutCounters,
    Script,
    Subject,
)
from mtgrules.cards.effects_actions import KeywordAction, RepeatAction
from mtgrules.cards.effects_conditions import If, WonClash
from mtgrules.cards.oracle.effects import read_effect
from mtgrules.cards.oracle.targets import read_targets
from mtgrules.cards.targets import TargetSpec
from mtgrules.rules import Unsupported
from tests.test_oracle_effects import T, effect_of


def card(corpus, name: str, kind: str) -> Script:
    return read_effect(effect_of(corpus, name, kind), name, kind)


def own(text: str, kind: str = "spell") -> Script:
    return read_effect(text, "Test Card", kind)


LAND_YOU_CONTROL = TargetSpec(("land",), controller="you", implied="earthbend")


# -- earthbend and support: targets their words don't say (CR 701.66a, 701.41a) ----------


def test_earthbend_targets_a_land_you_control(corpus):
    """Earthbending Lesson: one target, a land its caster controls (701.66a), never "no
    target" (601.2c); the effect is the action on that target with its number."""
    text = effect_of(corpus, "Earthbending Lesson", "spell")
    assert read_targets(text, spell=True).specs == (LAND_YOU_CONTROL,)
    assert card(corpus, "Earthbending Lesson", "spell").steps == (
        KeywordAction("earthbend", what=T(0), amount=Amount(4)),
    )


def test_two_earthbends_are_two_targets_in_order(corpus):
    """Cracked Earth Technique: each earthbend has its own target (115.3), the second one
    index 1."""
    text = effect_of(corpus, "Cracked Earth Technique", "spell")
    assert read_targets(text, spell=True).specs == (LAND_YOU_CONTROL, LAND_YOU_CONTROL)
    first, second, _life = card(corpus, "Cracked Earth Technique", "spell").steps
    assert (first.what, second.what) == (T(0), T(1))


def test_support_on_a_spell_and_on_a_permanent(corpus):
    """Support N: up to N target creatures on an instant or sorcery, up to N *other* target
    creatures on a permanent (701.41a); "up to": zero targets is legal (115.6)."""
    spell = read_targets(effect_of(corpus, "Lead by Example", "spell"), spell=True).specs
    assert spell == (TargetSpec(("creature",), minimum=0, maximum=2, implied="support"),)
    permanent = read_targets(effect_of(corpus, "Relief Captain", "triggered"), spell=False)
    assert permanent.specs == (
        TargetSpec(("creature",), qualifiers=("other",), minimum=0, maximum=3, implied="support"),
    )
    assert card(corpus, "Relief Captain", "triggered").steps == (
        KeywordAction("support", what=T(0), amount=Amount(3)),
    )


def test_support_whose_context_is_unknown_is_not_read():
    """Whether "other" applies depends on what the words are on (701.41a): unknown, the
    target is unreadable and never "no target"."""
    read = read_targets("Support 2.")
    assert read is not None and not read.read


@pytest.mark.parametrize(
    "text",
    [
        "Choose target creature. When that creature dies this turn, you earthbend 2.",
        "Draw a card. At the beginning of the next end step, earthbend 1.",
        "Tap target creature, then earthbend 2.",
        "Creatures with earthbend 2 get +1/+1.",
    ],
)
def test_earthbend_whose_target_is_not_the_spells_stays_unread(text):
    """A delayed trigger's target is chosen when it triggers (603.7), another target word
    beside it leaves the order unsure, and words before it other than an instruction's
    start may not be the action: its target is unreadable, and the effect unread."""
    read = read_targets(text, spell=True)
    assert read is not None and not read.read
    assert own(text).unread


def test_a_pronoun_after_earthbend_is_never_bound():
    """No word names earthbend's target: "that land", "it" or "that creature's power" after
    it is left unread, never bound to the land, to the object named before, or to the
    trigger's event."""
    assert own("Earthbend 8, then untap that land.", "triggered").unread
    assert own("Earthbend X, where X is that creature's power.", "triggered").unread
    script = own("Put a +1/+1 counter on this creature, then earthbend 2. Untap it.", "activated")
    assert script.unread == "Untap it."
    assert script.steps[-1] == KeywordAction("earthbend", what=T(0), amount=Amount(2))


# -- the other keyword actions ---------------------------------------------------------------


def test_clash_then_if_you_win(corpus):
    """Oaken Brawler: the clash (701.30b), then the counter only if its controller won it
    (701.30d), never unconditionally."""
    assert card(corpus, "Oaken Brawler", "triggered").steps == (
        KeywordAction("clash with an opponent"),
        If(WonClash(), Script((PutCounters(SELF, "+1/+1", Amount(1)),))),
    )


def test_if_you_win_only_right_after_a_clash():
    """ "If you win" after anything but the clash itself says nothing read: unread."""
    script = own("Clash with an opponent. Draw a card. If you win, draw a card.")
    assert script.unread == "If you win, draw a card."
    assert own("If you win, draw a card.").unread


def test_that_player_after_a_clash_is_not_read():
    """The opponent clashed with is named by no Subject: "that player" after a clash stays
    unread, never the trigger's player (701.30b)."""
    text = "Clash with an opponent. If you win, that player discards a card."
    assert own(text, "triggered").unread


def test_suspect_detain_and_convert_act_on_their_object(corpus):
    doubt = effect_of(corpus, "Reasonable Doubt", "spell", 1)  # after its counterspell
    assert read_effect(doubt, "Reasonable Doubt", "spell").steps == (
        KeywordAction("suspect", what=T(0)),
    )
    assert card(corpus, "Inaction Injunction", "spell").steps == (
        KeywordAction("detain", what=T(0)),
    )
    assert own("Convert SELF.", "triggered").steps == (KeywordAction("convert", what=SELF),)
    assert own("Suspect target player.").unread  # a player is never suspected (701.60b)


def test_blight_by_its_player_and_endure_by_its_permanent(corpus):
    assert card(corpus, "Champion of the Weird", "activated").steps == (
        KeywordAction("blight", who=T(0), amount=Amount(2)),
    )
    assert own("This creature endures 3.", "activated").steps == (
        KeywordAction("endure", what=SELF, amount=Amount(3)),
    )
    assert own("You endure 2.", "activated").unread  # a player doesn't endure (701.63a)


def test_optional_keyword_actions_and_if_you_do(corpus):
    may, _then = card(corpus, "Treetop Sentries", "triggered").steps
    assert may == May(Script((KeywordAction("forage"),)))
    assert own("You may collect evidence 6.", "triggered").steps == (
        May(Script((KeywordAction("collect evidence", amount=Amount(6)),))),
    )


def test_cloak_leaves_a_later_it_unread(corpus):
    """Cryptic Coat: "it" is the cloaked card, which no Subject names; never the trigger's
    own object (the Equipment)."""
    assert card(corpus, "Cryptic Coat", "triggered").unread
    assert own("Open an Attraction.", "triggered").steps == (KeywordAction("open an attraction"),)


def test_an_action_repeated_a_number_of_times(corpus):
    """A fixed number of times is that many actions (701.16a); a number the words define
    is one RepeatAction with it, never one action."""
    script = card(corpus, "Carnage Interpreter", "triggered")  # discards, then investigates
    assert script.steps[1:] == (KeywordAction("investigate"),) * 4
    script = own("Investigate X times, where X is the number of cards in your hand.", "activated")
    assert script.steps == (
        RepeatAction(KeywordAction("investigate"), Amount(count="hand_size", of=YOU)),
    )


def test_airbend_and_abandon(corpus):
    """Airbend acts on its objects (701.65a); a spell's "all other creatures" is other than
    what it named, never than the spell: unread. A scheme abandons itself (701.33b)."""
    assert card(corpus, "Airbending Lesson", "spell").steps[0] == KeywordAction(
        "airbend", what=T(0)
    )
    assert own("Airbend all other creatures.").unread
    assert own("Abandon this scheme.", "triggered").steps == (KeywordAction("abandon", what=SELF),)


def test_incubate_repeated_and_an_action_done_again(corpus):
    """Each incubate makes its own token (701.53a): "twice" is two, "X times" a
    RepeatAction, never one; "then it explores again" is a second explore (701.44a); "again"
    after another verb, or "twice" after adapt, stays unread."""
    assert (
        own("Incubate 2 twice.", "triggered").steps
        == (KeywordAction("incubate", amount=Amount(2)),) * 2
    )
    assert own("Incubate 3 X times.", "activated").steps == (
        RepeatAction(KeywordAction("incubate", amount=Amount(3)), Amount(x=True)),
    )
    explores = card(corpus, "Jadelight Ranger", "triggered").steps
    assert len(explores) == 2 and all(s.name == "explore" for s in explores)
    assert own("Adapt 2 twice.", "activated").unread
    assert own("Draw a card again.").unread
    assert own("Planeswalk.", "triggered").steps == (KeywordAction("planeswalk"),)
    assert own("Planeswalk to Tazeem.", "triggered").unread


def test_another_players_manifest_dread(corpus):
    assert card(corpus, "Unwanted Remake", "spell").steps[-1] == KeywordAction(
        "manifest dread", who=Subject("its_controller", index=0)
    )


# -- the play-out ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "step",
    [
        KeywordAction("earthbend", what=T(0), amount=Amount(2)),
        KeywordAction("support", what=T(0), amount=Amount(2)),
        KeywordAction("clash with an opponent"),
        If(WonClash(), Script((Draw(YOU, Amount(1)),))),
        RepeatAction(KeywordAction("investigate"), Amount(x=True)),
        KeywordAction("blight", amount=Amount(1)),
    ],
)
def test_the_playout_refuses_them_naming_the_instruction(step):
    """Nothing carries them out yet: carry_out refuses each, naming the instruction (a
    repeated investigate is never one investigate, "If you win" never decided)."""
    from mtgrules.rules.effects.resolution import carry_out

    ctx = SimpleNamespace(source=SimpleNamespace(label="Test Card"), controller="Alice")
    with pytest.raises(Unsupported, match=re.escape(step.render())):
        carry_out(None, Script((step,)), ctx)
