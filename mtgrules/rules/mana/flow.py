"""Whether some mana can pay a cost, as a flow (CR 601.2g-h, 107.4, 118.3): the combinatorics
of :mod:`mtgrules.rules.mana.payment`, free of any board.

A cost is a multiset of *demands*: each mana symbol asks for one mana of one of a set of
types ({G}: green; {G/W}: green or white, 107.4e; {1}: any type, 107.4b; {C}: colorless,
107.4c). What can pay it is a multiset of *supplies*: each mana in a pool, or each mana a
source would add when tapped, is one mana of one of a set of types (a Forest's {G}; Birds
of Paradise's one mana of any color). Paying is a bipartite matching of demands to
supplies, solved as a maximum flow over classes (all demands with the same set of types
are one node, all supplies with the same set another), so the work doesn't grow with the
number of symbols or sources: at most 63 nodes a side, whatever the board.

A source that adds several mana *of one chosen type* (three mana of any one color;
Birds of Paradise under Mana Reflection) is not a set of independent mana: its choice is
enumerated, with identical sources counted rather than ordered, and each choice is one
flow. When the choices pass :data:`CHOICE_BUDGET` the search refuses (:class:`TooManyChoices`)
rather than guess. A twobrid symbol ({2/G}: one green or two generic, 107.4e) is enumerated
the same way, as how many of each color are paid with their color.

>>> demand = Demand.of(("1", "G/W", "G"))
>>> forest, plains = Supplier(0, ((Group(1, "G"),),)), Supplier(1, ((Group(1, "W"),),))
>>> forest2 = Supplier(2, ((Group(1, "G"),),))
>>> solve(demand, {}, [forest, plains, forest2]).tapped
((0, (('G', 1),)), (1, (('W', 1),)), (2, (('G', 1),)))
>>> solve(demand, {}, [forest, plains]) is None  # three mana are needed
True
"""

from __future__ import annotations

import itertools
from collections import Counter, deque
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

TYPES = ("W", "U", "B", "R", "G", "C")  # CR 106.1b, in the order answers list them
COLORS = TYPES[:5]
ANY = frozenset(TYPES)
CHOICE_BUDGET = 4096  # flows tried before the search refuses


class TooManyChoices(Exception):
    """The sources' or the symbols' choices are more than :data:`CHOICE_BUDGET` flows."""


@dataclass(frozen=True)
class Group:
    """``amount`` mana, all of one type chosen among ``types`` (a string of letters)."""

    amount: int
    types: str

    @property
    def simple(self) -> bool:
        """Each mana of it can be chosen on its own (one mana, or only one type)."""
        return self.amount == 1 or len(self.types) == 1


Bundle = tuple[Group, ...]  # what one activation of a mana ability adds


@dataclass(frozen=True)
class Supplier:
    """A mana source: ``key`` (its index, for the plan) and the bundles it could add."""

    key: int
    options: tuple[Bundle, ...]


@dataclass(frozen=True)
class Demand:
    """A cost as demands: ``units`` counts mana symbols by the types that pay each;
    ``twobrid`` counts {2/X} symbols by color."""

    units: Mapping[frozenset[str], int]
    twobrid: Mapping[str, int]

    @classmethod
    def of(cls, symbols: Sequence[str]) -> Demand:
        """Read mana symbols; raises ValueError for one that isn't a demand here
        (Phyrexian, snow, X: the caller says why it isn't modeled)."""
        units: Counter[frozenset[str]] = Counter()
        twobrid: Counter[str] = Counter()
        for symbol in symbols:
            if symbol.isdigit():
                if int(symbol):
                    units[ANY] += int(symbol)
            elif symbol in TYPES:
                units[frozenset(symbol)] += 1
            elif _hybrid(symbol):
                units[frozenset(symbol.split("/"))] += 1
            elif _twobrid(symbol):
                twobrid[symbol[2]] += 1
            else:
                raise ValueError(symbol)
        return cls(dict(units), dict(twobrid))

    def readings(self) -> Iterator[Counter[frozenset[str]]]:
        """The demands for each way to pay the twobrid symbols (with their color first)."""
        colors = sorted(self.twobrid)
        counts = [range(self.twobrid[c], -1, -1) for c in colors]
        ways = 1
        for c in colors:
            ways *= self.twobrid[c] + 1
        if ways > CHOICE_BUDGET:
            raise TooManyChoices()
        for by_color in itertools.product(*counts):
            units = Counter(self.units)
            for color, k in zip(colors, by_color, strict=True):
                units[frozenset(color)] += k
                units[ANY] += 2 * (self.twobrid[color] - k)
            yield +units


