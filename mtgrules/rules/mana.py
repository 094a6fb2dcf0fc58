"""Mana (CR 106): what a permanent could produce, and the board it is computed on.

:func:`could_produce_all` finds, for every permanent on the battlefield, the
types of mana it could produce (CR 106.7). Abilities that add "one mana of any
type that a land you control could produce" make permanents depend on one
another, in chains and in cycles (two Reflecting Pools, Exotic Orchards facing
each other), so the answer is a least fixpoint: every permanent starts with no
type, and types are added only when some ability would really produce them.
Each permanent's set only grows and has at most six types, so the work list
empties on any board.

The mana one ability adds when it resolves (its own, replacement effects on tapping
for mana, triggered mana abilities) is :mod:`mtgrules.rules.mana_production`; it reads
the board, the replacement effects and the triggers watching a permanent from here.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace

from mtgrules import lazyre
from mtgrules.answer import Reason, RulingRef
from mtgrules.cards.vocabulary import (
    FOR_EACH_TEXT,
    Ability,
    AbilityKind,
    Mana,
    Replacement,
    TriggerEvent,
)
from mtgrules.model.state import GameObject, GameState, Zone
from mtgrules.rules import Unsupported
from mtgrules.rules.layers import ALL_CREATURE_TYPES, Characteristics, characteristics
from mtgrules.rules.mana_abilities import is_mana_ability
from mtgrules.rules.mana_amounts import board_amount, board_mana

TYPES = ("W", "U", "B", "R", "G", "C")  # CR 106.1b
# what a could-produce ability looks at, in words (CR 106.7, 205.4c)
WATCHED_NOUNS = {"basic_land_you_control": "basic lands", "Gate_you_control": "Gates"}
COLORS = frozenset("WUBRG")  # CR 106.1a
TYPE_NAMES = {
    "W": "white",
    "U": "blue",
    "B": "black",
    "R": "red",
    "G": "green",
    "C": "colorless",
}


def ordered(types: Iterable[str]) -> list[str]:
    """Mana types in W U B R G C order."""
    return sorted(set(types), key=TYPES.index)


def show(types: Iterable[str]) -> str:
    found = ordered(types)
    return ", ".join(found) if found else "nothing"


def render(mana: Iterable[str]) -> str:
    """``("G", "G")`` -> ``"{G}{G}"``; no mana is ``""``."""
    return "".join(f"{{{m}}}" for m in mana)


def symbols_to_mana(symbols: Iterable[str]) -> tuple[str, ...]:
    """The mana that adding these symbols puts in a pool (CR 106.9-106.11)."""
    out: list[str] = []
    for symbol in symbols:
        if symbol.isdigit():
            out += ["C"] * int(symbol)  # CR 106.10: generic symbols add colorless mana
        elif symbol == "S":
            out.append("C")  # CR 106.11
        elif symbol in TYPES:
            out.append(symbol)
        elif symbol.endswith("/P") and symbol[0] in COLORS:
            out.append(symbol[0])  # CR 106.9
        else:
            raise Unsupported(
                f"adding the mana symbol {{{symbol}}} (a choice, CR 106.8) is not modeled"
            )
    return tuple(out)


def rulings_about(obj: GameObject, *topics: str) -> tuple[RulingRef, ...]:
    """The card's rulings on these topics, to cite beside a reason."""
    return tuple(
        RulingRef(obj.name, r.date, r.summary) for r in obj.card.rulings if r.topic in topics
    )


# -- the board --------------------------------------------------------------


