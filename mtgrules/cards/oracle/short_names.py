"""A card's shortened name in its own effect text (CR 201.5c), found from its name alone.

Text printed on a legendary card often calls it by a shortened name: "Hazoret deals 2
damage to each opponent" on Hazoret the Fervent, "Put a +1/+1 counter on Zurgo" on Zurgo
Helmsmasher. CR 201.5c treats such a shortened name as the card's full name. The effect
reader (oracle/effects.py) is given the card's name only, never its supertypes, so the
shortened name is found from the name and the words around it, and only where it can be
nothing but the card:

* the form is the words of the name before " the " or " of " ("Tor Wauki the Younger",
  "Rosie Cotton of South Lane"), or the first word of a two-word name ("Karn Liberated"),
  every word of it capitalized; a name with a comma is
  :func:`~mtgrules.cards.oracle.costs.self_pattern`'s (the words before the comma); a
  creature type or other subtype ("Sliver Overlord": "Sliver" names Slivers) is never one,
  a planeswalker type is (the planeswalker calls itself so: "Ajani deals 3 damage");
* a place where the form stands for an object: not after a capitalized word inside the
  sentence (part of another name: "Rampant Growth"), an article or "named" ("a Gideon
  planeswalker", "a card named ..."), and not before a capitalized word, "the", "of",
  another noun ("Sliver creature token", "Time Walk", "Nissa's Chosen", "Tuktuk the
  Returned") or a mode's dash;
* at the start of a sentence the form must be the subject of a third-person verb
  ("Crovax gains flying"): an imperative verb in a nonlegendary card's name ("Search for
  Tomorrow") is never taken for it.

A nonlegendary card's name passes the first test only where its words are an ordinary
verb or noun at the start of a name ("Fire Magic"); the place tests keep those words
themselves (tests/test_oracle_effects_short_names.py checks both corpora's texts).
"""

from __future__ import annotations

import functools
import re

from mtgrules.cards.statics import PLANESWALKER_TYPES, SUBTYPES, singular

# a name's words: letters, apostrophes, hyphens
_WORDS = re.compile(r"[\w'-]+(?: [\w'-]+)*")
# nouns a name or a subtype modifies ("Sliver creature token", "a Gideon planeswalker")
_NOUNS = (
    "card|creature|token|planeswalker|permanent|spell|artifact|enchantment|land|"
    "emblem|ability|abilities|counter|source|player|opponent|Equipment|Aura"
)
# words an article, "named" or another name's words put before it: not the card
_BEFORE = re.compile(r"\b(?:a|an|the|named|another|other|each|all|\d+) $|[A-Z][\w'-]* of $")
# a capitalized word right before it (its own start found apart: a sentence's first word
# is an imperative verb, "Exile Mangara")
_CAPITAL_BEFORE = re.compile(r"(?<![\w'-])[A-Z][\w'-]* $")
# what may follow it: its possessive ("Loki's power"), a sentence's or clause's end (not
# a name's apposition: ", the Writhing Township", ", a legendary ..."), a lowercase word
# that continues no noun phrase
_AFTER = re.compile(
    r"^(?:'s [a-z]|\.(?:\s|$)|,(?! (?:a|an|the)\b) (?![A-Z])"
    rf"| (?!(?:the|of|you|{_NOUNS})s?\b)[a-z])"
)
# a sentence's start: the text's, or after a sentence's end, a line's or a bullet's
_START = re.compile(r"(?:^|[.!?:]\s+|\n|• )$")
# a third-person verb right after the form at a sentence's start ("Crovax gains")
_VERB_AFTER = re.compile(r"^(?:'s \w| (?:can't|doesn't|isn't|is|has|[a-z]+s)\b)")


@functools.lru_cache(maxsize=4096)
def short_form(name: str) -> str:
    """The shortened name ``name``'s text may call its card by, or "" (see the module)."""
    if not name or "," in name or " // " in name:
        return ""
    words = name.split(" ")
    joints = [name.find(joint) for joint in (" the ", " of ") if joint in name]
    head = name[: min(joints)] if joints else words[0] if len(words) == 2 else ""
    parts = head.split(" ")
    if not head or head == name or not all(p[:1].isupper() for p in parts):
        return ""
    if parts[0] in ("The", "A", "An") or not _WORDS.fullmatch(head):
        return ""
    if (head in SUBTYPES or singular(head) in SUBTYPES) and head not in PLANESWALKER_TYPES:
        return ""
    return head


def short_spans(text: str, name: str) -> list[tuple[int, int]]:
    """Where ``text`` calls the card ``name`` by its shortened name (see the module)."""
    form = short_form(name)
    if not form or form not in text:
        return []
    out = []
    for found in re.finditer(rf"(?<![\w'-]){re.escape(form)}(?![\w-])", text):
        before, after = text[: found.start()], text[found.end() :]
        if not _AFTER.match(after):
            continue
        if _START.search(before):
            if not _VERB_AFTER.match(after):
                continue
        elif _BEFORE.search(before) or (
            (word := _CAPITAL_BEFORE.search(before)) and not _START.search(before[: word.start()])
        ):
            continue
        out.append(found.span())
    return out


def mark_short(text: str, name: str, mark: str = "SELF") -> str:
    """``text`` with each place that calls the card by its shortened name as ``mark``."""
    for start, end in reversed(short_spans(text, name)):
        text = text[:start] + mark + text[end:]
    return text
