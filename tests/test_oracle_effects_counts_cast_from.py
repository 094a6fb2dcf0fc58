"""More "for each" counts and the zone a spell was cast from (cards/oracle/counts_cast_from.py,
:class:`~mtgrules.cards.effects_conditions.CastFrom`, ``CounterUnlessPays.per``;
docs/effects.md, "More "for each" counts, the zone a spell was cast from"): real Oracle text
read from the corpus (../shared/data/cards, skipped when absent) and short phrases written
here.

The guards fail on a misreading: "for each card in your hand" read as one, a count of every
card where only one subtype's cards count, "other" read in a spell (which is in no group of
permanents), a cast-from condition read in a permanent's ability (where "this spell" is not
the effect's own), a payment "for each" read as a fixed one, and a play-out that decides
where a spell was cast from, or pays "for each" as if it were once."""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

import pytest

from mtgrules.cards.effect_codec import dumps, loads
from mtgrules.cards.effects import (
    SELF,
    YOU,
    Amount,
    CounterUnlessPays,
    CreateToken,
    DealDamage,
    Draw,
    GainLife,
    Modify,
    PutCounters,
    Script,
    Subject,
)
from mtgrules.cards.effects_actions import CardFilter
from mtgrules.cards.effects_changes import AddManaOf
from mtgrules.cards.effects_conditions import CastFrom, If
from mtgrules.cards.effects_instead import Instead
from mtgrules.cards.oracle.effects import read_effect
from mtgrules.cards.statics import Group
from mtgrules.caseio.actions import ACTION_KINDS, Action
from mtgrules.caseio.case import read_case
from mtgrules.model.state import Zone
from mtgrules.play.engine import play_out
from mtgrules.rules import Unsupported
from mtgrules.rules.effects.resolution import HANDLERS
from tests.test_oracle_effects import effect_of

TARGET = Subject("target", index=0)
HAND = Amount(count="hand_size", of=YOU)
GRAVEYARD = Amount(count="graveyard_size", of=YOU)


def card(corpus, name: str, kind: str = "spell", n: int = 0) -> Script:
    return read_effect(effect_of(corpus, name, kind, n), name, kind)


def own(text: str, kind: str = "spell") -> Script:
    return read_effect(text, "Test Card", kind)


def steps(script: Script) -> tuple:
    assert script.complete, script.unread
    return script.steps


def test_cards_in_hand_after_counters_tokens_and_mana(corpus):
    """ "for each card in your hand" after a counter, a token or mana: one per card in the
    controller's hand as it resolves (107.3c), never one."""
    assert steps(card(corpus, "Brawn, Amadeus Cho", "activated")) == (
        PutCounters(SELF, "+1/+1", HAND),
    )
    (made,) = steps(card(corpus, "Endless Swarm"))
    assert isinstance(made, CreateToken) and made.amount == HAND and made.who == YOU
    assert made.token.subtypes == ("Snake",) and (made.token.power, made.token.toughness) == (1, 1)
    assert steps(card(corpus, "Inner Fire")) == (AddManaOf(HAND, "{R}"),)


def test_other_members_of_a_subtype(corpus):
    """ "for each other Goblin you control": the Goblins its controller controls but the
    object with the ability (205.3a, 109.5)."""
    goblins = Amount(count="group", group=Group(noun="Goblin", other=True))
    (pump,) = steps(card(corpus, "Muxus, Goblin Grandee", "triggered", 1))
    assert pump == Modify(Subject("that", noun="object"), x_power=1, x_toughness=1, x_is=goblins)
    dinosaurs = Amount(count="group", group=Group(noun="Dinosaur", other=True))
    assert steps(card(corpus, "Earthshaker Dreadmaw", "triggered")) == (Draw(YOU, dinosaurs),)
    # a spell is never one of its own group: "other" there stays unread
    assert own("Draw a card for each other Goblin you control.").unread


