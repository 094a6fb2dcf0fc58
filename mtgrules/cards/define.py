"""Card definitions from data: a mapping in the card vocabulary to a :class:`CardDef`.

The same function reads the built-in library and a case's inline ``cards:``;
``schemas/card.schema.json`` describes the mapping. The copy-effect vocabulary
(:mod:`mtgrules.cards.copying`) is read here too: a copy effect's exceptions may grant
abilities, which are entries of the same mapping (:func:`ability_from_data`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from mtgrules.cards.copying import (
    CARD_TYPES,
    CopyExceptions,
    DefinesPT,
    EntersAsCopy,
    EntersWithCounters,
    ExtraCounters,
    OthersEnterAsCopy,
)
from mtgrules.cards.cost_changes import cost_change_from_data
from mtgrules.cards.effect_data import script_from_data
from mtgrules.cards.mana import COLOR_CODES, ManaCost, parse_symbols
from mtgrules.cards.mana_effects import Mana
from mtgrules.cards.oracle.keywords import defined_keyword, named_keyword
from mtgrules.cards.oracle.mana import CHOSEN_COLOR, X_ANNOUNCED
from mtgrules.cards.oracle.targets import with_targets_from_data
from mtgrules.cards.static_data import (
    STATIC_FIELDS,
    group_from_data,
    static_from_data,
    unless_from_data,
)
from mtgrules.cards.vocabulary import (
    LIBRARY_COST_PARTS,
    Ability,
    AbilityKind,
    CardDef,
    CastingCost,
    Cost,
    CostPart,
    Effect,
    LegendRuleExemption,
    LevelBar,
    Prototype,
    Replacement,
    Ruling,
    TriggerEvent,
    count_word,
)


def color_code(word: str) -> str:
    """``"blue"`` or ``"U"`` -> ``"U"``."""
    return COLOR_CODES.get(word.lower(), word.upper())


def card_from_data(data: Mapping[str, Any], source: str = "builtin") -> CardDef:
    """Build a card from its vocabulary mapping (already schema-valid)."""
    indicator = data.get("color_indicator")
    card = CardDef(
        name=data["name"],
        mana_cost=ManaCost.parse(data.get("mana_cost")),
        types=tuple(data.get("types", ())),
        subtypes=tuple(data.get("subtypes", ())),
        supertypes=tuple(data.get("supertypes", ())),
        color_indicator=tuple(color_code(c) for c in indicator) if indicator is not None else None,
        power=data.get("power"),
        toughness=data.get("toughness"),
        loyalty=data.get("loyalty"),
        defense=data.get("defense"),
        abilities=tuple(
            with_targets_from_data(a, ability_from_data(a)) for a in data.get("abilities", ())
        ),
        rulings=tuple(
            Ruling(str(r["date"]), r["summary"], r.get("topic", ""))
            for r in data.get("rulings", ())
        ),
        source=source,
        back_face=card_from_data(data["back_face"], source) if "back_face" in data else None,
        melds_from=tuple(data.get("melds_from", ())),
        layout=data.get("layout", "normal"),
    )
    if "halves" in data:  # faces: split halves combined (CR 709.4), an adventurer's parts
        card = with_halves(card, tuple(card_from_data(h, source) for h in data["halves"]))
    return card


def with_halves(card: CardDef, halves: tuple[CardDef, ...]) -> CardDef:
    """A split or aftermath card has both halves' characteristics combined outside the stack
    (CR 709.4b-c): the combined mana cost, every type and every ability; an adventurer card
    keeps its own (715.4), its first half."""
    halves = tuple(replace(h, layout=card.layout) for h in halves)
    if card.layout not in ("split", "aftermath"):
        own = replace(card, halves=())
        return replace(card, halves=halves if len(halves) > 1 else (own, *halves))

    def union(field: str) -> tuple[str, ...]:
        return tuple(dict.fromkeys(t for h in halves for t in getattr(h, field)))

    return replace(
        card,
        mana_cost=ManaCost(tuple(s for h in halves for s in h.mana_cost.symbols)),
        types=union("types"),
        subtypes=union("subtypes"),
        supertypes=union("supertypes"),
        abilities=tuple(a for h in halves for a in h.abilities),
        halves=halves,
    )


def ability_from_data(data: Mapping[str, Any]) -> Ability:
    """One entry of a card's ``abilities`` list."""
    if "keyword" in data:
        return defined_keyword(data["keyword"].lower(), data.get("cost"))
    if "activated" in data:
        spec = data["activated"]
        return Ability(
            kind=AbilityKind.ACTIVATED,
            cost=cost_from_data(spec["cost"], spec.get("also", ())),
            effect=effect_from_data(spec["effect"]),
            targets=spec.get("targets", False),
            timing=spec.get("timing"),
            once_each_turn=spec.get("once_each_turn", False),
            zone=spec.get("zone", "battlefield"),
            condition=spec.get("condition", ""),
        )
    if "loyalty" in data:
        spec = data["loyalty"]
        return Ability(
            kind=AbilityKind.LOYALTY,
            cost=Cost(loyalty=int(str(spec["cost"]).replace("−", "-"))),
            effect=effect_from_data(spec["effect"]),
            targets=spec.get("targets", False),
        )
    if "triggered" in data:
        spec = data["triggered"]
        return Ability(
            kind=AbilityKind.TRIGGERED,
            trigger=spec["when"],
            effect=effect_from_data(spec["effect"]),
            targets=spec.get("targets", False),
            event=event_from_data(spec["event"]) if "event" in spec else None,
            refers_to_x=spec.get("refers_to_x", False),
            intervening_if=spec.get("intervening_if", ""),
        )
    if "spell" in data:  # CR 113.3a: followed as the spell resolves; its targets, 601.2c
        spec = data["spell"]
        return Ability(
            kind=AbilityKind.SPELL,
            effect=Effect(does=spec["does"]),
            targets=bool(spec.get("targets", False)),
        )
    if "replacement" in data:
        return replacement_from_data(data["replacement"])
    if "enters_tapped" in data:  # CR 614.1c, 614.12
        return Ability(
            kind=AbilityKind.STATIC,
            enters_tapped=True,
            enters_tapped_unless=unless_from_data(data["enters_tapped"]),
        )
    if (
        "enters_as_copy" in data
        or "enters_with_counters" in data
        or "characteristic_defining" in data
        or "others_enter_as_copy" in data
    ):
        return copy_ability_from_data(data)
    if "legend_rule_exempt" in data:
        spec = data["legend_rule_exempt"]
        exemption = LegendRuleExemption(spec.get("what", "permanent"), spec.get("whose", "you"))
        return Ability(kind=AbilityKind.STATIC, legend_rule_exempt=exemption)
    if "prototype" in data:
        return prototype_from_data(data["prototype"])
    if "level_bar" in data:  # CR 711.2a-b: a leveler's level symbol and its striation
        spec = data["level_bar"]
        bar = LevelBar(
            int(spec["from"]),
            None if spec.get("to") is None else int(spec["to"]),
            int(spec["power"]),
            int(spec["toughness"]),
            tuple(tuple(k.lower() for k in line) for line in spec.get("keywords", ())),
        )
        return Ability(kind=AbilityKind.STATIC, level_bar=bar)
    if "static" in data:
        return Ability(kind=AbilityKind.STATIC, text=data["static"])
    if "cost_change" in data:  # CR 601.2f, 118.7 (cards/cost_changes.py)
        return Ability(
            kind=AbilityKind.STATIC, cost_change=cost_change_from_data(data["cost_change"])
        )
    if any(key in data for key in STATIC_FIELDS):
        # CR 613.4c, 613.1f, 702.8a, 702.10c, 101.2 (cards/statics.py)
        ability = static_from_data(data)
        quoted = (data.get("grant") or {}).get("abilities")
        if quoted and ability.grant is not None:  # CR 613.1f, 113.2: abilities it grants
            grant = replace(ability.grant, quoted=tuple(ability_from_data(q) for q in quoted))
            ability = replace(ability, grant=grant)
        return ability
    if "goads" in data:  # CR 701.15b: goading creatures, which only adds attack requirements
        return Ability(kind=AbilityKind.STATIC, goads=data["goads"])
    if "unasked_rule" in data:  # CR 508.1c-d, 509.1b, 502.3, 701.6a: no question reads it
        return Ability(kind=AbilityKind.STATIC, unasked_rule=data["unasked_rule"])
    for kind in ("additional", "alternative"):
        spec = data.get(f"{kind}_cost")
        if spec is not None:  # CR 118.8 / 118.9: a cost the card itself sets for casting it
            cost = cost_from_data(spec.get("cost", ""), spec.get("also", ()))
            return Ability(
                kind=AbilityKind.STATIC,
                casting_cost=CastingCost(kind, cost, bool(spec.get("optional", False))),
            )
    return Ability(kind=AbilityKind.UNMODELED, text=data["unmodeled"])


