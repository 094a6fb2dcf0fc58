"""``characteristics: REF`` — an object's characteristics after all continuous effects.

The value is a mapping (name, mana cost, mana value, colors, types, abilities,
P/T, loyalty, whether it is a token); the reasons are the layer-by-layer
breakdown of CR 613: every layer, with each applied effect's source and
timestamp (613.7), counters in 7c (613.4c), and the state-based actions its
characteristics would cause (704.5f, 704.5i, 506.4).
"""

from __future__ import annotations

from typing import Any

from mtgrules.answer import Answer, Reason, RulingRef, explains_if_met, parent_rules, unsupported
from mtgrules.cards.copying import SUBTYPES_OF
from mtgrules.cards.mana import COLOR_NAMES
from mtgrules.cards.vocabulary import Ability, AbilityKind
from mtgrules.caseio.case import Case
from mtgrules.model.state import GameObject, Zone
from mtgrules.model.turn import Step
from mtgrules.questions import depends
from mtgrules.rules import Unsupported
from mtgrules.rules.casting.x_value import x_of_object
from mtgrules.rules.copy.timing import attachment_sba, delayed_return, missed_attack_triggers
from mtgrules.rules.copy.values import Applied, described
from mtgrules.rules.layers.characteristics import (
    LAYER_RULES,
    LAYERS,
    Characteristics,
    characteristics,
)
from mtgrules.rules.sba.auras_sagas import object_sba
from mtgrules.rules.sba.legend_rule import legend_rule
from mtgrules.rules.sba.world_rule import world_rule
from mtgrules.rules.scope.query import consider, finding_reasons, note, unsupported_text

LAYER_NAMES = {
    "1a": "copy effects",
    "1b": "face-down status",
    "2": "control",
    "3": "text",
    "4": "type",
    "5": "color",
    "6": "abilities",
    "7a": "P/T from characteristic-defining abilities",
    "7b": "P/T setting",
    "7c": "P/T modifying and counters",
    "7d": "P/T switching",
}
# Layers the case format has no effects for (CR 613.1c, 613.4d): said, not silently empty.
UNSTATED_LAYERS = ("3", "7d")


def ask(case: Case) -> Answer:
    state = case.state
    obj = state.find(case.question.ref)
    sentence = f"What are the characteristics now of {described(state, obj)}?"
    try:
        chars = characteristics(state, obj)
        if obj.zone is Zone.STACK and chars.mana_cost.has_x:
            x_of_object(state, obj)  # its mana value counts the X announced (CR 202.3e)
    except Unsupported as err:
        return unsupported(sentence, err.reason, list(err.reasons))
    asked = depends.characteristics(obj)
    considered = consider(state, asked)
    if considered.findings:  # CR 613.1: an unread ability may apply in these layers
        return unsupported(
            sentence,
            unsupported_text(considered.findings, asked.changes),
            [
                *finding_reasons(considered, asked.changes),
                *breakdown(chars, considered.touched_layers),
            ],
        )
    value = chars_value(chars)
    try:  # Auras, Sagas, Sieges (CR 704.5m, 704.5s, 704.5v)
        more_sba = object_sba(state, obj, chars)
    except Unsupported as err:
        return unsupported(sentence, err.reason, list(err.reasons))
    sba = [
        explains_if_met(r)
        for r in state_based(obj, chars) + attachment_sba(state, obj, chars.subtypes) + more_sba
    ]
    # CR 704.5j: beside a legendary permanent of the same name its controller controls,
    # which one stays is that player's choice (none of the board's to say): null
    # CR 704.5k: the world rule, whose order the case may leave unknown (null too)
    legend = [
        explains_if_met(r)
        for r in (
            legend_rule(state, obj, chars) + world_rule(state, obj, chars)
            if obj.zone is Zone.BATTLEFIELD
            else []
        )
    ]
    sba += legend
    survives: bool | None = not any(r.holds is False for r in sba)
    if survives and any(r.holds is None for r in legend):
        survives = None
    value["survives_sba"] = survives
    try:
        returns, later = delayed_return(state, obj)
    except Unsupported as err:
        return unsupported(sentence, err.reason, list(err.reasons))
    if returns is not None:
        value["returns"] = returns
    reasons = [
        *breakdown(chars),
        *sba,
        *missed_attack_triggers(state, obj),
        *later,
        note(considered, asked.changes),
    ]
    at_end_step = state.step is Step.END
    return Answer(
        sentence, value, tuple([*reasons, *ruling_notes(obj, chars, reasons, at_end_step)])
    )


