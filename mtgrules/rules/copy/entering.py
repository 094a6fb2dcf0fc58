"""A copy effect as the permanent enters (CR 707.2, 707.3, 707.9a-b, 718.2a): the colors
chosen as it enters, a keyword granted unless the copied values have it, and what the copy
does and doesn't take. The exceptions of its own copy ability (an embalmed token's among
them) are :func:`mtgrules.rules.copy.own.entering_exceptions`, which the permanent that
entered so reads too. The ``enters`` question reads them.
"""

from __future__ import annotations

from dataclasses import replace

from mtgrules.answer import Reason
from mtgrules.cards.copying import COLOR_WORDS, CopyExceptions, EntersAsCopy, unnumbered
from mtgrules.cards.define import color_code
from mtgrules.model.state import GameObject, GameState
from mtgrules.rules import Unsupported
from mtgrules.rules.copy.values import copiable_values
from mtgrules.rules.layers.characteristics import characteristics
from mtgrules.rules.rulings import rulings_on


def chosen_colors(
    ex: CopyExceptions, colors: list[str] | None
) -> tuple[CopyExceptions, list[Reason]]:
    """CR 707.9b: "it's the colors of your choice in addition to its other colors" — the
    colors are chosen as it enters; the question's ``choose_colors`` gives them."""
    if not ex.colors_of_choice:
        if colors is None:
            return ex, []
        note = "`choose_colors` is given, but its copy effect makes no color choice: ignored."
        return ex, [Reason(None, note, ("707.9b",))]
    if colors is None:
        raise Unsupported(
            "its copy effect makes it the colors its controller chooses as it enters, in "
            "addition to the copied colors; add `choose_colors: [...]` (W, U, B, R, G) to the "
            "question"
        )
    chosen = tuple(c for c in "WUBRG" if c in {color_code(c) for c in colors})
    names = " and ".join(COLOR_WORDS[c] for c in chosen)
    reason = Reason(
        None,
        f"Its controller chooses {names} as it enters: it is {names} in addition to the "
        "copied colors (part of its copiable values).",
        ("707.9b",),
    )
    return replace(ex, colors_of_choice=False, additional_colors=chosen), [reason]


def check_unless_has(state: GameState, chosen: GameObject, clone: EntersAsCopy) -> None:
    """CR 707.9a, 613.1: "it has vanishing 3 if that creature doesn't have vanishing" is
    decided on the copied values; if the chosen creature has or lacks that keyword only
    because of an effect that isn't a copy effect, which one the card means is not
    settled, so the answer is unsupported."""
    for granted in clone.exceptions.abilities_unless_has:
        name = unnumbered(granted.keyword or "")
        now = {unnumbered(a.keyword or "") for a in characteristics(state, chosen).abilities}
        copied = {unnumbered(a.keyword or "") for a in copiable_values(state, chosen).abilities}
        if (name in now) != (name in copied):
            raise Unsupported(
                f"{chosen.label} {'has' if name in now else 'lacks'} {name} only because of an "
                f"effect that isn't a copy effect; whether {granted.keyword} is granted then "
                "is not modeled"
            )


def copy_notes(state: GameState, obj: GameObject, chosen: GameObject) -> list[Reason]:
    """What the copy does and doesn't take from the chosen permanent (CR 707.2, 707.3)."""
    left_out = []
    if chosen.tapped:
        left_out.append("that it is tapped")
    if chosen.counters:
        left_out.append("its counters (" + ", ".join(f"{k} x{v}" for k, v in chosen.counters) + ")")
    others = [e for e in state.effects_on(chosen.oid) if e.copy_of is None]
    if others:
        left_out.append(
            "the non-copy effects on it (from "
            + ", ".join(e.source or "an effect" for e in others)
            + ")"
        )
    if any(o.attached_to == chosen.oid for o in state.objects):
        left_out.append("what is attached to it")
    text = "It copies the copiable values only"
    if len(left_out) > 1:
        left_out[-2:] = [f"{left_out[-2]} or {left_out[-1]}"]
    text += ": not " + ", ".join(left_out) + "." if left_out else "."
    out = [Reason(None, text, ("707.2",), rulings_on(obj.card, "copy-printed") if left_out else ())]
    if chosen.copy_of is not None or any(e.copy_of for e in state.effects_on(chosen.oid)):
        out.append(
            Reason(
                None,
                f"{chosen.label} is itself a copy, so what it copies is what is copied.",
                ("707.3",),
                rulings_on(obj.card, "copy-of-copy"),
            )
        )
    if chosen.token:
        out.append(
            Reason(
                None,
                f"{chosen.label} is a token: the copy gets the characteristics its creating effect stated, "
                "but the copy is not a token.",
                ("707.2", "111.3"),
                rulings_on(obj.card, "copy-of-token"),
            )
        )
    cost = copiable_values(state, chosen).mana_cost
    if cost.has_x:
        out.append(
            Reason(
                None,
                f"The copied mana cost {cost} has X, which counts as 0.",
                ("107.3g",),
                rulings_on(obj.card, "copy-x"),
            )
        )
    return out


def prototyped_copy_notes(obj: GameObject, exceptions: CopyExceptions) -> list[Reason]:
    """CR 718.2a, 707.2, 707.9c: a prototyped spell entering as a copy. Its prototype values are
    copiable values, so the copy effect overwrites them with the copied object's; an exception
    that keeps "this creature's" power and toughness keeps the prototype ones (718.3b)."""
    prototype = obj.card.prototype
    if not obj.prototyped or prototype is None:
        return []
    text = (
        "It was cast prototyped, but its prototype mana cost, power and toughness are copiable "
        "values, so the copy effect overwrites them: its mana cost and colors are the copied "
        "object's"
    )
    rules: tuple[str, ...] = ("718.2a", "707.2")
    if exceptions.own_pt:
        text += (
            f"; its power and toughness, which the exception takes from this creature, are the "
            f"prototype's {prototype.power}/{prototype.toughness}"
        )
        rules += ("718.3b", "707.9c")
    return [Reason(None, text + ".", rules)]
