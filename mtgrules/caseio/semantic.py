"""Validate, part two: what the schema can't express.

References must resolve, names must be known cards, players must exist, the
turn structure must be possible, and zone-specific facts must sit in their
zone. Every problem becomes a diagnostic; nothing stops at the first.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from mtgrules.cards.close_matches import CloseMatches
from mtgrules.cards.library import CardLibrary, match_key, name_key
from mtgrules.caseio.action_checks import check_actions
from mtgrules.caseio.board_checks import check_board
from mtgrules.caseio.diagnostics import Diagnostic, json_path
from mtgrules.caseio.face_checks import check_face_names
from mtgrules.caseio.question_types import OPTIONS, QUESTIONS
from mtgrules.caseio.schema import schema_diagnostics
from mtgrules.caseio.target_refs import check_target_refs
from mtgrules.caseio.yamlload import Positions
from mtgrules.model.turn import STEPS_OF, Phase, Step
from mtgrules.model.walk import RawObject, iter_objects

Path = tuple[str | int, ...]


# "Did you mean" for at most this many unknown names and references of one file: each is a
# search among every name (cards/close_matches.py), and a file with more was generated
MAX_HINTS = 200
NO_MORE_HINTS = f' (no "did you mean" past the first {MAX_HINTS} unknown names in a file)'


class _Checker:
    def __init__(self, data: dict[str, Any], file: str, positions: Positions):
        self.data, self.file, self.positions = data, file, positions
        self.out: list[Diagnostic] = []
        self.hints = MAX_HINTS

    def hint(self) -> bool:
        """Whether to look for "did you mean" once more (see MAX_HINTS)."""
        self.hints -= 1
        return self.hints >= 0

    def add(self, code: str, path: Path, message: str, *, key: bool = False) -> None:
        line, col = self.positions.of(path, key=key)
        self.out.append(Diagnostic(self.file, code, message, line, col, json_path(path)))


def check_semantics(
    data: dict[str, Any], file: str, positions: Positions, library: CardLibrary
) -> list[Diagnostic]:
    """All semantic problems of a schema-valid case mapping."""
    c = _Checker(data, file, positions)
    game = data["game"]
    turn = game["turn"]
    players = [p["name"] for p in data["players"]]
    for name, count in Counter(players).items():
        if count > 1:
            index = len(players) - 1 - players[::-1].index(name)
            c.add("C006", ("players", index, "name"), f"player {name!r} is listed {count} times")

    def player_ref(path: Path, name: Any, what: str) -> None:
        if name is not None and name not in players:
            close = _close(name, players)
            c.add("C005", path, f"{what} {name!r} is not a player in this case{close}")

    player_ref(("game", "active_player"), game["active_player"], "active player")
    player_ref(("game", "priority"), game.get("priority"), "priority player")
    player_ref(("game", "paying_mana"), game.get("paying_mana"), "paying player")
    _check_turn_structure(c, game)
    for i, p in enumerate(data["players"]):
        if p.get("last_turn", 0) > turn:
            c.add(
                "C011",
                ("players", i, "last_turn"),
                f"last turn {p['last_turn']} is after the current turn {turn}",
            )

    objects = list(iter_objects(data))
    ids = Counter(o.fields["id"] for o in objects if o.fields.get("id"))
    for obj in objects:
        if obj.fields.get("id") and ids[obj.fields["id"]] > 1:
            c.add(
                "C004",
                (*obj.path, "id"),
                f"id {obj.fields['id']!r} is given to {ids[obj.fields['id']]} objects",
            )
    inline = {  # a name that isn't text is the card schema's to report (C012)
        match_key(card["name"])
        for card in data.get("cards") or []
        if isinstance(card, dict) and isinstance(card.get("name"), str)
    }
    for i, card in enumerate(data.get("cards") or []):
        for d in schema_diagnostics("card", card, file, positions, ("cards", i)):
            c.out.append(
                Diagnostic(d.file, "C012", f"inline card: {d.message}", d.line, d.col, d.path)
            )
    known_ids = {o.oid for o in objects}
    for obj in objects:
        _check_object(c, obj, turn, players, library, inline, known_ids)
        _check_prototyped(c, obj, library, data.get("cards") or [])
        _check_copy_via(c, obj, library, data.get("cards") or [])
    _check_attacked(c, objects, players)
    check_board(c.add, data, objects, library)
    check_face_names(c.add, objects, library)  # C020: a back face named where it can't be up

    resolve = _Resolver(objects, library)
    for i, item in enumerate(game.get("stack") or []):
        player_ref(("game", "stack", i, "controller"), item.get("controller"), "controller")
        if "ability_of" in item and item["ability_of"] not in known_ids:
            c.add(
                "C002",
                ("game", "stack", i, "ability_of"),
                f"no object has id {item['ability_of']!r}",
            )
    for i, effect in enumerate(data.get("effects") or []):
        targets = effect["affect"] if isinstance(effect["affect"], list) else [effect["affect"]]
        for j, ref in enumerate(targets):
            path: Path = (
                ("effects", i, "affect", j)
                if isinstance(effect["affect"], list)
                else ("effects", i, "affect")
            )
            resolve.check(c, path, ref)
        if "copy_of" in effect:
            resolve.check(c, ("effects", i, "copy_of"), effect["copy_of"])
    asked_from = len(c.out)
    _check_question(c, data["question"], resolve, players)
    if data.get("actions"):
        # Format version 2: the question is asked after the actions, of a game where a
        # token may have been made or a card moved, so whether its REFs name one object
        # is the play-out's to say (P001), not the board's
        c.out[asked_from:] = [d for d in c.out[asked_from:] if d.code not in PLAYED_REFS]
        check_actions(c.add, data["actions"], players, _close)
    return c.out


# The question's reference problems left to the play-out when a case has `actions:`.
PLAYED_REFS = ("C002", "C003", "C019")


def _close(name: str, choices: list[str]) -> str:
    import difflib  # lazy: only for a name that is not found

    return _hint(difflib.get_close_matches(name, choices, n=1, cutoff=0.5))


def _hint(found: list[str]) -> str:
    return f"; did you mean {found[0]!r}?" if found else ""


def _check_turn_structure(c: _Checker, game: dict[str, Any]) -> None:
    phase = Phase(game.get("phase", "precombat_main"))
    step = Step(game["step"]) if game.get("step") else None
    if step is None and STEPS_OF[phase]:
        c.add("C010", ("game", "phase"), f"the {phase.label} has steps: say which with `step`")
    elif step is not None and step not in STEPS_OF[phase]:
        c.add("C010", ("game", "step"), f"the {step.label} is not part of the {phase.label}")
    # In the cleanup step players do get priority when something triggered (CR 514.3a).
    if step is Step.UNTAP and game.get("priority"):
        c.add(
            "C010",
            ("game", "priority"),
            f"nobody receives priority in the {step.label} (CR 502.4); leave `priority` out",
        )


def _check_object(
    c: _Checker,
    obj: RawObject,
    turn: int,
    players: list[str],
    library: CardLibrary,
    inline: set[str],
    known_ids: set[str],
) -> None:
    f = obj.fields
    name = obj.card_name
    token = f.get("token")
    if (
        name
        and not isinstance(token, dict)
        and match_key(name) not in inline
        and name not in library
    ):
        hinted = c.hint()
        hint = library.suggest(name) if hinted else []
        extra = (
            f"; did you mean {' or '.join(repr(h) for h in hint)}?"
            if hint
            else ("; define it under `cards:` or import card data")
            + ("" if hinted else NO_MORE_HINTS)
        )
        c.add("C001", (*obj.path, "card"), f"unknown card {name!r}{extra}")
    for key in ("owner", "controller"):
        if f.get(key) is not None and f[key] not in players:
            c.add(
                "C005",
                (*obj.path, key),
                f"{key} {f[key]!r} is not a player in this case{_close(f[key], players)}",
            )
    for key in ("attached_to", "copy_of"):
        ref = f.get(key)
        if isinstance(ref, dict):
            ref = ref.get("object")
        if ref is not None and ref not in known_ids:
            c.add("C002", (*obj.path, key), f"{key}: no object has id {ref!r}")
    zone = obj.zone
    if "plotted_on_turn" in f and zone != "exile":
        c.add(
            "C009",
            (*obj.path, "plotted_on_turn"),
            f"a plotted card is in exile, but this one is in the {zone}",
        )
    if "returns_at" in f and zone != "exile":
        c.add(
            "C009",
            (*obj.path, "returns_at"),
            "a card waiting to return is in exile, but this one is "
            + ("on the battlefield" if zone == "battlefield" else f"in the {zone}"),
        )
    came = f.get("put_there_this_turn_from")
    if "put_there_this_turn_from" in f and zone not in ("graveyard", "exile"):
        c.add(
            "C009",
            (*obj.path, "put_there_this_turn_from"),
            f"`put_there_this_turn_from` describes a card in a graveyard or in exile, but this "
            f"one is in the {zone}",
        )
    elif came == zone:
        c.add(
            "C009",
            (*obj.path, "put_there_this_turn_from"),
            f"a card put into the {zone} comes from another zone, not from the {zone}",
        )
    for key in (
        "tapped",
        "controlled_since_turn",
        "entered_this_turn",
        "attacking",
        "attached_to",
        "loyalty_activated_this_turn",
    ):
        if key in f and zone != "battlefield":
            c.add(
                "C009",
                (*obj.path, key),
                f"`{key}` describes a permanent, but this object is in the {zone}",
            )
    for key in ("controlled_since_turn", "plotted_on_turn"):
        if f.get(key, 0) > turn:
            c.add("C011", (*obj.path, key), f"{key} {f[key]} is after the current turn {turn}")
    if f.get("controlled_since_turn", turn) != turn and f.get("entered_this_turn"):
        c.add(
            "C009",
            (*obj.path, "entered_this_turn"),
            f"it entered the battlefield this turn, so it can't have been under its controller's "
            f"control since turn {f['controlled_since_turn']}: give `controlled_since_turn` or "
            "`entered_this_turn`, not both",
        )


def _check_prototyped(c: _Checker, obj: RawObject, library: CardLibrary, inline: list[Any]) -> None:
    """CR 718.3, 718.4: only a prototype card is cast prototyped, and only the spell on the
    stack and the permanent it became have the prototype characteristics (C009, C017)."""
    if not obj.fields.get("prototyped"):
        return
    path = (*obj.path, "prototyped")
    if obj.zone not in ("stack", "battlefield"):
        c.add(
            "C009",
            path,
            f"only a spell on the stack or a permanent is prototyped (CR 718.4): in the "
            f"{obj.zone} a prototype card has its normal characteristics",
        )
    name = obj.card_name or ""
    if isinstance(obj.fields.get("token"), dict) or not name:
        return
    mine = [
        card
        for card in inline
        if isinstance(card, dict) and name_key(card.get("name", "")) == name_key(name)
    ]
    if mine:
        has = any(isinstance(a, dict) and "prototype" in a for a in mine[0].get("abilities") or [])
    else:
        card = library.get(name)
        if card is None:
            return  # an unknown card is C001
        has = card.prototype is not None
    if not has:
        c.add(
            "C017",
            path,
            f"{name} has no prototype ability (CR 702.160a), so it can't have been cast prototyped",
        )


def _check_copy_via(c: _Checker, obj: RawObject, library: CardLibrary, inline: list[Any]) -> None:
    """CR 614.1c, 707.5: `copy_of: {via: own}` says the object's own copy ability made it a
    copy; a card without one can't have done that (C017)."""
    ref = obj.fields.get("copy_of")
    if not isinstance(ref, dict) or ref.get("via") != "own":
        return
    name = obj.card_name or ""
    if isinstance(obj.fields.get("token"), dict) or not name:
        has = False
    else:
        mine = [
            card
            for card in inline
            if isinstance(card, dict) and name_key(card.get("name", "")) == name_key(name)
        ]
        if mine:
            has = any(
                isinstance(a, dict) and "enters_as_copy" in a
                for a in mine[0].get("abilities") or []
            )
        else:
            card = library.get(name)
            if card is None:
                return  # an unknown card is C001
            has = any(a.enters_as_copy is not None for a in card.abilities)
    if not has:
        c.add(
            "C017",
            (*obj.path, "copy_of", "via"),
            f"{name or 'this token'} has no ability that makes it enter as a copy (CR 614.1c), "
            "so its own ability can't have made it a copy: say `via: other`",
        )


