"""The Oracle effect reader's values chosen as an effect resolves and used by its later words
(cards/oracle/named_choices.py, cards/effects_named.py; docs/effects.md, "Values chosen as it
resolves"): real Oracle text read from the corpus (../shared/data/cards, skipped when absent)
and texts written here.

The guards fail on a misreading: "the chosen type" bound to a choice the effect didn't make
(a permanent's, made as it entered, 607.2d), a group "that aren't of the chosen type" read as
the ones that are, "that color" after a creature type, a second choice taking the first's
place, and any of these carried out by a play-out that has no rule for them."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest

from mtgrules.cards.effects import YOU, Amount, Destroy, Draw, IfYouDo, May, Script, Subject
from mtgrules.cards.effects_conditions import WhenYouDo
from mtgrules.cards.effects_named import (
    CHOSEN_PLAYER,
    X_PAID,
    AddChosenColorMana,
    BecomesChosenValue,
    ChooseNewTargets,
    ChooseValue,
    PayManaX,
    ProtectionFromChosenValue,
    chosen_quality,
)
from mtgrules.cards.oracle.effects import read_effect
from mtgrules.cards.statics import Group
from mtgrules.rules import Unsupported
from tests.test_oracle_effects import T, effect_of


def card(corpus, name: str, kind: str) -> Script:
    return read_effect(effect_of(corpus, name, kind), name, kind)


def own(text: str, kind: str = "spell") -> Script:
    return read_effect(text, "Test Card", kind)


TYPE = chosen_quality("creature type")


def test_a_group_of_the_chosen_type_or_not(corpus):
    """Kindred Dominance destroys the creatures that AREN'T of the chosen type (every
    creature, any controller); Distant Melody counts your permanents that are."""
    choose, destroy = card(corpus, "Kindred Dominance", "spell").steps
    assert choose == ChooseValue("creature type")
    not_chosen = Group(whose="any", qualities=(chosen_quality("creature type", negated=True),))
    assert destroy == Destroy(Subject("each", group=not_chosen))
    choose, draw = card(corpus, "Distant Melody", "spell").steps
    assert choose == ChooseValue("creature type")
    mine = Group(noun="permanent", qualities=(TYPE,))
    assert draw == Draw(YOU, Amount(count="group", group=mine))
    # the quality is said after the noun, as the card says it
    assert "permanents you control of the chosen creature type" in draw.render()


def test_becomes_the_chosen_type(corpus):
    """Unnatural Selection: the chosen type may not be Wall; the target becomes that type
    (its other creature types replaced, 205.1a) until end of turn."""
    choose, becomes = card(corpus, "Unnatural Selection", "activated").steps
    assert choose == ChooseValue("creature type", other_than="Wall")
    assert becomes == BecomesChosenValue(T(0), "creature type", "end_of_turn")
    _, lands = card(corpus, "Terraformer", "activated").steps
    assert lands == BecomesChosenValue(
        Subject("each", group=Group(noun="land")), "basic land type", "end_of_turn"
    )


def test_protection_from_the_chosen_color(corpus):
    choose, protection = card(corpus, "Akroma's Blessing", "spell").steps
    assert choose == ChooseValue("color")
    assert protection == ProtectionFromChosenValue(Subject("each", group=Group()))


@pytest.mark.parametrize(
    "text",
    [
        # chosen as the permanent entered (its linked ability's choice, 607.2d): not this one
        "Creatures you control of the chosen type get +1/+1 until end of turn.",
        "Target creature becomes the chosen type until end of turn.",
        "Creatures you control gain protection from the chosen color until end of turn.",
        # a kind of value the effect didn't choose
        "Choose a creature type. Creatures of that color get -1/-1 until end of turn.",
        "Choose a color. Target creature becomes that type until end of turn.",
        "Choose a creature type. Creatures you control gain protection from that color until "
        "end of turn.",
        # words not read between the choice and its use: what they chose is unknown
        "Choose a creature type. Choose another creature type. Creatures of that type get "
        "-1/-1 until end of turn.",
        # a card type is no subtype an object becomes
        "Choose a card type. Target creature becomes that type until end of turn.",
    ],
)
def test_a_value_the_effect_did_not_choose_stays_unread(text):
    script = own(text)
    assert not script.complete
    assert all(
        not isinstance(s, BecomesChosenValue | ProtectionFromChosenValue) for s in script.steps
    )
    assert not any(TYPE in repr(s) or "chosen color" in repr(s) for s in script.steps)


def test_a_second_choice_is_not_read_as_the_first():
    script = own("Choose a color. Choose a creature type. Destroy all creatures of that type.")
    assert script.steps == (ChooseValue("color"),)
    assert "Choose a creature type." in script.unread
    assert "Destroy all creatures of that type." in script.unread


@pytest.mark.parametrize(
    "step",
    [
        ChooseValue("creature type"),
        ChooseNewTargets(T(0)),
        AddChosenColorMana(Amount(1)),
        BecomesChosenValue(T(0), "creature type", "end_of_turn"),
        ProtectionFromChosenValue(T(0)),
    ],
)
def test_the_playout_refuses_them_naming_the_instruction(step):
    """No handler: carry_out refuses each, naming it; the choice comes first in its effect,
    so nothing that uses it is done."""
    from mtgrules.rules.effects.resolution import carry_out

    ctx = SimpleNamespace(source=SimpleNamespace(label="Test Card"))
    with pytest.raises(Unsupported, match=re.escape(step.render())):
        carry_out(None, Script((step,)), ctx)


def test_a_group_with_the_chosen_quality_is_refused_where_checked():
    """Were a group of the chosen type ever checked, the check of a group's qualities
    refuses the quality it doesn't know (never a match, never a miss)."""
    from mtgrules.rules.layers.qualities import fits_quality

    with pytest.raises(Unsupported):
        fits_quality(None, None, TYPE)


