"""`mtgrules new`: a commented starter case per question type, that validates; no overwriting."""

from __future__ import annotations

import pytest

from mtgrules.api import load_case
from mtgrules.caseio.question_types import QUESTIONS
from tests.conftest import ROOT, run_cli


@pytest.mark.parametrize("kind", list(QUESTIONS))
def test_every_starter_validates(kind, tmp_path):
    (tmp_path / "schemas").mkdir()
    (tmp_path / "schemas" / "case.schema.json").write_text("{}", encoding="utf-8")
    (tmp_path / "bank").mkdir()
    target = tmp_path / "bank" / f"{kind}.yaml"
    proc = run_cli("new", kind.replace("_", "-"), str(target))
    assert proc.returncode == 0, proc.stderr
    text = target.read_text(encoding="utf-8")
    assert text.splitlines()[0] == "# yaml-language-server: $schema=../schemas/case.schema.json"
    assert text.count("\n#") >= 3  # commented for the judge
    valid = run_cli("validate", str(target))
    assert valid.returncode == 0, valid.stdout
    case = load_case(target)
    assert case.question.kind == kind and case.expect is None


def test_new_refuses_to_overwrite(tmp_path):
    target = tmp_path / "mine.yaml"
    target.write_text("my work\n", encoding="utf-8")
    proc = run_cli("new", "can_activate", str(target))
    assert proc.returncode == 2
    assert "already exists" in proc.stderr
    assert target.read_text(encoding="utf-8") == "my work\n"


def test_new_rejects_an_unknown_question_type(tmp_path):
    proc = run_cli("new", "can_dance", str(tmp_path / "x.yaml"))
    assert proc.returncode == 2 and "can_activate" in proc.stderr
    assert not (tmp_path / "x.yaml").exists()


def test_new_dash_prints_and_defaults_to_the_installed_schema(tmp_path):
    proc = run_cli("new", "can_activate", "-", cwd=tmp_path, env={"PYTHONPATH": str(ROOT)})
    assert proc.returncode == 0
    first = proc.stdout.splitlines()[0]
    assert first.startswith("# yaml-language-server: $schema=") and first.endswith(
        "case.schema.json"
    )


def test_the_activate_starter_answers_once_its_expect_is_uncommented(tmp_path):
    target = tmp_path / "s.yaml"
    run_cli("new", "can_activate", str(target))
    text = target.read_text(encoding="utf-8")
    text = (
        text.replace("# expect:", "expect:")
        .replace("#   answer:", "  answer:")
        .replace("#   rules:", "  rules:")
    )
    target.write_text(text, encoding="utf-8")
    proc = run_cli("check", str(target))
    assert proc.returncode == 0, proc.stdout
