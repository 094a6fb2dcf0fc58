"""Oracle templates for costs and mana effects, read into the card vocabulary.

Each reader takes one piece of an ability's text and returns the vocabulary
value, or ``None`` when the piece isn't exactly a template the engine models
(the caller then marks the whole ability not modeled; nothing is approximated).

* :func:`read_cost` — an activation cost: mana symbols (generic, colored, {X},
  hybrid, Phyrexian, snow), {T}, {Q} and the cost parts of
  :data:`~mtgrules.cards.vocabulary.COST_PART_TEXT` (CR 602.1a, 118);
* :func:`read_mana` — the effect "Add ..." of a mana ability (CR 106.1, 106.7).

A card refers to itself by its name, its short name, "this creature", "this
land", ... (CR 201.5); :class:`SelfRefs` marks those references in a line, so
that every template matches one token (:data:`SELF`) for them.
"""

from __future__ import annotations

import functools
import re

from mtgrules import lazyre
from mtgrules.cards.mana import ManaCost, parse_symbols
from mtgrules.cards.mana_effects import Mana
from mtgrules.cards.vocabulary import NUMBER_WORDS, Cost, CostPart

# A Saga's chapter ability, "I, II — ..." (CR 714.2b): a triggered ability
CHAPTER = lazyre.compile(r"^[IVX]+(?:, [IVX]+)* — ")
# Words that make an instant's or sorcery's paragraph a static ability rather than its
# spell ability (CR 113.3a, 113.6): it functions on the stack or where the card could be
# cast (113.6d-g). One definition for the Oracle reader (a paragraph with none of them is
# read as the spell ability, cards/oracle/abilities.py) and the scope index (rules/scope/index.py ``form``).
SPELL_STATIC = lazyre.compile(
    r"\bthis spell\b|\bsplit second\b|\bas though\b|\bflash\b|\bcast this\b|\bcosts?\b"
    r"|\bfrom (?:your|a|any) (?:graveyard|hand|library)\b|\bfrom exile\b|\bcan(?:'|’)t be cast\b"
    r"|\bthis card\b|\badditional cost\b|\brather than\b|\bon the stack\b|\bas long as\b|\bwhile\b",
    re.IGNORECASE,
)
# Characteristic-defining words: they function everywhere (CR 113.6a, 604.3); the scope
# index reads them so (rules/scope/index.py ``functions_in``), and the reader never takes them
# for an instant's or sorcery's spell ability ("this spell is colorless")
CDA_WORDS = lazyre.compile(
    r"\bpower (?:and toughness )?(?:are|is) (?:each )?equal\b|\bis (?:all colors|every creature type|colorless)\b"
    r"|\bis (?:the chosen|every) ",
    re.IGNORECASE,
)
# The words "this ..." Oracle text uses for the object that has the ability.
SELF_NOUNS = (
    "creature",
    "land",
    "artifact",
    "enchantment",
    "permanent",
    "card",
    "spell",
    "Vehicle",
    "Equipment",
    "Aura",
    "planeswalker",
    "Saga",
    "battle",
    "Siege",
    "Spacecraft",
)


# A card's reference to itself, once found, is replaced by SELF_MARK and an index
# character, so the templates match one fixed token and the words come back after.
SELF_MARK = "\ue000"
SELF = "\ue000[\ue100-\ue1ff]"
_MARKED = lazyre.compile(SELF)


def short_name(name: str, supertypes: tuple[str, ...] | list[str] = ()) -> str:
    """The shortened name a legendary card's text may call itself by without a comma in
    its name (CR 201.5c: "Zurgo" for Zurgo Helmsmasher, "Trostani" for Trostani
    Discordant), or ""."""
    first = name.split(" // ")[0].split(" ")
    if "Legendary" not in supertypes or "," in name or len(first) < 2:
        return ""
    return "" if first[0] in ("The", "A", "An") or not first[0][:1].isupper() else first[0]


@functools.lru_cache(maxsize=4096)
def self_pattern(name: str = "", short: str = "") -> re.Pattern[str]:
    """The ways a card names itself in its Oracle text: its name, its short name
    (before the comma of a legendary name, or ``short``: see :func:`short_name`), the name
    without an Alchemy rebalanced card's "A-" (its text uses the original name),
    "CARDNAME", "this creature", ..."""
    names = ["CARDNAME", rf"\b[Tt]his (?:{'|'.join(SELF_NOUNS)})\b"]
    if name:
        names.insert(0, rf"\b{re.escape(name)}(?!\w)")
        forms = [
            name.split(", ")[0],
            name.removeprefix("A-"),
            name.removeprefix("A-").split(", ")[0],
        ]
        forms += [short] if short else []
        for form in dict.fromkeys(f for f in forms if f and f != name):
            names.insert(1, rf"\b{re.escape(form)}(?!\w)")
    return re.compile("|".join(names))


