"""`can_activate` with `pay: true` (CR 602.2b, 601.2g-h, 107.3a, 107.4e, 107.5) and the
`activated_this_turn` fact (602.5b, 606.3)."""

from __future__ import annotations

import pytest

from mtgrules.caseio.diagnostics import CaseError
from mtgrules.rules.mana.flow import ANY, Demand
from tests.helpers_cast import answer_of, case_of, failed

FILTER = """
cards:
  - name: Test Filter
    types: [Land]
    abilities:
      - activated: {cost: "{T}", effect: {add_mana: "{C}"}}
      - activated:
          cost: "{W/U}, {T}"
          effect: {does: "Draw a card"}
  - name: Test Phyrexian
    mana_cost: "{2}"
    types: [Artifact]
    abilities:
      - activated:
          cost: "{B/P}"
          effect: {does: "Draw a card"}
  - name: Test Pinger
    mana_cost: "{1}{R}"
    types: [Creature]
    power: 1
    toughness: 1
    abilities:
      - activated:
          cost: "{1}, {T}"
          targets: true
          effect: {does: "Deal 1 damage to any target"}
  - name: Test Sentry
    mana_cost: "{2}"
    types: [Artifact]
    abilities:
      - activated:
          cost: "{1}"
          once_each_turn: true
          effect: {does: "Scry 1"}
      - activated:
          cost: "{0}"
          effect: {does: "Scry 1"}
  - name: Test Flooder
    mana_cost: "{2}"
    types: [Enchantment]
    abilities:
      - unmodeled: Lands tapped for mana produce colorless mana instead of any other type.
"""


def activate(permanents: str, question: str, pool: str = ""):
    """Ask `can_activate` about a board of Alice's permanents, in her main phase."""
    board = (
        "game: {turn: 5, active_player: Alice, phase: precombat_main}\n"
        "players:\n"
        f"  - {{name: Alice, mana_pool: '{pool}', battlefield: [{permanents}]}}\n"
        "  - name: Bob\n"
        f"question: {{can_activate: {question}}}\n"
    )
    return answer_of(FILTER + board)


def notes(answer) -> str:
    return " ".join(r.text for r in answer.reasons if r.holds is None)


def test_the_other_land_pays_the_generic_part_of_a_tap_ability():
    answer = activate(
        "{card: Mind Stone, id: s}, {card: Forest}", "{object: s, ability: 2, pay: true}"
    )
    assert answer.value == "yes"
    assert any("Forest" in r.text and r.holds for r in answer.reasons)


def test_the_source_itself_cant_tap_for_mana_for_its_own_tap_cost():
    answer = activate("{card: Mind Stone, id: s}", "{object: s, ability: 2, pay: true}")
    assert answer.value == "no"
    assert "601.2h" in failed(answer)
    assert "can't also be tapped for mana" in notes(answer)


def test_without_a_tap_symbol_the_source_may_pay_its_own_cost():
    # Mutavault's "{1}: becomes a creature" has no {T}: its own {T}: Add {C} pays it
    answer = activate("{card: Mutavault, id: v}", "{object: v, ability: 2, pay: true}")
    assert answer.value == "yes"
    assert "can't also be tapped" not in notes(answer)


def test_without_pay_the_mana_is_only_noted():
    answer = activate("{card: Mind Stone, id: s}", "{object: s, ability: 2}")
    assert answer.value == "yes"
    assert "pay: true" in notes(answer)


def test_the_mana_pool_pays_before_any_source():
    answer = activate("{card: Mind Stone, id: s}", "{object: s, ability: 2, pay: true}", pool="{R}")
    assert answer.value == "yes"


@pytest.mark.parametrize(
    ("x", "forests", "expected"),
    [(2, 2, "yes"), (3, 2, "no"), (None, 0, "yes")],
)
def test_x_is_paid_as_announced(x, forests, expected):
    lands = "".join(", {card: Forest}" for _ in range(forests))
    given = f", x: {x}" if x is not None else ""
    answer = activate(
        "{card: Candelabra of Tawnos, id: c}" + lands, f"{{object: c, pay: true{given}}}"
    )
    assert answer.value == expected
    if x is None:
        assert "as 0" in notes(answer)


def test_x_for_a_cost_without_x_is_noted():
    answer = activate("{card: Mind Stone, id: s}, {card: Forest}", "{object: s, ability: 2, x: 3}")
    assert "no {X}" in notes(answer)


@pytest.mark.parametrize(("land", "expected"), [("Island", "yes"), ("Forest", "no")])
def test_a_hybrid_symbol_is_paid_by_either_half(land, expected):
    answer = activate(
        f"{{card: Test Filter, id: t}}, {{card: {land}}}", "{object: t, ability: 2, pay: true}"
    )
    assert answer.value == expected


def test_a_twobrid_symbol_is_read_both_ways():
    readings = list(Demand.of(("2/W", "U")).readings())
    assert readings == [
        {frozenset("W"): 1, frozenset("U"): 1},
        {ANY: 2, frozenset("U"): 1},
    ]


def test_a_summoning_sick_mana_creature_cant_pay():
    sick = "{card: Icy Manipulator, id: icy}, {card: Llanowar Elves, entered_this_turn: true}"
    answer = activate(sick, "{object: icy, pay: true}")
    assert answer.value == "no"
    assert "summoning sickness" in notes(answer)


