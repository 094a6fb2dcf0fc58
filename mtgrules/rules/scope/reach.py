"""Reach: could an unread ability's words touch the object asked about?

An ability of another object (:func:`could_reach`) matters only if its words could denote
the object (CR 109.2, 109.2a, 109.2b: one of its types, subtypes, colors or supertypes,
"permanents", "spells", "each", "other", "non-", the permanent it enchants or equips) or,
for what players may do, a player; for targeting (115.1, 702.11b) any words may; for who
may attack or block, words on the declaration as a whole (506.5, 508.1c, 508.1d, 509.1b,
509.1c). An object's own ability (:func:`reaches_itself`) touches it only if its words
refer to it or to a group it is in, not to what it is attached to (301.5c, 303.4d), a group
after "other", players, or inside a quoted ability it grants (113.1a); read by the
subjects of its sentences where they can be read (:func:`subject_reach`), a legendary
card's short name included (201.5c), a changeling every creature type (702.73a, 205.3m).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from mtgrules import lazyre
from mtgrules.cards.creature_types import CREATURE_TYPES
from mtgrules.cards.mana import COLOR_CODES, COLOR_NAMES
from mtgrules.cards.oracle.costs import short_name
from mtgrules.rules.scope.index import COMBAT, PLAYER_SCOPES, Scope
from mtgrules.rules.scope.subject import Phrase, subjects

if TYPE_CHECKING:
    from mtgrules.rules.scope.words import TextPattern


# -- reach: could these words denote the object asked about? --------------------------

_PLAYER_WORDS = lazyre.compile(
    r"\byou\b|\byour\b|\bplayers?\b|\bopponents?\b|\beach\b|\bno one\b|\banyone\b|\bcontroller\b"
    r"|\bowner\b|\bspells?\b|\babilities\b",
    re.IGNORECASE,
)
_ANY_OBJECT = lazyre.compile(
    r"\beach\b|\ball\b|\bevery(?:thing)?\b|\bother\b|\banother\b|\bobjects?\b|\bnon[a-z-]+"
    r"|\banything\b|\btarget\b|\bchosen\b",
    re.IGNORECASE,
)
# The object an Aura, Equipment or Fortification is attached to ("enchanted creature",
# "the creature it enchants"): the source's attached_to, nothing else.
_ATTACHED = lazyre.compile(
    r"\b(?:enchanted|equipped|fortified|attached|paired|haunted)(?: [a-z]+)??"
    r"(?: (?:creature|permanent|land|artifact|enchantment|planeswalker|player|card)s?)?\b"
    r"|\bthe (?:creature|permanent|land|artifact|player) (?:it|this [a-z]+) "
    r"(?:enchants|equips|fortifies|haunts|is attached to)\b",
    re.IGNORECASE,
)
# "this creature", "it": its object; "this turn" is no object
_SELF_REF = lazyre.compile(
    r"\bthis (?!turn\b|game\b|way\b)[a-z]+\b|\bit\b|\bitself\b|\bits\b", re.IGNORECASE
)
_OFF_BATTLEFIELD = lazyre.compile(r"\b(?:cards?|spells?|sources?|objects?)\b", re.IGNORECASE)
_SELF_PHRASE = lazyre.compile(r"\bthis [a-z]+\b|\bits?\b|\bitself\b", re.IGNORECASE)
_IRREGULAR = {
    "Elf": "Elves",
    "Dwarf": "Dwarves",
    "Wolf": "Wolves",
    "Sorcery": "Sorceries",
    "Fungus": "Fungi",
    "Mouse": "Mice",
    "Ox": "Oxen",
    "Goose": "Geese",
}


@dataclass(frozen=True)
class Subject:
    """What an object asked about can be called by other abilities' words."""

    name: str
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    supertypes: tuple[str, ...]
    colors: frozenset[str]
    zone: str  # battlefield, stack, hand, ... ("battlefield" for one about to enter)
    token: bool = False
    oid: str = ""
    controller: str = ""

    def denoted_by(self, words: str) -> bool:
        """Could these words (self-references removed) denote it?

        CR 109.2: a description with a card type but not "card", "spell" or "source"
        means a permanent, so off the battlefield only those words (or its name) can.
        """
        if self.name and self.name.lower() in words.lower():
            return True
        if self.zone != "battlefield":
            return bool(_OFF_BATTLEFIELD.search(words))
        if _ANY_OBJECT.search(words):
            return True
        nouns = [*self.types, *self.subtypes, *self.supertypes]
        nouns += [COLOR_NAMES[c] for c in self.colors if c in COLOR_NAMES]
        if self.zone == "battlefield":
            nouns.append("permanent")
        elif self.zone == "stack":
            nouns.append("spell")
        else:
            nouns += ["card", "spell"]  # a card that could be cast is a spell as it is cast
        if self.token:
            nouns.append("token")
        if "Creature" in self.types:
            nouns.append("creature")
        for noun in nouns:
            forms = {noun, _IRREGULAR.get(noun, noun + "s"), noun + "es"}
            if any(re.search(rf"\b{re.escape(f)}\b", words, re.IGNORECASE) for f in forms):
                return True
        return bool(self.name) and self.name.lower() in words.lower()


