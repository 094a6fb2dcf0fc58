"""``is_mana_ability: {object, ability}`` — is this ability a mana ability?

CR 605.1a for activated abilities (no target, could add mana, not a loyalty
ability, no card moved to or from a library), 605.1b for triggered ones (no
target, triggers from a mana ability, could add mana), 605.5 for the rest.
"""

from __future__ import annotations

from mtgrules.answer import Answer, Reason, unsupported, verdict
from mtgrules.cards.vocabulary import AbilityKind
from mtgrules.caseio.case import Case
from mtgrules.questions import depends
from mtgrules.questions.ability_ref import ability_ref
from mtgrules.rules import Unsupported
from mtgrules.rules.activation.ability_words import criteria_from_words
from mtgrules.rules.mana.abilities import criteria
from mtgrules.rules.mana.board import rulings_about
from mtgrules.rules.scope.query import require

# Card rulings that speak to whether an ability is a mana ability.
RULING_TOPICS = frozenset({"superseded-mana-ability", "targeted-mana", "not-mana-ability"})


def ask(case: Case) -> Answer:
    spec = case.question.value
    sentence = f"Is ability {spec.get('ability', 1)} of {spec['object']} a mana ability?"
    try:
        ref = ability_ref(case, unmodeled=True)
        ability = ref.ability
        sentence = f"Is {ref.quoted} a mana ability?"
        unread = ability.described_only
        found = criteria_from_words(ability, ref.obj.card) if unread else criteria(ability)
    except Unsupported as err:
        return unsupported(sentence, err.reason, list(err.reasons))
    if not found:  # neither activated nor triggered
        kind = "keyword" if ability.kind is AbilityKind.KEYWORD else ability.kind.value
        found = [
            Reason(
                False,
                f"It is a {kind} ability; only activated and triggered abilities can be mana abilities.",
                ("605.1", "605.5"),
            )
        ]
    reasons = list(found)
    if ability.intrinsic:  # CR 305.6: the ability exists because of its basic land type
        reasons.append(
            Reason(
                True,
                "It is the mana ability its basic land type gives it, printed or not.",
                ("305.6",),
            )
        )
    if unread:
        reasons.append(
            Reason(
                None,
                "mtgrules doesn't model this ability; these criteria are read from its own words"
                " (reminder text and the abilities it quotes for other objects left out).",
                ("605.1",),
            )
        )
    if ability.is_activated:
        reasons.append(
            Reason(
                None,
                "Judged from the ability itself: replacement effects other than self-replacement effects don't count.",
                ("605.1a",),
            )
        )
    mana = ability.effect.adds_mana if ability.effect else None
    if mana is not None and (
        mana.could_produce or mana.for_each or mana.one_of_produced or mana.depends
    ):
        reasons.append(
            Reason(
                None,
                "How much mana it makes depends on the board, but an ability that could add mana stays a mana ability even when it would add none.",
                ("605.2",),
            )
        )
    rulings = rulings_about(ref.obj, *RULING_TOPICS)
    if rulings:
        rules = ("605.1a",) if ability.is_activated else ("605.1b",)
        reasons.append(Reason(None, "What the card's rulings say about it:", rules, rulings))
    if not ref.has_it:
        reasons.append(
            Reason(
                None,
                f"{ref.obj.label} has lost this ability; the question is about the ability itself.",
                ("613.1f",),
            )
        )
    reasons.append(require(case.state, depends.is_mana_ability(ref.obj, ref.ability)))
    return verdict(sentence, reasons)