def copy_ability_from_data(data: Mapping[str, Any]) -> Ability:
    """The copy-effect vocabulary of :mod:`mtgrules.cards.copying` as an :class:`Ability`."""
    if "enters_as_copy" in data:
        return Ability(
            AbilityKind.STATIC,
            enters_as_copy=enters_as_copy_from_data(data["enters_as_copy"]),
        )
    if "others_enter_as_copy" in data:
        return Ability(
            AbilityKind.STATIC,
            others_enter_as_copy=others_enter_as_copy_from_data(data["others_enter_as_copy"]),
        )
    if "enters_with_counters" in data:
        return Ability(
            AbilityKind.STATIC,
            enters_with=enters_with_from_data(data["enters_with_counters"]),
        )
    return Ability(
        AbilityKind.STATIC, defines_pt=defines_pt_from_data(data["characteristic_defining"])
    )


def prototype_from_data(spec: Mapping[str, Any]) -> Ability:
    """``{cost, power, toughness}``: the prototype keyword's second characteristics (CR 702.160a)."""
    prototype = Prototype(ManaCost.parse(spec["cost"]), int(spec["power"]), int(spec["toughness"]))
    return Ability(kind=AbilityKind.KEYWORD, keyword="prototype", prototype=prototype)


def cost_from_data(text: str, also: Any = ()) -> Cost:
    """``"{1}{W}, {T}"`` plus ``also: [sacrifice_self, {mill: 1}]`` -> :class:`Cost`."""
    symbols = parse_symbols(text.replace(",", ""), also=frozenset("TQ")) if text.strip() else ()
    mana = tuple(s for s in symbols if s not in {"T", "Q"})
    parts = []
    for part in also:
        if isinstance(part, str):
            parts.append(CostPart(part))
        else:
            ((kind, value),) = part.items()
            if isinstance(value, str):  # what is sacrificed, tapped, discarded or exiled
                parts.append(CostPart(kind, 1, value))
            else:
                parts.append(CostPart(kind, int(value)))
    return Cost(mana=ManaCost(mana), tap="T" in symbols, untap="Q" in symbols, parts=tuple(parts))


