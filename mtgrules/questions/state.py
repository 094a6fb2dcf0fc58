"""``state: [FACT, ...]`` — what is the game's state now? (DESIGN, "state facts")

Asked of the game as it stands: after the case's ``actions:`` (format version 2), or
of the board as given (version 1). Each fact is read from the
:class:`~mtgrules.model.state.GameState` as it holds it, with the rule that says what the
fact is: the zone an object is in (CR 400.1), a life total (119.1), who controls a
permanent (110.2), whether it is tapped (110.5), its counters (122.1), the damage marked
on it (120.6), what it is attached to and what is attached to it (301.5, 303.4), the
stack top first (405.1, 405.2), what attacks and what blocks (508.1, 509.1).

No characteristic is computed here (no layers): a fact is what the state records, so
an object whose characteristics an unread ability might change is still where it is,
tapped or not, with its counters. What the state can't tell is refused, never guessed:
the counters on a player (the game state holds none), and which creatures block when
a board given as it stands is past the declaration of blockers.

The value maps each fact to its value; a fact about objects or players maps each REF
as the question wrote it: ``{zone: {bears: graveyard}, life: {Bob: 17}, stack: []}``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from mtgrules.answer import Answer, Multiset, Ordered, Reason, unsupported
from mtgrules.caseio.case import Case
from mtgrules.model.state import GameObject, GameState, StackItem, Zone
from mtgrules.model.turn import Step

# The facts about objects (or players), each with the rules that say what it is.
OBJECT_FACTS = {
    "life": ("119.1",),
    "zone": ("400.1",),
    "controller": ("110.2",),
    "tapped": ("110.5",),
    "counters": ("122.1",),
    "damage": ("120.6",),
    "attached_to": ("301.5", "303.4"),
    "attachments": ("301.5", "303.4"),
}
# The facts of the whole game, asked by a word.
GAME_FACTS = {
    "life": ("119.1",),
    "stack": ("405.1", "405.2"),
    "attacking": ("508.1",),
    "blocking": ("509.1",),
}
# The steps after blockers are declared, while creatures are still in combat (509.1, 511.3)
AFTER_BLOCKERS = (Step.DECLARE_BLOCKERS, Step.COMBAT_DAMAGE, Step.END_OF_COMBAT)
SHARED_ZONES = {
    Zone.BATTLEFIELD: "on the battlefield",
    Zone.STACK: "on the stack",
    Zone.EXILE: "in exile",
}


class _Refused(Exception):
    """A fact the state can't tell: the answer is unsupported, saying why."""


def facts_asked(value: Any) -> Iterator[tuple[str, tuple[str, ...] | None]]:
    """The facts a ``state`` question asks, in order: (fact, the REFs it is about), the REFs
    None for a fact asked by its word alone (``life``: every player; ``stack``)."""
    for item in value if isinstance(value, list) else [value]:
        if isinstance(item, str):
            yield item, None
            continue
        for fact, refs in item.items():
            yield fact, tuple(refs) if isinstance(refs, list) else (refs,)


def ask(case: Case) -> Answer:
    state = case.state
    asked = list(facts_asked(case.question.value))
    sentence = f"What is the state of the game: {'; '.join(_asked_words(state, asked))}?"
    value: dict[str, Any] = {}
    reasons: list[Reason] = []
    try:
        for fact, refs in asked:
            found, why = _fact(case, fact, refs)
            if isinstance(found, dict) and isinstance(value.get(fact), dict):
                value[fact] = {**value[fact], **found}  # the same fact asked twice
            else:
                value[fact] = found
            reasons += why
    except _Refused as err:
        return unsupported(sentence, str(err), reasons)
    return Answer(question=sentence, value=value, reasons=tuple(reasons))


# How the question's sentence asks each fact about the objects named (``{}``).
ASKED = {
    "life": "the life total of {}",
    "zone": "the zone of {}",
    "controller": "the controller of {}",
    "tapped": "whether {} is tapped",
    "counters": "the counters on {}",
    "damage": "the damage marked on {}",
    "attached_to": "what {} is attached to",
    "attachments": "what is attached to {}",
}
ASKED_BY_WORD = {
    "life": "every life total",
    "stack": "the stack",
    "attacking": "what is attacking",
    "blocking": "what is blocking",
}


def _asked_words(state: GameState, asked: list[tuple[str, tuple[str, ...] | None]]) -> list[str]:
    words = []
    for fact, refs in asked:
        if refs is None:
            words.append(ASKED_BY_WORD[fact])
        else:
            words.append(ASKED[fact].format(" and ".join(_label(state, r) for r in refs)))
    return words


