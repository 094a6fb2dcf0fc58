"""A triggered ability's "it", "that creature", "that player", "that much": read as what its
trigger event named (cards/oracle/trigger_referents.py), and bound by the play-out only
when the event named exactly one object or player that fits the words
(rules/effects/referents.py; CR 603.2, 608.2c, 608.2h, 400.7). The sentences are the
project's own, of the shapes the corpus has."""

from __future__ import annotations

from dataclasses import replace

import pytest

from mtgrules.cards.effects import (
    Amount,
    DealDamage,
    Destroy,
    GainLife,
    LoseLife,
    PutCounters,
    Script,
    Subject,
)
from mtgrules.cards.oracle.effects import read_effect
from mtgrules.cards.trigger_conditions import TriggerCondition
from mtgrules.caseio.case import read_case
from mtgrules.model.events import Event
from mtgrules.model.state import Zone
from mtgrules.rules import Unsupported
from mtgrules.rules.effects.context import Resolving, amount_of, objects_of, players_of
from mtgrules.rules.effects.referents import event_referents
from mtgrules.rules.effects.resolution import carry_out
from mtgrules.rules.zones import move

IT = Subject("that", noun="object")
THAT_CREATURE = Subject("that", noun="creature")
THAT_PLAYER = Subject("that", noun="player")

# -- the reader ---------------------------------------------------------------------------


def test_a_triggered_abilitys_first_it_is_what_its_event_named_not_the_source():
    read = read_effect("Put a +1/+1 counter on it.", "Test Mentor", "triggered")
    assert read.complete and read.steps == (PutCounters(IT, "+1/+1", Amount(1)),)
    # outside a triggered ability it stays unread (no event), as before
    assert not read_effect("Put a +1/+1 counter on it.", "Test Mentor", "activated").complete


def test_the_noun_is_kept():
    assert read_effect("Destroy that creature.", "X", "triggered").steps == (
        Destroy(THAT_CREATURE),
    )
    assert read_effect("That player loses 2 life.", "X", "triggered").steps == (
        LoseLife(THAT_PLAYER, Amount(2)),
    )
    assert read_effect("You gain that much life.", "X", "triggered").steps == (
        GainLife(Subject("you"), Amount(count="event")),
    )


@pytest.mark.parametrize(
    "text",
    [
        # after an unread sentence what it named is unknown (a color chosen is read now,
        # and names no object: "it" after it stays the event's)
        "Choose a creature at random. Put a +1/+1 counter on it.",
        # "that player" after a sentence naming every opponent: which one is not said
        "Each opponent loses 1 life. That player discards a card.",
        # "them": the event named one object, or a player
        "That player discards a card. Return them to their owner's hand.",
        # "that many" after a sentence may count that sentence's cards
        "Draw two cards. You gain that much life.",
    ],
)
def test_what_the_event_named_is_not_read_where_the_words_may_mean_something_else(text):
    read = read_effect(text, "X", "triggered")
    assert not read.complete
    assert all(getattr(s, "what", None) != IT for s in read.steps)


def test_that_creature_after_the_source_is_the_target_named_before_it():
    # "This creature deals 1 damage to that creature" was read as damage to the source
    text = "Tap target creature. This creature deals 1 damage to that creature."
    for kind in ("activated", "triggered"):
        steps = read_effect(text, "X", kind).steps
        assert steps[-1].to == Subject("target") and steps[-1].source == Subject("self")
    assert (
        read_effect("This creature deals 3 damage to that creature.", "X", "triggered").steps[0].to
        == THAT_CREATURE
    )


# -- the play-out -------------------------------------------------------------------------

BOARD = """\
id: referents
game: {turn: 3, active_player: Alice, phase: precombat_main}
players:
  - name: Alice
    battlefield:
      - {card: Grizzly Bears, id: warder}
      - {card: Forest, id: forest}
  - name: Bob
    battlefield:
      - {card: Llanowar Elves, id: elves}
question:
  state: [life]
"""


def _state():
    return read_case(BOARD.encode(), "referents.yaml").state