def effect_from_data(data: Mapping[str, Any]) -> Effect:
    mana = data.get("add_mana")
    adds: Mana | None = None
    if isinstance(mana, str):
        adds = Mana(fixed=parse_symbols(mana))
    elif isinstance(mana, Mapping):
        adds = mana_from_mapping(mana)
    return Effect(
        adds_mana=adds,
        does=data.get("does", ""),
        moves_library=data.get("moves_library", False),
        script=script_from_data(data["script"]) if "script" in data else None,
    )


def cost_moves_library(cost: Cost) -> bool:
    """CR 605.1a: does paying this cost move a card to or from a library?"""
    return any(part.kind in LIBRARY_COST_PARTS for part in cost.parts)


# add_mana keys for mana defined by what other permanents could produce (CR 106.7)
_COULD_PRODUCE_KEYS = {
    "any_type_land_you_control_could_produce": ("land_you_control", "type"),
    "any_color_land_you_control_could_produce": ("land_you_control", "color"),
    "any_color_land_opponent_controls_could_produce": ("land_opponent_controls", "color"),
    "any_type_gate_you_control_could_produce": ("Gate_you_control", "type"),
    "any_color_basic_land_you_control_could_produce": ("basic_land_you_control", "color"),
}
_DEVOTION = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


def mana_from_mapping(data: Mapping[str, Any]) -> Mana:
    """The mapping forms of ``add_mana`` (see ``schemas/card.schema.json``)."""
    for key, (whose, kind) in _COULD_PRODUCE_KEYS.items():
        if key in data:
            mana = Mana(could_produce=whose, could_produce_kind=kind, amount=int(data[key]))
            if "if_counter" in data:  # CR 614.15: "... add N mana of that type instead"
                more = replace(mana, amount=int(data["instead_amount"]))
                words = f"{mana.render()}. If it has a {data['if_counter']} counter on it, add {count_word(more.amount)} mana of that type instead"
                return replace(
                    mana, instead_if=f"counter:{data['if_counter']}", instead=more, depends=words
                )
            return mana
    if "color_of_permanent_you_control" in data:  # CR 105.2
        return Mana(color_of="permanent_you_control")
    if data.get("any_combination") == "X":  # X announced as it is activated (107.3k)
        pair = parse_symbols(data.get("of", ""))
        words = "Add X mana in any combination of " + (
            " and/or ".join(f"{{{s}}}" for s in pair) if pair else "colors"
        )
        by = X_ANNOUNCED
        if data.get("equal_to") == "power":  # "where X is its power" (CR 208.1)
            by, words = "power", words + ", where X is its power"
        if pair:
            return Mana(one_of=pair, amount_by=by, depends=words)
        return Mana(any_combination=1, amount_by=by, depends=words)
    if "any_combination" in data:
        return Mana(any_combination=int(data["any_combination"]))
    if "chosen_color" in data:  # the color chosen as it entered (CR 607.2d, 614.12)
        n = int(data["chosen_color"])
        alone = f"{count_word(n)} mana of the chosen color"
        either = parse_symbols(data.get("or", ""))
        words = f"Add {data['or']} or {alone}" if either else f"Add {alone}"
        return Mana(one_of=either, amount=n, amount_by=CHOSEN_COLOR, depends=words)
    if "equal_to" in data:  # CR 208.1, 700.5: an amount read from the board
        how = data["equal_to"]
        by = "power" if how == "power" else "devotion:" + _DEVOTION[how.split("_")[-1]]
        words = f"Add an amount of {data['symbols']} equal to {how.replace('_', ' ')}"
        return Mana(fixed=parse_symbols(data["symbols"]), amount_by=by, depends=words)
    if "instead" in data:  # CR 614.15: "If you control ..., add ... instead"
        controls = data["if_you_control"]
        condition = "control:" + ";".join("|".join(c.split(" ")) for c in controls)
        named = " and ".join(f"{count_word(1, c)} {c}" for c in controls)
        words = f"Add {data['symbols']}. If you control {named}, add {data['instead']} instead"
        return Mana(
            fixed=parse_symbols(data["symbols"]),
            instead_if=condition,
            instead=Mana(fixed=parse_symbols(data["instead"])),
            depends=words,
        )
    if "any_type_produced" in data:
        return Mana(one_of_produced=int(data["any_type_produced"]))
    if "for_each" in data:
        return Mana(fixed=parse_symbols(data["symbols"]), for_each=data["for_each"])
    return Mana(any_color=int(data.get("any_color", 0)))


