"""What a player does with priority: cast a spell, activate an ability, play a land, take
a special action (CR 117.1, 601.2, 602.2, 305.1, 116.2).

Whether the action is allowed is the question the still board already answers: the
``can_cast``, ``can_activate`` and ``can_take_special_action`` askers are asked of the
game as it stands, and a NO stops the play-out with that answer (DESIGN.md "An illegal
action"). Then the action is carried out: the spell or ability goes on the stack with
its targets and modes (405.1, 601.2a-c, 602.2a), its costs are paid (601.2g-h), and the
player who acted receives priority again (117.3c). Mana abilities resolve at once
(605.3a).
"""

from __future__ import annotations

from typing import Any

from mtgrules.caseio.actions import Action
from mtgrules.caseio.case import Case
from mtgrules.model.events import Event
from mtgrules.model.state import GameObject, GameState, StackItem, Zone, evolve
from mtgrules.play.choices import Choices
from mtgrules.play.game import Game, Invalid, Refused
from mtgrules.play.legality import ask, lawful
from mtgrules.play.payment import pay
from mtgrules.play.resolve import entering_as_read
from mtgrules.rules import Unsupported
from mtgrules.rules.activation.ability_numbers import find_ability
from mtgrules.rules.casting.spells import CastPlan, default_method, total_cost
from mtgrules.rules.keywords import activated_form
from mtgrules.rules.layers.characteristics import characteristics
from mtgrules.rules.mana.abilities import is_mana_ability
from mtgrules.rules.mana.production import produce
from mtgrules.rules.zones import move, moved, with_object

# the ways of casting the play-out carries out (others stop with a refusal)
_METHODS = ("normal", "plot")


def find(state: GameState, action: Action, ref: Any, what: str = "") -> GameObject:
    """The object ``ref`` names at this point of the play-out, or P001."""
    try:
        return state.find(str(ref))
    except KeyError:
        raise Invalid(
            action,
            "P001",
            f"action {action.index} ({action.kind}) names {ref!r}{what}, which isn't in the "
            "game at that point",
        ) from None


def acting_player(state: GameState, action: Action) -> str:
    """Who takes ``action``: its ``by:``, else the player with priority (117.1)."""
    player = action.by or state.priority
    if player is None:
        raise Invalid(
            action, "P001", f"action {action.index} ({action.kind}): no player has priority now"
        )
    if player not in state.player_names:
        raise Invalid(action, "P001", f"action {action.index} names no player {player!r}")
    return player


def _targets(state: GameState, action: Action, refs: Any) -> tuple[tuple[str, int | None], ...]:
    out = []
    for ref in refs or ():
        if ref in state.player_names:
            out.append((ref, None))
        else:
            obj = find(state, action, ref, " as a target")
            out.append((obj.oid, obj.moves))
    return tuple(out)


def cast(game: Game, case: Case, action: Action, choices: Choices) -> Game:
    """CR 601.2: cast the spell ``action`` names, paying its total cost."""
    state = game.state
    obj = find(state, action, action.value)
    player = acting_player(state, action)
    _targets(state, action, action.option("targets"))  # each named target is there (P001)
    method = action.option("method") or default_method(obj)
    options = {
        "by": player,
        "method": method,
        "x": action.option("x"),
        "kicked": action.option("kicked"),
        "alternative_cost": action.option("alternative_cost"),
        "targets": action.option("targets"),
        "pay": True,
    }
    lawful(action, ask(case, state, "can_cast", obj.oid, **options))
    if method not in _METHODS or action.option("kicked") or action.option("alternative_cost"):
        raise Refused(action, f"casting {obj.label} that way ({method}) is not played out yet")
    plan = CastPlan(method=method, x=action.option("x"), pay=True)
    try:
        chars = characteristics(state, obj)
        if any(
            a.casting_cost is not None
            and a.casting_cost.kind == "additional"
            and not a.casting_cost.optional
            for a in chars.abilities
        ):
            raise Refused(
                action, f"paying the additional cost of {obj.label} is not played out yet"
            )
        total = total_cost(state, obj, chars, player, plan)
    except Unsupported as err:
        raise Refused(action, err.reason, tuple(err.reasons)) from None
    targets = _targets(state, action, action.option("targets"))
    modes = tuple(action.option("modes") or ())
    arriving = evolve(moved(obj, Zone.STACK, controller=player), x=action.option("x"))
    state, left = move(state, obj.oid, Zone.STACK, new=arriving)
    item = StackItem(
        controller=player,
        oid=obj.oid,
        x=action.option("x"),
        targets=tuple(t for t, _ in targets),
        modes=modes,
        target_moves=tuple(m for _, m in targets),
    )
    state = evolve(state, stack=(item, *state.stack))
    paid = pay(state, action, player, total or ())
    state = _after_acting(paid.state, player, spells=1)
    text = f"{player} casts {obj.label}{_aimed(state, item)}"
    rules = ["601.2", "601.2i", "117.3c"]
    if item.modes:  # CR 601.2b, 700.2a: the modes are announced as it is cast
        text += f", choosing mode{'s' if len(item.modes) > 1 else ''} "
        text += ", ".join(str(m) for m in item.modes)
        rules += ["601.2b", "700.2a"]
    if item.x is not None:  # CR 601.2b, 107.3a: the value of X is announced
        text += f", with X = {item.x}"
        rules += ["601.2b", "107.3a"]
    if method == "plot":
        text += " from exile without paying its mana cost (it was plotted on an earlier turn)"
        rules.append("702.170d")
    if paid.text:  # CR 601.2g-h: mana abilities activated, then the cost paid
        text += f", paying {shown_cost(total or ())} {paid.text}"
        rules += ["601.2g", "601.2h"]
    cast_event = Event("cast", obj=obj.oid, player=player)
    return game.then(state).log(action.index, text, *rules).happened(left, *paid.events, cast_event)


