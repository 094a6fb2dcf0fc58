"""Reading target phrases (CR 115.1) from an ability's words into :class:`TargetSpec`.

:func:`read_targets` reads every instance of the word "target" in one effect
("Destroy target artifact.", "Tap up to two target creatures.", "deals 3 damage to
any target") and :func:`read_enchant` an Aura's enchant ability ("Enchant creature you
control", CR 303.4a, 702.5a). The same reader reads the ``targets:`` phrases of
built-in and inline cards (:mod:`mtgrules.cards.define`).

What the reader can't read fully is said so, never guessed:

- a phrase with a restriction it doesn't know after a noun it does ("target spell that
  targets a creature") is read as far as it goes, with ``whole=False`` (the spec is
  then less strict than the card);
- everything else it can't place (modal spells, targets chosen only if a condition
  holds, 601.2c, or by a delayed trigger, numbers it can't count, words it doesn't
  know) makes the :class:`Targeting` ``unreadable``, quoting the words.

Words that mention targets without being one ("choose new targets for the copy",
"becomes the target of", "spell that targets a creature") are not instances
(CR 115.10a). Quoted abilities an effect grants have targets of their own, not the
effect's, so quoted text is skipped.

>>> read_targets("Destroy target artifact.").specs[0].what
('artifact',)
>>> spec = read_targets("Tap up to two target creatures you don't control.").specs[0]
>>> (spec.minimum, spec.maximum, spec.controller)
(0, 2, 'not_you')
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

from mtgrules import lazyre
from mtgrules.cards.oracle.costs import CDA_WORDS, SPELL_STATIC
from mtgrules.cards.oracle.keywords import DASH_KEYWORD
from mtgrules.cards.oracle.reflexive import split_reflexive
from mtgrules.cards.oracle.target_nouns import (
    IMPLIED_TARGET,
    RESTRICTIONS,
    SENTENCE_END,
    UNREADABLE_NEXT,
    Unreadable,
    next_word,
    noun_phrase,
    rest_clause,
)
from mtgrules.cards.targets import ANY_TARGET, NUMBER_WORDS, Targeting, TargetSpec
from mtgrules.cards.vocabulary import Ability, AbilityKind, Effect

_NUM = r"(?:one|two|three|four|five|six|seven|eight|nine|ten|\d+)"

_TARGET_WORD = lazyre.compile(r"\btargets?\b", re.IGNORECASE)
_QUOTED = lazyre.compile(r"\"[^\"]*\"|“[^”]*”")
# a modal spell or ability (CR 700.2): its modes are bulleted paragraphs
_MODAL = lazyre.compile(r"•|\n")
# words before "target" that make it a reference to a target named elsewhere (CR 115.10a)
_REFERENCE_BEFORE = lazyre.compile(
    r"\b(?:new|the|its|that|their|his|her|single|each|same|no|these|those|this|original|"
    r"different|a|an)\s+$",
    re.IGNORECASE,
)
_VERB_BEFORE = lazyre.compile(
    r"\b(?:that|which|it|also|only|can|could|spell|ability|permanent|creature|who|and)\s+$",
    re.IGNORECASE,
)
# a delayed or reflexive trigger's targets are chosen when it triggers (CR 603.7, 603.12)
_TRIGGER_BEFORE = lazyre.compile(r"\b(?:when|whenever|at the beginning|at end)\b", re.I)
# CR 601.2c: a target required only if a cost or a mode was chosen for the spell
_COST_CONDITION = lazyre.compile(
    r"\bif\b[^,.]*\b(?:kick|bargain|spent|paid|pay|cast|promis|collect|cost|gift|foretold|"
    r"offspring|sneak|warp|blitz|dash|evok|prototyp|disguis|cloak|bestow|mutat|surge|"
    r"overload|entwin|casualty|cleave|chose|chosen|mode)\w*",
    re.IGNORECASE,
)

# what may come before one in its sentence: nothing, "then", "and", "you", a comma
_IMPLIED_BEFORE = lazyre.compile(r"(?:^|(?:^|\s)(?:[Tt]hen|and|you)\s+|,\s+)$")


def read_targets(text: str, *, spell: bool | None = None) -> Targeting | None:
    """The target requirements of one effect, in order; None if it says no "target".

    ``text`` is the effect's words (an activated ability's text after its cost).
    ``spell``: whether they are an instant's or sorcery's spell ability (True) or a
    permanent's ability (False), which support's target needs (CR 701.41a); None: not
    known, and support's target is not read.
    """
    implied = IMPLIED_TARGET.search(text)
    if implied and _MODAL.search(text):
        return _modal(text, spell)
    if implied and not _TARGET_WORD.search(_QUOTED.sub('""', text)):
        return _implied(text, spell)
    if implied:
        split = split_reflexive(text)
        if split is None or IMPLIED_TARGET.search(split[1]) or _TARGET_WORD.search(split[0]):
            return Targeting(unreadable=_sentence(text, implied.start()))
    if not _TARGET_WORD.search(text):
        return None
    if (split := split_reflexive(text)) is not None:
        # a reflexive trigger's targets are its own, chosen as it is put on the stack
        # (CR 603.12, 603.3d), not the first spell's or ability's (601.2c, 602.2b)
        return read_targets(split[0], spell=spell) or Targeting()
    body = _QUOTED.sub('""', text.replace("’", "'"))
    if not _TARGET_WORD.search(body):
        return Targeting()  # only abilities it grants have targets
    if _MODAL.search(body):
        return _modal(text, spell)
    specs: list[TargetSpec] = []
    covered = 0  # the end of the last phrase read: words inside it are its own
    try:
        for match in _TARGET_WORD.finditer(body):
            if match.start() < covered:
                continue
            before = body[: match.start()]
            sentence = before[_sentence_start(before) :]
            if match.group().lower() == "targets" and not _count_before(before):
                if _VERB_BEFORE.search(before) or _REFERENCE_BEFORE.search(before):
                    continue  # "a spell that targets ...", "choose new targets"
                raise Unreadable(_clause(body, match.start()))
            if _REFERENCE_BEFORE.search(before) and not _count_before(before):
                if re.search(r"\b(?:a|an)\s+$", before, re.I):
                    raise Unreadable(_clause(body, match.start()))
                continue  # "the target creature", "becomes the target of"
            if _TRIGGER_BEFORE.search(sentence) or _COST_CONDITION.search(sentence):
                raise Unreadable(_sentence(body, match.start()))  # CR 601.2c, 603.7
            spec, end = _instance(body, match)
            specs.append(spec)
            covered = end
    except Unreadable as err:
        return Targeting(tuple(specs), unreadable=str(err) or text.strip())
    # X defined by the words ("where X is ..."), not announced: "X target" or a stat compared
    # with X ("with mana value X or less") can't be judged as the targets are chosen
    said_x = any(s.x or any(q.endswith("X") for q in s.qualifiers) for s in specs)
    if re.search(r"\bwhere X is\b", body) and said_x:
        return Targeting(tuple(specs), unreadable=_sentence(body, body.index("where X is")))
    return Targeting(tuple(specs))


_MODAL_HEAD = lazyre.compile(
    r"^(?:Choose (?P<one>one|one or both|one or more) —"
    r"|Choose (?P<n>two|three|four|five) —"
    r"|Choose (?P<r>two|three|four|five)\. You may choose the same mode more than once\.)$"
)


def _implied(text: str, spell: bool | None) -> Targeting:
    """The targets of an effect whose only targets are earthbend's and support's, in the
    order its words name them: earthbend N's "target land you control" (CR 701.66a),
    support N's "up to N other target creatures" on a permanent and "up to N target
    creatures" on an instant or sorcery (701.41a; "up to": zero targets is a legal choice,
    115.6). One chosen by a delayed or reflexive trigger (603.7, 603.12), one that depends
    on a choice made as the spell was cast (601.2c), or one whose words come after others
    than an instruction's start, makes it unreadable, as does support where ``spell`` is
    not known."""
    body = _QUOTED.sub('""', text)
    specs: list[TargetSpec] = []
    for found in IMPLIED_TARGET.finditer(body):
        before = body[: found.start()]
        sentence = before[_sentence_start(before) :]
        if _TRIGGER_BEFORE.search(sentence) or _COST_CONDITION.search(sentence):
            return Targeting(tuple(specs), unreadable=_sentence(body, found.start()))
        if not _IMPLIED_BEFORE.search(before):
            return Targeting(tuple(specs), unreadable=_sentence(body, found.start()))
        keyword, n = found.group("kw").lower(), found.group("n")
        if keyword == "earthbend":
            specs.append(TargetSpec(("land",), controller="you", implied=keyword))
            continue
        if spell is None:
            return Targeting(tuple(specs), unreadable=_sentence(body, found.start()))
        upto = TargetSpec(
            ("creature",),
            qualifiers=() if spell else ("other",),
            minimum=0,
            maximum=None if n == "X" else int(n),
            implied=keyword,
        )
        if n == "X":  # the upper bound isn't read, as "up to X target" (see _instance)
            upto = replace(upto, whole=False, rest="(up to X)")
        specs.append(upto)
    return Targeting(tuple(specs))


def _modal(text: str, spell: bool | None = None) -> Targeting:
    """A modal spell or ability (CR 700.2): "Choose one —" and its bulleted modes, each mode
    read on its own. Modal forms other than these headers are not read."""
    head, *modes = text.replace("\r\n", "\n").split("\n")
    found = _MODAL_HEAD.match(head.strip())
    if found is None or not modes or not all(m.startswith("• ") for m in modes):
        return Targeting(unreadable=text.strip())
    read = []
    for mode in modes:
        words = mode[2:].strip()
        if re.match(r"^[^.]+ — ", words):  # a named or priced mode (tiered, spree)
            return Targeting(unreadable=text.strip())
        read.append(read_targets(words, spell=spell) or Targeting())
    count = found.group("n") or found.group("r")
    return Targeting(
        modes=tuple(read),
        choose=NUMBER_WORDS.index(count) if count else 1,
        repeat=bool(found.group("r")),
    )


def read_enchant(phrase: str) -> Targeting:
    """An enchant ability, "Enchant creature you control" (CR 702.5a, 303.4a): what the Aura
    spell targets."""
    words = phrase.strip().rstrip(".").replace("’", "'")
    lower = words[:1].lower() + words[1:]
    if not lower.startswith("enchant "):
        return Targeting(unreadable=phrase)
    rest = lower[len("enchant ") :]
    try:
        spec, end = noun_phrase(rest, 0, count=(1, 1, False), other=False)
    except Unreadable:
        return Targeting(unreadable=phrase)
    if rest[end:].strip():
        return Targeting(unreadable=phrase)
    said = phrase.strip().rstrip(".")
    return Targeting((replace(spec, phrase=said[:1].upper() + said[1:]),))


def targets_of_line(line: str, abilities: list[Ability], spell: bool) -> list[Ability]:
    """The hook for :func:`mtgrules.cards.oracle.abilities.parse_lines`: the abilities read from one
    Oracle paragraph, with the targets of the ones whose targets are chosen as they are
    cast or activated: an instant's or sorcery's spell effect (CR 601.2c, 115.1a), an
    activated or loyalty ability (602.2b, 115.1c) and an Aura's enchant ability (303.4a)."""
    out = []
    for ability in abilities:
        targeting = _targeting_of(line, ability, spell)
        if targeting is not None:
            has = targeting.targets_anything
            # the word "target" in a reflexive trigger's words is none of its own (CR 603.12)
            own = has if targeting.read and split_reflexive(line) else ability.targets or has
            ability = replace(ability, targeting=targeting, targets=own)
        out.append(ability)
    return out