def event_from_data(data: str | Mapping[str, Any]) -> TriggerEvent:
    """``enters`` or ``{tapped_for_mana: land, whose: you}`` -> :class:`TriggerEvent`."""
    if isinstance(data, str):
        return TriggerEvent(data)
    event = next(
        k
        for k in (
            "tapped_for_mana",
            "becomes_tapped",
            "enters",
            "combat_damage_to_player",
            "beginning_of",
            "cast",
            "combat",
            "life_gain",
            "draw",
            "damage",
        )
        if k in data
    )
    group = group_from_data(data["group"]) if "group" in data else None
    if group is not None:  # "Whenever a creature you control enters" (CR 603.6a)
        group = replace(group, quantifier="each")
    return TriggerEvent(event, what=data[event], whose=data.get("whose", "any"), group=group)


def replacement_from_data(spec: Mapping[str, Any]) -> Ability:
    """A static ability that generates a replacement effect (CR 614)."""
    event = spec.get("tapped_for_mana")
    instead = spec.get("instead")
    replacement = Replacement(
        tapped_for_mana=TriggerEvent(
            "tapped_for_mana", what=event.get("what", "permanent"), whose=event.get("whose", "any")
        )
        if event is not None
        else None,
        multiply=int(spec.get("multiply", 1)),
        instead=parse_symbols(instead) if instead is not None else None,
    )
    return Ability(kind=AbilityKind.STATIC, text=spec["text"], replacement=replacement)


