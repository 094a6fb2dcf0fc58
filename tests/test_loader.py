"""Loading case files: YAML 1.1 traps, safety, limits and source positions."""

from __future__ import annotations

import time

import pytest

from mtgrules.caseio.case import read_case
from mtgrules.caseio.diagnostics import CaseError
from mtgrules.caseio.yamlload import Document, Limits, load_yaml
from tests.conftest import SICK_ELVES

CASE = SICK_ELVES


def load(text: str | bytes, limits: Limits = Limits()) -> Document:
    raw = text.encode("utf-8") if isinstance(text, str) else text
    doc = load_yaml(raw, "x.yaml", limits)
    assert isinstance(doc, Document), doc
    return doc


def problems(text: str | bytes, limits: Limits = Limits()) -> list:
    """The diagnostics of reading a whole case (load, validate, build)."""
    raw = text.encode("utf-8") if isinstance(text, str) else text
    with pytest.raises(CaseError) as caught:
        read_case(raw, "x.yaml", limits)
    return caught.value.diagnostics


def only(text: str | bytes, limits: Limits = Limits()):
    (d,) = problems(text, limits)
    return d


# --- YAML 1.1 traps ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("written", "meant"), [("no", "no"), ("No", "no"), ("yes", "yes"), ("NO", "no")]
)
def test_unquoted_yes_and_no_answers_stay_answers(written, meant):
    case = read_case(CASE.replace("answer: no", f"answer: {written}").encode(), "x.yaml")
    assert case.expect.answer == meant


@pytest.mark.parametrize(
    ("written", "meant"),
    [
        ("[613.10]", ("613.10",)),  # a float would make this 613.1
        ("[302.6, 602.5a]", ("302.6", "602.5a")),
        ("[702.100]", ("702.100",)),
        ("[702]", ("702",)),  # an int
        ('["613.10"]', ("613.10",)),
    ],
)
def test_rule_numbers_are_read_from_the_source_text(written, meant):
    case = read_case(CASE.replace("rules: [302.6, 602.5a]", f"rules: {written}").encode(), "x.yaml")
    assert case.expect.rules == meant


def test_floats_and_dates_stay_as_written():
    data = load("a: 302.6\nb: 613.10\nc: 2024-04-12\nd: 1e3\ne: 2024-04-12 10:00:00\n").data
    assert data == {
        "a": "302.6",
        "b": "613.10",
        "c": "2024-04-12",
        "d": "1e3",
        "e": "2024-04-12 10:00:00",
    }


def test_a_date_shaped_title_stays_text_in_a_case():
    case = read_case(
        CASE.replace("id: sick-elves", "id: sick-elves\ntitle: 2024-04-12").encode(), "x.yaml"
    )
    assert case.title == "2024-04-12"


def test_integers_and_nulls_are_still_read_as_such():
    assert load("a: 3\nb: ~\nc: null\nd: 0x10\n").data == {"a": 3, "b": None, "c": None, "d": 16}


# --- duplicate keys, tags, documents, encodings ------------------------------------------


def test_duplicate_key_at_depth_points_at_the_second_one():
    text = CASE.replace(
        "        id: elves\n", "        id: elves\n        tapped: false\n        tapped: true\n"
    )
    d = only(text)
    assert d.code == "Y002"
    lines = text.splitlines()
    second = next(i for i, ln in enumerate(lines, 1) if "tapped: true" in ln)
    first = next(i for i, ln in enumerate(lines, 1) if "tapped: false" in ln)
    assert (d.line, d.col) == (second, 9)
    assert f"first at line {first}, column 9" in d.message


def test_duplicate_top_level_key():
    d = only(CASE + "expect:\n  answer: yes\n")
    assert (d.code, d.line, d.col) == ("Y002", 18, 1)


@pytest.mark.parametrize(
    "tagged",
    [
        "!!python/object/apply:os.system ['echo pwned']",
        "!!python/object:collections.OrderedDict {}",
        "!!python/name:os.system",
        "!custom value",
        "!!binary aGVsbG8=",
    ],
)
def test_object_constructing_and_unknown_tags_are_rejected(tagged):
    d = only(CASE.replace("id: sick-elves", f"id: {tagged}"))
    assert d.code == "Y003"
    assert (d.line, d.col) == (2, 5)


def test_multiple_documents_are_rejected_at_the_second():
    d = only(CASE + "---\n" + CASE)
    assert d.code == "Y007"
    assert d.line == CASE.count("\n") + 1