def _targeting_of(line: str, ability: Ability, spell: bool) -> Targeting | None:
    keyword = (ability.keyword or "").lower()
    if ability.kind is AbilityKind.KEYWORD and keyword.startswith("enchant "):
        return read_enchant(keyword)
    if ability.kind is AbilityKind.UNMODELED and re.match(r"^Enchant\b", line):
        return read_enchant(line) if len(abilities_words(line)) == 1 else None
    if ability.is_activated or ability.text in (
        "not modeled: activated ability",
        "not modeled: loyalty ability",
    ):
        head, sep, effect = cost_split(line)
        if not sep:
            return None
        if _TARGET_WORD.search(_QUOTED.sub("", head)):
            return Targeting(unreadable=line)
        # a permanent card's ability, or an instant's or sorcery's (not its spell ability:
        # support's target is then not read, CR 701.41a)
        return read_targets(effect, spell=False if not spell else None)
    if spell and ability.text == SPELL_EFFECT_LABEL:
        return read_targets(line, spell=True)
    return None


SPELL_EFFECT_LABEL = "not modeled: spell effect"
# Words of a choice made as the spell was cast (CR 601.2b-c): kicker (702.33d), gift
# (702.174a), bargain (702.166a), entwine (702.42a), overload, cleave: which targets it
# requires may depend on them; and words that limit X or the mana spent on it as it is
# cast (107.3, 601.2f-h), which work as it is cast, not as it resolves: a paragraph with
# these stays not modeled
_AS_CAST = lazyre.compile(
    r"\bkicked\b|\bgift\b|\bbargained\b|\bentwined?\b|\bwas cast\b|\bspent to cast\b"
    r"|\boverloaded\b|\bcleave\b|\bspend only\b[^.]*\bon X\b|\bspent on X\b|\bX can(?:'|’)t\b"
    r"|\bX must\b",
    re.IGNORECASE,
)
# A line that isn't a plain paragraph of instructions: a spree mode ("+ {1} — ...",
# 702.172a) or a mode with its cost before it ("{P} — ...", 700.2h), a keyword written with
# its cost after a dash ("Suspend 4—{G}", "Escape—{R}{R}, ..."), a row of a results table
# ("1—9 | ...", 706.3a-b), words in brackets (cleave removes them, 702.148a)
NOT_INSTRUCTIONS = lazyre.compile(r"^[+{]|^" + DASH_KEYWORD + r"|^\d+(?:[—-]\d+)?\+? \||\[|\|")
_LIBRARY_WORDS = lazyre.compile(r"\blibrar(?:y|ies)\b|\bdraws?\b|\bmills?\b", re.IGNORECASE)