READ = (TriggerCondition("enters"),)  # a trigger condition read whole


def _ctx(state, event, source="warder", conditions=READ):
    return Resolving(
        source=state.obj(source),
        controller="Alice",
        refers_to=event.obj if event.obj is not None else event.player,
        referents=event_referents(state, event, source, conditions),
    )


def test_blocks_that_creature_is_the_attacker_not_the_blocking_source():
    # "Whenever this creature blocks a creature, destroy that creature": the event's own
    # object is the blocker, this creature; the one it names is the attacker (the old
    # binding, the event's object, destroyed the blocker itself)
    state = _state()
    ctx = _ctx(state, Event("blocks", obj="warder", target="elves"))
    assert objects_of(state, THAT_CREATURE, ctx) == ["elves"]


def test_damage_between_two_objects_it_is_refused():
    # "Whenever this creature deals damage to a creature, it ...": the source and the
    # creature dealt damage are both named; "it" could be either
    state = _state()
    ctx = _ctx(state, Event("damage", source="warder", obj="elves", amount=2))
    with pytest.raises(Unsupported, match="2 objects"):
        objects_of(state, IT, ctx)
    assert objects_of(state, THAT_CREATURE, ctx) == ["elves"]


def test_a_player_for_it_or_an_object_for_that_player_is_refused():
    state = _state()
    gained = _ctx(state, Event("life_gained", player="Bob", amount=3))
    with pytest.raises(Unsupported, match="no object"):
        objects_of(state, IT, gained)
    assert players_of(state, THAT_PLAYER, gained) == ["Bob"]
    entered = _ctx(state, Event("moves", obj="elves", from_zone=None, to_zone="battlefield"))
    with pytest.raises(Unsupported, match="no player"):
        players_of(state, THAT_PLAYER, entered)
    with pytest.raises(Unsupported, match="names a player"):
        objects_of(state, Subject("that", noun="player"), entered)


def test_damage_to_you_that_player_is_not_you():
    # "Whenever a source an opponent controls deals damage to you, that player sacrifices
    # a permanent": the source's controller, whom the event doesn't name
    state = _state()
    to_you = Event("damage", source="elves", player="Alice", amount=1)
    ctx = _ctx(state, to_you, conditions=(TriggerCondition("damage", subject="group"),))
    with pytest.raises(Unsupported, match="no player"):
        players_of(state, THAT_PLAYER, ctx)
    # "Whenever this creature deals combat damage to a player, that player discards"
    to_a_player = Event("damage", source="warder", player="Bob", amount=2, combat=True)
    dealt = (TriggerCondition("damage", to="player", combat=True),)
    assert players_of(state, THAT_PLAYER, _ctx(state, to_a_player, conditions=dealt)) == ["Bob"]


def test_the_cast_events_player_is_the_caster_not_the_spell():
    state = _state()
    ctx = _ctx(state, Event("cast", obj="forest", player="Bob"))  # the spell: any object
    assert ctx.refers_to == "forest"  # the old binding: the spell, for "that player"
    assert players_of(state, THAT_PLAYER, ctx) == ["Bob"]
    with pytest.raises(Unsupported, match="cast event"):
        objects_of(state, THAT_CREATURE, ctx)  # a spell's targets aren't in the event


def test_a_noun_the_object_does_not_fit_is_refused():
    state = _state()
    ctx = _ctx(state, Event("moves", obj="elves", from_zone=None, to_zone="battlefield"))
    assert objects_of(state, THAT_CREATURE, ctx) == ["elves"]
    with pytest.raises(Unsupported, match="no object"):
        objects_of(state, Subject("that", noun="land"), ctx)


def test_an_object_that_left_since_is_a_new_object_the_ability_does_not_find():
    state = _state()
    ctx = _ctx(state, Event("moves", obj="elves", from_zone=None, to_zone="battlefield"))
    state, _ = move(state, "elves", Zone.HAND)
    state, _ = move(state, "elves", Zone.BATTLEFIELD)  # back: a new object (400.7)
    assert objects_of(state, IT, ctx) == []


