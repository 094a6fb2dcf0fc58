"""Checking one case (mtgrules/bank/checking.py): its docstring examples run."""

from __future__ import annotations

import doctest

import mtgrules.bank.checking
from tests.conftest import ROOT


def test_docstring_examples_run(monkeypatch):
    monkeypatch.chdir(ROOT)  # the examples use paths relative to the repository root
    failures, tried = doctest.testmod(mtgrules.bank.checking, optionflags=doctest.ELLIPSIS)
    assert tried >= 3 and failures == 0