@dataclass
class Board:
    """The battlefield with each permanent's characteristics, computed once."""

    state: GameState
    chars: dict[str, Characteristics] = field(default_factory=dict)

    @classmethod
    def of(cls, state: GameState) -> Board:
        board = cls(state)
        for obj in state.in_zone(Zone.BATTLEFIELD):  # types and abilities: through layer 6
            board.chars[obj.oid] = characteristics(state, obj, through="6")
        return board

    @property
    def permanents(self) -> list[GameObject]:
        return self.state.in_zone(Zone.BATTLEFIELD)

    def abilities(self) -> Iterator[tuple[GameObject, Ability]]:
        """Every ability of every permanent, with the permanent."""
        for source in self.permanents:
            for ability in self.chars[source.oid].abilities:
                yield source, ability

    def lands_of(self, player: str) -> list[GameObject]:
        return [
            o
            for o in self.state.in_zone(Zone.BATTLEFIELD, player)
            if self.chars[o.oid].is_a("Land")
        ]

    def count(self, what: str, player: str) -> int:
        """How many permanents a "for each" counts: "creature_you_control", or Oracle words
        "[basic ][card type or subtype] you control / on the battlefield" (CR 205.2-205.4)."""
        if what == "creature_you_control":
            what = "creature you control"
        found = _COUNTED.match(what)
        if found is None:
            raise Unsupported(f"counting {what!r} is not modeled")
        kind = found.group("kind")
        objs = self.state.in_zone(
            Zone.BATTLEFIELD, player if found.group("whose") == "you control" else None
        )
        return sum(
            1
            for o in objs
            if _counts_as(self.chars[o.oid], kind)
            and (not found.group("basic") or "Basic" in self.chars[o.oid].supertypes)
        )

    def watched_players(self, obj: GameObject, mana: Mana) -> list[str]:
        """Whose permanents a could-produce ability looks at (CR 106.7)."""
        if (mana.could_produce or "").endswith("_you_control"):
            return [obj.controller]
        return [p for p in self.state.player_names if p != obj.controller]

    def watched(self, obj: GameObject, mana: Mana) -> list[GameObject]:
        """The permanents a could-produce ability looks at (CR 106.7): lands, basic lands
        (CR 205.4a) or permanents of a subtype (Gates), of its controller or opponents."""
        kind = (mana.could_produce or "").removesuffix("_you_control")
        kind = kind.removesuffix("_opponent_controls")
        out = []
        for player in self.watched_players(obj, mana):
            for o in self.state.in_zone(Zone.BATTLEFIELD, player):
                chars = self.chars[o.oid]
                if kind in ("land", "basic_land"):
                    if chars.is_a("Land") and (kind == "land" or "Basic" in chars.supertypes):
                        out.append(o)
                elif kind in chars.subtypes:
                    out.append(o)
        return out


def producing_abilities(chars: Characteristics) -> list[tuple[int, Ability]]:
    """The abilities that add mana, numbered as in the characteristics' list."""
    return [
        (i, a)
        for i, a in enumerate(chars.abilities, 1)
        if a.effect is not None and a.effect.adds_mana is not None
    ]


def taps_for_mana(ability: Ability) -> bool:
    """CR 106.12: "tapping for mana" is activating a mana ability with {T} in its cost."""
    return (
        ability.is_activated
        and ability.cost is not None
        and ability.cost.tap
        and is_mana_ability(ability)
    )


def event_matches(
    event: TriggerEvent, source: GameObject, obj: GameObject, chars: Characteristics
) -> bool:
    """Does ``event`` (of an ability of ``source``) watch the permanent ``obj``?"""
    if event.whose == "you" and obj.controller != source.controller:
        return False
    if event.whose == "opponent" and obj.controller == source.controller:
        return False
    what = event.what
    if what == "self":
        return obj.oid == source.oid
    if what == "enchanted":
        return source.attached_to == obj.oid
    if what == "permanent":
        return True
    if what == "nonland":  # "a nonland permanent"
        return not chars.is_a("Land")
    if what in ("basic land", "nonbasic land"):  # CR 205.4a
        return chars.is_a("Land") and (("Basic" in chars.supertypes) == (what == "basic land"))
    if what in ("land", "creature", "artifact"):
        return chars.is_a(what.capitalize())
    return any(kind in chars.subtypes for kind in what.split("|"))


def mana_replacements(board: Board, obj: GameObject) -> list[tuple[GameObject, Replacement]]:
    """Replacement effects that apply if ``obj`` is tapped for mana (CR 106.12b)."""
    return [
        (source, a.replacement)
        for source, a in board.abilities()
        if a.replacement is not None
        and a.replacement.tapped_for_mana is not None
        and event_matches(a.replacement.tapped_for_mana, source, obj, board.chars[obj.oid])
    ]


_COUNTED = lazyre.compile(
    r"^(?P<basic>basic )?(?P<kind>[A-Za-z]+) (?P<whose>you control|on the battlefield)$"
)


def _counts_as(chars: Characteristics, kind: str) -> bool:
    """A card type ("creature", "artifact") or a subtype ("Swamp", "Elf")."""
    if kind.islower():
        return chars.is_a(kind.capitalize())
    if kind not in chars.subtypes and ALL_CREATURE_TYPES in chars.subtypes:
        # CR 702.73a: every creature type; mtgrules has no list of which subtypes those are
        raise Unsupported(
            f"{chars.name} has every creature type; whether it counts as a {kind} is not modeled"
        )
    return kind in chars.subtypes