def test_a_creature_dealt_damage_that_died_before_its_ability_went_on_the_stack():
    state = _state()
    event = Event("damage", source="warder", obj="elves", amount=2)
    state, _ = move(state, "elves", Zone.GRAVEYARD)
    ctx = _ctx(state, event)
    # in the graveyard it is a new object: never the card there (400.7)
    with pytest.raises(Unsupported, match="already left"):
        objects_of(state, THAT_CREATURE, ctx)


def test_that_much_is_the_events_amount_only_where_it_carries_one():
    state = _state()
    noncombat = _ctx(state, Event("damage", source="elves", player="Alice", amount=3))
    assert amount_of(state, Amount(count="event"), noncombat) == 3
    # combat damage by another source: one event with others dealt at once (510.2)
    combat = _ctx(state, Event("damage", source="elves", player="Alice", amount=3, combat=True))
    with pytest.raises(Unsupported, match="that much"):
        amount_of(state, Amount(count="event"), combat)
    own = _ctx(state, Event("damage", source="warder", player="Bob", amount=2, combat=True))
    assert amount_of(state, Amount(count="event"), own) == 2
    entered = _ctx(state, Event("moves", obj="elves", from_zone=None, to_zone="battlefield"))
    with pytest.raises(Unsupported, match="that much"):
        amount_of(state, Amount(count="event"), entered)


def test_its_power_after_it_left_the_battlefield_is_refused_not_its_cards():
    state = _state()
    died = Event("moves", obj="elves", from_zone="battlefield", to_zone="graveyard")
    state, _ = move(state, "elves", Zone.GRAVEYARD)
    ctx = _ctx(state, died)
    with pytest.raises(Unsupported, match="left the battlefield"):
        amount_of(state, Amount(count="power_of", of=IT), ctx)
    assert objects_of(state, IT, ctx) == ["elves"]  # "return it": the card there


def test_without_a_known_event_nothing_is_bound():
    state = _state()
    ctx = replace(_ctx(state, Event("moves", obj="elves", to_zone="battlefield")), referents=None)
    with pytest.raises(Unsupported, match="no trigger event"):
        objects_of(state, IT, ctx)


@pytest.mark.parametrize(
    ("condition", "why"),
    [
        # "When this Aura enters, if enchanted creature is red, tap it": "it" is the
        # creature the "if" names, not the Aura the event named
        (TriggerCondition("enters", intervening_if="enchanted creature is red"), "if"),
        # "whenever one or more creatures enter": the event is one of several
        (TriggerCondition("enters", subject="group", one_or_more=True), "one or more"),
        (TriggerCondition("", unread="~ becomes blocked by a creature"), "not read"),
        # "whenever this creature becomes the target of a spell, it gets +0/+2": the cast
        # event's object is the spell, not the creature
        (TriggerCondition("targeted"), "doesn't carry"),
    ],
)
def test_a_trigger_whose_words_may_name_something_else_binds_nothing(condition, why):
    state = _state()
    entered = Event("moves", obj="warder", from_zone=None, to_zone="battlefield")
    ctx = _ctx(state, entered, conditions=(condition,))
    assert _ctx(state, entered).referents.objects  # the event did name it
    with pytest.raises(Unsupported, match=why):
        objects_of(state, IT, ctx)
    with pytest.raises(Unsupported, match=why):
        amount_of(state, Amount(count="event"), ctx)


def test_it_deals_damage_only_when_it_is_the_abilitys_own_source():
    state = _state()
    deals = Script((DealDamage(Amount(2), Subject("you"), source=IT),))
    own = _ctx(state, Event("moves", obj="warder", from_zone=None, to_zone="battlefield"))
    assert carry_out(state, deals, own).players[0].life == 18
    # another creature entered: damage dealt by it is not played out (not as the source)
    other = _ctx(state, Event("moves", obj="elves", from_zone=None, to_zone="battlefield"))
    with pytest.raises(Unsupported, match="not played out"):
        carry_out(state, deals, other)
