"""A case's board as a phase.rs game state.

phase.rs starts a game from decks (``Engine.new_game``); its state is then a plain dict
(``Game.state()``), which is edited to the case's board and loaded back
(``Engine.load_game``). Each of the case's objects becomes one of phase.rs's objects of the
same card, put in its zone with its status (tapped, controller, when it came under that
control: summoning sickness, CR 302.6), and the turn, phase, step, active player and
priority are the case's. What the edit can't express raises :class:`NotComparable`, so a
board is never compared half-translated (docs/cross-check.md lists what that is).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from mtgrules.cards.mana import ManaCost
from mtgrules.crosscheck.phase_cards import FILLER, card_data
from mtgrules.crosscheck.verdict import NotComparable
from mtgrules.model.state import GameObject, GameState, Zone
from mtgrules.model.turn import Phase, Step
from mtgrules.rules.turn.order import most_recent_turn

# the case's phase and step as phase.rs names them (its turn structure, CR 500.1)
STEP_NAMES = {
    Step.UNTAP: "Untap",
    Step.UPKEEP: "Upkeep",
    Step.DRAW: "Draw",
    Step.BEGINNING_OF_COMBAT: "BeginCombat",
    Step.DECLARE_ATTACKERS: "DeclareAttackers",
    Step.DECLARE_BLOCKERS: "DeclareBlockers",
    Step.COMBAT_DAMAGE: "CombatDamage",
    Step.END_OF_COMBAT: "EndCombat",
    Step.END: "End",
    Step.CLEANUP: "Cleanup",
}
PHASE_NAMES = {Phase.PRECOMBAT_MAIN: "PreCombatMain", Phase.POSTCOMBAT_MAIN: "PostCombatMain"}
ZONE_NAMES = {
    Zone.BATTLEFIELD: "Battlefield",
    Zone.HAND: "Hand",
    Zone.GRAVEYARD: "Graveyard",
    Zone.EXILE: "Exile",
    Zone.LIBRARY: "Library",
}
MANA_COLORS = {"W": "White", "U": "Blue", "B": "Black", "R": "Red", "G": "Green", "C": "Colorless"}
# phase.rs's mana for a question that doesn't ask about paying: mtgrules answers it apart
# from payment (601.2g-h are checked only on request), so the caster's pool holds plenty
PLENTY = 12
_SEAT_DEFAULT_LIBRARY = 8  # more than the opening hand of 7: no draw from an empty library
# the counters carried over, as phase.rs names them (a loyalty counter also sets its loyalty)
COUNTER_NAMES = {"+1/+1": "P1P1", "-1/-1": "M1M1", "loyalty": "loyalty"}


@dataclass(frozen=True)
class Translated:
    """The phase.rs game and how the case's objects and players map onto it."""

    game: Any  # phase.Game
    engine: Any  # phase.Engine
    state: dict[str, Any]  # the edited state the game was loaded from
    ids: dict[str, int]  # case object id -> phase.rs object id
    seats: dict[str, int]  # player name -> seat


def translate(state: GameState, *, plenty_for: str | None = None) -> Translated:
    """The case's board in phase.rs; ``plenty_for``: a player whose pool gets mana aplenty
    (a question that leaves payment aside)."""
    check_expressible(state)
    # lazy: the bindings load only when a cross-check is asked for (an optional extra)
    import phase

    seats = {p.name: i for i, p in enumerate(state.players)}
    objects = list(state.objects)
    engine = phase.Engine.from_json(json.dumps(card_data(objects)))
    decks: list[list[str]] = [[] for _ in seats]
    for obj in objects:
        decks[seats[obj.owner]].append(obj.card.name)
    for deck in decks:
        deck.extend([FILLER] * _SEAT_DEFAULT_LIBRARY)
    try:
        game = engine.new_game(
            player=decks[0], opponent=decks[1], seed=1, first_player=0, format="Freeform"
        )
    except ValueError as err:
        raise NotComparable(f"phase.rs wouldn't start a game with these cards: {err}") from err
    dump = game.state()
    edit = dump["state"]
    ids = _place(edit, state, objects, seats)
    _turn(edit, state, seats)
    _players(edit, state, seats, plenty_for)
    try:
        loaded = engine.load_game(dump)
    except ValueError as err:
        raise NotComparable(f"phase.rs wouldn't load the translated board: {err}") from err
    return Translated(loaded, engine, dump, ids, seats)