def test_a_summoning_sick_source_cant_pay_its_own_tap():
    answer = activate(
        "{card: Test Pinger, id: h, entered_this_turn: true}, {card: Forest}",
        "{object: h, pay: true}",
    )
    assert answer.value == "no"
    assert "302.6" in failed(answer)


@pytest.mark.parametrize(
    ("permanents", "question"),
    [
        # an ability mtgrules only describes might change the mana a land makes
        (
            "{card: Mind Stone, id: s}, {card: Forest}, {card: Test Flooder}",
            "{object: s, ability: 2, pay: true}",
        ),
    ],
)
def test_what_can_cast_cant_pay_is_unsupported_here_too(permanents, question):
    assert activate(permanents, question).unsupported


@pytest.mark.parametrize(
    ("permanents", "paid_by"), [("{card: Swamp}", "Swamp for {B}"), ("", "2 life")]
)
def test_phyrexian_mana_in_an_activation_cost_is_paid_with_mana_or_life(permanents, paid_by):
    """CR 107.4f: {B/P} is paid with black mana or, without it, 2 life (this was a refusal)."""
    answer = activate(
        ", ".join(p for p in ("{card: Test Phyrexian, id: p}", permanents) if p),
        "{object: p, ability: 1, pay: true}",
    )
    assert answer.value == "yes"
    assert any(paid_by in r.text and "107.4f" in r.rules for r in answer.reasons)


def test_a_replacement_on_tapping_for_mana_is_applied_when_paying():
    """CR 106.12b: under Mana Reflection a Forest makes {G}{G}: Mind Stone's {1} (the Stone
    itself kept untapped for its {T}) is paid by it (this used to be a refusal)."""
    answer = activate(
        "{card: Mind Stone, id: s}, {card: Forest}, {card: Mana Reflection}",
        "{object: s, ability: 2, pay: true}",
    )
    assert answer.value == "yes"
    assert any("Forest for {G}{G}" in r.text for r in answer.reasons)


def test_a_zero_cost_needs_no_mana():
    answer = activate("{card: Test Sentry, id: t}", "{object: t, ability: 2}")
    assert answer.value == "yes"
    assert any(r.holds and "needs no mana" in r.text for r in answer.reasons)


@pytest.mark.parametrize(
    ("fact", "expected", "holds"),
    [
        ("", "yes", None),
        (", activated_this_turn: []", "yes", True),
        (", activated_this_turn: [1]", "no", False),
        (", activated_this_turn: [2]", "yes", True),
    ],
)
def test_once_each_turn_follows_activated_this_turn(fact, expected, holds):
    answer = activate(f"{{card: Test Sentry, id: t{fact}}}", "{object: t, ability: 1}")
    assert answer.value == expected
    [once] = [r for r in answer.reasons if "602.5b" in r.rules]
    assert once.holds is holds


@pytest.mark.parametrize(("done", "expected"), [("[1]", "no"), ("[]", "yes")])
def test_a_loyalty_ability_listed_counts_for_one_per_turn(done, expected):
    answer = activate(
        f"{{card: Gideon Jura, id: g, counters: {{loyalty: 6}}, activated_this_turn: {done}}}",
        "{object: g, ability: 3}",
    )
    assert answer.value == expected
    [once] = [r for r in answer.reasons if "606.3" in r.rules and "activated" in r.text]
    assert once.holds is (expected == "yes")


def diagnostics(permanent: str) -> list[str]:
    with pytest.raises(CaseError) as err:
        case_of(
            f"""
            game: {{turn: 5, active_player: Alice, phase: precombat_main}}
            players:
              - name: Alice
                battlefield: [{permanent}]
              - name: Bob
            question: {{can_activate: {{object: g}}}}
            """
        )
    return [d.code for d in err.value.diagnostics]


def test_an_ability_number_the_object_lacks_is_reported():
    assert diagnostics(
        "{card: Gideon Jura, id: g, counters: {loyalty: 6}, activated_this_turn: [4]}"
    ) == ["C008"]


def test_loyalty_fact_contradicting_the_list_is_reported():
    contradiction = (
        "{card: Gideon Jura, id: g, counters: {loyalty: 6}, activated_this_turn: [2], "
        "loyalty_activated_this_turn: false}"
    )
    assert diagnostics(contradiction) == ["C009"]


@pytest.mark.parametrize(("land", "expected"), [("Island", "yes"), ("Forest", "no")])
def test_can_cast_pays_hybrid_the_same_way(land, expected):
    answer = answer_of(
        "cards:\n"
        "  - {name: Test Hybrid, mana_cost: '{1}{W/U}', types: [Sorcery]}\n"
        "game: {turn: 5, active_player: Alice, phase: precombat_main}\n"
        "players:\n"
        f"  - {{name: Alice, battlefield: [{{card: Forest}}, {{card: {land}}}],"
        " hand: [Test Hybrid]}\n"
        "  - name: Bob\n"
        "question: {can_cast: Test Hybrid, pay: true}\n"
    )
    assert answer.value == expected
    assert "107.4e" in [n for r in answer.reasons for n in r.rules]
