"""The Oracle effect reader's payments, "unless", durations and amounts
(cards/oracle/effects_amounts.py, cards/effects_amounts.py; docs/effects.md, "Payments,
unless, durations"): real Oracle text read from the corpus (../shared/data/cards, skipped
when absent) and texts written here.

The guards fail on a misreading: a payment read as something done without paying, the
"if you do" bound to anything but the payment, an "unless" that spares the wrong
instruction, an X the text defines read as an announced X (or left as words), an exile
that never ends, "until your next turn" read as "until end of turn", and any of these
carried out by a play-out that has no rule for it."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from mtgrules.cards.effects import (
    SELF,
    YOU,
    Amount,
    CreateToken,
    Discard,
    Draw,
    GainLife,
    IfYouDo,
    May,
    Modify,
    PutCounters,
    Sacrifice,
    Script,
    Subject,
)
from mtgrules.cards.effects_amounts import (
    DivideDamage,
    ExileUntil,
    LoseHalfLife,
    PayEnergy,
    PayLife,
    PayMana,
    Unless,
)
from mtgrules.cards.effects_choices import TheyMay
from mtgrules.cards.effects_named import X_PAID
from mtgrules.cards.oracle.effects import read_effect
from mtgrules.rules import Unsupported
from tests.test_oracle_effects import T, effect_of


def card(corpus, name: str, kind: str, containing: str = "") -> Script:
    """The reading of ``name``'s first effect of ``kind`` whose words contain ``containing``."""
    n = 0
    while containing not in effect_of(corpus, name, kind, n):
        n += 1
    return read_effect(effect_of(corpus, name, kind, n), name, kind)


def own(text: str, kind: str = "spell") -> Script:
    return read_effect(text, "Test Card", kind)


def test_you_may_pay_mana_then_if_you_do(corpus):
    """Crystal Rod: "you may" whose action is paying {1} (608.2d, 118.3a), and the life
    gained only if it was paid (608.2c)."""
    script = card(corpus, "Crystal Rod", "triggered")
    assert script.complete
    assert script.steps == (
        May(Script((PayMana("{1}"),))),
        IfYouDo(Script((GainLife(YOU, Amount(1)),))),
    )
    assert "payment" in script.families()


def test_you_may_pay_life_or_energy(corpus):
    """Paying 2 life (118.3b, 119.4) and paying {E}{E}, two energy counters (107.14): each
    its own payment, never a life loss or a counter removal that happens regardless."""
    life = card(corpus, "Erebos, Bleak-Hearted", "triggered")
    assert life.steps[0] == May(Script((PayLife(Amount(2)),)))
    assert life.steps[1] == IfYouDo(Script((Draw(YOU, Amount(1)),)))
    energy = card(corpus, "Aether Inspector", "triggered", "pay")
    assert energy.steps[0] == May(Script((PayEnergy(Amount(2)),)))
    assert isinstance(energy.steps[1], IfYouDo)


def test_paying_x_is_not_the_announced_x():
    """X paid as it resolves is chosen then (107.3f; 107.3a speaks of X announced with a
    cost): a triggered ability's later X is the X paid (cards/effects_named.py), never the
    announced X; "pay X life" stays unread."""
    _, then = own("You may pay {X}. If you do, draw X cards.", "triggered").steps
    assert then == IfYouDo(Script((Draw(YOU, X_PAID),)))
    assert not own("You may pay X life. If you do, draw X cards.", "triggered").complete
    # another player's payment is not "you may": that player's option and payment (608.2d)
    (option,) = own("Target player may pay {2}.").steps
    assert option == TheyMay(T(0), Script((PayMana("{2}", T(0)),)))


def test_sacrifice_unless_you_pay(corpus):
    """Hungry Mist's upkeep: "sacrifice it unless you pay {G}{G}" is "you may pay; if you
    don't, sacrifice it" (118.12a), not a sacrifice and a payment both."""
    script = card(corpus, "Hungry Mist", "triggered")
    assert script.complete
    assert script.steps == (Unless(Script((Sacrifice(YOU, SELF),)), PayMana("{G}{G}")),)
    assert script.families() == frozenset({"payment", "sacrifice"})


def test_unless_after_two_instructions_is_unread():
    """ "Tap target creature and draw a card unless you pay {2}": whether the payment spares
    both or only the draw is not said by the words alone; left unread."""
    assert not own("Tap target creature and draw a card unless you pay {2}.").complete
    assert own("Draw two cards unless you pay 3 life.").steps == (
        Unless(Script((Draw(YOU, Amount(2)),)), PayLife(Amount(3))),
    )


