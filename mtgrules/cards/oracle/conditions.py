"""Oracle templates for a power/toughness change or a keyword grant under a board condition
(:mod:`mtgrules.cards.static_conditions`, CR 611.3a, 613.4c, 613.1f):

- "As long as you control a Giant, this creature gets +1/+1 and has first strike.";
- "This creature has menace as long as you control an artifact.";
- "This creature has haste as long as an opponent controls a Human.";
- "As long as you control three or more Attractions, this creature gets +2/+0 and has menace.";
- "Threshold — This creature gets +2/+2 as long as there are seven or more cards in your
  graveyard." (an ability word before it has no rules meaning, CR 207.2c);
- "Hellbent — This creature gets +2/+1 as long as you have no cards in hand.";
- "As long as this creature entered this turn, creatures you control have haste." (the
  permanent with the ability, as the case says it entered).

The change itself is read as :mod:`mtgrules.cards.oracle.statics` reads it ("Creatures you
control get +1/+1"), or, for the object itself, as "this creature gets +N/+M [and has
KEYWORDS]" / "this creature has KEYWORDS" with the keywords a grant reads. As there, the
ability is returned only when its rendering is the paragraph itself.
"""

from __future__ import annotations

import re
from dataclasses import replace

from mtgrules import lazyre
from mtgrules.cards.oracle.costs import SELF, SelfRefs, number
from mtgrules.cards.oracle.statics import read_group, read_static
from mtgrules.cards.static_conditions import BoardCount, StaticCondition
from mtgrules.cards.statics import GRANTABLE_KEYWORDS, Boost, Group, KeywordGrant
from mtgrules.cards.vocabulary import Ability, AbilityKind

_WORD = lazyre.compile(r"^(?P<w>[A-Z][A-Za-z']*(?: [A-Z][A-Za-z']*)*) — ")
_LEADING = lazyre.compile(r"^As long as (?P<c>[^,]+), (?P<rest>[^,]+(?:, [^,]+)*\.)$")
_TRAILING = lazyre.compile(r"^(?P<rest>.+?) as long as (?P<c>[^,.]+)\.$")
_SELF_BOOST = lazyre.compile(
    r"^This permanent gets (?P<p>[+-]\d{1,2})/(?P<t>[+-]\d{1,2})(?: and has (?P<k>[a-z ,]+))?\.$"
)
_SELF_GRANT = lazyre.compile(r"^This permanent has (?P<k>[a-z ,]+)\.$")
_CONTROL = lazyre.compile(
    r"^(?P<who>you control|an opponent controls) "
    r"(?:(?P<one>an?|another) (?P<g1>.+)|(?P<n>[a-z]+) or more (?P<g2>.+))$"
)
_GRAVEYARD = lazyre.compile(r"^there are (?P<n>[a-z]+) or more cards in your graveyard$")


def _keywords(text: str | None) -> tuple[str, ...] | None:
    words = tuple(w for w in re.split(r",? and |, ", text or "") if w)
    if not all(k in GRANTABLE_KEYWORDS and k != "flash" for k in words):
        return None
    return words


def read_condition(text: str) -> StaticCondition | None:
    """The words after "as long as", as a condition mtgrules computes, or None."""
    if text == "this permanent entered this turn":  # CR 611.3a, 400.7
        return StaticCondition("entered")
    if text == "you have no cards in hand":
        return StaticCondition("cards", zone="hand", at_least=0, at_most=0)
    found = _GRAVEYARD.match(text)
    if found:
        n = number(found.group("n"))
        return StaticCondition("cards", zone="graveyard", at_least=n) if n and n > 1 else None
    found = _CONTROL.match(text)
    if found is None:
        return None
    whose = " your opponents control" if found.group("who") != "you control" else " you control"
    if found.group("one"):
        other = "other " if found.group("one") == "another" else ""
        group = read_group(f"Each {other}{found.group('g1')}{whose}")
        at_least = 1
    else:
        group = read_group(f"{found.group('g2')}{whose}")
        at_least = number(found.group("n")) or 0
        if group is not None:
            group = replace(group, quantifier="each")
    if group is None or group.attached or group.cards_not_on_battlefield or at_least < 1:
        return None
    return StaticCondition("control", group, at_least=at_least)


