"""``can_block: {object: REF, attacker: REF}`` — can this creature block that attacker?

Asked of the declaration of blockers of this combat (CR 509.1; when that is, see
:mod:`mtgrules.rules.combat.windows`): the attacker is attacking (its ``attacking``), the
blocker is a creature the defending player controls (506.2, 509.1a), untapped, that
nothing says can't block (509.1b), and the attacker's evasion allows it (flying, reach,
menace, fear, intimidate, landwalk, shadow, horsemanship, skulk, protection: 702). The
answer is about this blocker alone: a creature with menace can't be blocked by one
creature (702.111b), so the answer is NO, saying it could be blocked together with another.
"""

from __future__ import annotations

from mtgrules.answer import Answer, unsupported, verdict
from mtgrules.caseio.case import Case
from mtgrules.model.state import Zone
from mtgrules.questions import depends
from mtgrules.rules import Unsupported
from mtgrules.rules.combat.block import block_checks
from mtgrules.rules.combat.evasion import LANDWALK
from mtgrules.rules.combat.windows import defending_player
from mtgrules.rules.layers.characteristics import characteristics
from mtgrules.rules.scope.query import require


def ask(case: Case) -> Answer:
    spec = case.question.value
    state = case.state
    blocker = state.find(spec["object"])
    attacker = state.find(spec["attacker"])
    sentence = f"Can {blocker.controller} block {attacker.label} with {blocker.label}?"
    try:
        # layers 1-6 (types, colors, abilities); power only for skulk (702.118b)
        a = characteristics(state, attacker, through="6")
        layer = "7d" if a.has_keyword("skulk") else "6"
        a = characteristics(state, attacker, through=layer)
        b = characteristics(state, blocker, through=layer)
        lands: tuple = ()
        if attacker.attacking and any(LANDWALK.match(k.keyword or "") for k in a.abilities):
            defender = defending_player(state, attacker)[0]
            lands = tuple(
                o
                for o in state.in_zone(Zone.BATTLEFIELD, defender)
                if characteristics(state, o, through="4").is_a("Land")
            )
        reasons = [require(state, depends.can_block(state, blocker, attacker, lands))]
        reasons += block_checks(state, blocker, b, attacker, a)
        return verdict(sentence, reasons)
    except Unsupported as err:
        return unsupported(sentence, err.reason, list(err.reasons))
