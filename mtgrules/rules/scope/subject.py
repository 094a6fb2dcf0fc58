"""Whom a sentence of a static ability speaks of: the noun phrase before its verb.

The scope index (:mod:`mtgrules.rules.scope.index`) asks whether an object's own unread static
ability could change the object itself. Its words answer only through the sentence's
*subject*, the objects that "get", "have", "lose" or "are" something: "Creatures you
control get +0/+1 for each Gate you control" changes creatures, and an enchantment with
that ability is not one of them, whatever else the sentence names. This module reads that
subject as a :class:`Phrase` (its head noun, the words before it, the qualifiers after it);
``scope.reaches_itself`` judges it against the object. Anything it can't read is ``None``,
and the scope index then reads the words conservatively, as before.

What the phrase says, by the rules: a description with "spell" means a spell on the stack
(CR 109.2b); one with "card" and a zone means a card in that zone (109.2a); "other" and
"another" exclude the object with the ability; "enchanted" and "equipped" name what it is
attached to, never itself (an Aura can't enchant itself, 303.4d; an Equipment can't equip
itself, 301.5c); "you", "each opponent", a player's maximum hand size or life total are no
object at all.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from mtgrules import lazyre

# An ability word or keyword-like label before a long dash ("Delirium — "), then a
# condition before the comma ("As long as ..., "), then "Otherwise, ".
_LEAD = lazyre.compile(
    r"^(?:[A-Z][\w' -]{0,40} — )?(?:otherwise, )?"
    r"(?:(?P<cond>(?:as long as|if|while|during) [^,]+), )?(?:otherwise, )?",
    re.IGNORECASE,
)
# The verb that ends the subject: what the subject gets, has, loses, is, can or must do.
_VERB = lazyre.compile(
    r"\b(?:gets?|ha(?:ve|s)|loses?|gains?|is|are|isn(?:'|’)t|aren(?:'|’)t|becomes?"
    r"|can(?:'|’)t|cannot|can|must|enters?|attacks?|blocks?|deals?|don(?:'|’)t"
    r"|doesn(?:'|’)t|may)\b",
    re.IGNORECASE,
)
# After the verb, a second clause with a subject of its own ("..., and this creature has
# flying", "and you have hexproof"): then the sentence has more than one subject.
_NEW_CLAUSE = lazyre.compile(
    r"(?:[,;]|\b(?:and|or|but|then)\b),?\s+(?:each|all|every|this|that|those|these|it|they"
    r"|other|another|enchanted|equipped|you|your|its|their|creatures?|permanents?|lands?"
    r"|artifacts?|enchantments?|spells?|cards?|tokens?|(?-i:[A-Z][\w'’-]*))\b[^.,;]*?"
    + _VERB.pattern,
    re.IGNORECASE,
)
# Where the head noun ends and what qualifies it begins.
_QUALIFIER = lazyre.compile(
    r"\s+(?=(?:you|your opponents|opponents|an opponent|each opponent|target player"
    r"|target opponent) (?:control|controls|own|owns|cast|casts)\b|in (?:your|a|an opponent's"
    r"|their|each|exile)\b|in exile\b|on the battlefield\b|with\b|without\b|of\b|that\b"
    r"|named\b|attached\b|not\b|you\b|your\b)",
    re.IGNORECASE,
)
_CONDITION_WORD = lazyre.compile(r"^(?:as long as|if|while|during) ", re.IGNORECASE)
_OTHERS = lazyre.compile(r"^(?:(?:all|each) )?(?:other|another) ", re.IGNORECASE)
_CONJUNCTION = lazyre.compile(r",? (?:and/or|and|or) |, ", re.IGNORECASE)
_ADVERB = lazyre.compile(r"\s+(?:also|each|both|all)$", re.IGNORECASE)  # "they also have"
_QUANTIFIER = lazyre.compile(r"^(?:all|each|every|any|the)\s+", re.IGNORECASE)
_PRONOUNS = frozenset({"it", "they"})
_PLAYERS = lazyre.compile(
    r"^(?:you|your opponents|opponents|each opponent|an opponent|each player|players"
    r"|target player|target opponent)$|\b(?:hand size|life total)s?$",
    re.IGNORECASE,
)
_OFF_ZONE = lazyre.compile(
    r"\bin (?:your|a|an opponent's|their|each player's|each opponent's) (?:hand|graveyard|library)"
    r"|\bin exile\b|\baren(?:'|’)t on the battlefield\b|\bisn(?:'|’)t on the battlefield\b",
    re.IGNORECASE,
)
_OPPONENTS = lazyre.compile(
    r"^(?:your opponents|opponents|an opponent|each opponent) controls?\b", re.IGNORECASE
)


@dataclass(frozen=True)
class Phrase:
    """One noun phrase of a sentence's subject ("nontoken creatures you control").

    ``head`` is its noun as written ("creatures", "Slivers", "card"); ``modifiers`` the
    words before it ("nontoken", "Sliver"); ``qualifier`` what follows it ("you control",
    "in your graveyard")."""

    words: str
    head: str
    modifiers: tuple[str, ...]
    qualifier: str

    @property
    def other(self) -> bool:
        """ "other creatures", "another Sliver": never the object with the ability."""
        return any(m.lower() in ("other", "another") for m in self.modifiers)

    @property
    def attached(self) -> bool:
        """ "enchanted creature", "equipped creature": what it is attached to (303.4d, 301.5c)."""
        return bool(self.modifiers) and self.modifiers[0].lower() in ("enchanted", "equipped")

    @property
    def player(self) -> bool:
        """A player, or a player's maximum hand size or life total: no object."""
        return bool(_PLAYERS.search(self.words))

    @property
    def pronoun(self) -> bool:
        return self.words.lower() in _PRONOUNS

    @property
    def off_battlefield(self) -> bool:
        """A spell (109.2b), or a card in a zone other than the battlefield (109.2a)."""
        head = self.head.lower()
        if head in ("spell", "spells"):
            return True
        return head in ("card", "cards") and bool(_OFF_ZONE.search(self.qualifier))

    @property
    def opponents(self) -> bool:
        """ "creatures your opponents control": not its own controller's."""
        return bool(_OPPONENTS.match(self.qualifier))