def spell_ability(line: str, ability: Ability) -> Ability:
    """An instant's or sorcery's paragraph as its spell ability (CR 113.3a), when it surely
    is one: labelled a spell effect by the reader (no cost and colon, no trigger word), none
    of its words making it a static ability that works on the stack or where the card is
    cast from (113.6, :data:`~mtgrules.cards.oracle.costs.SPELL_STATIC`, the scope index's
    own line), no choice made as it was cast that could change its targets (601.2c), and
    every target read (115.1a; a modal spell's modes each read, 700.2). It does nothing
    before it resolves (608.2), so only its targets matter to the rules; its effect is kept
    in the card's own words. Otherwise the ability is returned unchanged (not modeled)."""
    if ability.kind is not AbilityKind.UNMODELED or ability.text != SPELL_EFFECT_LABEL:
        return ability
    plain = _QUOTED.sub('""', line)
    if SPELL_STATIC.search(_untargeted(line, ability.targeting)):
        return ability
    if CDA_WORDS.search(plain) or _AS_CAST.search(plain):
        return ability
    if NOT_INSTRUCTIONS.search(line):
        return ability
    if not line.rstrip().endswith((".", '."', ".”")):
        return ability
    targeting = ability.targeting
    if "\n" in line or "•" in line:
        modal = targeting if targeting is not None and targeting.modes else _modal(line)
        if not modal.read or not modal.modes:
            return ability
    if targeting is not None and not targeting.read:
        return ability
    effect = Effect(does=line, moves_library=bool(_LIBRARY_WORDS.search(plain)))
    return Ability(
        AbilityKind.SPELL,
        effect=effect,
        targets=ability.targets,
        targeting=targeting,
        oracle=ability.oracle,
    )


