"""Schema and semantic errors: all at once, each with its JSON path and line:col,
the useful branch of a oneOf, and "did you mean" for misspellings."""

from __future__ import annotations

import pytest

from mtgrules.caseio.case import read_case
from mtgrules.caseio.diagnostics import CaseError
from tests.conftest import SICK_ELVES, run_cli


def at(text: str, needle: str) -> tuple[int, int]:
    start = text.index(needle)
    return text.count("\n", 0, start) + 1, start - (text.rfind("\n", 0, start) + 1) + 1


def problems(text: str) -> list:
    with pytest.raises(CaseError) as caught:
        read_case(text.encode(), "x.yaml")
    return caught.value.diagnostics


def test_every_schema_problem_is_reported_with_its_path_and_position():
    text = (
        SICK_ELVES.replace("turn: 3\n  active", "turn: three\n  active")
        .replace("  active_player: Alice\n", "  active_player: Alice\n  phase: main\n")
        .replace("        id: elves\n", "        id: elves\n        taped: true\n")
    )
    found = {(d.code, d.path, (d.line, d.col)) for d in problems(text)}
    assert found == {
        ("S002", "$.game.turn", at(text, "three")),
        ("S004", "$.game.phase", at(text, "main")),
        ("S001", "$.players[0].battlefield[0].taped", at(text, "taped")),
    }


@pytest.mark.parametrize(
    ("old", "new", "path", "needle", "suggestion"),
    [
        (
            "  active_player",
            "  activ_player",
            "$.game.activ_player",
            "activ_player",
            "active_player",
        ),
        ("  - name: Bob", "  - nam: Bob", "$.players[1].nam", "nam:", "name"),
        ("can_activate:", "can_activte:", "$.question.can_activte", "can_activte", "can_activate"),
        (
            "        id: elves\n",
            "        id: elves\n        token: {nmae: Saproling, types: [Creature]}\n",
            "$.players[0].battlefield[0].token.nmae",
            "nmae",
            "name",
        ),
    ],
)
def test_a_misspelled_key_is_one_problem_with_a_suggestion(old, new, path, needle, suggestion):
    text = SICK_ELVES.replace(old, new)
    (d,) = problems(text)  # not also "'active_player' is a required property"
    assert (d.code, d.path, (d.line, d.col)) == ("S001", path, at(text, needle))
    assert d.message.endswith(f"did you mean {suggestion!r}?")


def test_a_oneof_inside_a_oneof_reports_the_innermost_useful_branch():
    # An object is a name or a mapping; its copy_of is an id or {object, except}:
    # the error is the misspelled key, not "not valid under any of the given schemas".
    text = SICK_ELVES.replace(
        "        id: elves\n", "        id: elves\n        copy_of: {objct: x}\n"
    )
    (d,) = problems(text)
    assert (d.code, d.path, (d.line, d.col)) == (
        "S001",
        "$.players[0].battlefield[0].copy_of.objct",
        at(text, "objct"),
    )
    assert "did you mean 'object'?" in d.message


def test_a_oneof_value_of_its_own_type_is_judged_by_that_branch():
    # A token is true/false or a mapping of characteristics: a mapping with a wrong
    # type inside gets that error, not "is not of type 'boolean'".
    text = SICK_ELVES.replace(
        "        id: elves\n",
        "        id: elves\n        token: {name: Saproling, types: Creature}\n",
    )
    (d,) = problems(text)
    assert (d.code, d.path) == ("S002", "$.players[0].battlefield[0].token.types")
    assert "boolean" not in d.message


def test_a_value_of_no_branchs_type_names_what_was_expected():
    text = SICK_ELVES.replace(
        "  active_player: Alice\n", "  active_player: Alice\n  priority: [Alice]\n"
    )
    (d,) = problems(text)
    assert (d.code, d.path, (d.line, d.col)) == ("S005", "$.game.priority", at(text, "[Alice]"))
    assert "priority" in d.message


@pytest.mark.parametrize(
    ("old", "new", "code", "suggestion"),
    [
        ("card: Llanowar Elves", "card: Llanowar Elfs", "C001", "Llanowar Elves"),
        ("{object: elves,", "{object: elvs,", "C002", "elves"),
        ("active_player: Alice", "active_player: Alcie", "C005", "Alice"),
    ],
)
def test_misspelled_names_get_did_you_mean(old, new, code, suggestion):
    text = SICK_ELVES.replace(old, new)
    (d,) = problems(text)
    assert d.code == code
    assert (d.line, d.col) == at(text, new.split(": ")[-1].lstrip("{").split(",")[0])
    assert f"did you mean {suggestion!r}?" in d.message


