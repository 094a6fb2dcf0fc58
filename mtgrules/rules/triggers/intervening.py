"""Intervening "if" clauses (CR 603.4): "When/Whenever/At [event], if [condition], ...".

The condition is checked as the event happens (the ability triggers only if it is true)
and again as the ability resolves (608.2a: if it is false then, the ability does
nothing); the play-out engine calls :func:`intervening_if_holds` both times. The
conditions read are a few templates over the board; any other words answer None, and the
trigger rules then refuse the answer instead of guessing.
"""

from __future__ import annotations

import re

from mtgrules.cards.oracle.costs import number, short_name
from mtgrules.cards.oracle.statics import read_group
from mtgrules.cards.oracle.trigger_conditions import self_words
from mtgrules.model.state import GameObject, GameState, Zone
from mtgrules.rules.layers.characteristics import characteristics
from mtgrules.rules.layers.statics_in_force import in_group

_NUM = r"(?P<n>a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d+)"
_CONTROL_COUNT = re.compile(rf"^you control {_NUM} or more (?P<g>.+)$")
_CONTROL_ONE = re.compile(r"^you control (?P<a>an?|another) (?P<g>.+)$")
_CONTROL_NONE = re.compile(r"^you control no (?P<g>.+)$")
_LIFE = re.compile(rf"^you have {_NUM} or (?P<c>more|less) life$")
_LIFE_AT_LEAST = re.compile(rf"^you have at least {_NUM} life$")
_HAD_NO_COUNTERS = re.compile(r"^(?:it|~) had no (?P<k>\S+) counters on it$")
_SELF_STATUS = re.compile(r"^(?:it|~) is (?P<s>tapped|untapped|attacking)$")
_HAD_COUNTERS = re.compile(r"^(?:it|~) had counters on it$")
_IS_TYPE = re.compile(
    r"^(?:it|~) (?:is|was) an? (?P<t>artifact|creature|enchantment|land|planeswalker)$"
)
_IN_GRAVEYARD = re.compile(r"^(?:it|~) is in your graveyard$")
_MORE_LANDS = re.compile(r"^an opponent controls more lands than you$")


def intervening_if_holds(
    state: GameState, source: GameObject, words: str, lki: GameObject | None = None
) -> bool | None:
    """CR 603.4: whether the intervening "if" ``words`` (the card's words, without "if")
    hold in ``state`` for the ability of ``source`` (controlled by its controller); None
    when mtgrules doesn't read them. ``lki``: the source as it last existed, for a
    leaves-the-battlefield ability that asks what it "had" (603.10a: undying, persist)."""
    chars = characteristics(state, source, through="6")
    text = self_words(words.strip(), chars.name, short_name(chars.name, chars.supertypes))
    you = source.controller
    if text in ("it's your turn", "it is your turn"):
        return state.active_player == you
    if text in ("it's not your turn", "it isn't your turn"):
        return state.active_player != you
    if found := _HAD_NO_COUNTERS.match(text):
        was = lki or source
        return was.counter(found["k"]) == 0
    if _HAD_COUNTERS.match(text):
        return any(n > 0 for _, n in (lki or source).counters)
    if found := _IS_TYPE.match(text):
        # "it was a creature": as it last existed, with its characteristics then (603.10a)
        return chars.is_a(found["t"].capitalize())
    if _IN_GRAVEYARD.match(text):
        return source.zone is Zone.GRAVEYARD and source.owner == you
    if _MORE_LANDS.match(text):
        lands = {p: 0 for p in state.player_names}
        for o in state.in_zone(Zone.BATTLEFIELD):
            if characteristics(state, o, through="4").is_a("Land"):
                lands[o.controller] += 1
        return any(n > lands[you] for p, n in lands.items() if p != you)
    if text == "you attacked this turn":
        return state.player(you).attacked_this_turn  # None: the game doesn't say
    if text == "you have no cards in hand":
        if "hand" not in state.player(you).zones_given:
            return None  # a hand the case doesn't list can't be counted
        return not any(o.owner == you for o in state.in_zone(Zone.HAND))
    if found := _SELF_STATUS.match(text):
        if source.zone is not Zone.BATTLEFIELD:
            return None
        if found["s"] == "attacking":
            return bool(source.attacking)
        return source.tapped == (found["s"] == "tapped")
    if found := _LIFE.match(text):
        n, life = number(found["n"]), state.player(you).life
        if n is None:
            return None
        return life >= n if found["c"] == "more" else life <= n
    if found := _LIFE_AT_LEAST.match(text):
        n = number(found["n"])
        return None if n is None else state.player(you).life >= n
    if found := _CONTROL_COUNT.match(text):
        n = number(found["n"])
        count = _count(state, source, found["g"], plural=True)
        return None if n is None or count is None else count >= n
    if found := _CONTROL_NONE.match(text):
        count = _count(state, source, found["g"], plural=True)
        return None if count is None else count == 0
    if found := _CONTROL_ONE.match(text):
        other = "other " if found["a"] == "another" else ""
        count = _count(state, source, other + found["g"], plural=False)
        return None if count is None else count >= 1
    return None


def _count(state: GameState, source: GameObject, words: str, plural: bool) -> int | None:
    """How many permanents ``source``'s controller controls in the group ``words``
    ("creatures", "other Elves", "artifact"); None if the words aren't a group read."""
    text = words + " you control"
    group = read_group(text[:1].upper() + text[1:] if plural else f"Each {text}")
    if group is None or group.attached or group.cards_not_on_battlefield:
        return None
    return sum(
        1
        for o in state.in_zone(Zone.BATTLEFIELD)
        if in_group(state, group, source, o, characteristics(state, o, through="6"))
    )