def without_self(words: str, source_name: str) -> str:
    """The words with the source's references to itself taken out ("this creature",
    "it", its name): what is left is what they say about other objects."""
    out = words.replace(source_name, " ") if source_name else words
    for part in source_name.split(" // "):
        out = out.replace(part, " ")
    return _SELF_PHRASE.sub(" ", out)


# "[group] you control": permanents of the source's controller only
_YOU_CONTROL = lazyre.compile(r"\b(?:[\w+/-]+ ){0,4}?you control\b", re.IGNORECASE)
# "that creature", "those cards": a reference back to a group already named
_ANAPHORA = lazyre.compile(
    r"\b(?:that|those|such) (?:[\w-]+ ){0,2}?(?:creature|permanent|card|spell|land|artifact"
    r"|enchantment|player|object)s?\b",
    re.IGNORECASE,
)


def could_reach(
    pattern: TextPattern,
    words: str,
    source_name: str,
    subject: Subject,
    attached_here: bool,
    source_controller: str = "",
) -> bool:
    """Could an unread ability of ANOTHER object, with these words, reach the subject?

    For what players may do (casting, activating, playing lands), any word for a
    player reaches; for targeting, any words do (the candidates are all the others). An "enchanted"/"equipped" object is the subject only when the
    source is attached to it; "creatures you control" are the source's controller's only.
    """
    if pattern.scope in PLAYER_SCOPES and _PLAYER_WORDS.search(without_self(words, source_name)):
        return True
    if pattern.scope in COMBAT:
        return _combat_reach(words, source_name, attached_here)
    if pattern.scope is Scope.TARGETING:
        # the candidates are every player and object, not the spell or ability asked about:
        # a word of targeting ("You have hexproof", "Creatures you control have shroud")
        # anywhere may reach one of them (115.1, 702.11b)
        return True
    if _ATTACHED.search(words):
        if attached_here and subject.zone == "battlefield":
            return True
        words = _ATTACHED.sub(" ", words)
    if source_controller and subject.controller and source_controller != subject.controller:
        words = _YOU_CONTROL.sub(" ", words)  # its group is another player's permanents
    return subject.denoted_by(without_self(_ANAPHORA.sub(" ", words), source_name))


# Words of a restriction or requirement on the declaration as a whole, or on the blocks of
# another creature: how many may attack or block, "must be blocked", "able to block ... do so"
# or attacking and blocking alone (CR 506.5, 508.1c-d, 509.1b-c): whatever object they name,
# they may change what another may do.
_DECLARATION_WIDE = lazyre.compile(
    r"\bable to block\b|\bbe blocked\b[^.]*\bif able\b|\bmust be blocked\b|\bmore than\b"
    r"|\bonly one\b|\bonly (?:two|three)\b|\bblock(?:s|ed)? (?:it|them|that creature) if able\b"
    # "can only attack alone": if it must attack, no other creature can (506.5, 508.1d)
    r"|\balone\b",
    re.IGNORECASE,
)


def _combat_reach(words: str, source_name: str, attached_here: bool) -> bool:
    """Could another object's unread attack or block words change what the object asked
    about may do? Conservatively yes (508.1c-d, 509.1b-c: the declaration is checked as a
    whole), unless they only restrict or require their own object ("This creature can't
    block") or the permanent their source is attached to, when that isn't the one asked
    about ("Enchanted creature can't attack"), and speak of no one else's blocks and of no
    count of attackers or blockers."""
    if _DECLARATION_WIDE.search(words):
        return True
    if _ATTACHED.search(words):
        return attached_here or bool(_ATTACHED.sub(" ", words).strip(" .,") and _others(words))
    return not (only_about_itself(words, source_name) or _itself_leads(words, source_name))