def test_exile_until_the_source_leaves(corpus):
    """Banishing Light: the exile lasts until the enchantment leaves the battlefield (610.3),
    never a plain exile, which would keep the card exiled for good."""
    script = card(corpus, "Banishing Light", "triggered")
    assert script.complete
    assert script.steps == (ExileUntil(T(0)),)
    assert script.steps[0] != ExileUntil(T(0), until="")
    # a group exiled until then: not read
    assert not own("Exile all creatures until this enchantment leaves the battlefield.").complete


def test_where_x_is_a_count(corpus):
    """Rush of Blood: "+X/+0, where X is its power": X is the target's power as it resolves
    (107.3c), not an announced X; Ajani, Valiant Protector's counters and Storm Herd's
    tokens are as many as your life total."""
    (pump,) = card(corpus, "Rush of Blood", "spell").steps
    assert pump == Modify(T(0), x_power=1, x_is=Amount(count="power_of", of=T(0)))
    first = card(corpus, "Ajani, Valiant Protector", "activated", "life total").steps[0]
    assert first == PutCounters(T(0), "+1/+1", Amount(count="life_total", of=YOU))
    (herd,) = card(corpus, "Storm Herd", "spell").steps
    assert isinstance(herd, CreateToken)
    assert herd.amount == Amount(count="life_total", of=YOU)


def test_where_x_defines_every_x_of_the_sentence():
    """Both instructions' X is the count ("draws X cards and loses X life"); an X the
    vocabulary keeps in words (a group "with toughness X or less") leaves it unread, and a
    "where X is" with no X before it too."""
    graveyard = Amount(count="graveyard_size", of=YOU)
    steps = own(
        "Target player draws X cards and loses X life, where X is the number of cards in "
        "your graveyard."
    ).steps
    assert [s.amount for s in steps] == [graveyard, graveyard]
    assert not own(
        "Return each creature with toughness X or less to its owner's hand, where X is the "
        "number of creatures you control."
    ).complete
    assert not own("Draw two cards, where X is your life total.").complete
    hand = own("You gain X life, where X is the number of cards in your hand.").steps
    assert hand == (GainLife(YOU, Amount(count="hand_size", of=YOU)),)


def test_until_your_next_turn(corpus):
    """Liliana, the Last Hope's -2/-1 lasts until your next turn (611.2a), not until end of
    turn."""
    (step,) = card(corpus, "Liliana, the Last Hope", "activated").steps
    assert step == Modify(T(0), -2, -1, duration="your_next_turn")
    assert own("Target creature gains flying until your next turn.").steps == (
        Modify(T(0), keywords=("flying",), duration="your_next_turn"),
    )


def test_damage_divided_as_you_choose(corpus):
    """Forked Bolt: 2 damage divided among its one or two targets as announced while casting
    (601.2d), not 2 damage to each of them nor to the first alone."""
    script = card(corpus, "Forked Bolt", "spell")
    assert script.steps == (DivideDamage(Amount(2), T(0), SELF),)
    # divided among what no target phrase names (the player's choice as it resolves): unread
    assert not own(
        "Test Card deals 3 damage divided as you choose among creatures you control."
    ).complete


def test_counts_by_subtype_and_mana_value(corpus):
    """ "the number of Dragons you control", "for each Shrine you control" (a subtype's group,
    as the static reader reads it) and "that creature's mana value" (202.3): a count of the
    right group or object, never a fixed number."""
    dragons = own("It deals X damage to any target, where X is the number of Dragons you control.")
    (damage,) = dragons.steps
    assert damage.amount.count == "group" and damage.amount.group.noun == "Dragon"
    (shrines,) = own("Draw a card for each Shrine you control.").steps
    assert shrines.amount.count == "group" and shrines.amount.group.noun == "Shrine"
    assert shrines.amount.group.whose == "you"
    first = card(corpus, "Living Armor", "activated").steps[-1]
    assert first.amount == Amount(count="mana_value", of=Subject("target", index=0))


@pytest.mark.parametrize("kind", [PayMana, PayLife, PayEnergy, Unless, ExileUntil, DivideDamage])
def test_every_new_instruction_is_refused_on_resolution(kind):
    """None is carried out yet: carry_out refuses an instruction with no handler, naming it
    (cases/playout-resolution/pay-may-paid-refused.yaml, unless-you-pay-refused.yaml)."""
    from mtgrules.rules.effects.resolution import HANDLERS

    assert kind not in HANDLERS


