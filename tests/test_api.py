"""The Python API: its docstring examples run, it never prints and never exits."""

from __future__ import annotations

import doctest

import pytest

import mtgrules
import mtgrules.api
from mtgrules.answer import Answer
from tests.bank import write_bank
from tests.conftest import ROOT


@pytest.mark.parametrize("module", [mtgrules, mtgrules.api])
def test_docstring_examples_run(module, monkeypatch):
    monkeypatch.chdir(ROOT)  # the examples use paths relative to the repository root
    failures, tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert tried > 0 and failures == 0


def test_the_package_exports_the_api():
    from mtgrules import check_paths, evaluate, load_case

    assert (load_case, evaluate, check_paths) == (
        mtgrules.api.load_case,
        mtgrules.api.evaluate,
        mtgrules.api.check_paths,
    )


def test_the_api_neither_prints_nor_exits_whatever_the_input(tmp_path, capsys):
    files = write_bank(tmp_path)
    results = mtgrules.api.check_paths([tmp_path, tmp_path / "missing.yaml"], jobs=1)
    assert [r.status for r in results] == ["pass", "fail", "error", "unsupported", "error"]
    assert isinstance(results[1].answer, Answer)
    with pytest.raises(mtgrules.api.CaseError) as err:
        mtgrules.api.load_case(files["error"])
    assert err.value.diagnostics[0].code == "S001"
    assert capsys.readouterr() == ("", "")


def test_fail_fast_in_the_api(tmp_path):
    write_bank(tmp_path)
    results = mtgrules.api.check_paths([tmp_path], fail_fast=True)
    assert [r.status for r in results] == ["pass", "fail"]
