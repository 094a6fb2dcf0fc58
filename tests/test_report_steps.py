"""The play-out's steps (Answer.steps, case format version 2) in every renderer: text, JSON,
JUnit, Markdown and GitHub annotations, in order, each with its rules. The answers are built
here: renderers never decide, so no engine is needed."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

from mtgrules.answer import Answer, Reason, Step
from mtgrules.report import as_github, as_json, as_junit, as_markdown, as_text
from mtgrules.results import Result

STEPS = (
    Step(1, "Alice casts Lightning Bolt targeting Grizzly Bears.", ("601.2",)),
    Step(2, "Lightning Bolt resolves: it deals 3 damage to Grizzly Bears.", ("608.2", "120.3")),
    Step(
        None,
        "State-based actions: Grizzly Bears has lethal damage marked on it and is destroyed, "
        "then put into its owner's graveyard, where Blood Artist sees it die.",
        ("704.5g",),
    ),
    Step(None, "Blood Artist triggers.", ("603.2", "603.6c", "603.10a")),
)
ANSWER = Answer(
    question="What is the state of the game: the zone of Grizzly Bears (bears)?",
    value={"zone": {"bears": "graveyard"}},
    reasons=(Reason(True, "Grizzly Bears (bears) is in Bob's graveyard.", ("400.1",)),),
    steps=STEPS,
)


def result(status: str = "pass", answer: Answer = ANSWER) -> Result:
    return Result(
        file="cases/playout/bolt.yaml",
        id="bolt",
        status=status,
        answer=answer,
        expected={"zone": {"bears": "battlefield"}} if status == "fail" else None,
        mismatches=("the answer differs in zone: bears: graveyard, expected battlefield",)
        if status == "fail"
        else (),
    )


def in_order(text: str, parts: list[str]) -> bool:
    at = -1
    for part in parts:
        found = text.find(part, at + 1)
        if found < 0:
            return False
        at = found
    return True


def test_text_prints_the_play_out_before_the_question_one_step_a_line_rules_right_aligned():
    out = as_text.render([result()])
    lines = out.splitlines()
    start = lines.index("  Play-out")
    question = next(i for i, ln in enumerate(lines) if ln.startswith("  Q  "))
    assert start < question
    block = lines[start + 1 : question]
    assert block[0].startswith("     1. Alice casts Lightning Bolt") and block[0].endswith(
        "CR 601.2"
    )
    assert len(block[0]) == as_text.WIDTH  # right-aligned at the width, as reasons are
    # each step: a first line with its mark, continuation lines under its text, its rules
    # right-aligned on its last line
    groups: list[list[str]] = []
    for line in block:
        if line.startswith("       "):
            groups[-1].append(line)
        else:
            groups.append([line])
    assert [g[0].split()[0] for g in groups] == ["1.", "2.", "·", "·"]
    for group, step in zip(groups, STEPS, strict=True):
        assert group[-1].endswith(as_text.cite(step.rules))
        assert all(len(line) <= as_text.WIDTH for line in group)
        words = " ".join(" ".join(group).replace(as_text.cite(step.rules), "").split())
        assert step.text in words
    assert len(groups[2]) > 1  # the long game step wraps, as a long reason does


def test_text_without_steps_has_no_play_out_block():
    plain = Answer("Q?", "yes", (Reason(True, "it holds", ("117.1a",)),))
    assert "Play-out" not in as_text.render([result(answer=plain)])


def test_text_pads_the_marks_when_an_action_index_has_two_digits():
    many = Answer("Q?", "yes", steps=(Step(3, "pass", ("117.3d",)), Step(12, "go", ())))
    lines = as_text.step_lines(many.steps)
    assert lines[1].startswith("      3. pass") and lines[2].startswith("     12. go")


def test_json_lists_the_steps_with_action_text_and_rules():
    out = json.loads(as_json.render([result()]))["results"][0]
    assert out["steps"] == [
        {"action": s.action, "text": s.text, "rules": list(s.rules)} for s in STEPS
    ]
    assert out["steps"][2]["action"] is None
    plain = json.loads(as_json.render([result(answer=Answer("Q?", "yes"))]))["results"][0]
    assert plain["steps"] == []


def test_junit_system_out_holds_the_play_out_before_the_question():
    root = ET.fromstring(as_junit.render([result()]).split("\n", 1)[1])
    out = root.find(".//system-out").text
    assert in_order(
        out,
        [
            "Play-out",
            "1. Alice casts Lightning Bolt",
            "CR 601.2",
            "2. Lightning Bolt resolves",
            "CR 608.2, 120.3",
            "· State-based actions",
            "CR 704.5g",
            "· Blood Artist triggers.",
            "CR 603.2, 603.6c, 603.10a",
            "Q  What is the state",
        ],
    )


def test_markdown_has_a_play_out_list_before_the_question():
    out = as_markdown.render([result()])
    assert in_order(
        out,
        [
            "**Play-out.**",
            "- **1.** Alice casts Lightning Bolt targeting Grizzly Bears. *(CR 601.2)*",
            "- **2.** Lightning Bolt resolves: it deals 3 damage to Grizzly Bears. "
            "*(CR 608.2, 120.3)*",
            "- · State-based actions",
            "*(CR 704.5g)*",
            "- · Blood Artist triggers. *(CR 603.2, 603.6c, 603.10a)*",
            "**Question.**",
        ],
    )


def test_github_annotations_carry_the_play_out_of_a_failure_and_a_refusal():
    (failed,) = as_github.result_annotations(result("fail"))
    message = failed.split("::", 2)[2].replace("%0A", "\n")
    assert in_order(
        message,
        [
            "the answer differs in zone",
            "Play-out:",
            "1 Alice casts Lightning Bolt targeting Grizzly Bears. CR 601.2",
            "2 Lightning Bolt resolves",
            "CR 608.2, 120.3",
            "· State-based actions",
            "CR 704.5g",
            "· Blood Artist triggers. CR 603.2, 603.6c, 603.10a",
        ],
    )
    refused = Answer("Q?", None, unsupported="Blood Artist's ability isn't read", steps=STEPS)
    (warning,) = as_github.result_annotations(result("unsupported", refused))
    said = warning.split("::", 2)[2].replace("%0A", "\n")
    assert in_order(said, ["Blood Artist's ability isn't read", "Play-out:", "1 Alice casts"])
    assert as_github.result_annotations(result()) == []  # a pass prints nothing
