"""Type rules for copies and type-changing effects (CR 205.1a-b, 205.3c-d, 205.3g-q).

* An object can't gain a subtype that doesn't correspond to one of its card types
  (205.3d): Phantasmal Image copying a noncreature artifact doesn't become an Illusion,
  an embalmed token copying a noncreature planeswalker isn't a Zombie. Each subtype
  belongs to card types (205.3c): creature types to creatures and kindreds (205.3m),
  artifact, enchantment, land, spell and battle types to theirs (205.3g-i, 205.3k,
  205.3q); any other subtype is a planeswalker type (205.3j).
* An effect that sets the card types replaces them; an instant or sorcery keeps that
  type, and subtypes of a card type the object lost go with it unless they belong to a
  card type it still has (205.1a).
* An effect that sets subtypes replaces only the existing subtypes of the same kind
  (creature types, land types, ...), never card types (205.1a); "in addition to its
  other types" keeps everything (205.1b).
"""

from __future__ import annotations

from dataclasses import dataclass

from mtgrules.cards.copying import SUBTYPES_OF, CopyExceptions, sort_types
from mtgrules.cards.creature_types import CREATURE_TYPES
from mtgrules.cards.vocabulary import Ability
from mtgrules.model.state import ContinuousEffect, GameState
from mtgrules.rules import Unsupported
from mtgrules.rules.layers.durations import in_force

# changeling's "every creature type" (CR 702.73a), as the layer system writes it
_ALL_CREATURE_TYPES = "all creature types"
_CREATURE_TYPE_OWNERS = frozenset({"Creature", "Kindred"})


def card_types_of(subtype: str) -> frozenset[str]:
    """The card types a subtype corresponds to (CR 205.3c, 205.3g-q)."""
    owners = {t for t, subs in SUBTYPES_OF.items() if subtype in subs}
    if subtype in CREATURE_TYPES or subtype == _ALL_CREATURE_TYPES:
        owners |= _CREATURE_TYPE_OWNERS
    if not owners:  # CR 205.3j: the planeswalker types are the other ones
        owners = {"Planeswalker"}
    return frozenset(owners)


_KIND_NAMES = {
    frozenset({"Creature", "Kindred"}): "creature types",
    frozenset({"Instant", "Sorcery"}): "spell types",
}


def kind_name(subtype: str) -> str:
    """ "creature types", "land types", ...: the set a subtype belongs to (CR 205.3g-q)."""
    owners = card_types_of(subtype)
    return _KIND_NAMES.get(owners) or f"{'/'.join(sorted(owners)).lower()} types"


def corresponds(subtype: str, types: tuple[str, ...]) -> bool:
    """CR 205.3d: the subtype corresponds to one of these card types."""
    return bool(card_types_of(subtype) & set(types))