def _itself_leads(words: str, source_name: str) -> bool:
    """Does every sentence have the object itself as its subject ("This creature can't block
    unless you control an Island.", "Ornithopter can't attack")? Its conditions only say
    when it is restricted (508.1c, 509.1b)."""
    names = [n for n in {source_name, source_name.split(",")[0].split(" // ")[0]} if n]
    lead = re.compile(
        r"^(?:this (?:creature|permanent)|" + "|".join(re.escape(n) for n in names) + r")\b",
        re.IGNORECASE,
    )
    sentences = [x for x in SENTENCE.split(QUOTED.sub(" ", words).strip()) if x]
    return bool(sentences) and all(lead.match(x) for x in sentences)


def _others(words: str) -> bool:
    """Do the words, the attached permanent's phrases taken out, speak of another group?"""
    return bool(_GROUP_WORDS.search(_ATTACHED.sub(" ", words)))


# Words that speak of a group of objects or players besides the ability's own object.
_GROUP_WORDS = lazyre.compile(
    r"\b(?:other|another|each|all|you control|your|you|players?|opponents?|controllers?"
    r"|owners?)\b|"
    r"\b(?:creature|permanent|artifact|land|enchantment|planeswalker)s\b",
    re.IGNORECASE,
)


def only_about_itself(words: str, source_name: str) -> bool:
    """Do the words speak only of their own object ("As long as it is untapped, it can't be
    the target of spells", "this creature has hexproof"), of no group or player? The
    targets rules judge such an object as an uncertain candidate (rules/targets/legality.py)."""
    rest = words.lower()
    if _ATTACHED.search(rest):  # "the creature it enchants" is never the Aura itself
        return False
    short = source_name.split(",")[0].split(" // ")[0].lower()
    mentions = _SELF_REF.search(rest) or (short and short in rest)
    if mentions and not _GROUP_WORDS.search(_SELF_REF.sub(" ", rest)):
        return True
    # only words the candidate judge reads as a bar (rules/targets/candidates.py)
    names = {source_name.lower(), short, "~"} - {""}
    return bool(UNTARGETABLE_WORDS.search(words)) and _each_subject_itself(words, names)


# the words of an ability mtgrules doesn't read that could make its object untargetable
UNTARGETABLE_WORDS = lazyre.compile(
    r"hexproof|shroud|protection|can(?:'|’)t be (?:the targets?\b|targeted)", re.IGNORECASE
)


# "this creature", "this permanent": the object with the ability, as a sentence's subject
_THIS_NOUN = frozenset({"creature", "permanent", "artifact", "enchantment", "land", "planeswalker"})


def _each_subject_itself(words: str, names: set[str]) -> bool:
    """Is the object itself the one subject of every sentence ("Veiled Beast can't be the
    target of spells your opponents control", "As long as you control a Wizard, this
    creature has hexproof")? Whatever else the sentence names is then only what it is
    protected from, or a condition; a quoted ability, a second clause with a subject of
    its own or a subject that can't be read is not (scope_subject.subjects)."""
    if QUOTED.search(words):
        return False
    sentences = [s for s in SENTENCE.split(words.strip()) if s]
    for sentence in sentences:
        read = subjects(sentence)
        if read is None or not read.main:
            return False
        lead_ok = read.condition is None or all(
            p.player or _is_itself(p, names) for p in read.condition
        )
        if not all(_is_itself(p, names) or (p.pronoun and lead_ok) for p in read.main):
            return False
    return bool(sentences)


def _is_itself(phrase: Phrase, names: set[str]) -> bool:
    if phrase.words.lower() in names:
        return True
    modifiers = [m.lower() for m in phrase.modifiers]
    return modifiers == ["this"] and phrase.head.lower() in _THIS_NOUN and not phrase.qualifier


# A quoted ability a static ability grants (CR 113.1a): its "this creature" is the object
# that gets it; and a group after "other": the object with the ability is never in it.
QUOTED = lazyre.compile(r"“[^”]*”|\"[^\"]*\"")
_OTHER_GROUP = lazyre.compile(
    r"\b(?:all |each )?other\b(?! than)(?:(?! (?:gets?|have|has|are|is|can|gains?|loses?"
    r"|enters?|becomes?|attacks?|blocks?|deals?|must|don't|doesn't)\b)[^.,;:“\"])*",
    re.IGNORECASE,
)