def ruling_notes(
    obj: GameObject, c: Characteristics, reasons: list[Reason], at_end_step: bool
) -> list[Reason]:
    """The object's own card rulings that bear on what the breakdown shows."""
    cited = {r for reason in reasons for r in reason.rules}
    copied = any(a.layer == "1a" and a.timestamp is not None for a in c.applied)
    others = any(
        a.layer not in ("start", "1a", "1b") and a.timestamp is not None for a in c.applied
    )
    applies = {
        "copy-printed": copied,
        "thief-noncopy": copied and others,
        "thief-noncreature": "506.4" in cited and "506.4a" not in cited,
        "thief-remains-attacking": "506.4a" in cited,
        "thief-dfc": "707.8" in c.mana_value_rules,
        "copy-of-copy": "707.3" in cited,
        "thief-end-step": copied and at_end_step,
    }
    refs = tuple(
        RulingRef(obj.card.name, r.date, r.summary)
        for r in obj.card.rulings
        if applies.get(r.topic)
    )
    return (
        [Reason(None, f"{obj.card.name}'s rulings that apply here:", ("707.2",), refs)]
        if refs
        else []
    )


def ability_name(ability: Ability) -> str:
    """How a value answer names an ability: a keyword's name, or its canonical wording."""
    if ability.kind is AbilityKind.KEYWORD:
        return ability.keyword or ""
    return ability.render()


def chars_value(c: Characteristics) -> dict[str, Any]:
    """The answer's value: plain data a case's ``expect.answer`` compares key by key."""
    return {
        "name": c.name,
        "mana_cost": str(c.mana_cost),
        "mana_value": c.mana_value,
        "colors": sorted(c.colors, key="WUBRG".index),
        "types": list(c.types),
        "subtypes": list(c.subtypes),
        "supertypes": list(c.supertypes),
        "abilities": [ability_name(a) for a in c.abilities],
        "power": c.power,
        "toughness": c.toughness,
        "loyalty": c.loyalty,
        "is_token": c.is_token,
    }


def _result_rules(c: Characteristics) -> tuple[str, ...]:
    """The rules of the result line: the layers (CR 613.1), the mana value, the total of
    the mana cost (202.3), and, when its colors are its mana cost's with nothing changing
    them, the colors (202.2). When nothing else decides the answer, these do (a
    question about a printed card's mana value or color turns on them)."""
    colors_from_cost = (
        bool(c.colors)
        and c.colors == c.mana_cost.colors
        and not any(a.layer in ("5", "1a", "1b") for a in c.applied)
    )
    return ("613.1", "202.3") + (("202.2",) if colors_from_cost else ())


def summary_line(c: Characteristics) -> str:
    """ "Grizzly Bears: {1}{G} (mana value 2), green Creature — Bear, 2/2"."""
    left = " ".join((*c.supertypes, *c.types)) or "no types"
    line = f"{left} — {' '.join(c.subtypes)}" if c.subtypes else left
    colors = "/".join(COLOR_NAMES[x] for x in "WUBRG" if x in c.colors) or "colorless"
    pt = f", {c.power}/{c.toughness}" if c.power is not None else ""
    loyalty = f", loyalty {c.loyalty}" if c.loyalty is not None else ""
    cost = str(c.mana_cost) or "no mana cost"
    return (
        f"{c.name or '(no name)'}: {cost} (mana value {c.mana_value}), {colors} {line}{pt}{loyalty}"
    )


