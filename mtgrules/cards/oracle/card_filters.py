"""What a card looked for in a library must be, read from its words (docs/effects.md): "a
basic land card", "a basic Forest, Plains, or Island card", "an instant or sorcery card",
"a legendary creature card", "a red or white instant card", "a noncreature artifact card",
"a creature card with mana value 3 or less". The one reader of these words for the
effect reader's searches (:mod:`mtgrules.cards.oracle.effects_search`) and the cards put
from a hand (:mod:`mtgrules.cards.oracle.effects_more`); what it reads is a
:class:`~mtgrules.cards.effects_actions.CardFilter`.

Read exactly or not at all (CR 608.2c): a word that isn't a supertype, color, card type or
subtype the rules define (205.2a, 205.3, 205.4, 105.1), or an "or" whose reach the words
don't settle ("a legendary creature or planeswalker card": legendary planeswalkers only,
or any planeswalker?), raises :class:`~mtgrules.cards.oracle.effects_parts.Unread`.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from mtgrules.cards.creature_types import CREATURE_TYPES
from mtgrules.cards.effects import Amount
from mtgrules.cards.effects_actions import CardFilter
from mtgrules.cards.oracle.effects_parts import Unread, amount_word
from mtgrules.cards.statics import BASIC_LAND_TYPES, SUBTYPES

# the card types a filter names (CR 205.2a; a permanent card, 110.4a)
_TYPES = ("land", "creature", "artifact", "enchantment", "planeswalker", "instant", "sorcery")
_TYPES += ("battle", "permanent")
_SUPERTYPES = ("legendary", "snow")  # CR 205.4a; "basic" is CardFilter.basic
_COLORS = ("white", "blue", "black", "red", "green")  # CR 105.1
# keyword abilities a card may be looked for by (CR 702): "a card with flashback"
CARD_KEYWORDS = ("flash", "flashback", "cycling", "disturb", "morph", "madness", "kicker")
CARD_KEYWORDS += ("suspend", "ninjutsu", "evoke", "escape", "foretell", "convoke", "delve")
CARD_KEYWORDS += ("flying", "defender", "haste", "reach", "trample", "vigilance", "deathtouch")
CARD_KEYWORDS += ("lifelink", "menace", "first strike", "double strike", "changeling")
# a card's name (CR 201.2): capitalized words, ", " or small words or both between them
# ("Gideon, the Oathsworn"; a sentence goes on after a comma in lower case with no capital
# after it: "named Chandra, Bold Pyromancer, reveal it")
CARD_NAME = r"(?:SELF|[A-Z][\w'-]*(?:,? (?:(?:of|the|from|to|in|a|an|de|for) )*[A-Z][\w'-]*)*)"
_WORDS = re.compile(
    r"(?P<kinds>(?:[A-Za-z'-]+,? )*?)(?P<noun>cards?)"
    r"(?: with mana value (?P<mv>\d+) or (?P<bound>less|greater)"
    r"| with (?P<stat>mana value|power|toughness) (?P<n>\d+|X)(?: or (?P<dir>less|greater))?"
    r"| with (?P<landtype>a basic land type)"
    rf"| with (?P<kw>{'|'.join(CARD_KEYWORDS)})"
    rf"| named (?P<name>{CARD_NAME}))?"
)


def read_card_filter(words: str, plural: bool) -> CardFilter:
    """The filter of ``words`` (a card's description without its count: "basic land
    card", "Forest or Plains card"); ``plural``: the count said more than one card, so the
    noun must be "cards" (and "card" otherwise)."""
    found = _WORDS.fullmatch(words.strip())
    if found is None or (found.group("noun") == "cards") != plural:
        raise Unread(words)
    kinds = found.group("kinds").split()
    basic = bool(kinds) and kinds[0] == "basic"
    kinds = kinds[1:] if basic else kinds
    supertypes = _take(kinds, lambda w: w in _SUPERTYPES, joined=False)
    nonsuper = _take(kinds, lambda w: w in ("nonlegendary", "nonsnow"), joined=False)
    qualities = _take(kinds, lambda w: w in ("historic", "multicolored"), joined=False)
    colors, colors_or = _either(kinds, lambda w: w in _COLORS)
    colorless = _take(kinds, lambda w: w == "colorless", joined=False)
    # "a noncreature, nonland card": coordinate words, each a condition of its own
    nons = _take(kinds, lambda w: w.startswith("non") and w[3:] in _TYPES, joined=True)
    if nons and kinds and kinds[0] == "or":  # "nonland or noncreature": not both
        raise Unread(words)
    subtypes, subtypes_or = _either(kinds, lambda w: w in SUBTYPES)
    types, types_or = _either(kinds, lambda w: w in _TYPES)
    if kinds:  # a word left over: not a kind this reader knows
        raise Unread(words)
    if len(subtypes) > 1 and not subtypes_or:  # "a Human Soldier card": both, not one
        raise Unread(words)
    if len(colors) > 1 and not colors_or:
        raise Unread(words)
    # "or" joins the words of one kind only: with two of them, or an "or" between types
    # beside other words, which words go with which is not settled
    if colors_or + subtypes_or + types_or > 1:
        raise Unread(words)
    if types_or and (
        supertypes or nonsuper or qualities or colors or colorless or nons or subtypes
    ):
        raise Unread(words)
    # "an Aura or Equipment artifact card": which words "artifact" goes with is not settled;
    # but creature types before "creature" are all of a creature card (205.3m): "an Angel,
    # Demon, or Dragon creature card" is a creature card of one of them
    creature_kinds = types == ["creature"] and all(s in CREATURE_TYPES for s in subtypes)
    if subtypes_or and types and not creature_kinds:
        raise Unread(words)
    if basic and (types not in ([], ["land"]) or any(s not in BASIC_LAND_TYPES for s in subtypes)):
        raise Unread(words)
    if basic and not types and not subtypes:
        raise Unread(words)
    mv, bound = found.group("mv"), found.group("bound")
    more = list(nonsuper)  # CardFilter.qualities, in the target reader's words
    if found.group("stat"):
        op = {"less": "<=", "greater": ">="}.get(found.group("dir") or "", "=")
        more.append(f"{found.group('stat')}{op}{found.group('n')}")
    if found.group("landtype"):
        more.append("basic land type")
    if found.group("kw"):
        more.append(f"with {found.group('kw')}")
    return CardFilter(
        types=() if types_or else tuple(t.capitalize() for t in types),
        subtypes=tuple(subtypes),
        basic=basic,
        max_mana_value=int(mv) if mv and bound == "less" else None,
        any_types=tuple(t.capitalize() for t in types) if types_or else (),
        not_types=tuple(n[3:].capitalize() for n in nons),
        supertypes=tuple(s.capitalize() for s in supertypes),
        colors=tuple(colors),
        colorless=bool(colorless),
        min_mana_value=int(mv) if mv and bound == "greater" else None,
        historic="historic" in qualities,
        multicolored="multicolored" in qualities,
        qualities=tuple(more),
        named=found.group("name") or "",
    )


def read_counted_cards(words: str) -> tuple[Amount, CardFilter]:
    """ "a nonland card", "two Elf cards", "an instant or sorcery card": how many cards (a
    number word, "a" or "an") and what they must be, read as :func:`read_card_filter`."""
    count, _, rest = words.strip().partition(" ")
    amount = Amount(1) if count in ("a", "an") else amount_word(count)
    if amount.x:
        raise Unread(words)
    return amount, read_card_filter(rest, amount != Amount(1))


def _take(kinds: list[str], test: Callable[[str], bool], joined: bool) -> list[str]:
    """The words that pass ``test`` at the head of ``kinds``, taken off it; ``joined``: in
    a list "A, B, or C", each but the last ends with a comma (and none does otherwise)."""
    out: list[str] = []
    while kinds and test(kinds[0].rstrip(",")):
        if kinds[0].endswith(",") and not joined:
            raise Unread(kinds[0])
        out.append(kinds.pop(0).rstrip(","))
    return out


def _either(kinds: list[str], test: Callable[[str], bool]) -> tuple[list[str], bool]:
    """Words of one kind at the head of ``kinds``, taken off it, and whether "or" joins
    them ("Forest, Plains, or Island"; "instant or sorcery": one of them) or not
    ("artifact creature": all of them)."""
    head: list[str] = []
    while len(head) < len(kinds) and test(kinds[len(head)].rstrip(",")):
        head.append(kinds[len(head)])
    rest = kinds[len(head) :]
    joined = bool(head) and len(rest) > 1 and rest[0] == "or" and test(rest[1])
    commas = [w.endswith(",") for w in head]
    # in "A, B, or C" each word before "or" ends with a comma (but "A or B" has none);
    # without "or", none does
    if joined and len(head) > 1 and not all(commas):
        raise Unread(" ".join(head))
    if (joined and len(head) == 1 and commas[0]) or (not joined and any(commas)):
        raise Unread(" ".join(head))
    del kinds[: len(head) + (2 if joined else 0)]
    out = [w.rstrip(",") for w in head] + ([rest[1]] if joined else [])
    return out, joined
