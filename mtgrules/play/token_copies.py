"""An embalm ability resolves (CR 702.128a): its controller creates a token that is a copy
of the card exiled to pay its cost, except it is white, a Zombie in addition to its other
types and has no mana cost (707.9b; these are copiable values). The token is created on
the battlefield (111.1) and enters then: a "you may have it enter as a copy" ability of
its own applies as it does (614.1c, 707.5), with an embalmed token's exceptions (Vizier of
Many Faces), as the ``enters`` question judges it; the choice is the case's
(``choose: {object: REF}``, or ``{may: no}``).

The token's REF in a case is the card's id followed by ``-embalmed`` (``vizier-embalmed``):
its name is the card's (or what it copies), which the exiled card shares.
"""

from __future__ import annotations

from typing import Any

from mtgrules.caseio.case import Case
from mtgrules.model.events import Event
from mtgrules.model.state import GameObject, GameState, StackItem, Zone
from mtgrules.play.choices import Choices
from mtgrules.play.game import Game
from mtgrules.play.legality import entering
from mtgrules.rules import Unsupported
from mtgrules.rules.effects.context import YES_NO, said_yes
from mtgrules.rules.effects.guards import refuse_unread
from mtgrules.rules.entering.counters import changes_entering
from mtgrules.rules.zones import add_object


def embalm_token(
    game: Game,
    case: Case,
    state: GameState,
    item: StackItem,
    card: GameObject,
    index: int | None,
    choices: Choices | None,
) -> Game:
    """CR 702.128a, 111.1, 707.9b, 614.1c, 707.5: the embalm ability of ``card`` (the card
    as it last existed in the graveyard, 113.7a) resolves on ``state`` (the ability off the
    stack): the token copy is created under the ability's controller's control."""
    controller = item.controller
    clone = next((a.enters_as_copy for a in card.card.abilities if a.enters_as_copy), None)
    for ability in card.card.abilities:
        if ability.enters_tapped or ability.enters_with is not None or changes_entering(ability):
            raise Unsupported(
                f"the token copy of {card.label} has an ability that changes how it enters "
                f"(“{ability.words.rstrip('.')}”): not played out yet"
            )
    if clone is None:
        refuse_unread(state, "enter", f"the token copy of {card.label} entering")
    refuse_unread(state, "token", f"creating the token copy of {card.label}")
    chosen = _copy_choice(state, card, clone, choices) if clone is not None else None
    counters: dict[str, int] = {}
    rules = ["702.128a", "111.1", "707.9b"]
    if clone is not None:
        spec: dict[str, Any] = {"object": card.oid, "embalmed": True}
        if chosen is not None:
            spec["as_copy_of"] = chosen.oid
        value = dict(entering(case, state, spec, "the token").value)
        if value.get("tapped"):
            raise Unsupported(f"the token copy of {card.label} would enter tapped: not played out")
        counters = dict(value.get("counters") or {})
        rules += ["614.1c"]
    oid = f"{card.oid}-embalmed"
    while oid in state._by_id:
        oid += "'"
    token = GameObject(
        oid=oid,
        card=card.card,
        zone=Zone.BATTLEFIELD,
        owner=controller,
        controller=controller,
        handle=oid,
        token=True,
        embalmed=True,
        counters=tuple(counters.items()),
        copy_of=chosen.oid if chosen is not None else None,
        controlled_since_turn=state.turn,
        entered_this_turn=True,
    )
    state = add_object(state, token)
    text = (
        f"{controller} creates a token ({oid}), a copy of {card.label} except that it is white, "
        "a Zombie in addition to its other types and has no mana cost"
    )
    if clone is not None and chosen is not None:
        text += f"; by its own copy ability it enters as a copy of {chosen.label}, with the "
        text += "exceptions an embalmed token gets"
        rules += ["707.5", "707.9"]
    elif clone is not None:
        text += "; it enters as a copy of nothing"
    entered = Event("moves", obj=oid, player=controller, from_zone=None, to_zone="battlefield")
    made = Event("token_created", obj=oid, player=controller)
    return game.then(state).log(index, text, *rules).happened(entered, made)


def _copy_choice(
    state: GameState, card: GameObject, clone: Any, choices: Choices | None
) -> GameObject | None:
    """CR 614.1c, 707.5: what the token enters as a copy of, the case's choice (``may: no``
    for nothing)."""
    if choices is None:
        raise Unsupported(f"the token copy of {card.label} enters as a copy: nobody can choose")
    what = f"the token copy of {card.label}"
    may = f"whether {what} enters as a copy"
    if choices.next_key() == "may" and not said_yes(choices.take("may", YES_NO, may)):
        return None
    candidates = tuple(o.label for o in state.in_zone(Zone.BATTLEFIELD))
    ref = choices.take("object", (), f"what {what} enters as a copy of ({', '.join(candidates)})")
    try:
        chosen = state.find(str(ref))
    except KeyError:
        raise Unsupported(f"{ref!r} is not on the battlefield to be copied") from None
    if chosen.zone is not Zone.BATTLEFIELD:
        raise Unsupported(f"{chosen.label} is not on the battlefield to be copied")
    return chosen
