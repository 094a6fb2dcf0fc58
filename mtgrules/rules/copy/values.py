"""Copiable values and layer 1 (CR 707, 613.2, 708, 712.8).

:func:`copiable_values` is what a copy of an object acquires (CR 707.2): the
values printed on it (or, for a token, those its creating effect stated,
CR 613.1), as modified by other copy effects (707.3), by the exceptions of
those effects (707.9) and by its face-down status (708.2). Status, counters,
Auras and non-copy effects never enter into them. The same values are the
object's characteristics after layer 1 (613.2c), which is where
:mod:`mtgrules.rules.layers.characteristics` starts.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from mtgrules.cards.copying import (
    EMBALM_EXCEPTIONS,
    NONCREATURE_SUBTYPES,
    SUBTYPES_OF,
    CopyExceptions,
    sort_types,
    unnumbered,
)
from mtgrules.cards.mana import ManaCost
from mtgrules.cards.vocabulary import Ability, AbilityKind, CardDef
from mtgrules.model.state import GameObject, GameState, Zone
from mtgrules.rules import Unsupported
from mtgrules.rules.copy.own import OwnCopy, effect_exceptions_check, own_copy
from mtgrules.rules.layers.durations import in_force
from mtgrules.rules.layers.faces import face_up
from mtgrules.rules.layers.subtypes import dropped_subtypes_note, without_unmatched


@dataclass(frozen=True)
class Applied:
    """One effect the layer system applied, for the breakdown an answer shows (CR 613.7)."""

    layer: str  # "1a", "1b", "2", "4", "6", "7c", ...
    what: str
    rules: tuple[str, ...]
    source: str | None = None
    timestamp: int | None = None


@dataclass(frozen=True)
class Copiable:
    """An object's copiable values (CR 707.2) and how they came about.

    ``face`` says what they were taken from: ``front``, ``back`` (a nonmodal
    double-faced permanent's back face) or ``melded``; ``is_copy`` whether a copy
    effect supplied them, which decides the mana value of a back face or melded
    permanent (CR 712.8e, 712.8g).
    """

    name: str
    mana_cost: ManaCost
    color_indicator: tuple[str, ...] | None
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    supertypes: tuple[str, ...]
    abilities: tuple[Ability, ...]
    power: int | str | None
    toughness: int | str | None
    loyalty: int | None
    face: str = "front"
    is_copy: bool = False
    face_down: bool = False
    front_mana_value: int | None = None  # a back face or meld result's own mana value
    exception_rules: tuple[str, ...] = ()  # set when copy exceptions shaped these values (707.9)
    steps: tuple[Applied, ...] = ()
    prototyped: bool = False  # the prototype values of a prototyped spell or its permanent (718.2a)

    @property
    def colors(self) -> frozenset[str]:
        """CR 202.2, 707.2a: colors follow the mana cost unless a color indicator says otherwise."""
        if self.color_indicator is not None:
            return frozenset(self.color_indicator)
        return self.mana_cost.colors


def printed_values(obj: GameObject, copying: bool = False) -> Copiable:
    """The values an object starts from (CR 613.1): its printed face that is up, or a
    token's stated characteristics; an embalmed token's embalm exceptions (702.128a)."""
    card, face, front_mv = obj.card, "front", None
    steps: list[Applied] = []
    if obj.token:
        steps.append(
            Applied(
                "start",
                "a token: it starts from the characteristics its creating effect stated, "
                "which are its copiable values",
                ("613.1", "111.3"),
            )
        )
    shown = face_up(obj, copying)  # rules/layers/faces.py: flip, modal back, split half, Adventure
    if shown is not None:
        card, face = shown.card, shown.face
        steps.append(Applied("start", shown.what, shown.rules))
    elif obj.transformed and (copying or obj.zone in (Zone.BATTLEFIELD, Zone.STACK)):
        if card.back_face is None:
            raise Unsupported(f"{card.name} is marked transformed but has no back face defined")
        front_mv = card.mana_cost.mana_value()
        card, face = card.back_face, "back"
        steps.append(
            Applied(
                "start",
                f"back face up: it has only the characteristics of {card.name}",
                ("712.8e",),
            )
        )
    elif card.melds_from:
        face, front_mv = "melded", _melded_mana_value(card)
        steps.append(
            Applied(
                "start",
                f"a melded permanent ({' and '.join(card.melds_from)}): the combined back face",
                ("712.8g",),
            )
        )
    values = Copiable(
        name=card.name,
        mana_cost=card.mana_cost,
        color_indicator=card.color_indicator,
        types=card.types,
        subtypes=card.subtypes,
        supertypes=card.supertypes,
        abilities=card.abilities,
        power=card.power,
        toughness=card.toughness,
        loyalty=card.loyalty,
        face=face,
        front_mana_value=front_mv,
        steps=tuple(steps),
    )
    if obj.prototyped and (copying or obj.zone in (Zone.BATTLEFIELD, Zone.STACK)):
        values = prototyped_values(values, card)
    if obj.embalmed:
        values = apply_exceptions(values, EMBALM_EXCEPTIONS)
        values = _step(
            values,
            Applied(
                "1a",
                "an embalmed token: a copy of the card except it's white, has no mana cost "
                "and is a Zombie in addition to its other types (these are copiable values)",
                ("702.128a", "707.9b"),
                source="embalm",
            ),
        )
    return values


def prototyped_values(values: Copiable, card: CardDef) -> Copiable:
    """CR 718.3b, 718.2a, 718.3d: a spell cast prototyped and the permanent it becomes have
    only the prototype mana cost, power and toughness, and the colors of that mana cost
    (105.2); these are its copiable values, so a copy of it gets them too."""
    prototype = card.prototype
    if prototype is None:
        raise Unsupported(f"{card.name} is marked prototyped but has no prototype ability")
    colors = "/".join(c for c in _WUBRG if c in prototype.mana_cost.colors) or "colorless"
    return _step(
        replace(
            values,
            mana_cost=prototype.mana_cost,
            color_indicator=None,
            prototyped=True,
            power=prototype.power,
            toughness=prototype.toughness,
        ),
        Applied(
            "start",
            f"cast prototyped: it has only its prototype mana cost {prototype.mana_cost}, power "
            f"and toughness {prototype.power}/{prototype.toughness}, and the colors of that "
            f"cost ({colors}); these are its copiable values",
            ("718.3b", "105.2", "718.2a"),
        ),
    )


def _melded_mana_value(card: CardDef) -> int:
    """CR 712.8g: a melded permanent's mana value is the sum of its front faces'."""
    # lazy: the imported cards (and the Oracle reader) load only for a melded permanent
    from mtgrules.cards.db import default_library

    library = default_library()  # the imported meld cards' fronts too
    total = 0
    for name in card.melds_from:
        front = library.get(name)
        if front is None:
            raise Unsupported(f"the front face {name} of {card.name} is not defined")
        total += front.mana_cost.mana_value()
    return total


@dataclass(frozen=True)
class CopyEffect:
    """One copy effect on an object (CR 613.2a): what it copies, its exceptions (707.9),
    where it came from (an ``effects:`` entry's source and timestamp), and, for the one it
    entered with, whether its own copy ability generated it (:mod:`mtgrules.rules.copy.own`)."""

    target: str
    exceptions: CopyExceptions
    source: str | None = None
    timestamp: int | None = None
    own: OwnCopy | None = None


def copy_effects(
    state: GameState, obj: GameObject, own_abilities: tuple[Ability, ...] | None = None
) -> list[CopyEffect]:
    """The copy effects on ``obj`` in timestamp order (CR 613.2a, 613.7): the one it
    entered with (``copy_of`` of the object, as old as the object; its own copy ability's
    exceptions apply, 707.9) and those of ``effects``. ``own_abilities``: its abilities
    before any copy effect (default: its printed values')."""
    out: list[CopyEffect] = []
    if obj.copy_of is not None:
        if own_abilities is None:
            own_abilities = printed_values(obj).abilities
        granted = frozenset(
            k.lower()
            for e in in_force(state, state.effects_on(obj.oid))
            for k in (*e.add_abilities, *dict(e.becomes).get("abilities", ()))
        )
        own = own_copy(obj, own_abilities, granted)
        out.append(CopyEffect(obj.copy_of, own.exceptions, own=own))
    for e in in_force(state, sorted(state.effects_on(obj.oid), key=lambda e: e.timestamp)):
        if e.copy_of is not None:
            effect_exceptions_check(state, e)
            out.append(CopyEffect(e.copy_of, CopyExceptions(), e.source, e.timestamp))
    return out


def described(state: GameState, obj: GameObject) -> str:
    """How a question names an object that is a copy: "Clone (clone), a copy of Llanowar Elves"."""
    try:
        if not copy_effects(state, obj):
            return obj.label
        name = copiable_values(state, obj).name or "a face-down creature"
    except Unsupported:
        return obj.label
    return f"{obj.label}, a copy of {name}"


MAX_COPY_CHAIN = 100  # objects copying objects that copy objects ... (a real game has a few)


def copiable_values(state: GameState, obj: GameObject, _seen: tuple[str, ...] = ()) -> Copiable:
    """CR 707.2, 707.3, 613.2: the object's values after layer 1, which are what copies of it get.

    An object copied from outside the battlefield (Identity Thief's exiled target)
    is read as the case lists it: ``transformed`` or ``copy_of`` there record the
    face and copy effect it had when it was copied (the values are fixed then).
    """
    if obj.oid in _seen:
        loop = [state.obj(oid).label for oid in _seen[_seen.index(obj.oid) :]]
        raise Unsupported(
            f"the copy effects of {', '.join(loop)} copy each other in a loop; the engine "
            "can't order them"
        )
    if len(_seen) > MAX_COPY_CHAIN:  # the recursion follows the chain: bounded (hostile-inputs.md)
        raise _too_long()
    # Remembered on the state per object (and whether it is being copied), with the length
    # of the chain below it: a chain of N copies is then read in N steps, not N²/2, and a
    # remembered value still refuses a chain that grows too long above it. A value is
    # remembered only once its whole chain was read without a loop, so a hit has none.
    memory, key = state.memory(), ("rules.copy.copiable_values", id(obj), bool(_seen))
    hit = memory.get(key)
    if hit is not None and hit[0] is obj:
        values, below = hit[1]
        if len(_seen) + below > MAX_COPY_CHAIN:
            raise _too_long()
        return values
    values = printed_values(obj, copying=bool(_seen))
    below = 0
    for effect in copy_effects(state, obj, values.abilities):
        target = state.obj(effect.target)
        copied = copiable_values(state, target, (*_seen, obj.oid))
        below = max(below, 1 + memory[("rules.copy.copiable_values", id(target), True)][1][1])
        values = become_copy(
            values, copied, target, effect.exceptions, effect.source, effect.timestamp, effect.own
        )
    if obj.face_down:
        values = face_down_values(values)
    memory[key] = (obj, (values, below))
    return values


def _too_long() -> Unsupported:
    return Unsupported(
        f"a chain of more than {MAX_COPY_CHAIN} objects each copying the next is not modeled"
    )


def become_copy(
    own: Copiable,
    copied: Copiable,
    target: GameObject,
    exceptions: CopyExceptions,
    source: str | None,
    timestamp: int | None,
    copier: OwnCopy | None = None,
) -> Copiable:
    """Layer 1a: a copy effect overwrites the copiable values (CR 707.2, 707.3) and
    applies its exceptions (707.9); the copy keeps nothing but status of its own.
    ``copier``: the copy effect ``copy_of`` names, which the copier's own copy ability may
    have generated (614.1c, 707.5); the reason then says so."""
    where = "" if target.zone is Zone.BATTLEFIELD else f" (as the card in {target.zone})"
    if target.named_card:
        where = " (the card by that name, as its Oracle text gives it)"
    what = f"becomes a copy of {target.label}{where}: {_summary(copied)}"
    rules = ["707.2", "613.2a"]
    if copied.is_copy:
        what += " — the copiable values that object has from its own copy effect"
        rules.append("707.3")
    if copied.exception_rules:
        what += ", including the exceptions that effect made, which are copiable values too"
        rules += [r for r in copied.exception_rules if r not in rules]
    if target.token:
        what += " — a token's values as its creating effect stated them"
        rules.append("111.3")
    if copied.face in ("back", "melded") or target.card.back_face is not None:
        # CR 707.8, 712.8: a double-faced permanent is copied by the face that is up
        what += " — the values of its face that is up"
        rules.append("707.8")
    if copied.prototyped:
        what += " — the prototype values of a prototyped spell or the permanent it became"
        rules += ["718.2a", "718.3d"]
    if copied.face_down:
        what += " — the face-down values, though the copy itself is face up"
        rules.append("708.2")
    if timestamp is not None:
        what += (
            "; it became a copy while on the battlefield, so no enters or leaves abilities "
            "trigger and the non-copy effects on it keep applying"
        )
        rules.append("707.4")
    values = replace(copied, is_copy=True, face_down=False, steps=own.steps)
    if exceptions.own_colors or exceptions.own_pt or exceptions.own_abilities:
        rules.append("707.9c")
        what += "; it keeps some of its own values, which the copy effect doesn't copy"
    exceptions = own_values(exceptions, own)
    if copier is not None and copier.ability is not None:
        what += f"; {copier.card} entered as this copy through its own copy ability"
        rules += ["614.1c", "707.5"]
    if not exceptions.is_empty:
        values = apply_exceptions(values, exceptions)
        if copier is not None and copier.ability is not None:
            what += f", except {exceptions.describe()}, as {copier.card}'s own copy ability states"
            rules.append("707.9")
            if copier.stated:
                what += " (with the exceptions the case states)"
        else:
            what += f"; except {exceptions.describe()}"
        dropped, why = dropped_subtypes_note(exceptions, values.types, values.subtypes)
        what += dropped
        rules += why
        for a in exceptions.abilities_unless_has:
            has = a not in _unless_has((a,), copied.abilities + exceptions.abilities)
            name = unnumbered(a.keyword or "")
            what += (
                f" — the copied values have {name}, so it doesn't get {a.keyword}"
                if has
                else f" — the copied values have no {name}, so it gets {a.keyword}"
            )
        lost = [t for t in copied.subtypes if t not in values.subtypes]
        if lost and (exceptions.types is not None or exceptions.loses_other_card_types):
            what += (
                f" — it loses the subtypes of the card types it no longer has ({', '.join(lost)})"
            )
            rules.append("205.1a")
        rules += ["707.9a"] * bool(exceptions.abilities or exceptions.abilities_unless_has)
        rules += ["707.9b"] * _sets_values(exceptions)
        if _drops_cda(exceptions):
            rules.append("707.9d")
            if any(a.defines_pt for a in copied.abilities) and exceptions.power is not None:
                what += (
                    " — so it doesn't get the ability that defines the copied power and toughness"
                )
    return _step(values, Applied("1a", what, tuple(rules), source, timestamp))


_WUBRG = "WUBRG"


def own_values(ex: CopyExceptions, own: Copiable) -> CopyExceptions:
    """CR 707.9c-d: exceptions that keep the copier's own values ("it doesn't copy that
    creature's color", "its power and toughness are equal to this creature's", "it has
    [this card]'s other abilities") become values set by the exception, taken from the
    copier's values before this copy effect (its printed ones, for a permanent entering)."""
    if not (ex.own_colors or ex.own_pt or ex.own_abilities):
        return ex
    if ex.own_abilities and any(a.described_only for a in own.abilities):
        raise Unsupported(
            "the copy keeps its own other abilities, and the engine doesn't read all of them"
        )
    power, toughness = ex.power, ex.toughness
    if ex.own_pt:
        if any(a.described_only for a in own.abilities):
            raise Unsupported(
                "the copy keeps its own power and toughness, and it has an ability the engine "
                "doesn't read that may have changed them as it was cast"
            )
        if not isinstance(own.power, int) or not isinstance(own.toughness, int):
            raise Unsupported("the copy keeps a power and toughness its own card doesn't state")
        power, toughness = own.power, own.toughness
    return replace(
        ex,
        own_colors=False,
        own_pt=False,
        own_abilities=False,
        colors=tuple(c for c in _WUBRG if c in own.colors) if ex.own_colors else ex.colors,
        power=power,
        toughness=toughness,
        abilities=ex.abilities
        + (tuple(a for a in own.abilities if a.enters_as_copy is None) if ex.own_abilities else ()),
    )


def apply_exceptions(values: Copiable, ex: CopyExceptions) -> Copiable:
    """CR 707.9a-d: the exceptions become part of the copiable values; a characteristic the
    exception sets loses the characteristic-defining ability that would define it (707.9d)."""
    abilities = values.abilities
    if ex.power is not None or ex.toughness is not None:
        abilities = tuple(a for a in abilities if a.defines_pt is None)
    if ex.subtypes is not None:
        abilities = tuple(
            a
            for a in abilities
            if not (a.kind is AbilityKind.KEYWORD and a.keyword == "changeling")
        )
    add_types, add_super, add_sub = sort_types(ex.additional_types)
    types = ex.types if ex.types is not None else values.types
    if ex.loses_other_card_types:
        types = ()
    supertypes = ex.supertypes if ex.supertypes is not None else values.supertypes
    subtypes = ex.subtypes if ex.subtypes is not None else values.subtypes
    final_types = _union(types, add_types)
    if ex.subtypes is None and (ex.types is not None or ex.loses_other_card_types):
        subtypes = kept_subtypes(values, final_types, add_sub)
    colors = ex.colors if ex.colors is not None else values.color_indicator
    if ex.colors_of_choice:
        raise Unsupported(
            "its colors include the colors its controller chose as it entered, which the case "
            "doesn't record (the `enters` question takes them as `choose_colors`)"
        )
    if (
        ex.additional_colors
    ):  # CR 707.9b: "the colors of your choice in addition to its other colors"
        have = set(ex.colors) if ex.colors is not None else set(values.colors)
        colors = tuple(c for c in _WUBRG if c in have | set(ex.additional_colors))
    abilities += tuple(a for t, a in ex.abilities_if if t in final_types)  # CR 707.9f
    abilities += _unless_has(ex.abilities_unless_has, values.abilities + ex.abilities)
    rules = ("707.9a",) if ex.abilities or ex.abilities_unless_has else ()
    if _sets_values(ex):
        rules += ("707.9b",)
    types = _without(_union(types, add_types), ex.without_types)
    if ex.subtypes is not None:  # CR 205.3d: only subtypes of the card types it has
        subtypes = without_unmatched(subtypes, types)
    add_sub = without_unmatched(add_sub, types)
    return replace(
        values,
        exception_rules=tuple(dict.fromkeys((*values.exception_rules, *rules))),
        name=ex.name if ex.name is not None else values.name,
        mana_cost=ex.mana_cost if ex.mana_cost is not None else values.mana_cost,
        color_indicator=colors,
        types=types,
        supertypes=_without(_union(supertypes, add_super), ex.without_types),
        subtypes=_without(_union(subtypes, add_sub), ex.without_types),
        power=ex.power if ex.power is not None else values.power,
        toughness=ex.toughness if ex.toughness is not None else values.toughness,
        abilities=abilities + ex.abilities,
    )


def kept_subtypes(
    values: Copiable, final_types: tuple[str, ...], added: tuple[str, ...]
) -> tuple[str, ...]:
    """CR 205.1a: an exception that sets the card types (Machine God's Effigy's "it's an
    artifact", Imposter Mech's "loses all other card types") removes the subtypes that go
    with a card type it no longer has; those of a card type it keeps stay. Creature and
    planeswalker types are told apart only by the other lists (205.3g-q), so a copy keeping
    one of those two card types and losing the other is not worked out."""
    kept = []
    # card types whose subtypes SUBTYPES_OF leaves out
    unlisted = {"Creature", "Kindred", "Planeswalker"}
    lost_unlisted = unlisted & set(values.types) - set(final_types)
    for sub in values.subtypes:
        families = [t for t, subs in SUBTYPES_OF.items() if sub in subs]
        if families:
            if any(t in final_types for t in families):
                kept.append(sub)
            continue
        if not unlisted & set(final_types):
            continue  # a creature or planeswalker type of a card type it lost
        if lost_unlisted:
            raise Unsupported(
                f"the copy keeps some of the card types creature and planeswalker and loses "
                f"others; whether its subtype {sub} stays is not worked out"
            )
        kept.append(sub)
    if added and any(s not in added for s in kept if s in NONCREATURE_SUBTYPES):
        raise Unsupported(
            "the copy effect makes it "
            + " ".join(added)
            + " and the copied values have other subtypes of that card type ("
            + ", ".join(s for s in kept if s not in added)
            + "); whether those stay or are replaced is not settled"
        )
    return tuple(kept)


def _sets_values(ex: CopyExceptions) -> bool:
    """Whether the exceptions modify characteristics other than by granting abilities (707.9b)."""
    return replace(ex, abilities=(), abilities_unless_has=()) != CopyExceptions()


def _unless_has(granted: tuple[Ability, ...], copied: tuple[Ability, ...]) -> tuple[Ability, ...]:
    """CR 707.9a: "it has vanishing 3 if that creature doesn't have vanishing" — each keyword
    is granted only if the copied values (with the effect's other exceptions) have no keyword
    of that name (Flesh Duplicate)."""
    names = {unnumbered(a.keyword or "") for a in copied if a.kind is AbilityKind.KEYWORD}
    return tuple(a for a in granted if unnumbered(a.keyword or "") not in names)


def face_down_values(values: Copiable) -> Copiable:
    """Layer 1b (CR 708.2, 708.2a): a 2/2 creature with no name, text, types or mana cost."""
    return Copiable(
        name="",
        mana_cost=ManaCost(),
        color_indicator=None,
        types=("Creature",),
        subtypes=(),
        supertypes=(),
        abilities=(),
        power=2,
        toughness=2,
        loyalty=None,
        face_down=True,
        steps=(
            *values.steps,
            Applied(
                "1b",
                "face down: a 2/2 creature with no name, mana cost, types or abilities "
                "(these are its copiable values)",
                ("708.2a", "613.2b"),
            ),
        ),
    )


def copy_mana_value(values: Copiable) -> tuple[int, tuple[str, ...]] | None:
    """The mana value the face makes, when it isn't the mana cost's (CR 712.8e, 712.8g):
    a back face's is its front face's, a melded permanent's its front faces' together, and
    a copy of either has 0 (202.3b, 202.3c: the rules of that mana value decide it)."""
    if values.face == "back":
        return (
            (0, ("712.8e", "202.3b", "707.8"))
            if values.is_copy
            else (values.front_mana_value or 0, ("712.8e", "202.3b"))
        )
    if values.face == "melded":
        return (
            (0, ("712.8g", "202.3c", "707.8"))
            if values.is_copy
            else (values.front_mana_value or 0, ("712.8g", "202.3c"))
        )
    return None


def _drops_cda(ex: CopyExceptions) -> bool:
    return (
        ex.power is not None
        or ex.toughness is not None
        or ex.subtypes is not None
        or ex.colors is not None
    )


def _union(a: tuple[str, ...], b: tuple[str, ...]) -> tuple[str, ...]:
    return a + tuple(x for x in b if x not in a)


def _without(a: tuple[str, ...], drop: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(x for x in a if x not in drop)


def _step(values: Copiable, applied: Applied) -> Copiable:
    return replace(values, steps=(*values.steps, applied))


def _summary(v: Copiable) -> str:
    if v.face_down:
        return "a nameless 2/2 creature"
    pt = f" {v.power}/{v.toughness}" if v.power is not None else ""
    left = " ".join((*v.supertypes, *v.types))
    line = f"{left} — {' '.join(v.subtypes)}" if v.subtypes else left
    return f"{v.name or 'no name'}, {line}{pt}"