# -- the copy-effect vocabulary (CR 707, 614.1c) --


def exceptions_from_data(data: Mapping[str, Any] | None) -> CopyExceptions:
    """``{additional_types: [Shapeshifter, Rogue], power: 7, ...}`` -> :class:`CopyExceptions`."""
    if not data:
        return CopyExceptions()
    abilities = []
    for entry in data.get("abilities", ()):
        if isinstance(entry, str):
            abilities.append(Ability(AbilityKind.KEYWORD, keyword=entry.lower()))
        else:
            abilities.append(ability_from_data(entry))

    def opt(key: str) -> tuple[str, ...] | None:
        return tuple(data[key]) if key in data else None

    return CopyExceptions(
        name=data.get("name"),
        mana_cost=ManaCost.parse(data["mana_cost"]) if "mana_cost" in data else None,
        colors=tuple(color_code(c) for c in data["colors"]) if "colors" in data else None,
        types=opt("types"),
        subtypes=opt("subtypes"),
        supertypes=opt("supertypes"),
        additional_types=tuple(data.get("additional_types", ())),
        without_types=tuple(data.get("without_types", ())),
        power=data.get("power"),
        toughness=data.get("toughness"),
        abilities=tuple(abilities),
        abilities_unless_has=tuple(
            named_keyword(k.lower()) for k in data.get("abilities_unless_has", ())
        ),
        colors_of_choice=bool(data.get("colors_of_choice", False)),
        own_colors=bool(data.get("own_colors", False)),
        loses_other_card_types=bool(data.get("loses_other_card_types", False)),
        own_pt=bool(data.get("own_pt", False)),
        own_abilities=bool(data.get("own_abilities", False)),
        abilities_if=tuple(
            (x["if_type"], named_keyword(x["keyword"].lower()))
            for x in data.get("abilities_if", ())
        ),
    )


def enters_as_copy_from_data(data: Mapping[str, Any]) -> EntersAsCopy:
    embalmed = data.get("except_if_embalmed")
    return EntersAsCopy(
        of=data["of"],
        exceptions=exceptions_from_data(data.get("except")),
        if_embalmed=exceptions_from_data(embalmed) if embalmed is not None else None,
        condition=data.get("condition"),
        when_you_do=str(data.get("when_you_do", "")),
        gains_until_end_of_turn=tuple(data.get("gains_until_end_of_turn", ())),
        extra_counters=tuple(
            ExtraCounters(
                str(x["kind"]),
                x["count"] if x.get("count") == "X" else int(x.get("count", 1)),
                x.get("if_type"),
                bool(x.get("if_you_control", False)),
                bool(x.get("additional", True)),
            )
            for x in data.get("additional_counters", ())
        ),
        counters_from_other_card=str(data.get("counters_from_other_card", "")),
    )


def enters_with_from_data(data: Mapping[str, Any]) -> EntersWithCounters:
    return EntersWithCounters(kind=str(data["kind"]), count=data["count"])


def others_enter_as_copy_from_data(data: Mapping[str, Any]) -> OthersEnterAsCopy:
    """``{which: creature_token_you_control}`` / ``{..., of_card: Thraben Inspector}``."""
    return OthersEnterAsCopy(
        which=data["which"],
        of_card=data.get("of_card"),
        of_enchanted=bool(data.get("of_enchanted", False)),
    )


def defines_pt_from_data(data: Mapping[str, Any]) -> DefinesPT:
    """A card type may be written in lower case, as Oracle text has it ("creature"); no
    subtype is written so, so it is that card type, never a subtype of that name."""
    spec = data["power_toughness"]

    def kind(what: str) -> str:
        if what.islower() and what.capitalize() in (*CARD_TYPES, "Permanent"):
            return what.capitalize()
        return what

    return DefinesPT(
        count_you_control=kind(spec["count_you_control"]),
        also=tuple(kind(k) for k in spec.get("also", ())),
        color=spec.get("color", ""),
        untapped=bool(spec.get("untapped", False)),
        anyone=bool(spec.get("on_battlefield", False)),
        power_only=bool(spec.get("power_only", False)),
    )
