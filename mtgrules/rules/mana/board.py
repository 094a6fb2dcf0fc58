"""Mana (CR 106): what a permanent could produce, and the board it is computed on.

:func:`could_produce_all` finds, for every permanent on the battlefield, the
types of mana it could produce (CR 106.7). Abilities that add "one mana of any
type that a land you control could produce" make permanents depend on one
another, in chains and in cycles (two Reflecting Pools, Exotic Orchards facing
each other), so the answer is a least fixpoint: every permanent starts with no
type, and types are added only when some ability would really produce them.
Each permanent's set only grows and has at most six types, so the work list
empties on any board.

Why one permanent could produce what it could, ability by ability, is
:mod:`mtgrules.rules.mana.could_produce`. The mana one ability adds when it resolves (its own, replacement effects on tapping
for mana, triggered mana abilities) is :mod:`mtgrules.rules.mana.production`; it reads
the board, the replacement effects and the triggers watching a permanent from here.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field

from mtgrules import lazyre
from mtgrules.answer import Reason, RulingRef
from mtgrules.cards.mana_effects import FOR_EACH_TEXT, Mana
from mtgrules.cards.oracle.mana import CHOSEN_COLOR
from mtgrules.cards.vocabulary import Ability, AbilityKind, Replacement, TriggerEvent
from mtgrules.model.state import GameObject, GameState, Zone
from mtgrules.rules import Unsupported
from mtgrules.rules.layers.characteristics import (
    ALL_CREATURE_TYPES,
    Characteristics,
    characteristics,
)
from mtgrules.rules.mana.abilities import is_mana_ability
from mtgrules.rules.mana.amounts import ChoiceMissing, board_amount, board_mana

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
    _tapped_for_mana: list[tuple[GameObject, Replacement]] | None = field(default=None, repr=False)

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

    def tapped_for_mana(self) -> list[tuple[GameObject, Replacement]]:
        """The replacement effects of the board's permanents that watch a permanent being
        tapped for mana (CR 106.12b), in the board's order: found once per board, as every
        permanent's mana asks (once per permanent would be quadratic: tests/test_big_boards.py)."""
        if self._tapped_for_mana is None:
            self._tapped_for_mana = [
                (source, a.replacement)
                for source, a in self.abilities()
                if a.replacement is not None and a.replacement.tapped_for_mana is not None
            ]
        return self._tapped_for_mana

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


def colors_of_yours(board: Board, obj: GameObject) -> set[str]:
    """The colors of the permanents ``obj``'s controller controls (CR 105.2, layer 5)."""
    return {
        c
        for o in board.state.in_zone(Zone.BATTLEFIELD, obj.controller)
        for c in characteristics(board.state, o, through="6").colors
    }


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
    if what == "artifact token":
        return chars.is_a("Artifact") and chars.is_token
    if what in ("land", "creature", "artifact"):
        return chars.is_a(what.capitalize())
    return any(kind in chars.subtypes for kind in what.split("|"))


def mana_replacements(board: Board, obj: GameObject) -> list[tuple[GameObject, Replacement]]:
    """Replacement effects that apply if ``obj`` is tapped for mana (CR 106.12b)."""
    return [
        (source, replacement)
        for source, replacement in board.tapped_for_mana()
        if event_matches(replacement.tapped_for_mana, source, obj, board.chars[obj.oid])
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
    mana = board_mana(board, obj, mana, any_x=True).mana
    if mana.any_color or mana.any_combination:
        return set(COLORS)
    if mana.color_of:
        return colors_of_yours(board, obj)
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


def could_produce_all(
    board: Board, settled: Mapping[str, frozenset[str]] | None = None
) -> dict[str, frozenset[str]]:
    """CR 106.7 for every permanent at once, as a least fixpoint (see the module docstring).
    ``settled``: types a permanent's unread abilities add whatever the board (their words
    name the mana by symbols, rules/mana/words.py), which each of those permanents has from
    the start."""
    # What an unread ability could add or change is the scope index's to say: the
    # could_produce and mana_produced questions ask it (rules/scope/query.py) first.
    perms = board.permanents
    found: dict[str, set[str]] = {o.oid: set((settled or {}).get(o.oid, ())) for o in perms}
    # who looks at whom: a could-produce ability's permanents (CR 106.7)
    watchers: dict[str, list[GameObject]] = {o.oid: [] for o in perms}
    for obj in perms:
        for _, ability in producing_abilities(board.chars[obj.oid]):
            mana = ability.effect.adds_mana  # type: ignore[union-attr]
            if mana is not None and mana.amount_by != CHOSEN_COLOR:  # a color, never watching
                mana = board_mana(board, obj, mana, any_x=True).mana
            if mana is not None and mana.could_produce:
                for other in board.watched(obj, mana):
                    watchers[other.oid].append(obj)
    queue = deque(perms)
    queued = {o.oid for o in perms}
    # a color chosen as it entered that the case doesn't state (CR 607.2d): one of the five
    # colors (105.4), so it changes nothing where the permanent could produce all five anyway
    missing: dict[str, ChoiceMissing] = {}
    while queue:
        obj = queue.popleft()
        queued.discard(obj.oid)
        new: set[str] = set()
        for _, ability in producing_abilities(board.chars[obj.oid]):
            try:
                own = _own_types(board, obj, ability, found)
            except ChoiceMissing as err:
                missing.setdefault(obj.oid, err)
                continue
            new |= _after_replacements(board, obj, ability, own)
        if new <= found[obj.oid]:
            continue
        found[obj.oid] |= new
        for watcher in watchers[obj.oid]:
            if watcher.oid not in queued:
                queue.append(watcher)
                queued.add(watcher.oid)
    for oid, err in missing.items():
        if not found[oid] >= COLORS or mana_replacements(board, board.state.obj(oid)):
            raise err
    return {oid: frozenset(types) for oid, types in found.items()}


def counted_words(mana: Mana) -> str:
    return FOR_EACH_TEXT.get(mana.for_each or "", mana.for_each or "")


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
