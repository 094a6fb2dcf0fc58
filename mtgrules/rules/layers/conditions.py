"""Whether a board condition of a static ability holds now (CR 611.3a, 604.2).

A static ability's effect applies at any moment its condition holds ("as long as you
control a Giant", threshold's "seven or more cards in your graveyard", hellbent's "no cards
in hand"); the condition is checked again whenever the effect is applied, so what counts
is the board the case describes (CR 611.3a). "You" is the ability's controller (109.5);
"an opponent" any other player. Whether the permanent with the ability entered the
battlefield this turn is as the case says it (``entered_this_turn``), or not if its
controller has controlled it since an earlier turn; else unknown, and unsupported. A graveyard or a hand is a zone of its owner's (404.1,
402.1), and its cards count only when the case lists that zone for the player (an empty
list says it is empty); otherwise the answer is unsupported rather than guessed. Counting
permanents of a kind reads their types (613.1d), so an unread ability that could change
them makes the count unsupported (:func:`~mtgrules.rules.layers.statics_in_force.counted_kinds_read`).
"""

from __future__ import annotations

from mtgrules.cards.static_conditions import BoardCount, StaticCondition
from mtgrules.model.state import GameObject, GameState, Zone
from mtgrules.rules import Unsupported
from mtgrules.rules.layers.faces import face_up
from mtgrules.rules.layers.statics_in_force import CharacteristicsOf, counted_kinds_read, in_group


def condition_met(
    state: GameState, condition: StaticCondition, source: GameObject, chars_of: CharacteristicsOf
) -> tuple[bool, str]:
    """CR 611.3a, 109.5, 404.1, 402.1, 108.2b, 102.3: whether ``condition`` of ``source``'s
    ability holds now, and why, in words. Cards in a zone leave out a token still there
    before state-based actions (108.2b); "an opponent controls three or more" needs one
    opponent with them all, not a sum over opponents (102.3). Unsupported when the case
    doesn't list a zone it counts."""
    you = source.controller
    if condition.kind == "entered":  # CR 400.7: a permanent that entered this turn
        entered = source.entered_this_turn
        if entered is None:
            raise Unsupported(
                f"{source.label}'s ability “{condition.clause()}” depends on whether it entered "
                "the battlefield this turn, which the case doesn't say (it came under "
                f"{you}'s control this turn, which a change of control does without entering); "
                "add `entered_this_turn: true` or `false` to it (CR 611.3a)"
            )
        return entered, f"{source.label} {'entered' if entered else 'did not enter'} this turn"
    if condition.kind == "cards":
        player = state.player(you)
        if condition.zone not in player.zones_given:
            raise Unsupported(
                f"{source.label}'s ability “{condition.clause()}” depends on how many cards are "
                f"in {you}'s {condition.zone}, which the case doesn't list (CR 611.3a)"
            )
        zone = Zone(condition.zone)
        # CR 108.2b: a token (one not yet gone by 704.5d, game.priority null) isn't a card
        n = sum(1 for o in state.objects if o.zone is zone and o.owner == you and not o.token)
        holds = n >= condition.at_least and (condition.at_most is None or n <= condition.at_most)
        return holds, f"{you} has {n} card{'s' * (n != 1)} in their {condition.zone}"
    group = condition.group
    counted_kinds_read(state, condition.clause())
    found = [
        o
        for o in state.in_zone(Zone.BATTLEFIELD)
        if in_group(state, group, source, o, chars_of(state, o, through="6", statics=False))
    ]
    holds = len(found) >= condition.at_least
    if group.whose == "opponents":  # CR 102.3: one opponent controls them all, not the sum
        each = [sum(1 for o in found if o.controller == p) for p in {o.controller for o in found}]
        holds = max(each, default=0) >= condition.at_least
    whose = "an opponent of " + you if group.whose == "opponents" else you
    if not found:
        return holds, f"{whose} controls none"
    return holds, f"{whose} controls {len(found)}: {', '.join(o.label for o in found)}"


def counted_times(
    state: GameState, count: BoardCount, source: GameObject, chars_of: CharacteristicsOf
) -> tuple[int, str]:
    """CR 611.3a, 122.1, 404.1, 402.1, 108.2b, 709.4c: how many times a "for each" change applies now — the
    counters of that kind on the permanent with the ability, or its controller's cards (of
    that card type) in a zone the case lists — and the words for the breakdown.
    Unsupported when the case doesn't list the zone, or a counted card's type could be
    changed by an ability mtgrules doesn't read."""
    if count.kind == "counters":
        n = source.counter(count.counter)
        return n, f" × {n} ({count.counter} counters on {source.label})"
    if count.kind == "attached":  # CR 303.4, 301.5: the Auras / Equipment attached to it now
        counted_kinds_read(state, count.phrase())  # a subtype is a type (613.1d)
        found = [
            o
            for o in state.in_zone(Zone.BATTLEFIELD)
            if o.attached_to == source.oid
            and chars_of(state, o, through="4").has_subtype(count.attached)
        ]
        return len(found), f" × {len(found)} ({', '.join(o.label for o in found) or 'none'})"
    you = source.controller
    if count.zone not in state.player(you).zones_given:
        raise Unsupported(
            f"{source.label}'s ability counts each {count.phrase()}, and the case doesn't list "
            f"{you}'s {count.zone} (CR 611.3a)"
        )
    cards = [  # CR 108.2b: a token isn't a card
        o for o in state.objects if o.zone is Zone(count.zone) and o.owner == you and not o.token
    ]
    if count.card_type:
        counted_kinds_read(state, count.phrase())  # an unread "... cards are creatures"
        card_type = count.card_type.capitalize()
        cards = [o for o in cards if card_type in _card_types(o)]
    n = len(cards)
    return n, f" × {n} ({', '.join(o.label for o in cards) or 'none'})"


def _card_types(obj: GameObject) -> tuple[str, ...]:
    """CR 709.4c, 712.8a, 715.4: the card types of a card off the battlefield and the stack:
    a split card's both halves' (refused when the imported data lacks a half), a
    double-faced or adventurer card's front or normal face's."""
    face = face_up(obj)
    return (face.card if face is not None else obj.card).types