# -- "You may pay {X}." and the X paid (CR 107.3f) -------------------------------------------


def test_the_x_paid_is_the_later_x(corpus):
    """Decree of Justice's cycling trigger: X chosen as it is paid (107.3f), the tokens'
    number that X, never an X announced (107.3a: none was)."""
    may, then = card(corpus, "Decree of Justice", "triggered").steps
    assert may == May(Script((PayManaX("{X}"),)))
    assert isinstance(then, IfYouDo)
    (create,) = then.then.steps
    assert create.amount == X_PAID
    # "+X/+0" with no "where X is" is the announced X unless rewritten: the X paid here
    _, pump = card(corpus, "Squealing Devil", "triggered").steps
    assert pump.then.steps[0].x_is == X_PAID


def test_the_x_paid_in_a_reflexive_trigger(corpus):
    """Wildborn Preserver (no target: read in one piece) and Tester of the Tangential (a
    target of its own: read apart, 603.12): the reflexive trigger's X is the X paid."""
    (may,) = card(corpus, "Wildborn Preserver", "triggered").steps
    pay, when = may.then.steps
    assert pay == PayManaX("{X}") and isinstance(when, WhenYouDo)
    assert when.then.steps[0].amount == X_PAID
    (may,) = card(corpus, "Tester of the Tangential", "triggered").steps
    pay, when = may.then.steps
    assert pay == PayManaX("{X}")
    assert when.then.steps[0].amount == X_PAID


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # a target's quality by X: the target reader's X is the announced one
        (
            "You may pay {X}. If you do, return target creature card with mana value X from "
            "your graveyard to the battlefield.",
            "triggered",
        ),
        (
            "You may pay {X}. When you do, destroy up to X target creatures.",
            "triggered",
        ),
        # a quality kept in words
        (
            "You may pay {X}. If you do, destroy each creature with mana value X or less.",
            "triggered",
        ),
        # an activated ability or a spell may have announced an X of its own
        ("You may pay {X}. If you do, draw X cards.", "activated"),
        ("You may pay {X}. If you do, draw X cards.", "spell"),
        # an X before the payment
        (
            "Put X +1/+1 counters on this creature. You may pay {X}. If you do, draw X cards.",
            "triggered",
        ),
        # another player's payment
        ("Target opponent may pay {X}. If they do, they draw X cards.", "triggered"),
    ],
)
def test_an_x_not_told_apart_from_the_x_paid_stays_unread(text, kind):
    script = own(text, kind)
    assert not script.complete
    assert "X_PAID" not in repr(script) and "x_paid" not in repr(script)


def test_the_playout_refuses_the_payment_and_the_x_paid():
    from mtgrules.rules.effects.context import amount_of
    from mtgrules.rules.effects.resolution import carry_out

    ctx = SimpleNamespace(source=SimpleNamespace(label="Test Card"), x=3)
    step = PayManaX("{X}")
    with pytest.raises(Unsupported, match=re.escape(step.render())):
        carry_out(None, Script((step,)), ctx)
    # an X paid is never the announced X (ctx.x)
    with pytest.raises(Unsupported):
        amount_of(None, X_PAID, ctx)


# -- new targets for a spell or ability on the stack (CR 115.7d) ------------------------------


def test_new_targets_for_a_target_spell(corpus):
    """Redirect: new targets for its target spell; Commandeer: for the spell it took
    control of ("it": that target)."""
    assert card(corpus, "Redirect", "spell").steps == (May(Script((ChooseNewTargets(T(0)),))),)
    _, may = card(corpus, "Commandeer", "spell").steps
    assert may == May(Script((ChooseNewTargets(T(0)),)))


@pytest.mark.parametrize(
    "text",
    [
        "Destroy target creature. You may choose new targets for it.",  # no spell
        "You may choose new targets for target creature.",
        "You may choose new targets for it.",  # a spell's "it" before anything is named
    ],
)
def test_new_targets_for_what_is_no_spell_stays_unread(text):
    script = own(text)
    assert not script.complete
    assert "ChooseNewTargets" not in repr(script)


def test_mana_of_the_chosen_color(corpus):
    """Nykthos: mana of the color chosen, as much as your devotion to THAT color (700.5);
    never "the chosen color" of a choice made as the permanent entered."""
    text = effect_of(corpus, "Nykthos, Shrine to Nyx", "activated", 1)
    choose, add = read_effect(text, "Nykthos, Shrine to Nyx", "activated").steps
    assert choose == ChooseValue("color")
    devotion = Amount(count="devotion", of=YOU, color="the chosen color")
    assert add == AddChosenColorMana(devotion)
    # with no choice in the effect, "that color" stays unread
    assert not own("Add one mana of that color.", "activated").complete
    assert not own("Choose a creature type. Add one mana of that color.", "activated").complete


def test_an_opponent_or_a_card_name_chosen(corpus):
    """Triarch Stalker's trigger chooses an opponent (its other abilities use the choice,
    607.2d); Medomai's Prophecy a card name (201.4)."""
    assert card(corpus, "Triarch Stalker", "triggered").steps == (ChooseValue("opponent"),)
    name = effect_of(corpus, "Medomai's Prophecy", "triggered", 1)  # its chapter II
    assert read_effect(name, "Medomai's Prophecy", "triggered").steps == (ChooseValue("card name"),)
    # "that player" after it is the chosen one, never the player a trigger event named
    _, damage = own(
        "Choose an opponent. This creature deals 2 damage to that player.", "triggered"
    ).steps
    assert damage.to == CHOSEN_PLAYER
    # a card name is no type
    assert not own("Choose a card name. Destroy all creatures of that type.").complete
