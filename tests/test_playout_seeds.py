"""The seed rulings played out (cases/playout-seeds): Identity Thief's
attack trigger (a copy effect until end of turn, a delayed return, CR 707.2, 603.7, 514.2)
and Vizier of Many Faces' embalm (702.128a, 707.9b, 614.1c). Each test checks what a wrong
engine gets wrong: the copy's values, where the cards are, when the copy ends, and the
refusals that keep the play-out from guessing.
"""

from __future__ import annotations

import pytest

from mtgrules.bank.checking import evaluate
from mtgrules.cards.effect_data import script_from_data
from mtgrules.cards.effects import Delayed, Exile, IfYouDo, May, Move, Subject
from mtgrules.cards.effects_control import BecomeCopy
from mtgrules.caseio.case import read_case
from mtgrules.caseio.diagnostics import CaseError
from mtgrules.model.state import Zone
from mtgrules.play.engine import play_out
from mtgrules.play.game import Game, Refused
from mtgrules.play.resolve import resolve_top
from mtgrules.rules import Unsupported
from mtgrules.rules.copy.values import copiable_values
from mtgrules.rules.effects.context import Resolving
from mtgrules.rules.effects.copies import onto_battlefield
from mtgrules.rules.layers.characteristics import characteristics
from mtgrules.rules.zones import move

THIEF = """\
id: seed
game: {{turn: 5, active_player: Alice, phase: precombat_main}}
players:
  - name: Alice
    battlefield:
      - {{card: Identity Thief, id: thief, controlled_since_turn: 1}}
{alice}    hand: []
  - name: Bob
    battlefield:
      - {{card: {bob}, id: target}}
actions:
  - attack: {{thief: Bob}}
  - choose: {{targets: [target]}}
  - resolve
  - choose: {{may: {may}}}
{more}question:
  state: [life]
"""


def thief(bob: str = "Grizzly Bears", may: str = "yes", more: str = "", alice: str = ""):
    text = THIEF.format(bob=bob, may=may, more=more, alice=alice)
    return read_case(text.encode(), "seed.yaml")


def values(state, ref: str):
    obj = state.find(ref)
    return characteristics(state, obj)


def test_the_thief_becomes_a_copy_of_the_exiled_creature_until_end_of_turn():
    state = play_out(thief()).state
    chars = values(state, "thief")
    assert (chars.name, chars.power, chars.toughness) == ("Grizzly Bears", 2, 2)
    assert state.obj("target").zone is Zone.EXILE
    copy = [e for e in state.effects if e.copy_of == "target"]
    assert [(e.affects, e.until) for e in copy] == [(("thief",), "end_of_turn")]
    assert len(state.delayed) == 1 and state.delayed[0].refers_to == "target"


def test_the_exiled_card_returns_at_the_next_end_step_as_a_new_object_and_the_thief_stays_a_copy():
    state = play_out(thief(more="  - next: end\n  - resolve\n")).state
    bears = state.obj("target")
    assert (bears.zone, bears.controller, bears.tapped) == (Zone.BATTLEFIELD, "Bob", False)
    assert bears.moves == 2  # exiled, then put onto the battlefield: a new object (400.7)
    assert values(state, "thief").name == "Grizzly Bears"  # the ruling: still a copy
    assert state.delayed == ()
    assert state.player("Bob").life == 18  # the Thief attacked as a 2/2 copy


def test_in_cleanup_the_copy_effect_ends():
    state = play_out(thief(more="  - next: cleanup\n")).state
    chars = values(state, "thief")
    assert (chars.name, chars.power, chars.toughness) == ("Identity Thief", 0, 3)
    assert state.obj("target").zone is Zone.BATTLEFIELD


def test_choosing_not_to_exile_does_nothing():
    state = play_out(thief(may="no", more="  - next: end\n")).state
    assert state.obj("target").zone is Zone.BATTLEFIELD
    assert values(state, "thief").name == "Identity Thief"
    assert not state.stack and not state.delayed
    assert not [e for e in state.effects if e.copy_of is not None]


def test_a_target_that_is_itself_a_copy_refuses_rather_than_copying_the_card_in_exile():
    # a Clone that entered as a copy of the Bears: as it last existed it had the Bears'
    # values (707.2, 707.3); the card in exile is a 0/0 Clone: the play-out refuses
    alice = "      - {card: Grizzly Bears, id: bears}\n"
    text = THIEF.format(bob="Clone", may="yes", more="", alice=alice).replace(
        "{card: Clone, id: target}", "{card: Clone, id: target, copy_of: bears}"
    )
    case = read_case(text.encode(), "seed.yaml")
    with pytest.raises(Refused, match="as it last existed"):
        play_out(case)


def test_the_delayed_return_finds_nothing_once_the_card_left_exile():
    # CR 603.7c, 400.7: a card that left exile and came back is a new object
    case = thief(more="  - next: end\n")
    state = play_out(case).state
    assert state.stack and state.stack[0].delayed is not None
    state, _ = move(state, "target", Zone.GRAVEYARD)
    state, _ = move(state, "target", Zone.EXILE)
    after = resolve_top(Game(state), case, None, None)
    assert after.state.obj("target").zone is Zone.EXILE
    assert any("changed zones" in s.text for s in after.steps)


