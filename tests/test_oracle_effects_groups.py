"""Groups and objects chosen on resolution in the effect reader (docs/effects.md, "Groups
and objects chosen on resolution"): what a wrong reader or play-out gets wrong. The
sentences are the project's own, of the corpus's shapes; real cards are read from the
corpus at test time.
"""

from __future__ import annotations

import pytest

from mtgrules.cards.effects import Destroy, Move, Subject, Tap
from mtgrules.cards.oracle.effects import read_effect
from mtgrules.cards.oracle.statics import read_group
from mtgrules.cards.statics import Group
from mtgrules.caseio.case import read_case
from mtgrules.model.state import Zone
from mtgrules.play.engine import play_out
from tests.test_oracle_effects import read
from tests.test_oracle_effects_library import corpus  # noqa: F401 - a fixture


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


def test_real_sweepers_read_as_groups(corpus):  # noqa: F811 - the fixture
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
