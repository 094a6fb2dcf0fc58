"""The Oracle effect reader's "instead", "unless" another player does something, and more
optional payments (cards/oracle/effects_instead.py, cards/effects_instead.py; docs/effects.md,
"Instead, unless and optional payments"): real Oracle text read from the corpus
(../shared/data/cards, skipped when absent) and texts written here.

The guards fail on a misreading: a kicked spell dealing its damage twice (once, then again
"instead"), "it" in "it deals 4 damage instead" taken as the target dealing damage, an
"instead" read where which instruction it replaces is in doubt, an "unless" whose payer is
you when the words name another player, "If you do" after an instruction the player must
follow left to no instruction or read as a "you may", and any of these carried out by a
play-out that has no rule for them."""

from __future__ import annotations

import re
from dataclasses import replace
from types import SimpleNamespace

import pytest

from mtgrules.cards.effects import (
    SELF,
    YOU,
    Amount,
    CounterUnlessPays,
    DealDamage,
    Destroy,
    Discard,
    Draw,
    Exile,
    IfYouDo,
    LoseLife,
    May,
    Modify,
    Move,
    Sacrifice,
    Script,
    Subject,
)
from mtgrules.cards.effects_actions import CardFilter
from mtgrules.cards.effects_amounts import PayLife, PayMana, Unless
from mtgrules.cards.effects_conditions import IsKind, Kicked, OnBoard
from mtgrules.cards.effects_instead import (
    CreatureDied,
    DiscardKind,
    IfDid,
    Instead,
    IsColor,
    ManaSpent,
    NoCombatDamage,
    ReturnAttacking,
)
from mtgrules.cards.effects_library import CopySpell
from mtgrules.cards.oracle.effects import read_effect
from mtgrules.rules import Unsupported
from tests.test_oracle_effects import T, effect_of


def card(corpus, name: str, kind: str) -> Script:
    return read_effect(effect_of(corpus, name, kind), name, kind)


def own(text: str, kind: str = "spell") -> Script:
    return read_effect(text, "Test Card", kind)


# -- "If [condition], [instruction] instead." (CR 608.2c, 614.1a) ----------------------------


def test_kicked_damage_instead_replaces_the_damage(corpus):
    """Burst Lightning: 2 damage, or 4 if kicked (702.33d), to the same target: one damage
    event either way, never 2 and then 4, and "it" is the spell, never the target."""
    script = card(corpus, "Burst Lightning", "spell")
    assert script.complete
    two, four = DealDamage(Amount(2), T(0), SELF), DealDamage(Amount(4), T(0), SELF)
    assert script.steps == (Instead(Kicked(), Script((four,)), Script((two,))),)
    assert script.families() == frozenset({"condition", "damage"})


def test_instead_with_the_whole_instruction():
    """The replacing sentence said whole: a P/T change, a life loss by "that player" (the
    target named before), an action of another kind on the same object."""
    (pump,) = own(
        "Target creature gets -2/-2 until end of turn. If this spell was kicked, "
        "that creature gets -5/-5 until end of turn instead."
    ).steps
    assert pump == Instead(
        Kicked(), Script((Modify(T(0), -5, -5),)), Script((Modify(T(0), -2, -2),))
    )
    (loss,) = own(
        "Target opponent loses 1 life. If you control a Wizard, that player loses 3 life instead.",
        "activated",
    ).steps
    assert isinstance(loss.condition, OnBoard)
    assert loss.then.steps == (LoseLife(T(0), Amount(3)),)
    assert loss.otherwise.steps == (LoseLife(T(0), Amount(1)),)
    (demon,) = own(
        "Destroy target attacking creature. If that creature is a Demon, exile it instead.",
        "triggered",
    ).steps
    assert demon == Instead(
        IsKind(T(0), subtypes=("Demon",)), Script((Exile(T(0)),)), Script((Destroy(T(0)),))
    )
    (white,) = own(
        "Target creature gets -1/-1 until end of turn. If that creature is white, "
        "it gets -3/-3 until end of turn instead."
    ).steps
    assert white.condition == IsColor(T(0), ("white",))


def test_instead_is_unread_where_what_it_replaces_is_in_doubt():
    """Two instructions it could replace, another kind after two instructions, "it" bound
    to the target where the source deals the damage, nothing before it: unread."""
    for text in (
        "Test Card deals 2 damage to any target and 2 damage to you. "
        "If this spell was kicked, it deals 4 damage instead.",
        "Draw a card. Draw a card. If X is 3 or more, draw two cards instead.",
        "Untap target creature. It gets +2/+2 until end of turn. "
        "If this spell was kicked, exile it instead.",
        "Test Card deals 2 damage to target creature. "
        "If this spell was kicked, it deals 4 damage to that creature instead.",
        "If this spell was kicked, draw two cards instead.",
        "You may draw a card. If this spell was kicked, draw two cards instead.",
    ):
        assert not own(text).complete, text


def test_tokens_instead_change_the_number_alone():
    (tokens,) = own(
        "Create two 1/1 green Saproling creature tokens. "
        "If this spell was kicked, create four of those tokens instead."
    ).steps
    assert isinstance(tokens, Instead)
    assert tokens.otherwise.steps[0].amount == Amount(2)
    assert tokens.then.steps == (replace(tokens.otherwise.steps[0], amount=Amount(4)),)


# -- "unless [another player] ..." (CR 118.12a) ----------------------------------------------