VIZIER = """\
id: seed
game: {{turn: 5, active_player: Alice, {phase}}}
players:
  - name: Alice
    battlefield: [Island, Island, Island, Island, Island]
    graveyard:
      - {{card: Vizier of Many Faces, id: vizier}}
  - name: Bob
    battlefield:
      - {{card: Grizzly Bears, id: bears}}
actions:
  - activate: {{object: vizier, ability: 2}}
{more}question:
  state: [life]
"""


def vizier(more: str = "", phase: str = "phase: precombat_main"):
    return read_case(VIZIER.format(more=more, phase=phase).encode(), "seed.yaml")


def test_embalm_exiles_the_card_as_its_cost_before_the_ability_resolves():
    state = play_out(vizier()).state
    assert state.obj("vizier").zone is Zone.EXILE  # paid at once (702.128a, 602.2b)
    assert len(state.stack) == 1 and state.stack[0].ability_of == "vizier"
    assert all(o.tapped for o in state.in_zone(Zone.BATTLEFIELD, "Alice"))


def test_the_embalm_token_enters_as_a_copy_with_the_embalmed_exceptions():
    state = play_out(vizier("  - resolve\n  - choose: {object: bears}\n")).state
    token = state.obj("vizier-embalmed")
    assert token.token and token.embalmed and token.zone is Zone.BATTLEFIELD
    chars = characteristics(state, token)
    assert (chars.name, chars.power, chars.toughness) == ("Grizzly Bears", 2, 2)
    assert chars.colors == frozenset({"W"})
    assert "Zombie" in chars.subtypes and "Bear" in chars.subtypes
    assert copiable_values(state, token).mana_cost.mana_value() == 0
    assert state.obj("vizier").zone is Zone.EXILE


def test_the_embalm_token_copying_nothing_is_a_0_0_white_zombie_that_dies():
    game = play_out(vizier("  - resolve\n  - choose: {may: no}\n"))
    assert "vizier-embalmed" not in game.state._by_id  # to the graveyard, then gone (704.5d)
    said = " ".join(s.text for s in game.steps)
    assert "toughness 0" in said and "ceases to exist" in said


def test_embalm_is_sorcery_speed():
    answer = evaluate(vizier(phase="phase: ending, step: end"))
    assert answer.value == "no"


def test_an_effect_script_entry_names_a_known_instruction_and_subject():
    script = script_from_data(
        [
            {"may": [{"exile": "target"}]},
            {"if_you_do": [{"become_copy": {"what": "self", "of": "target"}}]},
            {
                "delayed": {
                    "when": "next_end_step",
                    "then": [{"move": {"what": "that", "zone": "battlefield"}}],
                }
            },
        ]
    )
    may, if_you_do, delayed = script.steps
    assert isinstance(may, May) and may.then.steps == (Exile(may.then.steps[0].what),)
    assert isinstance(if_you_do, IfYouDo) and isinstance(if_you_do.then.steps[0], BecomeCopy)
    assert isinstance(delayed, Delayed) and isinstance(delayed.then.steps[0], Move)
    with pytest.raises(ValueError, match="unknown effect instruction"):
        script_from_data([{"fight": "target"}])
    with pytest.raises(ValueError, match="unknown subject"):
        script_from_data([{"exile": "everything"}])


def test_a_bad_inline_script_is_a_diagnostic_not_a_crash():
    with pytest.raises(CaseError) as raised:
        read_case(BAD_SCRIPT.encode(), "bad.yaml")
    assert "C012" in str(raised.value) and "effect subject" in str(raised.value)


BAD_SCRIPT = """\
id: bad
cards:
  - name: Test Bad
    mana_cost: "{R}"
    types: [Creature]
    power: 1
    toughness: 1
    abilities:
      - triggered:
          when: Whenever it attacks
          event: attacks
          effect: {does: "x", script: [{exile: everything}]}
game: {turn: 3, active_player: Alice, phase: precombat_main}
players:
  - name: Alice
    battlefield: [Test Bad]
  - name: Bob
question:
  can_attack: Test Bad
"""


def test_a_card_that_would_enter_as_a_copy_is_not_put_onto_the_battlefield_unread():
    # CR 614.1c, 707.5: a returning Clone would choose what it copies as it enters; an
    # effect putting it onto the battlefield doesn't play that out yet: refused, not a 0/0
    text = """\
id: seed
game: {turn: 5, active_player: Alice, phase: ending, step: end}
players:
  - name: Alice
    battlefield:
      - {card: Identity Thief, id: thief}
  - name: Bob
    exile:
      - {card: Clone, id: clone}
question:
  state: [life]
"""
    state = read_case(text.encode(), "seed.yaml").state
    ctx = Resolving(source=state.obj("thief"), controller="Alice", refers_to="clone")
    with pytest.raises(Unsupported, match="may change how it enters"):
        onto_battlefield(state, Move(Subject("that"), "battlefield"), ctx)
    grizzly = text.replace("Clone, id: clone", "Grizzly Bears, id: clone")
    state = read_case(grizzly.encode(), "seed.yaml").state
    after = onto_battlefield(state, Move(Subject("that"), "battlefield"), ctx)
    assert after.obj("clone").zone is Zone.BATTLEFIELD and after.obj("clone").controller == "Bob"
    assert [e.to_zone for e in ctx.events] == ["battlefield"]  # what enters triggers see
