"""`ask`, `rule` and `card` fit the terminal as `check` does.

Each runs the real command with COLUMNS=80 and 120: every line fits the width, the width is
used when there is room, a word (a rule number, a mana cost, a hyphenated word) is never
broken across lines, the citation column is right-aligned at the width, the answer line is
emphasised, and a one-off `ask` ends with its answer, not a test run's status and counts.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest

from tests.conftest import CR_TEXT, import_files, run_cli

# a question whose reasons are long enough to wrap at 80 columns
ASK_ELVES = (
    "ask",
    "activate",
    "Llanowar Elves",
    "-t",
    "Llanowar Elves:since=now,owner=Alice",
    "--active",
    "Bob",
)
ASK_BOLT = (
    "ask",
    "cast",
    "Lightning Bolt",
    "-m",
    "Mountain",
    "--active",
    "Bob",
    "--phase",
    "end",
    "--priority",
    "Alice",
)
COMMANDS = {
    "ask-activate": ASK_ELVES,
    "ask-cast": ASK_BOLT,
    "card": ("card", "Visage Bandit"),
    "rule-summary": ("rule", "702.170"),
    "check": ("check", "cases/summoning-sickness/elves-entered-this-turn.yaml"),
}
CITED = re.compile(r"CR \d{3}(?:\.\d+[a-z]?)?$")  # a line ending in the citation column


def at(columns: int, *args: str, env: dict[str, str] | None = None) -> list[str]:
    done = run_cli(*args, env={"COLUMNS": str(columns), **(env or {})})
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout.splitlines()


@pytest.mark.parametrize("name", COMMANDS)
def test_every_line_fits_80_columns_and_120_uses_the_room(name):
    narrow, wide = at(80, *COMMANDS[name]), at(120, *COMMANDS[name])
    assert max(len(line) for line in narrow) <= 80, [ln for ln in narrow if len(ln) > 80]
    assert max(len(line) for line in wide) <= 120, [ln for ln in wide if len(ln) > 120]
    assert max(len(line) for line in wide) > 88, wide  # wider than the 88 of a pipe
    assert len(wide) < len(narrow)  # the room is used: fewer, longer lines


@pytest.mark.parametrize("name", COMMANDS)
def test_no_word_is_broken_across_lines(name):
    """The same words at 80, 120 and 160 columns: wrapping moves words, never splits one
    (a split "{T}" or "602.5a" or "non-copy" would be two other words at 80)."""
    words = [Counter(" ".join(at(c, *COMMANDS[name])).split()) for c in (80, 120, 160)]
    assert words[0] == words[1] == words[2], (words[0] - words[2], words[2] - words[0])


@pytest.mark.parametrize("columns", [80, 120])
def test_the_citation_column_is_aligned_at_the_width(columns):
    lines = at(columns, *ASK_ELVES)
    cited = [line for line in lines if CITED.search(line)]
    assert len(cited) >= 5, lines
    assert {len(line) for line in cited} == {columns}, cited


def test_a_one_off_ask_ends_with_its_answer_not_test_counts():
    lines = at(80, *ASK_ELVES)
    text = "\n".join(lines)
    assert "UNCHECKED" not in text and "passed" not in text and "unchecked" not in text
    assert lines[-1].endswith(")") and "Comprehensive Rules" in " ".join(lines[-3:])
    assert any(line.strip() == "A  NO" for line in lines)  # the answer is still there
    # the equivalent `check` of a bank case keeps its status and counts
    check = "\n".join(at(80, *COMMANDS["check"]))
    assert "PASS" in check and "1 passed, 0 failed" in check


def test_the_answer_line_is_emphasised():
    coloured = run_cli(*ASK_ELVES, "--color", "always", env={"COLUMNS": "80"}).stdout
    (answer,) = [line for line in coloured.splitlines() if line.startswith("  A  ")]
    assert answer == "  A  \x1b[1mNO\x1b[0m", answer
    plain = at(80, *ASK_ELVES)  # NO_COLOR (run_cli): no escape codes at all
    assert "\x1b[" not in "\n".join(plain)


def test_the_notes_above_an_answer_wrap_too():
    lines = at(80, *ASK_ELVES)
    assert lines[0].startswith("(defaults: ") and not lines[0].endswith(")")
    assert lines[1].startswith(" ") and lines[1].endswith(")")  # continued, indented


@pytest.mark.shared_data("MagicCompRules.txt")
def test_rule_continuation_lines_stay_in_the_text_column(tmp_path):
    """`rule` with the official text imported: a subrule's wrapped lines start under its
    text, not under its number, and nothing passes 80 columns."""
    env = import_files(tmp_path / "data", ("rules", CR_TEXT))
    lines = at(80, "rule", "702.170", env=env)
    assert max(len(line) for line in lines) <= 80
    column = None
    for line in lines:
        head = re.match(r"  (702\.170[a-z]) ", line)
        if head:
            column = len(head.group(0))
        elif column and line.startswith(" ") and not line.startswith("    Example"):
            assert len(line) - len(line.lstrip(" ")) == column, line
    assert column is not None, lines
    wide = at(120, "rule", "702.170", env=env)
    assert max(len(line) for line in wide) > 88 and len(wide) < len(lines)
    words = [Counter(" ".join(x).split()) for x in (lines, wide)]
    assert words[0] == words[1]
