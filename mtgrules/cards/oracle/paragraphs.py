"""The ability paragraphs of an Oracle text, and the label of a paragraph the reader
doesn't read.

:func:`ability_lines` splits a text into ability paragraphs: reminder text dropped (CR
207.2a), a modal ability's modes kept with it (700.2) and a die-roll result table's rows
with the ability that rolls (706.2, 113.2c); :func:`with_table` adds the table to that
ability's reading where its rows can't change it (608.2). :func:`unmodeled` labels a
paragraph the reader can't read with the kind of ability it is, in the project's own
words (a loyalty ability, 606.4; a chapter ability or ward, 714.2b, 702.21a; a triggered,
activated or mana ability, 603.1, 602.1, 605.1a; a spell effect, 113.3a; else static).
"""

from __future__ import annotations

import re
from dataclasses import replace

from mtgrules import lazyre
from mtgrules.cards.oracle.costs import CHAPTER
from mtgrules.cards.oracle.keywords import DASH_KEYWORD, not_modeled
from mtgrules.cards.vocabulary import Ability, AbilityKind, sentence

_REMINDER = lazyre.compile(r"\s*\([^()]*\)")
_LOYALTY = lazyre.compile(r"^\[?[+−\-]?(?:\d+|X)\]?: ")
_DASH_KEYWORD = lazyre.compile("^" + DASH_KEYWORD)
# the ones that are static abilities, or static and triggered ones, never activated: suspend
# 702.62a, escape 702.138a, kicker 702.33a, morph 702.37a, evoke 702.74a, impending
# 702.176a, replicate 702.56a, escalate 702.120a, entwine 702.42a, squad 702.157a,
# freerunning 702.173a, blitz 702.152a, warp 702.185a, bestow 702.103a, madness 702.35a
_NEVER_ACTIVATED = frozenset(
    {
        "suspend", "escape", "kicker", "morph", "evoke", "impending", "replicate", "escalate",
        "entwine", "squad", "freerunning", "blitz", "warp", "bestow", "madness",
    }
)  # fmt: skip
# a Saga's chapter ability, "I — ..." or "II, III — ..." (CR 714.2a-c); rules/scope/index.py
# reads the same form as triggered


def strip_reminder(line: str) -> str:
    """A line without its reminder text (CR 207.2a)."""
    previous = None
    while previous != line:
        previous, line = line, _REMINDER.sub("", line)
    return line.strip()


# a row of a die-roll result table, "1—9 | ..." / "15+ | ..." / "9 or less | ..." (CR 706.2)
_DIE_ROW = lazyre.compile(r"^\d+(?:[—–-]\d+|\+| or (?:less|more))? \| ")
# the words that roll the die the table's rows follow: "roll a d20", "roll a 20-sided die"
_ROLLS = lazyre.compile(r"\broll\b[^.\n]*\b(?:d\d+|\d+-sided die)\b", re.IGNORECASE)


def ability_lines(text: str) -> list[str]:
    """The ability paragraphs of a text: reminder text dropped, modes kept with their ability,
    and a die-roll result table's rows with the ability that rolls (CR 706.2: the table is
    part of that ability's effect, not an ability of its own, 113.2c)."""
    out: list[str] = []
    for raw in text.replace("\r\n", "\n").split("\n"):
        line = strip_reminder(raw)
        if not line:
            continue
        mode = line.startswith("•")
        if out and (mode or (_DIE_ROW.match(line) and _ROLLS.search(out[-1]))):
            out[-1] += "\n" + line
        else:
            out.append(line)
    return out


def die_table(paragraph: str) -> tuple[str, str]:
    """A paragraph split into the ability that rolls a die and its result table's rows
    (CR 706.2), the rows ``""`` when it has none."""
    lines = paragraph.split("\n")
    for i, line in enumerate(lines[1:], 1):
        if _DIE_ROW.match(line) and _ROLLS.search("\n".join(lines[:i])):
            return "\n".join(lines[:i]), "\n".join(lines[i:])
    return paragraph, ""


