"""Whose copy effect made an object a copy, and which exceptions it has (CR 614.1c, 707.5,
707.9, 707.9a-b).

A case writes ``copy_of: ID`` on a permanent that *is* a copy. When the object's own card
has a "you may have this enter as a copy of ..." ability (Clone, Phantasmal Image, Vizier
of Many Faces, Spark Double, ...), that ability is what made it a copy, and the copy
effect carries the ability's exceptions: an Illusion subtype and a sacrifice trigger
(Phantasmal Image), white, no mana cost and a Zombie for an embalmed Vizier token
(707.9a-b). ``copy_of: {object: ID, via: other}`` says another effect made it a copy
(Cytoshape, a Clone's copy ability applied to a token of it...): then only the ``except``
the case states applies.

A token whose creating effect made it a copy of a card (embalm, eternalize, "create a
token that's a copy of"): the token is first a copy of that card (its ``card``, with the
embalm exceptions, 702.128a), and the card's copy ability, which the token has, applies as
it enters (707.5) — so ``copy_of`` on an embalmed Vizier token is the Vizier's own ability
and its "if this creature was embalmed" exceptions apply.

When the object has a copy ability the engine doesn't read, or the effect that made it a
copy comes from an ability with exceptions the engine doesn't read, the answer is
unsupported, naming the card and the ability in its own words.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields, replace

from mtgrules import lazyre
from mtgrules.cards.copying import CopyExceptions, EntersAsCopy
from mtgrules.cards.vocabulary import Ability
from mtgrules.model.state import ContinuousEffect, GameObject, GameState
from mtgrules.rules import Unsupported

# "enter as a copy of", "becomes a copy of", "become a copy of": an ability of the object
# that makes it a copy
_COPY_WORDS = lazyre.compile(r"\b(enters? as|becomes?) a copy\b", re.IGNORECASE)
_OTHERS_WORDS = lazyre.compile(r"\b(creatures|tokens?|permanents)\b[^.]*\benters? as a copy", re.I)


@dataclass(frozen=True)
class OwnCopy:
    """The copy effect on ``copy_of``: its exceptions and, when the copier's own ability
    generated it, that ability (for the reasons: "as Phantasmal Image's own copy ability
    states", CR 707.9)."""

    exceptions: CopyExceptions
    ability: Ability | None = None
    card: str = ""
    stated: bool = False  # the case stated exceptions too (`copy_of.except`)


def entering_exceptions(clone: EntersAsCopy, embalmed: bool) -> CopyExceptions:
    """CR 707.9a-b: the exceptions of a copier's own copy effect; Vizier of Many Faces'
    "if this creature was embalmed" ones are added for an embalmed token (702.128b)."""
    ex = clone.exceptions
    if embalmed and clone.if_embalmed is not None:
        extra = clone.if_embalmed
        ex = replace(
            ex,
            mana_cost=extra.mana_cost if extra.mana_cost is not None else ex.mana_cost,
            colors=extra.colors if extra.colors is not None else ex.colors,
            additional_types=ex.additional_types + extra.additional_types,
            abilities=ex.abilities + extra.abilities,
        )
    return ex


def merged(own: CopyExceptions, stated: CopyExceptions | None) -> CopyExceptions:
    """The card's own exceptions with those a case (or the ``enters`` question) states on
    top: a value the case sets wins, added types and abilities are joined without
    repeats. Merging the same exceptions twice changes nothing."""
    if stated is None or stated == own:
        return own
    values = {}
    for f in fields(CopyExceptions):
        mine, theirs = getattr(own, f.name), getattr(stated, f.name)
        if isinstance(mine, tuple):
            values[f.name] = mine + tuple(x for x in theirs if x not in mine)
        elif isinstance(mine, bool):
            values[f.name] = mine or theirs
        else:
            values[f.name] = theirs if theirs is not None else mine
    out = CopyExceptions(**values)
    if stated.additional_colors:  # the colors chosen as it entered are given: no choice left
        out = replace(out, colors_of_choice=False)
    return out


def copy_abilities(abilities: tuple[Ability, ...]) -> list[Ability]:
    """Its own "enter as a copy" abilities the engine reads."""
    return [a for a in abilities if a.enters_as_copy is not None]


def unread_copy_ability(abilities: tuple[Ability, ...]) -> Ability | None:
    """An ability that could make this object itself a copy ("enter as a copy", "become a
    copy") in a way the engine doesn't read: one it doesn't read at all, or one it reads
    (a trigger, an activated ability) whose copy effect has exceptions. Not a modeled
    "enter as a copy", nor one that makes *other* objects enter as a copy."""
    for a in abilities:
        if a.enters_as_copy is not None or a.others_enter_as_copy is not None:
            continue
        words = a.words
        unread = a.described_only
        if _COPY_WORDS.search(words) and (unread or "except" in words.lower()):
            if _OTHERS_WORDS.search(words) and not re.search(r"\b(this|it)\b", words, re.I):
                continue
            return a
    return None


def own_copy(
    obj: GameObject, abilities: tuple[Ability, ...], granted: frozenset[str] = frozenset()
) -> OwnCopy:
    """CR 614.1c, 707.5, 707.9: the copy effect ``copy_of`` names, from the object's own
    abilities before it (``abilities``: its card's, or a token's as its creating effect
    made them) and the case's ``via`` / ``except``. ``granted``: keywords effects in force
    on it grant (an "if you do, it gains haste" of its copy ability among them)."""
    stated = obj.copy_except
    if obj.copy_via == "other":
        return OwnCopy(stated or CopyExceptions(), stated=stated is not None)
    clones = copy_abilities(abilities)
    if len(clones) > 1:
        raise Unsupported(
            f"{obj.card.name} has more than one ability that makes it enter as a copy; which "
            "one applied is not known: say `copy_of: {object: ID, via: other}` if neither did"
        )
    if not clones:
        unread = unread_copy_ability(abilities)
        if unread is not None:
            raise Unsupported(
                f"{obj.card.name} has an ability that may be what made it a copy, in a way "
                f"mtgrules doesn't read: “{unread.words.rstrip('.')}”; what that copy effect "
                "changes would change the copy's characteristics. If another effect made it a "
                "copy, say "
                "`copy_of: {object: ID, via: other}`"
            )
        if obj.copy_via == "own":
            raise Unsupported(
                f"{obj.card.name} has no ability mtgrules reads that makes it enter as a copy"
            )
        return OwnCopy(stated or CopyExceptions(), stated=stated is not None)
    clone = clones[0].enters_as_copy
    assert clone is not None
    _check_gains(obj, clone, granted)
    exceptions = merged(entering_exceptions(clone, obj.embalmed), stated)
    own = entering_exceptions(clone, obj.embalmed)
    return OwnCopy(
        exceptions, clones[0], obj.card.name, stated=stated is not None and _adds(own, stated)
    )


def _adds(own: CopyExceptions, stated: CopyExceptions) -> bool:
    """Whether the stated exceptions add anything to the card's own, the colors chosen
    as it entered aside (those are the card's own choice, CR 707.9b)."""

    def plain(ex: CopyExceptions) -> CopyExceptions:
        return replace(ex, additional_colors=(), colors_of_choice=False)

    return merged(plain(own), plain(stated)) != plain(own)


def _check_gains(obj: GameObject, clone: EntersAsCopy, granted: frozenset[str]) -> None:
    """ "If you do, it gains haste until end of turn" (The Fourteenth Doctor): an effect on
    the permanent, not a copiable value (707.2), lasting until the cleanup step of the turn
    it entered (514.2): unknown unless the case says it didn't enter this turn, or lists
    that effect."""
    missing = set(clone.gains_until_end_of_turn) - granted
    if missing and obj.entered_this_turn is not False:
        gains = " and ".join(clone.gains_until_end_of_turn)
        raise Unsupported(
            f"{obj.card.name}'s copy ability also gives it {gains} until end of turn when it "
            "enters: if it entered this turn, list that effect in `effects:` "
            "(`add_abilities`, `until: end_of_turn`); if it didn't, say `entered_this_turn: false`",
        )


def effect_exceptions_check(state: GameState, effect: ContinuousEffect) -> None:
    """A copy effect listed in ``effects:`` has no exceptions in the case format; if the
    ability it comes from has some ("become a copy of ..., except it has this ability":
    Cryptoplasm, Vesuvan Doppelganger's upkeep trigger), the answer is unsupported
    (CR 707.9)."""
    if effect.source is None:
        return
    try:
        src = state.find(effect.source)
    except KeyError:
        return
    for ability in _with_granted(src.card.abilities):
        words = ability.words
        if ability.enters_as_copy is None and _COPY_WORDS.search(words) and "except" in words:
            raise Unsupported(
                f"the copy effect from {src.card.name} comes from “{words.rstrip('.')}”, whose "
                "exceptions a copy effect in `effects:` can't state; mtgrules doesn't apply them"
            )


def _with_granted(abilities: tuple[Ability, ...]) -> tuple[Ability, ...]:
    """The abilities and those their copy exceptions grant (Vesuvan Doppelganger's upkeep
    trigger, CR 707.9a)."""
    out = list(abilities)
    for a in abilities:
        if a.enters_as_copy is not None:
            out += a.enters_as_copy.exceptions.abilities
    return tuple(out)