@dataclass(frozen=True)
class Subjects:
    """A sentence's subject phrases, and those of its leading condition ("As long as
    enchanted permanent is a creature, it gets +1/+1": "it" is the condition's subject)."""

    main: tuple[Phrase, ...]
    condition: tuple[Phrase, ...] | None


def _phrase(words: str) -> Phrase | None:
    words = _ADVERB.sub("", words.strip())
    if not words:
        return None
    bare = _QUANTIFIER.sub("", words)
    parts = _QUALIFIER.split(bare, maxsplit=1)
    before, qualifier = parts[0], (parts[1] if len(parts) > 1 else "")
    tokens = before.split()
    if not tokens or any(not re.fullmatch(r"[\w'’-]+", t) for t in tokens):
        return None
    return Phrase(words, tokens[-1], tuple(tokens[:-1]), qualifier.strip())


def _phrases(words: str) -> tuple[Phrase, ...] | None:
    parts = _CONJUNCTION.split(words)
    if len(parts) > 1 and _OTHERS.match(words):
        # "Other snow and Zombie creatures you control": "other" is of the whole subject
        parts = [f"other {_OTHERS.sub('', part)}" for part in parts]
    found = [_phrase(part) for part in parts]
    if not found or any(p is None for p in found):
        return None
    return tuple(p for p in found if p is not None)


def _subject_before_verb(clause: str) -> tuple[str, str] | None:
    verb = _VERB.search(clause)
    if verb is None:
        return None
    return clause[: verb.start()], clause[verb.start() :]


def subjects(sentence: str) -> Subjects | None:
    """The subject of a sentence of a static ability (quoted abilities taken out first),
    or None when it can't be read, or the sentence has a second clause with another
    subject after the verb."""
    sentence = sentence.strip().rstrip(".")
    lead = _LEAD.match(sentence)
    rest = sentence[lead.end() :] if lead else sentence
    split = _subject_before_verb(rest)
    if split is None:
        return None
    subject, predicate = split
    if _NEW_CLAUSE.search(predicate[1:]):
        return None
    main = _phrases(subject)
    if main is None:
        return None
    condition: tuple[Phrase, ...] | None = None
    if lead and lead.group("cond"):
        # "as long as X is ...", "if X has ...": its subject after the conjunction
        body = _CONDITION_WORD.sub("", lead.group("cond"))
        inner = _subject_before_verb(body)
        condition = _phrases(inner[0]) if inner else None
    return Subjects(main, condition)


# "Landfall — Whenever a land you control enters, ...", "Whenever one or more other
# creatures you control enter, ...", "Whenever a creature enters the battlefield under an
# opponent's control, ...": a trigger on the entering of a group, alone in its condition
_GROUP_ENTERING = lazyre.compile(
    r"^(?:[^.:—\"“]+ — )?when(?:ever)? (?P<many>one or more |an? )(?P<group>[^,.\"“]+?) "
    r"enters?(?: the battlefield)?(?P<under> under (?:your|an opponent's) control)?, ",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class EnteringGroup:
    """The group whose entering a triggered ability waits for: its phrases (any one of them
    is enough), whether it excludes the ability's own object ("another", "other"), and
    whether it is only an opponent's permanents ("an opponent controls", "under an
    opponent's control")."""

    phrases: tuple[Phrase, ...]
    other: bool
    opponents: bool


def entering_group(words: str) -> EnteringGroup | None:
    """The group of a trigger condition on a group's entering (CR 603.6a), or None when the
    condition is of another form or its group can't be read."""
    found = _GROUP_ENTERING.match(words.strip())
    if found is None:
        return None
    group = found["group"]
    other = bool(_OTHERS.match(group))
    phrases = _phrases(_OTHERS.sub("", group))
    if phrases is None:
        return None
    opponents = (found["under"] or "").strip() == "under an opponent's control" or all(
        p.opponents or p.qualifier.lower().startswith("you don't control") for p in phrases
    )
    return EnteringGroup(phrases, other, opponents)