def test_new_counts_and_durations_are_refused_on_resolution():
    """A count the play-out doesn't take (a library's size, a mana value) and a change
    lasting until your next turn are refused, never taken as 0 or as until end of turn (a
    life total and a hand's or graveyard's size are taken: cases/playout-resolution/
    *-counts-*.yaml)."""
    from mtgrules.rules.effects.context import amount_of
    from mtgrules.rules.effects.resolution import HANDLERS

    ctx = SimpleNamespace(source=SimpleNamespace(label="Test Card"), x=None)
    for count in ("library_size", "mana_value"):
        with pytest.raises(Unsupported):
            amount_of(None, Amount(count=count, of=YOU), ctx)
    with pytest.raises(Unsupported, match="your_next_turn"):
        HANDLERS[Modify](None, Modify(T(0), -2, -1, duration="your_next_turn"), ctx)


def test_for_each_card_in_a_zone_and_tokens_for_each(corpus):
    """ "2 life for each card in your hand" is twice your hand's size (a player's count,
    107.3c), "a token for each Elf you control" one token per Elf, counted as it resolves:
    never one token, nor the number of cards."""
    (life,) = own("You gain 2 life for each card in your hand.").steps
    assert life == GainLife(YOU, Amount(count="hand_size", of=YOU, times=2))
    (tokens,) = card(corpus, "Elvish Promenade", "spell").steps
    assert isinstance(tokens, CreateToken)
    assert tokens.amount.count == "group" and tokens.amount.group.noun == "Elf"
    assert tokens.amount.times == 1 and tokens.token.subtypes == ("Elf", "Warrior")
    (two,) = own(
        "Create two 1/1 white Soldier creature tokens for each creature you control."
    ).steps
    assert two.amount.times == 2 and two.amount.group.noun == "creature"


def test_unless_you_do_another_thing(corpus):
    """ "Sacrifice this creature unless you discard a card" (118.12a: any action, not only a
    payment); an "unless" whose action is two instructions stays unread."""
    (step,) = own("Sacrifice this creature unless you discard a card.", "triggered").steps
    assert step == Unless(Script((Sacrifice(YOU, SELF),)), Discard(YOU, Amount(1)))
    assert not own("Destroy target creature unless you draw a card and discard a card.").complete


def test_twice_and_half_life(corpus):
    """ "Investigate twice" is the action done two times (701.16a); "loses half their life,
    rounded up" names the way a fraction goes (107.1a) and whose life: "your" only with
    "you", "their" only with another player."""
    twice = own("Investigate twice.").steps
    assert len(twice) == 2 and twice[0] == twice[1] and twice[0].name == "investigate"
    (half,) = own("Target opponent loses half their life, rounded up.").steps
    assert half == LoseHalfLife(T(0), round_up=True)
    assert own("You lose half your life, rounded down.").steps == (LoseHalfLife(YOU, False),)
    assert not own("You lose half their life, rounded up.").complete
    assert not own("Target opponent loses half your life, rounded up.").complete


def test_equal_to_the_cards_in_that_players_hand(corpus):
    """Sudden Impact: damage equal to the cards in the target player's hand ("that player"
    is the target named before), counted as it resolves; not the caster's hand."""
    (step,) = card(corpus, "Sudden Impact", "spell").steps
    assert step.to == T(0) and step.amount == Amount(count="hand_size", of=T(0))


def test_where_x_pronoun_never_binds_to_the_tokens_being_made(corpus):
    """Death Mutation: "Create X Saprolings, where X is that creature's mana value" means the
    creature destroyed before, but the reader binds a where-clause's pronoun after the whole
    sentence, when "that creature" would be the tokens: unread, never the tokens' mana
    value. A pronoun is read only when the sentence acts on that one object."""
    script = card(corpus, "Death Mutation", "spell")
    assert not script.complete and "where X is" in script.unread
    assert not own(
        "Create X 1/1 white Soldier creature tokens, where X is its power.", "activated"
    ).complete
    assert not own(
        "Target creature deals X damage to another target creature, where X is its power."
    ).complete
    (pump,) = own("Target creature gets +X/+0 until end of turn, where X is its power.").steps
    assert pump.x_is == Amount(count="power_of", of=T(0))