def reaches_itself(
    words: str,
    source_name: str,
    subject: Subject,
    touches: Callable[[str], bool] | None = None,
    oracle: bool = False,
) -> bool:
    """Could an object's own unread ability affect the object itself? Only if its words
    refer to it ("this creature", "it", its name) or to a group it is in; not if they
    only speak of what it is attached to ("enchanted creature gets +2/+0", CR 301.5c,
    303.4d), of a group after "other" (it is not among the others), of players ("you have
    hexproof"), or inside the quoted ability they grant, whose "this creature" is the
    object that gets it.

    ``touches``, given for the characteristics (whose sentences change their subject),
    says which sentences could touch the scope asked about (the others are read only for
    what their pronouns refer to); when the subject of each of those can be read
    (:func:`subject_reach`), that decides; otherwise the words are read as a whole."""
    if touches is not None:
        by_subject = subject_reach(words, source_name, subject, touches, oracle)
        if by_subject is not None:
            return by_subject
    rest = _OTHER_GROUP.sub(" ", _ATTACHED.sub(" ", QUOTED.sub(" ", words))).lower()
    short = source_name.split(",")[0].split(" // ")[0].lower()  # "Rasputin" (CR 201.5c)
    if _SELF_REF.search(rest) or (short and short in rest):
        return True
    if _first_name_in(words, source_name, subject):
        return True
    return subject.denoted_by(rest)


# a sentence ends at its stop; a bulleted mode or choice ("\n• ...") is a sentence too
SENTENCE = lazyre.compile(r"(?<=[.!?])\s+(?=[A-Z“\"•])")
# "this creature", "itself": the object with the ability ("this turn" is no object)
_MENTIONS_ITSELF = lazyre.compile(r"\bthis (?!turn\b|game\b|way\b)[a-z]+\b|\bitself\b", re.I)
_TYPE_NOUNS = frozenset(
    {"artifact", "battle", "creature", "enchantment", "kindred", "land", "planeswalker"}
)
_SUPERTYPES = frozenset({"basic", "legendary", "snow", "world"})
# subtypes a group can be named by besides the creature types (CR 205.3g-k)
_OTHER_SUBTYPES = frozenset(
    {
        "Aura",
        "Equipment",
        "Vehicle",
        "Gate",
        "Desert",
        "Cave",
        "Town",
        "Saga",
        "Shrine",
        "Food",
        "Clue",
        "Treasure",
        "Blood",
        "Attraction",
        "Plains",
        "Island",
        "Swamp",
        "Mountain",
        "Forest",
    }
)
_SINGULAR = {plural.lower(): noun for noun, plural in _IRREGULAR.items()}


def _singular(noun: str) -> str:
    low = noun.lower()
    if low in _SINGULAR:
        return _SINGULAR[low]
    for end, repl in (("ies", "y"), ("es", ""), ("s", "")):
        if low.endswith(end) and (low[: -len(end)] + repl) in _KNOWN_LOWER:
            return low[: -len(end)] + repl
    return low


def _is_known(noun: str) -> bool:
    return _singular(noun) in _KNOWN_LOWER


# how a changeling's subtypes say it (rules.layers.ALL_CREATURE_TYPES; layers can't be
# imported here, it imports the scope index's users)
_EVERY_CREATURE_TYPE = "all creature types"
_CREATURE_TYPES_LOWER = frozenset(t.lower() for t in CREATURE_TYPES)
_KNOWN_LOWER = frozenset(
    {t.lower() for t in CREATURE_TYPES | _OTHER_SUBTYPES}
    | _TYPE_NOUNS
    | {"permanent", "token", "spell", "card", "instant", "sorcery"}
)


def _has_word(subject: Subject, word: str) -> bool | None:
    """Is the object a ``word`` (a type, subtype, supertype, color or "token")? None when
    the word is none of those."""
    low = _singular(word)
    if low in _TYPE_NOUNS or low in ("instant", "sorcery"):
        return low in {t.lower() for t in subject.types}
    if low in _SUPERTYPES:
        return low in {t.lower() for t in subject.supertypes}
    if low in COLOR_CODES:
        return COLOR_CODES[low] in subject.colors
    if low == "token":
        return subject.token
    if low == "permanent":
        return subject.zone == "battlefield"
    if _is_known(word):
        if low in {t.lower() for t in subject.subtypes}:
            return True
        # a changeling is every creature type (CR 702.73a, 205.3m)
        return _EVERY_CREATURE_TYPE in subject.subtypes and low in _CREATURE_TYPES_LOWER
    return None


