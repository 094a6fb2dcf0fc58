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
from mtgrules.cards.oracle_costs import CDA_WORDS, SPELL_STATIC
from mtgrules.cards.targets import ANY_TARGET, NUMBER_WORDS, Targeting, TargetSpec
from mtgrules.cards.vocabulary import Ability, AbilityKind, Effect

TYPE_WORDS = frozenset(
    {
        "artifact",
        "creature",
        "enchantment",
        "land",
        "planeswalker",
        "battle",
        "instant",
        "sorcery",
        "kindred",
        "tribal",
    }
)
GENERIC_NOUNS = frozenset({"permanent", "spell", "card", "player", "opponent", "token"})
_SINGULAR = {
    "creatures": "creature",
    "artifacts": "artifact",
    "enchantments": "enchantment",
    "lands": "land",
    "planeswalkers": "planeswalker",
    "battles": "battle",
    "instants": "instant",
    "sorceries": "sorcery",
    "permanents": "permanent",
    "spells": "spell",
    "cards": "card",
    "players": "player",
    "opponents": "opponent",
    "tokens": "token",
    "abilities": "ability",
}
# subtypes that end in "s" in the singular
_SINGULAR_S = frozenset({"Plains", "Aurochs", "Homarid"})
_COLORS = ("white", "blue", "black", "red", "green")
# qualifiers written before the noun, as the rules read them
_LEADING = frozenset(
    {
        "attacking",
        "blocking",
        "tapped",
        "untapped",
        "token",
        "nontoken",
        "face-down",
        "colorless",
        "multicolored",
        "monocolored",
        "legendary",
        "nonlegendary",
        "basic",
        "nonbasic",
        "snow",
        "nonsnow",
        *_COLORS,
        *(f"non{c}" for c in _COLORS),
        *(f"non{t}" for t in TYPE_WORDS),
    }
)
# qualifiers before the noun that mtgrules does not check: read as "less strict" (whole=False)
_LEADING_UNREAD = frozenset(
    {
        "unblocked",
        "blocked",
        "enchanted",
        "equipped",
        "modified",
        "historic",
        "outlaw",
        "suspected",
        "goaded",
        "monstrous",
        "renowned",
        "saddled",
        "face-up",
        "nonattacking",
        "nonhistoric",
    }
)
KEYWORDS_WITH = (
    "flying",
    "reach",
    "defender",
    "haste",
    "trample",
    "vigilance",
    "deathtouch",
    "lifelink",
    "first strike",
    "double strike",
    "menace",
    "hexproof",
    "shroud",
    "indestructible",
    "flash",
    "shadow",
    "horsemanship",
    "infect",
    "wither",
    "fear",
    "intimidate",
)
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
_SENTENCE_END = lazyre.compile(r"[.;](?:\s|$)")


class _Unreadable(Exception):
    """A target phrase the reader can't place."""


def read_targets(text: str) -> Targeting | None:
    """The target requirements of one effect, in order; None if it says no "target".

    ``text`` is the effect's words (an activated ability's text after its cost).
    """
    if not _TARGET_WORD.search(text):
        return None
    body = _QUOTED.sub('""', text.replace("’", "'"))
    if not _TARGET_WORD.search(body):
        return Targeting()  # only abilities it grants have targets
    if _MODAL.search(body):
        return _modal(text)
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
                raise _Unreadable(_clause(body, match.start()))
            if _REFERENCE_BEFORE.search(before) and not _count_before(before):
                if re.search(r"\b(?:a|an)\s+$", before, re.I):
                    raise _Unreadable(_clause(body, match.start()))
                continue  # "the target creature", "becomes the target of"
            if _TRIGGER_BEFORE.search(sentence) or _COST_CONDITION.search(sentence):
                raise _Unreadable(_sentence(body, match.start()))  # CR 601.2c, 603.7
            spec, end = _instance(body, match)
            specs.append(spec)
            covered = end
    except _Unreadable as err:
        return Targeting(tuple(specs), unreadable=str(err) or text.strip())
    if re.search(r"\bwhere X is\b", body) and any(s.x for s in specs):
        return Targeting(tuple(specs), unreadable=_sentence(body, body.index("where X is")))
    return Targeting(tuple(specs))


_MODAL_HEAD = lazyre.compile(
    r"^(?:Choose (?P<one>one|one or both|one or more) —"
    r"|Choose (?P<n>two|three|four|five) —"
    r"|Choose (?P<r>two|three|four|five)\. You may choose the same mode more than once\.)$"
)