def depends_error(obj: GameObject, mana: Mana) -> Unsupported:
    """The amount or type of this mana depends on something mtgrules doesn't compute."""
    return Unsupported(
        f"how much mana, or of which type, {obj.label}'s ability adds ({mana.render()}) "
        "depends on something mtgrules doesn't compute"
    )


def rider_note(mana: Mana, head: str, rules: tuple[str, ...]) -> list[Reason]:
    """CR 106.6: a rider on spending the mana doesn't change its type."""
    if not mana.rider:
        return []
    text = f"{head}: its mana carries a restriction on how it is spent, or an effect tied to spending it; that doesn't change the mana's type."
    return [Reason(None, text, rules)]


def choice_groups(mana: Mana) -> list[tuple[str, ...]]:
    """The groups of mana a filter-land effect chooses among ("{W}{W}, {W}{U}, or {U}{U}")."""
    return [symbols_to_mana(group) for group in mana.choices]


# -- could produce (CR 106.7) ----------------------------------------------


def _own_types(
    board: Board, obj: GameObject, ability: Ability, types: dict[str, set[str]]
) -> set[str]:
    """The types one ability would add if it resolved now, before replacement effects."""
    mana = ability.effect.adds_mana  # type: ignore[union-attr]
    assert mana is not None
    mana = board_mana(board, obj, mana).mana
    if mana.any_color or mana.any_combination:
        return set(COLORS)
    if mana.could_produce:
        found: set[str] = set()
        for other in board.watched(obj, mana):
            found |= types.get(other.oid, set())
        return found & COLORS if mana.could_produce_kind == "color" else found
    if mana.one_of_produced:
        return set()  # defined only by a permanent being tapped for mana (CR 106.5)
    if mana.depends:
        raise depends_error(obj, mana)
    if mana.choices:
        return {t for group in choice_groups(mana) for t in group}
    if mana.for_each and board.count(mana.for_each, obj.controller) == 0:
        return set()
    if mana.amount_by and not board_amount(board, obj, mana).count:
        return set()  # it would add no mana now (CR 106.7)
    return set(symbols_to_mana(mana.one_of or mana.fixed))


def _after_replacements(
    board: Board, obj: GameObject, ability: Ability, types: set[str]
) -> set[str]:
    """CR 106.7: replacement effects count, in any possible order."""
    if not types or not taps_for_mana(ability):
        return types
    instead = [r.instead for _, r in mana_replacements(board, obj) if r.instead is not None]
    if not instead:
        return types
    # Whichever "instead" effect applies last decides the type; any of them can be last.
    return {t for mana in instead for t in symbols_to_mana(mana)}


def could_produce_all(board: Board) -> dict[str, frozenset[str]]:
    """CR 106.7 for every permanent at once, as a least fixpoint (see the module docstring)."""
    # What an unread ability could add or change is the scope index's to say: the
    # could_produce and mana_produced questions ask it (rules/scope_query.py) first.
    perms = board.permanents
    found: dict[str, set[str]] = {o.oid: set() for o in perms}
    # who looks at whom: a could-produce ability's permanents (CR 106.7)
    watchers: dict[str, list[GameObject]] = {o.oid: [] for o in perms}
    for obj in perms:
        for _, ability in producing_abilities(board.chars[obj.oid]):
            mana = ability.effect.adds_mana  # type: ignore[union-attr]
            if mana is not None:
                mana = board_mana(board, obj, mana).mana
            if mana is not None and mana.could_produce:
                for other in board.watched(obj, mana):
                    watchers[other.oid].append(obj)
    queue = deque(perms)
    queued = {o.oid for o in perms}
    while queue:
        obj = queue.popleft()
        queued.discard(obj.oid)
        new: set[str] = set()
        for _, ability in producing_abilities(board.chars[obj.oid]):
            new |= _after_replacements(board, obj, ability, _own_types(board, obj, ability, found))
        if new <= found[obj.oid]:
            continue
        found[obj.oid] |= new
        for watcher in watchers[obj.oid]:
            if watcher.oid not in queued:
                queue.append(watcher)
                queued.add(watcher.oid)
    return {oid: frozenset(types) for oid, types in found.items()}


@dataclass(frozen=True)
class CouldProduce:
    types: frozenset[str]
    reasons: tuple[Reason, ...]


