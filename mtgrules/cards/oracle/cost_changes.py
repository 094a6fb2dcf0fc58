"""Reading cost changes from Oracle text (CR 601.2f, 118.7): :mod:`mtgrules.cards.cost_changes`.

Only the exact templates :class:`~mtgrules.cards.cost_changes.CostChange` renders are
read, and a line is taken only when the rendering gives it back word for word; anything
else ("for each creature card in your graveyard", "if it targets a tapped creature",
"spells your opponents cast that target ...") stays unmodeled, so the scope index refuses
an answer it could change.
"""

from __future__ import annotations

import re

from mtgrules import lazyre
from mtgrules.cards.cost_changes import CostChange
from mtgrules.cards.oracle.costs import SelfRefs
from mtgrules.cards.oracle.statics import counted_group, read_spells
from mtgrules.cards.statics import COLOR_ADJECTIVES, SPELL_QUALITIES, TYPE_WORDS, Group
from mtgrules.cards.vocabulary import Ability, AbilityKind

_AMOUNT = r"(?P<amount>(?:\{(?:\d{1,2}|[WUBRGC])\}){1,6})"
_OWN = lazyre.compile(
    rf"^This spell costs {_AMOUNT} (?P<way>less|more) to cast"
    r"(?: if you control (?:an?|another) (?P<control>[^.,]+)| for each (?P<each>[^.,]+))?\.$"
)
_SPELLS = lazyre.compile(
    r"^(?:(?P<cond>During your turn), )?(?P<spells>(?:.+ )?spells)"
    rf"(?P<who> you cast| your opponents cast)? cost {_AMOUNT} (?P<way>less|more) to cast\.$",
    re.IGNORECASE,
)
_WHO = {" you cast": "you", " your opponents cast": "opponents", "": "players"}
_LOWER_FIRST = (*TYPE_WORDS, *SPELL_QUALITIES, *COLOR_ADJECTIVES, "spells")


def _amount(text: str) -> tuple[str, ...]:
    return tuple(re.findall(r"\{([^{}]+)\}", text))


def _your_group(text: str) -> Group | None:
    """ "artifact you control" after "for each", "Zombie" after "if you control a"."""
    return counted_group(text if text.endswith(" you control") else f"{text} you control")


def _own(line: str) -> CostChange | None:
    found = _OWN.match(line)
    if found is None:
        return None
    if_control = for_each = None
    if found.group("control"):
        if_control = _your_group(found.group("control"))
        if if_control is None:
            return None
    if found.group("each"):
        if not found.group("each").endswith(" you control"):
            return None
        for_each = _your_group(found.group("each"))
        if for_each is None:
            return None
    return CostChange(
        _amount(found.group("amount")),
        found.group("way") == "more",
        this_spell=True,
        if_control=if_control,
        for_each=for_each,
    )


def _of_spells(line: str) -> CostChange | None:
    found = _SPELLS.match(line)
    if found is None or found.group(0)[:1].islower():
        return None
    text = found.group("spells")
    first = text.split(" ")[0]
    if first.lower() in _LOWER_FIRST or first.lower().removeprefix("non") in TYPE_WORDS:
        text = text[:1].lower() + text[1:]
    spells = read_spells(text)
    if spells is None:
        return None
    return CostChange(
        _amount(found.group("amount")),
        found.group("way") == "more",
        who=_WHO[(found.group("who") or "").lower()],
        spells=spells[0],
        each_noun=spells[1],
        during="your_turn" if found.group("cond") else "",
    )


def read_cost_change(refs: SelfRefs) -> Ability | None:
    """ "Creature spells you cast cost {1} less to cast." / "This spell costs {1} less to
    cast for each artifact you control." (CR 601.2f, 113.6d), read exactly; or None."""
    line = refs.restore(refs.line)
    for read in (_own, _of_spells):
        change = read(line)
        if change is not None and change.render() == line:
            return Ability(AbilityKind.STATIC, cost_change=change)
    return None
