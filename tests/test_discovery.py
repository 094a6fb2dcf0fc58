"""Which files a bank walk checks: `check .` in a judge's repository must not walk into
virtual environments, node_modules, hidden folders, or links out of the bank."""

from __future__ import annotations

from mtgrules.api import find_case_files
from tests.conftest import SICK_ELVES


def test_a_bank_walk_skips_tool_folders_hidden_files_and_links_out(tmp_path):
    bank = tmp_path / "bank"
    outside = tmp_path / "elsewhere.yaml"
    outside.write_text(SICK_ELVES)
    wanted = [bank / "a.yaml", bank / "deep" / "b.yml"]
    unwanted = [
        bank / ".venv" / "lib" / "x.yaml",
        bank / "node_modules" / "pkg" / "y.yaml",
        bank / ".github" / "workflows" / "ci.yaml",
        bank / ".hidden.yaml",
        bank / "env" / "lib" / "z.yaml",  # a virtual environment by another name
    ]
    for path in wanted + unwanted:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(SICK_ELVES)
    (bank / "env" / "pyvenv.cfg").write_text("home = /usr/bin\n")
    (bank / "link-out.yaml").symlink_to(outside)
    (bank / "link-in.yaml").symlink_to(bank / "a.yaml")
    found = list(find_case_files([bank]))
    assert found == sorted([*wanted, bank / "link-in.yaml"])


def test_a_file_named_directly_is_checked_wherever_it_is(tmp_path):
    hidden = tmp_path / ".venv" / "case.yaml"
    hidden.parent.mkdir()
    hidden.write_text(SICK_ELVES)
    assert list(find_case_files([hidden])) == [hidden]
