"""Mana the board decides: amounts read from the board and self-replacements on the mana.

"Add an amount of {G} equal to its power" counts the permanent's power now (CR 208.1,
107.1b: a negative number adds no mana); "equal to your devotion to green" counts the
green mana symbols in the mana costs of the permanents its controller controls, a hybrid
symbol counting for each of its colors (CR 700.5, 107.4e). "Add {C}. If you control an
Urza's Power-Plant and an Urza's Tower, add {C}{C} instead" and "If this creature has a
+1/+1 counter on it, add three mana of that type instead" replace the ability's own mana
when the condition holds as it resolves (CR 614.15, a self-replacement effect).

:func:`board_mana` turns such mana into the plain mana it is now, with the reasons; mana of
any other form is returned as it is.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from mtgrules.answer import Reason
from mtgrules.cards.mana_effects import Mana
from mtgrules.cards.oracle.mana import CHOSEN_COLOR, X_ANNOUNCED
from mtgrules.model.state import GameObject, GameState, Zone
from mtgrules.model.stated import chosen
from mtgrules.rules import Unsupported
from mtgrules.rules.layers.characteristics import Characteristics, characteristics
from mtgrules.rules.scope.index import Scope
from mtgrules.rules.scope.query import Depends

_COLOR_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


class ChoiceMissing(Unsupported):
    """Mana of the color chosen as a permanent entered, and the case doesn't state the
    choice (CR 607.2d): unsupported, unless the answer holds every color anyway (105.4)."""


@dataclass(frozen=True)
class Amount:
    count: int
    reason: Reason


@dataclass(frozen=True)
class BoardMana:
    mana: Mana  # plain mana: fixed symbols, or another form the callers already read
    reasons: tuple[Reason, ...]


class _Board:
    """What these readings need of a board: the state and each permanent's characteristics."""

    state: GameState
    chars: Mapping[str, Characteristics]


def board_amount(board: _Board, obj: GameObject, mana: Mana) -> Amount:
    """How many times ``mana.fixed`` an "an amount of ... equal to" form adds now."""
    if mana.amount_by == "power":
        power = characteristics(board.state, obj).power  # CR 613: all layers, counters too
        if not isinstance(power, int):
            raise Unsupported(
                f"{obj.label} has no power now (it isn't a creature, CR 208.3), so how much "
                f"“{mana.depends}” adds is not defined here"
            )
        count = max(power, 0)
        text = f"its power is {power}" + (", and a negative amount is zero" if power < 0 else "")
        return Amount(count, Reason(True, f"{obj.label}: {text}.", ("208.1", "107.1b")))
    if mana.amount_by.startswith("devotion:"):
        color = mana.amount_by.split(":", 1)[1]
        for other in board.state.in_zone(Zone.BATTLEFIELD):
            for ability in board.chars[other.oid].abilities:
                if (
                    ability.described_only
                    and "devotion" in (ability.oracle or ability.text).lower()
                ):
                    raise Unsupported(
                        f"{other.label}'s ability “{ability.text}” may change devotion "
                        "(CR 700.5a), and mtgrules doesn't read it"
                    )
        count = 0
        for other in board.state.in_zone(Zone.BATTLEFIELD, obj.controller):
            for symbol in board.chars[other.oid].mana_cost.symbols:
                if color in symbol.split("/"):  # CR 700.5: a hybrid symbol counts its colors
                    count += 1
        name = _COLOR_NAMES[color]
        return Amount(
            count,
            Reason(
                True,
                f"{obj.controller}'s devotion to {name} is {count}: the {name} mana symbols "
                "among the mana costs of the permanents they control, hybrid symbols included.",
                ("700.5",),
            ),
        )
    raise Unsupported(f"the amount of “{mana.depends}” is not modeled")


def board_mana(board: _Board, obj: GameObject, mana: Mana, any_x: bool = False) -> BoardMana:
    """The plain mana ``mana`` is now on this board (see the module); other forms unchanged.
    ``any_x``: the question ignores costs (CR 106.7), so an X announced as the ability is
    activated may be any number, and the types are those of one mana or more."""
    reasons: list[Reason] = []
    if mana.amount_by == CHOSEN_COLOR:
        return _chosen_color(obj, mana)
    if mana.amount_by == X_ANNOUNCED:
        return _x_announced(obj, mana, any_x)
    if mana.instead_if:
        holds, why = _condition(board, obj, mana.instead_if)
        words = mana.depends
        if holds and mana.instead is not None:
            reasons.append(
                Reason(True, f"{why}, so it adds its other mana instead (“{words}”).", ("614.15",))
            )
            mana = mana.instead
        else:
            reasons.append(
                Reason(True, f"{why}, so it adds its first mana (“{words}”).", ("614.15",))
            )
            mana = replace(mana, instead_if="", instead=None, depends="")
    if mana.amount_by:
        amount = board_amount(board, obj, mana)
        reasons.append(amount.reason)
        mana = _counted(mana, amount.count)
    return BoardMana(mana, tuple(reasons))