def _hybrid(symbol: str) -> bool:
    halves = symbol.split("/")
    return len(halves) == 2 and halves[0] != halves[1] and all(h in TYPES for h in halves)


def _twobrid(symbol: str) -> bool:
    return len(symbol) == 3 and symbol[:2] == "2/" and symbol[2] in COLORS


@dataclass(frozen=True)
class Plan:
    """A way to pay: for each tapped supplier (by key), the mana it adds, as (type, count)."""

    tapped: tuple[tuple[int, tuple[tuple[str, int], ...]], ...]


# -- the flow -------------------------------------------------------------------------


class _Flow:
    """Edmonds-Karp maximum flow on a small graph (nodes are ints), without recursion."""

    def __init__(self, nodes: int):
        self.cap: list[dict[int, int]] = [{} for _ in range(nodes)]

    def edge(self, a: int, b: int, cap: int) -> None:
        self.cap[a][b] = self.cap[a].get(b, 0) + cap
        self.cap[b].setdefault(a, 0)

    def push(self, s: int, t: int, limit: int) -> int:
        """Augment from ``s`` to ``t`` by up to ``limit``; the amount pushed."""
        total = 0
        while total < limit:
            parent = {s: s}
            queue = deque([s])
            while queue and t not in parent:
                a = queue.popleft()
                for b, c in self.cap[a].items():
                    if c > 0 and b not in parent:
                        parent[b] = a
                        queue.append(b)
            if t not in parent:
                break
            path, b = [], t
            while b != s:
                path.append((parent[b], b))
                b = parent[b]
            amount = min(limit - total, *(self.cap[a][b] for a, b in path))
            for a, b in path:
                self.cap[a][b] -= amount
                self.cap[b][a] += amount
            total += amount
        return total


def _match(
    demand: Counter[frozenset[str]], supply: Sequence[tuple[frozenset[str], int]]
) -> dict[tuple[int, frozenset[str]], int] | None:
    """Match every demand to a supply (``supply`` in the order to use it); the flow from
    each supply class (by index) to each demand class, or None if some demand is left."""
    need = sum(demand.values())
    if need == 0:
        return {}
    if sum(n for _, n in supply) < need:
        return None
    d_classes = list(demand)
    s, t = 0, 1
    first_d = 2
    first_s = first_d + len(d_classes)
    flow = _Flow(first_s + len(supply))
    for i, d in enumerate(d_classes):
        flow.edge(first_d + i, t, demand[d])
    for j, (types, _n) in enumerate(supply):
        for i, d in enumerate(d_classes):
            if types & d:
                flow.edge(first_s + j, first_d + i, need)
    got = 0
    for j, (_types, n) in enumerate(supply):  # in order: the pool first, then the sources
        flow.edge(s, first_s + j, n)
        got += flow.push(s, t, need - got)
        if got == need:
            break
    if got < need:
        return None
    return {
        (j, d): flow.cap[first_d + i][first_s + j]  # the reverse capacity is the flow
        for j in range(len(supply))
        for i, d in enumerate(d_classes)
        if flow.cap[first_d + i].get(first_s + j, 0) > 0
    }


# -- the sources' choices -------------------------------------------------------------


