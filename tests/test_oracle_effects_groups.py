"""Groups and objects chosen on resolution in the effect reader (docs/effects.md, "Groups
and objects chosen on resolution"): what a wrong reader or play-out gets wrong. The
sentences are the project's own, of the corpus's shapes; real cards are read from the
corpus at test time.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mtgrules.cards.effect_codec import dumps, loads
from mtgrules.cards.effects import (
    SELF,
    YOU,
    Amount,
    DealDamage,
    Destroy,
    Exile,
    IfYouDo,
    May,
    Move,
    Sacrifice,
    Subject,
    Tap,
)
from mtgrules.cards.effects_groups import Selection
from mtgrules.cards.effects_library import CardKinds
from mtgrules.cards.oracle.effects import read_effect
from mtgrules.cards.oracle.statics import read_group
from mtgrules.cards.statics import Group
from mtgrules.caseio.case import read_case
from mtgrules.model.state import Zone
from mtgrules.play.engine import play_out
from tests.test_oracle_effects import read


def own(text: str, kind: str = "spell"):
    return read_effect(text, "Test Card", kind)


def each(**group) -> Subject:
    return Subject("each", group=Group(**group))


@pytest.mark.parametrize(
    ("text", "step"),
    [
        ("Destroy every nonland permanent.", None),
        (
            "Destroy all nonland permanents.",
            Destroy(each(noun="permanent", adjectives=("nonland",), whose="any")),
        ),
        (
            "Tap all nonblue creatures your opponents control.",
            Tap(each(adjectives=("nonblue",), whose="opponents")),
        ),
        (
            "Return all noncreature artifacts to their owners' hands.",
            Move(each(noun="artifact", adjectives=("noncreature",), whose="any"), "hand"),
        ),
    ],
)
def test_a_group_that_leaves_out_a_type_or_a_color(text, step):
    """CR 205.2a, 105.2: "nonland permanents" are the permanents that aren't lands (unread
    before: the group reader refused the adjective)."""
    script = own(text)
    if step is None:  # "every" is no quantifier the grammar reads
        assert not script.complete
        return
    assert script.complete and script.steps == (step,)


def test_negated_adjectives_are_types_colors_or_basic_only():
    assert read_group("Nonland permanents").adjectives == ("nonland",)
    assert read_group("Nonbasic lands").adjectives == ("nonbasic",)
    assert read_group("Nonsense permanents") is None  # not a type, color or supertype
    assert read_group("Nonelf creatures") is None


def test_real_sweepers_read_as_groups(corpus):
    script = read(corpus, "Planar Cleansing")
    assert script.complete
    assert script.steps == (Destroy(each(noun="permanent", adjectives=("nonland",), whose="any")),)


_HEAD = """\
id: groups
cards:
  - name: Test Wipe
    mana_cost: "{B}"
    types: [Sorcery]
    abilities:
      - spell: {does: "Destroy all nonland permanents."}
  - name: Test Idol
    mana_cost: "{1}"
    types: [Artifact]
game: {turn: 3, active_player: Alice, phase: precombat_main}
players:
  - name: Alice
    battlefield: [{card: Swamp, id: s1}, {card: Grizzly Bears, id: mine}, {card: Test Idol, id: idol}]
    hand: [{card: Test Wipe, id: wipe}]
  - name: Bob
    battlefield: [{card: Forest, id: f1}, {card: Llanowar Elves, id: elves}]