def _fact(case: Case, fact: str, refs: tuple[str, ...] | None) -> tuple[Any, list[Reason]]:
    state = case.state
    if fact == "stack":
        return _stack(state)
    if fact == "attacking":
        return _attacking(state)
    if fact == "blocking":
        return _blocking(case)
    if fact == "life":
        return _life(state, refs)
    out: dict[str, Any] = {}
    reasons = []
    for ref in refs or ():
        if fact == "counters" and ref in state.player_names:
            raise _Refused(
                f"the counters on {ref} (poison, energy, experience, ...): the game state "
                "mtgrules keeps holds no counters on players, so it can't tell how many "
                f"{ref} has (CR 122.1)"
            )
        obj = _find(state, ref)
        if obj is None:
            out[ref] = None
            reasons.append(_gone(state, ref))
            continue
        out[ref], text, rules = _object_fact(state, fact, obj)
        reasons.append(Reason(True if out[ref] is not None else None, text, rules))
    return out, reasons


def _gone(state: GameState, ref: str) -> Reason:
    """Why nothing answers for ``ref``: a token that ceased to exist (CR 111.7, 704.5d),
    or a name the game never had (a play-out checks that before asking)."""
    if ref in state.ceased:
        return Reason(
            None,
            f"{ref} was a token, and left the battlefield: it has ceased to exist, and "
            "nothing in the game has that id or name now.",
            ("111.7", "704.5d"),
        )
    return Reason(None, f"Nothing in the game has the id or name {ref!r}.", ())


def _object_fact(state: GameState, fact: str, obj: GameObject) -> tuple[Any, str, tuple[str, ...]]:
    """One fact about one object: its value, the sentence that says it, its rules."""
    rules = OBJECT_FACTS[fact]
    label = obj.label
    permanent = obj.zone is Zone.BATTLEFIELD
    if fact == "zone":
        return obj.zone.value, f"{label} is {_where(obj)}.", rules
    if fact == "controller":
        if obj.zone not in (Zone.BATTLEFIELD, Zone.STACK):
            return (
                None,
                f"{label} is {_where(obj)}: a card there has no controller, only an owner "
                f"({obj.owner}).",
                ("108.4",),
            )
        return obj.controller, f"{obj.controller} controls {label}.", rules
    if not permanent and fact in ("tapped", "damage", "attached_to"):
        return (
            None,
            f"{label} is {_where(obj)}, not a permanent: it is neither tapped nor untapped, "
            "has no damage marked on it and is attached to nothing.",
            ("110.5", "120.6"),
        )
    if fact == "tapped":
        return obj.tapped, f"{label} is {'tapped' if obj.tapped else 'untapped'}.", rules
    if fact == "counters":
        counters = {kind: n for kind, n in obj.counters if n}
        said = ", ".join(f"{n} {kind}" for kind, n in counters.items()) or "no"
        plural = "" if sum(counters.values()) == 1 else "s"
        return counters, f"{label} has {said} counter{plural} on it.", rules
    if fact == "damage":
        return obj.damage, f"{label} has {obj.damage} damage marked on it.", rules
    if fact == "attached_to":
        host = obj.attached_to
        if host is None:
            return None, f"{label} is attached to nothing.", rules
        name = host if host in state.player_names else _ref_of(state, host)
        return name, f"{label} is attached to {_label(state, host)}.", _attach_rules([obj])
    attached = [o for o in state.objects if o.attached_to == obj.oid and o.zone is Zone.BATTLEFIELD]
    names = Multiset(o.face_name or o.card.name for o in attached)
    if not names:
        return names, f"Nothing is attached to {label}.", rules
    said = f"Attached to {label}: {', '.join(o.label for o in attached)}."
    return names, said, _attach_rules(attached)


def _attach_rules(attached: list[GameObject]) -> tuple[str, ...]:
    """The rule of each kind of attached permanent by its printed subtype: an Aura's
    (303.4), an Equipment's (301.5); both when it is neither (a Fortification, or an
    object made to be attached by an effect)."""
    printed = {s for o in attached for s in o.card.subtypes}
    found = tuple(n for sub, n in (("Equipment", "301.5"), ("Aura", "303.4")) if sub in printed)
    return found or OBJECT_FACTS["attachments"]


def _life(state: GameState, names: tuple[str, ...] | None) -> tuple[Any, list[Reason]]:
    out, reasons = {}, []
    for name in names or state.player_names:
        life = state.player(name).life
        out[name] = life
        reasons.append(Reason(True, f"{name}'s life total is {life}.", GAME_FACTS["life"]))
    return out, reasons


