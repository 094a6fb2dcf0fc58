"""``mana_produced: {object, ability, choose}`` — what mana does this ability add?

The value is the mana as symbols (``"{G}{G}"``, ``""`` for none), after
replacement effects on tapping for mana (CR 106.12b) and the triggered mana
abilities it sets off (CR 106.12a, 605.1b, 605.4a); the reasons also name the
triggers that wait for priority (CR 603.3, 605.5a).
"""

from __future__ import annotations

from mtgrules.answer import Answer, Reason, unsupported
from mtgrules.caseio.case import Case
from mtgrules.model.state import Zone
from mtgrules.questions import depends
from mtgrules.questions.ability_ref import ability_ref
from mtgrules.rules import Unsupported
from mtgrules.rules.activation.ability_words import trigger_adds_no_mana
from mtgrules.rules.mana.board import render
from mtgrules.rules.mana.production import produce
from mtgrules.rules.scope.query import require


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
    quiet = [
        Reason(
            None,
            f"{o.label}'s ability (“{a.oracle or a.text}”) is not read, but it triggers only on"
            " mana or tapping and its words add no mana: it doesn't change the mana added,"
            " and if it triggers it waits for the stack.",
            ("605.1b", "603.3"),
        )
        for o in case.state.in_zone(Zone.BATTLEFIELD)
        for a in o.card.abilities
        if trigger_adds_no_mana(a, o.card)
    ]
    return Answer(question=sentence, value=render(made.mana), reasons=(*made.reasons, *quiet, read))
