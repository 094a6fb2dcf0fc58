"""An object's own unread abilities whose words the scope index doesn't read pattern by
pattern: those that are its own whatever they say, and those that change how it is cast
from where it is.

An unmodeled keyword, a keyword written with its cost after a dash, offering (CR 702.48a),
a leveler's level bar or a station symbol (711.2, 721.2) and a deckbuilding choice (113.6n)
are the object's own (:func:`speaks_of_itself`); of its own abilities, only words that tie
casting it to itself, or limit its X (107.3), change how it is cast while they don't yet
function (113.6, 113.6d, 113.6e, 113.6f; :func:`speaks_of_casting`), not a condition or a
trigger on having cast it (601.2i, 603.2). See :mod:`mtgrules.rules.scope.words` for the
table of words the other abilities are read with.
"""

from __future__ import annotations

import re

from mtgrules import lazyre
from mtgrules.cards.vocabulary import Ability, AbilityKind
from mtgrules.rules.scope.index import words_of
from mtgrules.rules.scope.words import KEYWORD_COST, OFFERING

# A leveler card's level symbol and its power/toughness box (CR 711.2): "LEVEL 2-6", "3/3";
# a station card's station symbol with its abilities (CR 721.2): "7+ | Flying".
# They are the card's own static ability (711.2a-b) though their words never say "it".
LEVEL_BAR = lazyre.compile(r"^(?:LEVEL \d+(?:-\d+|\+)|\d+/\d+|\d+\+ \|.*)$")  # and "7+ | Flying"


def speaks_of_itself(ability: Ability) -> bool:
    """An unread ability that is its own object's whatever its words say: an unmodeled
    keyword (level up, bestow, ...), one written with its cost after a dash ("Escape—..."),
    offering (702.48a), a leveler's level bar (CR 711.2), or a choice made during
    deckbuilding "for this card to have" (113.6n)."""
    words = words_of(ability).strip()
    return (
        unknown_keyword(ability)
        or bool(LEVEL_BAR.match(words))
        or bool(re.match(r"^during deckbuilding\b", words, re.IGNORECASE))
        or bool(re.match(KEYWORD_COST, words, re.IGNORECASE))
        or bool(re.match(OFFERING, words, re.IGNORECASE))
    )


# CR 113.6d-f: of an object's own abilities, those that work where it is cast from change
# how *that object* is cast: its words tie casting or playing to itself ("this spell costs
# {1} less to cast", "rather than pay this spell's mana cost", "you may cast this card from
# your graveyard", "you can't cast Good Knight if ...", "this spell has flash as long as ...").
# Words that limit its X ("spend only black mana on X", "X can't be 0", 107.3) or a keyword
# written with its cost after a dash are its own whatever they say.
_OF_CASTING = lazyre.compile(
    r"\b(?:cast|casts|play|played)\b|\bthis spell\b|\bspell's\b|\bmana cost\b"
    r"|\b(?:flash|convoke|improvise|delve|affinity)\b",
    re.I,
)
_OWN_BY_NATURE = lazyre.compile(
    rf"\bspend only\b[^.]*\bon X\b|\bX (?:can't|must)\b|{OFFERING}|" + KEYWORD_COST,
    re.I,
)
_ITSELF_AS_SPELL = r"\bthis spell\b|\b(?:cast|play)(?:s|ed)? (?:this|it)\b|\bthis card\b"
# What speaks of casting it without changing whether it can be cast: a condition read as it
# resolves or enters ("if {G} was spent to cast this spell", "if it was cast") and a trigger
# on casting it, which triggers only once it has been cast (601.2i, 603.2).
_AFTER_CASTING = lazyre.compile(
    r"\b(?:was|were) spent to cast (?:this spell|it)\b|\bif (?:it|this spell) was cast\b"
    r"|\bwhen(?:ever)? you cast (?:this spell|it)\b",
    re.I,
)


def speaks_of_casting(ability: Ability, card_name: str) -> bool:
    """Could an object's own unread ability change how it is cast while it is not where
    its ability works (a permanent card in hand, an instant before it is cast)? Only an
    unmodeled keyword, words that limit its X, or words that tie casting it to itself
    (CR 113.6d-f: "that particular object"). A permanent's static about other spells
    ("spells you cast from your hand cost {1} less", "creature spells you cast have
    convoke") or a spell's effect that only speaks of sacrificing, paying or "rather than"
    elsewhere works only on the battlefield or as the spell resolves (113.6)."""
    if unknown_keyword(ability):
        return True
    words = _AFTER_CASTING.sub(" ", words_of(ability))
    if _OWN_BY_NATURE.search(words):
        return True
    if not _OF_CASTING.search(words):
        return False
    names = {n for n in (card_name, card_name.split(",")[0].split(" // ")[0]) if n}
    itself = "|".join([_ITSELF_AS_SPELL, *(rf"\b{re.escape(n)}\b" for n in names)])
    return re.search(itself, words, re.I) is not None


def unknown_keyword(ability: Ability) -> bool:
    """An unmodeled keyword ability (the parser's label "keyword ability (NAME)")."""
    return ability.kind is AbilityKind.UNMODELED and ability.text.startswith(
        "not modeled: keyword ability"
    )