def _modal(text: str) -> Targeting:
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
        read.append(read_targets(words) or Targeting())
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
        spec, end = _phrase(rest, 0, count=(1, 1, False), other=False)
    except _Unreadable:
        return Targeting(unreadable=phrase)
    if rest[end:].strip():
        return Targeting(unreadable=phrase)
    said = phrase.strip().rstrip(".")
    return Targeting((replace(spec, phrase=said[:1].upper() + said[1:]),))


def targets_of_line(line: str, abilities: list[Ability], spell: bool) -> list[Ability]:
    """The hook for :func:`mtgrules.cards.oracle.parse_lines`: the abilities read from one
    Oracle paragraph, with the targets of the ones whose targets are chosen as they are
    cast or activated: an instant's or sorcery's spell effect (CR 601.2c, 115.1a), an
    activated or loyalty ability (602.2b, 115.1c) and an Aura's enchant ability (303.4a)."""
    out = []
    for ability in abilities:
        targeting = _targeting_of(line, ability, spell)
        if targeting is not None:
            has = targeting.targets_anything
            ability = replace(ability, targeting=targeting, targets=ability.targets or has)
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
        return read_targets(effect)
    if spell and ability.text == SPELL_EFFECT_LABEL:
        return read_targets(line)
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
NOT_INSTRUCTIONS = lazyre.compile(
    r"^[+{]|^[A-Z][a-z'-]+(?: [a-z'-]+)*(?: (?:\d+|X))?—\S|^\d+(?:[—-]\d+)?\+? \||\[|\|"
)
_LIBRARY_WORDS = lazyre.compile(r"\blibrar(?:y|ies)\b|\bdraws?\b|\bmills?\b", re.IGNORECASE)


def spell_ability(line: str, ability: Ability) -> Ability:
    """An instant's or sorcery's paragraph as its spell ability (CR 113.3a), when it surely
    is one: labelled a spell effect by the reader (no cost and colon, no trigger word), none
    of its words making it a static ability that works on the stack or where the card is
    cast from (113.6, :data:`~mtgrules.cards.oracle_costs.SPELL_STATIC`, the scope index's
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
    ends = list(_SENTENCE_END.finditer(before))
    return ends[-1].end() if ends else 0


def _sentence(body: str, at: int) -> str:
    start = _sentence_start(body[:at])
    end = _SENTENCE_END.search(body, at)
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
            raise _Unreadable(_clause(body, match.start()))
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
                raise _Unreadable(_clause(body, match.start()))
            raise _Unreadable(_clause(body, match.start()))
        spec, used = _phrase(text, 1, count=count, other=other)
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
    word = _next_word(rest)
    if word in _RESTRICTIONS:
        clause = _rest_clause(rest)
        return replace(spec, whole=False, rest=clause.strip()), end + len(clause)
    if word in _UNREADABLE_NEXT:
        raise _Unreadable(_clause(body, end - 1))
    return spec, end


def _next_word(text: str) -> str:
    found = re.match(r"\s*([A-Za-z'+/-]+|[.,;:])", text)
    return found.group(1).lower() if found else ""


# Words that, right after a phrase the reader read, start a restriction it doesn't read:
# the spec stays less strict than the card (whole=False).
_RESTRICTIONS = frozenset(
    {
        "with",
        "without",
        "that",
        "that's",
        "which",
        "whose",
        "of",
        "other",
        "blocking",
        "blocked",
        "attacking",
        "dealt",
        "named",
        "chosen",
        "controlled",
        "except",
        "cast",
        "who",
        "not",
        "it's",
        "defending",
        "you've",
    }
)
# Words after a phrase that the reader can't place: unreadable.
_UNREADABLE_NEXT = frozenset(
    {"or", "you", "your", "a", "an", "in", "target", "targets", "opponents", "and/or"}
)


def _rest_clause(text: str) -> str:
    """A restriction the reader doesn't read: up to the end of the sentence (or clause);
    a phrase with another "target" in it can't be read at all."""
    end = _SENTENCE_END.search(text)
    clause = text[: end.start()] if end else text
    cut = re.search(r",\s", clause)
    if cut and not re.match(r"\s*(?:or|and)\b", clause[cut.end() :]):
        clause = clause[: cut.start()]
    if re.search(r"\btarget\b", clause) and not re.search(r"\bsingle target\b", clause):
        raise _Unreadable(text.strip())
    if re.search(r"\btargets\b", clause) and not re.search(
        r"\b(?:that|which|it) targets\b", clause
    ):
        raise _Unreadable(text.strip())
    return clause


_QUAL_MULTI = ("attacking or blocking", "tapped or untapped")