def _change(rest: str, refs_name: str) -> Ability | None:
    """ "This permanent gets +1/+1 and has flying." or a group's change, unconditioned."""
    found = _SELF_BOOST.match(rest)
    if found:
        keywords = _keywords(found.group("k"))
        if keywords is None:
            return None
        boost = Boost(Group(noun="self"), int(found.group("p")), int(found.group("t")), keywords)
        return Ability(AbilityKind.STATIC, boost=boost)
    found = _SELF_GRANT.match(rest)
    if found:
        keywords = _keywords(found.group("k"))
        if not keywords:
            return None
        return Ability(AbilityKind.STATIC, grant=KeywordGrant(Group(noun="self"), keywords))
    ability = read_static(SelfRefs(rest, refs_name))
    if ability is None or (ability.boost is None and ability.grant is None):
        return None
    boost, grant = ability.boost, ability.grant
    if boost is not None and (boost.during or boost.for_each or boost.while_control):
        return None
    if boost is None and grant is not None and grant.during:
        return None
    return ability


def read_conditional_static(refs: SelfRefs) -> Ability | None:
    """A power/toughness change or a keyword grant under a board condition, read exactly."""
    line, word = refs.line, ""
    if found := _WORD.match(line):
        word, line = found.group("w"), line[found.end() :]
    line = re.sub(SELF, "this permanent", re.sub(rf"^{SELF}", "This permanent", line))
    found = _LEADING.match(line) or _TRAILING.match(line)
    if found is None:
        return None
    condition = read_condition(found.group("c"))
    if condition is None:
        return None
    condition = replace(condition, leading=line.startswith("As long as "))
    rest = found.group("rest")
    rest = rest[:1].upper() + rest[1:] + ("" if rest.endswith(".") else ".")
    ability = _change(rest, refs.name)
    if ability is None:
        return None
    if ability.boost is not None:
        boost = replace(ability.boost, condition=condition)
        ability = Ability(AbilityKind.STATIC, boost=boost, grant=boost.grant, ability_word=word)
    else:
        assert ability.grant is not None
        grant = replace(ability.grant, condition=condition)
        ability = Ability(AbilityKind.STATIC, grant=grant, ability_word=word)
    expected = f"{word} — {line}" if word else line
    return ability if ability.render() == expected else None


_COUNTED = lazyre.compile(
    r"^(?P<subject>.+?) gets? (?P<p>[+-]\d{1,2})/(?P<t>[+-]\d{1,2}) for each (?P<x>[^.]+)\.$"
)
_COUNTERS = lazyre.compile(r"^(?P<k>[a-z0-9+/-]+) counter on (?P<on>it|this permanent)$")
_ATTACHED_TO_IT = lazyre.compile(r"^(?P<k>Aura|Equipment) attached to it$")
_CARDS = lazyre.compile(
    r"^(?:(?P<type>creature|artifact|land|instant|sorcery|enchantment|planeswalker) )?card "
    r"in your (?P<zone>graveyard|hand)$"
)


def read_counted_boost(refs: SelfRefs) -> Ability | None:
    """ "This creature gets +1/+1 for each age counter on it.", "Equipped creature gets
    +1/+1 for each +1/+1 counter on this Equipment.", "This creature gets +1/+1 for each
    creature card in your graveyard." (CR 613.4c, 611.3a), read exactly."""
    line, word = refs.line, ""
    if found := _WORD.match(line):
        word, line = found.group("w"), line[found.end() :]
    line = re.sub(SELF, "this permanent", re.sub(rf"^{SELF}", "This permanent", line))
    found = _COUNTED.match(line)
    if found is None:
        return None
    subject = found.group("subject")
    group = Group(noun="self") if subject == "This permanent" else read_group(subject)
    if group is None or group.cards_not_on_battlefield:
        return None
    x = found.group("x")
    if counters := _COUNTERS.match(x):
        if counters.group("on") == "it" and group.noun != "self":
            return None  # "it" is then the object that gets the change, not this one
        count = BoardCount("counters", counter=counters.group("k"), on=counters.group("on"))
    elif attached := _ATTACHED_TO_IT.match(x):
        if group.noun != "self":
            return None  # "it" is then the object that gets the change
        count = BoardCount("attached", attached=attached.group("k"))
    elif cards := _CARDS.match(x):
        count = BoardCount("cards", zone=cards.group("zone"), card_type=cards.group("type") or "")
    else:
        return None
    power, toughness = int(found.group("p")), int(found.group("t"))
    boost = Boost(group, power, toughness, for_each_counted=count)
    ability = Ability(AbilityKind.STATIC, boost=boost, ability_word=word)
    expected = f"{word} — {line}" if word else line
    return ability if ability.render() == expected else None
