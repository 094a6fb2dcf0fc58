"""The effect texts of a card face that :func:`~mtgrules.cards.oracle.effects.read_effect`
reads: an instant's or sorcery's spell ability (CR 113.3a), each activated or loyalty
ability's words after its cost (602.1a), without the activation instructions that follow
them ("Activate only as a sorcery.", 602.5), which restrict activating it, not what it
does, and each triggered ability's words after its trigger condition and any intervening
"if" clause (603.1, 603.4; a Saga's chapter ability after its numbers, 714.2b). Coverage
(``mtgrules cards coverage``, ``bench/oracle_effects_coverage.py``) and the tests walk the
corpus with it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from mtgrules import lazyre
from mtgrules.cards.oracle.abilities import parse_lines
from mtgrules.cards.oracle.costs import CHAPTER, self_pattern
from mtgrules.cards.oracle.targets import NOT_INSTRUCTIONS, SPELL_EFFECT_LABEL, cost_split
from mtgrules.cards.oracle.templates import EFFECT_START
from mtgrules.cards.vocabulary import Ability, AbilityKind, sentence

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
_TRIGGERED_LABELS = ("not modeled: triggered ability", "not modeled: triggered mana ability")
# an ability word or flavor word before a trigger condition (CR 207.2c-d)
_ABILITY_WORD = lazyre.compile(r"^[A-Z][\w'’-]*(?: [\w'’!-]+){0,4}[?!]? — (?=When|Whenever|At )")
_TRIGGER_WORD = lazyre.compile(r"^(?:When|Whenever|At) ")
# effects that begin with a word EFFECT_START doesn't list (keyword actions, CR 701; "up
# to one target", "an opponent")
_MORE_EFFECT_STARTS = lazyre.compile(
    r"^(?:add|investigate|proliferate|populate|up to|manifest|roll|those|another|goad"
    r"|convert|bolster|amass|any player|draft|detain|earthbend|enchanted|equipped"
    r"|an opponent|a player)\b"
)


def effect_texts(
    name: str, text: str | None, types: Iterable[str] = (), keywords: Iterable[str] = ()
) -> list[tuple[str, str]]:
    """``(kind, effect words)`` of one face: kind ``spell``, ``activated`` or
    ``triggered``."""
    return [
        (kind, words) for _line, _ability, kind, words in face_effects(name, text, types, keywords)
    ]


def face_effects(
    name: str, text: str | None, types: Iterable[str] = (), keywords: Iterable[str] = ()
) -> list[tuple[str, Ability, str, str]]:
    """``(paragraph, ability, kind, effect words)`` of each spell, activated and triggered
    ability of one face whose paragraph is that ability alone."""
    types = tuple(types)
    spell = bool({"Instant", "Sorcery"} & set(types))
    out = []
    for line, abilities in parse_lines(text, keywords, types, name):
        if len(abilities) != 1:
            continue
        found = ability_effect(line, abilities[0], name, spell)
        if found is not None:
            out.append((line, abilities[0], *found))
    return out


def ability_effect(
    line: str, ability: Ability, name: str, spell: bool = False
) -> tuple[str, str] | None:
    """``(kind, effect words)`` of one ability whose paragraph is ``line``, or None when
    it is no spell, activated or triggered ability (a keyword, a static ability).
    ``spell``: the face is an instant or sorcery, whose unread paragraph may be its spell
    ability (CR 113.3a)."""
    if ability.kind is AbilityKind.SPELL or (
        spell and ability.kind is AbilityKind.UNMODELED and ability.text == SPELL_EFFECT_LABEL
    ):
        if NOT_INSTRUCTIONS.search(line):  # a keyword with its cost after a dash, ...
            return None
        if _SPELL_STATICS.search(line) and "When you do" not in line:  # 603.12
            return None
        return "spell", line
    if ability.is_activated or ability.text in _ACTIVATED_LABELS:
        _head, sep, effect = cost_split(line)
        if sep:
            effect = _ACTIVATE_ONLY.sub(" ", effect).strip()
            if effect:
                return "activated", re.sub(r"\s+\n", "\n", effect)
        return None
    if ability.kind is AbilityKind.TRIGGERED or ability.text in _TRIGGERED_LABELS:
        words = triggered_effect(line, ability, name)
        return ("triggered", words) if words else None
    return None


def triggered_effect(line: str, ability: Ability, name: str) -> str:
    """A triggered ability's effect: its words after the trigger condition and any
    intervening "if" clause (CR 603.1, 603.4), or after a chapter's numbers (714.2b), as
    a sentence. The trigger reader's own split when it read the trigger; else the
    paragraph is split at the first comma after which an effect begins (a condition may
    list "an artifact, creature, or enchantment"). Where that can't be told, the whole
    paragraph, which no effect reading reads: it is counted as not read."""
    if ability.kind is AbilityKind.TRIGGERED:
        words = ability.text or (ability.effect.does if ability.effect is not None else "")
        if words:
            return _as_sentence(words)
    chapter = CHAPTER.match(line)
    if chapter is not None:
        return line[chapter.end() :].strip()
    paragraph = _ABILITY_WORD.sub("", line.strip(), count=1)
    if not _TRIGGER_WORD.match(paragraph):
        return ""
    rest = _after_clause(paragraph, name)
    if rest is not None and rest.startswith("if "):
        rest = _after_clause(rest, name)
    return _as_sentence(rest) if rest is not None else paragraph


def _after_clause(text: str, name: str) -> str | None:
    """The words after the first ", " of ``text`` (outside quotes and the card's name) that
    an effect or an intervening "if" begins, or None."""
    names = [m.span() for m in self_pattern(name).finditer(text)]
    quoted = False
    for i, ch in enumerate(text):
        if ch in '"“”':
            quoted = not quoted
        if ch != "," or quoted or text[i + 1 : i + 2] != " ":
            continue
        if any(a <= i < b for a, b in names):
            continue
        rest = text[i + 2 :]
        if rest.startswith("if ") or _effect_begins(rest, name):
            return rest
    return None


def _effect_begins(words: str, name: str) -> bool:
    return bool(
        EFFECT_START.match(words)
        or _MORE_EFFECT_STARTS.match(words)
        or self_pattern(name).match(words)
    )


def _as_sentence(words: str) -> str:
    """Effect words as a sentence of their own: a capital first letter and a period."""
    words = words.strip()
    if not words:
        return ""
    words = words[:1].upper() + words[1:]
    return words if words.endswith(".") else sentence(words)