def could_produce(state: GameState, obj: GameObject, others: bool = False) -> CouldProduce:
    """CR 106.7 for one permanent, with a reason for each source and effect considered;
    ``others``: abilities read another way add mana too (so none is no note)."""
    if obj.zone is not Zone.BATTLEFIELD:
        return CouldProduce(
            frozenset(),
            (
                Reason(
                    None,
                    f"{obj.label} is not on the battlefield; only a permanent could produce mana.",
                    ("106.7",),
                ),
            ),
        )
    board = Board.of(state)
    all_types = could_produce_all(board)
    reasons: list[Reason] = []
    abilities = producing_abilities(board.chars[obj.oid])
    if not abilities and not others:
        reasons.append(
            Reason(
                None,
                f"{obj.label} has no ability that adds mana, so there's no type of mana it could produce.",
                ("106.7",),
            )
        )
    for number, ability in abilities:
        reasons += _ability_reasons(board, obj, number, ability, all_types)
    reasons += _extra_mana_notes(board, obj)
    return CouldProduce(all_types[obj.oid], tuple(reasons))


def _ability_reasons(
    board: Board,
    obj: GameObject,
    number: int,
    ability: Ability,
    all_types: dict[str, frozenset[str]],
) -> list[Reason]:
    mana = ability.effect.adds_mana  # type: ignore[union-attr]
    assert mana is not None
    head = f"Ability {number} ({ability.render()})"
    # CR 305.6: a basic land type's intrinsic mana ability, which decides what it adds
    head += ", the ability its basic land type gives it," if ability.intrinsic else ""
    rules = ("106.7", "305.6") if ability.intrinsic else ("106.7",)
    if ability.kind is AbilityKind.TRIGGERED and mana.one_of_produced:
        return [
            Reason(
                None,
                f"{head} adds mana only when a permanent is tapped for mana; without that event no type is defined.",
                ("106.7", "106.5"),
            )
        ]
    out: list[Reason] = []
    now = board_mana(board, obj, mana)  # CR 614.15, 700.5: what the board makes it now
    mana = now.mana
    out += [_with_head(head, r) for r in now.reasons]
    if mana.depends:
        raise depends_error(obj, mana)
    if not mana.fixed and not mana.could_produce and now.reasons and _adds_nothing(mana):
        out.append(Reason(True, f"{head}: it would add no mana now.", ("106.7", "106.5")))
        return out
    if ability.condition:
        out.append(
            Reason(
                None,
                f"{head}: its condition on activating doesn't matter; what counts is the mana it would add if it resolved.",
                ("106.7", "602.5b"),
            )
        )
    out += rider_note(mana, head, ("106.7", "106.6"))
    if mana.could_produce:
        out += _could_produce_members(board, obj, mana, all_types)
        own = _own_lands_union(board, obj, mana, all_types)
        if mana.could_produce_kind == "color" and "C" in own:
            out.append(
                Reason(
                    None,
                    "Colorless is a type of mana but not a color, so C doesn't count for an ability that adds a color.",
                    ("106.1a", "106.1b"),
                )
            )
        types = own & COLORS if mana.could_produce_kind == "color" else own
        if not types:
            out.append(
                Reason(
                    True,
                    f"{head}: no type of mana can be defined this way, so it would produce no mana.",
                    ("106.7", "106.5"),
                )
            )
            return out
    elif mana.for_each:
        n = board.count(mana.for_each, obj.controller)
        types = set(symbols_to_mana(mana.fixed)) if n else set()
        counted = counted_words(mana)
        if not n:
            out.append(
                Reason(
                    True,
                    f"{head}: there is no {counted}, so it would produce no mana now.",
                    rules,
                )
            )
            return out
        out.append(
            Reason(
                True,
                f"{head}: it counts {n} ({counted}), so it would add {show(types)}.",
                rules,
            )
        )
    elif mana.choices:
        types = {t for group in choice_groups(mana) for t in group}
    else:
        types = (
            set(COLORS)
            if mana.any_color or mana.any_combination
            else set(symbols_to_mana(mana.one_of or mana.fixed))
        )
    if not mana.for_each:
        out.append(Reason(True, f"{head} would add {show(types)}.", rules))
    if ability.kind is not AbilityKind.TRIGGERED and not is_mana_ability(ability):
        out.append(
            Reason(
                None,
                f"Ability {number} is not a mana ability, but it is an ability of {obj.label} that would add mana, so it counts.",
                ("106.7", "605.1a"),
            )
        )
    for source, r in mana_replacements(board, obj) if taps_for_mana(ability) else []:
        if r.instead is not None:
            out.append(
                Reason(
                    None,
                    f"{source.label}'s replacement effect would make it produce {render(symbols_to_mana(r.instead))} instead; replacement effects count in any order.",
                    ("106.7", "106.12b"),
                )
            )
        else:
            out.append(
                Reason(
                    None,
                    f"{source.label}'s replacement effect changes how much mana it makes, not its type.",
                    ("106.7", "106.12b"),
                )
            )
    return out


