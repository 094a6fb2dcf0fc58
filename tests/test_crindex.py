"""The rules index against the official Comprehensive Rules, and every citation against the index.

A wrong rule number is worse than none: every number mtgrules can cite must
exist in ``../shared/data/MagicCompRules.txt`` (effective 2026-08-07), and every
number the code or an answer cites must be in the index.
"""

from __future__ import annotations

import ast
import functools
import io
import re
import tokenize
from pathlib import Path

import pytest

from mtgrules import crindex
from mtgrules.api import evaluate, find_case_files
from mtgrules.caseio.case import load_case
from tests.conftest import CASES, CR_TEXT, ROOT, need_shared

NUMBER = r"\d{3}(?:\.\d+[a-z]?)?"
CITATION = re.compile(rf"^{NUMBER}$")
# "CR 302.6", "CR 302.6, 602.5a", "CR 302.6 / 602.5a", "CR 107.5-107.6", "CR 500-514"
CR_MENTION = re.compile(rf"\bCR\s+({NUMBER}(?:\s*(?:,|/|-|–|and)\s*{NUMBER})*)")

PACKAGE = ROOT / "mtgrules"


@functools.cache
def official_numbers() -> frozenset[str]:
    """Every rule number that starts a line of the official text ("302.6." or "602.5a ")."""
    need_shared(CR_TEXT)
    text = CR_TEXT.read_text(encoding="utf-8-sig")
    found = set()
    for line in text.splitlines():
        match = re.match(rf"({NUMBER})\.?\s", line)
        if match:
            found.add(match.group(1))
    return frozenset(found)


def test_the_official_text_parses_into_rule_numbers():
    numbers = official_numbers()
    assert len(numbers) > 2000
    # known rules, lettered and not, and sections
    assert {"100", "302.6", "602.5a", "702.10c", "613.1f", "107.5"} <= numbers
    assert "302.99" not in numbers and "602.5z" not in numbers


def test_every_indexed_number_exists_in_the_official_text():
    missing = sorted(set(crindex.numbers()) - official_numbers())
    assert not missing, f"not in the Comprehensive Rules: {missing}"


def test_every_index_entry_has_a_summary():
    for number in crindex.numbers():
        entry = crindex.lookup(number)
        assert entry.summary.strip(), number


def test_no_number_has_two_different_entries_across_index_files():
    seen: dict[str, tuple[str, dict]] = {}
    clashes = []
    for name, entries in crindex.index_files().items():
        assert all(isinstance(k, str) for k in entries), f"{name}: quote rule numbers as text"
        for number, entry in entries.items():
            if number in seen and seen[number][1] != entry:
                clashes.append(f"{number}: {seen[number][0]} and {name} differ")
            seen.setdefault(number, (name, entry))
    assert not clashes


def test_index_keys_survive_yaml_as_text():
    # 613.10 would become 613.1 if the index were read through floats
    for name, entries in crindex.index_files().items():
        for number in entries:
            assert CITATION.match(number), f"{name}: {number!r} is not a rule number"


def _python_files() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def _string_constants(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
    ]


def test_every_rule_number_literal_in_the_code_is_in_the_index():
    unknown = [
        f"{path.relative_to(ROOT)}:{line}: {value}"
        for path in _python_files()
        for line, value in _string_constants(path)
        if CITATION.match(value) and not crindex.is_known(value)
    ]
    assert not unknown, unknown


def _cr_mentions(text: str) -> list[str]:
    out = []
    for match in CR_MENTION.finditer(text):
        out += re.findall(NUMBER, match.group(1))
    return out


def test_cr_mention_pattern():
    assert _cr_mentions("CR 302.6, 602.5a / 702.10c; see CR 107.5-107.6 and CR 500-514.") == [
        "302.6",
        "602.5a",
        "702.10c",
        "107.5",
        "107.6",
        "500",
        "514",
    ]


def test_every_cr_mention_in_docstrings_and_comments_exists():
    wrong = []
    for path in _python_files():
        source = path.read_text(encoding="utf-8")
        texts = [(line, value) for line, value in _string_constants(path)]
        texts += [
            (tok.start[0], tok.string)
            for tok in tokenize.generate_tokens(io.StringIO(source).readline)
            if tok.type == tokenize.COMMENT
        ]
        for line, text in texts:
            wrong += [
                f"{path.relative_to(ROOT)}:{line}: CR {n}"
                for n in _cr_mentions(text)
                if n not in official_numbers()
            ]
    assert not wrong, wrong


def test_every_cr_mention_in_the_schemas_exists():
    wrong = []
    for schema in sorted((PACKAGE / "schemas").glob("*.json")):
        wrong += [
            f"{schema.name}: CR {n}"
            for n in _cr_mentions(schema.read_text(encoding="utf-8"))
            if n not in official_numbers()
        ]
    assert not wrong, wrong


CASE_FILES = sorted(find_case_files([CASES]))


@pytest.mark.parametrize("path", CASE_FILES, ids=lambda p: str(p.relative_to(CASES)))
def test_every_citation_of_every_bundled_answer_is_indexed_and_official(path):
    case = load_case(path)
    answer = evaluate(case)
    cited = set(answer.citations)
    # a refusal cites what it can (the scope index's refusals do); an answer always cites
    assert cited or answer.unsupported, "an answer with no citation"
    assert not cited - set(crindex.numbers()), f"not in the index: {cited - set(crindex.numbers())}"
    assert not cited - official_numbers()
    expected = set(case.expect.rules) if case.expect else set()
    assert expected <= set(crindex.numbers())
