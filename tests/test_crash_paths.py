"""Schema-valid boards that used to crash an answer (E001) now get a real answer or an honest
refusal (docs/hostile-inputs.md). Each case here was a traceback before its fix."""

from __future__ import annotations

from mtgrules.api import evaluate
from mtgrules.caseio.case import read_case

BEARS_WITH_EFFECT = """\
game: {turn: 3, active_player: Alice}
players:
  - name: Alice
    battlefield: [{card: Grizzly Bears, id: b}]
  - name: Bob
effects:
  - {affect: b, timestamp: 1, add_abilities: [%s]}
question: {can_activate: {object: b, ability: %s}}
"""


def test_a_granted_cost_keyword_without_its_cost_is_unsupported_not_a_crash():
    case = read_case((BEARS_WITH_EFFECT % ("equip", "equip")).encode(), "x.yaml")
    answer = evaluate(case)
    assert answer.value is None
    assert "equip" in answer.unsupported and "cost" in answer.unsupported