# a table row that adds mana (CR 605.1a: that could make the ability a mana ability) or
# targets (115.1): the rolling ability's reading, made of its first line, would miss it
_ROWS_UNREAD = lazyre.compile(r"\bAdd\b|\badds?\b[^.]*\bmana\b|\btargets?\b", re.IGNORECASE)
# a row that moves a card to or from a library (as oracle_targets reads a spell's effect)
_LIBRARY_WORDS = lazyre.compile(r"\blibrar(?:y|ies)\b|\bdraws?\b|\bmills?\b", re.IGNORECASE)


def with_table(ability: Ability, head: str, rows: str, spell: bool) -> Ability:
    """The ability that rolls a die, read from its first line, with its result table (CR
    706.2): the rows are more of its effect, which happens only as it resolves (608.2),
    so a reading of its trigger, cost or targets stands; they are kept in its words.
    Where a row could change what was read (it adds mana or targets), or the reading's
    rendering puts words after the effect (an activation instruction), the ability is
    left unread."""
    if ability.kind is AbilityKind.UNMODELED:
        return ability
    unread = unmodeled(head, spell)
    if _ROWS_UNREAD.search(rows):
        return unread
    library = bool(_LIBRARY_WORDS.search(rows))
    if ability.kind is AbilityKind.SPELL and ability.effect is not None:
        effect = replace(
            ability.effect,
            does=f"{ability.effect.does}\n{rows}",
            moves_library=ability.effect.moves_library or library,
        )
        return replace(ability, effect=effect)
    tail = rows[:-1] if rows.endswith(".") else rows  # render() ends it with a period
    if ability.kind is AbilityKind.TRIGGERED and ability.text:
        effect = ability.effect
        if effect is not None:
            effect = replace(effect, moves_library=effect.moves_library or library)
        return replace(ability, text=f"{sentence(ability.text)}\n{tail}", effect=effect)
    plain = not (
        ability.timing or ability.once_each_turn or ability.only_your_turn or ability.condition
    )
    if ability.kind is AbilityKind.ACTIVATED and plain and ability.effect is not None:
        effect = replace(
            ability.effect,
            does=f"{sentence(ability.effect.does)}\n{tail}",
            moves_library=ability.effect.moves_library or library,
        )
        return replace(ability, effect=effect)
    return unread


def unmodeled(line: str, spell: bool) -> Ability:
    """An ability paragraph the engine can't read, labelled in the project's words with
    what kind of ability it is ("not modeled: triggered ability"); the caller adds its
    words (``oracle``)."""
    lower = line.lower()
    if re.search(r"\benters? (?:the battlefield )?as a copy\b", lower):
        what = "enters as a copy (replacement effect)"
    elif _LOYALTY.match(line):
        what = "loyalty ability"
    elif CHAPTER.match(line) or re.match(r"^Ward\b", line):
        # a chapter symbol (CR 714.2, 714.2b) and ward with a cost mtgrules doesn't read
        # (702.21a) are triggered abilities
        what = "triggered ability"
    elif (dash := _DASH_KEYWORD.match(line)) and dash["name"].lower() not in _NEVER_ACTIVATED:
        # activated (equip 702.6a, reinforce 702.77a, unearth 702.84a, reconfigure
        # 702.151a), triggered or static by the keyword's rules, not by its words: a
        # keyword mtgrules doesn't model, whose form nothing here settles
        what = f"keyword ability ({dash['name'].lower()})"
    elif re.match(r"^(?:[^.:—]+ — )?(?:when|whenever|at)\b", lower):
        what = "triggered mana ability" if "for mana" in lower else "triggered ability"
    elif re.match(r"^[^.\"“]*\{[^}]+\}[^.\"“]*: ", line) or re.match(r"^[^.\"“]+: ", line):
        what = "mana ability" if re.search(r": Add\b", line) else "activated ability"
    elif spell:
        what = "spell effect"
    else:
        what = "static ability"
    return not_modeled(what)
