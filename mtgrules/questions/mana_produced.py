"""``mana_produced: {object, ability, choose}`` — what mana does this ability add?

The value is the mana as symbols (``"{G}{G}"``, ``""`` for none), after
replacement effects on tapping for mana (CR 106.12b) and the triggered mana
abilities it sets off (CR 106.12a, 605.1b, 605.4a); the reasons also name the
triggers that wait for priority (CR 603.3, 605.5a).
"""

from __future__ import annotations

from mtgrules.answer import Answer, unsupported
from mtgrules.caseio.case import Case
from mtgrules.questions import depends
from mtgrules.questions.ability_ref import ability_ref
from mtgrules.rules import Unsupported
from mtgrules.rules.mana import render
from mtgrules.rules.mana_production import produce
from mtgrules.rules.scope_query import require


def ask(case: Case) -> Answer:
    spec = case.question.value
    sentence = f"What mana does ability {spec.get('ability', 1)} of {spec['object']} add?"
    try:
        ref = ability_ref(case)
        sentence = f"What mana does {ref.quoted} add?"
        read = require(case.state, depends.mana_produced(case.state, ref.obj, ref.ability))
        made = produce(case.state, ref.obj, ref.number, ref.ability, spec.get("choose", ()))
    except Unsupported as err:
        return unsupported(sentence, err.reason, list(err.reasons))
    return Answer(question=sentence, value=render(made.mana), reasons=(*made.reasons, read))
