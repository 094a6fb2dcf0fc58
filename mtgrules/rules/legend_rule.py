"""The legend rule as a permanent enters (CR 704.5j), and the abilities that keep it
from applying ("The "legend rule" doesn't apply to ...", which the card's text
overrides the rule with, CR 101.1)."""

from __future__ import annotations

from mtgrules.answer import Reason
from mtgrules.model.state import GameObject, GameState, Zone
from mtgrules.rules.layers import Characteristics, characteristics
from mtgrules.rules.rulings import rulings_on


def legend_rule(state: GameState, entering: GameObject, chars: Characteristics) -> list[Reason]:
    """CR 704.5j: two legendary permanents with the same name under one player's control."""
    others = [
        o
        for o in state.in_zone(Zone.BATTLEFIELD, entering.controller)
        if o.oid != entering.oid and characteristics(state, o).name == chars.name
    ]
    if not others:
        return []
    if "Legendary" not in chars.supertypes or not any(
        "Legendary" in characteristics(state, o).supertypes for o in others
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
    exempt = _exempt_by(state, entering, chars)
    if exempt is None:
        legendary = [
            o
            for o in others
            if "Legendary" in characteristics(state, o).supertypes
            and _exempt_by(state, o, characteristics(state, o)) is None
        ]
        if not legendary:
            exempt = _exempt_by(state, others[0], characteristics(state, others[0]))
            which = f"the other {chars.name}"
        else:
            return [
                Reason(
                    False,
                    f"{entering.controller} now controls two legendary permanents named {chars.name}: "
                    "they keep one and put the rest into their owners' graveyards (the legend rule).",
                    ("704.5j",),
                )
            ]
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


def _exempt_by(state: GameState, obj: GameObject, chars: Characteristics) -> GameObject | None:
    """The permanent whose ability keeps the legend rule from applying to ``obj``
    ("The "legend rule" doesn't apply to ... you control", CR 704.5j, 101.1), if any."""
    for source in state.in_zone(Zone.BATTLEFIELD):
        abilities = (chars if source.oid == obj.oid else characteristics(state, source)).abilities
        for ability in abilities:
            rule = ability.legend_rule_exempt
            if rule is None or (rule.whose == "you" and source.controller != obj.controller):
                continue
            if rule.what == "permanent" or _is_kind(rule.what, obj, chars):
                return source
    return None


def _is_kind(what: str, obj: GameObject, chars: Characteristics) -> bool:
    """``creature``, ``token``, ``creature token`` or a subtype, as the exemption names it."""
    if what == "creature":
        return chars.is_a("Creature")
    if what == "token":
        return obj.token
    if what == "creature token":
        return obj.token and chars.is_a("Creature")
    return chars.has_subtype(what)