def _counted(mana: Mana, n: int) -> Mana:
    """``n`` times the mana of an amount read from the board: its symbols, or "N mana in any
    combination of colors" (each color chosen on its own, CR 106.1a), or of two colors (each
    way of splitting N between them, the first color's first: "{U}{U}{R}")."""
    if mana.any_combination:
        return Mana(any_combination=n, rider=mana.rider) if n else Mana(rider=mana.rider)
    if mana.one_of:
        first, second = mana.one_of
        groups = tuple((first,) * (n - k) + (second,) * k for k in range(n + 1))
        return Mana(choices=groups, rider=mana.rider) if n else Mana(rider=mana.rider)
    return Mana(fixed=mana.fixed * n, rider=mana.rider)


def _chosen_color(obj: GameObject, mana: Mana) -> BoardMana:
    """Mana of the color chosen as ``obj`` entered: its "the chosen color" refers to the choice
    its "As ... enters, choose a color" made (CR 607.2d, 614.12), which the case states as
    ``chosen: {color: ...}``; without it the answer is unsupported, naming the choice."""
    color = chosen(obj, "color")
    if color is None:
        raise ChoiceMissing(
            f"{obj.label}'s “{mana.depends}” adds mana of the color chosen as it entered "
            "(CR 607.2d, 614.12), and the case doesn't say which color was chosen (state it "
            "as `chosen: {color: ...}` on the permanent)"
        )
    name = _COLOR_NAMES[color]
    if mana.one_of:
        plain = Mana(one_of=(*mana.one_of, color), rider=mana.rider)
    else:
        plain = Mana(fixed=(color,) * mana.amount, rider=mana.rider)
    why = Reason(
        True,
        f"the color chosen as {obj.label} entered is {name}, so “{mana.depends}” adds {name} mana.",
        ("607.2d", "614.12"),
    )
    return BoardMana(plain, (why,))


def _x_announced(obj: GameObject, mana: Mana, any_x: bool) -> BoardMana:
    """ "Add X mana in any combination of ...", X announced as the ability is activated (its
    cost: CR 601.2b, 602.2b, 107.3k). Ignoring costs (106.7), X may be one or more: the
    types are those colors; how much mana it adds needs the X, which a board doesn't give."""
    if not any_x:
        raise Unsupported(
            f"how much mana {obj.label}'s “{mana.depends}” adds depends on the X announced as "
            "it is activated (CR 601.2b, 602.2b, 107.3k), which the question doesn't give"
        )
    plain = (
        Mana(any_combination=1, rider=mana.rider)
        if mana.any_combination
        else Mana(one_of=mana.one_of, rider=mana.rider)
    )
    why = Reason(
        True,
        "its X is announced as it is activated and its costs are ignored here, so X may be any "
        "number of one or more: it could add each of those colors.",
        ("106.7", "107.3k", "602.2b"),
    )
    return BoardMana(plain, (why,))


def _condition(board: _Board, obj: GameObject, condition: str) -> tuple[bool, str]:
    """Whether a self-replacement's condition holds now, and why in words."""
    kind, _, what = condition.partition(":")
    if kind == "counter":
        n = obj.counter(what)
        has = f"{obj.label} has {n} {what} counter{'s' if n != 1 else ''}"
        return n > 0, has
    if kind == "control":
        found = []
        for group in what.split(";"):
            subtypes = group.split("|")
            ok = any(
                all(t in board.chars[o.oid].subtypes for t in subtypes)
                for o in board.state.in_zone(Zone.BATTLEFIELD, obj.controller)
            )
            found.append((" ".join(subtypes), ok))
        missing = [name for name, ok in found if not ok]
        if missing:
            return False, f"{obj.controller} controls no {' and no '.join(missing)}"
        return True, f"{obj.controller} controls {' and '.join('an ' + n for n, _ in found)}"
    raise Unsupported(f"the condition {condition!r} is not modeled")


def with_board_mana(state: GameState, owners: tuple[GameObject, ...], depends: Depends) -> Depends:
    """What an answer depends on, with more when an ability of ``owners`` adds mana the
    board decides: their power (layer 7, CR 208.1) for "equal to its power"; for devotion,
    "If you control ..." or the colors of your permanents, every permanent's mana cost,
    control, types and colors (CR 700.5a, 614.15, 105.2). No "ignore" then: an unread
    ability may matter in any way."""
    forms = set()
    for obj in owners:
        for ability in obj.card.abilities:
            mana = ability.effect.adds_mana if ability.effect else None
            if mana is None:
                continue
            if mana.amount_by in (CHOSEN_COLOR, X_ANNOUNCED):
                continue  # the choice and the X are stated, not read from the board
            if mana.amount_by == "power":
                forms.add("power")
            elif mana.amount_by or mana.instead_if.startswith("control") or mana.color_of:
                forms.add("board")
    if not forms:
        return depends
    subjects, scopes, own = depends.subjects, depends.scopes, depends.own or depends.scopes
    if "power" in forms:
        scopes, own = (*scopes, Scope.PT), (*own, Scope.PT)
    if "board" in forms:
        known = {s.oid for s in subjects}
        others = tuple(o for o in state.in_zone(Zone.BATTLEFIELD) if o.oid not in known)
        subjects = (*subjects, *others)
        more = (Scope.COPY, Scope.CONTROL, Scope.TEXT, Scope.TYPES, Scope.COLORS)
        scopes, own = (*scopes, *more), (*own, *more)
    return replace(depends, subjects=subjects, scopes=scopes, own=own, ignore=frozenset())