def _stack(state: GameState) -> tuple[Any, list[Reason]]:
    items = Ordered(_stack_item(state, item) for item in state.stack)
    if not items:
        return items, [Reason(True, "The stack is empty.", GAME_FACTS["stack"])]
    reasons = []
    for i, item in enumerate(state.stack):
        place = "On top of the stack" if i == 0 else f"Under it ({i + 1} from the top)"
        targets = (
            f", targeting {', '.join(_label(state, t) for t in item.targets)}"
            if item.targets
            else ""
        )
        reasons.append(
            Reason(True, f"{place}: {_stack_words(state, item)}{targets}.", GAME_FACTS["stack"])
        )
    return items, reasons


def _stack_item(state: GameState, item: StackItem) -> dict[str, Any]:
    """A stack object in version 1's stack shape, plus its targets and modes."""
    if item.oid is not None:
        obj = state.obj(item.oid)
        out: dict[str, Any] = {
            "card": obj.face_name or obj.card.name,
            "controller": item.controller,
        }
        if obj.handle:
            out["id"] = obj.handle
        x = item.x if item.x is not None else obj.x
    else:
        source = item.ability_of or ""
        out = {
            "ability_of": _ref_of(state, source),
            "ability": item.ability,
            "controller": item.controller,
        }
        x = item.x
    if x is not None:
        out["x"] = x
    if item.targets:
        out["targets"] = Ordered(
            t if t in state.player_names else _ref_of(state, t) for t in item.targets
        )
    if item.modes:
        out["modes"] = list(item.modes)
    return out


def _stack_words(state: GameState, item: StackItem) -> str:
    if item.oid is not None:
        return f"{state.obj(item.oid).label}, a spell {item.controller} controls"
    source = item.ability_of or ""
    return f"ability {item.ability} of {_label(state, source)}, controlled by {item.controller}"


def _attacking(state: GameState) -> tuple[Any, list[Reason]]:
    out, reasons = {}, []
    for obj in state.objects:
        if obj.zone is not Zone.BATTLEFIELD or obj.attacking in (None, False):
            continue
        what = obj.attacking
        if isinstance(what, str) and what not in state.player_names:
            shown: Any = _ref_of(state, what)
            said = f"{obj.label} is attacking {_label(state, what)}."
        elif isinstance(what, str):
            shown, said = what, f"{obj.label} is attacking {what}."
        else:  # `attacking: true`: the case doesn't say what it attacks
            shown, said = True, f"{obj.label} is attacking (the case doesn't say what)."
        out[_ref_of(state, obj.oid)] = shown
        reasons.append(Reason(True, said, GAME_FACTS["attacking"]))
    if not out:
        reasons.append(
            Reason(True, f"No creature is attacking ({state.when}).", GAME_FACTS["attacking"])
        )
    return out, reasons


def _blocking(case: Case) -> tuple[Any, list[Reason]]:
    state = case.state
    attacking = any(
        o.zone is Zone.BATTLEFIELD and o.attacking not in (None, False) for o in state.objects
    )
    if state.combat.blockers_declared:  # the play-out declared them (509.1g)
        out, reasons = {}, []
        for obj in state.in_zone(Zone.BATTLEFIELD):
            blocked = [state.obj(a) for a in obj.blocking if state.obj(a).attacking]
            if not blocked:
                continue
            shown = [_ref_of(state, a.oid) for a in blocked]
            out[_ref_of(state, obj.oid)] = shown[0] if len(shown) == 1 else shown
            said = " and ".join(a.label for a in blocked)
            reasons.append(Reason(True, f"{obj.label} is blocking {said}.", ("509.1g",)))
        if not out:
            reasons.append(Reason(True, f"No creature is blocking ({state.when}).", ("509.1g",)))
        return out, reasons
    if state.step in AFTER_BLOCKERS and attacking:
        raise _Refused(
            f"which creatures are blocking: it is {state.when}, after blockers are declared "
            "(CR 509.1), and the game state mtgrules keeps doesn't record blockers"
        )
    why = (
        "nothing is attacking"
        if not attacking
        else "blockers are declared only in the declare blockers step, which hasn't begun"
    )
    return {}, [
        Reason(True, f"No creature is blocking ({state.when}): {why}.", GAME_FACTS["blocking"])
    ]


def _find(state: GameState, ref: str) -> GameObject | None:
    try:
        return state.find(ref)
    except KeyError:
        return None


def _ref_of(state: GameState, oid: str) -> str:
    """How the answer names an object it wasn't asked by name: its id, else its name."""
    try:
        obj = state.obj(oid)
    except KeyError:
        return oid
    return obj.handle or obj.face_name or obj.card.name


def _label(state: GameState, ref: str) -> str:
    if ref in state.player_names:
        return ref
    obj = _find(state, ref)
    return obj.label if obj is not None else ref


def _where(obj: GameObject) -> str:
    shared = SHARED_ZONES.get(obj.zone)
    return shared if shared else f"in {obj.owner}'s {obj.zone.value}"