def activate(game: Game, case: Case, action: Action, choices: Choices) -> Game:
    """CR 602.2: activate the ability ``action`` names; a mana ability resolves at once
    (605.3a)."""
    state = game.state
    spec = action.value if isinstance(action.value, dict) else {"object": action.value}
    obj = find(state, action, spec.get("object"))
    which = spec.get("ability", 1)
    player = acting_player(state, action)
    try:
        chars = characteristics(state, obj)
    except Unsupported as err:
        raise Refused(action, err.reason, tuple(err.reasons)) from None
    named = find_ability(chars, which)
    if named is None:
        raise Invalid(action, "P001", f"{obj.label} has no ability {which}")
    ability = named.ability
    value = {"object": obj.oid, "ability": named.number, "by": player}
    _targets(state, action, action.arg("targets"))  # each named target is there (P001)
    extra = {"x": action.arg("x"), "targets": action.arg("targets"), "pay": True}
    lawful(
        action,
        ask(
            case,
            state,
            "can_activate",
            {**value, **{k: v for k, v in extra.items() if v is not None}},
        ),
    )
    form = activated_form(ability)  # a keyword standing for an activated ability (702)
    if form is not None:
        ability = form[0]
    cost = ability.cost
    parts = [p.kind for p in cost.parts] if cost is not None else []
    sacrificed = parts == ["sacrifice_self"]
    # CR 702.128a: embalm's "exile this card from your graveyard"
    exiled = parts == ["exile_self"] and obj.zone is Zone.GRAVEYARD
    if (
        cost is None
        or (cost.parts and not (sacrificed or exiled))
        or cost.untap
        or cost.loyalty is not None
    ):
        raise Refused(
            action, f"paying the cost of {obj.label}'s ability {named.number} is not played out yet"
        )
    x = action.arg("x") or 0
    symbols = tuple(str(x) if s == "X" else s for s in cost.mana.symbols)
    events: list[Event] = [Event("activated", obj=obj.oid, player=player, ability=named.number)]
    if cost.tap:
        state = with_object(state, evolve(state.obj(obj.oid), tapped=True))
        events.append(Event("tapped", obj=obj.oid, player=player))
    paid = pay(state, action, player, symbols, keep_untapped=obj.oid if cost.tap else None)
    state = paid.state
    events += paid.events
    if is_mana_ability(ability):
        return _mana_ability(
            game, action, choices, state, obj, named.number, ability, player, events
        )
    targets = _targets(state, action, action.arg("targets"))
    lki = state.obj(obj.oid)
    source_chars = None
    if sacrificed:  # CR 602.2b, 701.21a: the cost is paid; the source is remembered (113.7a)
        source_chars = characteristics(state, lki)
        state, left = move(state, obj.oid, Zone.GRAVEYARD)
        events += [left, Event("sacrificed", obj=obj.oid, player=player)]
    if exiled:  # CR 602.2b, 601.2h: exiled as the cost is paid; remembered as it was (113.7a)
        source_chars = characteristics(state, lki)
        state, left = move(state, obj.oid, Zone.EXILE)
        events.append(left)
    item = StackItem(
        controller=player,
        ability_of=obj.oid,
        ability=named.number,
        x=action.arg("x"),
        targets=tuple(t for t, _ in targets),
        modes=tuple(action.arg("modes") or ()),
        target_moves=tuple(m for _, m in targets),
        source_lki=lki,
        source_chars=source_chars,
    )
    state = evolve(state, stack=(item, *state.stack))
    state = _after_acting(state, player)
    text = f"{player} activates ability {named.number} of {obj.label}{_aimed(state, item)}"
    rules = ["602.2", "602.2a", "117.3c"]
    if paid.text:
        text += f", paying {cost.mana} {paid.text}"
    if sacrificed:
        text += f", sacrificing {obj.label} to pay its cost"
        rules += ["602.2b", "701.21a"]
    if exiled:
        text += f", exiling {obj.label} from {obj.owner}'s graveyard to pay its cost"
        rules += ["602.2b", "601.2h"]
    return game.then(state).log(action.index, text, *rules).happened(*events)


