"""``characteristics`` beside phase.rs's: a permanent's power, toughness, card types,
supertypes, subtypes and colors as phase.rs computes them after its continuous effects
(it applies its layers, CR 613, as it loads the translated game).

Only a permanent on the battlefield is compared (elsewhere phase.rs's objects keep their
printed values), and power and toughness only of a creature (CR 208.3). Name, mana cost and abilities aren't compared: phase.rs writes abilities
its own way. A changeling's "all creature types" isn't compared either.
"""

from __future__ import annotations

from typing import Any

from mtgrules.caseio.case import Case
from mtgrules.crosscheck.board import translate
from mtgrules.crosscheck.verdict import AGREES, DISAGREES, NOT_COMPARABLE, CrossCheck, NotComparable
from mtgrules.model.state import Zone

COLOR_CODES = {"White": "W", "Blue": "U", "Black": "B", "Red": "R", "Green": "G"}
ALL_TYPES = "all creature types"


def cross_check_characteristics(case: Case, ours: Any) -> CrossCheck:
    """phase.rs's characteristics of the case's object beside mtgrules' (``ours``: the
    answer's value, a mapping; None when mtgrules gave no answer)."""
    obj = case.state.find(case.question.value)
    try:
        if obj.zone is not Zone.BATTLEFIELD:
            raise NotComparable("only a permanent's characteristics are compared")
        found = translate(case.state)
        theirs = phase_characteristics(found.game.object(found.ids[obj.oid]))
    except NotComparable as err:
        return CrossCheck(NOT_COMPARABLE, None, str(err))
    said = render(theirs)
    if not isinstance(ours, dict):
        return CrossCheck(NOT_COMPARABLE, said, "mtgrules gives no characteristics")
    mine = {
        "power": ours.get("power"),
        "toughness": ours.get("toughness"),
        "types": sorted(ours.get("types") or ()),
        "supertypes": sorted(ours.get("supertypes") or ()),
        "subtypes": sorted(ours.get("subtypes") or ()),
        "colors": sorted(ours.get("colors") or ()),
    }
    if "Creature" not in mine["types"] or "Creature" not in theirs["types"]:
        # a noncreature permanent has no power or toughness (CR 208.3); phase.rs keeps the
        # printed values (a Vehicle's) in those fields whatever its types, so they aren't
        # its claim there (the types, still compared, say whether it is a creature)
        for key in ("power", "toughness"):
            mine.pop(key)
            theirs.pop(key)
    if ALL_TYPES in mine["subtypes"]:
        mine.pop("subtypes")
        theirs.pop("subtypes")
    differ = [k for k in mine if mine[k] != theirs[k]]
    if differ:
        return CrossCheck(DISAGREES, said, "phase.rs differs in " + ", ".join(differ))
    return CrossCheck(AGREES, said, "phase.rs computes the same " + ", ".join(mine))


def phase_characteristics(o: dict[str, Any]) -> dict[str, Any]:
    types = o.get("card_types") or {}
    return {
        "power": o.get("power"),
        "toughness": o.get("toughness"),
        "types": sorted(types.get("core_types") or ()),
        "supertypes": sorted(types.get("supertypes") or ()),
        "subtypes": sorted(types.get("subtypes") or ()),
        "colors": sorted(COLOR_CODES.get(c, c) for c in o.get("color") or ()),
    }


def render(found: dict[str, Any]) -> str:
    """ "2/2 Creature — Bear, G"."""
    shown = found["power"] is not None and "Creature" in found["types"]
    pt = f"{found['power']}/{found['toughness']} " if shown else ""
    kinds = " ".join([*found["supertypes"], *found["types"]])
    subs = f" — {' '.join(found['subtypes'])}" if found.get("subtypes") else ""
    colors = "".join(found["colors"]) or "colorless"
    return f"{pt}{kinds}{subs}, {colors}"