def _phrase_reaches(phrase: Phrase, subject: Subject) -> bool | None:
    """Could this noun phrase denote the object (CR 109.2, 109.2a, 109.2b)? None when its
    head noun isn't one the reader knows."""
    if phrase.other or phrase.attached or phrase.player or phrase.opponents:
        return False
    if subject.zone == "battlefield" and phrase.off_battlefield:
        return False
    head = _has_word(subject, phrase.head)
    if head is None or _singular(phrase.head) in ("spell", "card"):
        return None
    if not head:
        return False
    for word in phrase.modifiers:
        low = word.lower()
        if low.startswith("non") and len(low) > 3:
            if _has_word(subject, low[3:].lstrip("-")):
                return False  # "nonartifact creatures": not an artifact creature
        elif _has_word(subject, word) is False:
            return False  # "Sliver creatures", "white creatures": it must be one
    return True


def _reach_of(phrases: tuple[Phrase, ...], subject: Subject) -> bool | None:
    verdicts = [_phrase_reaches(p, subject) for p in phrases]
    if any(v is True for v in verdicts):
        return True
    return None if any(v is None for v in verdicts) else False


def _pronoun_reach(
    condition: tuple[Phrase, ...] | None, previous: list[bool | None], subject: Subject
) -> bool | None:
    """What "it" or "they" may stand for: the object phrases of the sentence's condition
    ("As long as enchanted permanent is a creature, it ..."), and the subject of the
    sentence before, if there is one; it reaches the object if any of them does."""
    candidates = previous[-1:]
    if condition is not None and not all(p.player for p in condition):
        if any(p.pronoun for p in condition):
            return None
        candidates.append(_reach_of(condition, subject))
    if not candidates or any(c is True for c in candidates):
        return True if candidates else None
    return None if any(c is None for c in candidates) else False


def subject_reach(
    words: str,
    source_name: str,
    subject: Subject,
    touches: Callable[[str], bool] | None = None,
    oracle: bool = False,
) -> bool | None:
    """Whether the sentences that could touch the scope speak of the object itself, read
    from their subjects (:mod:`mtgrules.rules.scope.subject`), or None if one can't be
    read. A sentence naming the object ("this creature", its name) is never read this way;
    a pronoun subject ("Otherwise, it gets -2/-0") is the subject of the sentence's
    condition or of the sentence before, and only in Oracle words (``oracle``) where no
    sentence of the ability names the object: Oracle text names an object's own self
    ("this creature", its name) before a pronoun stands for it, so the pronoun then has
    nothing else to stand for (CR 303.4d, 301.5c). A case author's "It gets +2/+2" may
    mean the object itself."""
    sentences = SENTENCE.split(words)
    unquoted = [QUOTED.sub(" ", s) for s in sentences]
    short = short_name(source_name, subject.supertypes)
    names = [n.lower() for n in {source_name, source_name.split(",")[0].split(" // ")[0]} if n]

    def names_itself(text: str) -> bool:
        low = text.lower()
        return bool(
            _MENTIONS_ITSELF.search(text)
            or any(n in low for n in names)
            or (short and re.search(rf"\b{re.escape(short)}\b", text))
        )

    mentions = any(names_itself(u) for u in unquoted)
    previous: list[bool | None] = []  # the verdicts of the sentences before
    reached = False
    for raw, text in zip(sentences, unquoted, strict=True):
        verdict: bool | None = None
        read = None if names_itself(text) else subjects(text)
        if read is not None:
            if len(read.main) == 1 and read.main[0].pronoun:
                if oracle and not mentions:
                    verdict = _pronoun_reach(read.condition, previous, subject)
            elif not any(p.pronoun for p in read.main):
                verdict = _reach_of(read.main, subject)
        if touches is None or touches(raw):
            if verdict is None:
                return None
            reached = reached or verdict
        previous.append(verdict)
    return reached


def _first_name_in(words: str, source_name: str, subject: Subject) -> bool:
    """A legendary card may call itself by the first word of its name without a comma
    after it ("Zurgo" for Zurgo Helmsmasher, CR 201.5c): that word, capitalized as a name,
    outside quoted abilities and "other" groups, refers to it."""
    short = short_name(source_name, subject.supertypes)
    if not short:
        return False
    rest = _OTHER_GROUP.sub(" ", QUOTED.sub(" ", words))
    return re.search(rf"\b{re.escape(short)}\b", rest) is not None