def test_unless_another_player_pays(corpus):
    """Phyrexian Tyranny: the player who drew pays, or loses life (118.12a): the payer is
    that player, never you. Erratic Portal: its controller, the target's."""
    (tyranny,) = card(corpus, "Phyrexian Tyranny", "triggered").steps
    that = Subject("that", noun="player")
    assert tyranny == Unless(Script((LoseLife(that, Amount(2)),)), PayMana("{2}", that))
    (portal,) = card(corpus, "Erratic Portal", "activated").steps
    controller = Subject("its_controller", index=0)
    assert portal == Unless(Script((Move(T(0), "hand"),)), PayMana("{1}", controller))
    # the counterspell's own instruction either way
    assert own("Counter target spell unless its controller pays {3}.").steps == (
        CounterUnlessPays(T(0), "{3}"),
    )


def test_unless_a_player_discards_a_kind_of_card(corpus):
    """Thirst for Knowledge: discard two cards unless you discard an artifact card (701.9a),
    one card of that kind, never any one card."""
    draw, unless = card(corpus, "Thirst for Knowledge", "spell").steps
    assert draw == Draw(YOU, Amount(3))
    assert unless.then.steps == (Discard(YOU, Amount(2)),)
    assert isinstance(unless.pay, DiscardKind) and unless.pay.card.types == ("Artifact",)
    assert own("Tap target creature unless its controller pays 2 life.", "activated").steps == (
        Unless(
            Script((own("Tap target creature.", "activated").steps[0],)),
            PayLife(Amount(2), Subject("its_controller", index=0)),
        ),
    )


# -- payments, "If you do" after an instruction one must follow, combat damage ----------------


def test_more_payments():
    (hybrid, _) = own("You may pay {G/W}. If you do, draw a card.", "triggered").steps
    assert hybrid == May(Script((PayMana("{G/W}"),)))
    (both, then) = own("You may pay {1} and 1 life. If you do, draw a card.", "triggered").steps
    assert both == May(Script((PayMana("{1}"), PayLife(Amount(1)))))
    assert then == IfYouDo(Script((Draw(YOU, Amount(1)),)))


def test_if_you_do_after_an_instruction_to_follow(corpus):
    """ "Sacrifice it. If you do, ..." (118.12: the sacrifice is a cost paid as it
    resolves; the rest only if it was paid): IfDid, never a "you may" nor done regardless."""
    steps = own("Sacrifice this creature. If you do, draw two cards.", "triggered").steps
    assert steps == (Sacrifice(YOU, SELF), IfDid(Script((Draw(YOU, Amount(2)),))))
    # the source sacrificed: "that creature" after it is not the source (it had been
    # bound to it: "destroy this object"); the source's damage as it last existed is read
    assert not own(
        "Sacrifice this enchantment. If you do, destroy that creature.", "triggered"
    ).complete
    assert own(
        "Sacrifice this creature. If you do, it deals 2 damage to each player.", "triggered"
    ).complete
    # drawing is no cost: what "if you do" would check is not said
    assert not own("Draw a card. If you do, you gain 2 life.", "triggered").complete


def test_assigns_no_combat_damage(corpus):
    """Ophidian (510.1a): the creature assigns no combat damage if its controller drew."""
    draw, then = card(corpus, "Ophidian", "triggered").steps
    assert draw == May(Script((Draw(YOU, Amount(1)),)))
    assert then == IfYouDo(Script((NoCombatDamage(SELF),)))


def test_game_conditions_before_instead():
    """ "If a creature died this turn" (700.4), "if N or more mana was spent to cast that
    spell" (the spell a trigger's event named, 601.2h): never the spell a sentence named."""
    (tokens,) = own(
        "Create a 1/1 white Spirit creature token. "
        "If a creature died this turn, create two of those tokens instead."
    ).steps
    assert tokens.condition == CreatureDied()
    assert tokens.then.steps[0].amount == Amount(2)
    (copy,) = own(
        "Draw a card. If five or more mana was spent to cast that spell, draw two cards instead.",
        "triggered",
    ).steps
    assert copy.condition == ManaSpent(Subject("that", noun="spell"), 5)
    assert not own(
        "Counter target spell. If five or more mana was spent to cast that spell, "
        "exile it instead.",
        "triggered",
    ).complete


def test_copy_that_ability_and_return_attacking():
    """ "If you do, copy that ability" (707.10: the ability the trigger's event named) and
    "return this card ... tapped and attacking" (508.4), never a plain return."""
    _, copy = own("You may pay {2}. If you do, copy that ability.", "triggered").steps
    assert copy == IfYouDo(Script((CopySpell(Subject("that", noun="ability")),)))
    text = (
        "You may pay {2}{R}. If you do, return this card from your graveyard to the "
        "battlefield tapped and attacking."
    )
    _, back = own(text, "triggered").steps
    assert back == IfYouDo(Script((ReturnAttacking(SELF),)))


# -- the play-out ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "step",
    [
        Instead(Kicked(), Script((Draw(YOU, Amount(2)),)), Script((Draw(YOU, Amount(1)),))),
        IfDid(Script((Draw(YOU, Amount(1)),))),
        NoCombatDamage(SELF),
        ReturnAttacking(SELF),
        DiscardKind(YOU, Amount(1), CardFilter(types=("Land",))),
    ],
)
def test_the_playout_refuses_them_naming_the_instruction(step):
    """No handler yet: carry_out refuses each, naming the instruction (never skipped, never
    carried out as the instruction inside it)."""
    from mtgrules.rules.effects.resolution import carry_out

    ctx = SimpleNamespace(source=SimpleNamespace(label="Test Card"))
    with pytest.raises(Unsupported, match=re.escape(step.render())):
        carry_out(None, Script((step,)), ctx)
