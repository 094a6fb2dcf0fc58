"""``can_attack: REF`` — can this creature be declared as an attacker?

Asked of the declaration of attackers of the turn being played (CR 508.1; when that is,
see :mod:`mtgrules.rules.combat.windows`): a creature the active player controls (506.2,
506.3), untapped (508.1a), not summoning sick unless it has haste (302.6, 702.10b), without
defender (702.3b) or an effect saying it can't attack (508.1c). Requirements (508.1d) are
notes: they never take an attack away without a restriction on the declaration as a whole,
and an unread one of those refuses the answer (rules/scope/index.py).
"""

from __future__ import annotations

from mtgrules.answer import Answer, unsupported, verdict
from mtgrules.caseio.case import Case
from mtgrules.questions import depends
from mtgrules.rules import Unsupported
from mtgrules.rules.combat.attack import attack_checks
from mtgrules.rules.layers.characteristics import characteristics
from mtgrules.rules.scope.query import require


def ask(case: Case) -> Answer:
    state = case.state
    obj = state.find(case.question.value)
    sentence = f"Can {obj.controller} attack with {obj.label}?"
    try:
        chars = characteristics(state, obj, through="6")  # its power doesn't matter
        reasons = [require(state, depends.can_attack(state, obj))]
        reasons += attack_checks(state, obj, chars)
        return verdict(sentence, reasons)
    except Unsupported as err:
        return unsupported(sentence, err.reason, list(err.reasons))