def check_expressible(state: GameState) -> None:
    """:class:`NotComparable` for what the translation doesn't express."""
    if len(state.players) != 2:
        raise NotComparable("the translation takes two-player games")
    if state.stack:
        raise NotComparable("the stack isn't translated (objects on it)")
    if state.effects:
        raise NotComparable("continuous effects stated by the case aren't translated")
    if state.paying_mana:
        raise NotComparable("a board in the middle of paying a cost isn't translated")
    if state.step is None and state.phase not in PHASE_NAMES:
        raise NotComparable(f"the case names the {state.phase.label} without a step")
    for player in state.players:
        if player.spells_cast_this_turn:
            raise NotComparable("spells cast earlier this turn aren't translated")
        if player.attacked_this_turn:
            raise NotComparable("attacks earlier this turn aren't translated")
    for obj in state.objects:
        _check_object(obj)


def _check_object(obj: GameObject) -> None:
    what = obj.label
    unsupported = {
        "a token": obj.token,
        "counters of a kind the translation doesn't carry": any(
            kind not in COUNTER_NAMES for kind, _ in obj.counters
        ),
        "a planeswalker whose loyalty the case doesn't state": obj.zone is Zone.BATTLEFIELD
        and "Planeswalker" in obj.card.types
        and not obj.counter("loyalty"),
        "an attachment": obj.attached_to is not None,
        "a face-down permanent": obj.face_down,
        "a transformed or flipped permanent": obj.transformed or obj.flipped,
        "a face or half named apart from its card": obj.face_name is not None,
        "a copy": obj.copy_of is not None,
        "a plotted card outside exile": obj.plotted_on_turn is not None
        and obj.zone is not Zone.EXILE,
        "an attacking creature": bool(obj.attacking),
        "abilities activated this turn": bool(obj.activated_this_turn)
        or bool(obj.loyalty_activated_this_turn),
        "a card exiled until it returns": obj.returns_at is not None,
        "a stand-in for a named card": obj.named_card,
        "a prototyped permanent": obj.prototyped,
    }
    for name, present in unsupported.items():
        if present:
            raise NotComparable(f"{what} is {name}, which the translation doesn't express")
    if obj.zone is Zone.STACK:
        raise NotComparable("the stack isn't translated (objects on it)")


def _place(
    edit: dict[str, Any], state: GameState, objects: list[GameObject], seats: dict[str, int]
) -> dict[str, int]:
    """Every phase.rs object of the case's cards put where the case has it; the fillers in
    their owners' libraries."""
    pool: dict[tuple[int, str], list[int]] = {}
    for key, o in sorted(edit["objects"].items(), key=lambda kv: int(kv[0])):
        pool.setdefault((o["owner"], o["name"].lower()), []).append(int(key))
    for player in edit["players"]:
        player["hand"], player["graveyard"], player["library"] = [], [], []
    edit["battlefield"], edit["exile"] = [], []
    ids: dict[str, int] = {}
    for obj in objects:
        owner = seats[obj.owner]
        free = pool.get((owner, obj.card.name.lower()))
        if not free:
            raise NotComparable(f"phase.rs has no object for {obj.label}")
        pid = free.pop(0)
        ids[obj.oid] = pid
        _status(edit["objects"][str(pid)], obj, state, seats)
        if obj.zone is Zone.BATTLEFIELD:
            edit["battlefield"].append(pid)
        elif obj.zone is Zone.EXILE:
            edit["exile"].append(pid)
        else:
            edit["players"][owner][obj.zone.value].append(pid)
    for pid in (pid for left in pool.values() for pid in left):  # the fillers
        o = edit["objects"][str(pid)]
        o["zone"] = "Library"
        edit["players"][o["owner"]]["library"].append(pid)
    return ids


