"""How the project's own words show a reading (``mtgrules card NAME``, a refusal naming an
instruction): a verb in agreement with who acts ("you draw", "each opponent draws") and an
amount with its noun ("1 card", "2 cards", "X cards"). Wording only: no rule is decided
here, and nothing here is Oracle or CR text."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from mtgrules import lazyre

if TYPE_CHECKING:
    from mtgrules.cards.effects import Amount, Subject


def acts(who: Subject, phrase: str) -> str:
    """``who`` doing what ``phrase`` says in the third person ("draws", "shuffles their
    library"), in agreement for ``you`` ("you draw", "you shuffle your library"): how the
    project's own words show a reading (``mtgrules card NAME``)."""
    if who.kind != "you":
        return f"{who.render()} {phrase}"
    verb, _, rest = phrase.partition(" ")
    rest = re.sub(r"\btheir\b", "your", rest)
    # the verbs after a comma ("..., reveals them, puts them ..., then shuffles") too
    rest = _LATER_VERBS.sub(lambda m: m[1] + _base(m[2]), rest)
    return f"you {_base(verb)} {rest}".rstrip()


_BASE_VERBS = {"has": "have", "may": "may", "scries": "scry", "is": "are"}
_LATER_VERBS = lazyre.compile(r"(, (?:then )?)(reveals|puts|shuffles|draws|discards)\b")


def _base(verb: str) -> str:
    """A verb's base form from its third person ("draws": "draw", "searches": "search")."""
    if verb in _BASE_VERBS:
        return _BASE_VERBS[verb]
    return verb[:-2] if verb.endswith(("ches", "shes", "sses", "xes")) else verb[:-1]


def counted(amount: Amount, noun: str) -> str:
    """``amount`` of ``noun`` in words: "1 card", "2 cards", "X cards", "cards equal to the
    number of creatures you control"."""
    plain = not (amount.x or amount.count)
    if plain:
        return f"{amount.fixed} {noun}{'' if amount.fixed == 1 else 's'}"
    if amount.x:
        return f"X {noun}s"
    return f"{noun}s equal to {amount.render()}"