@pytest.mark.parametrize(
    "raw", [b"", b"   \n\n", b"# a comment only\n", b"---\n", b"--- ~\n", b"\xef\xbb\xbf"]
)
def test_empty_files(raw):
    assert only(raw).code == "Y008"


def test_non_utf8_bytes_are_reported_where_they_are():
    raw = CASE.replace("name: Bob", "name: Bo\x00").encode().replace(b"\x00", b"\xe9")
    d = only(raw)
    assert d.code == "Y009"
    lines = CASE.splitlines()
    line = next(i for i, ln in enumerate(lines, 1) if "name: Bob" in ln)
    assert (d.line, d.col) == (line, lines[line - 1].index("Bob") + 3)


def test_a_utf8_bom_is_accepted():
    case = read_case(b"\xef\xbb\xbf" + CASE.encode(), "x.yaml")
    assert case.id == "sick-elves"


def test_crlf_line_endings_are_accepted():
    case = read_case(CASE.replace("\n", "\r\n").encode(), "x.yaml")
    assert case.expect.rules == ("302.6", "602.5a")


def test_tabs_in_indentation_get_a_hint():
    text = CASE.replace("  turn: 3", "\tturn: 3")
    d = only(text)
    assert d.code == "Y001"
    assert "tab" in d.message
    assert d.line == 4


def test_top_level_must_be_a_mapping():
    assert only("- game\n- players\n").code == "Y010"


def test_merge_keys_are_rejected():
    assert only(CASE + "x: &x {a: 1}\ny:\n  <<: *x\n").code == "Y012"


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("<<: 1", "Y012"),  # plain: the merge key
        ("<< : 1", "Y012"),
        ("? <<\n: 1", "Y012"),  # an explicit key is still plain
        ("!!merge <<: 1", "Y003"),  # a tag the loader refuses, before the key is read
        ("!!str <<: 1", None),  # tagged text
        ('"<<": 1', None),  # quoted: text
        ("'<<': 1", None),
        ("<<<: 1", None),
        ("<<x: 1", None),
        ("a: <<", None),  # a value `<<` is text
    ],
)
def test_only_a_plain_key_of_two_less_than_signs_is_a_merge_key(text, code):
    # the loader tells a merge key without running the YAML resolver on plain keys
    doc = load_yaml(text.encode(), "x.yaml")
    assert (doc[0].code if isinstance(doc, list) else None) == code
    if code is None:
        assert isinstance(doc, Document) and len(doc.data) == 1


# --- limits ----------------------------------------------------------------------------

BOMB = "".join(
    f"{name}: &{name} [{', '.join([f'*{prev}'] * 9) if prev else ', '.join(['lol'] * 9)}]\n"
    for prev, name in zip([None, *"abcdefgh"], "abcdefghi", strict=True)
)


def test_an_alias_bomb_is_stopped_quickly():
    assert BOMB.count("*") == 8 * 9  # 9 ** 9 nodes if expanded
    start = time.perf_counter()
    d = only(BOMB)
    assert d.code == "Y006"
    assert time.perf_counter() - start < 5


def test_deep_nesting_is_refused():
    d = only("a: " + "[" * 300 + "]" * 300 + "\n")
    assert d.code == "Y005"


def test_a_file_over_the_size_limit_is_refused_before_parsing():
    d = only(CASE, Limits(max_bytes=100))
    assert d.code == "Y004"
    assert f"{len(CASE.encode()):,}" in d.message


# --- positions ---------------------------------------------------------------------------


def test_positions_are_one_based_lines_and_columns_of_each_node():
    doc = load(CASE)
    values, keys = doc.positions.values, doc.positions.keys
    assert values[("game", "turn")] == (4, 9)
    assert keys[("game", "turn")] == (4, 3)
    assert values[("players", 0, "battlefield", 0, "card")] == (9, 15)
    assert values[("question", "can_activate", "object")] == (14, 26)
    assert values[("expect", "rules", 0)] == (17, 11)
    assert doc.positions.of(("players", 0, "battlefield", 0, "nothing here")) == (9, 9)


def test_a_schema_problem_points_at_the_offending_value():
    d = only(CASE.replace("turn: 3\n  active", "turn: three\n  active"))
    assert (d.code, d.line, d.col) == ("S002", 4, 9)


def test_an_unknown_key_points_at_the_key():
    d = only(CASE.replace("controlled_since_turn", "controled_since_turn"))
    assert (d.code, d.line, d.col) == ("S001", 11, 9)
    assert "did you mean 'controlled_since_turn'" in d.message