def _check_attacked(c: _Checker, objects: list[RawObject], players: list[str]) -> None:
    """C002: what an attacking creature attacks is a player, or an object (a planeswalker or
    battle, CR 506.3) named by its id or by a card name only one object has."""
    names = Counter(name_key(o.card_name) for o in objects if o.card_name)
    ids = {o.oid for o in objects}
    for obj in objects:
        attacked = obj.fields.get("attacking")
        if not isinstance(attacked, str) or attacked in players or attacked in ids:
            continue
        if names.get(name_key(attacked), 0) != 1:
            c.add(
                "C002",
                (*obj.path, "attacking"),
                f"attacking: {attacked!r} is neither a player in this case nor one object's id"
                " or card name",
            )


class _Resolver:
    """Checks a REF: an id, or a card name exactly one object has."""

    def __init__(self, objects: list[RawObject], library: CardLibrary):
        self.ids = {o.oid for o in objects}
        self.names: Counter[str] = Counter()
        for o in objects:  # every name of each object's card: a face names it too
            card = (
                library.get(o.card_name or "")
                if not isinstance(o.fields.get("token"), dict)
                else None
            )
            names = card.names if card is not None else (o.card_name or "",)
            self.names.update({name_key(n) for n in names})
        self.labels = sorted(
            {o.fields["id"] for o in objects if o.fields.get("id")}
            | {o.card_name for o in objects if o.card_name}
        )
        self.near = CloseMatches(self.labels)  # "did you mean", without a scan per reference

    def check(self, c: _Checker, path: Path, ref: str) -> bool:
        if ref in self.ids:
            return True
        count = self.names.get(name_key(ref), 0)
        if count == 1:
            return True
        if count > 1:
            c.add(
                "C003",
                path,
                f"{count} objects are named {ref!r}: give the one you mean an `id` and use it",
            )
        else:
            c.add(
                "C002",
                path,
                f"nothing in the case has the id or card name {ref!r}"
                + (_hint(self.near.get(ref, 1, 0.5)) if c.hint() else NO_MORE_HINTS),
            )
        return False


