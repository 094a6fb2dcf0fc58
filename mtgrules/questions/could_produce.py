"""``could_produce: REF`` — which types of mana could this permanent produce? (CR 106.7)

The value is the list of mana type letters (W U B R G C); each ability and
each effect considered is a reason. Chains and cycles of "could produce"
abilities are settled by the fixpoint in :mod:`mtgrules.rules.mana`.
"""

from __future__ import annotations

from mtgrules.answer import Answer, unsupported
from mtgrules.caseio.case import Case
from mtgrules.questions import depends
from mtgrules.rules import Unsupported
from mtgrules.rules.mana import could_produce, ordered, show
from mtgrules.rules.scope_query import require


def ask(case: Case) -> Answer:
    obj = case.state.find(case.question.ref)
    sentence = f"What types of mana could {obj.label} produce?"
    try:
        read = require(case.state, depends.could_produce(case.state, obj))
        found = could_produce(case.state, obj)
    except Unsupported as err:
        return unsupported(sentence, err.reason, list(err.reasons))
    return Answer(
        question=sentence,
        value=ordered(found.types),
        reasons=(*found.reasons, read),
        details=(("summary", show(found.types)),),
    )
