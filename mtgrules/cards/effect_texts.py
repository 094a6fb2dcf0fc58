"""The effect texts of a card face that :func:`~mtgrules.cards.oracle_effects.read_effect`
reads: an instant's or sorcery's spell ability (CR 113.3a) and each activated or loyalty
ability's words after its cost (602.1a), without the activation instructions that follow
them ("Activate only as a sorcery.", 602.5), which restrict activating it, not what it
does. Coverage (``bench/oracle_effects_coverage.py``) and the tests walk the corpus with it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from mtgrules import lazyre
from mtgrules.cards.oracle import parse_lines
from mtgrules.cards.oracle_targets import NOT_INSTRUCTIONS, SPELL_EFFECT_LABEL, cost_split
from mtgrules.cards.vocabulary import AbilityKind

# the activation instructions after an activated ability's effect (CR 602.5b-d), who may
# activate it (602.2: only its controller, "unless the object specifically says
# otherwise") and what it costs to activate (601.2f, by 602.2b): they say when, by whom and
# for how much it may be activated, not what it does
_ACTIVATE_ONLY = lazyre.compile(
    r"\s*(?:Activate (?:only|no more)\b|Any player may activate this ability\b"
    r"|This ability costs\b[^.]* to activate\b)[^.]*\.(?:\s|$)"
)
# an instant's or sorcery's paragraphs that are its static abilities, not its effect (CR
# 113.6): additional costs (118.8), cost changes and alternative costs (601.2f, 118.9),
# permissions and restrictions on casting it (601.3), X's limits (107.3), the ante rule's
# reminder (407.1), and others that say nothing of what it does as it resolves
_SPELL_STATICS = lazyre.compile(
    r"^(?:As an additional cost to cast this spell\b|This spell costs\b|Strive — This spell"
    r" costs\b|If you weren't the starting player, this spell costs\b|Cast this spell only\b"
    r"|You may cast this spell\b|If you control a commander, you may cast this spell\b"
    r"|(?:If [^,.]*, y|Y)ou may [^.]* rather than pay this spell's mana cost\.$"
    r"|X can't be \d+\.$|Remove this card from your deck before playing if you're not"
    r" playing for ante\.$"
    r"|This spell can't be copied\.$|Spend only [a-z]+ mana on X\.$)"
)
_ACTIVATED_LABELS = (
    "not modeled: activated ability",
    "not modeled: loyalty ability",
    "not modeled: mana ability",
)


def effect_texts(
    name: str, text: str | None, types: Iterable[str] = (), keywords: Iterable[str] = ()
) -> list[tuple[str, str]]:
    """``(kind, effect words)`` of one face: kind ``spell`` or ``activated``."""
    types = tuple(types)
    spell = bool({"Instant", "Sorcery"} & set(types))
    out: list[tuple[str, str]] = []
    for line, abilities in parse_lines(text, keywords, types, name):
        if len(abilities) != 1:
            continue
        (ability,) = abilities
        if ability.kind is AbilityKind.SPELL or (
            spell and ability.kind is AbilityKind.UNMODELED and ability.text == SPELL_EFFECT_LABEL
        ):
            static = _SPELL_STATICS.search(line) and "When you do" not in line  # 603.12
            if not NOT_INSTRUCTIONS.search(line) and not static:
                out.append(("spell", line))
        elif ability.is_activated or ability.text in _ACTIVATED_LABELS:
            _head, sep, effect = cost_split(line)
            if sep:
                effect = _ACTIVATE_ONLY.sub(" ", effect).strip()
                if effect:
                    out.append(("activated", re.sub(r"\s+\n", "\n", effect)))
    return out
