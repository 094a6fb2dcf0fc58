"""``x_value: {object, ability?}`` — what is X? (CR 107.3)

Without ``ability``: X in the object's mana cost (107.3a, 107.3b, 107.3g, 707.2).
With ``ability``: X for that ability (107.3k activated, 107.3m enters abilities).
"""

from __future__ import annotations

from mtgrules.answer import Answer, unsupported
from mtgrules.caseio.case import Case
from mtgrules.questions import depends
from mtgrules.questions.ability_ref import ability_ref
from mtgrules.rules import Unsupported
from mtgrules.rules.casting.x_value import copied_card, x_of_ability, x_of_object
from mtgrules.rules.scope.query import require


def ask(case: Case) -> Answer:
    spec = case.question.value
    state = case.state
    obj = state.find(spec["object"])
    sentence = f"What is X for {obj.label}?"
    try:
        if "ability" not in spec:
            read = require(state, depends.x_value(obj, None))
            found = x_of_object(state, obj)
        else:
            source = state.obj(obj.copy_of) if obj.copy_of is not None else None
            if source is not None:
                copied_card(state, obj)  # rejects loops of copies
                while source.copy_of is not None:
                    source = state.obj(source.copy_of)
            ref = ability_ref(case, abilities_of=source)
            sentence = f"What is X for {ref.quoted}?"
            read = require(state, depends.x_value(obj, ref.ability))
            found = x_of_ability(state, obj, ref.number, ref.ability)
    except Unsupported as err:
        return unsupported(sentence, err.reason, list(err.reasons))
    return Answer(question=sentence, value=found.value, reasons=(*found.reasons, read))
