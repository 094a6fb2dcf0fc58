"""The rulings of the cards a question is about that bear on it.

A judge answering a question reads the rulings of the cards in front of them.
Rulings with a topic (the built-in cards') are attached by the rules to the
reasons they support. For the others (imported cards), the answer ends with a
note naming (card and date) the rulings of the question's cards whose wording
mentions what the question turns on (casting for
``can_cast``, the ability's keyword, mana abilities, {T}, ...). With imported
data the ruling's official text comes along and the text report quotes it.
"""

from __future__ import annotations

import re
from dataclasses import replace

from mtgrules.answer import Answer, Reason, RulingRef
from mtgrules.cards.vocabulary import AbilityKind, CardDef, Ruling
from mtgrules.caseio.case import Case

# What each kind of question turns on, as words a ruling on it would use.
QUESTION_TERMS: dict[str, tuple[str, ...]] = {
    "can_cast": ("cast",),
    "can_activate": ("activate",),
    "can_take_special_action": ("special action",),
    "characteristics": ("copy", "copies", "characteristics"),
    "enters": ("enters", "copy", "copies"),
    "is_mana_ability": ("mana ability", "mana abilities"),
    "could_produce": ("mana ability", "mana abilities", "add"),
    "mana_produced": ("mana ability", "mana abilities", "add"),
    "x_value": ("X",),
}


def question_terms(case: Case) -> tuple[str, ...]:
    """The words a ruling must use (one of them) to bear on this case's question."""
    q = case.question
    terms = list(QUESTION_TERMS.get(q.kind, ()))
    for option in ("method",):
        if isinstance(q.option(option), str):
            terms.append(q.option(option))
    if isinstance(q.value, dict):
        for key in ("ability", "action"):
            if isinstance(q.value.get(key), str):
                terms.append(q.value[key])
        ability = _numbered_ability(case)
        if ability is not None:
            if ability.kind is AbilityKind.KEYWORD and ability.keyword:
                terms.append(ability.keyword)
            if ability.cost is not None and ability.cost.tap:
                terms += ["{T}", "summoning sickness", "haste"]
            if ability.effect is not None and ability.effect.adds_mana is not None:
                terms += ["mana ability", "mana abilities"]
    return tuple(dict.fromkeys(terms))


def _numbered_ability(case: Case):
    which = case.question.value.get("ability") if isinstance(case.question.value, dict) else None
    if not isinstance(which, int):
        return None
    card = _card(case, case.question.ref)
    if card is None or not 1 <= which <= len(card.abilities):
        return None
    return card.abilities[which - 1]


def _card(case: Case, ref: str) -> CardDef | None:
    try:
        return case.state.find(ref).card
    except (KeyError, LookupError, ValueError):
        return None


def bears_on(ruling: Ruling, terms: tuple[str, ...]) -> bool:
    words = " ".join((ruling.topic, ruling.summary, ruling.text))
    return any(
        re.search(rf"(?<![\w{{]){re.escape(t)}(?![\w}}])", words, re.IGNORECASE)
        or (t.startswith("{") and t in words)
        for t in terms
    )


def relevant_rulings(case: Case) -> tuple[RulingRef, ...]:
    """The rulings of the question's cards that bear on the question, oldest first."""
    refs = [case.question.ref]
    if isinstance(case.question.value, dict) and isinstance(
        case.question.value.get("as_copy_of"), str
    ):
        refs.append(case.question.value["as_copy_of"])
    terms = question_terms(case)
    out: dict[tuple[str, str, str, str], RulingRef] = {}
    for ref in refs:
        card = _card(case, ref)
        if card is None:
            continue
        for ruling in card.rulings:
            if ruling.topic:  # the engine attaches topic-tagged rulings to its reasons itself
                continue
            if bears_on(ruling, terms):
                ref_ = RulingRef(card.name, ruling.date, ruling.summary, ruling.text)
                out.setdefault((card.name, ruling.date, ruling.summary, ruling.text), ref_)
    return tuple(sorted(out.values(), key=lambda r: (r.card, r.date)))


def with_rulings(case: Case, answer: Answer) -> Answer:
    """The answer with a closing note naming the rulings that bear on it, if any."""
    attached = {(r.card, r.date, r.summary, r.text) for x in answer.reasons for r in x.rulings}
    rulings = tuple(
        r for r in relevant_rulings(case) if (r.card, r.date, r.summary, r.text) not in attached
    )
    if not rulings:
        return answer
    cards = ", ".join(dict.fromkeys(r.card for r in rulings))
    count = f"{len(rulings)} ruling{'s' if len(rulings) != 1 else ''}"
    note = Reason(None, f"Rulings of {cards} on this question: {count}.", (), rulings)
    return replace(answer, reasons=(*answer.reasons, note))