def test_cards_of_a_subtype_in_a_zone(corpus):
    """ "Elf card in your graveyard", "the number of Lesson cards in your graveyard": only
    the cards of that subtype there (205.3a), never every card."""
    elves = replace(GRAVEYARD, cards=CardFilter(subtypes=("Elf",)))
    assert steps(card(corpus, "Elvish Eulogist", "activated")) == (GainLife(YOU, elves),)
    lessons = replace(GRAVEYARD, cards=CardFilter(subtypes=("Lesson",)))
    (mill,) = steps(card(corpus, "Master Pakku", "triggered"))
    assert mill.who == TARGET and mill.amount == lessons
    arcane = replace(GRAVEYARD, cards=CardFilter(subtypes=("Arcane",)))
    assert steps(card(corpus, "Ire of Kaminari")) == (DealDamage(arcane, TARGET, SELF),)


def test_domain_and_converge_are_only_ability_words(corpus):
    """ "Domain —" and "Converge —" have no rules meaning (207.2c): the sentence after
    them is read as it would be alone, its count the basic land types among the lands
    its controller controls (205.3i) or the colors of mana spent to cast it (601.2h)."""
    types = Amount(count="basic_land_types", group=Group(noun="land"))
    assert steps(card(corpus, "Wandering Stream")) == (GainLife(YOU, replace(types, times=2)),)
    spent = Amount(count="colors_spent", of=SELF)
    (made,) = steps(card(corpus, "Unified Front"))
    assert isinstance(made, CreateToken) and made.amount == spent
    assert steps(card(corpus, "Kaleidoscorch")) == (DealDamage(spent, TARGET, SELF),)
    # another ability word is not read so
    assert own("Hellbent — Draw a card for each creature you control.").unread


def test_counter_unless_a_payment_for_each(corpus):
    """ "unless its controller pays {1} for each card in your graveyard": {1} once per card
    counted as it resolves (118.12a, 107.3c), never {1}."""
    assert steps(card(corpus, "Countervailing Winds")) == (
        CounterUnlessPays(TARGET, "{1}", GRAVEYARD),
    )
    wizards = Amount(count="group", group=Group(noun="Wizard", whose="any"))
    assert steps(card(corpus, "Ixidor's Will")) == (CounterUnlessPays(TARGET, "{2}", wizards),)
    words = CounterUnlessPays(TARGET, "{1}", GRAVEYARD).render()
    assert words.endswith(f"pays {{1}} times {GRAVEYARD.render()}")


def test_a_spell_cast_from_a_zone(corpus):
    """ "If this spell was cast from a graveyard / your hand / exile / anywhere other than
    your hand" asks where the spell's card was cast from (601.2a), as it resolves
    (608.2c); "that creature" after it is the token the spell made."""
    negotiation = steps(card(corpus, "Ruthless Negotiation"))
    assert negotiation[-1] == If(CastFrom("a graveyard"), Script((Draw(YOU, Amount(1)),)))
    (_, antics) = steps(card(corpus, "Otterball Antics"))
    assert antics.condition == CastFrom("your hand", other_than=True)
    assert antics.then.steps == (PutCounters(Subject("created"), "+1/+1", Amount(1)),)
    (savagery,) = steps(card(corpus, "Increasing Savagery"))
    assert isinstance(savagery, Instead) and savagery.condition == CastFrom("a graveyard")
    assert savagery.then.steps == (PutCounters(TARGET, "+1/+1", Amount(10)),)
    assert savagery.otherwise.steps == (PutCounters(TARGET, "+1/+1", Amount(5)),)
    holy = steps(card(corpus, "Ultimate Magic: Holy"))
    assert holy[-1].condition == CastFrom("exile")


def test_cast_from_only_in_a_spell_s_own_effect(corpus):
    """A permanent's ability has no "this spell" of its own to ask about: unread, as are
    the zones the condition doesn't name."""
    assert own("If this spell was cast from your hand, draw a card.").complete  # a spell's
    assert own("If this spell was cast from your hand, draw a card.", "triggered").unread
    assert own("If this spell was cast from your hand, draw a card.", "activated").unread
    assert own("If this spell was cast from your library, draw a card.").unread
    assert own("If this spell was cast from anywhere other than exile, draw a card.").unread
    # a spell's group "other" than its target creature (a group says other than the source)
    # leaves the whole effect unread (oracle/other_groups.py), the condition with it
    assert not card(corpus, "Nibelheim Aflame").steps