def _concrete(bundle: Bundle, same: Mapping[str, str]) -> list[tuple[tuple[str, int], ...]]:
    """Every way to fix the type of each group that is not simple: groups as (types, n).
    ``same`` maps each type to the first type no demand tells apart from it: choosing
    between those two is no choice at all."""
    fixed = [(g.types, g.amount) for g in bundle if g.simple]
    chosen = [g for g in bundle if not g.simple]
    out = []
    for picks in itertools.product(*(_one_of_each(g.types, same) for g in chosen)):
        out.append(
            tuple(sorted((*fixed, *((t, g.amount) for t, g in zip(picks, chosen, strict=True)))))
        )
    return out


def _one_of_each(types: str, same: Mapping[str, str]) -> list[str]:
    """The first of ``types`` of each kind no demand tells apart."""
    found: dict[str, str] = {}
    for t in types:
        found.setdefault(same[t], t)
    return list(found.values())


def _vector(option: tuple[tuple[str, int], ...]) -> Counter[str] | None:
    """An option whose groups each have one type, as mana by type; None for another."""
    if any(len(types) != 1 for types, _ in option):
        return None
    out: Counter[str] = Counter()
    for types, n in option:
        out[types] += n
    return out


def _choices(supplier: Supplier, same: Mapping[str, str]) -> list[tuple[tuple[str, int], ...]]:
    """A supplier's concrete options, leaving out one that adds no more of any type than
    another does (tapping for the other is never worse)."""
    found = list(dict.fromkeys(c for option in supplier.options for c in _concrete(option, same)))
    vectors = [_vector(c) for c in found]
    keep = []
    for i, c in enumerate(found):
        v = vectors[i]
        beaten = v is not None and any(
            w is not None and w != v and all(w[t] >= n for t, n in v.items())
            for j, w in enumerate(vectors)
            if j != i
        )
        if not beaten:
            keep.append(c)
    return keep


def _easy(supplier: Supplier) -> tuple[tuple[str, int], ...] | None:
    """The supplies of a supplier with no choice to enumerate, or None."""
    options = supplier.options
    if all(len(o) == 1 and o[0].amount == 1 for o in options):  # one mana, of any of these
        types = "".join(t for t in TYPES if any(t in o[0].types for o in options))
        return ((types, 1),)
    if len(set(options)) == 1 and all(g.simple for g in options[0]):
        return tuple((g.types, g.amount) for g in options[0])
    return None


def _compositions(m: int, o: int) -> Iterator[tuple[int, ...]]:
    """Every way to split ``m`` identical sources among ``o`` options (stars and bars)."""
    for bars in itertools.combinations(range(m + o - 1), o - 1):
        edges = (-1, *bars, m + o - 1)
        yield tuple(edges[i + 1] - edges[i] - 1 for i in range(o))


def _count_compositions(m: int, o: int) -> int:
    out = 1
    for i in range(1, o):
        out = out * (m + i) // i
    return out


def solve(demand: Demand, pool: Mapping[str, int], suppliers: Sequence[Supplier]) -> Plan | None:
    """A way to pay ``demand`` from ``pool`` (mana by type) and ``suppliers`` (each tapped at
    most once), or None. Raises :class:`TooManyChoices` past the budget."""
    readings = list(demand.readings())
    pool_supply = [(frozenset(t), n) for t, n in pool.items() if n]
    easy: list[tuple[int, tuple[tuple[str, int], ...]]] = []
    hard_ones: list[Supplier] = []
    for sup in suppliers:
        found = _easy(sup)
        if found is not None:
            easy.append((sup.key, found))
        else:
            hard_ones.append(sup)
    if not hard_ones:  # no choice to enumerate: the one flow per reading below decides
        return _first_plan(readings, pool_supply, easy)
    relaxed = [  # every mana of every option, each of any type its group allows: more than
        (sup.key, tuple((g.types, g.amount) for o in sup.options for g in o))  # any choice
        for sup in suppliers
    ]
    if all(_plan(units, pool_supply, relaxed) is None for units in readings):
        return None
    same = _same_types(readings)
    hard: dict[tuple, list[int]] = {}
    for sup in hard_ones:
        hard.setdefault(tuple(_choices(sup, same)), []).append(sup.key)
    classes = list(hard.items())
    ways = 1
    for options, keys in classes:
        ways *= _count_compositions(len(keys), len(options))
    if ways * len(readings) > CHOICE_BUDGET:
        raise TooManyChoices()
    for split in itertools.product(
        *(_compositions(len(keys), len(options)) for options, keys in classes)
    ):
        chosen = list(easy)
        for (options, keys), counts in zip(classes, split, strict=True):
            it = iter(keys)
            for option, count in zip(options, counts, strict=True):
                chosen += [(next(it), option) for _ in range(count)]
        order = {key: i for i, key in enumerate(s.key for s in suppliers)}
        chosen.sort(key=lambda kc: order[kc[0]])
        for units in readings:
            plan = _plan(units, pool_supply, chosen)
            if plan is not None:
                return plan
    return None


