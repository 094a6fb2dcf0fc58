"""Modal triggered abilities: a trigger condition read, its modes kept in the card's words.

"When this creature enters, choose one —" followed by bulleted modes is one triggered
ability (CR 700.2, 700.2b: its modes are chosen as it is put on the stack, 603.3c). What
the questions need of it is its trigger condition (CR 603.1, 603.6a: whether it triggers
as its permanent enters); its modes happen only as it resolves (608.2), so they are kept
as the card's words, like any triggered ability's effect. It is read only when

- its first paragraph is a trigger condition the single-line reader reads, followed by a
  "choose ..." header, and every further paragraph is a bulleted mode;
- each mode, put after that trigger condition, is read as a triggered ability with the
  same event (so a mode that adds mana, CR 605.1b, or moves the card itself between other
  zones, is not read, and the whole ability stays unread).

Anything else (a header with more rules in it, "Each mode must target a different
player", a reflexive "when you do, choose one" after another effect, CR 603.12, priced
modes) leaves the ability unread. A mode's flavor word ("Cure Wounds — ...") has no rules
meaning (CR 207.2d) and is kept with its mode.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from mtgrules import lazyre
from mtgrules.cards.vocabulary import Ability, AbilityKind, Effect

_HEAD = lazyre.compile(
    r"^(?P<lead>(?:[^,.\n]+?, )?(?:[^,.\n]+?, )?[^,.\n]+?), "
    r"(?P<choose>choose (?:one|up to one|one or both|one or more|two|up to two|three|any number)) ?—$"
)


def read_modal_triggered(line: str, read_one: Callable[[str], Ability | None]) -> Ability | None:
    """A modal triggered ability (CR 700.2, 603.1) whose trigger condition ``read_one`` reads
    (the single-line reader, with the card's name), or None. ``line`` is the ability's
    paragraphs joined by newlines, its modes starting with a bullet."""
    head, *modes = line.split("\n")
    found = _HEAD.match(head.strip())
    if found is None or not modes or not all(m.startswith("• ") for m in modes):
        return None
    lead = found.group("lead")
    first = read_one(f"{lead}, {found.group('choose')}.")
    if not _triggered(first):
        return None
    assert first is not None
    read_modes = []
    for mode in modes:
        words = mode[2:].strip()
        named = re.match(r"^[^.]+ — ", words)
        if named and re.search(r"[{}+]", named.group()):  # a priced mode (spree, tiered)
            return None
        if named:  # a mode's flavor word has no rules meaning (CR 207.2d)
            words = words[named.end() :]
        one = read_one(f"{lead}, {words[:1].lower()}{words[1:]}")
        if not _triggered(one) or one is None or one.event != first.event:
            return None
        if one.intervening_if != first.intervening_if:
            return None
        read_modes.append(one)
    rest = line[len(lead) + 2 :]
    text = rest if rest.endswith(('."', ".”")) else rest.rstrip(".")
    ability = replace(
        first,
        text=text,
        effect=Effect(
            does=text[:1].upper() + text[1:],
            moves_library=any(m.effect is not None and m.effect.moves_library for m in read_modes),
        ),
        targets=any(m.targets for m in read_modes),
        refers_to_x=any(m.refers_to_x for m in read_modes),
    )
    # the whole paragraph is the trigger condition and its modes, nothing between them
    return ability if ability.render() == line else None


def _triggered(ability: Ability | None) -> bool:
    """A triggered ability on a structured event that adds no mana (CR 605.1b stays unread)."""
    return (
        ability is not None
        and ability.kind is AbilityKind.TRIGGERED
        and ability.event is not None
        and ability.event.event != "tapped_for_mana"
        and (ability.effect is None or ability.effect.adds_mana is None)
    )
