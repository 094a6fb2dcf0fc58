"""The mana forms of the Oracle parser's third pass, and what the mana rules answer for them.

Filter lands (one group of symbols among several), riders on spending the mana
(CR 106.6), "Activate only if ..." (CR 602.5b), "for each [type] you control",
amounts mtgrules doesn't compute, and the new cost parts. The card texts below
are written for the tests (template shapes, not any card's words).
"""

from __future__ import annotations

import json

import pytest

from mtgrules.cards.oracle.abilities import parse_abilities
from mtgrules.cards.vocabulary import AbilityKind
from mtgrules.rules.mana.abilities import is_mana_ability
from tests.conftest import run_cli


def one(text: str, name: str = "Test Card"):
    (ability,) = parse_abilities(text, (), (), name)
    return ability


def test_filter_land_groups():
    a = one("{B/G}, {T}: Add {B}{B}, {B}{G}, or {G}{G}.")
    assert a.kind is AbilityKind.ACTIVATED
    assert a.effect.adds_mana.choices == (("B", "B"), ("B", "G"), ("G", "G"))
    assert a.effect.adds_mana.types == frozenset("BG")
    assert is_mana_ability(a)
    two = one("{T}: Add {C} or {C}{C}.")
    assert two.effect.adds_mana.choices == (("C",), ("C", "C"))
    assert two.render() == "{T}: Add {C} or {C}{C}."


def test_spending_rider_is_kept_and_stays_a_mana_ability():
    a = one("{T}: Add {R}{R}. Spend this mana only to cast sorcery spells.")
    mana = a.effect.adds_mana
    assert mana.fixed == ("R", "R") and mana.rider.startswith("Spend this mana only")
    assert is_mana_ability(a)  # CR 106.6: the rider doesn't stop it adding mana
    # a rider that mentions activating is a rider, not an activation restriction
    b = one("{T}: Add {U}. Spend this mana only to activate abilities.")
    assert b.kind is AbilityKind.ACTIVATED and b.effect.adds_mana.rider


def test_rider_that_targets_is_not_read():
    a = one("{T}: Add {R}. When that mana is spent, you may choose new targets for it.")
    assert a.kind is AbilityKind.UNMODELED


def test_activation_condition():
    a = one("{T}: Add {W} or {B}. Activate only if you control an Island.")
    assert a.condition == "Activate only if you control an Island"
    assert a.effect.adds_mana.one_of == ("W", "B")
    assert is_mana_ability(a)
    assert a.render().endswith("Activate only if you control an Island.")


@pytest.mark.parametrize(
    ("text", "for_each"),
    [
        ("{2}, {T}: Add {B} for each Swamp you control.", "Swamp you control"),
        ("{T}: Add {G} for each basic Forest you control.", "basic Forest you control"),
        ("{T}: Add {W} for each enchantment you control.", "enchantment you control"),
        ("{T}: Add {G} for each Elf on the battlefield.", "Elf on the battlefield"),
    ],
)
def test_for_each_counted(text, for_each):
    a = one(text)
    assert a.effect.adds_mana.for_each == for_each
    assert a.render() == text


@pytest.mark.parametrize(
    "text",
    [
        "{T}: Add X mana of any one color, where X is the number of Knights you control.",
        "{T}: Add an amount of {G} equal to Test Card's power.",
        "{T}: Add one mana of any color in your commander's color identity.",
        "{T}: Add {G} for each +1/+1 counter on Test Card.",
        "{T}: Add {C}. If you control four lands, add {C}{C} instead.",
    ],
)
def test_amounts_mtgrules_does_not_compute_keep_the_words(text):
    a = one(text)
    assert a.kind is AbilityKind.ACTIVATED
    assert a.effect.adds_mana.depends  # the whole "Add ..." text, the card's words
    assert a.render() == text
    assert is_mana_ability(a)


@pytest.mark.parametrize(
    ("text", "kind", "what", "zone"),
    [
        ("Tap three untapped Elves you control: Add {G}{G}{G}.", "tap_untapped", "Elves", None),
        ("Sacrifice an artifact: Add {C}{C}.", "sacrifice", "artifact", None),
        ("Sacrifice a Goblin: Add {R}.", "sacrifice", "Goblin", None),
        (
            "Discard your hand, Sacrifice Test Card: Add three mana of any one color.",
            "discard_hand",
            "",
            None,
        ),
        ("Exile Test Card from your hand: Add {G}.", "exile_self", "", "hand"),
    ],
)
def test_new_cost_parts(text, kind, what, zone):
    a = one(text)
    assert a.kind is AbilityKind.ACTIVATED
    part = a.cost.parts[0]
    assert part.kind == kind and part.counter == what
    if zone:
        assert a.zone == zone
    assert is_mana_ability(a)


@pytest.fixture(scope="module")
def ask(imported_2022, tmp_path_factory):
    folder = tmp_path_factory.mktemp("mana3")

    def run(battlefield: list[str], question: str, hand: tuple[str, ...] = ()) -> dict:
        path = folder / f"case{len(list(folder.iterdir()))}.yaml"
        path.write_text(
            "game: {turn: 5, active_player: Alice, phase: precombat_main}\n"
            "players:\n"
            f"  - name: Alice\n    battlefield: {json.dumps(battlefield)}\n"
            f"    hand: {json.dumps(list(hand))}\n"
            "  - name: Bob\n"
            f"question: {question}\n",
            encoding="utf-8",
        )
        done = run_cli("check", "--format", "json", str(path), env=imported_2022)
        return json.loads(done.stdout[: done.stdout.rindex("}") + 1])["results"][0]

    return run