def _first_plan(
    readings: list[Counter[frozenset[str]]],
    pool_supply: list[tuple[frozenset[str], int]],
    easy: list[tuple[int, tuple[tuple[str, int], ...]]],
) -> Plan | None:
    """:func:`solve` when no supplier has a choice to enumerate (``easy``, in board order):
    the first reading one flow pays. The relaxed flow :func:`solve` tries first (each
    supplier's every mana, of any type its groups allow) only ever rules out what this
    flow rules out too, with more supply; it is skipped here, where it would be a second
    flow over almost the same supplies."""
    for units in readings:
        plan = _plan(units, pool_supply, easy)
        if plan is not None:
            return plan
    return None


def _same_types(readings: list[Counter[frozenset[str]]]) -> dict[str, str]:
    """Each type -> the first type that every demand class holds exactly when it holds it."""
    classes = {c for units in readings for c in units}
    mark = {t: frozenset(c for c in classes if t in c) for t in TYPES}
    return {t: next(u for u in TYPES if mark[u] == mark[t]) for t in TYPES}


def _plan(
    units: Counter[frozenset[str]],
    pool_supply: list[tuple[frozenset[str], int]],
    chosen: list[tuple[int, tuple[tuple[str, int], ...]]],
) -> Plan | None:
    """One flow: the pool, then the sources' supplies by class in board order."""
    by_class: dict[frozenset[str], list[tuple[int, int, int]]] = {}  # types -> (key, slot, n)
    for key, supplies in chosen:
        for slot, (types, n) in enumerate(supplies):
            by_class.setdefault(frozenset(types), []).append((key, slot, n))
    source_classes = list(by_class)
    supply = [*pool_supply, *((c, sum(n for _, _, n in by_class[c])) for c in source_classes)]
    flows = _match(units, supply)
    if flows is None:
        return None
    # hand each class's flow to its sources in board order: the mana each one pays with
    paid: dict[tuple[int, int], Counter[str]] = {}
    for j, cls in enumerate(source_classes, len(pool_supply)):
        givers = iter(by_class[cls])
        key, slot, left = next(givers)
        for (jj, d), amount in sorted(flows.items(), key=lambda kv: _order(kv[0][1])):
            if jj != j:
                continue
            kind = next(t for t in TYPES if t in cls and t in d)
            while amount:
                if not left:
                    key, slot, left = next(givers)
                take = min(left, amount)
                paid.setdefault((key, slot), Counter())[kind] += take
                left -= take
                amount -= take
    tapped = []
    for key, supplies in chosen:
        if not any((key, slot) in paid for slot in range(len(supplies))):
            continue
        mana: Counter[str] = Counter()
        for slot, (types, n) in enumerate(supplies):
            got = paid.get((key, slot), Counter())
            mana += got
            rest = n - sum(got.values())
            if rest:  # the mana it adds beyond what pays: of the type chosen, or the first
                mana[next(iter(got)) if got else next(t for t in TYPES if t in types)] += rest
        tapped.append((key, tuple((t, mana[t]) for t in TYPES if mana[t])))
    return Plan(tuple(tapped))


def _order(types: frozenset[str]) -> tuple[int, str]:
    return (len(types), "".join(t for t in TYPES if t in types))