def _mana_ability(
    game: Game,
    action: Action,
    choices: Choices,
    state: GameState,
    obj: GameObject,
    number: int,
    ability: Any,
    player: str,
    events: list[Event],
) -> Game:
    """CR 605.3a-b: a mana ability doesn't use the stack; its mana is added at once."""
    chosen = action.option("choose") or ()
    try:
        made = produce(game.state, obj, number, ability, chosen)
    except Unsupported as err:
        raise Refused(action, err.reason, tuple(err.reasons)) from None
    if not all(s in "WUBRGC" and len(s) == 1 for s in made.mana):
        raise Refused(
            action, f"the mana {obj.label} adds ({' '.join(made.mana)}) is not played out yet"
        )
    pool = state.player(player).mana_pool + "".join(f"{{{s}}}" for s in made.mana)
    players = tuple(evolve(p, mana_pool=pool) if p.name == player else p for p in state.players)
    state = evolve(state, players=players)
    if ability.cost is not None and ability.cost.tap:
        events.append(Event("tapped_for_mana", obj=obj.oid, player=player, mana="".join(made.mana)))
    added = "".join(f"{{{s}}}" for s in made.mana)
    return (
        game.then(state)
        .log(
            action.index,
            f"{player} activates {obj.label}'s mana ability and adds {added}",
            "605.3a",
            "106.4",
        )
        .happened(*events)
    )


def play_land(game: Game, case: Case, action: Action, choices: Choices) -> Game:
    """CR 305.1-305.3, 116.2a: play a land, a special action."""
    state = game.state
    obj = find(state, action, action.value)
    player = acting_player(state, action)
    spec = {"action": "play_land", "object": obj.oid, "by": player}
    lawful(action, ask(case, state, "can_take_special_action", spec))
    try:  # CR 614.1c-d: how it enters, as for a permanent spell
        tapped = entering_as_read(state, obj, characteristics(state, obj))
    except Unsupported as err:
        raise Refused(action, err.reason, tuple(err.reasons)) from None
    arriving = evolve(
        moved(obj, Zone.BATTLEFIELD, controller=player, tapped=tapped),
        controlled_since_turn=state.turn,  # CR 302.6
    )
    state, event = move(state, obj.oid, Zone.BATTLEFIELD, new=arriving)
    players = tuple(
        evolve(p, lands_played_this_turn=p.lands_played_this_turn + 1) if p.name == player else p
        for p in state.players
    )
    state = evolve(state, players=players, priority=player)
    return (
        game.then(state)
        .log(
            action.index,
            f"{player} plays {obj.label}" + (", which enters tapped" if tapped else ""),
            "305.1",
            "116.2a",
            *(("614.1c",) if tapped else ()),
        )
        .happened(event)
    )


def special(game: Game, case: Case, action: Action, choices: Choices) -> Game:
    """CR 116.2k, 702.170a: plot a card (exiled, plotted, cast on a later turn)."""
    state = game.state
    spec = action.value
    if spec.get("action") == "play_land":
        return play_land(game, case, evolve(action, value=spec.get("object")), choices)
    if spec.get("action") != "plot":
        raise Refused(action, f"the special action {spec.get('action')} is not played out yet")
    obj = find(state, action, spec.get("object"))
    player = acting_player(state, action)
    lawful(
        action,
        ask(
            case,
            state,
            "can_take_special_action",
            {"action": "plot", "object": obj.oid, "by": player},
        ),
    )
    plot = next(a for a in characteristics(state, obj).abilities if a.keyword == "plot")
    symbols = plot.keyword_cost.symbols if plot.keyword_cost is not None else ()
    arriving = evolve(
        moved(obj, Zone.EXILE), plotted_on_turn=state.turn, put_there_this_turn_from="hand"
    )
    state, event = move(state, obj.oid, Zone.EXILE, new=arriving)
    paid = pay(state, action, player, symbols)
    state = evolve(paid.state, priority=player)
    text = f"{player} plots {obj.label}" + (
        f", paying {plot.keyword_cost} {paid.text}" if paid.text else ""
    )
    return (
        game.then(state).log(action.index, text, "702.170a", "116.2k").happened(event, *paid.events)
    )


def _after_acting(state: GameState, player: str, spells: int = 0) -> GameState:
    """CR 117.3c: the player who acted receives priority again."""
    players = state.players
    if spells:
        players = tuple(
            evolve(p, spells_cast_this_turn=p.spells_cast_this_turn + spells)
            if p.name == player and p.spells_cast_this_turn is not None
            else p
            for p in players
        )
    return evolve(state, players=players, priority=player)


def shown_cost(symbols: tuple[str, ...]) -> str:
    """``("2", "2", "G")`` -> ``{4}{G}``: the total cost's generic part as one number."""
    generic = sum(int(s) for s in symbols if s.isdigit())
    rest = "".join(f"{{{s}}}" for s in symbols if not s.isdigit())
    return (f"{{{generic}}}" if generic or not rest else "") + rest


def _aimed(state: GameState, item: StackItem) -> str:
    if not item.targets:
        return ""
    names = [t if t in state.player_names else state.obj(t).label for t in item.targets]
    return " targeting " + " and ".join(names)