def breakdown(c: Characteristics, unread: frozenset[str] = frozenset()) -> list[Reason]:
    """One note per layer (CR 613.1-613.4): what applied there, in order, with source and timestamp.

    ``unread`` are layers an ability the engine doesn't read may apply in: said so, never
    "nothing applies" there."""
    reasons = [Reason(None, f"Result: {summary_line(c)}.", _result_rules(c))]
    intrinsic = [f"“{ability_name(a).rstrip('.')}”" for a in c.abilities if a.intrinsic]
    if intrinsic:  # CR 305.6: listed in the value, whether or not its text box prints them
        several = len(intrinsic) > 1
        reasons.append(
            Reason(
                None,
                f"Its basic land type{'s' * several} give{'s' * (not several)} it"
                f" {' and '.join(intrinsic)}.",
                ("305.6",),
                decides=True,
            )
        )
    artifact_types = [t for t in c.subtypes if t in SUBTYPES_OF["Artifact"]]
    if artifact_types and c.is_a("Artifact"):
        # CR 205.3g: Food, Clue, Treasure, Equipment ... are artifact types (whether a
        # Food is an artifact turns on this rule, so the answer cites it)
        several = len(artifact_types) > 1
        reasons.append(
            Reason(
                None,
                f"{' and '.join(artifact_types)} {'are' if several else 'is an'} artifact "
                f"type{'s' * several}: a subtype only artifacts have.",
                ("205.3g",),
                decides=True,
            )
        )
    for a in (*c.applied, *c.notes):
        if a.layer == "start":
            # the result line cites 613.1 already; where the values start is the rest
            start = tuple(r for r in a.rules if r != "613.1") or a.rules
            reasons.append(Reason(None, f"Starting point: {a.what}.", start, decides=True))
        elif a.layer == "ended":
            reasons.append(Reason(None, f"No longer applies: {a.what}.", a.rules, decides=True))
    if c.mana_value_rules != ("202.3",):
        reasons.append(Reason(None, _mana_value_text(c), c.mana_value_rules, decides=True))
    by_layer: dict[str, list[Applied]] = {}
    for a in (*c.applied, *c.notes):
        if a.layer not in ("start", "ended"):
            by_layer.setdefault(a.layer, []).append(a)
    empty = [
        layer
        for layer in LAYERS
        if not by_layer.get(layer)
        and not (layer == "7d" and by_layer.get("7"))
        and layer not in UNSTATED_LAYERS
        and layer not in unread
    ]
    for layer in LAYERS:
        entries = by_layer.get(layer, []) + (by_layer.get("7", []) if layer == "7d" else [])
        head = f"Layer {layer} ({LAYER_NAMES[layer]})"
        if not entries:
            continue
        for a in entries:
            origin = ", ".join(
                p
                for p in (
                    f"from {a.source}" if a.source else "",
                    f"timestamp {a.timestamp}" if a.timestamp is not None else "",
                )
                if p
            )
            reasons.append(
                Reason(
                    None,
                    f"{head}: {a.what}{f' ({origin})' if origin else ''}.",
                    _rules(layer, a.rules),
                    decides=True,
                )
            )
        stamped = [a for a in entries if a.timestamp is not None]
        dependent = any("613.8a" in a.rules for a in entries)
        if len({a.timestamp for a in stamped}) > 1 and not dependent:
            # CR 613.7: within a layer, effects with no dependency apply in timestamp order
            reasons.append(
                Reason(
                    None,
                    f"{head}: its {len(stamped)} effects apply in timestamp order, the later "
                    "after the earlier.",
                    ("613.7",),
                    decides=layer != "7c",  # adding and subtracting: any order, one sum
                )
            )
    for layer in (x for x in LAYERS if x in unread):
        reasons.append(
            Reason(
                None,
                f"Layer {layer} ({LAYER_NAMES[layer]}): an ability mtgrules doesn't read may apply here.",
                LAYER_RULES[layer],
            )
        )
    if empty:
        reasons.append(
            Reason(
                None,
                f"Nothing applies in layer{'s' if len(empty) > 1 else ''} {', '.join(empty)}.",
                parent_rules(r for layer in empty for r in LAYER_RULES[layer]),
            )
        )
    reasons.append(
        Reason(
            None,
            "Layers 3 (text-changing effects) and 7d (switching power and toughness) are not "
            "checked: a case can't state such effects, so the answer assumes there are none.",
            tuple(r for layer in UNSTATED_LAYERS for r in LAYER_RULES[layer]),
        )
    )
    return reasons


def _rules(layer: str, rules: tuple[str, ...]) -> tuple[str, ...]:
    return rules + tuple(r for r in LAYER_RULES[layer] if r not in rules)


def _mana_value_text(c: Characteristics) -> str:
    return _mana_value_sentence(c) + "."


def _mana_value_sentence(c: Characteristics) -> str:
    rules = c.mana_value_rules
    if "107.3a" in rules:
        return f"X in its mana cost is the value announced for the spell, so its mana value is {c.mana_value}"
    if "202.3e" in rules:
        return f"X in its mana cost counts as 0 off the stack, so its mana value is {c.mana_value}"
    if "202.3b" in rules and "707.8" in rules:
        return "It copies the back face of a double-faced permanent, so its mana value is 0"
    if "202.3c" in rules and "707.8" in rules:
        return "It copies a melded permanent, so its mana value is 0"
    if "712.8e" in rules:
        return f"Its back face is up; its mana value comes from its front face's mana cost: {c.mana_value}"
    return f"Its mana value is the sum of its front faces' mana values: {c.mana_value}"


def state_based(obj: GameObject, c: Characteristics) -> list[Reason]:
    """The state-based actions these characteristics would cause on the battlefield (CR 704.5)."""
    if obj.zone is not Zone.BATTLEFIELD:
        return []
    out = []
    if c.is_a("Creature") and isinstance(c.toughness, int):
        ok = c.toughness > 0
        out.append(
            Reason(
                ok,
                f"Its toughness is {c.toughness}"
                + (
                    "."
                    if ok
                    else ", so it is put into its owner's graveyard as a state-based action."
                ),
                ("704.5f",),
            )
        )
    if c.is_a("Planeswalker"):
        ok = (c.loyalty or 0) > 0
        out.append(
            Reason(
                ok,
                f"Its loyalty is {c.loyalty or 0} (its loyalty counters)"
                + (
                    "."
                    if ok
                    else ", so it is put into its owner's graveyard as a state-based action."
                ),
                ("306.5c", "704.5i"),
            )
        )
    if obj.attacking and not c.is_a("Creature"):
        out.append(
            Reason(
                None,
                "It was attacking but is no longer a creature, so it is removed from combat.",
                ("506.4",),
            )
        )
    elif obj.attacking:
        out.append(
            Reason(
                None,
                "It is still an attacking creature: what it copies or becomes doesn't remove it from combat.",
                ("506.4", "506.4a"),
            )
        )
    return out
