"""``could_produce: REF`` — which types of mana could this permanent produce? (CR 106.7)

The value is the list of mana type letters (W U B R G C); each ability and
each effect considered is a reason. Chains and cycles of "could produce"
abilities are settled by the fixpoint in :mod:`mtgrules.rules.mana.board`.
"""

from __future__ import annotations

from dataclasses import replace

from mtgrules.answer import Answer, Reason, unsupported
from mtgrules.cards.vocabulary import AbilityKind
from mtgrules.caseio.case import Case
from mtgrules.model.state import GameObject, GameState, Zone
from mtgrules.questions import depends
from mtgrules.rules import Unsupported
from mtgrules.rules.mana.board import ordered, show
from mtgrules.rules.mana.could_produce import could_produce
from mtgrules.rules.mana.words import MANA_WORDS_RULES, types_named
from mtgrules.rules.scope.index import Scope, form
from mtgrules.rules.scope.query import (
    Considered,
    consider,
    finding_reasons,
    note,
    unsupported_text,
)


def ask(case: Case) -> Answer:
    obj = case.state.find(case.question.ref)
    sentence = f"What types of mana could {obj.label} produce?"
    try:
        considered = consider(case.state, depends.could_produce(case.state, obj))
        named, by_words = _named_by_words(case.state, obj, considered)
        rest = replace(considered, findings=tuple(f for f in considered.findings if f not in named))
        if rest.findings:
            changes = f"which types of mana {obj.label} could produce"
            raise Unsupported(
                unsupported_text(rest.findings, changes), finding_reasons(rest, changes)
            )
        read = note(rest, f"which types of mana {obj.label} could produce")
        own = [(f, t) for f, t in by_words if f.source.oid == obj.oid]
        settled: dict[str, frozenset[str]] = {}
        for f, t in by_words:  # the asked permanent's too: its chosen color may not matter
            settled[f.source.oid] = settled.get(f.source.oid, frozenset()) | t
        found = could_produce(case.state, obj, others=bool(own), settled=settled)
    except Unsupported as err:
        return unsupported(sentence, err.reason, list(err.reasons))
    types = found.types | frozenset().union(*(t for _, t in own))
    words_reasons = tuple(
        Reason(
            True,
            f"{'Its' if f.source.oid == obj.oid else f.source.label + chr(39) + 's'} ability "
            f"“{f.words}” isn't read whole, but wherever it adds mana it names the "
            f"mana by symbols: it could add {show(t)}, whatever its costs (they are ignored "
            "here) and its other words.",
            MANA_WORDS_RULES,
        )
        for f, t in by_words
    )
    return Answer(
        question=sentence,
        value=ordered(types),
        reasons=(*found.reasons, *words_reasons, read),
        details=(("summary", show(types)),),
    )


def _named_by_words(state: GameState, obj: GameObject, considered: Considered):
    """The findings on a permanent's own unread abilities whose words settle the types they
    add (rules/mana/words.py), with those types: the asked permanent's, and those of the
    permanents a could-produce ability looks at (Reflecting Pool beside a storage land,
    106.7), which have those types whatever the board. None are taken when a read effect
    could change mana on the board (a replacement, a "could produce" ability of the
    permanent itself): those apply to abilities the fixpoint reads, not to these words."""
    own = [
        f
        for f in considered.findings
        if f.subject.oid == f.source.oid
        and f.scope is Scope.MANA_ABILITY
        and form(f.ability, f.source.card) in ("activated", "triggered")
    ]
    sources = {f.source.oid: f.source for f in own}
    if not own or any(_read_mana_changes(state, s) for s in sources.values()):
        return [], []
    named = [(f, types_named(f.ability)) for f in own]
    settled = [(f, t) for f, t in named if t is not None]
    return [f for f, _ in settled], settled


def _read_mana_changes(state: GameState, obj: GameObject) -> bool:
    for o in state.in_zone(Zone.BATTLEFIELD):
        for a in o.card.abilities:
            if a.replacement is not None or (
                a.kind is AbilityKind.TRIGGERED
                and a.event is not None
                and a.event.event == "tapped_for_mana"
            ):
                return True
    return any(
        a.effect is not None and a.effect.adds_mana is not None and a.effect.adds_mana.could_produce
        for a in obj.card.abilities
    )
