"""What a permanent enters with: its counters (CR 614.1c, 614.12, 306.5b, 107.3m, 707.9e-f).

Its "enters with" abilities as what it enters as has them, a planeswalker's loyalty,
the extra counters a copy effect's exceptions add, and the counters The Mimeoplasm
takes from the power of the other card it exiles. The ``enters`` question reads them.
"""

from __future__ import annotations

from mtgrules.answer import Reason
from mtgrules.cards.copying import EntersAsCopy
from mtgrules.cards.vocabulary import Ability
from mtgrules.model.state import GameObject, GameState, Zone
from mtgrules.rules import Unsupported
from mtgrules.rules.copy.timing import zone_text
from mtgrules.rules.copy.values import copiable_values
from mtgrules.rules.layers.characteristics import Characteristics, characteristics


def changes_entering(ability: Ability) -> bool:
    """CR 614.1c-d, 614.12: an ability of a permanent's own that changes how it enters in a
    way a play-out doesn't carry out: "enters tapped unless", others entering as copies, a
    replacement, or words about entering the reader leaves unread ("enters with a +1/+1
    counter for each land you control"). What each caller does carry out (enters tapped,
    one copy ability, counters read) it checks itself."""
    return (
        ability.enters_tapped_unless is not None
        or ability.others_enter_as_copy is not None
        or ability.replacement is not None
        or (ability.described_only and "enter" in ability.words.lower())
    )


def enters_with(
    obj: GameObject, chars: Characteristics, printed: int | None
) -> tuple[dict[str, int], list[Reason]]:
    """CR 614.1c, 614.12: its "enters with" abilities (as the copy has them) and a
    planeswalker's loyalty (306.5b); X is the X of the spell it was, else 0 (107.3m)."""
    counters: dict[str, int] = {}
    reasons = []
    x_spell = obj.x if obj.zone is Zone.STACK and obj.x is not None else None
    for a in chars.abilities:
        if a.enters_with is None:
            continue
        n = a.enters_with.count
        rules: tuple[str, ...] = ("614.1c", "614.12")
        if n == "X":
            n = x_spell or 0
            rules += ("107.3m",)
            why = (
                f"X is {n}, the X chosen for the spell it was"
                if x_spell is not None
                else "X is 0: no value of X was chosen for the spell it was (or it wasn't cast)"
            )
        else:
            why = "its own ability says so"
        counters[a.enters_with.kind] = counters.get(a.enters_with.kind, 0) + int(n)
        reasons.append(
            Reason(
                None,
                f"It enters with {n} {a.enters_with.kind} counter{'s' if n != 1 else ''}: {why}.",
                rules,
            )
        )
    if chars.is_a("Planeswalker") and printed is not None:
        counters["loyalty"] = counters.get("loyalty", 0) + printed
        reasons.append(
            Reason(
                None,
                f"As a planeswalker it enters with {printed} loyalty counters (its printed loyalty).",
                ("306.5b",),
            )
        )
    return counters, reasons


def extra_counters(
    obj: GameObject, clone: EntersAsCopy, chars: Characteristics, mine: bool
) -> tuple[dict[str, int], list[Reason]]:
    """CR 707.9e-f: the extra counters of a copy effect's exceptions are an additional effect,
    added only if what it enters as (not what it copied) has the card type (Spark Double),
    or only if its controller controls the copied permanent (Undercover Operative); X is
    the X of the spell it was, else 0 (107.3m, Altered Ego)."""
    counters: dict[str, int] = {}
    reasons = []
    for extra in clone.extra_counters:
        rules: tuple[str, ...] = ("707.9e",)
        n = extra.count
        why = ""
        if n == "X":
            n = obj.x if obj.zone is Zone.STACK and obj.x is not None else 0
            rules += ("107.3m",)
            why = f" (X is {n}, the X of the spell it was)" if n else " (X is 0: no X was chosen)"
        kind = f"{n} additional {extra.kind} counter{'s' if n != 1 else ''}"
        if extra.if_type is not None:
            has = chars.is_a(extra.if_type)
            rules += ("707.9f",)
            text = (
                f"It enters as {'a ' if has else 'a non'}{extra.if_type.lower()}, so it "
                + (f"gets {kind}" if has else f"doesn't get the additional {extra.kind} counters")
                + (
                    " from the exception of its copy effect (what it enters as decides, "
                    "not what the copied permanent is now)."
                )
            )
        elif extra.if_you_control:
            has = mine
            gets, controls = ("gets", "controls") if mine else ("doesn't get", "doesn't control")
            text = (
                f"It {gets} {kind} from the exception of its copy effect: its controller "
                f"{controls} the copied creature."
            )
        else:
            has = True
            text = f"It gets {kind}{why} from the exception of its copy effect."
        if has and n:
            counters[extra.kind] = counters.get(extra.kind, 0) + int(n)
        reasons.append(Reason(None, text, rules))
    return counters, reasons


def other_card_checks(state: GameState, chosen: GameObject, other_card: str | None) -> list[Reason]:
    """CR 614.1c, 707.5 (The Mimeoplasm): two creature cards are exiled from graveyards as it
    enters; it copies one, and the other, the question's ``other_card``, sets its counters."""
    if other_card is None:
        raise Unsupported(
            "it exiles two creature cards from graveyards as it enters and its counters come "
            "from the power of the one it doesn't copy; add `other_card` to the question"
        )
    other = state.find(other_card)
    creature = characteristics(state, other).is_a("Creature")
    ok = other.zone is Zone.GRAVEYARD and other.oid != chosen.oid and creature
    if ok:
        text = f"{other.label} is another creature card in a graveyard, exiled with it."
    else:
        text = (
            f"{other.label} must be a second creature card in a graveyard"
            + (" (it is the copied card)" if other.oid == chosen.oid else "")
            + ("" if other.zone is Zone.GRAVEYARD else f" (it is in {zone_text(other.zone)})")
            + ("" if creature else " (it isn't a creature card)")
            + "."
        )
    return [Reason(ok, text, ("614.1c", "707.5"))]


def other_card_counters(
    state: GameState, clone: EntersAsCopy, other: GameObject
) -> tuple[str, int, Reason]:
    """CR 614.1c, 614.12: it enters with as many additional counters as the other exiled
    card's power, read as the card is in the graveyard (its printed power)."""
    power = copiable_values(state, other).power
    if not isinstance(power, int):
        raise Unsupported(
            f"the power of {other.label} in the graveyard is {power!r}, which mtgrules doesn't "
            "compute there, and the number of counters is that power"
        )
    kind = clone.counters_from_other_card
    text = (
        f"It enters with {power} additional {kind} counter{'s' if power != 1 else ''}: "
        f"the power of {other.label}, the other exiled card."
    )
    return kind, max(power, 0), Reason(None, text, ("614.1c", "614.12"))