def test_the_play_out_refuses_to_decide_where_a_spell_was_cast_from():
    """No rule of the play-out knows the zone a spell was cast from: the If handler
    refuses, naming the instruction (never followed as if it held, nor skipped)."""
    source = SimpleNamespace(label="Test Card", controller="Alice", oid="s")
    ctx = SimpleNamespace(source=source, controller="Alice", lines=[], x=None)
    step = If(CastFrom("your hand"), Script((Draw(YOU, Amount(1)),)))
    with pytest.raises(Unsupported, match=r"Test Card.s instruction"):
        HANDLERS[If](SimpleNamespace(active_player="Alice"), step, ctx)


_CASE = """\
id: counts-cast-from
cards:
  - name: Test Shock
    mana_cost: "{R}"
    types: [Instant]
    abilities:
      - spell: {does: "This spell deals 2 damage to any target.", targets: [any target]}
  - name: Test Winds
    mana_cost: "{U}"
    types: [Instant]
    abilities:
      - spell:
          does: "Counter target spell unless its controller pays {1} for each card in your graveyard."
          targets: [target spell]
game: {turn: 3, active_player: Alice, phase: precombat_main}
players:
  - name: Alice
    battlefield:
      - {card: Mountain, id: m1}
    hand:
      - {card: Test Shock, id: shock}
  - name: Bob
    life: 2
    battlefield:
      - {card: Island, id: i1}
    hand:
      - {card: Test Winds, id: winds}
    graveyard:
      - {card: Island, id: g1}
      - {card: Island, id: g2}
question: {state: [life]}
"""


def _winds(pay: str):
    entries = (
        {"cast": "shock", "targets": ["Bob"]},
        "pass",
        {"cast": "winds", "by": "Bob", "targets": ["shock"]},
        "resolve",
        {"choose": {"pay": pay}},
    )
    actions = []
    for i, entry in enumerate(entries):
        if isinstance(entry, str):
            actions.append(Action(i + 1, entry, None, (), 200 + i, 5))
            continue
        kind = next(k for k in entry if k in ACTION_KINDS)
        options = tuple((k, v) for k, v in entry.items() if k != kind)
        actions.append(Action(i + 1, kind, entry[kind], options, 200 + i, 5))
    case = read_case(_CASE.encode(), "counts-cast-from.yaml")
    return play_out(replace(case, actions=tuple(actions)))


def test_the_play_out_counters_when_a_payment_for_each_is_declined():
    """Not paying, the spell is countered whatever the count (118.12a); paying mana as it
    resolves is refused, naming the payment with its count."""
    game = _winds("no")
    assert game.state.obj("shock").zone is Zone.GRAVEYARD and not game.state.stack
    assert game.state.player("Bob").life == 2
    assert any("pay {1} times" in step.text for step in game.steps)


def test_readings_round_trip():
    for text in (
        "Counter target spell unless its controller pays {1} for each card in your graveyard.",
        "Create a 1/1 green Snake creature token for each card in your hand.",
        "If this spell was cast from anywhere other than your hand, draw a card.",
        "You gain 1 life for each Elf card in your graveyard.",
    ):
        script = own(text)
        assert script.complete, text
        assert loads(dumps(script)) == script


def test_that_spell_is_the_one_target_spell(corpus):
    """In an instant's or sorcery's effect whose one target is one spell, "that spell's
    mana value" is that target's, as it last existed once countered (608.2h), also in a
    "where X is" after tokens the sentence creates."""
    value = Amount(count="mana_value", of=TARGET)
    assert steps(card(corpus, "Overwhelming Intellect"))[-1] == Draw(YOU, value)
    (_, made) = steps(card(corpus, "Spell Swindle"))
    assert isinstance(made, CreateToken) and made.amount == value
    assert made.token.predefined == "Treasure"
    # a target that may be an ability, or an ability's effect: not read so
    assert own(
        "Counter target spell or ability. Draw cards equal to that spell's mana value."
    ).unread
    assert own(
        "Counter target spell. Draw cards equal to that spell's mana value.", "activated"
    ).unread