def _phrase(
    text: str, pos: int, *, count: tuple[int, int | None, bool], other: bool
) -> tuple[TargetSpec, int]:
    """The noun phrase after "target" (or "Enchant"), from ``pos``: qualifiers, one or more
    alternatives, a noun, then who controls it, its zone and "with ..." clauses."""
    tokens = _Tokens(text, pos)
    plural = count[2] or count[1] is None or count[1] > 1
    qualifiers: list[str] = ["other"] if other else []
    unread: list[str] = []
    # qualifiers before the noun
    while True:
        multi = next((q for q in _QUAL_MULTI if tokens.starts(q)), None)
        if multi is not None:
            tokens.take_words(len(multi.split()))
            if multi == "attacking or blocking":
                qualifiers.append(multi)
            tokens.skip_comma_before(_is_qualifier)
            continue
        word = tokens.peek()
        if word in _LEADING:
            tokens.take()
            either = re.match(r"\s+or ([a-z-]+)\b", tokens.remaining())
            if either and either.group(1) in _LEADING:  # "white or black creature"
                tokens.advance(either.end())
                word = f"{word} or {either.group(1)}"
            qualifiers.append(word)
            tokens.skip_comma_before(_is_qualifier)
            continue
        if word in _LEADING_UNREAD:
            unread.append(word)
            tokens.take()
            tokens.skip_comma_before(_is_qualifier)
            continue
        if re.fullmatch(r"non-[A-Z][a-z]+", tokens.peek_raw() or ""):
            qualifiers.append(tokens.take_raw() or "")
            tokens.skip_comma_before(_is_qualifier)
            continue
        if word == "other" and not other:
            qualifiers.append("other")
            tokens.take()
            continue
        break
    # alternatives: "artifact, creature, or land"; "Angel or Human creature card"
    alternatives: list[list[str]] = [[]]
    possessive = False
    while True:
        raw = tokens.peek_raw()
        if raw is None:
            break
        word, is_possessive = _noun_word(raw, plural)
        if word is None:
            if raw == "," and alternatives[-1] and tokens.alt_follows(1):
                tokens.take_raw()
                if tokens.peek() == "or":
                    tokens.take_raw()
                alternatives.append([])
                continue
            if raw in ("or", "and/or") and alternatives[-1] and tokens.alt_follows(1):
                tokens.take_raw()
                alternatives.append([])
                continue
            break
        tokens.take_raw()
        alternatives[-1].append(word)
        if is_possessive:
            possessive = True
            break
    if not alternatives[-1]:
        raise _Unreadable(text.strip())
    what, zone = _normalize(alternatives)
    if unread and len(what) > 1:
        pass
    if len(what) > 1 and any(q != "other" for q in qualifiers):
        # a qualifier before a list: whether it qualifies every alternative isn't read
        unread += [q for q in qualifiers if q != "other"]
        qualifiers = [q for q in qualifiers if q == "other"]
    if "token" in what:
        what = tuple("permanent" if w == "token" else w.replace(" token", "") for w in what)
        qualifiers.append("token")
    controller = "any"
    rest_parts: list[str] = [*unread]
    whole = not unread
    if not possessive:
        while True:
            step = _tail(tokens, zone, len(what) > 1)
            if step is None:
                break
            kind, value, partial_words = step
            if kind == "controller":
                controller = value
            elif kind == "zone":
                zone, controller = "graveyard", value
            elif kind == "qualifier":
                qualifiers.append(value)
            if partial_words:
                whole = False
                rest_parts.append(partial_words)
        nxt = _next_word(tokens.remaining())
        if nxt in _RESTRICTIONS:
            clause = _rest_clause(tokens.remaining())
            found_zone = re.search(
                r"\b(?:from|in) (your|a|an opponent's) graveyard\b", clause.replace("’", "'")
            )
            if zone == "card" and found_zone:
                zone = "graveyard"
                controller = {"your": "you", "a": "any"}.get(found_zone.group(1), "opponent")
            tokens.advance(len(clause))
            whole = False
            rest_parts.append(clause.strip())
        elif (
            nxt in _UNREADABLE_NEXT
            or (nxt == "each" and re.match(r"\s*each (?:opponent|player)\b", tokens.remaining()))
            or (nxt == "from" and zone == "card")
        ):
            raise _Unreadable(text.strip())
    if zone == "card":
        raise _Unreadable(text.strip())  # a card, but in which zone isn't read
    if any(w in ("player", "opponent") for w in what) and zone != "battlefield":
        raise _Unreadable(text.strip())
    spec = TargetSpec(
        what=what,
        zone=zone,
        controller=controller,
        qualifiers=tuple(dict.fromkeys(qualifiers)),
        minimum=count[0],
        maximum=count[1],
        x=count[2],
        whole=whole,
        rest="; ".join(rest_parts),
    )
    return spec, tokens.pos