def _untargeted(line: str, targeting: Targeting | None) -> str:
    """``line`` without the target phrases read from it (CR 115.1a): "target creature card
    from your graveyard" names where a target is, not where the spell works from (113.6),
    so only the rest of the words can make the paragraph a static ability."""
    if targeting is None or not targeting.read:
        return line
    for spec in targeting.specs:
        if spec.phrase:
            line = line.replace(spec.phrase, "")
    return line


def abilities_words(line: str) -> list[str]:
    """The comma-separated parts of a keyword line."""
    return [p for p in re.split(r"[,;] ", line.rstrip(".")) if p]


def cost_split(line: str) -> tuple[str, str, str]:
    """An activated ability's cost and effect, split at the first colon outside quotes."""
    depth = False
    for i, ch in enumerate(line):
        if ch in '"“”':
            depth = not depth
        elif ch == ":" and not depth and line[i + 1 : i + 2] == " ":
            return line[:i], ":", line[i + 2 :]
    return line, "", ""


def read_phrases(phrases: Iterable[str]) -> Targeting:
    """The ``targets:`` of a built-in or inline card: phrases as a card words them
    ("target artifact", "up to one target creature", "any target")."""
    specs: list[TargetSpec] = []
    for phrase in phrases:
        read = read_targets(phrase)
        if read is None or read.unreadable or len(read.specs) != 1:
            return Targeting(tuple(specs), unreadable=phrase)
        specs.append(replace(read.specs[0], phrase=phrase))
    return Targeting(tuple(specs))


def with_targets_from_data(data: Mapping[str, Any], ability: Ability) -> Ability:
    """The hook for :func:`mtgrules.cards.define.card_from_data`: a built-in or inline
    ability with its ``targets:`` (``schemas/card.schema.json``), a list of target phrases
    as a card words them, on an ``activated``, ``loyalty``, ``triggered`` or ``spell`` entry
    (an instant's or sorcery's spell ability, CR 113.3a, 115.1a) or beside an ``unmodeled`` or
    ``static`` one. ``targets:
    true`` says it targets without saying what: it has a target (CR 115.1), and an answer
    that depends on what it targets is unsupported."""
    inner = next(
        (
            data[k]
            for k in ("activated", "loyalty", "triggered", "spell")
            if isinstance(data.get(k), Mapping)
        ),
        data,
    )
    value = inner.get("targets")
    if value is None:
        return ability
    if isinstance(value, list):
        return replace(ability, targets=True, targeting=read_phrases(str(v) for v in value))
    return replace(ability, targets=bool(value))


