"""Build: a validated case mapping becomes an immutable :class:`GameState`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mtgrules.cards.define import color_code, exceptions_from_data
from mtgrules.cards.faces import FLIP, SPLIT, named_face
from mtgrules.cards.library import CardLibrary, name_key
from mtgrules.cards.mana import ManaCost
from mtgrules.cards.vocabulary import Ability, AbilityKind, CardDef
from mtgrules.model.state import (
    ContinuousEffect,
    GameObject,
    GameState,
    Player,
    StackItem,
    Zone,
    find,
)
from mtgrules.model.stated import with_stated
from mtgrules.model.turn import NO_PRIORITY_STEPS, Phase, Step
from mtgrules.model.walk import RawObject, iter_objects

_ZONES = {z.value: z for z in Zone}  # Zone(value) without the enum's call per object


def build_state(data: dict[str, Any], cards: CardLibrary) -> GameState:
    game = data["game"]
    phase = Phase(game.get("phase", "precombat_main"))
    step = Step(game["step"]) if game.get("step") else None
    if "priority" in game:
        priority = game["priority"]
    else:  # CR 117.3a: the active player, except in steps where nobody gets priority
        priority = None if step in NO_PRIORITY_STEPS else game["active_player"]
    players = tuple(
        Player(
            name=p["name"],
            life=p.get("life", 20),
            mana_pool=p.get("mana_pool", ""),
            lands_played_this_turn=p.get("lands_played_this_turn", 0),
            library_size=p.get("library_size"),
            last_turn=p.get("last_turn"),
            attacked_this_turn=p.get("attacked_this_turn"),
            spells_cast_this_turn=p.get("spells_cast_this_turn"),
            poison=p.get("poison", 0),
            drew_from_empty=bool(p.get("drew_from_empty", False)),
            zones_given=frozenset(z for z in ("hand", "graveyard", "exile", "library") if z in p),
        )
        for p in data["players"]
    )
    raws = tuple(iter_objects(data))  # walked once: each step makes a RawObject
    objects = tuple(_object(raw, cards, game["turn"]) for raw in raws)
    by_position = {raw.path: obj.oid for raw, obj in zip(raws, objects, strict=True)}
    stack = tuple(
        StackItem(
            controller=item["controller"],
            oid=by_position.get(("game", "stack", i)),
            ability_of=item.get("ability_of"),
            ability=item.get("ability"),
            x=item.get("x"),
        )
        for i, item in enumerate(game.get("stack") or [])
    )

    oids = {o.oid for o in objects}

    def oid_of(ref: str) -> str:
        return ref if ref in oids else find(objects, ref).oid

    effects = tuple(_effect(e, i, oid_of) for i, e in enumerate(data.get("effects") or []))
    return GameState(
        turn=game["turn"],
        active_player=game["active_player"],
        phase=phase,
        step=step,
        priority=priority,
        players=players,
        objects=objects,
        stack=stack,
        effects=effects,
        paying_mana=game.get("paying_mana"),
    )


def _object(raw: RawObject, cards: CardLibrary, turn: int) -> GameObject:
    f = raw.fields
    token = f.get("token")
    card = cards.get(f["card"]) if f.get("card") else None
    if isinstance(token, dict):
        card = token_card(token, card)
    assert card is not None, f"validated case names an unknown card: {f.get('card')}"
    copy_of = f.get("copy_of")
    since = f.get("controlled_since_turn")
    if f.get("entered_this_turn"):
        since = turn
    entered = _entered_this_turn(f, raw.zone, turn)
    face_name, back_up = _named_face(card, f.get("card"), raw.zone, token)
    card = with_stated(card, raw.oid, f)  # chosen as it entered, its timestamp (model/stated)
    return GameObject(
        oid=raw.oid,
        card=card,
        zone=_ZONES.get(raw.zone) or Zone(raw.zone),
        owner=raw.owner or "",
        controller=raw.controller or "",
        handle=f.get("id"),
        tapped=bool(f.get("tapped", False)),
        controlled_since_turn=since,
        counters=tuple(sorted((f.get("counters") or {}).items())),
        attached_to=f.get("attached_to"),
        token=raw.is_token,
        embalmed=bool(f.get("embalmed", False)),
        face_down=bool(f.get("face_down", False)),
        transformed=bool(f.get("transformed", False)) or back_up == "back",
        flipped=bool(f.get("flipped", False)) or back_up == "flipped",
        face_name=face_name,
        copy_of=copy_of.get("object") if isinstance(copy_of, dict) else copy_of,
        copy_except=exceptions_from_data(copy_of.get("except"))
        if isinstance(copy_of, dict) and "except" in copy_of
        else None,
        copy_via=copy_of.get("via") if isinstance(copy_of, dict) else None,
        plotted_on_turn=f.get("plotted_on_turn"),
        attacking=f.get("attacking"),
        x=f.get("x"),
        without_paying_mana_cost=bool(f.get("without_paying_mana_cost", False)),
        returns_at=f.get("returns_at"),
        loyalty_activated_this_turn=f.get("loyalty_activated_this_turn"),
        activated_this_turn=tuple(f["activated_this_turn"]) if "activated_this_turn" in f else None,
        prototyped=bool(f.get("prototyped", False)),
        entered_this_turn=entered,
        mana_spent=f.get("mana_spent"),
        put_there_this_turn_from=f.get("put_there_this_turn_from"),
        damage=f.get("damage", 0),
        deathtouch_damage=bool(f.get("deathtouch_damage", False)),
    )


def _named_face(
    card: CardDef, name: str | None, zone: str, token: object
) -> tuple[str | None, str | None]:
    """The face a case names a card by, and what that makes up: a permanent or spell named
    by its back face has that face up (CR 712.8d-f; a flip card's flipped half, 710.2), a
    spell named by a half is that half cast (709.3b, 715.3b). Other zones were refused by
    the semantic check (C020). Returns (face name or None, "back" | "flipped" | None)."""
    if not name or isinstance(token, dict):
        return None, None
    face = named_face(card, name)
    held = card.name.split(" // ")[0]
    if (
        face == "card"
        and zone == "stack"
        and card.layout in SPLIT
        and card.missing_faces
        and name_key(name) == name_key(held) != name_key(card.name)
    ):
        # CR 709.3b: a split spell named by the half the imported data holds is that half
        return held, None
    if face == "card" or zone not in ("battlefield", "stack"):
        return None, None
    if face == "back" and card.back_face is not None:
        return card.back_face.name, "flipped" if card.layout == FLIP else "back"
    if face == "back":  # a face the data lacks: rules.faces refuses when it matters
        return name, "back"
    half = next((h.name for h in card.halves if name_key(h.name) == name_key(name)), name)
    return half, None


def _entered_this_turn(f: dict[str, Any], zone: str, turn: int) -> bool | None:
    """Whether a permanent entered the battlefield this turn: as the case says; else not
    if its controller has controlled it since before this turn (it has been on the
    battlefield since); unknown if it came under their control this turn, as a change of
    control does without entering."""
    if "entered_this_turn" in f:
        return bool(f["entered_this_turn"])
    if zone != "battlefield":
        return None
    return None if f.get("controlled_since_turn") == turn else False


def token_card(spec: dict[str, Any], base: CardDef | None) -> CardDef:
    """A token's characteristics as its creating effect stated them (CR 111.4)."""
    keywords = tuple(Ability(AbilityKind.KEYWORD, keyword=k) for k in spec.get("abilities", ()))
    colors = spec.get("colors")
    return CardDef(
        name=spec.get("name") or (base.name if base else "Token"),
        mana_cost=ManaCost.parse(spec.get("mana_cost")),
        types=tuple(spec.get("types", ())),
        subtypes=tuple(spec.get("subtypes", ())),
        supertypes=tuple(spec.get("supertypes", ())),
        color_indicator=tuple(color_code(c) for c in colors) if colors is not None else (),
        power=spec.get("power"),
        toughness=spec.get("toughness"),
        abilities=keywords,
        source="token",
    )


def _effect(e: dict[str, Any], index: int, oid_of: Callable[[str], str]) -> ContinuousEffect:
    affects = [oid_of(r) for r in (e["affect"] if isinstance(e["affect"], list) else [e["affect"]])]
    colors = e.get("colors")
    return ContinuousEffect(
        affects=tuple(affects),
        timestamp=e.get("timestamp", index + 1),
        source=e.get("source"),
        until=e.get("until"),
        power_toughness=e.get("power_toughness"),
        add_abilities=tuple(e.get("add_abilities", ())),
        remove_all_abilities=bool(e.get("remove_all_abilities", False)),
        colors=tuple(color_code(c) for c in colors) if colors is not None else None,
        add_types=tuple(e.get("add_types", ())),
        add_subtypes=tuple(e.get("add_subtypes", ())),
        set_types=tuple(e["set_types"]) if "set_types" in e else None,
        set_subtypes=tuple(e["set_subtypes"]) if "set_subtypes" in e else None,
        becomes=tuple(sorted((e.get("becomes") or {}).items())),
        copy_of=oid_of(e["copy_of"]) if "copy_of" in e else None,
    )
