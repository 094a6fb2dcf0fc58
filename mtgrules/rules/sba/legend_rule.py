"""The legend rule as a permanent enters (CR 704.5j), and the abilities that keep it
from applying ("The "legend rule" doesn't apply to ...", which the card's text
overrides the rule with, CR 101.1).

Each permanent's characteristics are computed once and the exempting abilities are
found once, so the rule is linear in the number of permanents (it used to compute the
characteristics of every permanent for every other one)."""

from __future__ import annotations

from collections.abc import Callable

from mtgrules.answer import Reason
from mtgrules.model.state import GameObject, GameState, Zone
from mtgrules.rules import Unsupported
from mtgrules.rules.layers.characteristics import Characteristics, characteristics
from mtgrules.rules.rulings import rulings_on


def legend_rule(
    state: GameState, entering: GameObject, chars: Characteristics, keeps: str | None = None
) -> list[Reason]:
    """CR 704.5j: two legendary permanents with the same name under one player's control.

    Their controller chooses the one to keep and the rest go to the graveyard: ``keeps``
    (the case's ``keeps:``) is that choice; without it, whether the entering one stays is
    not decided: the only reason this returns that neither holds nor fails (``holds`` None)."""
    known = {entering.oid: chars}

    def chars_of(obj: GameObject) -> Characteristics:
        if obj.oid not in known:
            known[obj.oid] = characteristics(state, obj)
        return known[obj.oid]

    others = [
        o
        for o in state.in_zone(Zone.BATTLEFIELD, entering.controller)
        if o.oid != entering.oid and chars_of(o).name == chars.name
    ]
    if not others:
        return []
    if "Legendary" not in chars.supertypes or not any(
        "Legendary" in chars_of(o).supertypes for o in others
    ):
        which = "this one" if "Legendary" not in chars.supertypes else "the other"
        return [
            Reason(
                True,
                f"{entering.controller} controls another permanent named {chars.name}, but the legend "
                f"rule needs two legendary ones, and {which} isn't legendary.",
                ("704.5j",),
                rulings_on(entering.card, "spark-not-legendary"),
            )
        ]
    exempt_by = _exemption_finder(state, chars_of)
    exempt = exempt_by(entering)
    if exempt is None:
        legendary = [
            o for o in others if "Legendary" in chars_of(o).supertypes and exempt_by(o) is None
        ]
        if not legendary:
            exempt = exempt_by(others[0])
            which = f"the other {chars.name}"
        else:
            return [_kept(entering, chars, legendary, keeps)]
    else:
        which = "it"
    assert exempt is not None
    whose = "its own" if exempt.oid == entering.oid else f"{exempt.label}'s"
    return [
        Reason(
            True,
            f"{entering.controller} controls two legendary permanents named {chars.name}, but the "
            f"legend rule doesn't apply to {which}: {whose} ability says so, and a card's "
            "text takes precedence over the rules.",
            ("704.5j", "101.1"),
        )
    ]


def _exemption_finder(
    state: GameState, chars_of: Callable[[GameObject], Characteristics]
) -> Callable[[GameObject], GameObject | None]:
    """``exempt_by(obj)``: the permanent whose ability keeps the legend rule from applying
    to ``obj`` ("The "legend rule" doesn't apply to ... you control", CR 704.5j, 101.1), if
    any. The exempting abilities are found once."""
    exemptions = [
        (source, ability.legend_rule_exempt)
        for source in state.in_zone(Zone.BATTLEFIELD)
        for ability in chars_of(source).abilities
        if ability.legend_rule_exempt is not None
    ]

    def exempt_by(obj: GameObject) -> GameObject | None:
        for source, rule in exemptions:
            if rule.whose == "you" and source.controller != obj.controller:
                continue
            if rule.what == "permanent" or _is_kind(rule.what, obj, chars_of(obj)):
                return source
        return None

    return exempt_by


def legend_groups(
    state: GameState, chars_of: Callable[[GameObject], Characteristics]
) -> list[tuple[str, str, list[GameObject]]]:
    """CR 704.5j on the whole battlefield: each (controller, name, permanents) where one
    player controls two or more legendary permanents with that name that no ability
    exempts from the legend rule (101.1). ``chars_of`` gives a permanent's characteristics."""
    legendary = [
        o for o in state.in_zone(Zone.BATTLEFIELD) if "Legendary" in chars_of(o).supertypes
    ]
    by_key: dict[tuple[str, str], list[GameObject]] = {}
    for o in legendary:
        by_key.setdefault((o.controller, chars_of(o).name), []).append(o)
    groups = [(k, v) for k, v in by_key.items() if len(v) > 1]
    if not groups:
        return []
    exempt_by = _exemption_finder(state, chars_of)
    out = []
    for (controller, name), objs in groups:
        bound = [o for o in objs if exempt_by(o) is None]
        if len(bound) > 1:
            out.append((controller, name, bound))
    return out


def _is_kind(what: str, obj: GameObject, chars: Characteristics) -> bool:
    """``creature``, ``token``, ``creature token`` or a subtype, as the exemption names it."""
    if what == "creature":
        return chars.is_a("Creature")
    if what == "token":
        return obj.token
    if what == "creature token":
        return obj.token and chars.is_a("Creature")
    return chars.has_subtype(what)


def _kept(
    entering: GameObject, chars: Characteristics, legendary: list[GameObject], keeps: str | None
) -> Reason:
    """CR 704.5j: the legend rule applies; which one stays is the controller's choice."""
    lead = (
        f"{entering.controller} now controls two legendary permanents named {chars.name}: "
        "they choose one to keep and put the rest into their owners' graveyards (the legend rule)"
    )
    if keeps is None:
        return Reason(
            None,
            f"{lead}, so whether this one stays is their choice (`keeps:` in the question "
            "says which).",
            ("704.5j",),
            decides=True,
        )
    if keeps == entering.oid:
        others = ", ".join(o.label for o in legendary)
        return Reason(
            True, f"{lead}: they keep this one, and {others} goes to the graveyard.", ("704.5j",)
        )
    kept = next((o for o in legendary if o.oid == keeps), None)
    if kept is None:
        raise Unsupported(
            f"`keeps` names {keeps}, which is not one of the legendary permanents named "
            f"{chars.name} that the legend rule puts {entering.controller} to a choice between"
        )
    return Reason(
        False, f"{lead}: they keep {kept.label}, so this one goes to the graveyard.", ("704.5j",)
    )
