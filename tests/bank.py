"""A small bank for batch tests: passing, failing, invalid, unsupported and unchecked cases."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import CASES

ELVES = (CASES / "summoning-sickness" / "elves-entered-this-turn.yaml").read_text(encoding="utf-8")


def failing_text() -> str:
    """The elves case with the wrong expected answer: the engine says no."""
    assert "answer: no" in ELVES
    return ELVES.replace("answer: no", "answer: yes").replace(
        "id: elves-entered-this-turn", "id: elves-wrong-expectation"
    )


INVALID = """\
# yaml-language-server: $schema=../schemas/case.schema.json
id: broken
game: {turn: 1, active_player: Alice, phase: precombat_main}
players:
  - name: Alice
    battlefeld: []
question:
  can_cast: Forest
"""

UNSUPPORTED = """\
# yaml-language-server: $schema=../schemas/case.schema.json
id: cast-bears
title: An ability the engine does not model
tags: [casting]
game: {turn: 2, active_player: Alice, phase: precombat_main}
players:
  - name: Alice
    battlefield: [Odd Relic]
cards:
  - {name: Odd Relic, types: [Artifact], abilities: [{unmodeled: Something the engine does not model.}]}
question:
  can_activate: {object: Odd Relic, ability: 1}
expect:
  answer: yes
"""


def write_bank(folder: Path) -> dict[str, Path]:
    """pass, fail, error and unsupported cases in ``folder`` (nested one level) and a non-case YAML."""
    (folder / "a").mkdir(parents=True)
    (folder / "b").mkdir()
    files = {
        "pass": folder / "a" / "1-pass.yaml",
        "fail": folder / "a" / "2-fail.yaml",
        "error": folder / "b" / "3-error.yaml",
        "unsupported": folder / "b" / "4-unsupported.yml",
    }
    files["pass"].write_text(ELVES, encoding="utf-8")
    files["fail"].write_text(failing_text(), encoding="utf-8")
    files["error"].write_text(INVALID, encoding="utf-8")
    files["unsupported"].write_text(UNSUPPORTED, encoding="utf-8")
    return files