def _is_qualifier(word: str) -> bool:
    return word in _LEADING or word in _LEADING_UNREAD or bool(re.fullmatch(r"non-[a-z]+", word))


def _noun_word(raw: str, plural: bool) -> tuple[str | None, bool]:
    """A word of an alternative: a type, a subtype or a generic noun (singular), and
    whether it was possessive ("player's"); None for any other word."""
    possessive = raw.endswith("'s") or raw.endswith("s'")
    word = raw[:-2] if raw.endswith("'s") else raw[:-1] if raw.endswith("s'") else raw
    lower = word.lower() if word[:1].islower() or word in ("Target",) else word
    if lower in TYPE_WORDS or lower in GENERIC_NOUNS or lower in ("activated", "triggered"):
        return lower, possessive
    if lower == "ability":
        return lower, possessive
    if lower in _SINGULAR:
        return _SINGULAR[lower], possessive
    if re.fullmatch(r"[A-Z][a-z]+(?:-[A-Z][a-z]+)?", word):
        if word in _SINGULAR_S:
            return word, possessive
        if plural and word.endswith("s"):
            if word.endswith(("ies", "ves", "ses", "xes", "shes", "ches")):
                raise _Unreadable(raw)  # an irregular plural of a subtype
            return word[:-1], possessive
        if word.endswith("s") and not plural:
            raise _Unreadable(raw)
        return word, possessive
    return None, False


def _normalize(alternatives: list[list[str]]) -> tuple[tuple[str, ...], str]:
    """Alternatives as the vocabulary's words, and the zone their noun says: "spell" is on
    the stack, "card" must say its zone ("card" until it does), the rest on the battlefield."""
    last = alternatives[-1]
    noun = last[-1] if last[-1] in ("spell", "card", "permanent", "ability") else ""
    if noun and len(last) > 1:
        last.pop()
    elif noun == "permanent" and len(last) == 1:
        noun = ""
    out: list[list[str]] = []
    for alt in alternatives:
        words = [w for w in alt if w != noun] if noun else list(alt)
        if not words:
            words = [noun]
        out.append(words)
    # "Angel or Human creature card": the type of the last alternative distributes
    types_last = [w for w in out[-1] if w in TYPE_WORDS]
    for alt in out[:-1]:
        if types_last and all(w[:1].isupper() for w in alt):
            alt.extend(types_last)
    # "activated or triggered ability"
    for alt in out:
        if alt in (["activated"], ["triggered"]):
            alt.append("ability")
    joined = []
    for alt in out:
        # "target spell or ability": a spell, an activated ability or a triggered ability
        joined += (
            ["activated ability", "triggered ability"] if alt == ["ability"] else [" ".join(alt)]
        )
    if out[-1] == ["ability"] or noun == "ability" or any("ability" in j for j in joined):
        if not all(j in ("activated ability", "triggered ability", "spell") for j in joined):
            raise _Unreadable(" or ".join(joined))
        zone = "stack"
    elif noun == "spell" or "spell" in joined:
        zone = "stack"
    elif noun == "card" or "card" in joined:
        zone = "card"
    else:
        zone = "battlefield"
    if zone == "stack" and any(w in ("player", "opponent") for w in joined):
        raise _Unreadable(" or ".join(joined))
    if any(w.split()[0] in ("activated", "triggered") and "ability" not in w for w in joined):
        raise _Unreadable(" or ".join(joined))
    for j in joined:
        words = j.split()
        if len(words) > 1 and any(w in GENERIC_NOUNS - {"token"} for w in words):
            raise _Unreadable(j)
    return tuple(joined), zone


_CONTROLLERS = (
    (r"you control", "you", ""),
    (r"you don't control", "not_you", ""),
    (r"you do not control", "not_you", ""),
    (r"an opponent controls", "opponent", ""),
    (r"your opponents control", "opponent", ""),
    (r"(?:that|the chosen|defending) (?:player|opponent) controls", "any", "{}"),
    (r"its controller controls", "any", "{}"),
    (r"you own", "any", "{}"),
    (r"you don't own", "any", "{}"),
    (r"an opponent owns", "any", "{}"),
)
_ZONES = (
    (r"(?:from|in) your graveyard", "you", ""),
    (r"(?:from|in) a graveyard", "any", ""),
    (r"(?:from|in) graveyards", "any", ""),
    (r"(?:from|in) an opponent's graveyard", "opponent", ""),
    (
        r"(?:from|in) (?:a single|that player's|that opponent's|its owner's|their|"
        r"defending player's) graveyard",
        "any",
        "{}",
    ),
)
_STATS = r"(?P<stat>power|toughness|mana value|converted mana cost|total power and toughness)"