def test_semantic_problems_are_all_reported_with_paths():
    text = SICK_ELVES.replace("card: Llanowar Elves", "card: Llanowar Elfs").replace(
        "  - name: Bob\n",
        "  - name: Bob\n    battlefield:\n      - {card: Forest, controller: Carl}\n",
    )
    found = {(d.code, d.path) for d in problems(text)}
    assert found == {
        ("C001", "$.players[0].battlefield[0].card"),
        ("C005", "$.players[1].battlefield[0].controller"),
    }


def test_an_invalid_inline_card_is_a_diagnostic_not_a_crash(write_case):
    """Found by the mutation fuzz: an inline card missing a required key was built before
    it was validated, and the build raised KeyError."""
    path = write_case(
        """
        game: {turn: 2, active_player: Alice}
        players:
          - name: Alice
            battlefield: [Odd Relic]
        cards:
          - {name: Odd Relic, types: [Artifact], abilities: [{triggered: {effect: {does: x}}}]}
        question:
          can_activate: {object: Odd Relic, ability: 1}
        """
    )
    run = run_cli("validate", str(path))
    assert run.returncode == 2 and "Traceback" not in run.stderr
    assert [line.split()[1] for line in run.stdout.splitlines()[:-1]] == ["C012"]


@pytest.mark.parametrize(
    ("extra", "code", "says"),
    [
        # a color word the engine can't build (it crashed the characteristics answer)
        (
            "effects:\n  - {affect: elves, timestamp: 1, colors: [plaid]}\n",
            "S004",
            "'plaid' is not a valid color",
        ),
        # a mana symbol outside CR 107.4 (the old pattern admitted any of 0-9, A-Z and /)
        (
            "cards:\n  - {name: Odd Relic, mana_cost: '{//}', types: [Artifact]}\n",
            "C012",
            "'{//}' is not a valid mana cost",
        ),
    ],
)
def test_validation_rejects_what_the_engine_cannot_build(extra, code, says):
    found = problems(SICK_ELVES + extra)
    assert [(d.code, says in d.message) for d in found] == [(code, True)], found


def test_color_words_and_letters_are_both_valid():
    text = SICK_ELVES + "effects:\n  - {affect: elves, timestamp: 1, colors: [White, u]}\n"
    assert read_case(text.encode(), "x.yaml").state.effects[0].colors == ("W", "U")


@pytest.mark.parametrize(
    ("text", "code"),
    [
        # PyYAML's int reader indexes the empty text: this was a traceback (E001)
        ('game: {turn: !!int "", active_player: A}\nplayers: [{name: A}]\n', "Y001"),
        ('game: {turn: !!int "0x", active_player: A}\nplayers: [{name: A}]\n', "Y001"),
    ],
)
def test_an_integer_tag_on_text_that_is_no_integer_is_a_yaml_error(text, code):
    assert [d.code for d in problems(text)][:1] == [code]


def test_an_inline_card_name_that_is_not_text_is_a_diagnostic_not_a_crash():
    text = SICK_ELVES + "cards:\n  - {name: 12, types: [Artifact]}\n"
    assert "C012" in {d.code for d in problems(text)}


def test_a_token_mapping_renames_the_object_so_its_card_name_is_no_reference():
    """`card:` beside a `token:` mapping with a `name`: the object is named by the mapping
    (CR 111.4), as the board has it, so a reference by the card name is dangling (it used to
    pass validation and crash the answer)."""
    text = SICK_ELVES.replace(
        "        controlled_since_turn: 3\n",
        "        controlled_since_turn: 3\n      - card: Grizzly Bears\n"
        "        token: {name: Bear, types: [Creature], power: 2, toughness: 2}\n",
    ).replace("can_activate: {object: elves, ability: 1}", "characteristics: Grizzly Bears")
    text = text[: text.index("expect:")]
    assert [d.code for d in problems(text)] == ["C002"]


def test_diagnostics_come_in_file_order_with_hints_for_the_common_slips():
    text = (
        SICK_ELVES.replace("rules: [302.6, 602.5a]", 'rules: ["CR 302.6"]')
        .replace("  active_player: Alice\n", "  active_player: Alice\n  phase: main\n")
        .replace("turn: 3\n", "turn: three\n", 1)
    )
    found = problems(text)
    assert [(d.line, d.col) for d in found] == sorted((d.line, d.col) for d in found)
    said = {d.path: d.message for d in found}
    assert said["$.expect.rules[0]"].endswith("write 302.6 (without 'CR')")
    assert said["$.game.phase"].endswith("did you mean precombat_main or postcombat_main?")
