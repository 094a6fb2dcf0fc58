"""What the bank walk reads of its files: the first line (api.is_case_file), and the paths
it asks git about (bank/files.py): each file's real path, with
each folder resolved once, as ``Path.resolve`` gives it."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from mtgrules.api import _first_line, is_case_file
from mtgrules.bank.files import _real_paths, git_ignored


def test_real_paths_are_those_resolve_gives_through_links_and_dot_dots(tmp_path, monkeypatch):
    (tmp_path / "real" / "sub").mkdir(parents=True)
    (tmp_path / "real" / "a.yaml").write_text("a: 1\n", encoding="utf-8")
    (tmp_path / "real" / "sub" / "b.yaml").write_text("b: 1\n", encoding="utf-8")
    (tmp_path / "linked").symlink_to(tmp_path / "real")  # a folder that is a link
    (tmp_path / "real" / "c.yaml").symlink_to(tmp_path / "real" / "sub" / "b.yaml")  # a file
    monkeypatch.chdir(tmp_path)
    files = [
        Path("linked/a.yaml"),
        Path("linked/c.yaml"),
        Path("linked/sub/../a.yaml"),
        Path("real/sub/b.yaml"),
        tmp_path / "linked" / "sub" / "b.yaml",
        Path("missing/x.yaml"),
    ]
    assert _real_paths(files) == [str(f.resolve()) for f in files]
    assert _real_paths(files)[1] == str(tmp_path.resolve() / "real" / "sub" / "b.yaml")


def test_a_link_to_an_ignored_file_is_ignored_as_it_is(tmp_path):
    if subprocess.run(["git", "--version"], capture_output=True).returncode != 0:
        pytest.skip("git is not installed")
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    (tmp_path / ".gitignore").write_text("build/\n", encoding="utf-8")
    (tmp_path / "build").mkdir()
    (tmp_path / "cases").mkdir()
    (tmp_path / "build" / "b.yaml").write_text("b: 1\n", encoding="utf-8")
    (tmp_path / "cases" / "a.yaml").write_text("a: 1\n", encoding="utf-8")
    (tmp_path / "cases" / "l.yaml").symlink_to(tmp_path / "build" / "b.yaml")
    files = [tmp_path / "cases" / "a.yaml", tmp_path / "cases" / "l.yaml"]
    assert git_ignored(files) == {tmp_path / "cases" / "l.yaml"}


@pytest.mark.parametrize("width", [10, 509, 510, 511, 512, 513, 2000])
def test_the_first_line_is_readlines_whatever_its_length(tmp_path, width):
    modeline = "# yaml-language-server: $schema=x" + "/" * width + "case.schema.json"
    for first in (modeline, "#" * width):
        for rest in ("\nquestion: {x: y}\n", "", "\r\nnothing: here\n"):
            path = tmp_path / "c.yaml"
            path.write_bytes((first + rest).encode())
            with open(path, "rb") as handle:
                assert _first_line(path) == handle.readline()
            assert is_case_file(path) is (first == modeline or "question" in rest)
