"""The noun phrase of a target (CR 115.1) or an enchant ability (303.4a, 702.5a), read
into a :class:`TargetSpec`: what follows "target" or "Enchant".

:func:`noun_phrase` reads the qualifiers before the noun ("tapped", "nonblack", "other"),
one or more alternatives ("artifact, creature, or land"; "Angel or Human creature card"),
the noun and the zone it names (a spell is on the stack, a card must say its zone, the
rest are on the battlefield, CR 115.1, 115.4), then who controls it, its graveyard and its
"with ..." clauses. A restriction it doesn't read after a noun it does makes the spec less
strict than the card (``whole=False``); words it can't place raise :class:`Unreadable`,
and :mod:`mtgrules.cards.oracle.targets` quotes them.
"""

from __future__ import annotations

import re

from mtgrules import lazyre
from mtgrules.cards.targets import TargetSpec

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


# keyword actions whose meaning targets what the words don't say: earthbend a land you
# control (CR 701.66a), support up to N creatures (701.41a); never taken for "no target"
# (601.2c: a spell with no legal target can't be cast)
IMPLIED_TARGET = lazyre.compile(
    r"\b(?P<kw>earthbend|support)\s+(?P<n>\d+|X)\b(?!\s+times\b)", re.IGNORECASE
)
SENTENCE_END = lazyre.compile(r"[.;](?:\s|$)")


class Unreadable(Exception):
    """A target phrase the reader can't place."""


def next_word(text: str) -> str:
    found = re.match(r"\s*([A-Za-z'+/-]+|[.,;:])", text)
    return found.group(1).lower() if found else ""


# Words that, right after a phrase the reader read, start a restriction it doesn't read:
# the spec stays less strict than the card (whole=False).
RESTRICTIONS = frozenset(
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
UNREADABLE_NEXT = frozenset(
    {"or", "you", "your", "a", "an", "in", "target", "targets", "opponents", "and/or"}
)


def rest_clause(text: str) -> str:
    """A restriction the reader doesn't read: up to the end of the sentence (or clause);
    a phrase with another "target" in it can't be read at all."""
    end = SENTENCE_END.search(text)
    clause = text[: end.start()] if end else text
    cut = re.search(r",\s", clause)
    if cut and not re.match(r"\s*(?:or|and)\b", clause[cut.end() :]):
        clause = clause[: cut.start()]
    if re.search(r"\btarget\b", clause) and not re.search(r"\bsingle target\b", clause):
        raise Unreadable(text.strip())
    if re.search(r"\btargets\b", clause) and not re.search(
        r"\b(?:that|which|it) targets\b", clause
    ):
        raise Unreadable(text.strip())
    return clause


_QUAL_MULTI = ("attacking or blocking", "tapped or untapped")


def noun_phrase(
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
        if word == "token" and _token_is_the_noun(tokens.remaining(), plural):
            break  # "target token you control": a token is a permanent (CR 111.1)
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
        raise Unreadable(text.strip())
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
        nxt = next_word(tokens.remaining())
        if nxt in RESTRICTIONS:
            clause = rest_clause(tokens.remaining())
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
            nxt in UNREADABLE_NEXT
            or (nxt == "each" and re.match(r"\s*each (?:opponent|player)\b", tokens.remaining()))
            or (nxt == "from" and zone == "card")
        ):
            raise Unreadable(text.strip())
    if zone == "card":
        raise Unreadable(text.strip())  # a card, but in which zone isn't read
    if any(w in ("player", "opponent") for w in what) and zone != "battlefield":
        raise Unreadable(text.strip())
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


def _token_is_the_noun(words: str, plural: bool) -> bool:
    """Whether "token" at the start of ``words`` is the noun ("target token you control"),
    not a qualifier of the noun after it ("target token creature")."""
    after = re.match(r"\s*token\s+([\w'-]+)", words)
    return after is None or _noun_word(after.group(1), plural)[0] is None


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
                raise Unreadable(raw)  # an irregular plural of a subtype
            return word[:-1], possessive
        if word.endswith("s") and not plural:
            raise Unreadable(raw)
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
            raise Unreadable(" or ".join(joined))
        zone = "stack"
    elif noun == "spell" or "spell" in joined:
        zone = "stack"
    elif noun == "card" or "card" in joined:
        zone = "card"
    else:
        zone = "battlefield"
    if zone == "stack" and any(w in ("player", "opponent") for w in joined):
        raise Unreadable(" or ".join(joined))
    if any(w.split()[0] in ("activated", "triggered") and "ability" not in w for w in joined):
        raise Unreadable(" or ".join(joined))
    for j in joined:
        words = j.split()
        if len(words) > 1 and any(w in GENERIC_NOUNS - {"token"} for w in words):
            raise Unreadable(j)
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
    # a number, or X as announced (CR 107.3a, 601.2b: before targets are chosen, 601.2c)
    found = re.match(rf"\s+with {_STATS} (?P<n>\d+|X)(?: or (?P<dir>less|greater))?(?![\w/])", rest)
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