class SelfRefs:
    """One line with its references to the card marked (:data:`SELF`), and the way back."""

    def __init__(self, line: str, name: str = "", short: str = ""):
        self.found: list[str] = []
        self.line = self_pattern(name, short).sub(self._mark, line)
        self.name = name
        self.short = short

    def _mark(self, match: re.Match[str]) -> str:
        self.found.append(match.group())
        return SELF_MARK + chr(0xE100 + min(len(self.found) - 1, 0xFF))

    def restore(self, text: str) -> str:
        """Text cut from the marked line, with the card's own words put back."""
        return _MARKED.sub(lambda m: self.found[ord(m.group()[1]) - 0xE100], text)


def number(word: str) -> int | None:
    """``a``, ``an``, ``one`` ... ``ten`` or digits -> the number (None for anything else)."""
    word = word.lower()
    if word in ("a", "an"):
        return 1
    if word in NUMBER_WORDS:
        return NUMBER_WORDS.index(word)
    return int(word) if word.isdigit() else None


_SYMBOLS = lazyre.compile(r"^(?:\{[^{}]+\})+$")
_NUM = r"(?P<n>a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d+)"


_PARTS = [
    (lazyre.compile(rf"^Sacrifice {SELF}$"), "sacrifice_self"),
    (
        lazyre.compile(
            rf"^Exile {SELF}(?:(?P<gy> from your graveyard)|(?P<hand> from your hand))?$"
        ),
        "exile_self",
    ),
    (lazyre.compile(r"^Tap an untapped creature you control$"), "tap_untapped_creature"),
    (
        lazyre.compile(
            rf"^Tap {_NUM} untapped (?P<what>[A-Z][a-z]+|creatures|artifacts|lands) you control$"
        ),
        "tap_untapped",
    ),
    (lazyre.compile(r"^Discard your hand$"), "discard_hand"),
    (
        lazyre.compile(
            r"^Sacrifice another (?P<what>(?:[A-Z][a-z]+|creature|artifact|land|enchantment)(?: or (?:[A-Z][a-z]+|creature|artifact|land|enchantment))?)$"
        ),
        "sacrifice_another",
    ),
    (
        lazyre.compile(
            r"^Tap another untapped (?P<what>[A-Z][a-z]+|creature|artifact|land) you control$"
        ),
        "tap_another_untapped",
    ),
    (
        lazyre.compile(
            r"^Discard an? (?P<what>land|artifact|creature|enchantment|instant|sorcery) card$"
        ),
        "discard_card_of",
    ),
    (
        lazyre.compile(
            rf"^Exile {_NUM} (?P<counter>(?:land|artifact|creature|enchantment|instant|sorcery) )?cards? from your graveyard$"
        ),
        "exile_from_graveyard",
    ),
    (lazyre.compile(rf"^Mill {_NUM} cards?$"), "mill"),
    (lazyre.compile(rf"^Discard {_NUM} cards?$"), "discard"),
    (lazyre.compile(r"^Pay (?P<n>\d+) life$"), "pay_life"),
    (
        lazyre.compile(rf"^Remove {_NUM} (?P<counter>[^ ]+ )?counters? from {SELF}$"),
        "remove_counter",
    ),
    (lazyre.compile(rf"^Sacrifice {_NUM} creatures?$"), "sacrifice_creature"),
    (
        lazyre.compile(
            rf"^Sacrifice {_NUM} (?P<what>(?:[A-Z][a-z]+|artifact|land|enchantment)(?: or (?:[A-Z][a-z]+|artifact|land|creature))?s?)$"
        ),
        "sacrifice",
    ),
]


