"""Sentence frames in the effect reader (docs/effects.md, "Sentence frames"): a triggered
ability's "triggers only once each turn" (CR 603.2h), coin flips and their results (705.1,
705.2), mana kept as steps and phases end (500.5, 106.4). What a wrong reader gets wrong; the
sentences are the project's own, of the corpus's shapes. The play-out's refusals are cases
(cases/playout-triggers/trigger-limit-once-each-turn-refused.yaml,
cases/playout-resolution/flip-a-coin-refused.yaml).
"""

from __future__ import annotations

import re

import pytest

from mtgrules.cards.effect_codec import dumps, loads
from mtgrules.cards.effects import YOU, Draw, LoseLife, Script
from mtgrules.cards.effects_frames import FlipCoin, ForEachPlayer, KeepMana, RollDie
from mtgrules.cards.oracle.effects import read_effect
from mtgrules.rules import Unsupported
from mtgrules.rules.effects.guards import refuse_unfollowed

LIMIT = "This ability triggers only once each turn."


def own(text: str, kind: str = "spell") -> Script:
    return read_effect(text, "Test Card", kind)


def test_trigger_limit_is_recorded_with_the_trigger_not_as_an_instruction() -> None:
    script = own(f"Draw a card. {LIMIT}", "triggered")
    assert script.complete
    assert script.trigger_limit == "once_each_turn"
    assert [type(s) for s in script.steps] == [Draw]
    # before the effect's other words too
    assert own(f"{LIMIT} Draw a card.", "triggered") == script
    assert "only once each turn" in script.render()


@pytest.mark.parametrize(
    ("sentence", "limit"),
    [
        ("This ability triggers only twice each turn.", "twice_each_turn"),
        ("This ability triggers only once.", "once"),
    ],
)
def test_other_trigger_limits(sentence: str, limit: str) -> None:
    assert own(f"Draw a card. {sentence}", "triggered").trigger_limit == limit


@pytest.mark.parametrize("kind", ["spell", "activated", ""])
def test_a_limit_outside_a_triggered_ability_is_unread(kind: str) -> None:
    script = own(f"Draw a card. {LIMIT}", kind)
    assert not script.complete and LIMIT in script.unread
    assert not script.trigger_limit


def test_a_trigger_limit_round_trips_and_is_refused_by_the_play_out() -> None:
    script = own(f"You lose 1 life. {LIMIT}", "triggered")
    assert loads(dumps(script)) == script
    with pytest.raises(Unsupported, match="triggers only once each turn"):
        refuse_unfollowed(script, "Test Card")
    refuse_unfollowed(own("You lose 1 life.", "triggered"), "Test Card")  # no limit: followed


def test_a_flip_and_its_results() -> None:
    script = own(
        "Flip a coin. If you win the flip, draw a card. If you lose the flip, you lose 2 life."
    )
    assert script.complete
    (flip,) = script.steps
    assert isinstance(flip, FlipCoin) and flip.who == YOU
    assert [type(s) for s in flip.then.steps] == [Draw]
    assert [type(s) for s in flip.otherwise.steps] == [LoseLife]
    assert loads(dumps(script)) == script
    assert "draw" in flip.render() and "lose" in flip.render()


def test_a_flip_with_only_a_losing_result() -> None:
    (flip,) = own("Flip a coin. If you lose the flip, draw a card.").steps
    assert isinstance(flip, FlipCoin)
    assert not flip.then.steps and [type(s) for s in flip.otherwise.steps] == [Draw]


@pytest.mark.parametrize(
    "text",
    [
        "If you win the flip, draw a card.",  # no flip before it
        "Draw a card. If you win the flip, draw a card.",
        "Flip a coin. If you win the flip, draw a card. If you win the flip, draw a card.",
        "Flip a coin. If you lose the flip, draw a card. If you win the flip, draw a card.",
        "Flip a coin until you lose a flip.",
        "Flip a coin. If you win the flip, draw a card. Flip a coin. If you lose the flip, "
        "draw a card. If you win the flip, you lose 1 life.",
    ],
)
def test_a_flip_result_out_of_place_is_unread(text: str) -> None:
    assert not own(text).complete


def _kept(corpus, until: str, steps: str) -> str:
    """A sentence of the corpus keeping mana "until end of <until>" as <steps> end, read at
    test time (the project keeps no Oracle text)."""
    for record in corpus.values():
        for sentence in re.split(r"(?<=\.)\s+", record.get("text") or ""):
            lower = sentence.lower()
            wanted = "lose this mana" in lower and f"until end of {until}," in lower
            if wanted and sentence.rstrip(".").endswith(f"as {steps} end"):
                return sentence
    pytest.skip(f"no corpus card keeps mana until end of {until}")


def test_mana_kept_until_end_of_turn(corpus) -> None:
    script = own("Add {R}{R}. " + _kept(corpus, "turn", "steps and phases"))
    assert script.complete
    assert script.steps[-1] == KeepMana(YOU, "end_of_turn")
    assert loads(dumps(script)) == script