def _status(o: dict[str, Any], obj: GameObject, state: GameState, seats: dict[str, int]) -> None:
    """An object's zone and status (CR 110.5) as the case gives them."""
    o["zone"] = ZONE_NAMES[obj.zone]
    o["controller"] = o["base_controller"] = seats[obj.controller]
    o["tapped"] = obj.zone is Zone.BATTLEFIELD and obj.tapped
    o["counters"] = {COUNTER_NAMES[kind]: n for kind, n in obj.counters if n}
    if obj.plotted_on_turn is not None:  # CR 702.170: phase.rs's permission to cast it
        o["casting_permissions"] = [{"type": "Plotted", "turn_plotted": obj.plotted_on_turn}]
    if obj.counters and obj.counter("loyalty"):
        o["loyalty"] = obj.counter("loyalty")
    if obj.zone is Zone.BATTLEFIELD:
        # phase.rs keeps summoning sickness as a flag it sets on entering and clears as its
        # controller's turn begins; the case gives the turn control began, and the flag is
        # what that makes of it (CR 302.6: control continuously since the controller's most
        # recent turn began), as phase.rs would have tracked it over those turns
        since = obj.controlled_since_turn
        recent = most_recent_turn(state, obj.controller)
        sick = (
            recent is None or bool(obj.entered_this_turn) or (since is not None and since >= recent)
        )
        o["entered_battlefield_turn"] = since if since is not None else max((recent or 1) - 1, 0)
        o["summoning_sick"] = sick
    else:
        o["entered_battlefield_turn"] = None
        o["summoning_sick"] = False


def _turn(edit: dict[str, Any], state: GameState, seats: dict[str, int]) -> None:
    active = seats[state.active_player]
    priority = seats[state.priority or state.active_player]
    edit["turn_number"] = state.turn
    edit["active_player"] = active
    edit["phase"] = STEP_NAMES[state.step] if state.step else PHASE_NAMES[state.phase]
    edit["priority_player"] = priority
    edit["waiting_for"] = {"type": "Priority", "data": {"player": priority}}
    edit["match_phase"] = "InGame"
    edit["priority_pass_count"] = 0
    edit["lands_played_this_turn"] = state.player(state.active_player).lands_played_this_turn


def _players(
    edit: dict[str, Any], state: GameState, seats: dict[str, int], plenty_for: str | None
) -> None:
    next_pip = int(edit.get("next_pip_id", 1))
    for player in state.players:
        seat = edit["players"][seats[player.name]]
        seat["life"] = player.life
        seat["lands_played_this_turn"] = player.lands_played_this_turn
        seat["turns_taken"] = max(1, (state.turn + 1) // 2)
        units = _pool(player.mana_pool)
        if player.name == plenty_for:
            units += [c for c in MANA_COLORS.values() for _ in range(PLENTY)]
        seat["mana_pool"] = {"mana": []}
        for color in units:
            seat["mana_pool"]["mana"].append(
                {
                    "color": color,
                    "source_id": 0,
                    "pip_id": next_pip,
                    "snow": False,
                    "restrictions": [],
                }
            )
            next_pip += 1
    edit["next_pip_id"] = next_pip


def _pool(text: str) -> list[str]:
    """A case's mana pool (``"{U}{U}"``) as phase.rs's mana colors."""
    if not text:
        return []
    try:
        symbols = ManaCost.parse(text).symbols
    except ValueError as err:
        raise NotComparable(f"the mana pool {text} isn't one the translation reads") from err
    out = []
    for symbol in symbols:
        letter = str(symbol).strip("{}").upper()
        if letter.isdigit():
            out += [MANA_COLORS["C"]] * int(letter)
        elif letter in MANA_COLORS:
            out.append(MANA_COLORS[letter])
        else:
            raise NotComparable(f"the mana pool {text} holds {symbol}, which isn't translated")
    return out