# --- one instance of "target" ------------------------------------------------------------


def _sentence_start(before: str) -> int:
    ends = list(SENTENCE_END.finditer(before))
    return ends[-1].end() if ends else 0


def _sentence(body: str, at: int) -> str:
    start = _sentence_start(body[:at])
    end = SENTENCE_END.search(body, at)
    return body[start : end.start() + 1 if end else len(body)].strip()


def _clause(body: str, at: int) -> str:
    """The words around a target phrase, for a message: from the sentence's start."""
    return _sentence(body, at)


_COUNT_BEFORE = lazyre.compile(
    rf"(?:\b(?P<upto>up to (?P<upn>{_NUM}|X))"
    rf"|\b(?P<lo>one|two)(?:, two)?,? or (?P<hi>two|three|four|more)"
    rf"|\b(?P<anynum>any number of)"
    rf"|\b(?P<n>{_NUM}|X)"
    rf"|\b(?P<any>any))"
    rf"(?P<other> other| another)?\s+$",
    re.IGNORECASE,
)
_OTHER_BEFORE = lazyre.compile(r"\b(?P<other>another|other)\s+$", re.IGNORECASE)


def _count_before(before: str) -> re.Match[str] | None:
    return _COUNT_BEFORE.search(before)


def _number(word: str) -> int:
    word = word.lower()
    return NUMBER_WORDS.index(word) if word in NUMBER_WORDS else int(word)


def _instance(body: str, match: re.Match[str]) -> tuple[TargetSpec, int]:
    """The spec of one "target" (with its count before it) and where its phrase ends."""
    before = body[: match.start()]
    count = (1, 1, False)
    other = False
    any_word = False
    found: re.Match[str] | None = _count_before(before)
    if found is not None:
        other = bool(found.group("other"))
        if found.group("upto"):
            n = found.group("upn")
            count = (0, None, False) if n == "X" else (0, _number(n), False)
            if n == "X":
                other = other  # the upper bound isn't read
        elif found.group("lo"):
            hi = found.group("hi")
            count = (_number(found.group("lo")), None if hi == "more" else _number(hi), False)
        elif found.group("anynum"):
            count = (0, None, False)
        elif found.group("n"):
            n = found.group("n")
            count = (1, 1, True) if n == "X" else (_number(n), _number(n), False)
        elif found.group("any"):
            any_word = True
    else:
        found = _OTHER_BEFORE.search(before)
        other = found is not None
    after = match.end()
    upto_x = bool(
        found is not None
        and found.re is _COUNT_BEFORE
        and found.group("upto")
        and found.group("upn") == "X"
    )
    if match.group().lower() == "targets" or any_word:
        # CR 115.4: "any target", "two targets", "another target": creatures, players,
        # planeswalkers and battles
        if match.group().lower() == "target" and count[1] != 1 and not any_word:
            raise Unreadable(_clause(body, match.start()))
        spec = TargetSpec(
            ANY_TARGET,
            qualifiers=("other",) if other else (),
            minimum=count[0],
            maximum=count[1],
            x=count[2],
        )
        end = after
        spec, end = _after_any(body, end, spec)
    else:
        text = body[after:]
        if not text.startswith(" "):
            if text[:2] in ("'s",):
                raise Unreadable(_clause(body, match.start()))
            raise Unreadable(_clause(body, match.start()))
        spec, used = noun_phrase(text, 1, count=count, other=other)
        end = after + used
    if upto_x:
        spec = replace(spec, whole=False, rest=(spec.rest + " (up to X)").strip())
    phrase = body[found.start() if found is not None else match.start() : end].strip()
    phrase = re.sub(r"^(?:each of |among |of )", "", phrase)
    phrase = phrase[:1].lower() + phrase[1:]  # "Target creature gets ...": its phrase
    return replace(spec, phrase=phrase), end


def _after_any(body: str, end: int, spec: TargetSpec) -> tuple[TargetSpec, int]:
    """What may follow "any target": the sentence goes on, or a restriction mtgrules
    doesn't read ("other than ...")."""
    rest = body[end:]
    word = next_word(rest)
    if word in RESTRICTIONS:
        clause = rest_clause(rest)
        return replace(spec, whole=False, rest=clause.strip()), end + len(clause)
    if word in UNREADABLE_NEXT:
        raise Unreadable(_clause(body, end - 1))
    return spec, end