def _tail(tokens: _Tokens, zone: str, several: bool) -> tuple[str, str, str] | None:
    """One modifier after the noun: (kind, value, words not read)."""
    rest = tokens.remaining()
    for pattern, value, partial in _CONTROLLERS:
        found = re.match(rf"\s+{pattern}\b", rest)
        if found:
            tokens.advance(found.end())
            return "controller", value, partial.format(found.group().strip())
    if zone in ("card", "graveyard"):
        for pattern, value, partial in _ZONES:
            found = re.match(rf"\s+{pattern}\b", rest)
            if found:
                tokens.advance(found.end())
                return "zone", value, partial.format(found.group().strip())
    if re.match(r"\s+on the battlefield\b", rest) and zone == "battlefield":
        found = re.match(r"\s+on the battlefield\b", rest)
        assert found is not None
        tokens.advance(found.end())
        return "noop", "", ""
    found = re.match(
        r"\s+(?P<w>with|without) (?P<k>[a-z ]+?)(?=[.,;]|\s+(?:and|or|to|from|in|you|an|this|until|gets?|gains?|can't|deals?|$)|$)",
        rest,
    )
    if found and found.group("k") in KEYWORDS_WITH:
        tokens.advance(found.end())
        q = f"{found.group('w')} {found.group('k')}"
        return ("qualifier", q, "") if not several else ("noop", "", found.group().strip())
    found = re.match(rf"\s+with {_STATS} (?P<n>\d+)(?: or (?P<dir>less|greater))?(?![\w/])", rest)
    if found and found.group("stat") != "total power and toughness":
        tokens.advance(found.end())
        stat = "mana value" if found.group("stat") == "converted mana cost" else found.group("stat")
        op = {"less": "<=", "greater": ">="}.get(found.group("dir") or "", "=")
        q = f"{stat}{op}{found.group('n')}"
        return ("qualifier", q, "") if not several else ("noop", "", found.group().strip())
    found = re.match(r"\s+with (?:a|one or more) (?P<c>\+1/\+1 )?counters? on (?:it|them)\b", rest)
    if found:
        tokens.advance(found.end())
        q = "+1/+1 counter" if found.group("c") else "counter"
        return ("qualifier", q, "") if not several else ("noop", "", found.group().strip())
    return None


class _Tokens:
    """A cursor over the words of a phrase."""

    _WORD = lazyre.compile(r"\s*([A-Za-z][A-Za-z'+/-]*|[,.;:])")

    def __init__(self, text: str, pos: int):
        self.text = text
        self.pos = pos

    def remaining(self) -> str:
        return self.text[self.pos :]

    def advance(self, n: int) -> None:
        self.pos += n

    def _match(self, at: int | None = None) -> re.Match[str] | None:
        return self._WORD.match(self.text, self.pos if at is None else at)

    def peek_raw(self) -> str | None:
        found = self._match()
        return found.group(1) if found else None

    def peek(self) -> str:
        raw = self.peek_raw()
        return raw.lower() if raw and raw[:1].islower() else (raw or "")

    def take_raw(self) -> str | None:
        found = self._match()
        if found is None:
            return None
        self.pos = found.end()
        return found.group(1)

    def take(self) -> str:
        return (self.take_raw() or "").lower()

    def take_words(self, n: int) -> None:
        for _ in range(n):
            self.take_raw()

    def starts(self, words: str) -> bool:
        return bool(re.match(rf"\s*{re.escape(words)}\b", self.remaining()))

    def skip_comma_before(self, test) -> None:
        """Skip ", " between two qualifiers ("noncreature, nonland permanent")."""
        found = re.match(r"\s*,\s*([A-Za-z-]+)", self.remaining())
        if found and test(found.group(1)):
            self.pos += found.start(1)

    def alt_follows(self, skip: int) -> bool:
        """Whether another alternative follows the separator here."""
        at = self.pos
        for _ in range(skip):
            found = self._match(at)
            if found is None:
                return False
            at = found.end()
        found = self._match(at)
        if found and found.group(1) == "or":
            found = self._match(found.end())
        if found is None:
            return False
        word, _ = _noun_word(found.group(1), True) if found.group(1) else (None, False)
        return word is not None or found.group(1).lower() in _LEADING
