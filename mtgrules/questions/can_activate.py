"""``can_activate: {object, ability, by, x, pay, targets}`` — can this ability be activated now?

Combines the activation rules (CR 602), the {T}/{Q} rules (107.5, 107.6),
summoning sickness and haste (302.6, 602.5a, 702.10c), activation timing
(602.5d, 605.3a, 606.3), restrictions such as once each turn (602.5b), its targets
(602.2b, 601.2c, 115; the ones given with ``targets``, or whether legal ones exist) and, on
request, paying the mana in its cost (602.2b, 601.2g-h) into a yes/no answer
listing every condition.
"""

from __future__ import annotations

from mtgrules.answer import Answer, Reason, unsupported, verdict
from mtgrules.cards.vocabulary import AbilityKind
from mtgrules.caseio.case import Case
from mtgrules.model.state import GameState
from mtgrules.questions import depends
from mtgrules.questions.abilities import describe
from mtgrules.rules import Unsupported
from mtgrules.rules.activation.abilities import ActivationPlan, activation_checks
from mtgrules.rules.activation.ability_numbers import find_ability
from mtgrules.rules.activation.ability_words import settled_form
from mtgrules.rules.keywords import activated_form
from mtgrules.rules.layers.characteristics import characteristics
from mtgrules.rules.mana.abilities import is_mana_ability
from mtgrules.rules.rulings import rulings_on
from mtgrules.rules.scope.query import require
from mtgrules.rules.targets.legality import target_names


def ask(case: Case) -> Answer:
    spec = case.question.value
    state = case.state
    obj = state.find(spec["object"])
    which = spec.get("ability", 1)
    player = spec.get("by") or obj.controller
    sentence = f"Can {player} activate ability {which} of {obj.label}?"
    try:
        chars = characteristics(state, obj)
        named = find_ability(chars, which)
        if named is None:  # validation rejects this; kept for API callers
            return unsupported(sentence, f"{obj.name} has no ability {which}")
        ability = named.ability

        def asked(words: str) -> str:
            return (
                f"Can {player} activate ability {named.number} of {obj.label}, "
                f"“{words}”{_how(spec, state)}?"
            )

        sentence = asked(describe(ability))
        if not named.has_it:
            return verdict(
                sentence,
                [
                    Reason(
                        False,
                        "It has lost this ability, so it can't be activated.",
                        ("613.1f", "113.10"),
                    )
                ],
            )
        rules_of_keyword: tuple[str, ...] = ()
        form = activated_form(ability)
        if form is not None:
            ability, rules_of_keyword = form
        if ability.described_only:
            how = settled_form(ability, obj.card)
            if how in (None, "activated", "keyword"):
                return unsupported(
                    sentence,
                    f"mtgrules does not model this ability of {obj.name}: “{ability.words}”",
                )
            # CR 113.3, 602.1: by its form (no "[cost]:" before its effect) it is a
            # static or triggered ability or a spell's effect, none of which is activated
            return verdict(
                asked(ability.words),
                [
                    Reason(
                        False,
                        f"By its words it is a {how} ability, not an activated one (it has no"
                        " cost before a colon): only activated abilities can be activated.",
                        ("113.3b", "602.1c"),
                    ),
                    Reason(
                        None,
                        "mtgrules doesn't model this ability; its form is read from its own words.",
                        ("113.3",),
                    ),
                ],
            )
        if not ability.is_activated:
            kind = "keyword" if ability.kind is AbilityKind.KEYWORD else ability.kind.value
            return verdict(
                sentence,
                [
                    Reason(
                        False,
                        f"It is a {kind} ability, not an activated one: only activated abilities can be activated.",
                        ("602.1c",),
                    )
                ],
            )
        asked = depends.can_activate(
            state,
            obj,
            named.ability,
            player,
            bool(spec.get("pay")),
            is_mana_ability(ability),
            expanded=ability if rules_of_keyword else None,
        )
        reasons = [require(state, asked)]
        if rules_of_keyword:
            reasons.append(
                Reason(
                    None,
                    f"{ability.keyword.capitalize()} means: {ability.render()}",
                    rules_of_keyword,
                    rulings_on(obj.card, ability.keyword or ""),
                )
            )
        targets = spec.get("targets")
        plan = ActivationPlan(
            number=named.number,
            x=spec.get("x"),
            pay=bool(spec.get("pay", False)),
            targets=tuple(targets) if targets is not None else None,
        )
        reasons += activation_checks(state, obj, chars, ability, player, plan)
        return verdict(sentence, reasons)
    except Unsupported as err:
        return unsupported(sentence, err.reason, list(err.reasons))


def _how(spec: dict, state: GameState) -> str:
    parts = [f"with X = {spec['x']}"] if spec.get("x") is not None else []
    if spec.get("pay"):
        parts.append("and pay its mana cost")
    if spec.get("targets") is not None:
        parts.append(f"targeting {target_names(state, tuple(spec['targets']))}")
    return (", " + " ".join(parts)) if parts else ""