def test_mana_kept_until_end_of_combat_as_steps_end(corpus) -> None:
    combat = _kept(corpus, "combat", "steps")
    script = own("Add {R}. " + combat)
    assert script.steps[-1] == KeepMana(YOU, "end_of_combat", steps_only=True)
    # "until end of combat" with phases ending too: no such shape, unread
    assert not own("Add {R}. " + combat.replace("as steps end", "as steps and phases end")).complete


def test_kept_mana_of_a_player_never_named_is_unread(corpus) -> None:
    kept = _kept(corpus, "turn", "steps and phases").replace("you don't", "they don't")
    script = own("Add {G}. " + kept)
    assert not script.complete
    assert "they don't lose" in script.unread


@pytest.mark.parametrize(
    ("text", "duration"),
    [
        (
            "Until end of turn, target creature gets +2/+0 and gains trample and haste.",
            "end_of_turn",
        ),
        ("Until end of turn, creatures you control get +1/+1 and gain vigilance.", "end_of_turn"),
        ("Until your next turn, up to one target creature gets -2/-0.", "your_next_turn"),
        ("Until your next turn, target creature gains indestructible.", "your_next_turn"),
        (
            "Until end of turn, SELF becomes a 3/3 Elemental creature and gains haste.",
            "end_of_turn",
        ),
    ],
)
def test_a_leading_duration_governs_every_instruction(text: str, duration: str) -> None:
    script = own(text, "activated")
    assert script.complete
    assert script.steps and all(s.duration == duration for s in script.steps)


@pytest.mark.parametrize(
    "text",
    [
        # an instruction the duration can't govern: which ones it does would be a guess
        "Until end of turn, target creature gains flying and you draw a card.",
        # each half a subject of its own: the duration's reach is not plain
        "Until end of turn, creatures you control get +1/+1 and creatures your opponents control get -1/-1.",
        # another frame in the body
        "Until your next turn, target creature gets +1/+1 for each creature you control.",
    ],
)
def test_a_leading_duration_of_unplain_reach_is_unread(text: str) -> None:
    assert not own(text, "activated").complete


def test_a_change_with_no_duration_beside_one_with_it_is_unread() -> None:
    """ "becomes a 4/4 Dragon creature and gains flying until end of turn": the duration is
    the whole sentence's (CR 611.2a); the change read as lasting for good would be wrong."""
    assert not own(
        "SELF becomes a 4/4 red Dragon creature and gains flying until end of turn."
    ).complete
    assert own("SELF becomes a 4/4 red Dragon creature until end of turn.").complete


def test_a_die_and_its_results() -> None:
    script = own("Roll a d20.\n1—9 | Draw a card.\n10—19 | Draw two cards.\n20 | You gain 5 life.")
    assert script.complete
    (roll,) = script.steps
    assert isinstance(roll, RollDie) and roll.sides == 20
    assert roll.ranges == ((1, 9), (10, 19), (20, 20))
    assert [m.steps[0].amount.fixed for m in roll.modes[:2]] == [1, 2]
    assert loads(dumps(script)) == script
    six = own("Roll a six-sided die.\n1—3 | Draw a card.\n4—6 | You gain 2 life.")
    assert six.complete and six.steps[0].sides == 6


@pytest.mark.parametrize(
    "text",
    [
        "Roll a d20.\n1—9 | Draw a card.\n11—20 | Draw two cards.",  # 10 has no line
        "Roll a d20.\n1—9 | Draw a card.\n10—19 | Draw two cards.",  # 20 has no line
        "Roll a d6.\n1—4 | Draw a card.\n3—6 | Draw two cards.",  # 3 and 4 twice
        "Roll a d20.\n1—9 | Draw a card.\n10—20 | Destroy target creature.",  # a line's target
        "Roll a d20 and add your speed.\n1—9 | Draw a card.\n10—20 | Draw two cards.",
    ],
)
def test_a_die_table_not_read_exactly_is_unread(text: str) -> None:
    assert not own(text).complete


def test_for_each_opponent_the_same_instructions() -> None:
    script = own("For each opponent, you create a 1/1 red Goblin creature token.")
    assert script.complete
    (each,) = script.steps
    assert isinstance(each, ForEachPlayer) and each.players.kind == "each_opponent"
    assert len(each.then.steps) == 1
    assert loads(dumps(script)) == script


@pytest.mark.parametrize(
    "text",
    [
        # words that depend on which opponent: not this frame
        "For each opponent, destroy up to one target creature that player controls.",
        "For each opponent, create a 1/1 red Goblin creature token tapped and attacking them.",
        "For each opponent, you draw a card and they lose 1 life.",
    ],
)
def test_for_each_opponent_naming_that_player_is_unread(text: str) -> None:
    assert not own(text).complete


def test_choose_target_names_the_target_for_the_pronouns_after_it() -> None:
    script = own("Choose target creature you control. It gets +2/+2 until end of turn.")
    assert script.complete
    (pump,) = script.steps
    assert pump.what.kind == "target" and pump.what.index == 0
    player = own("Choose target opponent. That player loses 3 life.")
    assert player.complete and player.steps[0].who.kind == "target"


def test_choose_two_targets_is_unread() -> None:
    assert not own("Choose target creature and target land. Draw a card.").complete
