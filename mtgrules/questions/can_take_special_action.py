"""``can_take_special_action: {action, object, by}`` — can this special action be taken now?

``plot`` (116.2k, 702.170a-b) and ``play_land`` (116.2a, 305.1-305.3); the
answer lists every condition checked.
"""

from __future__ import annotations

from mtgrules.answer import Answer, unsupported, verdict
from mtgrules.caseio.case import Case
from mtgrules.questions import depends
from mtgrules.rules import Unsupported
from mtgrules.rules.casting.restrictions import special_action_restrictions
from mtgrules.rules.casting.special_actions import play_land_checks
from mtgrules.rules.keywords.plot import plot_action_checks
from mtgrules.rules.layers.characteristics import characteristics
from mtgrules.rules.scope.query import require

ACTIONS = {
    "plot": ("plot {}", plot_action_checks),
    "play_land": ("play {} as a land", play_land_checks),
}


def ask(case: Case) -> Answer:
    spec = case.question.value
    state = case.state
    obj = state.find(spec["object"])
    player = spec.get("by") or obj.owner
    verb, checks = ACTIONS[spec["action"]]
    sentence = f"Can {player} {verb.format(obj.label)}?"
    try:
        read = require(state, depends.special_action(spec["action"], obj, player))
        chars = characteristics(state, obj)
        reasons = checks(state, obj, chars, player)
        reasons += special_action_restrictions(state, obj, player, spec["action"])  # 101.2, 702.61b
        return verdict(sentence, [*reasons, read])
    except Unsupported as err:
        return unsupported(sentence, err.reason, list(err.reasons))