def read_cost(text: str) -> tuple[Cost, str] | None:
    """``{1}{G}, {T}, Sacrifice this artifact`` -> (:class:`Cost`, the zone it works from).

    The zone is ``graveyard`` or ``hand`` when the cost exiles the card from its
    owner's graveyard or hand (CR 113.6), else ``battlefield``.
    """
    symbols: list[str] = []
    parts: list[CostPart] = []
    zone = "battlefield"
    for piece in text.split(", "):
        piece = piece.strip()
        if _SYMBOLS.match(piece):
            try:
                symbols += parse_symbols(piece, also=frozenset("TQ"))
            except ValueError:
                return None
            continue
        for pattern, kind in _PARTS:
            found = pattern.match(piece)
            if found is None:
                continue
            groups = found.groupdict()
            amount = number(groups["n"]) if groups.get("n") else 1
            if amount is None or amount < 1:
                return None
            if groups.get("gy"):
                zone = "graveyard"
            if groups.get("hand"):
                zone = "hand"
            counter = (groups.get("counter") or groups.get("what") or "").strip()
            if kind == "sacrifice" and amount > 1:  # "Sacrifice two lands": the noun, singular
                if not counter.endswith("s") or " or " in counter:
                    return None
                counter = counter[:-1]
            parts.append(CostPart(kind, amount, counter))
            break
        else:
            return None
    mana = tuple(s for s in symbols if s not in ("T", "Q"))
    cost = Cost(mana=ManaCost(mana), tap="T" in symbols, untap="Q" in symbols, parts=tuple(parts))
    if symbols.count("T") > 1 or symbols.count("Q") > 1:
        return None
    return cost, zone


_COLOR = r"\{[WUBRGC]\}"
_FIXED = lazyre.compile(rf"^Add (?P<s>(?:{_COLOR})+)$")
_ONE_OF = lazyre.compile(rf"^Add (?P<s>{_COLOR}(?:, {_COLOR})*,? or {_COLOR})$")
_ANY_COLOR = lazyre.compile(r"^Add (?P<n>one|two|three|four|five) mana of any (?P<one>one )?color$")
_COULD = lazyre.compile(
    r"^Add one mana of any (?P<kind>type|color) that a land (?P<whose>you control|an opponent controls) could produce$"
)
_FOR_EACH = lazyre.compile(rf"^Add (?P<s>(?:{_COLOR})+) for each creature you control$")


_CHOICES = lazyre.compile(rf"^Add (?P<s>(?:{_COLOR})+(?:, (?:{_COLOR})+)*,? or (?:{_COLOR})+)$")
_FOR_EACH_COUNTED = lazyre.compile(
    rf"^Add (?P<s>(?:{_COLOR})+) for each (?P<what>(?:basic )?(?:[A-Z][a-z]+|artifact|enchantment|land|creature) (?:you control|on the battlefield))$"
)
# "Add ..." sentences whose amount or type depends on something mtgrules doesn't compute
_DEPENDS = (
    lazyre.compile(r"^Add X mana .+, where X is [^.]+$"),
    lazyre.compile(rf"^Add an amount of {_COLOR} equal to [^.]+$"),
    lazyre.compile(rf"^Add (?:{_COLOR})+ for each [^.]+$"),
    lazyre.compile(
        r"^Add (?:one|two|three|X) mana in any combination of (?:colors|\{[WUBRGC]\} and/or \{[WUBRGC]\})$"
    ),
    lazyre.compile(r"^Add one mana of any color in your commander's color identity$"),
    lazyre.compile(r"^Add one mana of any color among [^.]+$"),
)


def read_mana(text: str) -> Mana | None:
    """The mana an "Add ..." sentence (without its period) adds, or None if not a modeled form."""
    found = _read_mana(text)
    if found is not None:
        return found
    if found := _CHOICES.match(text):  # filter lands: one group of symbols among these
        groups = tuple(parse_symbols(g) for g in re.split(r",? or |, ", found.group("s")))
        return Mana(choices=groups)
    if found := _FOR_EACH_COUNTED.match(text):
        return Mana(fixed=parse_symbols(found.group("s")), for_each=found.group("what"))
    if any(p.match(text) for p in _DEPENDS):
        return Mana(depends=text)
    return None


def _read_mana(text: str) -> Mana | None:
    if found := _FIXED.match(text):
        return Mana(fixed=parse_symbols(found.group("s")))
    if found := _ONE_OF.match(text):
        return Mana(one_of=parse_symbols(re.sub(r"[, or]", "", found.group("s"))))
    if found := _ANY_COLOR.match(text):
        n = number(found.group("n")) or 0
        if (n == 1) == bool(found.group("one")):  # "one mana of any color", "two of any one color"
            return None
        return Mana(any_color=n)
    if found := _COULD.match(text):
        whose = (
            "land_you_control"
            if found.group("whose") == "you control"
            else "land_opponent_controls"
        )
        return Mana(could_produce=whose, could_produce_kind=found.group("kind"))
    if found := _FOR_EACH.match(text):
        return Mana(fixed=parse_symbols(found.group("s")), for_each="creature_you_control")
    return None