def test_filter_land_needs_the_group_chosen(ask):
    found = ask(["Mystic Gate"], "{mana_produced: {object: Mystic Gate, ability: 2}}")
    assert found["status"] == "unsupported" and "WW, WU, UU" in found["unsupported"]
    found = ask(
        ["Mystic Gate"], "{mana_produced: {object: Mystic Gate, ability: 2, choose: [U, U]}}"
    )
    assert found["answer"] == "{U}{U}"


def test_commander_identity_is_unsupported_but_still_a_mana_ability(ask):
    found = ask(["Command Tower"], "{could_produce: Command Tower}")
    assert found["status"] == "unsupported" and "commander" in found["unsupported"]
    found = ask(["Command Tower"], "{is_mana_ability: {object: Command Tower, ability: 1}}")
    assert found["answer"] == "yes"


def test_paying_with_restricted_or_conditional_mana_is_unsupported(ask):
    for land in ("Ancient Ziggurat", "Tainted Isle"):
        found = ask([land, "Swamp"], "{can_cast: Llanowar Elves, pay: true}", ("Llanowar Elves",))
        assert found["status"] == "unsupported", land
        assert "paying with" in found["unsupported"]


@pytest.mark.parametrize(("others", "answer"), [([], "no"), (["Swamp"], "yes")])
def test_activating_with_a_board_condition_checks_it(ask, others, answer):
    """CR 602.5b: Tainted Isle's mana ability only while its controller controls a Swamp
    (it was refused while conditions weren't read)."""
    found = ask(["Tainted Isle", *others], "{can_activate: {object: Tainted Isle, ability: 2}}")
    assert found["answer"] == answer, found
    assert any("602.5b" in r["rules"] and "Swamp" in r["text"] for r in found["reasons"])


def test_counting_subtypes_of_one_player(ask):
    found = ask(
        ["Cabal Coffers", "Swamp", "Swamp"], "{mana_produced: {object: Cabal Coffers, ability: 1}}"
    )
    assert found["answer"] == "{B}{B}"
    found = ask(["Cabal Coffers", "Forest"], "{could_produce: Cabal Coffers}")
    assert found["answer"] == []  # no Swamp: it would add no mana now


def test_ninjutsu_is_an_activated_ability_from_a_hand():
    from mtgrules.rules.keywords import activated_form

    (keyword,) = parse_abilities("Ninjutsu {1}{U}", ("Ninjutsu",))
    form, rules = activated_form(keyword)
    assert rules == ("702.49a",) and form.zone == "hand"
    assert [p.kind for p in form.cost.parts] == ["return_unblocked_attacker"]
    assert not is_mana_ability(form)


@pytest.mark.parametrize(
    ("text", "keyword"),
    [
        ("Surge {1}{R}", "surge"),
        ("Spectacle {B}{R}", "spectacle"),
        ("Mobilize 2", "mobilize 2"),
        ("Increment", "increment"),
        ("Mayhem {1}{R}", "mayhem"),
        ("Flying, protection from black and from red", "protection from black and from red"),
    ],
)
def test_keywords_judged_by_name(text, keyword):
    found = parse_abilities(text, (text.split()[0].rstrip(","),))
    assert all(a.kind is AbilityKind.KEYWORD for a in found)
    assert found[-1].keyword == keyword


def test_ninjutsu_activation_is_unsupported(ask):
    found = ask(
        [],
        "{can_activate: {object: Ninja of the Deep Hours, ability: 1}}",
        ("Ninja of the Deep Hours",),
    )
    assert found["status"] == "unsupported" and "return_unblocked_attacker" in found["unsupported"]


def test_ability_word_is_kept_for_rendering_and_nothing_else():
    a = one(
        "Ferocious — {T}: Add {G}{G}. Activate only if you control a creature with power 4 or greater."
    )
    assert a.ability_word == "Ferocious" and a.condition.startswith("Activate only if")
    assert a.render().startswith("Ferocious — {T}: Add {G}{G}.")
    assert is_mana_ability(a)
    # "Max speed" is not an ability word (it has rules of its own): not read
    assert one("Max speed — {T}: Add {R}{R}.").kind is AbilityKind.UNMODELED


def test_mana_produced_with_a_condition_says_it_is_assumed(ask):
    found = ask(
        ["Tainted Isle"], "{mana_produced: {object: Tainted Isle, ability: 2, choose: [B]}}"
    )
    assert found["answer"] == "{B}"
    notes = [r for r in found["reasons"] if "602.5b" in r["rules"]]
    assert notes and notes[0]["holds"] is None and "isn't checked" in notes[0]["text"]


def test_counting_a_subtype_with_a_changeling_around_is_unsupported(ask):
    question = "{mana_produced: {object: Priest of Titania, ability: 1}}"
    found = ask(["Priest of Titania", "Llanowar Elves"], question)
    assert found["answer"] == "{G}{G}"
    found = ask(["Priest of Titania", "Avian Changeling"], question)
    assert found["status"] == "unsupported" and "every creature type" in found["unsupported"]