def _check_question(
    c: _Checker, question: dict[str, Any], resolve: _Resolver, players: list[str]
) -> None:
    kinds = [k for k in question if k in QUESTIONS]
    if len(kinds) != 1:
        what = (
            "no question key" if not kinds else f"{len(kinds)} question keys ({', '.join(kinds)})"
        )
        c.add("C007", ("question",), f"{what}: ask exactly one of {', '.join(QUESTIONS)}")
        return
    kind = kinds[0]
    for option in question:
        if option in OPTIONS and kind not in OPTIONS[option]:
            c.add(
                "C007",
                ("question", option),
                f"`{option}` is an option of {', '.join(OPTIONS[option])}, not of {kind}",
            )
    if question.get("by") is not None and question["by"] not in players:
        c.add(
            "C005",
            ("question", "by"),
            f"player {question['by']!r} is not in this case{_close(question['by'], players)}",
        )
    check_target_refs(c.add, question, resolve, players)  # C018: `targets` name something
    value = question[kind]
    if kind == "state":
        _check_state_refs(c, value, resolve, players)
        return
    if isinstance(value, str):
        resolve.check(c, ("question", kind), value)
        return
    for key in ("object", "as_copy_of", "other_card", "keeps", "attacker"):
        if isinstance(value.get(key), str):
            resolve.check(c, ("question", kind, key), value[key])
    event = value.get("event") if kind == "triggers" else None
    for key, ref in event.items() if isinstance(event, dict) else ():
        if key != "step" and isinstance(ref, str):  # a hypothetical event's REF
            resolve.check(c, ("question", kind, "event", key), ref)
    if value.get("by") is not None and value["by"] not in players:
        c.add(
            "C005",
            ("question", kind, "by"),
            f"player {value['by']!r} is not in this case{_close(value['by'], players)}",
        )


def _check_state_refs(c: _Checker, value: Any, resolve: _Resolver, players: list[str]) -> None:
    """The REFs of a ``state`` question's facts: a player for ``life`` (C005), a player or
    an object for ``counters``, an object for the others (C002, C003)."""
    items = value if isinstance(value, list) else [value]
    for i, item in enumerate(items):
        if not isinstance(item, dict):
            continue
        base: Path = ("question", "state", i) if isinstance(value, list) else ("question", "state")
        for fact, refs in item.items():
            listed = refs if isinstance(refs, list) else [refs]
            for j, ref in enumerate(listed):
                path: Path = (*base, fact, j) if isinstance(refs, list) else (*base, fact)
                if fact == "life":
                    if ref not in players:
                        c.add(
                            "C005",
                            path,
                            f"{ref!r} is not a player in this case{_close(ref, players)}",
                        )
                elif not (fact == "counters" and ref in players):
                    resolve.check(c, path, ref)
