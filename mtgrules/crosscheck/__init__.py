"""A second opinion from phase.rs (docs/cross-check.md): a case's board translated into a phase.rs
game state, its question asked of phase.rs's legal actions, and the two answers compared.

phase.rs (through the optional ``phase-python`` bindings, ``pip install 'mtgrules[phase]'``)
computes legal actions and explains nothing; mtgrules explains, and may miss a rule. The
cross-check never changes mtgrules' answer: it adds a verdict beside it (``agrees``,
``disagrees`` or ``not comparable``, with why). Only ``--cross-check=strict`` turns a
disagreement into a failing case (:func:`mtgrules.bank.checking.check_case`). The translation
and what it can't express are in docs/cross-check.md.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from mtgrules.crosscheck.compare import INSTALL_HINT, available, cross_check
    from mtgrules.crosscheck.verdict import CrossCheck

__all__ = ["INSTALL_HINT", "CrossCheck", "available", "cross_check"]

# Re-exported on first use (PEP 562): every report imports crosscheck.verdict, and so this
# package, while only a --cross-check run needs the translation (docs/bench.md, the cold start).
_WHERE = {
    "INSTALL_HINT": "compare",
    "available": "compare",
    "cross_check": "compare",
    "CrossCheck": "verdict",
}


def __getattr__(name: str) -> Any:
    if name not in _WHERE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(f"mtgrules.crosscheck.{_WHERE[name]}"), name)