actions: [{cast: wipe, pay: [s1]}, resolve]
question: {state: [life]}
"""


def test_a_nonland_group_destroys_every_nonland_and_no_land():
    """The play-out's group check knows "nonland" (205.2a): before, a word it didn't know
    was taken for a subtype, and no permanent was in the group."""
    game = play_out(read_case(_HEAD.encode(), "groups.yaml"))
    zones = {oid: game.state.obj(oid).zone for oid in ("s1", "mine", "idol", "f1", "elves")}
    assert zones == {
        "s1": Zone.BATTLEFIELD,
        "mine": Zone.GRAVEYARD,
        "idol": Zone.GRAVEYARD,
        "f1": Zone.BATTLEFIELD,
        "elves": Zone.GRAVEYARD,
    }


def chosen(**selection) -> Subject:
    return Subject("selection", selection=Selection(**selection))


@pytest.mark.parametrize(
    ("text", "steps"),
    [
        (
            "Return a land you control to its owner's hand.",
            (Move(chosen(group=Group(noun="land"), count=1), "hand"),),
        ),
        (
            "Exile all creature cards from your graveyard.",
            (Exile(chosen(zone="graveyard", cards=CardKinds(any_types=("Creature",)))),),
        ),
        (
            "Return all land cards from your graveyard to the battlefield tapped.",
            (
                Move(
                    chosen(zone="graveyard", cards=CardKinds(any_types=("Land",))),
                    "battlefield",
                    under="you",
                    tapped=True,
                ),
            ),
        ),
        (
            "Put all artifact cards from all graveyards onto the battlefield under your control.",
            (
                Move(
                    chosen(zone="graveyard", whose="all", cards=CardKinds(any_types=("Artifact",))),
                    "battlefield",
                    under="you",
                ),
            ),
        ),
        (
            # a plural list joins the kinds: each card that is an instant or a sorcery
            "Return all instant and sorcery cards from your graveyard to your hand.",
            (
                Move(
                    chosen(zone="graveyard", cards=CardKinds(any_types=("Instant", "Sorcery"))),
                    "hand",
                ),
            ),
        ),
        (
            "Exile a card from a graveyard.",
            (Exile(chosen(zone="graveyard", whose="any", cards=CardKinds(), count=1)),),
        ),
        (
            "Return an artifact card at random from your graveyard to your hand.",
            (
                Move(
                    chosen(
                        zone="graveyard",
                        cards=CardKinds(any_types=("Artifact",)),
                        count=1,
                        at_random=True,
                    ),
                    "hand",
                ),
            ),
        ),
        (
            "You may put a card from your hand on the bottom of your library. If you do, "
            "draw two cards.",
            (
                May(own("Put a card from your hand on the bottom of your library.")),
                IfYouDo(own("Draw two cards.")),
            ),
        ),
        (
            "Sacrifice all creatures you control.",
            (Sacrifice(YOU, each(whose="you")),),
        ),
    ],
)
def test_groups_of_cards_and_objects_chosen_on_resolution(text, steps):
    """CR 608.2c-d, 115.1: none of these is a target; each names the cards or the choice
    (who chooses: the controller; from where; how many; at random). All were unread."""
    script = own(text)
    assert script.complete, script.unread
    assert script.steps == steps
    assert loads(dumps(script)) == script  # the stored reading round-trips


@pytest.mark.parametrize(
    "text",
    [
        "Return all artifact cards at random from your graveyard to your hand.",  # "all" at random
        "Return an artifact and enchantment card from your graveyard to your hand.",
        "Each player sacrifices all creatures you control.",  # only their own (701.21a)
        "Sacrifice all creatures.",  # not only yours
        # an enchanted creature may be another player's (701.21a); unread before too
        "Sacrifice enchanted creature.",
        "Return a land you control to the battlefield.",
        # "it" after a choice would choose again: left unread
        "Exile a card from a graveyard. Put a +1/+1 counter on it.",
        # cards from a hand onto the battlefield are put_from_hand's, never a second reading
        "You may put an artifact card from your hand onto the battlefield.",
    ],
)
def test_what_the_choices_leave_unread(text):
    script = own(text)
    if text.startswith("You may put an artifact card"):
        assert script.complete and type(script.steps[0].then.steps[0]).__name__ == "PutFromHand"
        return
    assert not script.complete


_CHOICES = """id: chosen
cards:
  - name: Test Retreat
    mana_cost: "{U}"
    types: [Instant]
    abilities:
      - spell: {does: "Return a creature you control to its owner's hand."}
  - name: Test Purge
    mana_cost: "{U}"
    types: [Sorcery]
    abilities:
      - spell: {does: "Sacrifice all creatures you control."}
  - name: Test Recall
    mana_cost: "{U}"
    types: [Sorcery]
    abilities:
      - spell: {does: "Exile all creature cards from your graveyard."}