def split_gained(
    gained: tuple[str, ...], types: tuple[str, ...]
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """CR 205.3d: the subtypes an object with ``types`` can gain, and those it can't."""
    return (
        tuple(s for s in gained if corresponds(s, types)),
        tuple(s for s in gained if not corresponds(s, types)),
    )


def without_unmatched(gained: tuple[str, ...], types: tuple[str, ...]) -> tuple[str, ...]:
    """The gained subtypes that correspond to one of the object's card types (CR 205.3d)."""
    return split_gained(gained, types)[0]


def dropped_subtypes_note(
    ex: CopyExceptions, types: tuple[str, ...], subtypes: tuple[str, ...]
) -> tuple[str, tuple[str, ...]]:
    """The breakdown's words (and rule) for subtypes a copy effect's exceptions would add
    that the copy can't have, its card types being what they are (CR 205.3d)."""
    added = (*sort_types(ex.additional_types)[2], *(ex.subtypes or ()))
    lost = tuple(dict.fromkeys(s for s in added if s not in subtypes))
    if not lost:
        return "", ()
    kinds = sorted({t.lower() for s in lost for t in card_types_of(s)} - {"kindred"})
    return (
        f" — but it is not {_a(' or '.join(kinds))}, so it doesn't get the subtype"
        f"{'s' if len(lost) > 1 else ''} {', '.join(lost)}: an object can't have a subtype "
        "that doesn't correspond to one of its card types",
        ("205.3d",),
    )


def set_card_types(
    types: tuple[str, ...], subtypes: tuple[str, ...], new: tuple[str, ...]
) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """CR 205.1a: an effect sets the card types. Returns (types, subtypes, subtypes lost):
    an instant or sorcery stays one; a subtype stays only if it corresponds to a card
    type the object still has."""
    kept = tuple(t for t in types if t in ("Instant", "Sorcery") and t not in new)
    final = (*new, *kept)
    stay = tuple(s for s in subtypes if corresponds(s, final))
    return final, stay, tuple(s for s in subtypes if s not in stay)


def set_subtypes(
    types: tuple[str, ...], subtypes: tuple[str, ...], new: tuple[str, ...]
) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """CR 205.1a, 205.3d: an effect sets subtypes. The new ones replace the existing
    subtypes of the same kind (a creature type replaces the creature types, a land type
    the land types); those of other kinds stay. Returns (subtypes, replaced, not gained):
    a new subtype that doesn't correspond to one of its card types isn't gained."""
    gained, refused = split_gained(new, types)
    kinds = {frozenset(card_types_of(s)) for s in new}
    replaced = tuple(s for s in subtypes if frozenset(card_types_of(s)) in kinds)
    stay = tuple(s for s in subtypes if s not in replaced)
    return (*stay, *(s for s in gained if s not in stay)), replaced, refused


def _a(noun: str) -> str:
    return ("an " if noun[:1] in "aeiou" else "a ") + noun


BASIC_LAND_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")


@dataclass(frozen=True)
class TypeChange:
    """What one layer-4 effect did (CR 613.1d), for the breakdown."""

    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    abilities: tuple[Ability, ...]
    changes: tuple[str, ...]
    rules: tuple[str, ...]


def type_change(
    types: tuple[str, ...],
    subtypes: tuple[str, ...],
    abilities: tuple[Ability, ...],
    e: ContinuousEffect,
) -> TypeChange | None:
    """One type-changing effect in layer 4 (CR 613.1d): card types first (set, 205.1a;
    added, 205.1b), then subtypes (set: they replace those of their kind, 205.1a; added:
    kept with the old ones), each only if it corresponds to one of the card types the
    object now has (205.3d). Setting a land's subtype to basic land types also removes
    the abilities from its rules text and copy effects (305.7); the basic land types'
    mana abilities come with the new types (305.6). None if it changes nothing."""
    types_l, subs = list(types), list(subtypes)
    changes: list[str] = []
    rules: list[str] = []
    becomes = dict(e.becomes)
    if e.set_types is not None:
        new_types, subs_t, lost = set_card_types(tuple(types_l), tuple(subs), e.set_types)
        types_l, subs = list(new_types), list(subs_t)
        changes.append(f"types become {' '.join(types_l)}")
        if lost:
            changes.append(
                f"it loses the subtypes of the card types it no longer has ({', '.join(lost)})"
            )
        rules.append("205.1a")
    kept = list(types_l)
    for t in (*e.add_types, *becomes.get("types", ())):
        if t not in types_l:
            types_l.append(t)
            changes.append(f"becomes a {t}")
    if kept and len(types_l) > len(kept):
        # CR 205.1b: an added type ("in addition to its other types", "becomes an artifact
        # creature") keeps the types it had
        changes.append(f"keeping its other types ({' '.join(kept)})")
        rules.append("205.1b")
    if e.set_subtypes is not None:
        new_subs, replaced, refused = set_subtypes(tuple(types_l), tuple(subs), e.set_subtypes)
        subs = list(new_subs)
        kinds = " and ".join(dict.fromkeys(kind_name(s) for s in e.set_subtypes))
        set_to = " ".join(s for s in e.set_subtypes if s not in refused)
        if set_to:
            what = f"its {kinds} become {set_to}"
            what += f", replacing {', '.join(replaced)}" if replaced else ""
            changes.append(what)
        rules.append("205.1a")
        if refused:
            changes.append(_refused(refused))
            rules.append("205.3d")
        if "Land" in types_l and set(e.set_subtypes) & set(BASIC_LAND_TYPES):
            abilities = ()
            changes.append(
                "as a land whose subtype is set to a basic land type, it loses the abilities "
                "from its rules text and from copy effects (abilities other effects grant stay)"
            )
            rules.append("305.7")
    added = [s for s in (*e.add_subtypes, *becomes.get("subtypes", ())) if s not in subs]
    can, cannot = split_gained(tuple(added), tuple(types_l))
    for s in can:
        subs.append(s)
        changes.append(f"gains subtype {s}")
    if cannot:
        changes.append(_refused(cannot))
        rules.append("205.3d")
    if becomes.get("all_creature_types") and _ALL_CREATURE_TYPES not in subs:
        if corresponds(_ALL_CREATURE_TYPES, tuple(types_l)):
            subs.append(_ALL_CREATURE_TYPES)
            changes.append("has all creature types")
        else:
            changes.append(_refused(("all creature types",)))
            rules.append("205.3d")
    if not changes:
        return None
    return TypeChange(
        tuple(types_l), tuple(subs), abilities, tuple(changes), tuple(dict.fromkeys(rules))
    )


def _refused(subtypes: tuple[str, ...]) -> str:
    kinds = sorted({t.lower() for s in subtypes for t in card_types_of(s)} - {"kindred"})
    return (
        f"it doesn't gain {', '.join(subtypes)}: not {_a(' or '.join(kinds))}, it can't have "
        "a subtype of that kind"
    )


def basic_land_dependency(state: GameState, effects: list[ContinuousEffect]) -> None:
    """CR 305.7, 613.8a: a land whose subtype an effect sets to a basic land type loses its
    abilities; another effect that comes from that land's own ability then depends on the
    first (Blood Moon and Urborg), which the case format can't order: unsupported."""
    losing = {
        oid
        for e in effects
        if e.set_subtypes is not None and set(e.set_subtypes) & set(BASIC_LAND_TYPES)
        for oid in e.affects
    }
    if not losing:
        return
    for e in in_force(state, list(state.effects)):
        if e.source is None or (e.set_subtypes and set(e.set_subtypes) & set(BASIC_LAND_TYPES)):
            continue
        try:
            src = state.find(e.source)
        except KeyError:
            continue
        if src.oid in losing:
            raise Unsupported(
                f"an effect sets the land type of {src.label}, which removes its abilities "
                f"(CR 305.7), and the effect from {e.source} comes from one of them: whether "
                "it still applies depends on the order of dependent effects (CR 613.8a), "
                "which mtgrules doesn't work out for land types"
            )