def _with_head(head: str, reason: Reason) -> Reason:
    return replace(reason, text=f"{head}: {reason.text}")


def _adds_nothing(mana: Mana) -> bool:
    """Plain mana with no symbol and no other form: an amount that is zero now."""
    return not (
        mana.any_color
        or mana.any_combination
        or mana.one_of
        or mana.choices
        or mana.for_each
        or mana.one_of_produced
    )


def counted_words(mana: Mana) -> str:
    return FOR_EACH_TEXT.get(mana.for_each or "", mana.for_each or "")


def _own_lands_union(
    board: Board, obj: GameObject, mana: Mana, all_types: dict[str, frozenset[str]]
) -> set[str]:
    out: set[str] = set()
    for land in board.watched(obj, mana):
        out |= all_types[land.oid]
    # a could-produce ability applies replacement effects to its own result too
    return out


def _could_produce_members(
    board: Board, obj: GameObject, mana: Mana, all_types: dict[str, frozenset[str]]
) -> list[Reason]:
    players = board.watched_players(obj, mana)
    whose = " and ".join(players) if players else "nobody"
    out: list[Reason] = []
    lands = board.watched(obj, mana)
    noun = WATCHED_NOUNS.get(mana.could_produce or "", "lands")
    if not lands:
        return [
            Reason(True, f"It looks at the {noun} {whose} controls: there are none.", ("106.7",))
        ]
    parts = []
    for land in lands:
        note = " (itself)" if land.oid == obj.oid else ""
        parts.append(f"{land.label}{note}: {show(all_types[land.oid])}")
    basic = ("205.4c",) if (mana.could_produce or "").startswith("basic_") else ()
    out.append(
        Reason(
            True,
            f"It looks at the {noun} {whose} controls — " + "; ".join(parts) + ".",
            ("106.7", *basic),
        )
    )
    if any(_cost_not_payable_now(board, land) for land in lands):
        out.append(
            Reason(
                None,
                "Whether those lands' costs could be paid now (tapped, or missing counters) doesn't matter.",
                ("106.7",),
            )
        )
    if not any(all_types[land.oid] for land in lands) and any(
        mana_ability_cycle(board, land) for land in lands
    ):
        out.append(
            Reason(
                None,
                "Lands whose mana depends only on what other lands could produce don't help one another: types come only from an ability that would really make them.",
                ("106.7",),
            )
        )
    return out


def mana_ability_cycle(board: Board, land: GameObject) -> bool:
    """Does ``land`` produce mana only by looking at what other lands could produce?"""
    found = producing_abilities(board.chars[land.oid])
    return bool(found) and all(a.effect.adds_mana.could_produce for _, a in found)  # type: ignore[union-attr]


def _cost_not_payable_now(board: Board, land: GameObject) -> bool:
    if land.tapped:
        return True
    for _, ability in producing_abilities(board.chars[land.oid]):
        cost = ability.cost
        if (
            cost is not None
            and any(p.kind == "remove_counter" for p in cost.parts)
            and not land.counters
        ):
            return True
    return False


def _extra_mana_notes(board: Board, obj: GameObject) -> list[Reason]:
    """Triggered mana abilities of other permanents add mana, but that isn't mana this permanent produces."""
    out = []
    for source, _ability in tapped_for_mana_triggers(board, obj):
        if source.oid == obj.oid:
            continue
        rulings = rulings_about(source, "not-the-land")
        out.append(
            Reason(
                None,
                f"{source.label}'s triggered ability adds mana when {obj.label} is tapped for mana, but that mana comes from {source.label}, not from {obj.label}.",
                ("106.7", "106.12a"),
                rulings,
            )
        )
    return out


def tapped_for_mana_triggers(board: Board, obj: GameObject) -> list[tuple[GameObject, Ability]]:
    """Triggered abilities on the battlefield that watch ``obj`` being tapped for mana (CR 106.12a)."""
    return [
        (source, a)
        for source, a in board.abilities()
        if a.kind is AbilityKind.TRIGGERED
        and a.event is not None
        and a.event.event == "tapped_for_mana"
        and event_matches(a.event, source, obj, board.chars[obj.oid])
    ]
