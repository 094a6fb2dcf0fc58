"""Permanents that make other objects enter as a copy (CR 614.1c, 614.12, 616.1, 707.5).

"Creatures you control enter as a copy of this creature" (Essence of the Wild),
"Each creature token you control enters as a copy of this creature" (Thunderbond
Vanguard), "Other creatures you control enter as a copy of [a named card]" (The
Inspector Inspector), "Nontoken creatures you control enter as a copy of enchanted creature"
(Infinite Reflection, 303.4m): a static ability of a permanent on the battlefield whose
replacement effect modifies how *other* objects enter. Whether it applies is decided
from the object as it would exist on the battlefield, with the replacement effects
already applied (614.12); it is not optional. When several copy effects could apply
(another such permanent, the object's own "you may have this enter as a copy"), its
controller orders them (616.1, 616.1c), each applied one is followed by a new look at
what still applies (616.1f), and the copy effect applied last decides what it is.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from mtgrules.answer import Reason
from mtgrules.cards.copying import OthersEnterAsCopy
from mtgrules.cards.library import CardLibrary
from mtgrules.model.state import GameObject, GameState, Zone
from mtgrules.rules import Unsupported
from mtgrules.rules.copy.values import copiable_values
from mtgrules.rules.layers.characteristics import Characteristics, characteristics


@dataclass(frozen=True)
class OthersCopy:
    """One permanent's "others enter as a copy" ability and what it makes them copy:
    the permanent itself, or a stand-in object for the card it names (CR 707.2)."""

    source: GameObject
    ability: OthersEnterAsCopy
    target: GameObject | None  # None: the named card isn't in the card library

    def copied(self) -> GameObject:
        """The object it makes them copy; unsupported if the named card isn't known."""
        if self.target is None:
            raise Unsupported(
                f"{self.source.label} makes creatures enter as a copy of the card named "
                f"{self.ability.of_card}, which isn't in the card library: import card data "
                "that has it, or define it in the case's cards"
            )
        return self.target


def copy_sources(state: GameState, obj: GameObject, cards: CardLibrary) -> list[OthersCopy]:
    """Every permanent on the battlefield with such an ability (as its characteristics
    now have it), other than ``obj`` itself: an ability of a permanent entering doesn't
    apply to that permanent's own entering (CR 614.12)."""
    out = []
    for perm in state.in_zone(Zone.BATTLEFIELD):
        if perm.oid == obj.oid:
            continue
        for ability in characteristics(state, perm, through="6").abilities:
            if ability.others_enter_as_copy is not None:
                copy = ability.others_enter_as_copy
                if copy.of_enchanted and enchanted(state, perm) is None:
                    continue  # CR 303.4m: attached to no creature, it makes nothing a copy
                out.append(OthersCopy(perm, copy, _target(state, perm, copy, cards)))
    return out


def enchanted(state: GameState, source: GameObject) -> GameObject | None:
    """The creature on the battlefield the source is attached to (CR 303.4m), if any."""
    if source.attached_to is None:
        return None
    host = state.obj(source.attached_to)
    if host.zone is not Zone.BATTLEFIELD or not characteristics(state, host).is_a("Creature"):
        return None
    return host


def _target(
    state: GameState, source: GameObject, copy: OthersEnterAsCopy, cards: CardLibrary
) -> GameObject | None:
    """What the ability makes them copy (CR 707.2): the source, the creature it enchants
    (303.4m), or the named card's Oracle values, held by a stand-in object that isn't in
    the game (None if it isn't known)."""
    if copy.of_enchanted:
        return enchanted(state, source)
    if copy.of_card is None:
        return source
    card = cards.get(copy.of_card)
    if card is None:
        return None
    return GameObject(
        oid=f"{source.oid}(named card)",
        card=card,
        zone=Zone.EXILE,
        owner="",
        controller="",
        named_card=True,
    )


def with_targets(state: GameState, sources: list[OthersCopy]) -> GameState:
    """The state with the named cards' stand-ins, so a copy effect can read them."""
    extra = tuple(s.target for s in sources if s.target is not None and s.target.named_card)
    if not extra:
        return state
    return state.with_objects((*state.objects, *extra))


def applies(source: OthersCopy, entering: GameObject, chars: Characteristics) -> Reason:
    """CR 614.12: does the ability apply to the object as it would exist on the
    battlefield (a creature, a token if it asks for one, under the source's controller)?"""
    whose = source.source.controller
    which = source.ability.entering
    kind = "creature token" if which.tokens_only else "creature"
    kind = "nontoken creature" if which.nontoken_only else kind
    if entering.controller != whose:
        why = f"it would enter under {entering.controller}'s control, not {whose}'s"
    elif not chars.is_a("Creature"):
        why = "as it would enter, it isn't a creature"
    elif which.tokens_only and not entering.token:
        why = "it isn't a token"
    elif which.nontoken_only and entering.token:
        why = "it is a token"
    else:
        return Reason(
            True,
            f"{source.source.label}'s ability applies: it would enter as a {kind} under "
            f"{whose}'s control, so it enters as a copy of {_what(source)} — not optional.",
            ("614.1c", "614.12", "707.5") + (("303.4m",) if source.ability.of_enchanted else ()),
        )
    return Reason(
        False,
        f"{source.source.label}'s ability doesn't apply to it: it affects only a {kind} "
        f"entering under {whose}'s control, and {why}.",
        ("614.12",),
    )


def _what(source: OthersCopy) -> str:
    if source.ability.of_card is not None:
        return f"the card named {source.ability.of_card} (its Oracle values)"
    if source.ability.of_enchanted:
        return f"the creature it enchants, {source.copied().label}"
    return source.source.label


def last_applied(state: GameState, applying: list[OthersCopy]) -> tuple[OthersCopy, list[Reason]]:
    """Several copy effects apply: their controller orders them and the last one decides
    (CR 616.1, 616.1f). Decided only when every order gives the same copiable values."""
    first = applying[0]
    for s in applying:
        s.copied()
    if len(applying) == 1:
        return first, []
    if any("Creature" not in copiable_values(state, s.copied()).types for s in applying):
        raise Unsupported(
            "one of the permanents that make it enter as a copy would make it a noncreature, "
            "so the order they're applied in changes which ones apply; the engine doesn't "
            "work that out"
        )
    values = {replace(copiable_values(state, s.copied()), steps=()) for s in applying}
    names = ", ".join(s.source.label for s in applying)
    if len(values) > 1:
        raise Unsupported(
            f"several permanents make it enter as a copy ({names}) and their copies differ: "
            "its controller chooses the order and the one applied last decides (CR 616.1); "
            "name in as_copy_of the permanent whose effect is applied last"
        )
    return first, [
        Reason(
            None,
            f"Several permanents make it enter as a copy ({names}); its controller orders "
            "them and the one applied last decides, but each gives the same copiable values, "
            "so the result is the same either way.",
            ("616.1", "616.1f"),
        )
    ]