game: {turn: 3, active_player: Alice, phase: precombat_main}
players:
  - name: Alice
    battlefield: [{card: Island, id: i1}, {card: Grizzly Bears, id: bears}, {card: Llanowar Elves, id: elves}]
    hand: [{card: Test Retreat, id: retreat}, {card: Test Purge, id: purge}, {card: Test Recall, id: recall}]
    graveyard: [{card: Grizzly Bears, id: dead}]
  - name: Bob
    battlefield: [{card: Grizzly Bears, id: theirs}]
question: {state: [life]}
"""


def _played(actions: str):
    return play_out(read_case(f"{_CHOICES}actions: {actions}\n".encode(), "chosen.yaml"))


def test_a_chosen_permanent_is_the_controllers_own_choice_not_a_target():
    """608.2d: the caster chooses one creature they control as it resolves (a target's
    phrase would have let Bob's be chosen; before, the sentence was unread)."""
    game = _played("[{cast: retreat, pay: [i1]}, resolve, {choose: {object: elves}}]")
    assert game.state.obj("elves").zone is Zone.HAND
    assert game.state.obj("bears").zone is Zone.BATTLEFIELD
    assert game.state.obj("theirs").zone is Zone.BATTLEFIELD
    assert any("608.2d" in s.rules for s in game.steps)


def test_sacrificing_all_creatures_you_control_leaves_the_opponents():
    game = _played("[{cast: purge, pay: [i1]}, resolve]")
    assert game.state.obj("bears").zone is Zone.GRAVEYARD
    assert game.state.obj("elves").zone is Zone.GRAVEYARD
    assert game.state.obj("theirs").zone is Zone.BATTLEFIELD


def test_cards_in_a_graveyard_are_read_but_refused_on_resolution():
    """Not played out yet: refused, naming the words, never a guess."""
    from mtgrules.play.game import Refused
    from mtgrules.rules import Unsupported

    with pytest.raises((Unsupported, Refused)) as stop:
        _played("[{cast: recall, pay: [i1]}, resolve]")
    assert "all creature cards in your graveyard" in str(stop.value)


@pytest.mark.parametrize(
    ("text", "group"),
    [
        (
            "Test Card deals 2 damage to each creature without flying.",
            {"without_keyword": "flying"},
        ),
        ("Test Card deals 2 damage to each creature with flying.", {"with_keyword": "flying"}),
        (
            "Test Card deals 2 damage to each creature your opponents control without flying.",
            {"without_keyword": "flying", "whose": "opponents"},
        ),
    ],
)
def test_a_group_with_or_without_a_keyword(text, group):
    """Unread before: "without flying" after a group's noun."""
    script = own(text)
    assert script.complete
    fields = {"whose": "any", **group}
    assert script.steps == (DealDamage(Amount(2), each(**fields), SELF),)
    assert loads(dumps(script)) == script


def test_damage_to_each_creature_without_flying_spares_the_flyer():
    """The group's check tests the keyword (CR 702.9a) on the characteristics it has."""
    case = read_case(
        (
            Path(__file__).parent.parent
            / "cases/playout-resolution/damage-each-creature-without-flying.yaml"
        ).read_bytes(),
        "without-flying.yaml",
    )
    game = play_out(case)
    assert game.state.obj("bird").zone is Zone.BATTLEFIELD
    assert game.state.obj("bird").damage == 0
    assert game.state.obj("bears").zone is Zone.GRAVEYARD


# -- a group acted on, then named again (CR 400.7, 610.3) ---------------------------------


@pytest.mark.parametrize(
    "text",
    [
        # the delayed return means the exiled cards, which the group no longer finds
        "Exile all creatures you control. At the beginning of the next end step, return those "
        "cards to the battlefield under their owners' control.",
        "Destroy all artifacts. Return them to the battlefield under their owners' control.",
    ],
)
def test_a_group_named_again_after_it_moved_stays_unread(text):
    script = read_effect(text, "Test Card", "spell")
    assert not script.complete and not script.steps


def test_the_destructions_own_rider_still_reads():
    """ "They can't be regenerated." modifies the destruction (701.19c): still read."""
    script = read_effect("Destroy all creatures. They can't be regenerated.", "X", "spell")
    assert script.complete and len(script.steps) == 2
